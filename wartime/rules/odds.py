"""Exact odds of an attack, computed from the rules by enumerating the dice (no sampling):
CHK-1/CHK-2 (pass, critical, fumble), CMB-4, CMB-6..9, CMB-17, CMB-18, MOD-1. Used by the AI and the UI."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from wartime.rules.checks import combine, resolve_die
from wartime.rules.combat import Cover, melee_damage
from wartime.rules.modifiers import attack_mods, character_mods
from wartime.rules.state import GameState
from wartime.rules import traits

DIE = range(1, 11)


@lru_cache(maxsize=64)
def p_pass(target: int) -> Fraction:
    """P(1D10 check passes) = P(die ≤ target) with a 1 always passing and a 10 always failing (CHK-2)."""
    return Fraction(sum(1 for d in DIE if resolve_die(d, target)[0]), 10)


def die_outcomes(target: int, always: bool = False, reroll: str | None = None, crit_max: int = 1,
                 fumble_min: int = 10, forced: bool = False):
    """(die, probability, passed, critical, fumble) of the die that stands for a check against `target`
    (CHK-2): `always` passes it even on a 10 (no fumble; 'critical': always a critical success, TRT-GOD-OF-*); `reroll` ('any' / 'nofumble' / 'fumble', G2) rerolls a
    failed first die (a fumble too for 'any', only a fumble for 'fumble') and the second stands, so
    P(final d) = [d stands first]/10 + P(reroll)/10. `fumble_min`: the lowest die that fumbles (TRT-UNLUCKY).
    `forced` rerolls a passed non-critical first die too (the second stands: TRT-EXCEPTIONAL-AMMO on a CH DEF)."""
    first = []
    for d in DIE:
        passed, crit, fumble = resolve_die(d, target, crit_max, fumble_min)
        if always == "critical":                 # TRT-GOD-OF-*: every check a critical success
            passed, crit, fumble = True, crit_max != 0, False
        elif always:
            passed, fumble = True, False
        again = reroll is not None and not passed and (reroll == "any" or fumble == (reroll == "fumble"))
        again = again or (forced and passed and not crit)
        first.append((d, passed, crit, fumble, again))
    r = Fraction(sum(1 for x in first if x[4]), 10)
    tenth = Fraction(1, 10)
    return [(d, (0 if again else tenth) + r * tenth, passed, crit, fumble) for d, passed, crit, fumble, again in first]


@dataclass(frozen=True)
class AttackOdds:
    imp_target: int
    def_target: int
    p_hit: Fraction
    p_def: Fraction             # P(the CH DEF passes) on a normal hit
    expected_wounds: Fraction   # to the target (ignores the attacker's own fumble damage)
    p_incapacitate: Fraction    # P(this attack leaves the target incapacitated or dead)


def wounds_distribution(dmg: int, defense: int, def_target: int, cover: Cover | None, max_wounds: int | None,
                        terms=traits.NO_TERMS, def_always: bool = False, def_reroll: str | None = None,
                        def_fumble: int = 10):
    """Distribution {wounds: probability} of the defender's side of one hit (CMB-3, CMB-4, CMB-7, CMB-9,
    CMB-17, CMB-18), with the target's CH DEF always passing or rerolled as its traits say (G2)."""
    dist: dict[int, Fraction] = {}
    p_cover_stop = Fraction(0)
    if cover is not None and cover.full:
        p_cover_stop = p_pass(cover.piece_def)
    for n, p in _def_outcomes(dmg, defense, def_target - defense, terms, def_always, def_reroll, max_wounds,
                              def_fumble):
        dist[n] = dist.get(n, Fraction(0)) + p * (1 - p_cover_stop)
    if p_cover_stop:
        dist[0] = dist.get(0, Fraction(0)) + p_cover_stop
    return dist


