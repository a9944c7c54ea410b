"""Melee area attacks (ARE-5 with CBA-7 / CBA-8): an Área weapon used in Ataque CaC places its template on the
engaged target; whoever it covers (the attacker included) takes the melee DMG, full or half (ARE-5, ARE-6), with
no cover; a failed CH IMP misses (ARE-8: RNG 0) or, for a firearm in melee, disperses.

Dice are scripted; each test says which roll goes where."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, armour, blade, piece, weapon
from wartime.core.rng import ScriptedDice
from wartime.rules import areas


def sweep(code: str = "R3", DMG: int = 1, **kw):
    """A melee (RNG 0) weapon with the trait Área (`code`)."""
    return blade(ENE=2, DMG=DMG, key="flail", area=code, traits=("TRT-AREA",), **kw)


def game(*minis: M, angles=(), pieces=()) -> Game:
    g = Game(*minis, pieces=pieces)
    g.dice = ScriptedDice(rolls=(), angles=angles)
    g.world.dice = g.dice
    return g


def fighter(**kw) -> M:
    """A red CON 7, AGI 5, VOL 7 fighter at (10, 20) facing +x with a melee R3 (DMG 1: melee DMG 1 + 7 − 4 = 4)."""
    d = dict(side="red", x=10, y=20, CON=7, AGI=5, VOL=7, weapons=(sweep(),))
    d.update(kw)
    return M(**d)


def blue(x, y, **kw) -> M:
    d = dict(side="blue", x=x, y=y, CON=9, facing=180.0, protections=(armour(2),))
    d.update(kw)
    return M(**d)


def strike(g: Game, target: int, *dice: int, key: str = "melee_attack", **params) -> None:
    a = g.ids[0]
    if g.engine.flow.active != a:
        g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.act(a, key, target=target, weapon=0, **params)
    assert g.all_dice_used(), f"{g.dice.remaining} dice left"


def hits(g: Game) -> dict[int, tuple[int, str]]:
    return {ev["target"]: (ev["dmg"], ev["coverage"]) for ev in g.events("hit")}


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_attack_covers_the_target_the_attacker_and_a_bystander():
    """ARE-5 / ARE-6 in melee: the R3 (radius 1.5) is centred on the engaged target B at (11, 20). B and the
    attacker A (its far edge exactly 1.5 K from B's centre) are fully covered and take the melee DMG 4 (MOD-1:
    1 + CON 7 − 4); C at (12.2, 20) is partly covered and takes 2. Dice: CH IMP 3; A's CH DEF (DEF 0) 5, its CH PSI
    2; B's CH DEF (DEF 2) 5, CH PSI 2; C's CH DEF 5, CH PSI 2."""
    g = game(fighter(), blue(11, 20), blue(12.2, 20))
    a, b, c = g.ids
    strike(g, b, 3, 5, 2, 5, 2, 5, 2)
    placed = g.events("area_placed")[0]
    assert placed["melee"] is True and placed["centre"] == [11.0, 20.0]
    assert placed["affected"] == [{"who": a, "coverage": "full"}, {"who": b, "coverage": "full"},
                                  {"who": c, "coverage": "partial"}]
    assert hits(g) == {a: (4, "full"), b: (4, "full"), c: (2, "partial")}
    assert (g.wounds(a), g.wounds(b), g.wounds(c)) == (4, 4, 2)
    imp = g.check("IMP")
    assert imp["rule"] == "CMB-2" and imp["target"] == 5


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_attack_the_weaker_fighter_takes_less():
    """ARE-5 (melee DMG by MOD-1): the same weapon in a CON 4 hand with 1 wound deals 1 + 4 − 4 − 1 = 0, the
    formula's minimum 1, to the fully covered target; a partly covered mini takes round_half_up(1 / 2) = 1."""
    g = game(fighter(CON=4, wounds=1), blue(11, 20), blue(12.2, 20))
    a, b, c = g.ids
    strike(g, b, 3, 5, 2, 5, 2, 5, 2)
    assert hits(g) == {a: (1, "full"), b: (1, "full"), c: (1, "partial")}


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_failed_hit_check_misses_without_dispersion():
    """ARE-8 with ARE-5: a melee area weapon has RNG 0, so a failed CH IMP (die 8 against AGI 5) simply misses: no
    dispersion die, no template, nobody hit (the attacker included)."""
    g = game(fighter(), blue(11, 20))
    a, b = g.ids
    strike(g, b, 8)
    assert g.events("area_placed") == [] and g.events("dispersion") == []
    assert g.events("miss")[0]["rule"] == "ARE-8"
    assert g.wounds(a) == g.wounds(b) == 0


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_critical_defence_strikes_back_only_from_base_contact():
    """ARE-5 with CMB-7: the engaged target B is hit in melee, so its critical CH DEF (1) strikes the attacker with
    an automatic DMG 1 hit; C, partly covered but not in base contact, rolls a critical too and strikes nobody.
    Dice: CH IMP 3; A's CH DEF 5, CH PSI 2 (4 wounds); B's CH DEF 1; C's CH DEF 1; A's CH DEF against the
    automatic hit 5, CH PSI 2."""
    g = game(fighter(), blue(11, 20), blue(12.2, 20))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(3, 5, 2, 1, 5, 2, 1)
    g.act(a, "melee_attack", target=b, weapon=0)
    assert g.all_dice_used(), f"{g.dice.remaining} dice left"
    assert [e["who"] for e in g.events("automatic_hit")] == [a]
    assert g.wounds(b) == 0 and g.wounds(c) == 0 and g.wounds(a) == 5


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_hits_take_no_cover():
    """ARE-5 with CMB-17 (melee attacks never benefit from cover): a wall between the area's centre and the partly
    covered C would hide it from a ranged area (ARE-7); in melee its CH DEF has no cover modifier (DEF 2, die 3
    fails: 2 wounds)."""
    wall = piece("wall", "low", 11.6, 18, 11.7, 22, height=1.5, blocks_los=True, defense=3)
    g = game(fighter(), blue(11, 20), blue(12.2, 20), pieces=[wall])
    a, b, c = g.ids
    strike(g, b, 3, 5, 2, 5, 2, 3, 2)
    defs = {d["who"]: d for d in g.checks("DEF")}
    assert defs[c]["target"] == 2 and not defs[c].get("modifiers")
    assert g.events("cover_check") == [] and g.wounds(c) == 2


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_with_a_firearm_needs_the_second_hit_check_and_disperses():
    """ARE-5 with CBA-8: a firearm with Área (RNG 40) used in melee rolls CH IMP 3 then the second CH IMP 8, which
    fails: a failed attack of an area weapon with RNG > 0 disperses (ARE-8, ARE-9: 1D10 = 9 K at 90°), landing
    its R3 at (11, 29), where nobody stands."""
    gun = weapon(ENE=2, DMG=4, RNG=40, key="launcher", area="R3", traits=("TRT-AREA",))
    g = game(fighter(weapons=(gun,)), blue(11, 20), angles=(90.0,))
    a, b = g.ids
    strike(g, b, 3, 8, 9, key="melee_attack_firearm")
    second = [c for c in g.checks("IMP")][1]
    assert second["rule"] == "CBA-8"
    d = g.events("dispersion")[0]
    assert d["dice"] == [9] and d["to"] == pytest.approx([11.0, 29.0])
    assert g.events("area_placed")[0]["affected"] == [] and g.wounds(b) == 0


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_odds_count_the_attacker_as_its_own_side():
    """ARE-5: the controllers' value of a melee area attack (expected_area_value with the melee modifiers and DMG)
    counts the attacker, fully covered, on its own side, and a bystander C partly covered on the enemies'."""
    g = game(fighter(), blue(11, 20), blue(12.2, 20))
    a, b, c = g.ids
    aim = areas.aim_at_target(g.gs, a, 0, g.gs.weapon(a, 0), b, melee=True)
    good, bad, p_hit = areas.expected_area_value(g.gs, aim, a)
    assert p_hit == pytest.approx(0.5)                     # AGI 5: 1-5 pass
    assert bad > 0 and good > bad
    far = game(fighter(), blue(11, 20))                    # without C the enemies' value is B's alone
    a2, b2 = far.ids
    aim2 = areas.aim_at_target(far.gs, a2, 0, far.gs.weapon(a2, 0), b2, melee=True)
    assert areas.expected_area_value(far.gs, aim2, a2)[0] < good


@pytest.mark.rules("TRT-AREA")
def test_ARE_5_melee_area_after_a_charge_takes_its_CH_IMP_and_DMG_bonus():
    """ARE-5 with CBA-12: the charged target's melee area attack has CH IMP +1 (AGI 5 → 6: a die of 6 hits) and DMG
    +1 on every covered mini (the melee DMG 4 + 1 = 5 on B and on the attacker, round_half_up(5 / 2) = 3 on C)."""
    g = game(fighter(), blue(11, 20), blue(12.2, 20))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    g.gs.set_effects(a, charge_target=b)
    strike(g, b, 6, 5, 2, 5, 2, 5, 2)
    imp = g.check("IMP")
    assert imp["target"] == 6 and any(m["rule"] == "CBA-12" for m in imp["modifiers"])
    assert hits(g) == {a: (5, "full"), b: (5, "full"), c: (3, "partial")}
    assert g.gs.effects(a).charge_target is None                 # used up by this melee combat action
