"""Issue 15 point 1: the scripted AI never concentrated, supported or went prone. Situation tests of
`wartime/ai/scripted_spare.py`: Concentrarse (GNA-4) and Apoyar (GNA-1) with energy the next gain would cap
(ENE-3), Cuerpo a tierra (MVA-5) to shoot when no enemy fighter is near, Agacharse (MVA-4) when one is; each
fails with the session-19 AI (the flags off)."""
from __future__ import annotations

from dataclasses import replace

from tests.ai.test_scripted_terrain_actions import decide as decide_for, stub
from tests.ai.test_scripted_transports import _objective
from tests.rules.rules_helpers import Game, M, blade, piece, weapon
from wartime.ai.scripted import ScriptedController

RIFLE = weapon(ENE=4, RNG=40)


def _duel(distance: float, **red) -> Game:
    """A red rifleman and a blue one `distance` K north in the open (both MOV 1, so a charge reaches 4 K)."""
    return Game(M(side="red", x=10.0, y=10.0, facing=90.0, weapons=(RIFLE,), **red),
                M(side="blue", x=10.0, y=10.0 + 1.0 + distance, facing=270.0, weapons=(RIFLE,)))


def decide(g: Game, e: int | None = None, energy: int = 10):
    """The scripted AI's decision for `e` (the first miniature by default) at the start of its activation."""
    return decide_for(g, g.ids[0] if e is None else e, energy)


def _old(g: Game, e: int | None = None, energy: int = 10):
    """The session-19 AI's decision for `e` (the first miniature by default)."""
    e = g.ids[0] if e is None else e
    g.start_activation(e, energy=energy)
    return ScriptedController(concentrate=False, support=False, prone=False).decide(stub(g), g.pending)


def test_MVA_5_a_shooter_lies_prone_to_shoot_when_no_enemy_fighter_is_near():
    """MVA-5: 10 K from the only enemy (it could move and charge 1 + 4 K, + the 2 K margin: 7 K), with ENE for two
    shots and the posture, the shooter goes prone (its own shot +1, shots at it from beyond 3 K −2, 100 % hidden
    behind cover); the session-19 AI crouched (MVA-4)."""
    assert decide(_duel(10.0)).action == "go_prone"
    assert _old(_duel(10.0)).action == "crouch"


def test_MVA_4_with_an_enemy_fighter_in_reach_it_crouches_and_close_up_it_just_shoots():
    """MVA-4: 6 K away the enemy could reach it in melee before its next activation (prone, melee against it
    would get +2): it crouches; within 3 K neither posture helps against shots (MVA-4 / MVA-5 count beyond 3 K)."""
    assert decide(_duel(6.0)).action == "crouch"
    assert decide(_duel(2.5)).action.startswith("ranged_attack")


def test_MVA_5_not_prone_behind_a_low_wall_that_could_hide_the_target_from_the_ground():
    """MVA-5 ruling: a prone model has no height above its base. A low wall on the line to the target could hide it
    from the ground, so the shooter crouches instead (the shot it lies down for must stay possible)."""
    wall = piece("wall", "low", 8.0, 15.0, 12.0, 15.5, height=0.5, defense=3)
    g = Game(M(side="red", x=10.0, y=10.0, facing=90.0, weapons=(RIFLE,)),
             M(side="blue", x=10.0, y=21.0, facing=270.0, weapons=(RIFLE,)), pieces=[wall])
    assert decide(g).action == "crouch"


def test_GNA_4_it_concentrates_with_energy_the_next_gain_would_cap():
    """GNA-4: lying prone with ENE 10, CON 5 + AGI 5 (the next gain, ENE-3, fills any pool up to 10), two shots of
    4 ENE either way: 2 of the 2 ENE left over buy +1 on the first shot. With ENE 9 it would lose a shot (9 → 7 pays
    one): it shoots. With 3 wounds (gain 7) the 2 ENE left would be missed next turn: it shoots."""
    d = decide(_duel(10.0, posture="prone", CON=5))
    assert d.action == "concentrate", d
    assert _old(_duel(10.0, posture="prone", CON=5)).action.startswith("ranged_attack")
    assert decide(_duel(10.0, posture="prone", CON=5), energy=9).action.startswith("ranged_attack")
    assert decide(_duel(10.0, posture="prone", CON=6, wounds=3)).action.startswith("ranged_attack")


