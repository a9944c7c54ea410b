"""Area attacks through the rules engine (ARE-1..9, BAS-4): templates on a target or a point, full and partial
coverage, cover from the area's centre, dispersion, and the areas that stay (Área permanente, Humo).

Dice are scripted (`ScriptedDice(rolls=[...], angles=[...])`); each test says which roll goes where."""
from __future__ import annotations

import pytest

from rules_helpers import Game, M, armour, piece, violation, weapon
from wartime.core.components import Position, Weapon
from wartime.core.rng import ScriptedDice
from wartime.geometry import sight
from wartime.rules import areas
from wartime.rules.context import ActionContext


def area_weapon(code: str = "R3", DMG: int = 4, RNG: int = 40, traits: tuple = (), **kw) -> Weapon:
    """A ranged weapon with the trait Área (`code`)."""
    return weapon(ENE=2, DMG=DMG, RNG=RNG, key="launcher", area=code, traits=("TRT-AREA",) + tuple(traits), **kw)


def game(*minis: M, angles=(), pieces=(), **kw) -> Game:
    """A Game whose dice are ScriptedDice with these angles (rolls are pushed by `fire`)."""
    g = Game(*minis, pieces=pieces, **kw)
    g.dice = ScriptedDice(rolls=(), angles=angles)
    g.world.dice = g.dice
    return g


def fire(g: Game, *dice: int, attacker: int | None = None, **params) -> None:
    """The first mini (or `attacker`) fires its weapon 0 with these dice; every die must be used."""
    a = g.ids[0] if attacker is None else attacker
    if g.engine.flow.active != a:
        g.start_activation(a, energy=10)
    g.dice.push(*dice)
    params.setdefault("weapon", 0)
    g.act(a, "ranged_attack", **params)
    assert g.all_dice_used(), f"{g.dice.remaining} dice left"


def shooter(code="R3", **kw) -> M:
    """A red AGI 5, VOL 7 attacker at (10, 20) facing +x with an area weapon (ENE 2, DMG 4, RNG 40)."""
    d = dict(side="red", x=10, y=20, AGI=5, VOL=7, weapons=(area_weapon(code, **kw.pop("wkw", {})),))
    d.update(kw)
    return M(**d)


def blue(x, y, **kw) -> M:
    d = dict(side="blue", x=x, y=y, CON=9, facing=180.0)
    d.update(kw)
    return M(**d)


def hits(g: Game) -> dict[int, tuple[int, str]]:
    return {ev["target"]: (ev["dmg"], ev["coverage"]) for ev in g.events("hit")}


# --- ARE-1..4: the shapes ----------------------------------------------------------------------------------
@pytest.mark.rules("TRT-AREA")
def test_ARE_1_round_area_centred_on_the_target_covers_fully_and_partly():
    """ARE-1 / ARE-5 / ARE-6: an R3 (radius 1.5) centred on target A: A is fully covered, B centred 1.2 K away
    partly (its far edge at 1.7 K), C centred 2.1 K away not at all (near edge at 1.6 K). A takes DMG 4, B half
    (2); each covered mini makes its own CH DEF (DEF 0: a 5 fails) and, wounded, its CH PSI."""
    g = game(shooter(), blue(20, 20), blue(20, 21.2), blue(22.1, 20))
    a, ta, tb, tc = g.ids
    fire(g, 3, 5, 2, 5, 2, target=ta)
    placed = g.events("area_placed")[0]
    assert placed["affected"] == [{"who": ta, "coverage": "full"}, {"who": tb, "coverage": "partial"}]
    assert hits(g) == {ta: (4, "full"), tb: (2, "partial")}
    assert [c["who"] for c in g.checks("DEF")] == [ta, tb]
    assert (g.wounds(ta), g.wounds(tb), g.wounds(tc)) == (4, 2, 0)
    assert g.events("area_attack")[0]["rule"] == "ARE-1"


def test_ARE_1_area_aimed_at_a_point_of_the_board():
    """ARE-1: the template may be centred on a chosen point (`aim: [x, y]`) instead of a mini; the CH IMP is
    then made without target modifiers (MOD-2 range to the point)."""
    g = game(shooter("R4"), blue(21.5, 20), blue(22, 23))
    a, b, c = g.ids
    fire(g, 3, 5, 2, aim=[20, 20])
    assert g.check("IMP")["aim"] == [20.0, 20.0]
    assert hits(g) == {b: (4, "full")}                 # R4 at (20, 20) fully covers a base 1.5 K away
    assert g.wounds(c) == 0


