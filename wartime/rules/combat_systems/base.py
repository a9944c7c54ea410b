"""The combat-system interface: the hit, defence, damage and wound steps of an attack behind one door, chosen per
match (`--combat`), so the same miniatures can fight under Wartime's rules or a peer game's (WNG-*, SWD6-*,
SGD20-*; docs/combat-systems.md).

Wartime keeps its turn flow, initiative, actions and energy; a peer system replaces what happens when an attack is
resolved (`combat.resolve_attack` and `combat.resolve_hit` hand over to `gs.combat`) and the exact odds of one
(`odds.attack_odds`). A peer system keeps its own health model in its own component and answers the engine's
questions in Wartime's terms: the `Life` state (active / incapacitated / dead) says who is a casualty, the
`Wounds` count is the energy and melee-damage penalty (ENE-3, MOD-1)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from wartime.core.components import Life, Wounds
from wartime.core.errors import NotImplementedRule
from wartime.rules.checks import CheckResult, Modifier, combine
from wartime.rules.combat import Cover, melee_damage, take_surprise
from wartime.rules.modifiers import attack_mods, character_mods, roll_character_check
from wartime.rules.odds import AttackOdds
from wartime.rules.psychology import psi_check
from wartime.rules.state import GameState
from wartime.rules import traits


def refuse(rule_id: str, why: str) -> tuple[str, str]:
    """One entry of a system's table of refused rules: a peer rule that needs something Wartime does not model."""
    return rule_id, why


@dataclass(frozen=True)
class AttackInput:
    """What every system reads of an attack, measured by Wartime: the weapon, the distance in K, the cover
    class, the Wartime hit modifiers (signed, with rule IDs), Wartime's DMG for the attack (MOD-1 melee formula,
    CBA-10 unarmed, WND-6 weapon wounds and any bonus included)."""
    attacker: int
    target: int
    weapon: object | None
    ranged: bool
    unarmed: bool
    distance: float
    cover: str                       # "none", "over_half", "full"
    mods: tuple[Modifier, ...]       # Wartime's CH IMP modifiers except MOD-2 (range): each system has its bands
    range_mod: int                   # MOD-2's value (≤ 0), for systems without range bands
    dmg: int                         # Wartime's DMG of this attack

    @property
    def mod_sum(self) -> int:
        return sum(m.value for m in self.mods)


@dataclass(frozen=True)
class HitRoll:
    """One system's attack roll: hit or not, critical, extra damage (e.g. WNG-6 shifts) and the dice shown."""
    hit: bool
    critical: bool = False
    extra_dmg: int = 0
    dice: tuple[int, ...] = ()
    total: int = 0
    needed: int = 0


@dataclass(frozen=True)
class OddsView:
    """How the window words one attack's exact odds (`AttackOdds`) under a system: the roll in the system's own
    terms (`roll`: what is rolled against what), labelled rows (label, probability or expected value, kind:
    'hit' / 'soak' / 'wounds' / 'down') and the rules the enumeration follows (`rules`)."""
    roll: str
    rows: tuple[tuple[str, object, str], ...]
    rules: str


class CombatSystem:
    """The interface. `name` is the `--combat` value; `label` and `dice` are shown by the window."""
    name = "wartime"
    label = "Wartime"
    dice = "1D10 roll-under: CH IMP against AGI, CH DEF against ΣDEF"
    #: rule ID → why the engine refuses it under this system (`refuse(...)` entries)
    REFUSED: dict[str, str] = {}

    def __init__(self, params: dict | None = None):
        self.p = dict(params or {})

    def install(self, gs: GameState) -> None:
        """Convert the characters once (their peer stats, in a component of the system) and hook per-turn rules."""

    def require(self, rule_id: str) -> None:
        """Refuse a rule of this system that Wartime cannot play, naming its ID."""
        if rule_id in self.REFUSED:
            raise NotImplementedRule(rule_id, f"{self.label}: {self.REFUSED[rule_id]}")

    def status(self, gs: GameState, e: int) -> str:
        """A short line of the character's health and resources under this system (the window's unit card)."""
        return ""

    def odds_view(self, o: AttackOdds) -> OddsView:
        """CHK-2, CMB-4..9, CMB-17, CMB-18: Wartime's exact odds in its own terms (CH IMP, then CH DEF); the stress
        the attack is expected to deal when it deals any (TRT-PSYCHIC-AMMO, TRT-NEUROPSYCHO worn by the target)."""
        stress = (("Expected stress", o.expected_stress, "wounds"),) if o.expected_stress else ()
        return OddsView(f"CH IMP needs ≤ {o.imp_target} · CH DEF ≤ {o.def_target}",
                        (("Hit", o.p_hit, "hit"), ("Defence passes", o.p_def, "soak"),
                         ("Expected wounds", o.expected_wounds, "wounds"), *stress,
                         ("Incapacitates", o.p_incapacitate, "down")),
                        "CHK-2, CMB-4..9, CMB-17, CMB-18")

    def side_status(self, gs: GameState, side: str) -> str:
        return ""


