"""The psychological maluses PSI-8 gives (TRT-INNER-ANIMAL, TRT-BLOOD-CRAVING, TRT-MURDEROUS-MADNESS,
TRT-FAINT-HEARTED, TRT-RADIANT) and the friendly auras that calm them (TRT-LEADER, TRT-PRESENCE-OF-HONOUR,
TRT-AURA-OF-OBSTINACY), with scripted dice. Auras follow the traits notes G1 (edge to edge, the bearer excluded)
and G10 (one aura counts once)."""
from __future__ import annotations

from rules_helpers import Game, M, violation, weapon
from wartime.core.components import Compelled, Position, Traits
from wartime.data.tables import trait_by_id
from wartime.rules import psychology
from wartime.rules.modifiers import character_mods, roll_character_check


def _race(g: Game, e: int, *ids: str) -> None:
    g.set(e, Traits(tuple(ids)))


# --- forced charges -------------------------------------------------------------------------------------
def test_TRT_INNER_ANIMAL_first_action_is_a_charge_unless_a_leader_is_near():
    """TRT-INNER-ANIMAL: a charge is within reach at the start of its activation, so its first action must be a
    charge: a move is refused naming the trait, the charge is legal. A friendly Líder within 10 K calms it."""
    g = Game(M(x=10, y=20, maluses=("TRT-INNER-ANIMAL",)), M(side="blue", x=15, y=20, facing=180.0),
             M(x=10, y=35))
    a, b, ally = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[10, 21]]}).rule_id == "TRT-INNER-ANIMAL"
    assert g.engine.check_action(a, "charge", {"target": b, "path": [[14, 20]]}) >= 1
    g.act(a, "charge", target=b, path=[[14, 20]])
    # the first action is taken: the compulsion is over
    assert g.engine.check_action(a, "disengage", {"path": [[12.5, 20]]}) >= 1
    # a leader 14 K away does not calm it; 7 K away (edge to edge) at the start of its activation it does
    for leader_y, calm in ((35.0, False), (28.0, True)):
        g2 = Game(M(x=10, y=20, maluses=("TRT-INNER-ANIMAL",)), M(side="blue", x=15, y=20, facing=180.0),
                  M(x=10, y=leader_y))
        a2, _, ally2 = g2.ids
        _race(g2, ally2, "TRT-LEADER")
        g2.start_activation(a2, energy=10)
        if calm:
            assert g2.engine.check_action(a2, "move", {"path": [[10, 21]]}) >= 1
        else:
            assert violation(g2.engine.check_action, a2, "move", {"path": [[10, 21]]}).rule_id == "TRT-INNER-ANIMAL"


def test_TRT_INNER_ANIMAL_binds_only_while_a_charge_is_legal():
    """TRT-INNER-ANIMAL: the compulsion asks for a legal charge (the engine's own validation): with too little ENE
    for one, or an enemy only 1.5 K away (a charge travels at least 2 K), the character acts freely."""
    g = Game(M(x=10, y=20, maluses=("TRT-INNER-ANIMAL",)), M(side="blue", x=15, y=20, facing=180.0))
    a, _ = g.ids
    g.start_activation(a, energy=1)
    assert g.engine.check_action(a, "move", {"path": [[10, 21]]}) == 1
    near = Game(M(x=10, y=20, maluses=("TRT-INNER-ANIMAL",)), M(side="blue", x=12.5, y=20, facing=180.0))
    a2, _ = near.ids
    near.start_activation(a2, energy=10)
    assert near.engine.check_action(a2, "move", {"path": [[10, 21]]}) == 1


def test_TRT_BLOOD_CRAVING_charges_first_and_panic_beats_it():
    """TRT-BLOOD-CRAVING: its first action must be a charge while one is within reach (no aura calms it: a Líder
    beside it does not); with no enemy within charge reach it acts freely; panicking, it flees instead (G10)."""
    g = Game(M(x=10, y=20, maluses=("TRT-BLOOD-CRAVING",)), M(side="blue", x=15, y=20, facing=180.0),
             M(x=10, y=22))
    a, b, ally = g.ids
    _race(g, ally, "TRT-LEADER")
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "move", {"path": [[10, 21]]}).rule_id == "TRT-BLOOD-CRAVING"
    far = Game(M(x=10, y=20, maluses=("TRT-BLOOD-CRAVING",)), M(side="blue", x=30, y=20, facing=180.0))
    a2, _ = far.ids
    far.start_activation(a2, energy=10)
    assert far.engine.check_action(a2, "move", {"path": [[10, 21]]}) >= 1
    scared = Game(M(x=10, y=20, panic=True, maluses=("TRT-BLOOD-CRAVING",)), M(side="blue", x=15, y=20),
                  rolls=[9])                                              # PSI-11 recovery fails
    a3, b3 = scared.ids
    scared.start_activation(a3, energy=10)
    assert violation(scared.engine.check_action, a3, "charge", {"target": b3, "path": [[14, 20]]}).rule_id == "PSI-12"