def test_ARE_2_linear_area_runs_along_the_line_of_fire():
    """ARE-2: an L4 aimed from (2, 20) at (12, 20) covers x 10..14, y 19.5..20.5: a base at (13, 20) fully, one
    at (14.3, 20) partly, one at (12, 21.2) not at all."""
    g = game(shooter("L4", x=2), blue(13, 20), blue(14.3, 20), blue(12, 21.2))
    a, x, y, z = g.ids
    fire(g, 3, 5, 2, 5, 2, aim=[12, 20])
    assert hits(g) == {x: (4, "full"), y: (2, "partial")}
    assert g.events("area_attack")[0]["rule"] == "ARE-2"


def test_ARE_3_teardrop_area_points_its_tail_at_the_attacker():
    """ARE-3: a G3/2 aimed from (5, 20) at (15, 20) is the hull of the disc of radius 1 at P and a 1 K segment
    at x = 12: a human base centred at (13, 20) is fully covered."""
    g = game(shooter("G3/2", x=5), blue(13, 20))
    a, b = g.ids
    fire(g, 3, 5, 2, aim=[15, 20])
    assert hits(g) == {b: (4, "full")}
    assert g.events("area_attack")[0]["rule"] == "ARE-3"


def test_ARE_4_jump_area_chains_to_the_nearest_mini_within_3_K():
    """ARE-4: an S3 on A at (20, 20); B at (23, 20) is 2 K from A, C at (16.5, 20) 2.5 K from A, D at (25, 20)
    1 K from B: the chain affects A, B, D, each fully (DMG 4)."""
    g = game(shooter("S3"), blue(20, 20), blue(23, 20), blue(16.5, 20), blue(25, 20))
    a, ta, tb, tc, td = g.ids
    fire(g, 3, 5, 2, 5, 2, 5, 2, target=ta)
    assert [h["target"] for h in g.events("hit")] == [ta, tb, td]
    assert all(h["coverage"] == "full" and h["dmg"] == 4 for h in g.events("hit"))
    assert g.wounds(tc) == 0
    assert g.events("area_attack")[0]["rule"] == "ARE-4"


def test_ARE_4_a_jump_area_needs_a_target_mini():
    """ARE-4: an S area starts with its target: it cannot be aimed at a point."""
    g = game(shooter("S3"), blue(20, 20))
    g.start_activation(g.ids[0], energy=10)
    assert violation(g.act, g.ids[0], "ranged_attack", weapon=0, aim=[20, 20]).rule_id == "ARE-4"


# --- ARE-5 / ARE-6: damage ---------------------------------------------------------------------------------
def test_ARE_5_only_the_aim_level_is_affected_and_allies_are_not_exempt():
    """ARE-5: an ally inside the template is affected (no friendly exemption); a level-2 flyer over the template
    is not (MOV-11, MOV-12: an area aimed at a level-1 target affects level 1); the attacker, outside it, is not."""
    g = game(shooter("R4"), blue(14, 20), M(side="red", x=14, y=21.2, CON=9), blue(14.5, 18.8))
    a, t, ally, flyer = g.ids
    g.set(flyer, Position(14.5, 18.8, 180.0, 2))
    fire(g, 3, 5, 2, 5, 2, target=t)
    assert set(hits(g)) == {t, ally}
    assert g.wounds(a) == 0 and g.wounds(flyer) == 0


def test_ARE_5_the_attacker_inside_its_own_template_is_affected():
    """ARE-5 (revised 2026-11: an earlier ruling exempted the attacker): the book names no exemption, so an
    attacker whose base the template covers (an R8 aimed at a target 3 K away) is hit like anyone else."""
    g = game(shooter("R8"), blue(13, 20))
    a, t = g.ids
    fire(g, 3, 5, 2, 5, target=t)                  # CH IMP 3; CH DEF 5 (attacker), 2 (target); target's CH PSI
    assert hits(g) == {a: (4, "full"), t: (4, "full")}
    assert g.wounds(a) == 4 and g.wounds(t) == 4


