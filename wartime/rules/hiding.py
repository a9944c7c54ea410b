"""Hidden characters (GNA-9 Esconderse, GNA-12 Percibir) and tied ones (GNA-6 Desatarse, CBA-25 ruling 3).

Hidden: a character that hid (more than 50 % covered from every enemy with LOS to it) cannot be acted on by an
enemy until discovered. An enemy discovers it by winning a free CH INT ENF against it (the `discover` free action,
once per enemy per activation), or with no roll when it sees it 50 % covered or less (ruling 1); a Percibir that
passes finds it too (GNA-12). Once discovered it is hidden for nobody. It stops hiding when it takes any action or
reaction (ruling 4). The engine calls `check_target` from the target validation of every action aimed at an enemy
(rules/actions/base.need_target, rules/actions/combat.need_ranged_target) and `after_declaration` once an action or
reaction is declared and paid (rules/pipeline.py, rules/windows.py).

Tied: no moves, pivots, attacks or reactions until Desatarse frees it (`check_tied`, called by
rules/restrictions.check for the own activation and by rules/windows.py for reactions)."""
from __future__ import annotations

from wartime.core.components import Hidden, Posture, Tied
from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.checks import roll_opposed
from wartime.rules import traits
from wartime.rules.modifiers import character_mods
from wartime.rules.state import GameState

#: CMB-17: more than 50 % hidden = at least 13 of the 25 silhouette samples blocked
OVER_HALF = 13


def hidden(gs: GameState, e: int) -> bool:
    """GNA-9: whether `e` is hidden (Esconderse) now."""
    return gs.world.try_get(e, Hidden) is not None


def covered_samples(gs: GameState, observer: int, target: int) -> int | None:
    """ENV-2 / CMB-17: how many of the target's 25 samples the observer's eye cannot see (None: no LOS at all);
    prone behind any cover counts as 100 % hidden (MVA-5). An observer seeing through opaque obstacles within its
    reach (TRT-META-VISION, hook ``sight_through``: ``GameState.sight_reach``) sees the target there uncovered."""
    reach = gs.sight_reach(observer)
    if reach is not None and gs.distance(observer, target) <= reach + 1e-9:
        return 0
    c = gs.cover(observer, [target])[0]
    if not c.has_los:
        return None
    blocked = c.blocked
    if blocked > 0 and gs.world.get(target, Posture).state == "prone":
        blocked = 25
    return blocked


def sees_exposed(gs: GameState, observer: int, target: int) -> bool:
    """GNA-9 ruling (1): the observer has LOS to the target and sees it 50 % covered or less."""
    blocked = covered_samples(gs, observer, target)
    return blocked is not None and blocked < OVER_HALF


def hiding_problem(gs: GameState, e: int) -> str | None:
    """GNA-9: why `e` cannot hide now (None: it can): cover is judged from every able enemy with LOS to it, each of
    which must see it more than 50 % covered; a trait may lift the cover requirement (hook hide_anywhere)."""
    if traits.hides_anywhere(gs, e):                   # TRT-SHADOW
        return None
    for o in gs.enemies(e):
        blocked = covered_samples(gs, o, e)
        if blocked is not None and blocked < OVER_HALF:
            return (f"{gs.name(o)} sees {gs.name(e)} only {blocked * 4} % covered: hiding needs more than 50 % "
                    "cover from every enemy with line of sight")
    return None


def _stamp(gs: GameState) -> tuple[int, int]:
    """The current activation (turn, acting character; 0 outside an activation): ruling (2)'s 'per activation'."""
    flow = gs.world.resources.get("flow")
    if flow is None:
        return (0, 0)
    return (flow.turn, flow.active or 0)


def tried(gs: GameState, enemy: int, target: int) -> bool:
    """GNA-9 ruling (2): `enemy` already failed to discover `target` in this activation."""
    h = gs.world.try_get(target, Hidden)
    return h is not None and (enemy, *_stamp(gs)) in h.tried