def test_GNA_4_concentrates_up_to_the_cap_of_3_then_shoots():
    """GNA-4: +1 a use, at most +3: after three Concentrarse (the engine's running total) it shoots, whatever ENE
    it has left (a fourth would add nothing)."""
    g = _duel(10.0, posture="prone", CON=5)
    a = g.ids[0]
    g.start_activation(a, energy=10)
    ctl = ScriptedController()
    g.gs.set_effects(a, concentrate=3, concentrate_building=True)
    assert ctl.decide(stub(g), g.pending).action.startswith("ranged_attack")


def test_GNA_1_a_holder_with_nothing_to_attack_supports_an_ally_about_to_shoot():
    """GNA-1: a red holder of the objective zone with no weapon and nothing to do ends its activation; with ENE the
    next gain would cap it first gives +1 to the rifleman 1.5 K away that has an enemy in view and has not acted
    this turn. The session-19 AI went on guard (GNA-8). Not to an ally that has acted."""
    def game():
        g = Game(M(side="red", x=34.0, y=20.0, facing=0.0, weapons=(blade(),)),
                 M(side="red", x=35.5, y=21.0, facing=180.0, weapons=(RIFLE,)),
                 M(side="blue", x=5.0, y=20.0, facing=0.0, weapons=(RIFLE,)))
        _objective(g)
        return g

    g = game()
    holder, rifleman, _ = g.ids
    d = decide(g, holder)
    assert d.action == "support" and d.params == {"target": rifleman}, d
    assert _old(game(), holder).action in ("on_guard", "end")
    g = game()
    g.gs.world.set(rifleman, replace(g.gs.activation(rifleman), acted=True))
    assert decide(g, holder).action in ("on_guard", "end")


def _ambush(enemy_acted: bool = False, seen: bool = False) -> Game:
    """A red brawler (MOV 4: a charge reaches 7 K) behind a 2 K wall, 3 K wide, that hides it from a blue brawler
    9 K away (MOV 4: one move brings it within the red's charge reach); no attack for the red now. `seen`: no
    wall."""
    wall = piece("wall", "high", 8.5, 14.0, 11.5, 14.5, height=2.0, blocks_los=True)
    g = Game(M(side="red", x=10.0, y=12.0, facing=90.0, mov=4, weapons=(blade(),)),
             M(side="blue", x=10.0, y=22.0, facing=270.0, mov=4, weapons=(blade(),)),
             pieces=[] if seen else [wall])
    if enemy_acted:
        blue = g.ids[1]
        g.gs.world.set(blue, replace(g.gs.activation(blue), acted=True))
    return g


def test_GNA_10_a_hidden_brawler_waits_for_an_enemy_still_to_act_to_come_into_reach():
    """GNA-10: with no attack now, unseen, and an enemy still to act this turn one move from its charge reach, the
    brawler waits (Esperar: it acts in the next phase, after the enemy may have come to it) instead of walking
    into its sight; the session-20 AI (wait off) ran round the wall. Not when that enemy has acted this turn, nor
    when an enemy sees it already (it would be shot or charged where it stands)."""
    assert decide(_ambush()).action == "wait"
    g = _ambush()
    red = g.ids[0]
    g.start_activation(red, energy=10)
    assert ScriptedController(wait=False).decide(stub(g), g.pending).action != "wait"
    assert decide(_ambush(enemy_acted=True)).action != "wait"
    assert decide(_ambush(seen=True)).action != "wait"


def test_GNA_10_it_waits_once_a_turn():
    """GNA-10 ruling (2) lets a character wait again when it resumes; the scripted AI does not (a resumed
    activation, read off its `activation_start` event, acts): waiting every phase would hand the enemy the turn."""
    g = _ambush()
    red = g.ids[0]
    g.start_activation(red, energy=10)
    assert ScriptedController().decide(stub(g), g.pending).action == "wait"
    g.act(red, "wait")
    g.start_activation(red, phase=g.engine.flow.phase - 1)
    d = ScriptedController().decide(stub(g), g.pending)
    assert d.action != "wait", d