def test_ARE_5_a_critical_hit_check_gives_every_affected_mini_DMG_plus_1_and_ignores_cover():
    """ARE-5 / CMB-6: a critical CH IMP applies to every affected mini: DMG 4 + 1 = 5 on the fully covered
    target, half of 5 = 3 on the partly covered one, and neither gets the cover of a wall (no +2, no cover
    check)."""
    wall = piece("wall", "low", 20.6, 18, 20.7, 23, height=0.75, blocks_los=True, defense=4)
    g = game(shooter(), blue(20, 20), blue(21.2, 20), pieces=[wall])
    a, ta, tb = g.ids
    fire(g, 1, 5, 2, 5, 2, target=ta)
    assert hits(g) == {ta: (5, "full"), tb: (3, "partial")}
    assert g.checks("COVER") == []
    assert all("CMB-17" not in g.mods(c) and "CMB-18" not in g.mods(c) for c in g.checks("DEF"))


@pytest.mark.parametrize("die, wounds", [(2, 1), (3, 3)])
def test_ARE_6_partial_cover_half_damage(die, wounds):
    """ARE-6: DMG 5 partly covering a DEF 2 mini gives half DMG 3 (BAS-5 rounding); if its CH DEF passes, 1
    wound; if it fails, 3."""
    g = game(shooter(wkw={"DMG": 5}), blue(20, 21.2, protections=(armour(2),)))
    a, b = g.ids
    fire(g, 3, die, 2, aim=[20, 20])
    assert hits(g) == {b: (3, "partial")}
    assert g.check("DEF")["passed"] is (die <= 2)
    assert g.wounds(b) == wounds


# --- ARE-7: cover from the area's centre --------------------------------------------------------------------
@pytest.mark.parametrize("cover_die, stopped", [(3, True), (6, False)])
def test_ARE_7_cover_is_measured_from_the_area_centre(cover_die, stopped):
    """ARE-7: an R3 centred on P = (20, 20), a 1.5 K wall along x 20.6-20.7, mini B centred at (21.2, 20): B is
    partly covered; every ray from (20, 20, 0.5) to B is blocked, so B is 100 % hidden (CMB-18): the wall's
    cover check (DEF 4) first: a 3 stops the attack; a 6 lets B make its CH DEF at +2 (DEF 0 + 2: a 5 fails,
    half DMG 2). The attacker, seeing B over nothing, would not have given it cover."""
    wall = piece("wall", "high", 20.6, 18, 20.7, 22, height=1.5, blocks_los=True, defense=4)
    g = game(shooter(), blue(21.2, 20), pieces=[wall])
    a, b = g.ids
    dice = (3, cover_die) if stopped else (3, cover_die, 5, 2)
    fire(g, *dice, aim=[20, 20])
    cov = g.check("COVER")
    assert (cov["who"], cov["target"], cov["hidden_fraction"]) == (b, 4, 1.0)
    if stopped:
        assert g.events("attack_stopped") and g.wounds(b) == 0
    else:
        d = g.check("DEF")
        assert d["hidden_fraction"] == 1.0 and g.mods(d) == {"CMB-18": 2} and g.wounds(b) == 2


def test_ARE_7_a_prone_mini_behind_any_cover_is_100_percent_hidden_from_the_area():
    """ARE-7 / MVA-5: seen from the area's centre, a prone mini behind a low wall counts as 100 % hidden."""
    wall = piece("wall", "low", 20.6, 18, 20.7, 22, height=0.3, blocks_los=True, defense=3)
    g = game(shooter(), blue(21.2, 20, posture="prone"), pieces=[wall])
    a, b = g.ids
    seen = sight.cover_query(g.board, areas.area_eye(g.gs, 20, 20, 1), [g.gs.target_row(b)])[0]
    assert 13 <= seen.blocked < 25                     # the wall alone hides only part of it (15 samples)
    fire(g, 3, 2, aim=[20, 20])                        # the cover check (DEF 3) passes with a 2
    assert g.check("COVER")["hidden_fraction"] == 1.0 and g.events("attack_stopped")


