"""Alarm mode (ALM-32..ALM-44): the arithmetic of a two-player Wartime alarm.

The red side is the defender (the heroes, a normal list up to the points limit P), blue the attacker (the
monsters, bought wave by wave from a catalogue). This module computes what the rulings fix in numbers: the
points value of a VP (ALM-32), wave budgets and what a wave may buy (ALM-33), the timeline of waves (ALM-37,
ALM-39), the arrival handicap's energy cap (ALM-36), the end of the game (ALM-40) and the two budget tokens
(ALM-25, ALM-26, ALM-41).

The turn flow applies them in `rules/alarm_flow.py` (the window, the wave decision, arrivals, hold zone, goal,
victory).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wartime.core.errors import RuleViolation
from wartime.core.rounding import round_half_up

#: ALM-33: every character costs at least this many points (Wartime minimum).
MIN_CHARACTER_COST = 10
#: ALM-40: the default max_turns of a carry-the-bell alarm.
BELL_MAX_TURNS = 12
#: ALM-40: a temporal alarm's game lasts this many turns after its d rounds (three after the last wave).
TEMPORAL_EXTRA_TURNS = 4


def vp_points(points_limit: int, vpl: float, lethal_ratio: float = 2.0) -> int:
    """ALM-32: one VP is worth N = round(r · P / VPl) points (Wartime rounding, .5 up)."""
    if vpl <= 0:
        raise ValueError("ALM-32: VPl must be more than 0")
    return round_half_up(lethal_ratio * points_limit / vpl)


@dataclass(frozen=True)
class AlarmShape:
    """An alarm's numbers for a points limit (ALM-13 writes it "Alarm of W rounds. Initial wave: X VP.
    Reinforcement waves: Y VP. Total VP: Z")."""

    kind: str
    rounds: int          # d (W)
    vpo: float           # X
    vpr: float           # Y
    vpl: float           # Z
    n: int               # points per VP (ALM-32)

    @property
    def first_budget(self) -> int:
        """ALM-33: the first wave's budget, VPo × N points."""
        return round_half_up(self.vpo * self.n)

    @property
    def wave_budget(self) -> int:
        """ALM-33: a reinforcement wave's budget, VPr × N points."""
        return round_half_up(self.vpr * self.n)

    @property
    def per_character_cap(self) -> int:
        """ALM-33: no attacker character may cost more than VPr × N points (the "Normal category" cap)."""
        return self.wave_budget

    def describe(self) -> str:
        """ALM-13: the alarm as the source writes it."""
        return (f"Alarm of {self.rounds} rounds. Initial wave: {self.vpo:g} VP. "
                f"Reinforcement waves: {self.vpr:g} VP. Total VP: {self.vpl:g}")


def shape(alarm: Any, points_limit: int) -> AlarmShape:
    """ALM-32: the shape of a scenario's alarm (its preset row or formulas, resolved by the loader) for P."""
    return AlarmShape(alarm.kind, alarm.rounds, alarm.vpo, alarm.vpr, alarm.vpl,
                      vp_points(points_limit, alarm.vpl, alarm.lethal_ratio))


