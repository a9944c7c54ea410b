"""Cover in ranged attacks (CMB-17, CMB-18) and what crouching and going prone change (MVA-4, MVA-5); the
line of fire (ENV-3) and fields of fire (ENV-4, ENV-5) of carried and fixed weapons."""
from __future__ import annotations

import math

import pytest

from rules_helpers import Game, M, piece, violation, weapon


def wall(height: float = 0.75, defense: int = 3):
    """The ENV-2 wall: for a shooter at (5, 20) and a target at (15, 20) it hides 20 of 25 samples."""
    return [piece("wall", "low", 13.9, 18, 14.1, 22, height=height, blocks_los=True, defense=defense)]


def setup(target_posture: str = "standing", attacker_posture: str = "standing", pieces=None) -> Game:
    g = Game(M(x=5, y=20, VOL=6, posture=attacker_posture, weapons=(weapon(),)),
             M(side="blue", x=15, y=20, CON=9, facing=180.0, posture=target_posture),
             pieces=wall() if pieces is None else pieces)
    g.start_activation(g.ids[0], energy=10)
    return g


def shoot(g: Game, *dice: int) -> None:
    a, b = g.ids
    g.dice.push(*dice)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used()


def test_CMB_17_the_CH_DEF_names_the_hidden_fraction_and_gets_plus_2():
    """CMB-17: behind the chest-high wall a standing target is 80 % hidden: its CH DEF is at +2 and its `check`
    event names the hidden fraction."""
    g = setup()
    shoot(g, 3, 5, 2)
    d = g.check("DEF")
    assert d["hidden_fraction"] == pytest.approx(0.8) and g.mods(d) == {"CMB-17": 2}


def test_MVA_4_a_crouched_target_behind_the_wall_is_100_percent_hidden():
    """MVA-4 / CMB-18: crouched, the target counts half its height for LOS and cover: the same wall now hides
    all 25 samples, so the cover's CH DEF (DEF 3) comes first; a 3 stops the attack. (A target completely
    hidden cannot be chosen for an ordinary shot: here the wall leaves LOS to none of it, so the shot is refused;
    a crouched target half hidden is shot as usual.)"""
    g = setup("crouched")
    a, b = g.ids
    assert g.gs.current_height(b) == 0.5
    c = g.gs.cover(a, [b])[0]
    assert c.blocked == 25 and not c.has_los
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": b, "weapon": 0}).rule_id == "ENV-2"
    # from a crouched attacker (eye 0.5 K) a standing target behind a low 0.3 K fence stays in sight
    g2 = setup("standing", "crouched", pieces=wall(height=0.3))
    shoot(g2, 3, 5, 2)
    assert g2.check("DEF")["hidden_fraction"] < 1.0


def test_MVA_5_prone_behind_any_cover_is_100_percent_hidden_and_in_the_open_is_not():
    """MVA-5 / CMB-18: prone behind a wall that would hide only part of it, the target counts as 100 % hidden:
    the cover check (DEF 3) first, then, failed, a CH DEF at +2; in the open it has no cover (only the
    modifiers: CH IMP −2 from more than 3 K)."""
    g = setup("prone", pieces=wall(height=0.2))
    a, b = g.ids
    assert g.gs.cover(a, [b])[0].blocked == 10          # the fence alone hides the 2 lowest rows
    shoot(g, 3, 6, 5, 2)            # hit (5 − 2 = 3); cover check 6 fails; CH DEF +2 (DEF 0 + 2): 5 fails
    cov, d = g.check("COVER"), g.check("DEF")
    assert cov["hidden_fraction"] == 1.0 and d["hidden_fraction"] == 1.0 and g.mods(d) == {"CMB-18": 2}
    g2 = setup("prone", pieces=[])
    shoot(g2, 3, 5, 2)
    assert g2.checks("COVER") == [] and g2.check("DEF")["hidden_fraction"] == 0.0
    assert g2.mods(g2.check("IMP")) == {"MVA-5": -2}