# --- ARE-8 / ARE-9 / BAS-4: dispersion ------------------------------------------------------------------------
def test_ARE_8_a_failed_area_attack_disperses_and_then_hits_without_a_hit_check():
    """ARE-8: a failed CH IMP (8 against AGI 5) of an area weapon with RNG > 0 disperses: d = 9 K gives 1 D10
    (a 4), then the direction (90°): the R3 moves from (20, 20) to (20, 24). The original target is not
    covered there; E, under the new centre, is hit without another CH IMP."""
    g = game(shooter(), blue(20, 20), blue(20, 24), angles=[90.0])
    a, t, e = g.ids
    fire(g, 8, 4, 5, 2, target=t)
    disp = g.events("dispersion")[0]
    assert (disp["dice"], disp["angle"], disp["to"], disp["on_board"]) == ([4], 90.0, [20.0, 24.0], True)
    assert len(g.checks("IMP")) == 1 and hits(g) == {e: (4, "full")} and g.wounds(t) == 0


def test_ARE_8_an_area_with_RNG_0_that_fails_simply_misses():
    """ARE-8: the same area on an RNG 0 weapon does not disperse: it misses (resolved directly, since melee
    area attacks are refused at declaration)."""
    g = game(M(side="red", x=10, y=20, weapons=(area_weapon("R2", RNG=0),)), blue(11, 20))
    a, b = g.ids
    g.dice.push(8)
    aim = areas.AreaAim(0, "R2", "R", b, 11.0, 20.0, 1, 0.0, 10.0, 20.0)
    out = areas.resolve_area_attack(g.gs, ActionContext(a, "ranged_attack", {}), aim)
    assert g.events("miss") and not g.events("dispersion") and not out["affected"]


def test_ARE_8_a_fumble_has_its_own_effects_and_disperses_too():
    """ARE-8 / CMB-8: a fumbled CH IMP wounds the weapon and gives the attacker an automatic DMG 1 hit (its CH
    DEF: a 5 fails, 1 wound, then its CH PSI), and the area still disperses."""
    g = game(shooter(CON=9), blue(20, 20), angles=[0.0])
    a, t = g.ids
    fire(g, 10, 5, 2, 9, target=t)                    # fumble; attacker's CH DEF, CH PSI; dispersion die 9
    assert g.events("hit_fumble") and g.gs.weapon(a, 0).wounds == 1 and g.wounds(a) == 1
    assert g.events("dispersion")[0]["to"] == [29.0, 20.0] and not g.events("hit")


@pytest.mark.rules("TRT-SCATTER")
def test_ARE_8_the_malus_Dispersion_scatters_every_attack_but_a_critical():
    """ARE-8 / TRT-SCATTER: with Dispersión even a passed CH IMP scatters, 1 D10 per started 30 K (d = 31 K: 2
    dice); a critical does not."""
    w = {"traits": ("TRT-SCATTER",)}
    g = game(shooter(x=2, wkw=w), blue(34, 20), angles=[180.0])
    a, t = g.ids
    fire(g, 2, 3, 4, target=t)                        # passes (2 ≤ 5 − 3), but scatters 3 + 4 = 7 K
    assert g.events("dispersion")[0]["dice"] == [3, 4] and not g.events("hit")
    g = game(shooter(x=2, wkw=w), blue(34, 20))
    a, t = g.ids
    fire(g, 1, 5, 2, target=t)
    assert not g.events("dispersion") and hits(g) == {t: (5, "full")}


@pytest.mark.parametrize("distance, dice", [(31, [2, 5, 9]), (4, [2])])
def test_ARE_9_one_D10_per_15_K_to_the_target(distance, dice):
    """ARE-9: at d = 31 K 3 dice are rolled: with 2, 5 and 9 the area moves 16 K; at d = 4 K one die (a 2, so the
    blast lands 3 K short of its attacker and misses it, ARE-5)."""
    g = game(shooter(x=2), blue(2 + distance + 1, 20), angles=[180.0])
    a, t = g.ids
    fire(g, 9, *dice, target=t)
    disp = g.events("dispersion")[0]
    assert disp["dice"] == dice and disp["distance"] == sum(dice)
    assert disp["to"] == [2 + distance + 1 - sum(dice), 20.0]


