"""Accuracy counting in the balance lab (issue 15 point 3): an area attack counts as one attack, a hit when it lands
where aimed and a miss when it scatters (ARE-9) even if the scattered template still catches someone, or is lost
off the table; the per-target `hit` events of its template are not attacks. A plain attack counts its own hit or
miss (CMB-1 / CMB-2)."""
from __future__ import annotations

import pytest

from wartime.balance.accumulator import GameAccumulator
from wartime.core.components import Identity


def _acc():
    acc = GameAccumulator()
    for e, side in ((1, "red"), (2, "blue"), (3, "blue")):
        acc.roster[e] = Identity(name=f"m{e}", side=side, character_id=f"c{e}", cost=10)
        acc.stats[e] = {k: 0 for k in ("damage_dealt", "wounds_taken", "kills", "survived", "energy_spent",
                                        "actions", "hits", "misses", "reactions")}
    return acc


def ev(t, **kw):
    return ("e", {"type": t, **kw})


@pytest.mark.parametrize("dispersed,expected", [(True, (0, 1)), (False, (1, 0))],
                         ids=["ARE-9 scattered: one miss", "ARE-5 landed: one hit"])
def test_ARE_5_ARE_9_an_area_attack_is_one_hit_or_one_miss_for_two_caught(dispersed, expected):
    """ARE-9: a scattered area attack is one miss whoever its template catches; ARE-5: one that lands where aimed
    is one hit, for the two miniatures caught."""
    acc = _acc()
    acc.steps([ev("area_attack", attacker=1, area="R3"),
               ev("area_placed", attacker=1, area="R3", dispersed=dispersed),
               ev("hit", attacker=1, target=2, area="R3"), ev("hit", attacker=1, target=3, area="R3")])
    assert (acc.stats[1]["hits"], acc.stats[1]["misses"]) == expected


def test_ARE_9_an_area_attack_lost_off_the_table_is_a_miss_and_plain_attacks_count_as_before():
    acc = _acc()
    acc.steps([ev("area_attack", attacker=1, area="R3"), ev("area_lost", attacker=1, area="R3"),
               ev("hit", attacker=1, target=2), ev("miss", attacker=1, target=3)])
    assert (acc.stats[1]["hits"], acc.stats[1]["misses"]) == (1, 2)
