"""Alarm mode (ALM-2, ALM-9..ALM-14, ALM-32..ALM-41, ALM-44): the [alarm] table's validation and the alarm's
arithmetic (wartime.rules.alarm). Playing an alarm in the turn flow: tests/rules/test_rules_alarm_play.py."""
from __future__ import annotations

from pathlib import Path

import pytest

from wartime.core.errors import DataError, NotImplementedRule, RuleViolation
from wartime.core.rng import Dice
from wartime.data.alarm_data import alarm_duration, alarm_presets, reinforcement_vp
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match
from wartime.rules import alarm

ROOT = Path(__file__).resolve().parents[2]
#: ALM-44's worked example verbatim (r = 2, N = 46); the shipped scenario differs only in its tuned lethal_ratio
VAULT = ROOT / "tests" / "rules" / "alm44" / "hold-the-vault.toml"
BELL = ROOT / "scenarios" / "alarm" / "bell-crypt.toml"

_HEAD = """format = 1
type = "scenario"
name = "t"
points_limit = 300
turn_limit = 8
victory = "elimination"
[board]
width = 24
height = 24
[deployment.red]
rect = [9, 9, 15, 15]
[deployment.blue]
rect = [0, 0, 24, 3]
"""


def _scenario(tmp_path: Path, alarm_text: str):
    f = tmp_path / "s.toml"
    f.write_text(_HEAD + alarm_text, encoding="utf-8")
    return f


def _problems(tmp_path: Path, alarm_text: str) -> list[tuple[str, str, str]]:
    f = _scenario(tmp_path, alarm_text)
    with pytest.raises(DataError) as exc:
        load_scenario(f)
    return exc.value.problems


def test_ALM_2_kind_is_temporal_or_carry_the_bell(tmp_path: Path) -> None:
    """ALM-2: an unknown kind is refused naming file, field and the two kinds."""
    probs = _problems(tmp_path, '[alarm]\nkind = "wandering"\nvpo = 6\nvpl = 13\n[alarm.hold_zone]\n'
                                'circle = [12, 12, 5]\n')
    assert any(f.endswith("s.toml") and field == "alarm.kind" and "ALM-2" in p and "carry_the_bell" in p
               for f, field, p in probs)
    probs = _problems(tmp_path, '[alarm]\nvpo = 6\nvpl = 13\n')
    assert any(field == "alarm.kind" and "missing" in p for _, field, p in probs)


def test_ALM_9_ALM_10_reinforcement_value_rounds_up() -> None:
    """ALM-9, ALM-10: VPr = ⌈VPo/4⌉ or ⌈VPo/2⌉, a whole VP."""
    assert reinforcement_vp(6, 4) == 2
    assert reinforcement_vp(6, 2) == 3
    assert reinforcement_vp(2, 4) == 1


def test_ALM_11_duration_and_vpo_at_least_vpl_rejected(tmp_path: Path) -> None:
    """ALM-11: d = ⌈(VPl − VPo)/VPr⌉; a scenario with VPo ≥ VPl is refused naming the field."""
    assert alarm_duration(6, 13, 2) == 4
    assert alarm_duration(2, 9, 1) == 7
    with pytest.raises(ValueError, match="ALM-11"):
        alarm_duration(13, 13, 2)
    probs = _problems(tmp_path, '[alarm]\nkind = "temporal"\nvpo = 13\nvpl = 13\n[alarm.hold_zone]\n'
                                'circle = [12, 12, 5]\n')
    assert [(field, "ALM-11" in p) for _, field, p in probs] == [("alarm.vpo", True)]


def test_ALM_12_lower_vpo_gives_a_longer_alarm() -> None:
    """ALM-12: VPl = 18 with /4: VPo 6 → d = 6; VPo 4 → d = 14."""
    assert alarm_duration(6, 18, reinforcement_vp(6, 4)) == 6
    assert alarm_duration(4, 18, reinforcement_vp(4, 4)) == 14


def test_ALM_13_alarm_written_as_the_source_writes_it() -> None:
    """ALM-13: "Alarm of 4 rounds. Initial wave: 6 VP. Reinforcement waves: 2 VP. Total VP: 13"."""
    s = alarm.AlarmShape("temporal", 4, 6, 2, 13, 46)
    assert s.describe() == "Alarm of 4 rounds. Initial wave: 6 VP. Reinforcement waves: 2 VP. Total VP: 13"


