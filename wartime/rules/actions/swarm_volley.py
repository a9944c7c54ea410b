"""Arma de enjambre's volley (TRT-SWARM-WEAPON, issue 12 group D): a character's swarm weapons fire at one target
in one action. Offered only to a character carrying two or more (``trait_gated``; the weapons answer the trait
registry's ``volley`` hook, rules/traits/combat_feats.py)."""
from __future__ import annotations

from wartime.core.components import Equipment
from wartime.core.errors import RuleViolation
from wartime.rules import scattered_shots, traits
from wartime.rules.actions.base import Action, register
from wartime.rules.actions.combat import AttackPrep, need_ranged_target, ranged_target_check
from wartime.rules.actions.flight import flight_restrictions
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.combat import resolve_attack, volley_imp, weapon_used
from wartime.rules.noise import emit_noise, weapon_noise


def _ready(gs, actor: int, i: int) -> bool:
    w = gs.weapon(actor, i)
    if w.area is not None or not w.ranged:
        return False
    try:
        traits.check_weapon_ready(w)                 # hook weapon_ready (TRT-MAGAZINES: an empty one cannot fire)
        traits.check_weapon_usable(gs, actor, w)     # hook weapon_usable (TRT-HEAVY-WEAPON, TRT-FIELD-WEAPON)
    except RuleViolation:
        return False
    return True


@register
class SwarmVolley(Action):
    """TRT-SWARM-WEAPON: "Disparar con otras armas de enjambre a la vez. Cada crítico, DEF-1. Cada pifia, anula un
    crítico. Puede llegar a ENE -10 actuando." Ruling: one action at one enemy, fired by every swarm weapon of the
    character that can shoot it now (ready, not an area weapon, the target in its FOV, field of fire, RNG and LOS,
    CMB-10), at least two; each weapon pays its own ENE (its ENE with its own traits' terms, minimum 1 each; the
    character's and the target's terms once for the action) and the volley may take the character's ENE down to
    −10 (``ene_debt``). Every weapon's CH IMP is rolled first, in weapon order (each with its own fumble's effects,
    CMB-8); the net criticals (criticals minus fumbles, not below 0) lower the target's DEF by 1 each for every CH
    DEF of the volley (the CH DEF target and the DEF subtracted, CMB-3; minimum 0); then each hit resolves in weapon
    order (a critical's own DMG +1 and cover, CMB-6, stay its own). No combined-action malus between them. Under a
    peer combat system (rules.combat_systems) each weapon's attack is the peer system's, one after the other."""
    key = "swarm_volley"
    rule = "TRT-SWARM-WEAPON"
    category = "combat"
    has_check = True
    is_attack = True
    ranged = True
    trait_gated = True
    ene_debt = True
    scatters_out_of_view = True         # a swarm weapon with Alcance infinito: its shot outside the FOV scatters

    params = (Param("target", "enemy", "TRT-SWARM-WEAPON: the enemy every swarm weapon fires at"),)

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            face = None if space.reaction else space.facing_to(t)
            yield Candidate(self.key, lambda t=t: {"target": t}, face, f"swarm volley at {gs.name(t)}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character with fewer than two swarm weapons
        (``traits.volley_weapons``, a pure function of its Equipment)."""
        return len(traits.volley_weapons(gs, actor)) >= 2

    def refusal(self, gs, actor):
        """TRT-SWARM-WEAPON: `available` without raising (issue 20): its usual refusal tested first."""
        return self.rule if len(traits.volley_weapons(gs, actor)) < 2 else super().refusal(gs, actor)

    gate_reads = (Equipment,)

    def gate_possible(self, gs, actor):
        """TRT-SWARM-WEAPON (REA-1, issue 20): the menu gate (`refusal`'s first test)."""
        return self.menu_gate(gs, actor)

    def available(self, gs, actor):
        if len([i for i in traits.volley_weapons(gs, actor) if _ready(gs, actor, i)]) < 2:
            raise RuleViolation(self.rule, f"{gs.name(actor)} has fewer than two swarm weapons ready to fire")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        flight_restrictions(gs, actor, self)                     # MOV-13
        t = need_ranged_target(gs, actor, params, self.rule)
        preps = []
        for i in traits.volley_weapons(gs, actor):
            if not _ready(gs, actor, i):
                continue
            w = gs.weapon(actor, i)
            try:
                cover = ranged_target_check(gs, actor, t, w, self.rule)
            except RuleViolation:
                continue
            stray = scattered_shots.scatters(gs, actor, t, w)      # TRT-INFINITE-RANGE: outside the FOV it scatters
            preps.append(AttackPrep(t, i, cover, scatter=stray))
        if len(preps) < 2:
            raise RuleViolation(self.rule, f"fewer than two of {gs.name(actor)}'s swarm weapons can fire at "
                                           f"{gs.name(t)}")
        return tuple(preps)

    def cost(self, gs, actor, params, preps):
        total = 0
        for p in preps:
            w = gs.weapon(actor, p.weapon_index)
            total += max(1, w.ENE + traits.weapon_cost_terms(gs, actor, self, w, p.target))
        return total

    def resolve(self, gs, ctx, preps):
        a = ctx.actor
        for p in preps:                                          # one round each (TRT-MAGAZINES), each heard
            w = gs.weapon(a, p.weapon_index)
            fired = traits.weapon_fired(w)
            if fired is not w:
                gs.set_weapon(a, p.weapon_index, fired)
            emit_noise(gs, a, weapon_noise(w), "ENV-6", action=self.key, weapon=w.name)
        if gs.combat is not None:
            for p in preps:
                if gs.on_table(p.target):
                    resolve_attack(gs, ctx, a, p.target, weapon_index=p.weapon_index, ranged=True, cover=p.cover,
                                   scatter=p.scatter)
            return
        rolled = []
        for p in preps:
            imp = volley_imp(gs, ctx, a, p.target, p.weapon_index) if gs.able(a) else None
            rolled.append((p, imp))
        crits = sum(1 for _, r in rolled if r is not None and r.critical)
        fumbles = sum(1 for _, r in rolled if r is not None and r.fumble)
        net = max(0, crits - fumbles)
        gs.world.emit("swarm_volley", self.rule, who=a, target=preps[0].target, weapons=len(preps),
                      criticals=crits, fumbles=fumbles, def_malus=net)
        for p, imp in rolled:
            if imp is not None and imp.passed and not ctx.failed and gs.on_table(p.target):
                resolve_attack(gs, ctx, a, p.target, weapon_index=p.weapon_index, ranged=True, cover=p.cover,
                               scatter=p.scatter,
                               preset_imp=imp, def_malus=net)
            else:
                weapon_used(gs, ctx, a, p.weapon_index)
