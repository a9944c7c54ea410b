"""Restrictions on an action that do not depend on its own legality (the actions digest pipeline, step 2):
reaction-only actions, panic (PSI-12), a forced charge after a critical CH LOC (PSI-7), no attack after a sprint
(MVA-3), PSI-13's stress cure, the trait hook point `action_restriction` (e.g. TRT-CHICKEN) and flight at level 3
(MOV-13). Each raises RuleViolation naming the rule; nothing changes."""
from __future__ import annotations

import math

from shapely.geometry import Point

from wartime.core.components import Posture
from wartime.core.errors import RuleViolation
from wartime.rules import hiding, psychology, traits
from wartime.rules.actions.flight import flight_restrictions
from wartime.rules import holds
from wartime.rules.state import GameState


def check(gs: GameState, turn: int, actor: int, action, key: str, params: dict | None = None, *,
          probe: bool = False) -> None:
    """Requirements that do not depend on the action's own legality (PSI-12, PSI-7, MVA-3, traits, MOV-13);
    `turn` is the current turn (MVA-3). `probe`: asked for the key alone (rules/options.py), with no parameters
    yet: a requirement on a parameter (PSI-7's charge target, PSI-13's cure) counts as one that some parameters
    may meet."""
    if action.reaction_only:
        hint = ("; in its own activation a character turns for free (MOV-5: the decision's `facing`)"
                if key == "pivot" else "")
        raise RuleViolation(action.rule, f"{key} is taken only as a reaction{hint}")
    if key == "heal" and not probe and (params or {}).get("cure") == "stress":
        t = (params or {}).get("target", actor)
        psychology.check_stress_cure(gs, actor, t if isinstance(t, int) else actor)     # PSI-13
    eff = gs.effects(actor)
    psyche = gs.psyche(actor)
    # restrictions that do not depend on the action's own parameters
    if psyche.panic and key not in ("run", "disengage", "end"):
        raise RuleViolation("PSI-12", f"{gs.name(actor)} is panicking: it may only flee (Run, Correr; "
                            "Disengage, Destrabarse, first if engaged) or end its activation")
    if psyche.panic and key == "run" and gs.engaged(actor):
        raise RuleViolation("PSI-12", "a panicking engaged character must Disengage (Destrabarse) first")
    # PSI-7: the next action must be Cargar against the source (a charge at anyone else is not it)
    if psyche.forced_charge is not None and key != "end" and not (
            key == "charge" and (probe or (params or {}).get("target") == psyche.forced_charge)):
        check_forced_charge(gs, actor)
    if action.is_attack and eff.sprint_turn == turn:
        raise RuleViolation("MVA-3", f"{gs.name(actor)} sprinted this turn and cannot attack")
    traits.restrict_action(gs, actor, key)      # trait hook point action_restriction (TRT-CHICKEN)
    holds.check_held(gs, actor, action, key)    # CBA-25 ruling 2: immobilised, it may only break free
    hiding.check_tied(gs, actor, action, key)   # CBA-25 ruling 3 / GNA-6: tied, no moves, pivots or attacks
    flight_restrictions(gs, actor, action)      # MOV-13: flying at level 3


def check_forced_charge(gs: GameState, actor: int) -> None:
    """PSI-7: after a critical CH LOC the next action must be Cargar against the source, if legal."""
    src = gs.psyche(actor).forced_charge
    ok = (src is not None and gs.able(src) and not gs.engaged(actor) and gs.in_fov(actor, src)
          and 2.0 <= gs.distance(actor, src) <= gs.mov(actor) + 3
          and gs.has_los(actor, src) and gs.world.get(actor, Posture).state != "prone")
    if ok:   # if the charge is not legal the critical has no effect (cleared when it next acts)
        raise RuleViolation("PSI-7", f"{gs.name(actor)} must charge {gs.name(src)} (critical CH LOC)")


def check_flee(gs: GameState, actor: int, prep) -> None:
    """PSI-12: each Correr of a panicking character ends farther from the nearest enemy and closer to the
    nearest ally, the nearest blocks_los terrain piece, or its deployment zone."""
    start, end = prep.path[0], prep.path[-1]
    enemy = psychology.nearest_enemy(gs, actor)
    if enemy is not None:
        p = gs.pos(enemy)
        if math.hypot(end[0] - p.x, end[1] - p.y) <= math.hypot(start[0] - p.x, start[1] - p.y) + 1e-9:
            raise RuleViolation("PSI-12", "a fleeing character must end farther from the nearest enemy")
    refuges = []
    allies = gs.allies(actor)
    if allies:
        a = min(allies, key=lambda o: (gs.distance(actor, o), o))
        refuges.append(lambda x, y, a=a: math.hypot(x - gs.pos(a).x, y - gs.pos(a).y))
    los_pieces = [pc for pc in gs.board.pieces if pc.blocks_los]
    if los_pieces:
        near = min(los_pieces, key=lambda pc: (pc.polygon.distance(Point(start)), pc.id))
        refuges.append(lambda x, y, pc=near: pc.polygon.distance(Point(x, y)))
    zone = gs.deployment.get(gs.side(actor))
    if zone is not None:
        refuges.append(lambda x, y, z=zone: z.distance(Point(x, y)))
    if refuges and not any(f(*end) < f(*start) - 1e-9 for f in refuges):
        raise RuleViolation("PSI-12", "a fleeing character must end closer to an ally, cover or its "
                            "deployment zone")

