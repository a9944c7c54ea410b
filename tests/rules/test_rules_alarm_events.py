"""Alarm start and end events other than `at_setup` and the goal (ALM-3, ALM-17, ALM-34, ALM-37..ALM-40): a trigger
marker (a lever element searched by a defender), a trap marker, a bell carried by one character or picked up as an
object, a mechanism end event and a temporal alarm's exit. Games are the shipped scenarios rewritten in tmp_path
(their lists still found), driven passively (tests/rules/test_rules_alarm_play.py's driver)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wartime.core.components import Activation, Life
from wartime.core.errors import DataError, RuleViolation
from wartime.core.rng import ScriptedDice
from wartime.data.loader import load_match_inputs
from wartime.match.match import Match
from wartime.rules import alarm_flow
from wartime.rules.sequence import Decision
from tests.rules.test_rules_alarm_play import BELL, RAT, VAULT, _drive, _events, _one

LEVER = '\n[[element]]\nid = "lever"\nname = "Vault lever"\nat = [12, 12]\n'


def _variant(tmp_path: Path, path: Path, changes: dict[str, str], extra: str = "", positions=None) -> Match:
    """The shipped scenario `path` with each key of `changes` replaced by its value and `extra` appended; the game
    after the defender's deployment at `positions`."""
    text = path.read_text(encoding="utf-8")
    for old, new in changes.items():
        assert old in text, old
        text = text.replace(old, new)
    f = tmp_path / path.name
    lists = (path.parents[3] / "scenarios" / "alarm" / "lists").as_posix() if "alm44" in str(path) else \
        (path.parent / "lists").as_posix()
    f.write_text(text.replace('"lists/', f'"{lists}/').replace('"../../../scenarios/alarm/lists/', f'"{lists}/')
                 + extra, encoding="utf-8")
    sc, lists = load_match_inputs(f, {}, allow_outside=True)
    m = Match(sc, lists, 1)
    m.submit(Decision("deploy", "red", params={"positions": positions} if positions else {}))
    return m


def _lever_vault(tmp_path: Path, positions=None) -> Match:
    return _variant(tmp_path, VAULT, {'start = "at_setup"\ntrigger = [12, 12]': 'start = "trigger_marker"\n'
                                      'marker = "lever"'}, LEVER, positions)


def _search_lever(m: Match, who: int = 1) -> None:
    m.gs.world.dice = ScriptedDice([1])                      # the CH INT of Buscar passes
    m.submit(Decision("activate", "red", choice=who))
    m.submit(Decision("action", "red", actor=who, action="search", params={"element": "lever"}))


# --- ALM-3, ALM-34: trigger and trap markers ---------------------------------------------------------------
def test_ALM_34_trigger_marker_search_starts_the_alarm_and_ends_the_turn(tmp_path: Path) -> None:
    """ALM-34: before the start event there is no wave and no alarm; a defender's passed Buscar of the lever starts
    it: the turn ends with that activation (the others lose theirs), the next turn is alarm turn 1 with the first
    wave in its window and the defender's initiative without a roll."""
    m = _lever_vault(tmp_path, positions={"1": [12.9, 12.0, 0.0]})
    assert m.pending.kind == "activate" and not _events(m, "alarm_window") and not alarm_flow.started(m.gs)
    _search_lever(m)
    assert _events(m, "alarm_start")[0]["who"] == 1 and alarm_flow.state_of(m.gs).start_turn == 2
    m.submit(Decision("action", "red", actor=1, action="end"))
    assert _events(m, "alarm_turn_cut")[0]["lost"] == [2, 3]
    assert m.pending.kind == "wave" and m.engine.flow.turn == 2 and alarm_flow.alarm_turn(m.gs, 2) == 1
    assert m.pending.options and alarm_flow.state_of(m.gs).budget == alarm_flow.setup_of(m.gs).shape.first_budget
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 1.0, 1.0]]}))
    assert _events(m, "initiative")[-1]["rule"] == "ALM-34" and not _events(m, "initiative_roll")
    assert alarm_flow.last_turn(m.gs) == 1 + alarm_flow.setup_of(m.gs).last_turn


