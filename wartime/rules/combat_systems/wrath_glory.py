"""Wrath & Glory's combat (WNG-*) on a Wartime table: d6 pools counting icons against a DN, the wrath die, Wrath
rerolls, Glory, shifted exalted icons as damage, Resilience, Shock and Wounds, death tests. The conversion from
Wartime's characters is the rules digest's mapping (docs/combat-systems.md); its numbers are in
wartime/data/combat/systems.toml."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from wartime.core.components import Life
from wartime.core.errors import RuleViolation
from wartime.rules.combat_systems.base import AttackInput, HitRoll, OddsView, PeerSystem, refuse
from wartime.rules.odds import AttackOdds
from wartime.rules.state import GameState


@dataclass(frozen=True)
class WngStats:
    """A character under WNG: Wounds and Shock tracks (WNG-27..29), Wrath (WNG-7), death tests (WNG-31)."""
    max_wounds: int
    wounds_left: int
    max_shock: int
    shock_left: int
    wrath: int
    failures: int = 0
    stabilised: bool = False


def icons(die: int) -> int:
    """WNG-1: a 4 or 5 is an icon, a 6 an exalted icon worth 2."""
    return 2 if die == 6 else (1 if die >= 4 else 0)


def count_icons(dice) -> int:
    """WNG-1: the icons of a pool."""
    return sum(icons(d) for d in dice)


def passes(n_icons: int, dn: int) -> bool:
    """WNG-2: a test passes when its icons reach the DN."""
    return n_icons >= dn


def difficulty(params: dict, name: str) -> int:
    """WNG-2: the DN of a named difficulty (routine 1 … almost impossible 11)."""
    return params["difficulties"][name]


def apply_bonus(pool: int, dn: int, bonus_dice: int = 0, dn_mod: int = 0) -> tuple[int, int]:
    """WNG-3 ruling: a bonus adds dice to the pool, a penalty raises the DN (kept apart)."""
    return max(0, pool + bonus_dice), dn + dn_mod


def shifts(n_icons: int, exalted: int, dn: int) -> int:
    """WNG-6 ruling: the largest k ≤ exalted icons with icons − 2k ≥ DN (0 when the test failed)."""
    if n_icons < dn:
        return 0
    return max(0, min(exalted, (n_icons - dn) // 2))


def glory_cap(params: dict, characters: int) -> int:
    """WNG-8: max(6, characters + 2)."""
    return max(params["glory_cap_min"], characters + params["glory_cap_plus"])


def harm_of(dmg: int, resilience: int) -> tuple[int, int]:
    """WNG-27 ruling: (wounds, shock): damage above Resilience is wounds, otherwise 1 Shock."""
    if dmg > resilience:
        return dmg - resilience, 0
    return 0, 1


def death_test(die: int, bonus: int = 0) -> tuple[str, int]:
    """WNG-31: a d6 (+1 if Wrath was spent): 6 recovers 1 wound and wakes, 4+ stabilised, 2-3 one failure,
    1 two failures. Returns (outcome, failures added)."""
    v = min(6, die + bonus)
    if v >= 6:
        return "wakes", 0
    if v >= 4:
        return "stabilised", 0
    return "failure", 1 if v >= 2 else 2


class WrathGlory(PeerSystem):
    name = "wrath-glory"
    REFUSED = dict((
        refuse("WNG-9", "Ruin is a GM's pool; both sides are players here: a complication gives the opposing "
                        "side 1 Glory instead (the mapping)"),
        refuse("WNG-10", "personal Ruin pools need NPCs and a GM; both sides here are players"),
        refuse("WNG-11", "the alternating-pick initiative: Wartime's initiative and phases are kept"),
        refuse("WNG-12", "troops (hordes) need a scenario-declared group of nameless enemies"),
        refuse("WNG-13", "troop attacks need troops (WNG-12)"),
        refuse("WNG-14", "the move / normal / simple action economy: Wartime's energy is kept"),
        refuse("WNG-15", "seizing the initiative needs WNG-11's alternation"),
        refuse("WNG-16", "interrupting needs a GM's Ruin and the Prepare action"),
        refuse("WNG-17", "ambushes need WNG-11's order and a surprised side"),
        refuse("WNG-18", "the initiative roll needs WNG-11's order"),
        refuse("WNG-19", "movement in metres by Speed: Wartime's movement in K is kept"),
        refuse("WNG-20", "interaction attacks, total defence and prepare are not Wartime actions"),
        refuse("WNG-22", "the Pistol trait does not exist in Wartime's weapon profiles"),
        refuse("WNG-25", "Reloads and Salvo: Wartime weapons have magazines (TRT-MAGAZINES) instead"),
        refuse("WNG-26", "interaction attacks use social skills Wartime characters do not have"),
        refuse("WNG-30", "soaking wounds needs a Toughness pool and a spend decision the engine does not offer"),
    ))

    def __init__(self, params: dict):
        super().__init__(params)
        self.label = params["label"]
        self.dice = params["dice"]

    # --- conversion ---------------------------------------------------------------------------
    def install(self, gs: GameState) -> None:
        world = gs.world
        for e in gs.minis():
            a = gs.base_attrs(e)
            world.set(e, WngStats(a.CON, a.CON, a.VOL, a.VOL, self.p["wrath"]))
        counts = {s: sum(1 for e in gs.minis() if gs.side(e) == s) for s in gs.sides}
        world.resources["wng_glory"] = tuple((s, 0, glory_cap(self.p, counts[s])) for s in gs.sides)
        world.add_system("start_of_turn", self._start_of_turn)

    def resilience(self, gs: GameState, e: int, def_malus: int = 0) -> int:
        """Mapping: Resilience = ΣDEF + 1."""
        return max(0, gs.total_def(e) - def_malus) + self.p["resilience_plus"]

    def pool_and_dn(self, gs: GameState, inp: AttackInput) -> tuple[int, int]:
        """WNG-21 / mapping: pool = AGI ± the Wartime modifiers as dice, DN = base DN; WNG-24 bands, cover."""
        pool = gs.attrs(inp.attacker).AGI + inp.mod_sum
        dn = self.p["base_dn"]
        if inp.ranged and inp.weapon is not None:
            bonus, dn_mod = self.range_band(inp.distance, inp.weapon.RNG)
            pool, dn = apply_bonus(pool, dn, bonus, dn_mod)
        if inp.cover == "full":
            dn += self.p["cover_full_dn"]
        elif inp.cover == "over_half":
            dn += self.p["cover_over_half_dn"]
        return max(0, pool), dn

    def range_band(self, distance: float, rng: int) -> tuple[int, int]:
        """WNG-24: (bonus dice, DN change): short (≤ ½ range) +1 die, long (range < d ≤ 2 range) DN +2; beyond
        2 × range no attack (refused)."""
        if distance <= rng / 2 + 1e-9:
            return self.p["short_range_dice"], 0
        if distance <= rng + 1e-9:
            return 0, 0
        if distance <= 2 * rng + 1e-9:
            return 0, self.p["long_range_dn"]
        raise RuleViolation("WNG-24", f"beyond twice the weapon's range ({distance:.1f} K > {2 * rng} K)")

    # --- pools ----------------------------------------------------------------------------------
    def glory(self, gs: GameState, side: str) -> tuple[int, int]:
        for s, g, cap in gs.world.resources["wng_glory"]:
            if s == side:
                return g, cap
        raise KeyError(side)

    def add_glory(self, gs: GameState, side: str, n: int, rule: str) -> None:
        """WNG-8: the side's Glory grows, excess over the cap discarded."""
        pools = []
        for s, g, cap in gs.world.resources["wng_glory"]:
            if s == side:
                new = min(cap, g + n)
                if new != g:
                    gs.world.emit("glory", rule, side=side, before=g, after=new)
                g = new
            pools.append((s, g, cap))
        gs.world.resources["wng_glory"] = tuple(pools)

    def roll_pool(self, gs: GameState, n: int) -> list[int]:
        return [gs.world.dice.die(6) for _ in range(n)]

    def roll_hit(self, gs: GameState, inp: AttackInput, dodging: bool) -> HitRoll:
        """WNG-21: the pool against the DN; WNG-4: the first die is the wrath die (6: +1 Glory, 1: a
        complication = the opposing side +1 Glory, WNG-5); WNG-7: a failed attack spends 1 Wrath to reroll the
        failed dice (never a complication wrath die); WNG-6: exalted icons beyond the DN are shifted, +1 damage
        each. A dodge (CBA-17) is the target's Agility test: +1 DN per icon (WNG-20's total defence)."""
        world = gs.world
        pool, dn = self.pool_and_dn(gs, inp)
        if dodging:
            agi = self.roll_pool(gs, gs.attrs(inp.target).AGI)
            dn += count_icons(agi)
            world.emit("wng_dodge", "WNG-20", who=inp.target, dice=agi, dn=dn)
        dice = self.roll_pool(gs, pool)
        side = gs.side(inp.attacker)
        enemy = next(s for s in gs.sides if s != side)
        wrath_die = dice[0] if dice else None
        total = count_icons(dice)
        world.emit("wng_roll", "WNG-21", who=inp.attacker, target=inp.target, pool=pool, dn=dn, dice=dice,
                   icons=total)
        if wrath_die == 6:
            self.add_glory(gs, side, 1, "WNG-4")
        elif wrath_die == 1:
            world.emit("complication", "WNG-5", who=inp.attacker)
            self.add_glory(gs, enemy, 1, "WNG-5")
        st = world.get(inp.attacker, WngStats)
        if total < dn and st.wrath > 0:
            keep = [i for i, d in enumerate(dice) if icons(d) > 0 or (i == 0 and d == 1)]
            redo = [i for i in range(len(dice)) if i not in keep]
            if redo:
                world.set(inp.attacker, replace(st, wrath=st.wrath - 1))
                for i in redo:
                    dice[i] = world.dice.die(6)
                total = count_icons(dice)
                world.emit("wrath_reroll", "WNG-7", who=inp.attacker, rerolled=len(redo), dice=dice, icons=total,
                           wrath=st.wrath - 1)
        exalted = sum(1 for d in dice if d == 6)
        k = shifts(total, exalted, dn)
        return HitRoll(passes(total, dn), False, k, tuple(dice), total, dn)

    # --- harm -----------------------------------------------------------------------------------
    def harm(self, gs: GameState, attacker, target, dmg, *, critical, melee, def_malus, rule) -> int:
        """WNG-27: damage above Resilience is wounds, else 1 Shock; WNG-28: at 0 Shock exhausted; WNG-29: at 0
        wounds unconscious (Wartime incapacitated) with a death test at once (WNG-31), wounds ≥ twice the
        starting wounds in one attack kill."""
        world = gs.world
        st = world.get(target, WngStats)
        res = self.resilience(gs, target, def_malus)
        wounds, shock = harm_of(dmg, res)
        world.emit("damage", "WNG-27", target=target, dmg=dmg, resilience=res, wounds=wounds, shock=shock)
        if shock:
            left = max(0, st.shock_left - shock)
            world.set(target, replace(st, shock_left=left))
            if left == 0 and st.shock_left > 0:
                world.emit("exhausted", "WNG-28", who=target)
            return 0
        left = st.wounds_left - wounds
        st = replace(st, wounds_left=max(0, left), stabilised=False)
        world.set(target, st)
        taken = st.max_wounds - st.wounds_left
        if wounds >= 2 * st.max_wounds:
            self.set_wartime(gs, target, taken, "dead", "WNG-29", attacker)
        elif st.wounds_left == 0:
            self.set_wartime(gs, target, taken, "incapacitated", "WNG-29", attacker)
            self.death_test(gs, target)
        else:
            self.set_wartime(gs, target, taken, None, "WNG-27", attacker)
        return wounds

    def death_test(self, gs: GameState, e: int) -> None:
        """WNG-31: a d6; three failures in all kill; a 6 recovers 1 wound and the character wakes."""
        world = gs.world
        st = world.get(e, WngStats)
        die = world.dice.die(6)
        outcome, fails = death_test(die)
        st = replace(st, failures=st.failures + fails, stabilised=outcome != "failure")
        world.emit("death_test", "WNG-31", who=e, die=die, outcome=outcome, failures=st.failures)
        if st.failures >= self.p["death_test_failures"]:
            world.set(e, st)
            self.set_wartime(gs, e, None, "dead", "WNG-31")
            return
        if outcome == "wakes":
            st = replace(st, wounds_left=1, stabilised=False, failures=0)
            world.set(e, st)
            self.set_wartime(gs, e, st.max_wounds - 1, "active", "WNG-31")
            return
        world.set(e, st)

    def _start_of_turn(self, world, gs: GameState) -> None:
        """WNG-31: an unconscious, unstabilised character tests at the start of each of its turns."""
        for e in gs.minis():
            if gs.world.get(e, Life).state == "incapacitated":
                st = gs.world.try_get(e, WngStats)
                if st is not None and st.wounds_left == 0 and not st.stabilised:
                    self.death_test(gs, e)

    # --- odds -----------------------------------------------------------------------------------
    def odds(self, gs: GameState, inp: AttackInput) -> AttackOdds:
        """Exact: the pool with its wrath die and a Wrath reroll when the attacker has Wrath left, shifts as
        damage, then WNG-27 and WNG-29 (dodges and CBA-5's second roll are not in it)."""
        pool, dn = self.pool_and_dn(gs, inp)
        st = gs.world.get(inp.attacker, WngStats)
        tst = gs.world.get(inp.target, WngStats)
        res = self.resilience(gs, inp.target)
        dist = attack_distribution(pool, dn, st.wrath > 0)
        p_hit = exp = p_inc = Fraction(0)
        for k, p in dist.items():
            p_hit += p
            w, _ = harm_of(inp.dmg + k, res)
            exp += p * w
            if w > 0 and w >= tst.wounds_left:
                p_inc += p
        p_def = sum((p for k, p in dist.items() if harm_of(inp.dmg + k, res)[0] == 0), Fraction(0))
        return AttackOdds(pool, dn, p_hit, p_def / p_hit if p_hit else Fraction(0), exp, p_inc)

    def odds_view(self, o: AttackOdds) -> OddsView:
        """WNG-1, WNG-2, WNG-4, WNG-6, WNG-7, WNG-27, WNG-29: the pool against the DN (`odds`: imp_target is the
        pool, def_target the DN; p_def the chance a hit is soaked to Shock by Resilience)."""
        return OddsView(f"pool {o.imp_target}d6 (the first is the wrath die) vs DN {o.def_target} · "
                        f"4-5 an icon, 6 two",
                        (("Hit: icons reach the DN", o.p_hit, "hit"), ("Soaked to Shock by Resilience", o.p_def, "soak"),
                         ("Expected Wounds", o.expected_wounds, "wounds"), ("Incapacitates", o.p_incapacitate, "down")),
                        "WNG-1, WNG-2, WNG-4, WNG-6, WNG-7, WNG-27, WNG-29")

    def status(self, gs: GameState, e: int) -> str:
        st = gs.world.try_get(e, WngStats)
        if st is None:
            return ""
        return (f"wounds {st.wounds_left}/{st.max_wounds}  shock {st.shock_left}/{st.max_shock}  wrath {st.wrath}"
                + (f"  death tests failed {st.failures}" if st.failures else ""))

    def side_status(self, gs: GameState, side: str) -> str:
        g, cap = self.glory(gs, side)
        return f"Glory {g}/{cap}"