def attack_odds(gs: GameState, attacker: int, target: int, *, weapon_index: int | None, ranged: bool,
                cover: Cover | None = None, unarmed: bool = False, dmg_bonus: int = 0,
                extra_imp=(), base_dmg: int | None = None) -> AttackOdds:
    """The exact probabilities of one attack on the chosen target as the rules resolve it now (CBA-5 included;
    the action-scoped one-shot modifiers of the acting character are not included). `base_dmg` replaces the
    weapon's DMG as ``combat.resolve_attack``'s does (a thrown thing: TRT-SUPER-STRENGTH's DMG CON). Under a peer
    combat system (gs.combat) that system enumerates its own dice (no `base_dmg`)."""
    if gs.combat is not None:
        return gs.combat.attack_odds(gs, attacker, target, weapon_index=weapon_index, ranged=ranged, cover=cover,
                                     unarmed=unarmed, dmg_bonus=dmg_bonus, extra_imp=extra_imp)
    distance = gs.distance(attacker, target)
    weapon = gs.weapon(attacker, weapon_index) if weapon_index is not None else None
    terms = traits.combat_terms(gs, attacker, target, weapon, ranged)         # the traits' numbers (G5)
    if terms.no_cover is not None:
        cover = None                                                          # TRT-SEEKER-AMMO
    mods = attack_mods(gs, attacker, target, ranged, distance) + list(extra_imp) + list(terms.imp)
    mods += character_mods(gs, attacker, "AGI", "IMP")
    imp_target = gs.attrs(attacker).AGI + sum(m.value for m in combine(mods))
    if terms.fixed_imp is not None:
        imp_target = terms.fixed_imp[1]                    # TRT-GUIDED-AMMO: no AGI, no modifier, no reroll
    defense = terms.defense(gs.total_def(target))
    def_check = sum(m.value for m in terms.def_check)
    imp_always = ("critical" if traits.always_critical(gs, attacker, "AGI", "IMP") is not None
                  else traits.always_passes(gs, attacker, "AGI", "IMP") is not None)
    imp_rr = traits.reroll_source(gs, attacker, "AGI", "IMP", weapon) if terms.fixed_imp is None else None
    if terms.fixed_imp is not None:
        imp_always = False
    def_always = ("critical" if traits.always_critical(gs, target, None, "DEF") is not None
                  else traits.always_passes(gs, target, None, "DEF") is not None)
    def_rr = None if terms.no_def_reroll else traits.reroll_source(gs, target, None, "DEF")
    fumbles = (traits.fumble_floor(gs, attacker), traits.fumble_floor(gs, target))        # TRT-UNLUCKY
    con = traits.strength(gs, attacker)                           # TRT-MULE: counts as CON +1
    natural = traits.natural_dmg(gs, attacker) if unarmed and base_dmg is None else None   # TRT-CLAWS-AND-TEETH
    if base_dmg is not None:                                      # a thrown thing (rules.combat: no CON bonus)
        base, unarmed = (base_dmg if ranged else melee_damage(base_dmg, con, gs.wounds(attacker))), False
    elif natural is not None:
        base, unarmed = natural[1], False
    elif unarmed:
        base = melee_damage(0, con, gs.wounds(attacker))
    elif ranged:
        base = gs.weapon(attacker, weapon_index).current_dmg
    else:
        base = melee_damage(gs.weapon(attacker, weapon_index).current_dmg, con, gs.wounds(attacker))
    base += dmg_bonus
    remaining = gs.attrs(target).CON - gs.wounds(target)
    full = cover is not None and cover.full
    def_bonus = 2 if cover is not None and ranged and (cover.full or cover.over_half) else 0
    # CBA-5: into a melee, a non-critical hit on the chosen target also needs a second CH IMP
    second = ranged and gs.engaged(target) and terms.sure_shot is None        # TRT-MARKSMAN: no second
    has_cover = cover is not None
    # the target's protections against this attack: its Sombra DEF when the cover counts, its energy shields'
    # checks against a ranged hit (halved by Munición magnética), its Escudo coriáceo levels (rules.combat.resolve_hit)
    shadow = traits.cover_def_bonus(gs, target) if def_bonus else 0
    shields = traits.shield_targets(gs, target, terms.shield_halved) if ranged else ()
    return _enumerate(imp_target, defense, def_bonus, base, remaining, ranged, second, unarmed, has_cover, full,
                      cover.piece_def if full else 0, def_check, terms.dmg_plus, terms.dmg_factor, terms.dmg_zero,
                      imp_always, imp_rr[1] if imp_rr else None, def_always, def_rr[1] if def_rr else None,
                      terms.crit_max, terms.crit_dmg_plus, terms.crit_def_plus, terms.pass_no_wounds,
                      terms.wound_threshold, terms.second_def, terms.lucky, terms.coin, terms.corrosive, *fumbles,
                      terms.forced_def_reroll, terms.double_hit, shadow, _keep100(shields),
                      traits.absorb_capacity(gs, target))


def _keep100(shields: tuple[int, ...]) -> int:
    """100 × P(no shield check stops the hit): each shield in turn rolls its check (a 1 passes, a 10 fails, no
    modifiers) while the ones before it failed. Exact in hundredths for up to two shields (each race or protection
    shield trait rolls once)."""
    keep = Fraction(1)
    for t in shields:
        keep *= 1 - p_pass(t)
    q = keep * 100
    assert q.denominator == 1, "more than two energy shields: the odds need a finer denominator"
    return int(q)