def test_ALM_3_failed_search_or_attacker_does_not_start_it(tmp_path: Path) -> None:
    """ALM-3: the start event is the condition itself: a failed Buscar of the lever starts nothing (it may be
    searched again)."""
    m = _lever_vault(tmp_path, positions={"1": [12.9, 12.0, 0.0]})
    m.gs.world.dice = ScriptedDice([10])
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="search", params={"element": "lever"}))
    assert not alarm_flow.started(m.gs) and not _events(m, "alarm_start")


def test_ALM_34_trap_marker_sprung_by_a_move_within_1_K(tmp_path: Path) -> None:
    """ALM-34: a defender ending a move with its base within 1 K of the trap marker springs it: the alarm starts
    (a move ending farther does not)."""
    m = _variant(tmp_path, VAULT, {'start = "at_setup"': 'start = "trap_marker"'},
                 positions={"1": [9.5, 9.5, 0.0], "2": [14.0, 9.5, 0.0]})
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="move", params={"path": [[10.0, 10.0]]}))
    assert not alarm_flow.started(m.gs)                        # 2.83 − 0.5 K from (12, 12): too far
    m.submit(Decision("action", "red", actor=1, action="run", params={"path": [[11.2, 11.2]]}))
    assert _events(m, "alarm_start")[0]["who"] == 1 and alarm_flow.started(m.gs)


def test_ALM_37_defenders_outside_at_the_start_come_to_hold(tmp_path: Path) -> None:
    """ALM-37 (the engine's ruling for a start in play): a defender outside the hold zone when the alarm starts is
    not fleeing while it comes in; once inside, leaving again is fleeing (ALM-7)."""
    m = _lever_vault(tmp_path, positions={"1": [12.9, 12.0, 0.0], "2": [9.5, 9.5, 0.0]})
    m.gs.world.set(3, replace(m.gs.pos(3), x=20.0, y=12.0))          # 8 K from the lever: outside the 5 K zone
    _search_lever(m)
    assert alarm_flow.state_of(m.gs).latecomers == (3,)
    _drive(m, waves=lambda m, p: Decision("wave", "blue"),
           until=lambda m: m.engine.flow.turn == 2 and ((m.pending.kind == "activate" and 3 in m.pending.options)
                                                        or (m.pending.kind == "action" and m.pending.actor == 3)))
    if m.pending.kind == "activate":
        m.submit(Decision("activate", "red", choice=3))
    m.submit(Decision("action", "red", actor=3, action="move", params={"path": [[19.0, 12.0]]}))
    assert m.gs.world.get(3, Life).state == "active"              # still outside, coming in: not fled
    m.gs.world.set(3, replace(m.gs.pos(3), x=16.2, y=12.0))
    m.submit(Decision("action", "red", actor=3, action="move", params={"path": [[15.5, 12.0]]}))
    assert alarm_flow.state_of(m.gs).latecomers == ()
    m.submit(Decision("action", "red", actor=3, action="sprint", params={"path": [[17.5, 12.0]]}))
    assert m.gs.world.get(3, Life).state == "fled"


def test_ALM_40_alarm_never_started_loses(tmp_path: Path) -> None:
    """ALM-40 (the engine's ruling): the heroes never set the alarm off by the last turn: the attacker wins."""
    m = _lever_vault(tmp_path)
    _drive(m)
    assert m.result()["winner"] == "blue" and m.result()["reason"] == "alarm_not_started"


# --- ALM-17, ALM-38: the bell carried by one character, or picked up ---------------------------------------------
def _carried_bell(tmp_path: Path) -> Match:
    m = _variant(tmp_path, BELL, {'bell = "side"': 'bell = "character"\nbell_character = 2'})
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8]]}))
    return m


def test_ALM_17_ALM_38_only_the_carrier_rings_the_bell_home(tmp_path: Path) -> None:
    """ALM-17, ALM-38, ALM-39: bell = 'character': the 2nd defender carries it; another defender in the goal meets
    no end event, the carrier does."""
    m = _carried_bell(tmp_path)
    gs = m.gs
    assert alarm_flow.state_of(gs).carrier == 2
    gs.world.set(1, replace(gs.pos(1), x=30.0, y=12.0))
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="sprint", params={"path": [[33.0, 12.0]]}))
    assert not alarm_flow.state_of(gs).end_met and gs.world.get(1, Life).state == "active"
    m.submit(Decision("action", "red", actor=1, action="end"))
    gs.world.set(2, replace(gs.pos(2), x=30.0, y=11.0))
    _drive(m, until=lambda m: m.pending.kind == "activate" and m.pending.side == "red")
    m.submit(Decision("activate", "red", choice=2))
    m.submit(Decision("action", "red", actor=2, action="sprint", params={"path": [[33.0, 11.0]]}))
    assert alarm_flow.state_of(gs).end_met and _events(m, "alarm_end_event")[0]["who"] == 2