def test_TRT_MURDEROUS_MADNESS_20_percent_it_attacks_the_nearest_miniature_of_any_side():
    """TRT-MURDEROUS-MADNESS: a D100 ≤ 20 at the start of its activation makes its first action an attack on the
    nearest miniature, here an ally it can shoot; any other first action is refused, the shot at the ally is
    legal. A D100 of 21 leaves it free; engaged, it rolls nothing."""
    g = Game(M(x=10, y=20, maluses=("TRT-MURDEROUS-MADNESS",), weapons=(weapon(),)),
             M(x=14, y=20), M(side="blue", x=25, y=20, facing=180.0), rolls=[20])
    a, friend, foe = g.ids
    g.start_activation(a, energy=10)
    assert g.world.get(a, Compelled) == Compelled((friend,), "ranged", "TRT-MURDEROUS-MADNESS", first_only=True)
    assert g.events("percent_roll")[-1]["die"] == 20
    assert violation(g.engine.check_action, a, "move", {"path": [[10, 21]]}).rule_id == "TRT-MURDEROUS-MADNESS"
    assert violation(g.engine.check_action, a, "ranged_attack",
                     {"weapon": 0, "target": foe}).rule_id == "TRT-MURDEROUS-MADNESS"
    assert g.engine.check_action(a, "ranged_attack", {"weapon": 0, "target": friend}) == 2
    calm = Game(M(x=10, y=20, maluses=("TRT-MURDEROUS-MADNESS",), weapons=(weapon(),)),
                M(x=14, y=20), M(side="blue", x=25, y=20, facing=180.0), rolls=[21])
    a2, friend2, _ = calm.ids
    calm.start_activation(a2, energy=10)
    assert not calm.world.has(a2, Compelled)
    assert violation(calm.engine.check_action, a2, "ranged_attack", {"weapon": 0, "target": friend2}).rule_id == "CBA-1"
    engaged = Game(M(x=10, y=20, maluses=("TRT-MURDEROUS-MADNESS",)), M(side="blue", x=11, y=20, facing=180.0))
    a3, _ = engaged.ids
    engaged.start_activation(a3, energy=10)
    assert engaged.events("percent_roll") == [] and engaged.all_dice_used()


def test_TRT_MURDEROUS_MADNESS_charges_when_it_cannot_shoot():
    """TRT-MURDEROUS-MADNESS: with no ranged weapon the attack is a charge at the nearest miniature."""
    g = Game(M(x=10, y=20, maluses=("TRT-MURDEROUS-MADNESS",)), M(side="blue", x=15, y=20, facing=180.0),
             rolls=[3])
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert g.world.get(a, Compelled).mode == "charge"
    assert violation(g.engine.check_action, a, "move", {"path": [[10, 21]]}).rule_id == "TRT-MURDEROUS-MADNESS"
    g.act(a, "charge", target=b, path=[[14, 20]])
    assert not g.world.has(a, Compelled)


# --- attributes and auras -------------------------------------------------------------------------------
def test_TRT_FAINT_HEARTED_halves_attributes_unless_calmed():
    """TRT-FAINT-HEARTED: CON, AGI, INT, VOL halved (x.5 up) for checks and derived values (FOV range VOL × 5 K)
    unless an ally with Presencia de honor (or Líder, Aura de obstinación) is within 10 K; the component itself
    keeps the real values."""
    g = Game(M(x=10, y=20, CON=4, AGI=5, INT=3, VOL=5, maluses=("TRT-FAINT-HEARTED",)), M(x=10, y=33),
             rolls=[3])
    a, ally = g.ids
    assert tuple(g.gs.attrs(a).__getattribute__(k) for k in ("CON", "AGI", "INT", "VOL")) == (2, 3, 2, 3)
    assert g.gs.base_attrs(a).AGI == 5 and g.gs.fov_range(a) == 15.0
    r = roll_character_check(g.gs, None, a, "ATR", "AGI", "CHK-3", "test")
    assert r.base == 3 and r.passed
    _race(g, ally, "TRT-PRESENCE-OF-HONOUR")          # 12 K away edge to edge: too far
    assert g.gs.attrs(a).AGI == 3
    g.set(ally, Position(10.0, 29.0, 0.0))             # 8 K
    assert g.gs.attrs(a).AGI == 5 and g.gs.fov_range(a) == 25.0


