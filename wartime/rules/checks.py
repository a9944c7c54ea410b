"""Checks: roll-under d10, criticals and fumbles, opposed checks, the modifier pipeline (CHK-1..6, ACT-2)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterable, Sequence

from wartime.rules import asking

ATTRIBUTES = ("CON", "AGI", "INT", "VOL")


@dataclass(frozen=True, slots=True)
class Modifier:
    """One modifier to a check target, naming the rule it comes from (CHK-1: + raises the target)."""
    rule: str
    value: int
    label: str = ""

    def as_dict(self) -> dict:
        return {"rule": self.rule, "value": self.value, "label": self.label}


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of one check, as recorded in its event."""
    kind: str              # 'ATR', 'IMP', 'DEF', 'PSI', 'LOC', 'COVER'
    attribute: str | None  # CON/AGI/INT/VOL for attribute checks, None for DEF
    base: int
    modifiers: tuple[Modifier, ...]
    target: int
    die: int
    critical: bool
    fumble: bool
    passed: bool


def combine(modifiers: Iterable[Modifier]) -> tuple[Modifier, ...]:
    """CHK-1 no double counting: a modifier from one rule that matches a check twice applies once.
    The first occurrence of each (rule, label) pair is kept, in order; zero modifiers are dropped."""
    seen: set[tuple[str, str]] = set()
    out: list[Modifier] = []
    for m in modifiers:
        key = (m.rule, m.label)
        if key in seen or m.value == 0:
            continue
        seen.add(key)
        out.append(m)
    return tuple(out)


def resolve_die(die: int, target: int, crit_max: int = 1, fumble_min: int = 10) -> tuple[bool, bool, bool]:
    """CHK-1 / CHK-2: pass if die ≤ target; a natural 1 always passes (critical), a natural 10 always
    fails (fumble), whatever the modifiers. Returns (passed, critical, fumble). `crit_max`: the highest die that is
    a critical (a trait's: 2 for TRT-SNIPER-WEAPON, 0 for TRT-TOOTHLESS, which scores none); `fumble_min`: the
    lowest die that is a fumble (a trait's: 9 for TRT-UNLUCKY)."""
    critical = die <= crit_max
    fumble = die >= fumble_min
    passed = critical or (not fumble and die <= target)
    return passed, critical, fumble


def make_check(kind: str, attribute: str | None, base: int, modifiers: Sequence[Modifier], die: int,
               crit_max: int = 1, fumble_min: int = 10) -> CheckResult:
    """CHK-1: target = base + the sum of the (deduplicated) modifiers, never clamped."""
    mods = combine(modifiers)
    target = base + sum(m.value for m in mods)
    passed, critical, fumble = resolve_die(die, target, crit_max, fumble_min)
    return CheckResult(kind, attribute, base, mods, target, die, critical, fumble, passed)


def check_event_data(result: CheckResult) -> dict:
    return {
        "kind": result.kind,
        "attribute": result.attribute,
        "base": result.base,
        "modifiers": [m.as_dict() for m in result.modifiers],
        "target": result.target,
        "die": result.die,
        "critical": result.critical,
        "fumble": result.fumble,
        "passed": result.passed,
    }


def roll_check(world, who: int | None, kind: str, attribute: str | None, base: int,
               modifiers: Sequence[Modifier], rule: str, reason: str, *, always_pass: str | None = None,
               always_critical: str | None = None, crit_max: int = 1, fumble_min: int = 10,
               involves: int | None = None, **extra) -> CheckResult:
    """Roll one check with the world's dice and emit its `check` event (CHK-1, CHK-2, CHK-3, CHK-5).
    `always_pass` names a trait by which the check always passes, even on a 10 (no fumble: traits notes G10,
    "always passes" beats a fumble range); the event then carries it. `always_critical` names a trait by which
    the check is always a critical success (TRT-GOD-OF-*; the die is still rolled and recorded); a trait that
    forbids criticals (crit_max 0, G10: the prohibition wins) leaves it an automatic pass. `fumble_min`: the lowest
    die that fumbles (TRT-UNLUCKY: 9). `involves`: the other character of the check when its event does not name it
    (an opposed check's opponent; not recorded): a trait asked mid-resolution may answer it (TRT-FORTUNE)."""
    asked = extra
    die = world.dice.d10()
    result = make_check(kind, attribute, base, modifiers, die, crit_max, fumble_min)
    if crit_max != 1:
        extra = {**extra, "crit_max": crit_max}
    if fumble_min != 10:
        extra = {**extra, "fumble_min": fumble_min}
    if always_critical is not None:
        result = replace(result, passed=True, fumble=False, critical=crit_max != 0)
        extra = {**extra, "always_critical": always_critical}
    elif always_pass is not None:
        result = replace(result, passed=True, fumble=False)
        extra = {**extra, "always_pass": always_pass}
    world.emit("check", rule, who=who, reason=reason, **check_event_data(result), **extra)
    run = asking.run_of(world)
    if run is not None and who is not None:      # a use of a trait asked mid-resolution (TRT-FORTUNE)
        for hook in asking.CHECK_HOOKS:
            result = hook(run.gs, who, result, reason, extra, involves, lambda **again: roll_check(
                world, who, kind, attribute, base, modifiers, rule, reason, crit_max=crit_max, fumble_min=fumble_min,
                involves=involves, **{**asked, **again}))
    return result


