"""The scripted controller under an alarm (ai/scripted_alarm.py): its idea of the game's last turn follows the alarm
end read from the state (ALM-34, ALM-40), and a defender works a mechanism marker the scenario declares usable with
Usar (ALM-39, GNA-16)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from wartime.ai.scripted import ScriptedController
from wartime.ai.scripted_alarm import is_last_turn
from wartime.core.components import Searchable
from wartime.rules import alarm_flow
from wartime.rules.sequence import Decision
from tests.rules.test_rules_alarm_events import WINCH_USE, _lever_vault, _variant
from tests.rules.test_rules_alarm_play import BELL, RAT


def test_ALM_40_scripted_last_turn_follows_a_mid_game_start(tmp_path: Path) -> None:
    """ALM-34, ALM-40: the alarm set off in turn 1 ends the game after turn 9, not the scenario's stale 8: turn 8 is
    not the scripted controller's last turn, turn 9 is."""
    m = _lever_vault(tmp_path, positions={"1": [12.9, 12.0, 0.0]})
    assert not is_last_turn(m) and m.gs.turn_limit == 8
    lever = next(iter(m.gs.world.query(Searchable)))
    m.gs.world.set(lever, replace(m.gs.world.get(lever, Searchable), searched=True))    # a passed Buscar (GNA-2)
    alarm_flow.after_action(m.gs, 1)
    flow = m.engine.flow
    m.gs.world.resources["flow"] = replace(flow, turn=8)
    assert not is_last_turn(m)
    m.gs.world.resources["flow"] = replace(flow, turn=9)
    assert is_last_turn(m)


def test_ALM_39_GNA_16_scripted_defender_works_the_usable_mechanism(tmp_path: Path) -> None:
    """ALM-39, GNA-16: a scripted defender in base contact with a mechanism marker declared usable chooses Usar it."""
    m = _variant(tmp_path, BELL, {'bell = "side"': 'bell = "side"\nend = "mechanism"\nmechanism = "winch"'},
                 WINCH_USE, positions={"1": [3.0, 13.0, 0.0]})
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8]]}))
    m.submit(Decision("activate", "red", choice=1))
    d = ScriptedController().decide(m, m.pending)
    assert d.action == "use_scenario_element" and d.params == {"element": "winch"}