def test_ALM_14_presets_verbatim_and_formulas_authoritative(tmp_path: Path) -> None:
    """ALM-14: 18 rows verbatim; "601-1200 / Normal" is W 4, X 6, Y 2, Z 13 and the formulas agree; "0-600 / Easy"
    recomputed gives VPr 1 and d 7 (not 0.5 and 10). A scenario naming an unknown preset is refused."""
    rows = alarm_presets()
    assert len(rows) == 18
    p = rows["601-1200 / Normal"]
    assert (p.rounds, p.vpo, p.vpr, p.vpl) == (4, 6, 2, 13)
    assert reinforcement_vp(p.vpo, 4) == 2 and alarm_duration(p.vpo, p.vpl, 2) == 4
    e = rows["0-600 / Easy"]
    assert (e.rounds, e.vpr) == (10, 0.5)
    assert reinforcement_vp(e.vpo, 4) == 1 and alarm_duration(e.vpo, e.vpl, 1) == 7
    probs = _problems(tmp_path, '[alarm]\nkind = "temporal"\npreset = "601-1200 / Normall"\n'
                                '[alarm.hold_zone]\ncircle = [12, 12, 5]\n')
    assert any(field == "alarm.preset" and "did you mean '601-1200 / Normal'" in p for _, field, p in probs)
    probs = _problems(tmp_path, '[alarm]\nkind = "temporal"\npreset = "601-1200 / Normal"\nvpo = 3\n'
                                '[alarm.hold_zone]\ncircle = [12, 12, 5]\n')
    assert [field for _, field, _ in probs] == ["alarm.vpo"]


def test_ALM_32_points_value_of_a_vp() -> None:
    """ALM-32: P = 300, VPl = 13, r = 2 → N = 46; VPo 6 → 276 points; VPr 2 → 92 points."""
    assert alarm.vp_points(300, 13, 2) == 46
    s = alarm.AlarmShape("temporal", 4, 6, 2, 13, alarm.vp_points(300, 13))
    assert (s.first_budget, s.wave_budget, s.per_character_cap) == (276, 92, 92)


def test_ALM_33_buying_waves() -> None:
    """ALM-33: budget 92, costs 40 and 55: 40 + 40 legal with 12 lost; 40 + 55 illegal; a 120-point profile
    cannot be bought; nothing under 10 points."""
    assert alarm.check_purchase([40, 40], 92, 92) == 12
    with pytest.raises(RuleViolation, match="ALM-33"):
        alarm.check_purchase([40, 55], 92, 92)
    with pytest.raises(RuleViolation, match="ALM-33"):
        alarm.check_purchase([120], 276, 92)
    with pytest.raises(RuleViolation, match="ALM-33"):
        alarm.check_purchase([5], 92, 92)


def test_ALM_36_arrival_energy_cap() -> None:
    """ALM-36: CON 4 AGI 3 → capped at 4 (3.5 up); CON 6 AGI 7 → 5, not 7; carry-the-bell arrivals stay at 0
    and no arrival reacts; ALM-42 Hasty wave lifts one step."""
    assert alarm.arrival_energy(4, 3) == 4
    assert alarm.arrival_energy(6, 7) == 5
    assert alarm.arrival_energy(4, 3, kind="carry_the_bell") == 0
    assert alarm.arrival_energy(4, 3, kind="temporal", hasty=True) == 7
    assert alarm.arrival_energy(4, 3, kind="carry_the_bell", hasty=True) == 4
    assert not alarm.may_react_on_arrival("temporal") and not alarm.may_react_on_arrival("carry_the_bell")


def test_ALM_37_temporal_timeline() -> None:
    """ALM-37: first wave in alarm turn 1, VPr waves in turns 2 … d + 1, none from d + 2."""
    s = alarm.AlarmShape("temporal", 4, 6, 2, 13, 46)
    assert [alarm.wave_vp(s, t) for t in range(1, 8)] == [6, 2, 2, 2, 2, 0, 0]


def test_ALM_39_ALM_15_bell_waves_until_the_end_event() -> None:
    """ALM-39, ALM-15: carry-the-bell waves keep coming every turn (turn 12 too) until the end event."""
    s = alarm.AlarmShape("carry_the_bell", 5, 4, 2, 13, 46)
    assert alarm.wave_vp(s, 12) == 2
    assert alarm.wave_vp(s, 7, end_met_before=True) == 0