def _def_outcomes(dmg: int, defense: int, def_mods: int, terms, def_always, def_reroll, cap: int | None,
                  def_fumble: int = 10):
    """(wounds, probability) of the CH DEF side of one hit past any cover piece (CMB-3, CMB-4, CMB-7, CMB-9): the
    first CH DEF (`def_mods` the ± on its target), a second CH DEF after a failed one (terms.second_def, core
    CMB-3 ruling: the first one's fumble keeps its DMG +1), the wound cap, TRT-PADRON-PEPPER's 50 % DMG 0, then
    TRT-LUCKY's 1D10 (a 1 ignores a wounding hit)."""
    out = []
    forced = terms.forced_def_reroll is not None                 # TRT-EXCEPTIONAL-AMMO (first CH DEF only)
    for _, p, passed, crit, fumble in die_outcomes(defense + def_mods, def_always, def_reroll, 1, def_fumble,
                                                   forced=forced):
        raw = dmg + (1 if fumble else 0)
        if crit:
            branches = [(0, p)]
        elif passed or terms.second_def is None:
            branches = [(terms.wounds(terms.dmg(raw), defense, passed), p)]
        else:
            d2 = terms.second_defense(defense)[1]
            branches = [(0 if crit2 else terms.wounds(terms.dmg(raw + (1 if fumble2 else 0)), d2, passed2), p * p2)
                        for _, p2, passed2, crit2, fumble2 in die_outcomes(d2 + def_mods, False, def_reroll, 1,
                                                                           def_fumble)]
        for n, q in branches:
            if cap is not None:
                n = min(n, cap)
            if n > 0 and terms.coin is not None:        # TRT-PADRON-PEPPER: DMG 0 half the time
                out.append((0, q / 2))
                q /= 2
            if n > 0 and terms.lucky is not None:
                out += [(n, q * Fraction(9, 10)), (0, q / 10)]
            else:
                out.append((n, q))
    return out


@lru_cache(maxsize=1024)
def _die_hundredths(target: int, always: bool, reroll: str | None, crit_max: int, fumble_min: int = 10,
                    forced: bool = False) -> tuple:
    """`die_outcomes` in integers: (die, probability × 100, passed, critical, fumble). Every probability of a
    rerolled or plain D10 is a multiple of 1/100 (1/10 for the die standing, k/100 for a reroll), so the
    enumeration below stays exact in integers and builds its Fractions once at the end."""
    return tuple((d, int(p * 100), passed, crit, fumble)
                 for d, p, passed, crit, fumble in die_outcomes(target, always, reroll, crit_max, fumble_min, forced))


@lru_cache(maxsize=4096)
def _wounds_thousandths(dmg: int, defense: int, def_target: int, stop10: int, cap: int | None, terms,
                        def_always: bool, def_reroll: str | None, def_fumble: int = 10) -> tuple:
    """`wounds_distribution` in integers: ((wounds, probability × 10⁶), ...) with `stop10` = 10 × P(a full
    cover piece stops the hit) (CMB-17). A plain CH DEF is a multiple of 1/100, a second CH DEF (TRT-SEVEN-LIVES)
    of 1/10⁴, TRT-LUCKY's die one more 1/10: with the cover piece's tenth, 10⁶ keeps them all integers."""
    dist: dict[int, int] = {}
    if terms.second_def is None and terms.lucky is None and terms.coin is None:
        for _, p100, passed, crit, fumble in _die_hundredths(def_target, def_always, def_reroll, 1, def_fumble,
                                                             terms.forced_def_reroll is not None):
            n = 0 if crit else terms.wounds(terms.dmg(dmg + (1 if fumble else 0)), defense, passed)
            if cap is not None:
                n = min(n, cap)
            dist[n] = dist.get(n, 0) + p100 * (10 - stop10) * 1000
    else:
        for n, p in _def_outcomes(dmg, defense, def_target - defense, terms, def_always, def_reroll, cap,
                                  def_fumble):
            q = p * (10 - stop10) * 10 ** 5
            assert q.denominator == 1
            dist[n] = dist.get(n, 0) + int(q)
    if stop10:
        dist[0] = dist.get(0, 0) + stop10 * 10 ** 5
    return tuple(dist.items())


