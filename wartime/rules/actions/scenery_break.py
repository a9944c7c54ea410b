"""Melee blows at a breakable wall or door (TRT-WALLBREAKER ruling, rules/scenery_breaking.py): Ataque CaC (CBA-7),
Ataque CaC con arma de disparo (CBA-8) and Ataque CaC sin armas (CBA-10) at scenery. The book's "como ataque CaC"
makes CBA-8 and CBA-10 variants of CBA-7 (a second CH IMP; CON − 4 DMG with at most 1 wound, 2 on a critical), and
the reading that lets CBA-7 strike a piece (its DEF, wounds above its CON) lets them strike it too: Reventamuros'
"DAÑ+3 en CaC" is any melee blow. Offered only on a board with breakable pieces, to a character whose base touches
one. A weapon with an area (Área, ARE-5) strikes the piece alone (project reading: the area rules cover miniatures,
"las minis ... cubiertas", and a wall or door is none; no template is laid at scenery)."""
from __future__ import annotations

from dataclasses import dataclass

from wartime.core.errors import RuleViolation
from wartime.rules import scenery_breaking, traits
from wartime.rules.actions.base import Action, need, register
from wartime.rules.actions.combat import need_weapon
from wartime.rules.actions.flight import flight_restrictions
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.noise import emit_noise, weapon_noise


def _struck_piece(gs, actor: int, params: dict, action) -> str:
    """The checks every blow at scenery shares: own activation only (no reaction), MOV-13's flight restrictions, the
    piece named and strikable by `actor` (rules/scenery_breaking.py); returns the piece's id."""
    if params.get("_window") is not None:
        raise RuleViolation(scenery_breaking.RULE, "striking scenery is taken in the own activation only, not as "
                                                   "a reaction")
    flight_restrictions(gs, actor, action)                       # MOV-13
    pid = need(params, "piece", action.rule, str)
    scenery_breaking.check_strike(gs, actor, pid)
    return pid


@dataclass
class StrikePrep:
    piece: str
    weapon_index: int | None


@register
class BreakScenery(Action):
    """CBA-7 at scenery (TRT-WALLBREAKER ruling): Ataque CaC with a melee (RNG 0) weapon at a breakable wall or door
    its base touches, on the ground and not engaged in melee, in the own activation only (not a reaction): the
    weapon's ENE, the attacker's CH IMP AGI, melee DMG (MOD-1) plus TRT-WALLBREAKER's +3, the piece's CH DEF against
    its DEF, destroyed with more wounds than its CON (rules/scenery_breaking.py). Firearms in melee (CBA-8) and
    unarmed blows (CBA-10) at scenery: the two actions below."""
    key = "melee_attack_scenery"
    rule = "CBA-7"
    category = "combat"
    has_check = True
    is_attack = True
    #: CBA-8: a weapon of RNG > 0 (one round fired, a second CH IMP)
    firearm = False

    params = (Param("piece", "choice", "TRT-WALLBREAKER ruling: the id of a breakable wall or door in base contact"),
              Param("weapon", "weapon", "CBA-7: the index of a melee (RNG 0) weapon"))

    def candidates(self, gs, actor, space):
        if gs.breakables is None or space.reaction:
            return
        for b in scenery_breaking.reachable(gs, actor):
            for i in space.weapons(ranged=self.firearm):
                w = gs.weapon(actor, i)
                yield Candidate(self.key, lambda pid=b.piece, i=i: {"piece": pid, "weapon": i},
                                label=f"{w.name} at the {b.what} {b.piece}")

    def world_gate(self, gs):
        """Its cheap test for every character (issue 20): no breakable wall or door on the board (`gs.breakables`,
        fixed at setup: rules/scenery_breaking.py), nobody breaks one. Inherited by the firearm and unarmed
        variants."""
        return gs.breakables is not None

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
        pid = _struck_piece(gs, actor, params, self)
        idx, w = need_weapon(gs, actor, params, self.rule, ranged=self.firearm)
        if self.firearm:
            traits.check_weapon_ready(w)                          # e.g. an empty magazine (GNA-13)
        return StrikePrep(pid, idx)

    def cost(self, gs, actor, params, prepared):
        return gs.weapon(actor, prepared.weapon_index).ENE

    def _second(self, gs, actor: int, weapon_index: int) -> bool:
        """CBA-8's second CH IMP: a firearm's, unless it counts as a melee weapon (TRT-SHORT-WEAPON)."""
        return self.firearm and traits.counts_as_melee(gs.weapon(actor, weapon_index)) is None

    def resolve(self, gs, ctx, prepared):
        w = gs.weapon(ctx.actor, prepared.weapon_index)
        if self.firearm:
            fired = traits.weapon_fired(w)           # it is fired: one round (TRT-MAGAZINES)
            if fired is not w:
                gs.set_weapon(ctx.actor, prepared.weapon_index, fired)
        emit_noise(gs, ctx.actor, weapon_noise(w), "ENV-6", action=self.key, weapon=w.name)   # noisy melee
        second = self.rule if self._second(gs, ctx.actor, prepared.weapon_index) else None
        scenery_breaking.strike(gs, ctx, ctx.actor, prepared.piece, prepared.weapon_index, second_imp=second)

    def strike_odds(self, gs, actor: int, params: dict) -> dict:
        """For the scripted AI and the window: P(CH IMP) (its AGI and posture, CHK-1 bounds), the DMG a hit deals and
        the expected wounds on the piece (its CH DEF against its DEF: pass DMG − DEF, fail DMG; criticals and
        fumbles of either die left out), and the hits still needed at that DMG to destroy it."""
        return scenery_breaking.strike_odds(gs, actor, params["piece"], params["weapon"],
                                            second_imp=self._second(gs, actor, params["weapon"]))