def token_bonus_vp(vpr: float, tokens: Iterable[str]) -> float:
    """ALM-25, ALM-26, ALM-41: VP added to this turn's wave by the budget tokens played in the window:
    Reinforcements I adds ⌈VPr/2⌉, Reinforcements II adds 2·VPr."""
    extra = 0.0
    for t in tokens:
        if t == "reinforcements_1":
            extra += -(-int(round(vpr * 1000)) // 2000)
        elif t == "reinforcements_2":
            extra += 2 * vpr
        else:
            raise ValueError(f"ALM-41: '{t}' is not a budget token")
    return extra


def wave_vp(s: AlarmShape, alarm_turn: int, end_met_before: bool = False, extra_rounds: int = 0) -> float:
    """ALM-37 (temporal): the first wave in alarm turn 1, a reinforcement wave of VPr in alarm turns 2 … d + 1
    (d + extra strident rounds, ALM-41), none from d + 2 on. ALM-39 (carry-the-bell): the first wave in turn 1,
    a VPr wave in every later window until the end event (ALM-15: d is not used)."""
    if alarm_turn < 1:
        return 0.0
    if alarm_turn == 1:
        return s.vpo
    if s.kind == "temporal":
        return s.vpr if alarm_turn <= s.rounds + extra_rounds + 1 else 0.0
    return 0.0 if end_met_before else s.vpr


def budgets(s: AlarmShape, turns: int, tokens_by_turn: dict[int, list[str]] | None = None) -> list[int]:
    """ALM-33, ALM-37: the wave budget (points) of alarm turns 1 … ``turns`` of a temporal alarm (ALM-44: N = 46,
    d = 4 with Reinforcements I in turn 2 gives [276, 138, 92, 92, 92, 0, ...])."""
    out = []
    for t in range(1, turns + 1):
        vp = wave_vp(s, t)
        if vp and tokens_by_turn and t in tokens_by_turn:
            vp += token_bonus_vp(s.vpr, tokens_by_turn[t])
        out.append(round_half_up(vp * s.n))
    return out


def check_purchase(costs: Iterable[int], budget: int, cap: int) -> int:
    """ALM-33: a wave buys any multiset of catalogue characters whose total cost is ≤ the budget, none costing
    more than the per-character cap (VPr × N) nor less than 10 points; returns the points lost (no carry-over).
    Raises RuleViolation("ALM-33") otherwise."""
    costs = list(costs)
    for c in costs:
        if c > cap:
            raise RuleViolation("ALM-33", f"a {c}-point character is above the {cap}-point per-character cap")
        if c < MIN_CHARACTER_COST:
            raise RuleViolation("ALM-33", f"a character costs at least {MIN_CHARACTER_COST} points, got {c}")
    total = sum(costs)
    if total > budget:
        raise RuleViolation("ALM-33", f"the wave costs {total} points, more than its {budget}-point budget")
    return budget - total


def arrival_energy(con: int, agi: int, wounds: int = 0, *, kind: str = "temporal", hasty: bool = False,
                   gain: int | None = None) -> int:
    """ALM-36: the ENE an arriving reinforcement has after its first activation's gain. Temporal: the gain
    (the activation gain: min(10, CON + AGI − wounds), or ``gain`` already changed by traits) capped at half, .5 up; with
    Hasty wave (ALM-42) the full gain. Carry-the-bell: no activation in the arrival turn, ENE stays 0; with
    Hasty wave the temporal half-gain cap instead."""
    full = gain if gain is not None else max(0, min(10, con + agi - wounds))
    if kind == "carry_the_bell" and not hasty:
        return 0
    if kind == "temporal" and hasty:
        return full
    return round_half_up(full / 2)


def may_react_on_arrival(kind: str, hasty: bool = False) -> bool:
    """ALM-36: an arrival may not react in its arrival turn (temporal: unless Hasty wave, ALM-42)."""
    return kind == "temporal" and hasty


def max_turns(alarm: Any, extra_rounds: int = 0) -> int:
    """ALM-40: the scenario's ``max_turns``, else temporal d + 4 (a strident alarm extends it by its extra
    rounds, ALM-41), carry-the-bell 12."""
    if alarm.max_turns:
        return alarm.max_turns + (extra_rounds if alarm.kind == "temporal" else 0)
    if alarm.kind == "temporal":
        return alarm.rounds + extra_rounds + TEMPORAL_EXTRA_TURNS
    return BELL_MAX_TURNS


def strident_rounds(d10: int) -> int:
    """ALM-41: a strident alarm adds 1D2 + 1 turns, the 1D2 rolled as ⌈1D10 / 5⌉ (1–5 → 1, 6–10 → 2)."""
    if not 1 <= d10 <= 10:
        raise ValueError(f"a d10 shows 1-10, got {d10}")
    return -(-d10 // 5) + 1


def winner(kind: str, defenders_left: int, end_event_met: bool, turn: int, last_turn: int) -> str | None:
    """ALM-40: 'blue' (attacker) when every defender is a casualty, or (carry-the-bell) the end event is not met
    by the end of the last turn; 'red' (defender) at the end of the last turn otherwise; None while the game
    goes on. ``defenders_left`` counts defenders standing or escaped."""
    if defenders_left == 0:
        return "blue"
    if turn < last_turn:
        return None
    if kind == "carry_the_bell" and not end_event_met:
        return "blue"
    return "red"