def test_CMB_18_the_cover_check_uses_the_DEF_of_the_piece_hiding_most():
    """CMB-18: a 100 %-hidden (prone) target's cover check is made against the DEF of the piece blocking the
    most samples, not the strongest one."""
    pieces = [piece("fence", "low", 13.9, 18, 14.1, 22, height=0.2, blocks_los=True, defense=2),
              piece("logs", "low", 12.9, 18, 13.1, 22, height=0.25, blocks_los=True, defense=5)]
    g = setup("prone", pieces=pieces)
    shoot(g, 3, 2)                  # the fence hides 10 samples, the logs 5: the cover check is against DEF 2
    assert g.check("COVER")["target"] == 2 and g.events("attack_stopped")


# --- ENV-3, ENV-4, ENV-5 ------------------------------------------------------------------------------------------
def test_ENV_3_a_carried_weapon_fires_from_the_eye():
    """ENV-3: the muzzle of a carried weapon is its bearer's eye point: the line of fire is the line of sight
    (crouched, the eye and the muzzle are 0.5 K up)."""
    g = setup(attacker_posture="crouched")
    a, b = g.ids
    assert g.gs.muzzle(a, g.gs.weapon(a, 0)) == g.gs.eye(a) == (5.0, 20.0, 0.5)


def test_ENV_4_a_carried_weapon_fires_in_the_FOV_arc_within_RNG():
    """ENV-4: a bearer at (0, 0) faces +x with a pistol of RNG 8: a target centred at (8.5, 0) is in its field
    of fire (7.5 K); one centred at (−2, 0) is not (behind)."""
    g = Game(M(x=10, y=20, weapons=(weapon(RNG=8),)), M(side="blue", x=18.5, y=20), M(side="blue", x=8, y=20))
    a, front, back = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": front, "weapon": 0}) == 2
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": back, "weapon": 0}).rule_id == "ENV-1"


@pytest.mark.parametrize("bearing, inside", [(47.0, True), (50.0, False), (-47.0, True)])
def test_ENV_5_a_fixed_weapon_fires_in_a_90_degree_arc(bearing, inside):
    """ENV-5: a forward-fixed weapon on a bearer facing +x fires at human targets 10 K away: a target at bearing
    47° is in (its base spans about 44.1°-49.9°), one at 50° is out (47.1°-52.9°)."""
    gun = weapon(RNG=40, key="mounted_gun", fixed=True)
    r = math.radians(bearing)
    g = Game(M(x=10, y=20, weapons=(gun,)), M(side="blue", x=10 + 10 * math.cos(r), y=20 + 10 * math.sin(r)))
    a, t = g.ids
    g.start_activation(a, energy=10)
    if inside:
        assert g.engine.check_action(a, "ranged_attack", {"target": t, "weapon": 0}) == 2
    else:
        assert violation(g.engine.check_action, a, "ranged_attack", {"target": t, "weapon": 0}).rule_id == "ENV-5"


def test_ENV_5_a_fixed_weapon_may_be_mounted_facing_another_way():
    """ENV-5: the data may give another mount facing: a side gun (mount_facing 90°) of a bearer facing +x
    covers 45°-135°: a target straight to its left is in, one straight ahead is out (it is still in the FOV)."""
    gun = weapon(RNG=40, key="side_gun", fixed=True, mount_facing=90.0)
    g = Game(M(x=10, y=20, weapons=(gun,)), M(side="blue", x=10, y=30), M(side="blue", x=20, y=20))
    a, left, ahead = g.ids
    g.start_activation(a, energy=10)
    assert g.engine.check_action(a, "ranged_attack", {"target": left, "weapon": 0}) == 2
    assert violation(g.engine.check_action, a, "ranged_attack", {"target": ahead, "weapon": 0}).rule_id == "ENV-5"
    assert g.engine.check_action(a, "ranged_attack", {"target": ahead, "weapon": 0}, facing=270.0) == 2