def test_ALM_38_bell_passes_on_when_its_carrier_falls(tmp_path: Path) -> None:
    """ALM-38 (the engine's ruling): the carrier falls: at the end of that activation the bell passes to the able
    defender nearest it."""
    m = _carried_bell(tmp_path)
    gs = m.gs
    gs.world.set(3, replace(gs.pos(3), x=gs.pos(2).x + 1.2, y=gs.pos(2).y))
    gs.world.set(1, replace(gs.pos(1), x=gs.pos(2).x - 3.0, y=gs.pos(2).y))
    m.submit(Decision("activate", "red", choice=1))
    gs.world.set(2, Life("dead"))
    m.submit(Decision("action", "red", actor=1, action="end"))
    assert alarm_flow.state_of(gs).carrier == 3 and _events(m, "alarm_bell")[0] == {
        "type": "alarm_bell", "rule": "ALM-38", "carrier": 3, "fallen": 2}


def test_ALM_38_bell_marker_picked_up_by_the_start_event(tmp_path: Path) -> None:
    """ALM-38, ALM-17: bell = 'marker': the Buscar that picks up the idol is the start event and its finder
    carries the bell."""
    m = _variant(tmp_path, BELL, {'start = "at_setup"\nbell = "side"': 'start = "trigger_marker"\nmarker = "idol"\n'
                                  'bell = "marker"'}, '\n[[element]]\nid = "idol"\nat = [3, 12]\n',
                 positions={"1": [3.0, 13.0, 0.0]})
    m.gs.world.dice = ScriptedDice([1])
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="search", params={"element": "idol"}))
    assert alarm_flow.started(m.gs) and alarm_flow.state_of(m.gs).carrier == 1


# --- ALM-39 mechanism, ALM-40 exit -------------------------------------------------------------------------
def test_ALM_39_mechanism_marker_ends_the_bell_alarm(tmp_path: Path) -> None:
    """ALM-39: end = 'mechanism': a defender's passed Buscar of the mechanism element is the end event: the next
    window gets no wave; the goal zone is then the way out (ALM-40)."""
    m = _variant(tmp_path, BELL, {'bell = "side"': 'bell = "side"\nend = "mechanism"\nmechanism = "winch"'},
                 '\n[[element]]\nid = "winch"\nat = [3, 12]\n', positions={"1": [3.0, 13.0, 0.0]})
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8]]}))
    m.gs.world.dice = ScriptedDice([1])
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="search", params={"element": "winch"}))
    assert alarm_flow.state_of(m.gs).end_met and _events(m, "alarm_end_event")[0]["rule"] == "ALM-39"
    _drive(m, until=lambda m: m.engine.flow.turn == 2)
    assert [e["turn"] for e in _events(m, "alarm_window")] == [1]


WINCH_USE = '\n[[element]]\nid = "winch"\nname = "Bell winch"\nat = [3, 12]\n[element.use]\nene = 3\ncheck = "INT"\n' \
            'modifier = -2\neffect = "mechanism"\n'


def test_ALM_39_GNA_16_mechanism_worked_with_the_scenario_usar_and_check(tmp_path: Path) -> None:
    """ALM-39, GNA-16: a mechanism marker that declares its use is worked with Usar (X = 3, CH INT - 2, as the
    scenario sets), not Buscar: a failed check spends the 3 ENE and the alarm goes on; a pass is the end event."""
    m = _variant(tmp_path, BELL, {'bell = "side"': 'bell = "side"\nend = "mechanism"\nmechanism = "winch"'},
                 WINCH_USE, positions={"1": [3.0, 13.0, 0.0]})
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8]]}))
    m.submit(Decision("activate", "red", choice=1))
    assert "search" not in m.pending.options and "use_scenario_element" in m.pending.options
    ene = m.gs.energy(1)
    target = m.gs.attrs(1).INT - 2
    m.gs.world.dice = ScriptedDice([target + 1, 1])          # CH INT - 2: a fail, then a pass
    m.submit(Decision("action", "red", actor=1, action="use_scenario_element", params={"element": "winch"}))
    assert m.gs.energy(1) == ene - 3 and not alarm_flow.state_of(m.gs).end_met
    assert [e["target"] for e in _events(m, "check") if e["rule"] == "GNA-16"] == [target]
    m.submit(Decision("action", "red", actor=1, action="use_scenario_element", params={"element": "winch"}))
    assert alarm_flow.state_of(m.gs).end_met and _events(m, "alarm_end_event")[0]["rule"] == "ALM-39"