@register
class BreakSceneryFirearm(BreakScenery):
    """CBA-8 at scenery (TRT-WALLBREAKER ruling, the module's reading): Ataque CaC con arma de disparo at a breakable
    wall or door its base touches: as the blow with a melee weapon (BreakScenery), with a weapon of RNG > 0 (its ENE,
    one round fired, a loaded magazine needed) and, after a passed CH IMP (even a critical), a second CH IMP with
    the same target value that must pass too (a 10 on it has the fumble's effects, CMB-8); DMG by the melee formula
    with this weapon's DMG (MOD-1) plus TRT-WALLBREAKER's +3."""
    key = "melee_attack_firearm_scenery"
    rule = "CBA-8"
    firearm = True

    params = (Param("piece", "choice", "TRT-WALLBREAKER ruling: the id of a breakable wall or door in base contact"),
              Param("weapon", "weapon", "CBA-8: the index of a ranged (RNG > 0) weapon used in melee"))


@register
class BreakSceneryUnarmed(BreakScenery):
    """CBA-10 at scenery (TRT-WALLBREAKER ruling, the module's reading): Ataque CaC sin armas at a breakable wall or
    door its base touches, ENE 1: DMG CON − 4 − wounds (min 1; TRT-CLAWS-AND-TEETH's natural DMG instead) plus
    TRT-WALLBREAKER's +3 (a race's trait: "DAÑ+3 en CaC"), the piece's CH DEF against its DEF, and at most 1 wound
    on the piece, 2 when the CH IMP is a critical."""
    key = "unarmed_attack_scenery"
    rule = "CBA-10"

    params = (Param("piece", "choice", "TRT-WALLBREAKER ruling: the id of a breakable wall or door in base contact"),)

    def candidates(self, gs, actor, space):
        if gs.breakables is None or space.reaction:
            return
        for b in scenery_breaking.reachable(gs, actor):
            yield Candidate(self.key, lambda pid=b.piece: {"piece": pid}, label=f"fists at the {b.what} {b.piece}")

    def validate(self, gs, actor, params):
        pid = _struck_piece(gs, actor, params, self)
        return StrikePrep(pid, None)

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        scenery_breaking.strike(gs, ctx, ctx.actor, prepared.piece, None)

    def strike_odds(self, gs, actor: int, params: dict) -> dict:
        """As BreakScenery's, unarmed (CBA-10: CON − 4 DMG, 1 wound a hit)."""
        return scenery_breaking.strike_odds(gs, actor, params["piece"], None)