def test_TRT_LEADER_allies_within_5K_use_its_VOL_for_VOL_checks():
    """TRT-LEADER: an ally within 5 K rolls a VOL check against the leader's VOL 8 instead of its own 4 (the event
    names the trait); farther away, or for an AGI check, its own value stands."""
    g = Game(M(x=10, y=20, VOL=4), M(x=10, y=24, VOL=8), rolls=[7, 7, 7])
    a, leader = g.ids
    _race(g, leader, "TRT-LEADER")
    r = roll_character_check(g.gs, None, a, "PSI", "VOL", "PSI-1", "test")
    assert r.base == 8 and r.passed and g.checks()[-1]["base_from"] == "TRT-LEADER"
    assert roll_character_check(g.gs, None, a, "ATR", "AGI", "CHK-3", "test").base == 5
    g.set(leader, Position(10.0, 27.0, 0.0))          # 6 K
    assert roll_character_check(g.gs, None, a, "PSI", "VOL", "PSI-1", "test").base == 4


def test_TRT_PRESENCE_OF_HONOUR_CH_VOL_plus_1_once_and_not_the_bearer():
    """TRT-PRESENCE-OF-HONOUR: allies within 5 K have CH VOL +1; two bearers give +1 once (G10); the bearer itself
    gets nothing; an enemy bearer gives nothing."""
    g = Game(M(x=10, y=20), M(x=10, y=23), M(x=13, y=20), M(side="blue", x=20, y=20))
    a, h1, h2, foe = g.ids
    _race(g, h1, "TRT-PRESENCE-OF-HONOUR")
    _race(g, h2, "TRT-PRESENCE-OF-HONOUR")
    assert {m.rule: m.value for m in character_mods(g.gs, a, "VOL", "LOC")} == {"TRT-PRESENCE-OF-HONOUR": 1}
    assert character_mods(g.gs, a, "AGI", "IMP") == []
    assert {m.rule: m.value for m in character_mods(g.gs, h1, "VOL", "PSI")} == {"TRT-PRESENCE-OF-HONOUR": 1}  # h2's
    _race(g, h2)
    assert character_mods(g.gs, h1, "VOL", "PSI") == []
    assert character_mods(g.gs, foe, "VOL", "PSI") == []


def test_TRT_AURA_OF_OBSTINACY_rerolls_a_failed_VOL_check_once():
    """TRT-AURA-OF-OBSTINACY / G2: an ally within 5 K rerolls a failed VOL check once and the second die stands
    (9 fails, 3 passes); an AGI check is not rerolled; the reroll can fail again (9, 10: a fumble stands)."""
    g = Game(M(x=10, y=20, VOL=5), M(x=10, y=23), rolls=[9, 3, 9, 9, 10])
    a, bearer = g.ids
    _race(g, bearer, "TRT-AURA-OF-OBSTINACY")
    r = roll_character_check(g.gs, None, a, "PSI", "VOL", "PSI-1", "test")
    assert r.passed and r.die == 3 and g.checks()[-1]["reroll"] == "TRT-AURA-OF-OBSTINACY"
    assert not roll_character_check(g.gs, None, a, "ATR", "AGI", "CHK-3", "test").passed
    r = roll_character_check(g.gs, None, a, "LOC", "VOL", "PSI-7", "test")
    assert r.fumble and g.all_dice_used()


def test_TRT_RADIANT_enemies_within_10K_must_shoot_it_unless_they_pass_CH_VOL():
    """TRT-RADIANT: an enemy shooter within 10 K rolls one CH VOL at the start of its activation; failed (9 against
    VOL 5), its ranged attacks must target the Radiante while it can shoot it; passed (4), it shoots freely; a
    shooter 12 K away rolls nothing."""
    def game(rolls, y=20.0):
        return Game(M(side="blue", x=10, y=20, weapons=(weapon(),)), M(x=19, y=y, facing=180.0),
                    M(x=19, y=24, facing=180.0), rolls=rolls)
    g = game([9])
    shooter, radiant, other = g.ids
    _race(g, radiant, "TRT-RADIANT")
    g.start_activation(shooter, energy=10)
    assert g.checks()[-1]["rule"] == "TRT-RADIANT" and not g.checks()[-1]["passed"]
    assert violation(g.engine.check_action, shooter, "ranged_attack",
                     {"weapon": 0, "target": other}).rule_id == "TRT-RADIANT"
    assert g.engine.check_action(shooter, "ranged_attack", {"weapon": 0, "target": radiant}) == 2
    assert g.engine.check_action(shooter, "move", {"path": [[10, 21]]}) >= 1          # only attacks are bound
    ok = game([4])
    s2, r2, o2 = ok.ids
    _race(ok, r2, "TRT-RADIANT")
    ok.start_activation(s2, energy=10)
    assert ok.engine.check_action(s2, "ranged_attack", {"weapon": 0, "target": o2}) == 2
    far = game([], y=8.0)
    s3, r3, _ = far.ids
    _race(far, r3, "TRT-RADIANT")
    far.start_activation(s3, energy=10)
    assert far.checks() == []