def opposed_winner(a: CheckResult, b: CheckResult) -> str | None:
    """CHK-4: only one passes → it wins; both pass → the lower die wins, equal dice → the higher target
    wins; still equal → 'reroll'; neither passes → None (nobody wins)."""
    if a.passed and not b.passed:
        return "a"
    if b.passed and not a.passed:
        return "b"
    if not a.passed and not b.passed:
        return None
    if a.die != b.die:
        return "a" if a.die < b.die else "b"
    if a.target != b.target:
        return "a" if a.target > b.target else "b"
    return "reroll"


def p_opposed_win(a: int, b: int) -> Fraction:
    """CHK-4: P(the side rolling against target `a` wins a CH ENF against target `b`): only one passes → it wins;
    both pass → the lower die wins, equal dice → the higher target, a full tie is rerolled (left out, the rest
    renormalised); neither passes → nobody wins. Exact, by enumerating the two dice."""
    win = tie = 0
    for da in range(1, 11):
        pa = resolve_die(da, a)[0]
        for db in range(1, 11):
            pb = resolve_die(db, b)[0]
            if pa and not pb:
                win += 1
            elif pa and pb:
                if da < db or (da == db and a > b):
                    win += 1
                elif da == db and a == b:
                    tie += 1
    return Fraction(win, 100 - tie)


def roll_opposed(world, a_who: int, a_attr: str, a_base: int, a_mods: Sequence[Modifier],
                 b_who: int, b_attr: str, b_base: int, b_mods: Sequence[Modifier], rule: str, reason: str,
                 fumbles: tuple[int, int] = (10, 10)) -> str | None:
    """CHK-4: an opposed check (CH ENF); rerolls both on a full tie. Returns 'a', 'b' or None. `fumbles`: each
    side's lowest fumbling die (TRT-UNLUCKY)."""
    while True:
        ra = roll_check(world, a_who, "ATR", a_attr, a_base, a_mods, rule, reason, side_of_opposed="a",
                        fumble_min=fumbles[0], involves=b_who)
        rb = roll_check(world, b_who, "ATR", b_attr, b_base, b_mods, rule, reason, side_of_opposed="b",
                        fumble_min=fumbles[1], involves=a_who)
        w = opposed_winner(ra, rb)
        if w != "reroll":
            world.emit("opposed_resolved", "CHK-4", a=a_who, b=b_who, winner=w)
            return w


def percent(world, chance: int, rule: str, reason: str, *, who: int | None = None, unwanted: bool = True) -> bool:
    """BAS-6: a P% chance happens when 1D100 ≤ P; no criticals or fumbles. `who`: the character whose roll it is,
    for whom the chance happening is `unwanted` (or its not happening, False): when it goes against it inside a
    probe run, a trait may cancel the die, and it is rolled again (TRT-FORTUNE; asking.DIE_HOOKS)."""
    roll = world.dice.d100()
    happened = roll <= chance
    world.emit("percent_roll", "BAS-6", chance=chance, die=roll, happened=happened, reason=reason, for_rule=rule)
    run = asking.run_of(world) if who is not None and happened == unwanted else None
    if run is not None and any(hook(run.gs, who, roll, chance, reason) for hook in asking.DIE_HOOKS):
        return percent(world, chance, rule, reason)
    return happened
