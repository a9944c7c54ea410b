"""More traits played on the object / metahability kinds (rules/traits/kinds2.py, issue 16): Alcance infinito on a
metahability and an object, Campo de oscuridad held on an object."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_helpers import Game, M, piece, violation, weapon
from test_rules_metahabilities import give as give_meta, mh
from test_rules_objects import elixir, give, use_options
from test_rules_traits_combat import race
from test_rules_traits_scenery import darkness_sweep, field_blast_levels, price
from wartime.core.components import Gear, Life, TraitState
from wartime.rules import objects, traits
from wartime.rules.traits.devices import Designated, marked_by

WALL = (piece("wall", "blocking", 24, 10, 25, 30, height=3.0, blocks_los=True),)


# --- Alcance infinito on a metahability -----------------------------------------------------------------------------
def far_caster(x: float, VOL: int = 9, pieces=()):
    """A neuromancer (VOL 9: its field of view reaches 45 K) at (10, 20) facing east, whose Magia: tranquilizar (RNG
    10) carries Alcance infinito (index 0) beside a plain copy (index 1); an enemy at (`x`, 20) facing it."""
    g = Game(M(x=10, y=20, INT=7, VOL=VOL), M(side="blue", x=x, y=20, facing=180.0, VOL=2), pieces=pieces,
             width=60)
    a, b = g.ids
    give_meta(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-INFINITE-RANGE"), mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.start_activation(a, energy=10)
    return g, a, b


def test_TRT_INFINITE_RANGE_metahability_casts_beyond_its_RNG():
    """30 K away (RNG 10): the infinite cast is legal (and offered), the plain one refused (MET-2); the cast goes
    through: CH IMP with INT 7 and MOD-2's −2 (29 K: two started 10 K bands past the first 10 K) = 5 (die 3), CH VOL
    ENF won (2 against 9): the enemy is calmed."""
    g, a, b = far_caster(40)
    assert g.engine.check_action(a, "use_metahability", {"meta": 0, "target": b}) == 2
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 1, "target": b}).rule_id == "MET-2"
    offered = [o.params for o in g.engine.legal_options("use_metahability")]
    assert {"meta": 0, "target": b} in offered and {"meta": 1, "target": b} not in offered
    g.dice.push(3, 2, 9)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.checks("IMP")[0]["target"] == 5 and g.mods(g.checks("IMP")[0])["MOD-2"] == -2
    assert g.events("metahability_failed") == []
    assert g.events("metahability_resisted") == []


def test_TRT_INFINITE_RANGE_metahability_still_needs_line_of_sight():
    """VOL 9 but a wall between them: refused (ENV-2)."""
    g, a, b = far_caster(40, pieces=WALL)
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 0, "target": b}).rule_id == "ENV-2"


def scattering_caster(angle: float):
    """`far_caster` with VOL 5 (field of view 25 K): the enemy 29 K away is outside it; a second VOL 2 enemy at
    (40, 23), 3 K from it; the dispersion's direction scripted."""
    from wartime.core.rng import ScriptedDice
    g = Game(M(x=10, y=20, INT=7, VOL=5), M(side="blue", x=40, y=20, facing=180.0, VOL=2),
             M(side="blue", x=40, y=23, facing=180.0, VOL=2), width=60)
    g.dice = ScriptedDice(rolls=(), angles=(angle,))
    g.world.dice = g.dice
    a, b, c = g.ids
    give_meta(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-INFINITE-RANGE"), mh("TRT-INVOCATION", "TRT-MAGIC-CALM"))
    g.start_activation(a, energy=10)
    return g, a, b, c


def test_TRT_INFINITE_RANGE_metahability_out_of_view_the_cast_scatters_onto_whoever_it_lands_on():
    """Outside the field of view the infinite cast is legal (the plain one refused: ENV-1 / MET-2); its CH IMP 3
    passes (INT 7, MOD-2 −2: 5); it scatters 2 D10 (1 + 2 = 3 K) at 90° from (40, 20) to (40, 23): the other enemy
    is the one who makes the CH VOL ENF (caster 2, it 9) and is calmed."""
    g, a, b, c = scattering_caster(90.0)
    assert g.engine.check_action(a, "use_metahability", {"meta": 0, "target": b}) == 2
    assert violation(g.engine.check_action, a, "use_metahability", {"meta": 1, "target": b}).rule_id in ("ENV-1",
                                                                                                          "MET-2")
    g.dice.push(3, 1, 2, 2, 9)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.all_dice_used()
    disp = g.events("dispersion")[0]
    assert disp["rule"] == "TRT-INFINITE-RANGE" and disp["to"] == [40.0, 23.0]
    fx = g.events("metahability_effect")
    assert [e["who"] for e in fx] == [c]


def test_TRT_INFINITE_RANGE_metahability_out_of_view_a_cast_landing_on_no_one_has_no_effect():
    """The same cast scattered 3 K at 0°: (43, 20) holds no base: no CH VOL ENF, no effect."""
    g, a, b, c = scattering_caster(0.0)
    g.dice.push(3, 1, 2)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.all_dice_used() and g.events("shot_lost") and not g.events("metahability_effect")
    assert g.events("metahability_failed")[-1]["rule"] == "TRT-INFINITE-RANGE"


def test_MOD_2_a_cast_on_an_enemy_takes_the_range_penalty_on_an_ally_not():
    """MOD-2 on a cast's CH IMP (MET-2 ruling, CMB-13): an enemy 14 K away (reached thanks to Alcance infinito):
    INT 7 − 1 = 6; the same cast on an ally about 15 K away is a CH ATR: no penalty."""
    from wartime.rules import metahabilities as meta
    g = Game(M(x=10, y=20, INT=7, VOL=9), M(side="blue", x=25, y=20, facing=180.0, VOL=2), M(x=25, y=25),
             width=60)
    a, b, c = g.ids
    give_meta(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", "TRT-INFINITE-RANGE"))
    m = meta.carried(g.gs, a)[0]
    assert meta.cast_target(g.gs, a, m, b) == 6
    assert meta.cast_target(g.gs, a, m, c) == 7
    g.start_activation(a, energy=10)
    g.dice.push(6, 2, 9)
    g.act(a, "use_metahability", meta=0, target=b)
    assert g.checks("IMP")[0]["target"] == 6 and g.events("metahability_effect")


def test_TRT_INFINITE_RANGE_only_its_casts_take_MOD_2():
    """The same invocation without Alcance infinito takes no range penalty at 15 K (a metahability's RNG is its
    reach: cast_mods' reading); with it, INT 7 − 1."""
    from wartime.rules import metahabilities as meta
    for extra, target in (((), 7), (("TRT-INFINITE-RANGE",), 6)):
        g = Game(M(x=10, y=20, INT=7, VOL=9), M(side="blue", x=25, y=20, facing=180.0, VOL=2), width=60)
        a, b = g.ids
        give_meta(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-CALM", *extra))
        assert meta.cast_target(g.gs, a, meta.carried(g.gs, a)[0], b) == target


# --- Alcance infinito on an object ----------------------------------------------------------------------------------
def far_medic(x: float, pieces=()):
    """A medic (VOL 9) at (10, 20) facing east holding a level 2 elixir of RNG 2 with Alcance infinito and a plain
    one; a wounded ally at (`x`, 20)."""
    g = Game(M(x=10, y=20, VOL=9), M(x=x, y=20, wounds=3), pieces=pieces, width=60)
    a, b = g.ids
    far = elixir(g, a, 2, "TRT-INFINITE-RANGE", RNG=2, name="Far")
    near = elixir(g, a, 2, RNG=2, name="Near")
    g.start_activation(a, energy=10)
    return g, a, b, far, near


def test_TRT_INFINITE_RANGE_object_used_on_a_character_beyond_its_RNG():
    """The ally 20 K away: Usar with the infinite elixir is offered and heals 2; the plain one is not offered and is
    refused naming GNA-16."""
    g, a, b, far, near = far_medic(30)
    offered = use_options(g)
    assert {"item": f"item:{far}", "target": b} in offered and {"item": f"item:{near}", "target": b} not in offered
    assert violation(g.engine.check_action, a, "use_object", {"item": f"item:{near}", "target": b}).rule_id == "GNA-16"
    g.act(a, "use_object", item=f"item:{far}", target=b)
    assert g.wounds(b) == 1


def test_TRT_INFINITE_RANGE_object_needs_line_of_sight():
    """A wall between them: the infinite elixir cannot reach the ally (GNA-16, naming the sight it needs)."""
    g, a, b, far, _ = far_medic(30, pieces=WALL)
    v = violation(g.engine.check_action, a, "use_object", {"item": f"item:{far}", "target": b})
    assert v.rule_id == "GNA-16" and "TRT-INFINITE-RANGE" in str(v)


def scattering_medic(angle: float):
    """A VOL 3 medic (field of view 15 K) at (10, 20) facing east with the far elixir (RNG 2, Alcance infinito); a
    wounded ally at (30, 20) (19 K: outside the field of view, 2 dispersion dice) and another at (30, 23)."""
    from wartime.core.rng import ScriptedDice
    g = Game(M(x=10, y=20, VOL=3), M(x=30, y=20, wounds=3), M(x=30, y=23, wounds=3), width=60)
    g.dice = ScriptedDice(rolls=(), angles=(angle,))
    g.world.dice = g.dice
    a, b, c = g.ids
    far = elixir(g, a, 2, "TRT-INFINITE-RANGE", RNG=2, name="Far")
    g.start_activation(a, energy=10)
    return g, a, b, c, far


def test_TRT_INFINITE_RANGE_object_out_of_view_the_use_scatters_onto_whoever_it_lands_on():
    """2 D10 (1 + 2 = 3 K) at 90°: from (30, 20) to (30, 23): the other ally is healed 2, the one aimed at not."""
    g, a, b, c, far = scattering_medic(90.0)
    g.dice.push(1, 2)
    g.act(a, "use_object", item=f"item:{far}", target=b)
    assert g.all_dice_used() and g.events("dispersion")[0]["rule"] == "TRT-INFINITE-RANGE"
    assert (g.wounds(b), g.wounds(c)) == (3, 1)


def test_TRT_INFINITE_RANGE_object_out_of_view_a_use_landing_on_no_one_is_spent():
    """At 0° the point (33, 20) holds no base: no one is healed, and the elixir is used up all the same."""
    g, a, b, c, far = scattering_medic(0.0)
    g.dice.push(1, 2)
    g.act(a, "use_object", item=f"item:{far}", target=b)
    assert g.events("object_use_failed")[-1]["rule"] == "TRT-INFINITE-RANGE"
    assert (g.wounds(b), g.wounds(c)) == (3, 3) and not any(i == far for i, _ in objects.held_gear(g.gs, a))


def test_TRT_INFINITE_RANGE_fieldable_and_priced_5_on_a_metahability_and_an_object():
    from test_rules_traits_more import price as price_on
    for kind in ("metahability", "object", "weapon"):
        assert traits.fielding_problem("TRT-INFINITE-RANGE", kind, {"TRT-INFINITE-RANGE"}) is None
        assert price_on("TRT-INFINITE-RANGE", kind) == 5


# --- Campo de oscuridad held on an object ---------------------------------------------------------------------------
def object_field(level: int, distance: float, race_level: int = 0) -> Game:
    """The scenery tests' marker (red, with a designator) and target (blue, at (20, 20)); a blue holder `distance` K
    behind the target (base edge to edge) holds a darkness generator of level `level` (and carries the field at
    `race_level` on its race when above 0)."""
    g = Game(M(x=10, y=20, AGI=5, weapons=(weapon(DMG=4, traits=("TRT-TARGET-DESIGNATOR",)),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9), M(side="blue", x=21 + distance, y=20, CON=9))
    holder = g.ids[2]
    give(g, holder, "TRT-DARKNESS-FIELD", levels=(("TRT-DARKNESS-FIELD", level),), name="Generator")
    if race_level:
        g.set(holder, TraitState(("TRT-DARKNESS-FIELD",), (("TRT-DARKNESS-FIELD", race_level, race_level),)))
        race(g, holder, "TRT-DARKNESS-FIELD")
    g.start_activation(g.ids[0], energy=10)
    return g


@pytest.mark.parametrize("level", [1, 3, 5])
def test_TRT_DARKNESS_FIELD_object_its_holder_stops_marks_within_2_K_per_level(level):
    """Held at level N: a target 2N K from the holder cannot be marked (refused naming the trait); 2N + 0.5 K away it
    can."""
    g = object_field(level, 2.0 * level)
    a, b, _ = g.ids
    assert violation(g.engine.check_action, a, "designate_target", {"target": b}).rule_id == "TRT-DARKNESS-FIELD"
    g = object_field(level, 2.0 * level + 0.5)
    a, b, _ = g.ids
    g.act(a, "designate_target", target=b)
    assert marked_by(g.gs, b) == (a,)


def test_TRT_DARKNESS_FIELD_object_level_adds_to_the_race_level():
    """G10: a level 1 race field and a level 2 generator: 6 K (2 × 3); 6.5 K is outside."""
    g = object_field(2, 6.0, race_level=1)
    assert traits.mark_field(g.gs, g.ids[1]) == "TRT-DARKNESS-FIELD"
    g = object_field(2, 6.5, race_level=1)
    assert traits.mark_field(g.gs, g.ids[1]) is None


def test_TRT_DARKNESS_FIELD_object_disabled_or_dropped_gives_no_field():
    """WND-4: a generator with QUA wounds gives no field; nor does one no longer held; a mark placed outside is lost
    by the sweep only while a field holds it."""
    g = object_field(1, 1.0)
    a, b, c = g.ids
    gen = next(i for i, gr in g.world.tables[Gear].items() if gr.name == "Generator")
    g.set(gen, replace(g.world.get(gen, Gear), wounds=3))
    assert traits.mark_field(g.gs, b) is None
    g.act(a, "designate_target", target=b)
    g.set(gen, replace(g.world.get(gen, Gear), wounds=0))
    darkness_sweep(g)
    assert g.world.try_get(b, Designated) is None and g.events("marks_lost")[-1]["rule"] == "TRT-DARKNESS-FIELD"


def test_TRT_DARKNESS_FIELD_object_explodes_when_its_holder_is_shot_dead():
    """A holder of a level 2 generator shot dead (DMG 12 on CON 2): minis within 2 K with level 3 shields keep 1
    level, one 3 K away keeps 3 (as the race's field)."""
    g, levels = field_blast_levels(
        lambda g, holder: give(g, holder, "TRT-DARKNESS-FIELD", levels=(("TRT-DARKNESS-FIELD", 2),), name="Generator"))
    assert levels == [1, 1, 3]


def test_TRT_DARKNESS_FIELD_object_fieldable_and_priced_2_per_level():
    assert traits.fielding_problem("TRT-DARKNESS-FIELD", "object", set()) is None
    assert [price("TRT-DARKNESS-FIELD", "object", n) for n in (1, 5)] == [2, 10]


# --- Maleficio on an object -----------------------------------------------------------------------------------------
def hex_doll(*more: str, RNG: int = 10):
    """A red user at (10, 20) facing east holding a voodoo doll (ENE 1, RNG `RNG`) with Maleficio (Lento) (carried as
    "TRT-HEX:Lento", as objects.gear_of fields it) and `more` traits; a blue enemy 5 K away and a farther one."""
    g = Game(M(x=10, y=20), M(side="blue", x=16, y=20, facing=180.0), M(side="blue", x=19, y=22, facing=180.0))
    a = g.ids[0]
    doll = give(g, a, "TRT-HEX", "TRT-HEX:Lento", *more, RNG=RNG, name="Doll")
    g.start_activation(a, energy=10)
    return g, doll


def test_TRT_HEX_object_a_use_puts_the_malus_on_its_target_until_its_next_activation_ends():
    """Usar (ENE 1, no check): the enemy is Lento (its Mover costs ENE 2 in its next activation, ENE 1 once that is
    over); the user is not slowed."""
    g, doll = hex_doll()
    a, b, _ = g.ids
    g.act(a, "use_object", item=f"item:{doll}", target=b)
    ev = g.events("hexed")[0]
    assert (ev["rule"], ev["who"], ev["by"], ev["item"], ev["malus"]) == ("TRT-HEX", b, a, "Doll", "TRT-SLOW")
    assert g.energy(a) == 9 and g.checks() == []
    from test_rules_traits_kinds import slowed_until_its_next_activation_ends
    slowed_until_its_next_activation_ends(g, a, b, [15, 20])


def test_TRT_HEX_object_a_failed_use_check_leaves_no_malus_and_a_second_use_renews_it():
    """With Prueba de voluntad (VOL 5): 8 fails, ENE spent, no malus; 3 passes: hexed; a second use replaces the
    effect (one malus from the doll, a fresh one)."""
    g, doll = hex_doll("TRT-WILLPOWER-TEST")
    a, b, _ = g.ids
    g.dice.push(8)
    g.act(a, "use_object", item=f"item:{doll}", target=b)
    assert g.events("hexed") == [] and g.energy(a) == 9
    g.dice.push(3)
    g.act(a, "use_object", item=f"item:{doll}", target=b)
    g.dice.push(3)
    g.act(a, "use_object", item=f"item:{doll}", target=b)
    from test_rules_metahabilities import effects
    uids = [ev["uid"] for ev in g.events("hexed")]
    assert len(uids) == 2 and [x.uid for x in effects(g, b)] == uids[1:]


def test_TRT_HEX_object_out_of_its_RNG_is_refused():
    g, doll = hex_doll(RNG=2)
    a, b, _ = g.ids
    assert violation(g.engine.check_action, a, "use_object", {"item": f"item:{doll}", "target": b}).rule_id == "GNA-16"


def test_TRT_HEX_object_fielded_with_its_malus_and_priced_1():
    """objects.gear_of carries the malus ("TRT-HEX:Lento"); a malus the engine does not play is refused; flat 1."""
    from wartime.data.loader import archetype_from_dict, priced_trait
    from wartime.rules.objects import gear_of
    o = archetype_from_dict({"id": "d", "kind": "object", "name": "Doll", "ENE": 1, "RNG": 10, "QUA": 3,
                             "traits": [{"name": "Maleficio", "param": "Lento"}]})
    assert gear_of(o).traits == ("TRT-HEX", "TRT-HEX:Lento")
    assert traits.fielding_problem("TRT-HEX", "object", {"TRT-HEX"}, "Lento") is None
    assert traits.fielding_problem("TRT-HEX", "object", {"TRT-HEX"}, "Torpe") is not None
    assert priced_trait("TRT-HEX", "object", "test", "traits", param="Lento").points == 1


def test_TRT_HEX_object_the_scripted_AI_hexes_the_nearest_enemy_once():
    """ai.scripted_kinds2.hex_object: the Usar on the nearer enemy; once it carries the doll's malus, the farther one;
    a character holding no hex object gets None (no option asked for)."""
    from types import SimpleNamespace
    from wartime.ai.scripted_kinds2 import hex_object
    from wartime.rules.flow import Pending
    g, doll = hex_doll()
    a, b, c = g.ids
    match, p = SimpleNamespace(gs=g.gs, engine=g.engine), Pending("action", "red", ("use_object",), actor=a)
    assert hex_object(match, p).params == {"item": f"item:{doll}", "target": b}
    g.act(a, "use_object", item=f"item:{doll}", target=b)
    assert hex_object(match, p).params == {"item": f"item:{doll}", "target": c}
    g2 = Game(M(x=10, y=20), M(side="blue", x=16, y=20))
    assert hex_object(SimpleNamespace(gs=g2.gs, engine=g2.engine), p) is None


# --- Requiere on an object and a transport --------------------------------------------------------------------------
NEED = ("TRT-REQUIRES", "TRT-REQUIRES:Camuflaje")


def required_kit(camouflaged: bool):
    """A red user (with Camuflaje or not) holding an elixir 2 that requires Camuflaje, wounded 3; an ally beside it."""
    g = Game(M(x=10, y=20, wounds=3), M(x=11, y=20), M(side="blue", x=30, y=20))
    a = g.ids[0]
    kit = elixir(g, a, 2, *NEED)
    if camouflaged:
        race(g, a, "TRT-CAMOUFLAGE")
    g.start_activation(a, energy=10)
    return g, kit


def test_TRT_REQUIRES_object_only_a_user_with_the_bonus_uses_it():
    """Without Camuflaje Usar is refused naming TRT-REQUIRES and not offered; with it the elixir heals 2."""
    g, kit = required_kit(False)
    a = g.ids[0]
    assert violation(g.engine.check_action, a, "use_object", {"item": f"item:{kit}"}).rule_id == "TRT-REQUIRES"
    assert not [o for o in use_options(g) if o["item"] == f"item:{kit}"]
    g, kit = required_kit(True)
    a = g.ids[0]
    g.act(a, "use_object", item=f"item:{kit}")
    assert g.wounds(a) == 1


def test_TRT_REQUIRES_object_not_handed_to_an_ally_without_the_bonus():
    """Comerciar: the elixir is not handed to an ally without Camuflaje (refused naming TRT-REQUIRES), and is to one
    with it."""
    g, kit = required_kit(True)
    a, b, _ = g.ids
    assert violation(g.engine.check_action, a, "trade", {"target": b, "give": f"item:{kit}"}).rule_id == "TRT-REQUIRES"
    race(g, b, "TRT-CAMOUFLAGE")
    assert g.engine.check_action(a, "trade", {"target": b, "give": f"item:{kit}"}) == 1


def test_TRT_REQUIRES_object_and_transport_fielded_with_the_bonus_only():
    """objects.gear_of and match.transports carry the parameter ("TRT-REQUIRES:Camuflaje"; a rider's own traits get
    the trait ID only); fielded on a character with Camuflaje, refused without it; the price −3."""
    from test_rules_transports import _transport_spec
    from wartime.data.loader import archetype_from_dict, priced_trait
    from wartime.match.setup import fielding_problems
    from wartime.match.transports import mount_parts
    from wartime.rules.objects import gear_of
    o = archetype_from_dict({"id": "k", "kind": "object", "name": "Kit", "ENE": 1, "RNG": 0, "QUA": 3,
                             "traits": [{"name": "Elixir", "level": 2}, {"name": "Requiere", "param": "Camuflaje"}]})
    assert gear_of(o).traits == ("TRT-ELIXIR", "TRT-REQUIRES", "TRT-REQUIRES:Camuflaje")
    spec = _transport_spec([{"name": "Requiere", "param": "Camuflaje"}])
    assert [r for r, _ in fielding_problems(spec)] == ["TRT-REQUIRES"]
    g = Game(M())
    _, _, joined, m = mount_parts(spec, g.gs.body(g.ids[0]), (), ("TRT-CAMOUFLAGE",), None)
    assert m.traits == NEED and joined == ("TRT-CAMOUFLAGE", "TRT-REQUIRES")
    for kind in ("object", "transport"):
        assert traits.fielding_problem("TRT-REQUIRES", kind, {"TRT-REQUIRES"}, "Camuflaje",
                                       frozenset({"TRT-CAMOUFLAGE"})) is None
        assert traits.fielding_problem("TRT-REQUIRES", kind, {"TRT-REQUIRES"}, "Camuflaje", frozenset()) is not None
        assert priced_trait("TRT-REQUIRES", kind, "test", "traits", param="Camuflaje").points == -3


def test_TRT_REQUIRES_transport_only_a_driver_with_the_bonus_takes_it_over():
    """MVA-17: the driver gets off its transport (Requiere Camuflaje); a walker in base contact without
    Camuflaje cannot take it over (TRT-REQUIRES), one with it can, and its traits then hold TRT-REQUIRES without the
    parameter entry."""
    from test_rules_transports import _get_off, driver
    from wartime.rules import riding
    g = driver(M(side="blue", x=11.55, y=20), MOV=6, QUA=5, DEF=2, size=2.0, paid=True, traits=NEED)
    a, b = g.ids
    _get_off(g, a)
    (t,) = riding.parked(g.gs)
    g.start_activation(b, energy=10)
    assert violation(g.engine.check_action, b, "take_transport", {"transport": t}).rule_id == "TRT-REQUIRES"
    race(g, b, "TRT-CAMOUFLAGE")
    g.act(b, "take_transport", transport=t)
    assert riding.rides(g.gs, b) and "TRT-REQUIRES:Camuflaje" not in g.gs.traits(b)
    assert "TRT-REQUIRES" in g.gs.traits(b)


# --- Enorme on a held object ----------------------------------------------------------------------------------------
def test_TRT_HUGE_object_handed_only_to_a_mega_armour_wearer():
    """A huge object held by a Mega armadura wearer: Comerciar does not hand it to an ally without one (refused naming
    TRT-HUGE), and does to one wearing it."""
    from test_rules_traits_protection import prot
    from wartime.core.components import Equipment
    g = Game(M(x=10, y=20, protections=(prot(3, "TRT-MEGA-ARMOUR"),)), M(x=11, y=20), M(side="blue", x=30, y=20))
    a, b, _ = g.ids
    crate = give(g, a, "TRT-HUGE", "TRT-ELIXIR", levels=(("TRT-ELIXIR", 1),), name="Crate")
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "trade", {"target": b, "give": f"item:{crate}"}).rule_id == "TRT-HUGE"
    g.set(b, Equipment((), (prot(2, "TRT-MEGA-ARMOUR"),)))
    assert g.engine.check_action(a, "trade", {"target": b, "give": f"item:{crate}"}) == 1


# --- Explota held on an object --------------------------------------------------------------------------------------
def exploding_belt(percent_die: int, disabled: bool = False):
    """As the race test (test_rules_traits_kinds.exploding): the blue CON 6 MOV 3 target holds a belt with Explota
    (its QUA 3 in wounds when `disabled`), killed in melee by DMG 8 (CH IMP 3, CH DEF 9), then the D100 when the
    belt works."""
    from rules_helpers import blade
    g = Game(M(x=10, y=20, CON=9, weapons=(blade(),)), M(side="blue", x=11, y=20, CON=6, mov=3, facing=180.0),
             M(side="blue", x=12.9, y=20, CON=9), M(side="blue", x=30, y=30))
    red, holder, ally, far = g.ids
    belt = give(g, holder, "TRT-EXPLODES", name="Belt")
    if disabled:
        g.set(belt, replace(g.world.get(belt, Gear), wounds=3))
    g.start_activation(red, energy=10)
    g.dice.push(3, 9, *([] if disabled else [percent_die]), *([9, 1, 9, 1] if percent_die <= 50 and not disabled
                                                              else []))
    g.act(red, "melee_attack", target=holder, weapon=0)
    assert g.all_dice_used()
    return g, red, holder, ally, far


def test_TRT_EXPLODES_object_its_holder_killed_by_an_attack_50_percent_its_DMG_within_the_holders_MOV_K():
    """D100 50: DMG 8 (the killing blow's) in a round area of radius the holder's MOV 3 K (G10: the holder bears a
    carried object's passive effect): the killer and the ally take it, the far mini nothing."""
    g, red, holder, ally, far = exploding_belt(50)
    ev = g.events("death_blast")[-1]
    assert ev["rule"] == "TRT-EXPLODES" and ev["dmg"] == 8 and ev["diameter"] == 6 and ev["hit"] == [red, ally]
    assert g.wounds(red) == 8 and g.wounds(ally) == 8 and g.wounds(far) == 0


def test_TRT_EXPLODES_object_no_explosion_on_51_nor_from_a_disabled_belt():
    for g, red, holder, *_ in (exploding_belt(51), exploding_belt(50, disabled=True)):
        assert g.events("death_blast") == [] and g.wounds(red) == 0 and g.world.get(holder, Life).state == "dead"


def test_TRT_EXPLODES_object_fieldable_and_priced_minus_10():
    from test_rules_traits_more import price as price_on
    assert traits.fielding_problem("TRT-EXPLODES", "object", {"TRT-EXPLODES"}) is None
    assert price_on("TRT-EXPLODES", "object") == -10


# --- the use tests and Neuropsico on a Muro protection: the CH DEF against stress ------------------------------------
def psychic_shot(*protections, VOL: int = 6, AGI: int = 5):
    """A psychic rifle (DMG 4) against a target (VOL 6, AGI 5) wearing `protections`."""
    from test_rules_traits_combat import duel
    return duel({"weapons": (weapon(DMG=4, traits=("TRT-PSYCHIC-AMMO",)),)},
                {"VOL": VOL, "AGI": AGI, "protections": tuple(protections)})


@pytest.mark.parametrize("use,target,kind", [(3, 3, "DEF"), (8, 6, "ATR")])
def test_TRT_AGILITY_TEST_on_a_Muro_protection_before_the_CH_DEF_against_stress(use, target, kind):
    """Hit (5); the Muro (DEF 3) asks its CH AGI first: 3 passes and the CH DEF is against its DEF 3; 8 fails and,
    no Muro left, the target defends as wearing none: a CH VOL 6. The CH DEF die 2 passes: stress 4 − 3 = 1, or
    4 − 6 → 0."""
    from test_rules_traits_combat import attack
    from test_rules_traits_protection import prot
    g = psychic_shot(prot(3, "TRT-WALL", "TRT-AGILITY-TEST", key="wall"))
    b = g.ids[1]
    attack(g, 5, use, 2)
    use_check = [c for c in g.checks("ATR") if c["who"] == b][0]
    assert use_check["attribute"] == "AGI" and use_check["rule"] == "TRT-PSYCHIC-AMMO"
    assert g.checks(kind)[-1]["target"] == target and g.stress(b) == (1 if use == 3 else 0)
    assert bool(g.events("protection_use_failed")) is (use == 8)


def test_TRT_AGILITY_TEST_on_one_of_two_Muro_protections_its_DEF_left_out():
    """Two Muro protections (DEF 3 with Prueba de agilidad, DEF 2 plain): the check fails (8): the CH DEF against
    stress is against 2."""
    from test_rules_traits_combat import attack
    from test_rules_traits_protection import prot
    g = psychic_shot(prot(3, "TRT-WALL", "TRT-AGILITY-TEST", key="wall"), prot(2, "TRT-WALL", key="shield"))
    attack(g, 5, 8, 2)
    assert g.checks("DEF")[-1]["target"] == 2 and g.stress(g.ids[1]) == 2


def test_TRT_NEUROPSYCHO_on_a_Muro_protection_against_Corromper():
    """Corromper (INT 7: DMG 3, die 6 hits): the Muro (DEF 2) with Neuropsico asks a CH PSI (VOL 5): 9 fails, +1
    stress, and the CH DEF is a CH VOL 5 (die 4 passes: 3 − 5 → 0); 2 passes: the CH DEF against 2 (die 4 fails: 3)."""
    from test_rules_metahabilities import hacker
    from test_rules_traits_protection import prot
    from wartime.core.components import Equipment
    for psi, rule, stress in ((9, "CBA-18", 1), (2, "TRT-WALL", 3)):
        g, a, b = hacker()
        g.set(b, Equipment((), (prot(2, "TRT-WALL", "TRT-NEUROPSYCHO", key="wall"),)))
        g.dice.push(6, psi, 4)
        g.act(a, "corrupt", target=b, attribute="INT")
        assert g.checks("PSI")[0]["rule"] == "TRT-NEUROPSYCHO"
        assert g.events("check")[-1]["rule"] == rule and g.stress(b) == stress and g.all_dice_used()


# --- Runas de protección against Distorsión envenenada --------------------------------------------------------------
@pytest.mark.parametrize("where", ["race", "object"])
def test_TRT_PROTECTION_RUNES_a_9_near_a_poisoned_distortion_is_no_fumble(where):
    """The substances test's caster within 5 K of a Distorsión envenenada object, with the runes on its race or held
    on a charm: its CH INT of 9 is an ordinary failure (no MET-7 CH PSI), not a fumble."""
    from test_rules_traits_substances import distorted
    g, a, b = distorted("friend")
    if where == "race":
        race(g, a, *g.gs.traits(a), "TRT-PROTECTION-RUNES")
    else:
        give(g, a, "TRT-PROTECTION-RUNES", name="Charm")
    g.dice.push(9)
    g.act(a, "use_metahability", meta=0, target=b)
    assert not g.check("ATR", rule="MET-2")["fumble"] and not g.checks("PSI") and g.all_dice_used()


def test_TRT_INFINITE_RANGE_object_keeps_its_own_RNG_behind_its_user():
    """The ally 1.5 K behind the medic (out of its field of view) is still within the far elixir's RNG 2."""
    g, a, b, far, _ = far_medic(8.5)
    assert not g.gs.in_fov(a, b)
    g.act(a, "use_object", item=f"item:{far}", target=b)
    assert g.wounds(b) == 1


def scattering_misdirector(to):
    """A VOL 3 (field of view 15 K), INT 6 caster of Magia: despistar with Alcance infinito; the enemy aimed at 29 K
    away at (40, 20), another at (40, 23); the cast declared moving the aimed one to `to`."""
    from wartime.core.rng import ScriptedDice
    g = Game(M(x=10, y=20, INT=6, VOL=3), M(side="blue", x=40, y=20, facing=180.0, VOL=2),
             M(side="blue", x=40, y=23, facing=180.0, VOL=2), width=60)
    g.dice = ScriptedDice(rolls=(), angles=(90.0,))
    g.world.dice = g.dice
    a, b, c = g.ids
    give_meta(g, a, mh("TRT-INVOCATION", "TRT-MAGIC-MISDIRECT", "TRT-INFINITE-RANGE"))
    g.start_activation(a, energy=10)
    g.dice.push(2, 1, 2, 2, 8)          # CH IMP 2 (INT 6, MOD-2 −2: 4); scatter 1 + 2 = 3 K at 90°; CH VOL ENF 2 vs 8
    g.act(a, "use_metahability", meta=0, target=b, to=to)
    assert g.all_dice_used() and g.events("dispersion")[0]["to"] == [40.0, 23.0]
    return g, a, b, c


def test_TRT_INFINITE_RANGE_a_scattered_misdirection_moves_whoever_it_lands_on_to_the_chosen_point():
    """Landed on the other enemy at (40, 23): the point (43, 24) chosen for the aimed one is 3.2 K from it, within INT
    6 K in a straight line: it is moved there; the aimed one stays."""
    g, a, b, c = scattering_misdirector([43, 24])
    assert g.pos(c) == (43, 24) and g.pos(b) == (40, 20)


def test_TRT_INFINITE_RANGE_a_scattered_misdirection_out_of_reach_of_the_landed_one_leaves_it():
    """The point (46, 20), 6 K from the aimed one, is 6.7 K from the enemy the cast landed on: beyond INT 6 K, it
    stays where it is (forced_move_lost)."""
    g, a, b, c = scattering_misdirector([46, 20])
    assert g.pos(c) == (40, 23) and g.events("forced_move_lost")[0]["who"] == c
