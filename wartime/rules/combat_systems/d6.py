"""D6 Star Wars' combat (SWD6-*) on a Wartime table: dice codes kept in pips, difficulties by range band and
cover, dodge added to the difficulty, multiple-action and wound penalties, damage rolled against the victim's
Strength (armour adds to it, and takes off Dexterity), wound states and the mortally wounded roll. The conversion
is the rules digest's mapping (docs/combat-systems.md); numbers in wartime/data/combat/systems.toml."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from wartime.core.components import Life
from wartime.rules.combat_systems.base import AttackInput, HitRoll, OddsView, PeerSystem, refuse
from wartime.rules.odds import AttackOdds
from wartime.rules.state import GameState

#: SWD6-8: wound states from better to worse
STATES = ("ok", "stunned", "wounded", "incapacitated", "mortal", "dead")


@dataclass(frozen=True)
class D6Stats:
    """A character under SWD6: codes in pips (SWD6-1), its wound state (SWD6-8) and the rounds since a mortal
    wound (SWD6-9)."""
    dex: int            # Dexterity (from AGI)
    strength: int       # Strength (from CON)
    armour: int         # armour code (from ΣDEF, SWD6-10)
    skill: int          # weapon skill over Dexterity (a Wartime character with a weapon counts as trained)
    state: str = "ok"
    mortal_rounds: int = 0
    stunned_turn: int = 0


def code(pips: int) -> str:
    """SWD6-1: pips as a dice code: 10 → '3D+1'."""
    n, p = divmod(pips, 3)
    return f"{n}D" + (f"+{p}" if p else "")


def roll_code(dice, pips: int) -> tuple[int | None, tuple[int, ...]]:
    """SWD6-1: roll n d6 and add the pips; a code below 1D cannot be rolled (None: the action fails)."""
    n, add = divmod(pips, 3)
    if n < 1:
        return None, ()
    faces = tuple(dice.die(6) for _ in range(n))
    return sum(faces) + add, faces


def succeeds(roll: int | None, difficulty: int) -> bool:
    """SWD6-2: success when the roll reaches the difficulty."""
    return roll is not None and roll >= difficulty


def opposed(attacker_roll: int, resister_roll: int) -> str:
    """SWD6-3 ruling: the higher roll wins; a tie goes to the one resisting."""
    return "attacker" if attacker_roll > resister_roll else "resister"


def multiple_action_penalty(uses: int) -> int:
    """SWD6-11: each use after the first costs 1D (3 pips) on every code: n uses → −(n − 1)D."""
    return -3 * max(0, uses - 1)


def damage_state(damage: int, strength: int) -> str:
    """SWD6-8: Strength > damage stunned; damage ≥ Strength wounded; ≥ 2× incapacitated; ≥ 3× mortally
    wounded."""
    if damage < strength:
        return "stunned"
    if damage < 2 * strength:
        return "wounded"
    if damage < 3 * strength:
        return "incapacitated"
    return "mortal"


def worsen(old: str, new: str) -> str:
    """SWD6-8 ruling: a second wounded result on a wounded character incapacitates; a new result never improves
    the state."""
    if old == "wounded" and new == "wounded":
        return "incapacitated"
    return new if STATES.index(new) > STATES.index(old) else old


def mortal_roll_kills(roll_2d: int, rounds: int) -> bool:
    """SWD6-9: at the end of each round a 2D roll below the rounds since the mortal wound kills."""
    return roll_2d < rounds


class D6StarWars(PeerSystem):
    name = "d6"
    dodge_in_roll = True
    REFUSED = dict((
        refuse("SWD6-5", "declaration and action segments: Wartime's turn flow and activations are kept"),
        refuse("SWD6-6", "simultaneous actions without initiative: Wartime's initiative is kept"),
        refuse("SWD6-15", "stun settings: Wartime weapons have none"),
        refuse("SWD6-16", "Force Points need a GM to class each use"),
        refuse("SWD6-17", "lightsabers and the control and sense skills do not exist in Wartime"),
        refuse("SWD6-18", "healing takes place outside combat"),
    ))

    def __init__(self, params: dict):
        super().__init__(params)
        self.label = params["label"]
        self.dice = params["dice"]

    # --- conversion (mapping) -------------------------------------------------------------------
    def attribute_pips(self, value: int) -> int:
        """Mapping: an attribute code of round(1.5 · A) pips (A 4 → 2D, 5 → 2D+2, 6 → 3D)."""
        return int(Fraction(str(self.p["attribute_pips_per_point"])) * value + Fraction(1, 2))

    def armour_pips(self, total_def: int) -> int:
        return int(Fraction(str(self.p["armour_pips_per_def"])) * total_def + Fraction(1, 2))

    def stats_of(self, gs: GameState, e: int) -> D6Stats:
        a = gs.base_attrs(e)
        return D6Stats(self.attribute_pips(a.AGI), self.attribute_pips(a.CON), self.armour_pips(gs.total_def(e)),
                       self.p["skill_pips"])

    def install(self, gs: GameState) -> None:
        for e in gs.minis():
            gs.world.set(e, self.stats_of(gs, e))
        gs.world.add_system("start_of_activation", self._start_of_activation)
        gs.world.add_system("end_of_turn", self._end_of_turn)

    # --- the roll -------------------------------------------------------------------------------
    def dex_skill(self, gs: GameState, e: int, extra: int = 0) -> int:
        """SWD6-10: armour takes its code off Dexterity skills; SWD6-11: −1D per action already taken in the
        activation; SWD6-13: a wounded character −1D."""
        st = gs.world.get(e, D6Stats)
        pips = st.dex + st.skill - st.armour + extra
        pips += multiple_action_penalty(gs.activation(e).actions + 1)
        if st.state == "wounded":
            pips -= 3
        return pips

    def difficulty(self, inp: AttackInput) -> int:
        """SWD6-7: 5 / 10 / 15 / 20 by range band of the weapon's RNG (beyond RNG 25), +5 behind cover
        (+10 for 100 % hidden); SWD6-14 ruling: melee 10."""
        p = self.p
        if not inp.ranged:
            return p["melee"]
        rng = inp.weapon.RNG if inp.weapon is not None and inp.weapon.RNG else 10
        d = inp.distance
        if d <= p["point_blank_k"] + 1e-9:
            base = p["point_blank"]
        elif d <= rng / 3 + 1e-9:
            base = p["short"]
        elif d <= 2 * rng / 3 + 1e-9:
            base = p["medium"]
        elif d <= rng + 1e-9:
            base = p["long"]
        else:
            base = p["beyond"]
        if inp.cover == "full":
            base += p["cover_full"]
        elif inp.cover == "over_half":
            base += p["cover"]
        return base

    def roll_hit(self, gs: GameState, inp: AttackInput, dodging: bool) -> HitRoll:
        """SWD6-2 / SWD6-7: the weapon skill (Wartime's ±1 hit modifiers as ±1 pip) against the difficulty;
        SWD6-12: a dodge (Wartime's Esquivar reaction) rolls the target's Dexterity skill and adds it."""
        world = gs.world
        pips = self.dex_skill(gs, inp.attacker, inp.mod_sum)
        need = self.difficulty(inp)
        if dodging:
            dodge, faces = roll_code(world.dice, self.dex_skill(gs, inp.target))
            world.emit("d6_dodge", "SWD6-12", who=inp.target, dice=list(faces), roll=dodge)
            need += dodge or 0
        total, faces = roll_code(world.dice, pips)
        world.emit("d6_roll", "SWD6-2", who=inp.attacker, target=inp.target, code=code(max(0, pips)),
                   dice=list(faces), roll=total, difficulty=need)
        return HitRoll(succeeds(total, need), False, 0, faces, total or 0, need)

    def damage_pips(self, gs: GameState, inp: AttackInput, extra: int = 0) -> int:
        """Mapping: damage code = DMG dice; melee adds the attacker's Strength code (SWD6-14's STR+xD)."""
        if not inp.ranged:
            a = gs.attrs(inp.attacker)
            weapon_part = max(0, inp.dmg - (a.CON - 4 - gs.wounds(inp.attacker)))
            return 3 * (weapon_part + extra) + gs.world.get(inp.attacker, D6Stats).strength
        return 3 * (inp.dmg + extra)

    # --- harm -----------------------------------------------------------------------------------
    def harm(self, gs: GameState, attacker, target, dmg, *, critical, melee, def_malus, rule) -> int:
        """SWD6-8: the damage code against the victim's Strength + armour (SWD6-10); the state worsens."""
        world = gs.world
        st = world.get(target, D6Stats)
        pips = 3 * dmg
        if melee and attacker is not None and rule == "CMB-4":        # an attack's melee damage: STR + weapon
            a = gs.attrs(attacker)
            pips = 3 * max(0, dmg - (a.CON - 4 - gs.wounds(attacker))) + world.get(attacker, D6Stats).strength
        armour = max(0, st.armour - self.armour_pips(def_malus))
        dmg_roll, dfaces = roll_code(world.dice, pips)
        str_roll, sfaces = roll_code(world.dice, st.strength + armour)
        dmg_roll, str_roll = dmg_roll or 0, str_roll or 0
        result = damage_state(dmg_roll, str_roll) if dmg_roll else "stunned"
        new = worsen(st.state, result)
        world.emit("damage", "SWD6-8", target=target, damage=code(pips), damage_dice=list(dfaces), damage_roll=dmg_roll,
                   strength=code(st.strength + armour), strength_dice=list(sfaces), strength_roll=str_roll,
                   result=result, state=new)
        turn = world.resources["flow"].turn
        st = replace(st, state=new, stunned_turn=turn if result == "stunned" else st.stunned_turn)
        world.set(target, st)
        con = gs.base_attrs(target).CON
        before = gs.wounds(target)
        if result == "stunned" and new in ("ok", "stunned", "wounded"):
            if gs.energy(target) > 0:
                gs.set_energy(target, 0, "SWD6-8", "stunned: no more actions this round")
            return 0
        if new == "wounded":
            self.set_wartime(gs, target, max(before, 1), None, "SWD6-8", attacker)
        elif new in ("incapacitated", "mortal"):
            self.set_wartime(gs, target, max(before, con), "incapacitated", "SWD6-8", attacker)
        return gs.wounds(target) - before

    def _start_of_activation(self, world, gs: GameState, who: int) -> None:
        """SWD6-8 ruling: a character stunned this round has lost its remaining actions."""
        st = gs.world.try_get(who, D6Stats)
        if st is not None and st.stunned_turn == gs.world.resources["flow"].turn and gs.energy(who) > 0:
            gs.set_energy(who, 0, "SWD6-8", "stunned this round")

    def _end_of_turn(self, world, gs: GameState) -> None:
        """SWD6-9: each mortally wounded character rolls 2D; below the rounds since the wound it dies."""
        world = gs.world
        for e in gs.minis():
            st = world.try_get(e, D6Stats)
            if st is None or st.state != "mortal" or world.get(e, Life).state == "dead":
                continue
            rounds = st.mortal_rounds + 1
            roll, faces = roll_code(world.dice, 6)
            dies = mortal_roll_kills(roll, rounds)
            world.emit("mortal_roll", "SWD6-9", who=e, dice=list(faces), roll=roll, rounds=rounds, dies=dies)
            world.set(e, replace(st, mortal_rounds=rounds, state="dead" if dies else "mortal"))
            if dies:
                self.set_wartime(gs, e, None, "dead", "SWD6-9")

    # --- odds -----------------------------------------------------------------------------------
    def odds(self, gs: GameState, inp: AttackInput) -> AttackOdds:
        """Exact: P(skill roll ≥ difficulty) × the damage-against-Strength states (no dodge, no second roll)."""
        pips = self.dex_skill(gs, inp.attacker, inp.mod_sum)
        need = self.difficulty(inp)
        st = gs.world.get(inp.target, D6Stats)
        p_hit = p_at_least(pips, need)
        states = state_distribution(self.damage_pips(gs, inp), st.strength + st.armour)
        con = gs.base_attrs(inp.target).CON
        before = gs.wounds(inp.target)
        exp = p_inc = Fraction(0)
        for result, p in states.items():
            new = worsen(st.state, result)
            if new in ("incapacitated", "mortal"):
                p_inc += p
                exp += p * max(0, con - before)
            elif new == "wounded" and before == 0:
                exp += p
        p_def = states.get("stunned", Fraction(0))
        return AttackOdds(pips, need, p_hit, p_def, p_hit * exp, p_hit * p_inc)

    def odds_view(self, o: AttackOdds) -> OddsView:
        """SWD6-1, SWD6-2, SWD6-7, SWD6-8, SWD6-10, SWD6-11, SWD6-13: the weapon skill's code against the range
        difficulty (`odds`: imp_target is the code in pips, def_target the difficulty; p_def the chance a hit only
        stuns)."""
        return OddsView(f"{code(max(0, o.imp_target))} vs difficulty {o.def_target} · damage vs Strength + armour",
                        (("Hit: roll reaches the difficulty", o.p_hit, "hit"),
                         ("Only stuns (damage < Strength)", o.p_def, "soak"),
                         ("Expected wounds", o.expected_wounds, "wounds"),
                         ("Incapacitates or mortally wounds", o.p_incapacitate, "down")),
                        "SWD6-1, SWD6-2, SWD6-7, SWD6-8, SWD6-10, SWD6-11, SWD6-13")

    def status(self, gs: GameState, e: int) -> str:
        st = gs.world.try_get(e, D6Stats)
        if st is None:
            return ""
        return (f"{st.state}  blaster {code(st.dex + st.skill - st.armour)}  Strength {code(st.strength)}"
                + (f" +{code(st.armour)} armour" if st.armour else ""))


@lru_cache(maxsize=128)
def sum_distribution(pips: int) -> dict[int, Fraction]:
    """{total: probability} of a code's roll (SWD6-1); {} below 1D."""
    n, add = divmod(pips, 3)
    if n < 1:
        return {}
    dist = {0: Fraction(1)}
    for _ in range(n):
        new: dict[int, Fraction] = {}
        for t, p in dist.items():
            for f in range(1, 7):
                new[t + f] = new.get(t + f, Fraction(0)) + p / 6
        dist = new
    return {t + add: p for t, p in dist.items()}


def p_at_least(pips: int, need: int) -> Fraction:
    return sum((p for t, p in sum_distribution(pips).items() if t >= need), Fraction(0))


@lru_cache(maxsize=1024)
def state_distribution(damage_pips: int, strength_pips: int) -> dict[str, Fraction]:
    """{SWD6-8 result: probability} of a damage code against a Strength code."""
    out: dict[str, Fraction] = {}
    sd = sum_distribution(strength_pips) or {0: Fraction(1)}
    dd = sum_distribution(damage_pips)
    if not dd:
        return {"stunned": Fraction(1)}
    for d, p in dd.items():
        for s, q in sd.items():
            r = damage_state(d, s)
            out[r] = out.get(r, Fraction(0)) + p * q
    return out