def test_ALM_40_end_of_game_and_victory() -> None:
    """ALM-40: temporal d = 4 → max_turns 8; a defender standing at the end of turn 8 wins; all defenders
    casualties earlier → attacker wins at once; carry-the-bell without the end event → attacker."""
    a = load_scenario(VAULT, allow_outside=True).alarm
    assert alarm.max_turns(a) == 8
    assert alarm.winner("temporal", 1, False, 8, 8) == "red"
    assert alarm.winner("temporal", 0, False, 6, 8) == "blue"
    assert alarm.winner("temporal", 2, False, 6, 8) is None
    assert alarm.winner("carry_the_bell", 2, False, 12, 12) == "blue"
    assert alarm.winner("carry_the_bell", 2, True, 12, 12) == "red"
    assert alarm.max_turns(load_scenario(BELL).alarm) == 12


def test_ALM_41_strident_alarm_and_budget_tokens() -> None:
    """ALM-41, ALM-25, ALM-26: d10 7 → +3 turns and max_turns 11; Reinforcements I adds ⌈VPr/2⌉, II adds 2·VPr."""
    a = load_scenario(VAULT, allow_outside=True).alarm
    extra = alarm.strident_rounds(7)
    assert extra == 3 and alarm.max_turns(a, extra) == 11
    assert alarm.strident_rounds(5) == 2
    assert alarm.token_bonus_vp(3, ["reinforcements_1"]) == 2
    assert alarm.token_bonus_vp(2, ["reinforcements_2"]) == 4


def test_ALM_44_hold_the_vault_numbers() -> None:
    """ALM-44: N = 46, d = 4, budgets [276, 138, 92, 92, 92] with Reinforcements I in turn 2, none in turn 6,
    max_turns 8."""
    sc = load_scenario(VAULT, allow_outside=True)
    s = alarm.shape(sc.alarm, sc.points_limit)
    assert (s.n, s.rounds) == (46, 4)
    assert alarm.budgets(s, 6, {2: ["reinforcements_1"]}) == [276, 138, 92, 92, 92, 0]
    assert alarm.max_turns(sc.alarm) == 8


def test_ALM_38_bell_scenario_needs_goal_and_spawn_markers(tmp_path: Path) -> None:
    """ALM-38, ALM-39: a carry-the-bell alarm without goal or spawn markers is refused naming the fields; the
    shipped crypt loads its four markers."""
    probs = _problems(tmp_path, '[alarm]\nkind = "carry_the_bell"\nvpo = 4\nvpl = 13\n')
    fields = {field for _, field, _ in probs}
    assert {"alarm.goal", "alarm.spawn"} <= fields
    a = load_scenario(BELL).alarm
    assert [m.id for m in a.spawn] == ["side_room_south", "crossing", "side_room_north", "east_corner"]
    assert (a.vpr, a.rounds) == (2, 5)


def test_ALM_33_bestiary_waves_fit_the_vault_cap_and_heroes_fit_the_limit() -> None:
    """ALM-33, ALM-32: every bestiary monster costs 10 points or more and at most the vault's 92-point cap, so a
    first wave of 276 points can be bought from it; the heroes list fits both alarm scenarios' points limit."""
    from wartime.data.costs import character_cost, list_cost
    from wartime.data.loader import load_catalogue
    cat = load_catalogue(ROOT / "scenarios" / "alarm" / "catalogue" / "bestiary.toml")
    costs = sorted(character_cost(c) for c in cat.characters.values())
    sc = load_scenario(VAULT, allow_outside=True)
    s = alarm.shape(sc.alarm, sc.points_limit)
    assert alarm.check_purchase(costs, 10_000, s.per_character_cap) == 10_000 - sum(costs)
    greedy = [costs[-1]] * (s.first_budget // costs[-1])
    assert alarm.check_purchase(greedy, s.first_budget, s.per_character_cap) < costs[-1]
    heroes = load_army_list(ROOT / "scenarios" / "alarm" / "lists" / "heroes.toml")
    assert list_cost(heroes) <= min(sc.points_limit, load_scenario(BELL).points_limit)