class PeerSystem(CombatSystem):
    """The attack flow shared by the peer systems: Wartime's surprise (CBA-11), dodge (CBA-17), second roll into
    a melee (CBA-5) or with a firearm in melee (CBA-8) and special on-hit effects stay; the hit roll and the
    harm are the system's (`roll_hit`, `harm`)."""

    # --- to implement ------------------------------------------------------------------------
    def roll_hit(self, gs: GameState, inp: AttackInput, dodging: bool) -> HitRoll:
        raise NotImplementedError

    def harm(self, gs: GameState, attacker: int | None, target: int, dmg: int, *, critical: bool, melee: bool,
             def_malus: int, rule: str) -> int:
        """Apply `dmg` (Wartime DMG plus the roll's extra) to the target under this system; returns the wounds
        in Wartime terms (what the Wounds count grew by, or 1 for a casualty that took none)."""
        raise NotImplementedError

    def odds(self, gs: GameState, inp: AttackInput) -> AttackOdds:
        raise NotImplementedError

    # --- the shared flow ------------------------------------------------------------------------
    def attack_input(self, gs: GameState, attacker: int, target: int, *, weapon_index, ranged, cover,
                     extra_imp=(), dmg_bonus=0, unarmed=False, base_dmg=None, ctx=None) -> AttackInput:
        distance = gs.distance(attacker, target)
        weapon = gs.weapon(attacker, weapon_index) if weapon_index is not None else None
        terms = traits.combat_terms(gs, attacker, target, weapon, ranged)
        mods = attack_mods(gs, attacker, target, ranged, distance, weapon) + list(extra_imp or []) + list(terms.imp)
        mods += character_mods(gs, attacker, "AGI", "IMP")
        if ctx is not None and ctx.actor == attacker:
            mods += ctx.atr_mods("AGI")
        mods = list(combine(mods))
        range_mod = sum(m.value for m in mods if m.rule == "MOD-2")
        mods = tuple(m for m in mods if m.rule != "MOD-2")
        a = gs.attrs(attacker)
        if unarmed or (weapon is None and base_dmg is None):    # (no weapon: an on_hit action, CBA-14/16/25/26)
            dmg = melee_damage(0, a.CON, gs.wounds(attacker))                     # CBA-10
        elif base_dmg is not None:
            dmg = base_dmg if ranged else melee_damage(base_dmg, a.CON, gs.wounds(attacker))
        elif ranged:
            dmg = weapon.current_dmg                                              # WND-6
        else:
            dmg = melee_damage(weapon.current_dmg, a.CON, gs.wounds(attacker))     # MOD-1
        dmg = terms.dmg(dmg + dmg_bonus)
        if cover is None or not ranged:
            cls = "none"
        elif cover.full:
            cls = "full"
        elif cover.over_half:
            cls = "over_half"
        else:
            cls = "none"
        return AttackInput(attacker, target, weapon, ranged, unarmed, distance, cls, mods, range_mod, dmg)

    def resolve_attack(self, gs: GameState, ctx, attacker: int, target: int, *, weapon_index, ranged: bool,
                       cover: Cover | None = None, extra_imp=None, dmg_bonus: int = 0, unarmed: bool = False,
                       base_dmg: int | None = None, on_hit: Callable[[CheckResult], None] | None = None,
                       second_imp: str | None = None) -> dict:
        world = gs.world
        inp = self.attack_input(gs, attacker, target, weapon_index=weapon_index, ranged=ranged, cover=cover,
                                extra_imp=extra_imp, dmg_bonus=dmg_bonus, unarmed=unarmed, base_dmg=base_dmg,
                                ctx=ctx)
        surprise = not ranged and take_surprise(gs, attacker, target)                   # CBA-11
        dodging = (not surprise and not ranged and ctx is not None and target in ctx.dodged_by
                   and gs.able(target))
        if surprise:
            roll = HitRoll(True)
            world.emit("surprise_hit", "CBA-11", attacker=attacker, target=target, def_malus=2)
        else:
            roll = self.roll_hit(gs, inp, dodging)
        out = {"hit": False, "wounds": 0, "critical": roll.critical, "fumble": False}
        if roll.hit and dodging and not self.dodge_in_roll:
            # CBA-17 kept as Wartime's: the dodger's CH AGI (a pass turns the hit into a miss)
            d = roll_character_check(gs, None, target, "ATR", "AGI", "CBA-17", "Esquivar en CaC", against=attacker)
            if d.passed:
                roll = replace(roll, hit=False)
        if not roll.hit:
            world.emit("miss", "CMB-1", attacker=attacker, target=target, system=self.name)
            return out
        if ctx is not None and ctx.failed:
            return out
        if second_imp is not None and not surprise:
            again = self.roll_hit(gs, inp, False)                                        # CBA-8
            if not again.hit:
                world.emit("miss", second_imp, attacker=attacker, target=target, system=self.name)
                return out
        imp = CheckResult("IMP", "AGI", gs.attrs(attacker).AGI, inp.mods, roll.needed, 0, roll.critical, False, True)
        if on_hit is not None:
            world.emit("hit", "CMB-2", attacker=attacker, target=target, dmg=0, critical=roll.critical,
                       system=self.name)
            out["hit"] = True
            on_hit(imp)
            return out
        if ranged and not roll.critical and gs.engaged(target):
            again = self.roll_hit(gs, inp, False)                                        # CBA-5
            if not again.hit:
                others = [o for o in gs.minis() if o not in (target, attacker) and gs.on_table(o)
                          and gs.in_contact(o, target)]
                if others:
                    new = min(others, key=lambda o: (gs.distance(attacker, o), o))
                    world.emit("stray_shot", "CBA-5", attacker=attacker, intended=target, target=new)
                    target = new
        dmg = inp.dmg + roll.extra_dmg
        world.emit("hit", "CMB-2", attacker=attacker, target=target, dmg=dmg, critical=roll.critical,
                   system=self.name)
        out["hit"] = True
        out["wounds"] = self.harm_and_psi(gs, ctx, attacker, target, dmg, critical=roll.critical, melee=not ranged,
                                          def_malus=2 if surprise else 0, rule="CMB-4")
        return out

    #: the system's own roll answers Wartime's dodge reaction (SWD6-12); otherwise CBA-17's CH AGI follows a hit
    dodge_in_roll = False

    def harm_and_psi(self, gs: GameState, ctx, attacker, target, dmg, *, critical, melee, def_malus, rule) -> int:
        n = self.harm(gs, attacker, target, dmg, critical=critical, melee=melee, def_malus=def_malus, rule=rule)
        if n > 0 and gs.world.get(target, Life).state == "active" and not gs.unconscious(target):
            psi_check(gs, ctx, target, source=attacker, reason="wounded", rule="CMB-5")     # CMB-5 kept
        return n

    def resolve_hit(self, gs: GameState, ctx, attacker, target, dmg, *, melee, cover=None, automatic=False,
                    max_wounds=None, rule="CMB-3", def_malus=0) -> int:
        """A hit that did not come from `resolve_attack` (a fumble's DMG 1, an area template, a fall): Wartime's
        DMG under this system's harm."""
        return self.harm_and_psi(gs, ctx, attacker, target, dmg, critical=False, melee=melee, def_malus=def_malus,
                                 rule=rule)

    def attack_odds(self, gs: GameState, attacker: int, target: int, *, weapon_index, ranged, cover=None,
                    unarmed=False, dmg_bonus=0, extra_imp=()) -> AttackOdds:
        inp = self.attack_input(gs, attacker, target, weapon_index=weapon_index, ranged=ranged, cover=cover,
                                extra_imp=extra_imp, dmg_bonus=dmg_bonus, unarmed=unarmed)
        return self.odds(gs, inp)

    # --- helpers for the health models ----------------------------------------------------------
    @staticmethod
    def set_wartime(gs: GameState, e: int, wounds: int | None, life: str | None, rule: str, source=None) -> None:
        """Write the Wartime answers of a peer health model: the Wounds count (ENE / MOD-1 penalty) and Life."""
        world = gs.world
        if wounds is not None:
            before = world.get(e, Wounds).value
            if wounds != before:
                world.set(e, Wounds(wounds))
                world.emit("wounds", rule, who=e, source=source, amount=wounds - before, before=before, after=wounds)
        if life is not None:
            old = world.get(e, Life).state
            if old != life and old != "dead":
                world.set(e, Life(life))
                world.emit("life", rule, who=e, state=life)
