"""What an action would roll, without rolling it (CHK-1, CHK-2): a dry run of the engine's own resolution.

`check_preview(engine, actor, key, params)` validates the action as a submitted decision would be
(`Engine.check_action`), then resolves it on the live world with the first die forced — 1 (critical), a plain
pass, a plain fail, 10 (fumble) — and every later 1D10 a plain result (no critical, no fumble), through the
pipeline's own steps (cost paid, one-shot modifiers ACT-3 / MVA-2 / MVA-3 / GNA-4, the before-attack hook, ACT-3's
chained CH AGI, the action's `resolve`), and puts the world back exactly (components, resources, dice state, event
log and version) after each run. 1D100s and directions come from a copy of the match's stream, so they never
advance it. The reaction windows are not opened: a dry run shows the action's own checks and effects.

The result names the first check rolled (who, kind, attribute, target number and its modifiers), every check of
the plain-pass run (an opposed check's two targets, a hit's CH DEF), the exact probability of each band (from the
target number alone, CHK-2) and the events each band leads to. The window shows these; nothing here changes the
game (the world's listeners hear nothing)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Mapping

from wartime.core.errors import RuleViolation
from wartime.core.rng import Dice
from wartime.rules.actions import REGISTRY
from wartime.rules.checks import p_opposed_win, resolve_die  # noqa: F401 (p_opposed_win: the window's odds)
from wartime.rules.odds import p_pass  # CHK-2, the one definition (rules/odds.py)
from wartime.rules.context import ActionContext
from wartime.rules.flow import normalise_params

BANDS = ("critical", "pass", "fail", "fumble")


#: the later 1D10s of a dry run: plain results, never a critical or a fumble, never twice the same in a row (an
#: opposed check's two dice differ, so a tie is never rerolled for ever); the outcome a band shows is the plain one
LATER_D10 = (5, 6, 4, 7, 3, 8, 2, 9)


class _ForcedDice(Dice):
    """The match's dice with the first 1D10 fixed and the later ones plain (LATER_D10, in turn); 1D100 and
    directions from a private copy of the stream."""

    def __init__(self, real: Dice, first: int):
        super().__init__(0)
        self._rng.setstate(real.state())
        self.first: int | None = first
        self._n = 0

    def d10(self) -> int:
        if self.first is not None:
            v, self.first = self.first, None
            return v
        v = LATER_D10[self._n % len(LATER_D10)]
        self._n += 1
        return v


@dataclass(frozen=True)
class CheckInfo:
    who: int | None
    kind: str
    attribute: str | None
    target: int
    modifiers: tuple[tuple[str, int, str], ...]     # (rule, value, label)
    rule: str | None
    side_of_opposed: str | None = None

    @property
    def p_pass(self) -> Fraction:
        return p_pass(self.target)


@dataclass
class CheckPreview:
    """The first check of an action and what each band of its die leads to."""
    first: CheckInfo
    checks: list[CheckInfo]                       # every check of the plain-pass run (else the critical run)
    outcomes: dict[str, list[Mapping[str, Any]]] = field(default_factory=dict)   # band → events after the check
    dice: dict[str, int] = field(default_factory=dict)                            # band → the die forced

    def probability(self, band: str) -> Fraction:
        return band_probability(self.first.target, band)


def band_probability(target: int, band: str) -> Fraction:
    """P(critical) = P(fumble) = 1/10; a plain pass is any other passing die, a plain fail any other failing one."""
    if band in ("critical", "fumble"):
        return Fraction(1, 10)
    n = 0
    for d in range(2, 10):
        passed = resolve_die(d, target)[0]
        n += passed if band == "pass" else not passed
    return Fraction(n, 10)


def _die_for(target: int, band: str) -> int | None:
    if band == "critical":
        return 1
    if band == "fumble":
        return 10
    for d in range(2, 10):
        if resolve_die(d, target)[0] == (band == "pass"):
            return d
    return None


def _info(ev: Mapping[str, Any]) -> CheckInfo:
    return CheckInfo(ev.get("who"), str(ev.get("kind")), ev.get("attribute"), int(ev.get("target")),
                     tuple((m.get("rule"), int(m.get("value", 0)), m.get("label") or "")
                           for m in ev.get("modifiers") or []),
                     ev.get("rule"), ev.get("side_of_opposed"))


def _run(engine, actor: int, key: str, params: dict, chain: bool, facing: float | None,
         die: int) -> list[Mapping[str, Any]] | None:
    """One dry run with the first die forced: the events the resolution emitted (None if it raised)."""
    gs = engine.gs
    world = gs.world
    action = REGISTRY[key]
    snap = world.snapshot()
    version = world.version
    real, listeners = world.dice, world.listeners
    world.dice, world.listeners = _ForcedDice(real, die), []
    try:
        act = gs.activation(actor)
        chained = (act.chain_next or chain) and not action.free
        vparams = dict(normalise_params(params))
        vparams["_chained"] = chained
        prepared, cost = engine._validate(actor, action, key, vparams, facing)     # the pipeline's own steps
        n0 = len(world.events)
        if facing is not None:
            world.set(actor, replace(gs.pos(actor), facing=float(facing) % 360.0))     # MOV-5 first
        if not action.free:
            gs.set_energy(actor, gs.energy(actor) - cost, "ENE-1", key)
        ctx = ActionContext(actor, key, vparams, chained=chained, cost=cost)
        if not action.free:
            engine._consume_one_shots(actor, action, ctx)
            engine._resolve_action(actor, action, ctx, prepared)
        else:
            action.resolve(gs, ctx, prepared)
        return [dict(ev) for ev in world.events[n0:]]
    except (RuleViolation, Exception):       # a dry run never breaks the window: no preview then
        return None
    finally:
        world.dice, world.listeners = real, listeners
        world.restore(snap)
        world.revert_version(version)


def check_preview(engine, actor: int, key: str, params: dict, chain: bool = False,
                  facing: float | None = None) -> CheckPreview | None:
    """The first check `key` would roll with `params` now and what each band of it leads to; None when the action is
    illegal now, rolls no check, or cannot be dry-run."""
    if REGISTRY.get(key) is None:
        return None
    try:
        engine.check_action(actor, key, params, chain, facing)
    except RuleViolation:
        return None
    probe = _run(engine, actor, key, params, chain, facing, 1)
    if probe is None:
        return None
    idx = next((i for i, ev in enumerate(probe) if ev.get("type") == "check"), None)
    if idx is None:
        return None
    first = _info(probe[idx])
    out = CheckPreview(first, [], {"critical": probe[idx + 1:]}, {"critical": 1})
    runs = {"critical": probe}
    for band in BANDS[1:]:
        die = _die_for(first.target, band)
        if die is None:
            continue
        evs = _run(engine, actor, key, params, chain, facing, die)
        if evs is None:
            continue
        i = next((j for j, ev in enumerate(evs) if ev.get("type") == "check"), None)
        if i is None:
            continue
        runs[band] = evs
        out.outcomes[band] = evs[i + 1:]
        out.dice[band] = die
    shown = runs.get("pass") or runs["critical"]
    out.checks = [_info(ev) for ev in shown if ev.get("type") == "check"]
    return out