def test_ALM_39_GNA_16_an_attacker_working_the_mechanism_leaves_it_as_it_was(tmp_path: Path) -> None:
    """ALM-39 (the engine's ruling: only a defender works an alarm marker): an attacker's passed Usar of the
    mechanism leaves it unworked, still offered to the defenders."""
    from wartime.core.components import UsableElement
    from wartime.rules.elements import apply_use
    m = _variant(tmp_path, BELL, {'bell = "side"': 'bell = "side"\nend = "mechanism"\nmechanism = "winch"'},
                 WINCH_USE, positions={"1": [3.0, 13.0, 0.0]})
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, 16.0, 5.8]]}))
    rat = next(e for e in m.gs.minis() if m.gs.side(e) == "blue")
    el = next(iter(m.gs.world.query(UsableElement)))
    apply_use(m.gs, rat, el)
    alarm_flow.after_action(m.gs, rat)
    assert not m.gs.world.get(el, UsableElement).used and not alarm_flow.state_of(m.gs).end_met
    assert _events(m, "alarm_marker_untouched")[0]["element"] == "winch"


def test_ALM_40_temporal_exit_after_the_alarm(tmp_path: Path) -> None:
    """ALM-40: a temporal alarm's `exit`: once the alarm is off a defender ending a move there leaves the table,
    escaped (not a casualty); while it sounds the exit is out of the hold zone: fleeing."""
    m = _variant(tmp_path, VAULT, {}, '\n[alarm.exit]\nrect = [0, 20, 24, 24]\n', positions={"1": [14.5, 13.5, 0.0]})
    _drive(m, waves=lambda m, p: _one(RAT)(m, p) if m.engine.flow.turn == 5 else Decision("wave", "blue"),
           until=lambda m: m.engine.flow.turn == 6 and m.pending.kind == "activate" and m.pending.side == "red")
    assert not alarm_flow.state_of(m.gs).on
    m.gs.world.set(1, replace(m.gs.pos(1), x=12.0, y=19.8))
    m.submit(Decision("activate", "red", choice=1))
    m.submit(Decision("action", "red", actor=1, action="move", params={"path": [[12.0, 20.8]]}))
    assert m.gs.world.get(1, Life).state == "escaped" and 1 not in m.engine.casualties("red")


@pytest.mark.parametrize("changes, field", [
    ({'start = "at_setup"\ntrigger = [12, 12]': 'start = "trigger_marker"'}, "alarm.marker"),
    ({'start = "at_setup"\ntrigger = [12, 12]': 'start = "trigger_marker"\nmarker = "levr"'}, "alarm.marker"),
    ({'start = "at_setup"\ntrigger = [12, 12]': 'start = "trap_marker"'}, "alarm.trigger"),
    ({'alarm_tokens = 2': 'alarm_tokens = 2\nend = "mechanism"'}, "alarm.end"),
])
def test_ALM_34_ALM_39_marker_fields_validated(tmp_path: Path, changes: dict, field: str) -> None:
    """ALM-34, ALM-39: a trigger or mechanism marker must name a [[element]]; a trap needs its point; a temporal
    alarm has no end field: one clear line naming the file and the field."""
    with pytest.raises(DataError, match=field.replace(".", r"\.")):
        _variant(tmp_path, VAULT, changes, LEVER)


def test_ALM_34_GNA_16_a_door_is_no_alarm_marker(tmp_path: Path) -> None:
    """ALM-34, GNA-16: a marker is searched or worked as a mechanism; naming a door element is one clear line."""
    door = ('\n[[terrain]]\nid = "vault_door"\nkind = "blocking"\nrect = [2, 2, 3, 4]\n' + LEVER +
            '[element.use]\nene = 1\neffect = "door"\ndoor = "vault_door"\n')
    with pytest.raises(DataError, match=r"alarm\.marker: element 'lever' is a door"):
        _variant(tmp_path, VAULT, {'start = "at_setup"\ntrigger = [12, 12]': 'start = "trigger_marker"\n'
                                   'marker = "lever"'}, door)