# --- PSI-8 offers them all ------------------------------------------------------------------------------
def test_PSI_8_offers_every_psychological_malus_of_the_bonus_list():
    """PSI-8: the opposing player chooses among all nine psychological maluses of the bonus list (those the
    character does not carry); each is a registered trait the engine plays."""
    g = Game(M(x=10, y=20, maluses=("TRT-COWARD",)), M(side="blue", x=30, y=20))
    a, _ = g.ids
    options = psychology.malus_options(g.gs, a)
    assert set(options) == set(psychology.PSI8_MALUSES) - {"TRT-COWARD"}
    assert all("psychology" in trait_by_id()[m].hooks for m in options)


# --- Mimético and the surprise attack it allows (CBA-11) ------------------------------------------------
def test_TRT_MIMETIC_switch_costs_ENE_1_and_gives_CH_IMP_minus_3_both_ways():
    """TRT-MIMETIC: switching it on is an action at ENE 1 offered only to a bearer; while on, its own CH IMP −3
    and an enemy attacking it CH IMP −3 (at range and in melee); switched off again, neither."""
    from wartime.core.components import Mimetic
    from wartime.rules.traits import combat_terms
    from wartime.rules.options import offered_actions
    g = Game(M(x=10, y=20, weapons=(weapon(),)), M(side="blue", x=20, y=20, facing=180.0, weapons=(weapon(),)))
    a, b = g.ids
    g.start_activation(a, energy=10)
    assert "switch_mimetic" not in offered_actions(g.engine, a)
    assert violation(g.engine.check_action, a, "switch_mimetic", {}).rule_id == "TRT-MIMETIC"
    _race(g, a, "TRT-MIMETIC")
    assert "switch_mimetic" in offered_actions(g.engine, a)
    g.act(a, "switch_mimetic")
    assert g.energy(a) == 9 and g.world.has(a, Mimetic)
    assert {m.rule: m.value for m in character_mods(g.gs, a, "AGI", "IMP")}.get("TRT-MIMETIC") == -3
    assert {m.rule: m.value for m in combat_terms(g.gs, b, a, None, True).imp}.get("TRT-MIMETIC") == -3
    assert {m.rule: m.value for m in combat_terms(g.gs, b, a, None, False).imp}.get("TRT-MIMETIC") == -3
    assert combat_terms(g.gs, a, b, None, True).imp == ()          # its own attacks: only the check_mod −3
    assert "TRT-MIMETIC" not in {m.rule for m in character_mods(g.gs, a, "AGI", "ATR")}
    g.act(a, "switch_mimetic")
    assert not g.world.has(a, Mimetic) and g.energy(a) == 8
    assert combat_terms(g.gs, b, a, None, True).imp == ()


def test_CBA_11_a_mimetic_arrival_allows_a_surprise_attack():
    """CBA-11 with TRT-MIMETIC: a plain (noisy) move made with Mimético on, ending at the defender's rear, is an
    arrival that allows Ataque sorpresa; the same move with it off is not."""
    from wartime.rules.options import legal_options
    from rules_helpers import armour, blade

    def game():
        g = Game(M(x=10, y=20, AGI=5, CON=6, mov=5, weapons=(blade(ENE=2, DMG=3),)),
                 M(side="blue", x=14, y=20, CON=9, facing=0.0, protections=(armour(4),)))
        _race(g, g.ids[0], "TRT-MIMETIC")
        return g
    g = game()
    a, b = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "switch_mimetic")
    g.act(a, "move", path=[[12.98, 20]])
    assert [o.params for o in legal_options(g.engine, "surprise_attack")] == [{"target": b}]
    g.act(a, "surprise_attack", target=b)
    assert g.events("surprise_declared", who=a, target=b)
    off = game()
    a2, b2 = off.ids
    off.start_activation(a2, energy=10)
    off.act(a2, "move", path=[[12.98, 20]])
    assert violation(off.act, a2, "surprise_attack", target=b2).rule_id == "CBA-11"