@lru_cache(maxsize=4096)
def _enumerate(imp_target: int, defense: int, def_bonus: int, base: int, remaining: int, ranged: bool,
               second: bool, unarmed: bool, has_cover: bool, full: bool, piece_def: int, def_check: int = 0,
               dmg_plus: int = 0, dmg_factor: Fraction = Fraction(1), dmg_zero: str | None = None,
               imp_always: bool = False, imp_reroll: str | None = None, def_always: bool = False,
               def_reroll: str | None = None, crit_max: int = 1, crit_dmg_plus: int = 0, crit_def_plus: int = 0,
               pass_no_wounds: bool = False, wound_threshold: int | None = None, second_def: tuple | None = None,
               lucky: str | None = None, coin: str | None = None, corrosive: str | None = None,
               imp_fumble: int = 10, def_fumble: int = 10, forced_def_reroll: str | None = None,
               double_hit: str | None = None, shadow: int = 0, keep100: int = 100,
               absorb: int = 0) -> AttackOdds:
    """The dice enumeration of `attack_odds`: a pure function of the integers the rules read, so it is
    memoised (the AI asks for the same odds many times a game; the result is exact and immutable). The sums run
    in integers over a common denominator (the IMP die × 100, the second CH IMP of CBA-5 × 10, the DEF die × 100,
    the cover piece × 10, a second CH DEF × 100, a luck die × 10: 10⁹ for a wound expectation; × 10⁶ more for the
    second hit of TRT-EXPLOSIVE-AMMO, so every sum runs over 10¹⁵) and become Fractions once: the same exact values
    as summing Fractions, several times faster (issue 20). The target's protections: `shadow` the DEF its Sombra adds
    to a hit its cover counts against (CMB-17, CMB-18; TRT-SHADOW), `keep100` 100 × P(its energy shields do not stop
    a hit, TRT-ENERGY-SHIELD; each hit of a double hit rolls them again, at the levels they have now), `absorb` the
    wounds its Escudo coriáceo levels take off the attack (TRT-LEATHERY-SHIELD; over both hits of a double hit):
    each hit's distribution runs × 10⁸ with the shields, the sums over 10¹⁹."""
    terms = traits.CombatTerms(dmg_plus=dmg_plus, dmg_factor=dmg_factor, dmg_zero=dmg_zero,
                               pass_no_wounds=pass_no_wounds, wound_threshold=wound_threshold,
                               second_def=second_def, lucky=lucky, coin=coin, corrosive=corrosive,
                               forced_def_reroll=forced_def_reroll)
    crit_terms = replace(terms, dmg_plus=dmg_plus + crit_dmg_plus)
    stop10 = int(p_pass(piece_def) * 10) if has_cover and full else 0
    exp = p_inc = p_hit = 0                                   # × 10¹⁵, × 10¹⁵, × 10³
    second10 = sum(1 for d in DIE if resolve_die(d, imp_target, 1, imp_fumble)[0]) if second else 10
    for _, p100, passed, crit, _ in _die_hundredths(imp_target, imp_always, imp_reroll, crit_max, imp_fumble):
        if not passed:
            continue
        w = p100 * (10 if crit else second10)                 # × 10³
        p_hit += w
        dmg = base + (1 if crit else 0)
        covered = has_cover and ranged and not crit
        d_def = max(0, defense + crit_def_plus) if crit else defense + (shadow if covered and def_bonus else 0)
        dt = d_def + def_check + (def_bonus if covered else 0)
        cap = (2 if crit else 1) if unarmed else None
        one = _wounds_thousandths(dmg, d_def, dt, stop10 if covered else 0, cap, crit_terms if crit else terms,
                                  def_always, def_reroll, def_fumble)
        one = [(n, p * keep100) for n, p in one] + ([(0, (100 - keep100) * 10 ** 6)] if keep100 < 100 else [])
        for n, p in (_twice(one) if double_hit else [(n, p * 10 ** 8) for n, p in one]):     # × 10¹⁶
            n = max(0, n - absorb)
            exp += w * p * n
            if n >= remaining:
                p_inc += w * p
    def_target = defense + def_check + def_bonus + (shadow if def_bonus else 0)
    p_def = sum(p100 for _, p100, passed, _, _ in _die_hundredths(def_target, def_always, def_reroll, 1, def_fumble,
                                                                    forced_def_reroll is not None) if passed)
    return AttackOdds(imp_target, def_target, Fraction(p_hit, 1000), Fraction(p_def, 100),
                      Fraction(exp, 10 ** 19), Fraction(p_inc, 10 ** 19))


def _twice(one) -> list[tuple[int, int]]:
    """TRT-EXPLOSIVE-AMMO: the wounds of two independent hits, (wounds, probability × 10¹⁶) from one hit's
    (wounds, probability × 10⁸)."""
    out: dict[int, int] = {}
    for n1, p1 in one:
        for n2, p2 in one:
            out[n1 + n2] = out.get(n1 + n2, 0) + p1 * p2
    return sorted(out.items())