def check_target(gs: GameState, actor: int, target: int) -> None:
    """GNA-9: an enemy may act on a hidden character only once it is discovered (a won CH INT ENF, `discover`),
    or when it sees it 50 % covered or less (ruling 1)."""
    if not hidden(gs, target) or gs.side(target) == gs.side(actor) or sees_exposed(gs, actor, target):
        return
    again = " (it already failed to discover it in this activation)" if tried(gs, actor, target) else \
        ": it must discover it first (a free CH INT ENF, `discover`)"
    raise RuleViolation("GNA-9", f"{gs.name(target)} is hidden from {gs.name(actor)}{again}")


def reveal(gs: GameState, e: int, rule: str, how: str, by: int | None = None) -> None:
    """GNA-9 ruling (3) / (4): `e` stops being hidden, for everyone."""
    if hidden(gs, e):
        gs.world.remove(e, Hidden)
        gs.world.emit("state_changed", rule, who=e, state="hidden", value=False, how=how, by=by)


def after_declaration(gs: GameState, actor: int, key: str, target) -> None:
    """GNA-9 ruling (4): an action or reaction (other than Esconderse itself) ends the actor's hiding; ruling (1): a
    hidden target the actor sees 50 % covered or less is discovered with no roll."""
    if key != "hide":
        reveal(gs, actor, "GNA-9", "acted")
    if isinstance(target, int) and target in gs.minis() and hidden(gs, target) and \
            gs.side(target) != gs.side(actor) and sees_exposed(gs, actor, target):
        reveal(gs, target, "GNA-9", "seen 50 % covered or less", by=actor)


def discovery_problem(gs: GameState, actor: int, target: int) -> str | None:
    """Why `actor` may not try to discover `target` now (None: it may)."""
    if not hidden(gs, target):
        return f"{gs.name(target)} is not hidden"
    if gs.side(target) == gs.side(actor):
        return f"{gs.name(target)} is not an enemy"
    if tried(gs, actor, target):
        return f"{gs.name(actor)} already failed to discover {gs.name(target)} in this activation (once per activation)"
    return None


def discover(gs: GameState, actor: int, target: int) -> bool:
    """GNA-9 ruling (2): the free CH INT ENF of `actor` against hidden `target` (with their own modifiers, CHK-4);
    winning discovers it (for everyone); otherwise the try is spent for this activation. An enemy seeing it 50 %
    covered or less discovers it with no roll (ruling 1)."""
    if sees_exposed(gs, actor, target):
        reveal(gs, target, "GNA-9", "seen 50 % covered or less", by=actor)
        return True
    winner = roll_opposed(gs.world, actor, "INT", gs.attrs(actor).INT, character_mods(gs, actor, "INT", "ATR")
                          + traits.targeted_check_mods(gs, actor, target, "INT", "ENF"),
                          target, "INT", gs.attrs(target).INT, character_mods(gs, target, "INT", "ATR")
                          + traits.targeted_check_mods(gs, target, actor, "INT", "ENF-DEF"),
                          "GNA-9", "discover a hidden enemy",
                          fumbles=(traits.fumble_floor(gs, actor), traits.fumble_floor(gs, target)))
    if winner == "a":
        reveal(gs, target, "GNA-9", "discovered (CH INT ENF)", by=actor)
        return True
    h = gs.world.get(target, Hidden)
    gs.world.set(target, Hidden(h.tried + ((actor, *_stamp(gs)),)))
    gs.world.emit("discovery_failed", "GNA-9", who=actor, target=target)
    return False


# --- tied (CBA-25 ruling 3, GNA-6) ---------------------------------------------------------------------------------
def tied(gs: GameState, e: int) -> bool:
    return gs.world.try_get(e, Tied) is not None


def check_tied(gs: GameState, e: int, action, key: str, *, reaction: bool = False) -> None:
    """CBA-25 ruling (3): a tied character makes no moves, pivots, attacks or reactions until Desatarse (GNA-6)
    frees it."""
    if not tied(gs, e):
        return
    if reaction:
        raise RuleViolation("CBA-25", f"{gs.name(e)} is tied up: no reactions until Untie (Desatarse, GNA-6) "
                            "frees it")
    if action.moves or action.is_attack or key == "pivot":
        raise RuleViolation("CBA-25", f"{gs.name(e)} is tied up: no moves, pivots or attacks until Untie "
                            "(Desatarse, GNA-6) frees it")