# --- alarm tokens: Hasty, Reckless, Strident (ALM-27..ALM-29, ALM-36, ALM-41, ALM-42) --------------------------
def _orc_wave_in_turn_2(tokens: list[str], spot=None) -> tuple[Match, int]:
    """Hold the vault: nothing in turn 1, an orc brute (CON 6, AGI 5) in the turn-2 window with `tokens`."""
    from tests.rules.test_rules_alarm_play import ORC, _match

    def wave(m, p):
        if m.engine.flow.turn != 2:
            return Decision("wave", "blue")
        o = next(o for o in p.options if o.index == ORC)
        x, y = spot(m.gs) if spot else alarm_flow.spawn_spots(m.gs, o.radius)[0]
        return Decision("wave", "blue", params={"buy": [[ORC, x, y]], "tokens": tokens})
    m = _match(VAULT)
    _drive(m, waves=wave, until=lambda m: m.engine.flow.turn == 2 and m.pending.kind in ("activate", "action"))
    return m, next(e for e in m.gs.minis() if m.gs.side(e) == "blue")


def test_ALM_28_ALM_36_ALM_42_hasty_wave_lifts_the_temporal_handicap() -> None:
    """ALM-28, ALM-36, ALM-42: with Hasty wave (1 token) a temporal reinforcement keeps its full gain (10, not 5) and
    may react in its arrival turn."""
    m, orc = _orc_wave_in_turn_2(["hasty_wave"])
    assert alarm_flow.may_react(m.gs, orc) and alarm_flow.state_of(m.gs).tokens == 1
    _drive(m, until=lambda m: m.pending.kind == "action" and m.pending.actor == orc)
    assert m.gs.energy(orc) == 10


def test_ALM_36_ALM_42_hasty_bell_arrivals_act_with_half_gain() -> None:
    """ALM-36, ALM-42: in carry-the-bell, Hasty wave gives the arrivals the temporal handicap instead of a lost
    turn: they activate in their arrival turn with half their gain, and may not react."""
    from tests.rules.test_rules_alarm_play import ORC, _match
    m = _match(BELL)
    m.submit(Decision("wave", "blue", params={"buy": [[ORC, 16.0, 5.8]], "tokens": ["hasty_wave"]}))
    orc = next(e for e in m.gs.minis() if m.gs.side(e) == "blue")
    assert not m.gs.world.get(orc, Activation).acted and not alarm_flow.may_react(m.gs, orc)
    _drive(m, until=lambda m: m.pending.kind == "action" and m.pending.actor == orc)
    assert m.engine.flow.turn == 1 and m.gs.energy(orc) == 5


def test_ALM_29_ALM_42_reckless_wave_may_be_placed_in_contact() -> None:
    """ALM-29, ALM-42: with Reckless wave a reinforcement may be placed in base contact with a defender (inside the
    deadly zone while spots outside are free), and is then engaged; in a carry-the-bell alarm it is refused."""
    from tests.rules.test_rules_alarm_play import ORC

    def beside(gs):
        low = min((1, 2, 3), key=lambda e: gs.pos(e).y)           # the southernmost hero: nobody below it
        r = alarm_flow.setup_of(gs).offers[ORC].radius
        return gs.pos(low).x, round(gs.pos(low).y - gs.body(low).radius - r - 0.01, 4)
    m, orc = _orc_wave_in_turn_2(["reckless_wave"], spot=beside)
    assert m.gs.engaged(orc)
    from tests.rules.test_rules_alarm_play import _match
    from wartime.core.errors import RuleViolation
    b = _match(BELL)
    with pytest.raises(RuleViolation, match="ALM-29"):
        b.submit(Decision("wave", "blue", params={"tokens": ["reckless_wave"]}))


