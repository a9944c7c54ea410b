"""Situation tests of the scripted controller's mines (ai/scripted_mines.py: GNA-15 bombs, TRT-REMOTE-CONTROL): it
lays a bomb facing an enemy that may come, sets off a remote charge when the blast hits enemies and no ally, and is
inert for a character without bombs."""
from __future__ import annotations

from types import SimpleNamespace

from tests.rules.rules_helpers import Game, M, blade, weapon
from tests.rules.test_rules_traits_mines import laid, mine, remote
from wartime.ai.scripted import ScriptedController
from wartime.ai.scripted_mines import mines_act
from wartime.rules import placed


def decide(g: Game):
    return ScriptedController().decide(SimpleNamespace(gs=g.gs, engine=g.engine, decisions=[]), g.pending)


def test_GNA_15_scripted_lays_a_bomb_facing_an_enemy_that_may_come():
    """An enemy 9 K away: the sapper drops its mine facing it (the mine lies between them)."""
    g = Game(M(x=10, y=20, weapons=(mine(), weapon(key="carbine"))), M(side="blue", x=20, y=24, facing=180.0))
    a, b = g.ids
    g.start_activation(a, energy=6)
    d = decide(g)
    assert (d.action, d.params) == ("drop_item", {"item": "weapon:0"})
    assert abs(d.facing - 21.8014) < 1e-3


def test_TRT_ACTIVATION_AREA_scripted_lays_a_hex_trap_object_but_not_a_healing_beacon():
    """An object with Área de activación whose use harms (Maleficio (Lento)) is laid as a mine facing an enemy 9 K
    away; a healing beacon with it is not laid (its use helps whoever trips it)."""
    from wartime.core.components import Gear, Item
    for traits_, laid_ in ((("TRT-HEX", "TRT-HEX:Lento"), True), (("TRT-ELIXIR",), False)):
        g = Game(M(x=10, y=20, weapons=(weapon(key="carbine"),)), M(side="blue", x=20, y=24, facing=180.0))
        a, b = g.ids
        item = g.world.create(Item("Trap", holder=a), Gear("trap", "Trap", 1, 1, 3,
                                                           traits_ + ("TRT-ACTIVATION-AREA",),
                                                           (("TRT-ELIXIR", 1),) if not laid_ else ()))
        g.start_activation(a, energy=6)
        d = mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending)
        if laid_:
            assert (d.action, d.params) == ("drop_item", {"item": f"item:{item}"})
        else:
            assert d is None


def test_TRT_ACTIVATION_AREA_scripted_lays_a_cocktail_trap_on_the_attribute_least_useful_to_the_enemy():
    """A cocktail trap (Cóctel de vitaminas + Área de activación: +1 on one attribute now, −1 on all next activation)
    is laid facing the enemy 9 K away with INT, among the four options the engine offers (the enemy relies on it
    least); for an ally it would be the attribute it relies on most (AGI: every attack), CON with a melee weapon."""
    from wartime.ai.scripted_mines import trap_choice
    from wartime.core.components import Gear, Item
    g = Game(M(x=10, y=20, weapons=(weapon(key="carbine"),)), M(side="blue", x=20, y=24, facing=180.0),
             M(x=5, y=5, weapons=(weapon(key="carbine"),)), M(x=5, y=30, weapons=(blade(),)))
    a, b, c, f = g.ids
    item = g.world.create(Item("Cocktail trap", holder=a), Gear("trap", "Cocktail trap", 1, 1, 3,
                                                                ("TRT-VITAMIN-COCKTAIL", "TRT-ACTIVATION-AREA"), ()))
    g.start_activation(a, energy=6)
    d = mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending)
    assert (d.action, d.params) == ("drop_item", {"item": f"item:{item}", "choice": "INT"})
    assert g.engine.check_action(a, d.action, d.params, d.chain, d.facing) == 1
    options = ["CON", "AGI", "INT", "VOL"]
    assert trap_choice(g.gs, a, c, options) == "AGI" and trap_choice(g.gs, a, b, options) == "INT"
    assert trap_choice(g.gs, a, f, options) == "CON" and trap_choice(g.gs, a, b, []) is None


