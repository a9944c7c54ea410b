"""d20 Stargate SG-1's combat (SGD20-*) on a Wartime table: a d20 attack roll against Defence with automatic
natural 20s and 1s, threat ranges and action dice for critical hits, vitality then wound points, fatigue and
the Fortitude save, unconsciousness, dying and death at −10. The conversion is the rules digest's mapping
(docs/combat-systems.md); numbers in wartime/data/combat/systems.toml."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from wartime.core.components import Life
from wartime.rules.combat_systems.base import AttackInput, HitRoll, OddsView, PeerSystem, refuse
from wartime.rules.odds import AttackOdds
from wartime.rules.state import GameState


@dataclass(frozen=True)
class D20Stats:
    """A character under SGD20: vitality and wound points (SGD20-6), fatigue and stun, dying."""
    max_vp: int
    vp: int
    max_wp: int
    wp: int
    con_score: int
    fatigued: bool = False
    stunned_until: int = 0          # stunned (no actions) through this turn number


def attack_total(die: int, bab: int, ability_mod: int, misc: int = 0) -> int:
    """SGD20-4: 1d20 + base attack bonus + Str (melee) or Dex (ranged) modifier + misc."""
    return die + bab + ability_mod + misc


def attack_hits(die: int, total: int, defence: int) -> bool:
    """SGD20-4: a hit when the total reaches Defence; SGD20-7 ruling: a natural 20 always hits, a 1 misses."""
    if die == 20:
        return True
    if die == 1:
        return False
    return total >= defence


def defence(base: int, class_or_armour: int, dex_mod: int, size: int = 0, misc: int = 0,
            flat_footed: bool = False) -> int:
    """SGD20-5: 10 + class or armour bonus + Dex modifier + size + misc; SGD20-1: flat-footed loses a positive
    Dex modifier."""
    if flat_footed:
        dex_mod = min(0, dex_mod)
    return base + class_or_armour + dex_mod + size + misc


def save_succeeds(die: int, bonus: int, dc: int) -> bool:
    """SGD20-8: 1d20 + bonus against a DC; a natural 1 always fails, a natural 20 always succeeds."""
    if die == 1:
        return False
    if die == 20:
        return True
    return die + bonus >= dc


def apply_damage(st: D20Stats, dmg: int, critical: bool) -> tuple[D20Stats, bool]:
    """SGD20-6: damage comes off vitality, the rest off wound points; SGD20-7: a critical goes straight to wound
    points. Returns the new stats and whether this hit emptied vitality (fatigue and a Fortitude save due)."""
    if critical:
        return replace(st, wp=st.wp - dmg), False
    if st.vp > 0:
        off_vp = min(st.vp, dmg)
        rest = dmg - off_vp
        emptied = off_vp == st.vp
        return replace(st, vp=st.vp - off_vp, wp=st.wp - rest, fatigued=st.fatigued or emptied), emptied
    return replace(st, wp=st.wp - dmg), False


def condition(wp: int, dead_at: int) -> str:
    """SGD20-6: WP > 0 active; 0 unconscious; −1 or less dying; at −10 dead."""
    if wp <= dead_at:
        return "dead"
    if wp < 0:
        return "dying"
    if wp == 0:
        return "unconscious"
    return "active"


class D20Stargate(PeerSystem):
    name = "d20"
    REFUSED = dict((
        refuse("SGD20-1", "flat-footed and surprise rounds need the d20 initiative order (Wartime's is kept)"),
        refuse("SGD20-2", "the initiative count: Wartime's initiative and phases are kept"),
        refuse("SGD20-3", "full / half / free actions: Wartime's energy is kept"),
        refuse("SGD20-9", "the attack actions' mechanics are not in the text"),
        refuse("SGD20-10", "miscellaneous actions: Wartime's own actions are kept"),
        refuse("SGD20-11", "initiative actions' mechanics are not in the text"),
        refuse("SGD20-12", "squares and tumbling: Wartime measures in K and has no attacks of opportunity either"),
        refuse("SGD20-13", "movement actions' distances are not in the text"),
        refuse("SGD20-14", "fluid initiative needs the initiative count (SGD20-2)"),
        refuse("SGD20-15", "fluid initiative needs the initiative count (SGD20-2)"),
        refuse("SGD20-16", "counts of 50+ or 0− need the initiative count (SGD20-2)"),
        refuse("SGD20-17", "levelling up takes place outside combat"),
    ))

    def __init__(self, params: dict):
        super().__init__(params)
        self.label = params["label"]
        self.dice = params["dice"]

    def mod(self, value: int) -> int:
        """Mapping: ability score 2 · A, so its modifier is A − 5."""
        return value - self.p["ability_mid"]

    def install(self, gs: GameState) -> None:
        world = gs.world
        for e in gs.minis():
            a = gs.base_attrs(e)
            vp = self.p["vitality_per_con"] * a.CON
            world.set(e, D20Stats(vp, vp, a.CON, a.CON, 2 * a.CON))
        world.resources["d20_action_dice"] = tuple(
            (s, self.p["action_dice_per_character"] * sum(1 for e in gs.minis() if gs.side(e) == s))
            for s in gs.sides)
        world.add_system("start_of_activation", self._start_of_activation)
        world.add_system("end_of_turn", self._end_of_turn)

    def action_dice(self, gs: GameState, side: str) -> int:
        return dict(gs.world.resources["d20_action_dice"])[side]

    def spend_action_die(self, gs: GameState, side: str, rule: str) -> None:
        """SGD20-7: an action die triggers a critical."""
        pools = tuple((s, n - 1 if s == side else n) for s, n in gs.world.resources["d20_action_dice"])
        gs.world.resources["d20_action_dice"] = pools
        gs.world.emit("action_die", rule, side=side, left=dict(pools)[side])

    # --- the roll -------------------------------------------------------------------------------
    def bonus(self, gs: GameState, inp: AttackInput) -> int:
        """SGD20-4 / mapping: AGI − 5 (melee CON − 5), BAB 0, each Wartime ±1 hit modifier ×2 (range MOD-2
        included: the text has no range bands); fatigue −1 (Dex or Str −2)."""
        a = gs.attrs(inp.attacker)
        step = self.p["modifier_step"]
        b = self.mod(a.AGI if inp.ranged else a.CON) + step * (inp.mod_sum + inp.range_mod)
        if gs.world.get(inp.attacker, D20Stats).fatigued:
            b -= 1
        return b

    def defence_of(self, gs: GameState, inp: AttackInput) -> int:
        """SGD20-5 / mapping: 10 + ΣDEF + (AGI − 5); cover from Wartime's (data); fatigue −1."""
        st = gs.world.get(inp.target, D20Stats)
        cover = {"full": self.p["cover_full"], "over_half": self.p["cover"]}.get(inp.cover, 0)
        return defence(self.p["defence_base"], gs.total_def(inp.target),
                       self.mod(gs.attrs(inp.target).AGI) - (1 if st.fatigued else 0), misc=cover)

    def roll_hit(self, gs: GameState, inp: AttackInput, dodging: bool) -> HitRoll:
        """SGD20-4 against SGD20-5's Defence; SGD20-7: a natural roll in the threat range that hits is a
        critical when the attacker's side spends an action die (it always does while it has one)."""
        world = gs.world
        die = world.dice.die(20)
        b = self.bonus(gs, inp)
        dfc = self.defence_of(gs, inp)
        total = attack_total(die, 0, b)
        hit = attack_hits(die, total, dfc)
        side = gs.side(inp.attacker)
        crit = hit and die >= self.p["threat_min"] and self.action_dice(gs, side) > 0
        world.emit("d20_roll", "SGD20-4", who=inp.attacker, target=inp.target, die=die, bonus=b, total=total,
                   defence=dfc, hit=hit, threat=hit and die >= self.p["threat_min"])
        if crit:
            self.spend_action_die(gs, side, "SGD20-7")
        return HitRoll(hit, crit, 0, (die,), total, dfc)

    # --- harm -----------------------------------------------------------------------------------
    def harm(self, gs: GameState, attacker, target, dmg, *, critical, melee, def_malus, rule) -> int:
        """SGD20-6 / SGD20-7: vitality, then wound points; emptying vitality fatigues and calls a Fortitude save
        (DC 10 + the hit's damage) or stuns for 1d6 rounds; 0 WP unconscious, below 0 dying, −10 dead."""
        world = gs.world
        st = world.get(target, D20Stats)
        new, emptied = apply_damage(st, dmg, critical)        # (a surprise attack's DEF −2 is in its automatic hit)
        world.emit("damage", "SGD20-6", target=target, dmg=dmg, critical=critical, vp=new.vp, wp=new.wp)
        if emptied:
            dc = self.p["fortitude_dc_base"] + dmg
            die = world.dice.die(20)
            ok = save_succeeds(die, self.mod(gs.base_attrs(target).CON), dc)
            world.emit("fortitude_save", "SGD20-8", who=target, die=die, dc=dc, passed=ok)
            if not ok:
                rounds = world.dice.die(6)
                turn = world.resources["flow"].turn
                new = replace(new, stunned_until=turn + rounds - 1)
                world.emit("stunned", "SGD20-6", who=target, rounds=rounds)
                if gs.energy(target) > 0:
                    gs.set_energy(target, 0, "SGD20-6", "stunned")
        world.set(target, new)
        return self._sync(gs, target, new, attacker, "SGD20-6")

    def _sync(self, gs: GameState, e: int, st: D20Stats, source, rule: str) -> int:
        before = gs.wounds(e)
        cond = condition(st.wp, self.p["dead_at"])
        wounds = st.max_wp if cond != "active" else st.max_wp - st.wp
        life = {"active": None, "unconscious": "incapacitated", "dying": "incapacitated", "dead": "dead"}[cond]
        self.set_wartime(gs, e, max(before, wounds), life, rule, source)
        return gs.wounds(e) - before

    def _start_of_activation(self, world, gs: GameState, who: int) -> None:
        """SGD20-6: a stunned character cannot act."""
        st = gs.world.try_get(who, D20Stats)
        if st is not None and st.stunned_until >= gs.world.resources["flow"].turn and gs.energy(who) > 0:
            gs.set_energy(who, 0, "SGD20-6", "stunned")

    def _end_of_turn(self, world, gs: GameState) -> None:
        """SGD20-6: each round a dying character loses 1 WP unless a d% roll ≤ its Constitution score."""
        world = gs.world
        for e in gs.minis():
            st = world.try_get(e, D20Stats)
            if st is None or world.get(e, Life).state == "dead" or condition(st.wp, self.p["dead_at"]) != "dying":
                continue
            roll = world.dice.d100()
            holds = roll <= st.con_score
            st = st if holds else replace(st, wp=st.wp - 1)
            world.emit("dying_roll", "SGD20-6", who=e, roll=roll, con=st.con_score, wp=st.wp)
            world.set(e, st)
            self._sync(gs, e, st, None, "SGD20-6")

    # --- odds -----------------------------------------------------------------------------------
    def odds(self, gs: GameState, inp: AttackInput) -> AttackOdds:
        """Exact over the 20 faces: hit, critical (with an action die left), then the damage track."""
        b = self.bonus(gs, inp)
        dfc = self.defence_of(gs, inp)
        st = gs.world.get(inp.target, D20Stats)
        can_crit = self.action_dice(gs, gs.side(inp.attacker)) > 0
        p_hit = exp = p_inc = p_soft = Fraction(0)
        before = gs.wounds(inp.target)
        for die in range(1, 21):
            if not attack_hits(die, die + b, dfc):
                continue
            p = Fraction(1, 20)
            p_hit += p
            crit = can_crit and die >= self.p["threat_min"]
            new, _ = apply_damage(st, inp.dmg, crit)
            cond = condition(new.wp, self.p["dead_at"])
            wounds = new.max_wp if cond != "active" else new.max_wp - new.wp
            exp += p * max(0, wounds - before)
            if cond != "active":
                p_inc += p
            if new.wp == st.wp:
                p_soft += p
        return AttackOdds(b, dfc, p_hit, p_soft / p_hit if p_hit else Fraction(0), exp, p_inc)

    def odds_view(self, o: AttackOdds) -> OddsView:
        """SGD20-4, SGD20-5, SGD20-6, SGD20-7: d20 + attack bonus against Defence over the 20 faces (`odds`:
        imp_target is the bonus, def_target the Defence; p_def the chance a hit takes vitality only)."""
        return OddsView(f"d20 {o.imp_target:+d} vs Defence {o.def_target} · a natural 20 hits, a 1 misses",
                        (("Hit: total reaches Defence", o.p_hit, "hit"),
                         ("Vitality only (no wound points)", o.p_def, "soak"),
                         ("Expected wounds", o.expected_wounds, "wounds"), ("Incapacitates", o.p_incapacitate, "down")),
                        "SGD20-4, SGD20-5, SGD20-6, SGD20-7")

    def status(self, gs: GameState, e: int) -> str:
        st = gs.world.try_get(e, D20Stats)
        if st is None:
            return ""
        return (f"VP {st.vp}/{st.max_vp}  WP {st.wp}/{st.max_wp}" + ("  fatigued" if st.fatigued else "")
                + ("  stunned" if st.stunned_until >= gs.world.resources["flow"].turn else ""))

    def side_status(self, gs: GameState, side: str) -> str:
        return f"action dice {self.action_dice(gs, side)}"