def test_ALM_27_ALM_41_strident_alarm_adds_turns_once() -> None:
    """ALM-27, ALM-41: d = 4, Strident alarm played in alarm turn 2 with the d10 showing 7: 1D2 = 2, +3 turns: waves
    continue to alarm turn 8 and the last turn becomes 11; a second Strident alarm is refused."""
    from tests.rules.test_rules_alarm_play import _match
    from wartime.core.errors import RuleViolation
    m = _match(VAULT)
    m.submit(Decision("wave", "blue"))
    _drive(m, until=lambda m: m.pending.kind == "wave")
    m.gs.world.dice = ScriptedDice([7])
    m.submit(Decision("wave", "blue", params={"tokens": ["strident_alarm"]}))
    assert _events(m, "alarm_strident")[0]["extra"] == 3 and alarm_flow.last_turn(m.gs) == 11
    assert alarm_flow.due_vp(m.gs, 8) == 2 and alarm_flow.due_vp(m.gs, 9) == 0
    _drive(m, until=lambda m: m.pending.kind == "wave")
    with pytest.raises(RuleViolation, match="ALM-27"):
        m.submit(Decision("wave", "blue", params={"tokens": ["strident_alarm"]}))


def test_ALM_37_clear_spot_found_off_the_lattice(tmp_path: Path) -> None:
    """ALM-37: placement is decided on the exact geometry, not a lattice: a spawn area so small that no 1 K lattice
    point fits a rat still has a clear spot, offered and accepted (and a point outside it refused)."""
    m = _variant(tmp_path, VAULT, {}, '\n[alarm.spawn_area]\nrect = [2.1, 2.1, 2.9, 2.9]\n')
    r = alarm_flow.setup_of(m.gs).offers[RAT].radius
    assert r == 0.3                                # the centre must lie in [2.4, 2.6]: no lattice point
    (x, y), = alarm_flow.spawn_spots(m.gs, r)
    assert 2.4 - 1e-9 <= x <= 2.6 + 1e-9 and 2.4 - 1e-9 <= y <= 2.6 + 1e-9
    m.submit(Decision("wave", "blue", params={"buy": [[RAT, x, y]]}))
    assert _events(m, "alarm_wave")[0]["arrivals"][0][1:] == [x, y]


def test_ALM_27_strident_alarm_at_the_end_of_an_attacker_activation() -> None:
    """ALM-27 (ruling: playable at the end of any attacker activation, once per alarm): d = 4, the orc brute bought in
    alarm turn 2 plays Strident alarm as its activation ends (the d10 shows 7: 1D2 = 2, +3 turns): its activation is
    over, one token is spent, the last turn becomes 11 and waves continue to alarm turn 8; it is not offered again,
    and a defender is never offered it."""
    m, orc = _orc_wave_in_turn_2([])
    _drive(m, until=lambda m: m.pending.kind == "action")
    assert m.pending.actor != orc and "strident_alarm" not in m.pending.options       # a defender's activation
    _drive(m, until=lambda m: m.pending.kind == "action" and m.pending.actor == orc)
    assert "strident_alarm" in m.pending.options
    tokens = alarm_flow.state_of(m.gs).tokens
    m.gs.world.dice = ScriptedDice([7])
    m.submit(Decision("action", "blue", actor=orc, action="strident_alarm"))
    (ev,) = _events(m, "alarm_strident")
    assert (ev["extra"], ev["when"], ev["who"], ev["rule"]) == (3, "activation_end", orc, "ALM-27")
    assert alarm_flow.last_turn(m.gs) == 11 and alarm_flow.state_of(m.gs).tokens == tokens - 1
    assert alarm_flow.due_vp(m.gs, 8) == 2 and alarm_flow.due_vp(m.gs, 9) == 0
    assert m.gs.activation(orc).acted and (m.pending is None or m.pending.actor != orc)
    assert alarm_flow.strident_refusal(m.gs, orc) == "Strident alarm is played once per alarm"


def test_ALM_27_strident_alarm_refused_in_a_carry_the_bell_alarm_and_without_tokens(tmp_path: Path) -> None:
    """ALM-27: temporal only; ALM-41: it costs a token: with none left it is not offered either."""
    from tests.rules.test_rules_alarm_play import _match
    b = _match(BELL)
    rat_wave = _one(RAT)
    b.submit(rat_wave(b, b.pending))
    rat = next(e for e in b.gs.minis() if b.gs.side(e) == "blue")
    assert alarm_flow.strident_refusal(b.gs, rat) == "Strident alarm is played in a temporal alarm only"
    m, orc = _orc_wave_in_turn_2([])
    alarm_flow._set_state(m.gs, tokens=0)
    assert alarm_flow.strident_refusal(m.gs, orc) == "the attacker has 0 alarm token(s) left"
    with pytest.raises(RuleViolation, match="ALM-27"):
        alarm_flow.play_strident(m.gs, orc)
