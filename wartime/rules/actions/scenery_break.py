"""Ataque CaC at a breakable wall or door (CBA-7 at scenery; TRT-WALLBREAKER ruling, rules/scenery_breaking.py).
Offered only on a board with breakable pieces, to a character whose base touches one."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.core.errors import RuleViolation
from wartime.rules import scenery_breaking
from wartime.rules.actions.base import Action, need, register
from wartime.rules.actions.combat import need_weapon
from wartime.rules.actions.flight import flight_restrictions
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.noise import emit_noise, weapon_noise


@dataclass
class StrikePrep:
    piece: str
    weapon_index: int


@register
class BreakScenery(Action):
    """CBA-7 at scenery (TRT-WALLBREAKER ruling): Ataque CaC with a melee (RNG 0) weapon at a breakable wall or door
    its base touches, on the ground and not engaged in melee, in the own activation only (not a reaction): the
    weapon's ENE, the attacker's CH IMP AGI, melee DMG (MOD-1) plus TRT-WALLBREAKER's +3, the piece's CH DEF against
    its DEF, destroyed with more wounds than its CON (rules/scenery_breaking.py). Unarmed blows (CBA-10) and firearms
    in melee (CBA-8) at scenery are not offered."""
    key = "melee_attack_scenery"
    rule = "CBA-7"
    category = "combat"
    has_check = True
    is_attack = True

    params = (Param("piece", "choice", "TRT-WALLBREAKER ruling: the id of a breakable wall or door in base contact"),
              Param("weapon", "weapon", "CBA-7: the index of a melee (RNG 0) weapon"))

    def candidates(self, gs, actor, space):
        if gs.breakables is None or space.reaction:
            return
        for b in scenery_breaking.reachable(gs, actor):
            for i in space.weapons(ranged=False):
                w = gs.weapon(actor, i)
                if w.area is None:
                    yield Candidate(self.key, lambda pid=b.piece, i=i: {"piece": pid, "weapon": i},
                                    label=f"{w.name} at the {b.what} {b.piece}")

    def refusal(self, gs, actor):
        """Its cheap test first (issue 20): no breakable piece on the board, or none in contact."""
        if gs.breakables is None or not scenery_breaking.reachable(gs, actor):
            return scenery_breaking.RULE
        return super().refusal(gs, actor)

    def available(self, gs, actor):
        if gs.breakables is None or not scenery_breaking.reachable(gs, actor):
            raise RuleViolation(scenery_breaking.RULE, f"{gs.name(actor)} touches no breakable wall or door")
        if gs.engaged(actor):
            raise RuleViolation(scenery_breaking.RULE, f"{gs.name(actor)} is engaged in melee: it fights its enemies, "
                                                       "not the scenery")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation(scenery_breaking.RULE, "striking scenery is taken in the own activation only, not as "
                                                       "a reaction")
        flight_restrictions(gs, actor, self)                     # MOV-13
        pid = need(params, "piece", self.rule, str)
        scenery_breaking.check_strike(gs, actor, pid)
        idx, _ = need_weapon(gs, actor, params, self.rule, ranged=False)
        return StrikePrep(pid, idx)

    def cost(self, gs, actor, params, prepared):
        return gs.weapon(actor, prepared.weapon_index).ENE

    def resolve(self, gs, ctx, prepared):
        w = gs.weapon(ctx.actor, prepared.weapon_index)
        emit_noise(gs, ctx.actor, weapon_noise(w), "ENV-6", action=self.key, weapon=w.name)   # noisy melee
        scenery_breaking.strike(gs, ctx, ctx.actor, prepared.piece, prepared.weapon_index)

    def strike_odds(self, gs, actor: int, params: dict) -> dict:
        """For the scripted AI and the window: P(CH IMP) (its AGI and posture, CHK-1 bounds), the DMG a hit deals and
        the expected wounds on the piece (its CH DEF against its DEF: pass DMG − DEF, fail DMG; criticals and
        fumbles of either die left out), and the hits still needed at that DMG to destroy it."""
        return scenery_breaking.strike_odds(gs, actor, params["piece"], params["weapon"])