def test_GNA_15_scripted_lays_no_bomb_when_the_enemy_is_far_or_without_one():
    g = Game(M(x=10, y=20, weapons=(mine(), weapon(key="carbine"))), M(side="blue", x=35, y=20, facing=180.0))
    g.start_activation(g.ids[0], energy=6)
    assert decide(g).action != "drop_item"
    g = Game(M(x=10, y=20, weapons=(weapon(key="carbine"),)), M(side="blue", x=20, y=20, facing=180.0))
    g.start_activation(g.ids[0], energy=6)
    assert mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending) is None


def test_TRT_REMOTE_CONTROL_scripted_sets_off_a_charge_under_enemies_only():
    """A blue mini 1.4 K from the charge, the sapper 15 K away: it sets it off; with a red ally beside the charge too
    (one enemy, one ally), it does not."""
    g, c = laid(remote(), M(side="blue", x=12.5, y=20, facing=180.0))
    a = g.ids[0]
    g.start_activation(a, energy=6)
    d = mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending)
    assert (d.action, d.params) == ("set_off_charge", {"item": c})
    g, c = laid(remote(), M(side="blue", x=12.5, y=20, facing=180.0), M(x=10.6, y=21.6))
    g.start_activation(g.ids[0], energy=6)
    d = mines_act(SimpleNamespace(gs=g.gs, engine=g.engine), g.pending)
    assert d is None or d.action != "set_off_charge"


def _trips(g: Game, d) -> bool:
    """Whether the decided move would set off a placed charge (the engine's own TRT-ACTIVATION-AREA check)."""
    e = d.actor
    pts = [(g.pos(e)[0], g.pos(e)[1])] + [tuple(q) for q in d.params["path"]]
    length = sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in zip(pts, pts[1:]))
    return placed.first_trip(g.gs, e, pts, length) is not None


def test_TRT_ACTIVATION_AREA_scripted_ally_walks_round_its_sides_charge():
    """A red brawler at (7, 20) heads for a blue mini at (26, 20); the red sapper's operative mine lies at (10.6, 20),
    on the straight way: the brawler's move goes round the mine's activation area (RNG 1 K) and still closes in."""
    g, c = laid(mine(), M(x=7, y=20, weapons=(blade(),)), M(side="blue", x=26, y=20, facing=180.0))
    ally = g.ids[1]
    g.start_activation(ally, energy=10)
    d = decide(g)
    assert d.action in ("move", "run", "sprint") and d.params.get("path"), d
    assert not _trips(g, d)
    end = d.params["path"][-1]
    assert end[0] > 10.6                                 # past the mine, towards the enemy
    assert len(placed.charges(g.gs)) == 1


def test_TRT_ACTIVATION_AREA_scripted_keeps_its_straight_way_without_a_charge():
    """The same brawler with no charge on the table runs the straight way (the avoidance is inert)."""
    g = Game(M(x=10, y=5), M(x=4, y=20, weapons=(blade(),)), M(side="blue", x=24, y=20, facing=180.0))
    ally = g.ids[1]
    g.start_activation(ally, energy=10)
    d = decide(g)
    assert all(abs(q[1] - 20.0) < 1e-6 for q in d.params["path"]), d


def test_TRT_ACTIVATION_AREA_scripted_enemy_walks_round_a_charge_it_sees():
    """A blue brawler heading for a red mini at (20, 20) past the red sapper's mine at (10.6, 20) goes round it too."""
    g, c = laid(mine(), M(side="blue", x=7, y=20, weapons=(blade(),)), M(x=20, y=20, facing=180.0))
    g.start_activation(g.ids[1], energy=10)
    d = decide(g)
    assert d.params.get("path") and not _trips(g, d) and d.params["path"][-1][0] > 10.6, d