# (fails, plain icons, exalted) of one die, with its probability
_FACES = ((1, 0, 0, Fraction(1, 2)), (0, 1, 0, Fraction(1, 3)), (0, 0, 1, Fraction(1, 6)))


@lru_cache(maxsize=256)
def _pool(n: int) -> dict[tuple[int, int, int], Fraction]:
    """Distribution of (failed dice, plain icons, exalted dice) of n d6 (WNG-1)."""
    dist = {(0, 0, 0): Fraction(1)}
    for _ in range(n):
        new: dict = {}
        for (f, i, x), p in dist.items():
            for df, di, dx, q in _FACES:
                key = (f + df, i + di, x + dx)
                new[key] = new.get(key, Fraction(0)) + p * q
        dist = new
    return dist


@lru_cache(maxsize=1024)
def attack_distribution(pool: int, dn: int, wrath: bool) -> dict[int, Fraction]:
    """{shifts: probability} of the hits of an attack (misses left out): WNG-1, WNG-4 (a wrath die of 1 is not
    rerolled), WNG-6, WNG-7 (one reroll of the failed dice when Wrath is left)."""
    out: dict[int, Fraction] = {}
    if pool <= 0:
        return out
    # the wrath die: 1 (complication, kept), 2-3 (failed, rerolled), 4-5, 6
    wrath_faces = ((True, 0, 0, 0, Fraction(1, 6)), (False, 1, 0, 0, Fraction(1, 3)),
                   (False, 0, 1, 0, Fraction(1, 3)), (False, 0, 0, 1, Fraction(1, 6)))
    for compl, wf, wi, wx, wp in wrath_faces:
        for (f, i, x), p in _pool(pool - 1).items():
            fails, plain, ex = f + wf, i + wi, x + wx
            q = wp * p
            if plain + 2 * ex >= dn or not wrath or fails == 0:
                if plain + 2 * ex >= dn:
                    k = shifts(plain + 2 * ex, ex, dn)
                    out[k] = out.get(k, Fraction(0)) + q
                continue
            for (_, i2, x2), p2 in _pool(fails).items():
                tot, ex2 = plain + i2 + 2 * (ex + x2), ex + x2
                if tot >= dn:
                    k = shifts(tot, ex2, dn)
                    out[k] = out.get(k, Fraction(0)) + q * p2
    return out