def test_ARE_9_an_area_dispersed_off_the_board_is_lost():
    """ARE-9: if the new aim point is off the board the attack is lost (no effect)."""
    g = game(shooter(x=2), blue(34, 20), angles=[0.0])
    a, t = g.ids
    fire(g, 9, 2, 5, 9, target=t)                     # 34 + 16 = 50 > 40
    assert g.events("area_lost") and not g.events("area_placed") and g.wounds(t) == 0


def test_ARE_9_a_dispersed_jump_area_restarts_at_the_mini_nearest_the_new_point():
    """ARE-9: an S area that disperses starts its chain with the nearest mini within 3 K of the new point."""
    g = game(shooter("S2"), blue(20, 20), blue(20, 25), blue(20, 27.5), angles=[90.0])
    a, t, b, c = g.ids
    fire(g, 8, 4, 5, 2, 5, 2, target=t)               # lands at (20, 24): B (0.5 K) then C (1.5 K from B)
    assert [h["target"] for h in g.events("hit")] == [b, c]


def test_BAS_4_dispersion_rolls_the_dice_then_the_direction():
    """BAS-4: a point at (10, 10) dispersed with die 7 and θ = 90° ends at (10, 17); the dice come from the
    match dice, then one angle."""
    g = game(shooter(x=10, y=2, facing=90.0), angles=[90.0])
    a = g.ids[0]
    fire(g, 9, 7, aim=[10, 10])
    disp = g.events("dispersion")[0]
    assert (disp["origin"], disp["dice"], disp["angle"], disp["to"]) == ([10.0, 10.0], [7], 90.0, [10.0, 17.0])


# --- declaring an area attack -------------------------------------------------------------------------------
def test_ARE_1_aim_point_preconditions():
    """ARE-1 / CMB-10: an aim point must be on the board, in the FOV, within RNG and in sight (ENV-2: one sample
    0.5 K above the surface); target and aim point are exclusive."""
    wall = piece("house", "blocking", 24, 15, 25, 25, height=10.0, blocks_los=True)
    g = game(shooter(wkw={"RNG": 20}), blue(20, 20), pieces=[wall])
    a, t = g.ids
    g.start_activation(a, energy=10)

    def rule(**p):
        return violation(g.act, a, "ranged_attack", weapon=0, **p).rule_id
    assert rule(aim=[45, 20]) == "CBA-1"               # off the board
    assert rule(aim=[5, 20]) == "ENV-1"                # behind the attacker
    assert rule(aim=[34, 20]) == "CMB-10"              # 23.5 K > RNG 20
    assert rule(aim=[28, 20]) == "ENV-2"               # behind the house
    assert rule(aim=[20, 20], target=t) == "ARE-1"
    assert g.engine.check_action(a, "ranged_attack", {"weapon": 0, "aim": [15, 22]}) == 2


def test_ARE_5_area_attack_records_who_heard_it():
    """ENV-6 with ARE-1: an area attack is heard like any shot: its `noise` event (DMG × 2) names who heard it."""
    g = game(shooter(), blue(20, 20), blue(10, 27), blue(10, 38), angles=[180.0])
    a, t, near, far = g.ids
    fire(g, 8, 1, 5, 2, target=t)                     # misses, scatters 1 K back onto the target
    ev = g.events("noise")[0]
    assert (ev["who"], ev["range"], ev["heard_by"]) == (a, 8.0, [near])


# --- areas that stay on the board -------------------------------------------------------------------------------
@pytest.mark.rules("TRT-PERSISTENT-AREA")
def test_ARE_5_persistent_area_hits_again_who_starts_its_activation_inside():
    """TRT-PERSISTENT-AREA (ruling): an area with Área permanente stays where it hit; a mini that starts its
    activation inside it suffers its DMG again (full or half by coverage), with no CH IMP."""
    g = game(shooter(wkw={"traits": ("TRT-PERSISTENT-AREA",)}), blue(20, 20))
    a, t = g.ids
    fire(g, 3, 5, 2, target=t)
    assert g.wounds(t) == 4 and len(areas.effects(g.gs, "persistent")) == 1
    g.dice.push(5, 2)
    g.start_activation(t)
    ev = g.events("area_effect")[0]
    assert (ev["who"], ev["dmg"], ev["reason"]) == (t, 4, "starts its activation inside")
    assert g.wounds(t) == 8 and len(g.checks("IMP")) == 1


def test_ARE_5_persistent_area_hits_who_enters_it():
    """TRT-PERSISTENT-AREA (ruling): a mini ending a movement action inside the area suffers it once."""
    g = game(shooter(wkw={"traits": ("TRT-PERSISTENT-AREA",)}), blue(20, 20), blue(20, 22.6, facing=270.0))
    a, t, m = g.ids
    fire(g, 3, 5, 2, target=t)
    g.start_activation(m, energy=10)
    g.dice.push(5, 2)
    g.act(m, "move", path=[[20, 21.6]])
    assert g.events("area_effect", who=m)[0]["coverage"] == "partial" and g.wounds(m) == 2


def test_ARE_5_a_persistent_area_that_affects_nobody_does_not_stay():
    """TRT-PERSISTENT-AREA: the area stays only if it affected someone."""
    g = game(shooter(wkw={"traits": ("TRT-PERSISTENT-AREA",)}), blue(30, 30))
    fire(g, 3, aim=[20, 20])
    assert areas.effects(g.gs) == []


@pytest.mark.rules("TRT-SMOKE")
def test_ARE_5_smoke_gives_minus_1_to_attacks_through_it_until_its_owner_acts_again():
    """TRT-SMOKE (ruling): Humo leaves a smoke sphere 2 K across at the area's centre; ranged attacks into,
    out of or through it have CH IMP −1; it lapses at the start of its owner's next activation."""
    smoke = area_weapon(traits=("TRT-SMOKE",))
    g = game(M(side="red", x=10, y=20, VOL=7, weapons=(smoke, weapon())), blue(20, 20), blue(30, 20))
    a, t, far = g.ids
    fire(g, 3, aim=[20, 23])                            # nobody covered: a smoke screen at (20, 23)
    assert len(areas.effects(g.gs, "smoke")) == 1
    g.dice.push(6)
    g.act(a, "ranged_attack", target=far, weapon=1)     # the line (10, 20) → (30, 20) misses the smoke
    g.dice.push(9)
    g.set(a, Position(20, 28, 270.0))
    g.act(a, "ranged_attack", target=t, weapon=1)       # through the smoke: −1
    imp = g.checks("IMP")[-1]
    assert g.mods(imp).get("TRT-SMOKE") == -1
    assert "TRT-SMOKE" not in g.mods(g.checks("IMP")[-2])
    g.engine._end_activation(a)
    g.next_turn()
    g.start_activation(a)
    assert areas.effects(g.gs, "smoke") == [] and g.events("area_expired")


def test_TRT_DENSE_SMOKE_a_4_K_sphere_with_CH_IMP_minus_3():
    """TRT-DENSE-SMOKE (ruling): as Humo, 4 K across and CH IMP −3 for attacks into, out of or through it."""
    dense = area_weapon(traits=("TRT-DENSE-SMOKE",))
    g = game(M(side="red", x=10, y=20, VOL=7, weapons=(dense, weapon())), blue(20, 20))
    a, t = g.ids
    fire(g, 3, aim=[20, 24])                            # nobody covered: a dense smoke screen at (20, 24)
    (eff,) = areas.effects(g.gs, "smoke")
    g.dice.push(9)
    g.set(a, Position(20, 30, 270.0))
    g.act(a, "ranged_attack", target=t, weapon=1)       # through the sphere: −3
    assert g.mods(g.checks("IMP")[-1]).get("TRT-DENSE-SMOKE") == -3


def test_TRT_NEGLIGIBLE_AREA_is_points_only_its_area_priced_at_0():
    """TRT-NEGLIGIBLE-AREA (BLD-16): the area of a weapon with Área despreciable costs no points; in play it is an
    ordinary area weapon."""
    from wartime.data.costs import archetype_cost
    from wartime.data.loader import archetype_from_dict

    def gun(*traits):
        return archetype_from_dict({"id": "g", "kind": "weapon", "name": "G", "ENE": 2, "DMG": 4, "RNG": 20, "QUA": 4,
                                    "traits": [{"name": "Área", "param": "R3"}, *traits]})
    plain, negligible = archetype_cost(gun()), archetype_cost(gun({"name": "Área despreciable"}))
    assert negligible < plain
