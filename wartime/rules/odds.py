"""Exact odds of an attack, computed from the rules by enumerating the dice (no sampling):
CHK-1/CHK-2 (pass, critical, fumble), CMB-4, CMB-6..9, CMB-17, CMB-18, MOD-1. Used by the AI and the UI.

The target's protections carrying a use test (TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST, TRT-INTELLIGENCE-TEST,
TRT-WILLPOWER-TEST, TRT-NEUROPSYCHO: a check before each CH DEF, rules.item_use) are folded in exactly: each hit's
CH DEF is a mixture over the DEF those checks leave out. A hit that deals stress (TRT-PSYCHIC-AMMO,
rules.stress_hits) is enumerated as stress: `expected_stress`, and `p_incapacitate` its chance to knock the target
unconscious (PSI-16)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from wartime.core.components import Stress
from wartime.rules.checks import Modifier, combine, resolve_die
from wartime.rules.combat import Cover, attack_dmg
from wartime.rules.modifiers import attack_mods, character_mods
from wartime.rules.state import GameState
from wartime.rules import fortune, riding, scattered_shots, traits
from wartime.rules.traits.fortune import CANCEL_DIE, IGNORE_DAMAGE

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
    p_incapacitate: Fraction    # P(this attack leaves the target incapacitated or dead; unconscious for stress)
    expected_stress: Fraction = Fraction(0)   # to the target: a stress hit (TRT-PSYCHIC-AMMO), a worn TRT-NEUROPSYCHO
    #: TRT-FORTUNE, a second figure: the same attack with the attacker's unused Fortune spent on its CH IMP at its
    #: best (`with_fortune`; None: it has none free), and whether the target has one free (it may then ignore the
    #: hit's damage: its harm 0, which no figure shows)
    with_fortune: "AttackOdds | None" = None
    target_fortune: bool = False

    @property
    def harm(self) -> Fraction:
        """What the attack is expected to take off the target's tracks: its wounds, and its stress (TRT-PSYCHIC-AMMO:
        a stress point brings the target one step nearer PSI-14 / PSI-16 as a wound does to incapacitation; the
        AI values an attack by `harm` + 2 × `p_incapacitate`). Equal to `expected_wounds` for any other attack."""
        return self.expected_wounds + self.expected_stress if self.expected_stress else self.expected_wounds


def check_pass_p(gs: GameState, e: int, kind: str, attribute: str, extra=(), against: int | None = None) -> Fraction:
    """P(character `e`'s CH `attribute` passes) as rules.modifiers.roll_character_check rolls it outside its own
    action (CHK-1, CHK-2, CHK-3): its attribute (or an aura's, TRT-LEADER), `extra` and its own modifiers, an
    always-passing trait, one reroll of a failure (G2), its fumble floor. A pending Apoyar +1 (GNA-1) is not
    counted."""
    mods = list(extra) + character_mods(gs, e, attribute, kind, against)
    value, _ = traits.check_base(gs, e, attribute, kind, getattr(gs.attrs(e), attribute))
    target = value + sum(m.value for m in combine(mods))
    always = ("critical" if traits.always_critical(gs, e, attribute, kind) is not None
              else traits.always_passes(gs, e, attribute, kind) is not None)
    rr = traits.reroll_source(gs, e, attribute, kind)
    return sum((p for _, p, passed, _, _ in die_outcomes(target, always, rr[1] if rr else None, 1,
                                                          traits.fumble_floor(gs, e)) if passed), Fraction(0))


def use_outcomes(gs: GameState, e: int, protection) -> tuple[Fraction, Fraction]:
    """TRT-AGILITY-TEST, TRT-CONSTITUTION-TEST, TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST, TRT-NEUROPSYCHO on a
    worn protection (rules.item_use.use_passes: a CH of each test's attribute with the object's check modifiers,
    then a CH PSI per Neuropsico, stopping at the first failure; independent dice): (P(every check passes, so its DEF
    counts in this CH DEF), P(the checks fail at a CH PSI: +1 stress, PSI-5))."""
    atr = Fraction(1)
    extra = traits.object_check_mods(gs, e, protection)
    for _, attribute in traits.use_checks(gs, e, protection):
        atr *= check_pass_p(gs, e, "ATR", attribute, extra)
    keep, psi_fail = atr, Fraction(0)
    for _ in traits.use_psis(gs, e, protection):
        p = check_pass_p(gs, e, "PSI", "VOL")
        psi_fail += keep * (1 - p)
        keep *= p
    return keep, psi_fail


def _tested(gs: GameState, e: int, among) -> list:
    """(protection, P(kept), P(+1 stress)) of each of `among` carrying use tests (`use_outcomes`)."""
    out = []
    for p in among:
        if traits.usable_refusal(gs, e, p) is not None:      # TRT-REQUIRES: a condition not met, its DEF left out
            out.append((p, Fraction(0), Fraction(0)))
        elif traits.use_checks(gs, e, p) or traits.use_psis(gs, e, p):
            out.append((p, *use_outcomes(gs, e, p)))
    return out


def use_stress(gs: GameState, e: int) -> Fraction:
    """The expected stress the use tests of `e`'s worn protections add before one CH DEF against a hit (a failed
    CH PSI of TRT-NEUROPSYCHO: +1, PSI-5)."""
    return sum((f for _, _, f in _tested(gs, e, traits.worn_protections(gs, e))), Fraction(0))


def def_loss(gs: GameState, e: int, among=None) -> tuple[tuple[int, Fraction], ...]:
    """The distribution ((DEF left out, probability), ...) of one CH DEF of `e` against a hit (rules.item_use.
    protection_def_lost: each worn protection carrying use tests checks them first, a failure leaves its DEF out)
    over `among` (its worn protections by default); ((0, 1),) when none carries such a trait."""
    dist = {0: Fraction(1)}
    for p, keep, _ in _tested(gs, e, traits.worn_protections(gs, e) if among is None else among):
        new: dict[int, Fraction] = {}
        for lost, q in dist.items():
            new[lost] = new.get(lost, Fraction(0)) + q * keep
            new[lost + p.current_def] = new.get(lost + p.current_def, Fraction(0)) + q * (1 - keep)
        dist = new
    return tuple(sorted((k, q) for k, q in dist.items() if q))


def _loss_weights(loss) -> tuple[tuple[tuple[int, int], ...], int]:
    """`def_loss` in integers over a common denominator: (((lost, weight), ...), denominator)."""
    den = math.lcm(*(q.denominator for _, q in loss))
    return tuple((k, int(q * den)) for k, q in loss), den


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
                extra_imp=(), base_dmg: int | None = None, scatter: bool = True) -> AttackOdds:
    """The exact probabilities of one attack on the chosen target as the rules resolve it now (CBA-5 included;
    the action-scoped one-shot modifiers of the acting character are not included). `base_dmg` replaces the
    weapon's DMG as ``combat.resolve_attack``'s does (a thrown thing: TRT-SUPER-STRENGTH's DMG CON). Under a peer
    combat system (gs.combat) that system enumerates its own dice (no `base_dmg`). TRT-INFINITE-RANGE: a shot at a
    target outside the attacker's FOV scatters (rules.scattered_shots): it hits the chosen target only when it lands
    on its base, and the odds say so (`scatter`=False: the odds of the shot as if it flew true, for
    `scattered_outcomes` and for a controller that turns to face the target first)."""
    if gs.combat is not None:
        w = gs.weapon(attacker, weapon_index) if weapon_index is not None else None
        stray = (scattered_shots.scatters(gs, attacker, target, w)          # TRT-INFINITE-RANGE: scattered first
                 if ranged and scatter and getattr(w, "area", None) is None else None)
        return _scattered(gs, attacker, target, stray, gs.combat.attack_odds(
            gs, attacker, target, weapon_index=weapon_index, ranged=ranged, cover=cover, unarmed=unarmed,
            dmg_bonus=dmg_bonus, extra_imp=extra_imp))
    kw = dict(weapon_index=weapon_index, ranged=ranged, cover=cover, unarmed=unarmed, dmg_bonus=dmg_bonus,
              extra_imp=extra_imp, base_dmg=base_dmg, scatter=scatter)
    info: dict = {}
    odds = _attack_odds(gs, attacker, target, info=info, **kw)
    return _with_fortune(gs, attacker, target, odds, info["always"], info["reroll"], info["crit_max"],
                         info["fumble"], lambda always, crit_max: _attack_odds(gs, attacker, target,
                                                                              force=(always, crit_max), **kw))


def _attack_odds(gs: GameState, attacker: int, target: int, *, weapon_index: int | None, ranged: bool,
                 cover: Cover | None, unarmed: bool, dmg_bonus: int, extra_imp, base_dmg: int | None,
                 scatter: bool = True, force: tuple | None = None, info: dict | None = None) -> AttackOdds:
    """`attack_odds` in Wartime's own resolution; `force` = (always, crit_max) of its CH IMP (TRT-FORTUNE's figure:
    the attack given a critical or a plain hit); `info` receives the CH IMP's always / reroll / crit_max / fumble
    floor."""
    distance = gs.distance(attacker, target)
    weapon = gs.weapon(attacker, weapon_index) if weapon_index is not None else None
    terms = traits.combat_terms(gs, attacker, target, weapon, ranged)         # the traits' numbers (G5)
    if terms.no_cover is not None:
        cover = None                                                          # TRT-SEEKER-AMMO
    mods = attack_mods(gs, attacker, target, ranged, distance, weapon) + list(extra_imp) + list(terms.imp)
    mods += character_mods(gs, attacker, "AGI", "IMP")
    imp_target = traits.seen_attribute(gs, attacker, target, "AGI", gs.attrs(attacker).AGI) + \
        sum(m.value for m in combine(mods))                                   # TRT-NEGATE (AGI): its AGI counts 0
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
    if info is not None:
        info.update(always=imp_always, reroll=imp_rr[1] if imp_rr else None, crit_max=terms.crit_max,
                    fumble=fumbles[0])
    if force is not None:                       # TRT-FORTUNE's figure: the CH IMP forced critical / plain
        imp_always, imp_rr, terms = force[0], None, replace(terms, crit_max=force[1])
    natural = traits.natural_dmg(gs, attacker) if unarmed and base_dmg is None else None   # TRT-CLAWS-AND-TEETH
    # rules.combat's DMG (TRT-MULE's CON, a thrown thing without CON bonus, TRT-NEGATE's DMG / CON)
    base = attack_dmg(gs, attacker, target, natural[1] if natural is not None else None, weapon, ranged,
                      unarmed and base_dmg is None and natural is None, base_dmg)
    if base_dmg is not None or natural is not None:
        unarmed = False
    base += dmg_bonus
    remaining = gs.attrs(target).CON - gs.wounds(target)
    full = cover is not None and cover.full
    def_bonus = 2 if cover is not None and ranged and (cover.full or cover.over_half) else 0
    # CBA-5: into a melee, a non-critical hit on the chosen target also needs a second CH IMP
    stray = (scattered_shots.scatters(gs, attacker, target, weapon)       # TRT-INFINITE-RANGE (a single shot's)
             if ranged and scatter and getattr(weapon, "area", None) is None else None)
    second = ranged and gs.engaged(target) and terms.sure_shot is None and stray is None  # TRT-MARKSMAN: no second
    has_cover = cover is not None
    # the target's protections against this attack: its Sombra DEF when the cover counts, its energy shields'
    # checks against a ranged hit (halved by Munición magnética), its Escudo coriáceo levels (rules.combat.resolve_hit)
    shadow = traits.cover_def_bonus(gs, target) if def_bonus else 0
    shields = traits.shield_targets(gs, target, terms.shield_halved) if ranged else ()
    if weapon is not None and traits.stress_hits(gs, attacker, target, weapon, ranged) is not None:
        return _scattered(gs, attacker, target, stray, _stress_attack(
            gs, attacker, target, imp_target, imp_always, imp_rr[1] if imp_rr else None, terms, fumbles[0], second,
            base, cover if ranged else None))
    odds = _enumerate(imp_target, defense, def_bonus, base, remaining, ranged, second, unarmed, has_cover, full,
                      cover.piece_def if full else 0, def_check, terms.dmg_plus, terms.dmg_factor, terms.dmg_zero,
                      imp_always, imp_rr[1] if imp_rr else None, def_always, def_rr[1] if def_rr else None,
                      terms.crit_max, terms.crit_dmg_plus, terms.crit_def_plus, terms.pass_no_wounds,
                      terms.wound_threshold, terms.second_def, terms.lucky, terms.coin, terms.corrosive, *fumbles,
                      terms.forced_def_reroll, terms.double_hit, shadow, _keep100(shields),
                      traits.absorb_capacity(gs, target), *_loss_weights(def_loss(gs, target)))
    pre = use_stress(gs, target)                  # TRT-NEUROPSYCHO worn: a failed CH PSI before a CH DEF, +1 stress
    if pre:
        crit = sum((Fraction(p100, 100) for _, p100, passed, c, _ in _die_hundredths(
            imp_target, imp_always, imp_rr[1] if imp_rr else None, terms.crit_max, fumbles[0]) if passed and c),
            Fraction(0))
        stop = p_pass(cover.piece_def) if full and ranged else Fraction(0)
        reach = (crit + (odds.p_hit - crit) * (1 - stop)) * Fraction(_keep100(shields), 100)
        odds = replace(odds, expected_stress=pre * reach * (2 if terms.double_hit else 1))
    return _scattered(gs, attacker, target, stray, odds)


def scattered_outcomes(gs: GameState, attacker: int, target: int, *, weapon_index: int, cover: Cover | None = None,
                       extra_imp=(), dmg_bonus: int = 0) -> list[tuple[int, AttackOdds]]:
    """TRT-INFINITE-RANGE: a single-target shot at `target` outside the attacker's FOV: for each character its
    scatter may land on (rules.scattered_shots.landing_odds), the odds of the hit it takes there: P(the CH IMP against
    `target` passes) × P(landing on it) as `p_hit`, and that hit's outcomes as those of a shot at it (its DEF, its
    cover from the attacker; the critical's share taken from the shot at it: an approximation the dice of the one
    CH IMP do not make exact), scaled alike. Empty when the shot does not scatter."""
    w = gs.weapon(attacker, weapon_index)
    if scattered_shots.scatters(gs, attacker, target, w) is None:
        return []
    aimed = attack_odds(gs, attacker, target, weapon_index=weapon_index, ranged=True, cover=cover,
                        extra_imp=extra_imp, dmg_bonus=dmg_bonus, scatter=False)
    out = []
    for who, q in scattered_shots.landing_odds(gs, attacker, target, parked=True):
        if riding.is_parked(gs, who):          # MVA-17: no character: no casualty, no victory points to price
            continue
        if who == target:
            c = cover
        else:
            got = gs.cover(attacker, [who])[0]
            c = Cover(got.blocked, got.main_piece_def, got.main_piece_id)
        o = attack_odds(gs, attacker, who, weapon_index=weapon_index, ranged=True, cover=c, extra_imp=extra_imp,
                        dmg_bonus=dmg_bonus, scatter=False)
        if o.p_hit <= 0:
            continue
        f = aimed.p_hit * Fraction(q).limit_denominator(10 ** 6) / o.p_hit
        out.append((who, replace(o, p_hit=o.p_hit * f, expected_wounds=o.expected_wounds * f,
                                 p_incapacitate=o.p_incapacitate * f, expected_stress=o.expected_stress * f)))
    return out


def _scattered(gs: GameState, attacker: int, target: int, stray: str | None, odds: AttackOdds) -> AttackOdds:
    """TRT-INFINITE-RANGE: a shot at a target outside the FOV reaches it only if its scatter lands on its base
    (rules.scattered_shots.p_lands_on): its chance to hit and everything a hit brings are scaled by that
    probability (the CH DEF's odds, given a hit, are kept)."""
    if stray is None:
        return odds
    q = Fraction(scattered_shots.p_lands_on(gs, attacker, target, target)).limit_denominator(10 ** 6)
    return replace(odds, p_hit=odds.p_hit * q, expected_wounds=odds.expected_wounds * q,
                   p_incapacitate=odds.p_incapacitate * q, expected_stress=odds.expected_stress * q)


def fortune_imp(target: int, reroll: str | None, crit_max: int = 1, fumble_min: int = 10) -> tuple[Fraction, Fraction]:
    """TRT-FORTUNE on a CH IMP (CHK-2, G2): (P(critical pass), P(plain pass)) when the roller spends its unused
    Fortune at its best on this check: a failed die that a sure alternative passes is passed (a fumble whose die is
    within the target: *ignore the fumble*; a die missing by exactly 1, no fumble: *success target +1*); else a failed
    die its own trait rerolls (`reroll`, G2: 'any' / 'nofumble' / 'fumble') is left to that reroll, Fortune kept for
    the next die; else the die is cancelled and rolled again (the trait's reroll may still follow, once). Exact."""
    tenth = Fraction(1, 10)

    def roll(fortune_free: bool, trait_free: bool) -> tuple[Fraction, Fraction]:
        crit_p = plain_p = Fraction(0)
        for d in DIE:
            passed, crit, fumble = resolve_die(d, target, crit_max, fumble_min)
            if passed:
                crit_p, plain_p = (crit_p + tenth, plain_p) if crit else (crit_p, plain_p + tenth)
                continue
            if fortune_free and ((fumble and d <= target) or (not fumble and d == target + 1)):
                plain_p += tenth
                continue
            if trait_free and reroll is not None and (reroll == "any" or fumble == (reroll == "fumble")):
                c, p = roll(fortune_free, False)
            elif fortune_free:
                c, p = roll(False, trait_free)
            else:
                continue
            crit_p, plain_p = crit_p + tenth * c, plain_p + tenth * p
        return crit_p, plain_p
    return roll(True, True)


def _with_fortune(gs: GameState, attacker: int, target: int, odds: AttackOdds, imp_always, imp_rr, crit_max: int,
                  imp_fumble: int, again) -> AttackOdds:
    """TRT-FORTUNE: `odds` with its two figures: `with_fortune` (the attacker's unused Fortune spent on its CH IMP at
    its best, `fortune_imp`) and `target_fortune`. An attack is linear in its CH IMP's outcome, so the figure mixes
    the same attack's odds given a critical hit and given a plain one (`again(always, crit_max)`: the attack
    enumerated with its CH IMP forced so) by the Fortune die's chances. Nothing changes where nobody carries it."""
    if not fortune.in_play(gs):
        return odds
    target_free = fortune.free_uses(gs, target, IGNORE_DAMAGE) != ()
    if imp_always or not fortune.free_uses(gs, attacker, CANCEL_DIE):
        return replace(odds, target_fortune=target_free) if target_free else odds
    crit_p, plain_p = fortune_imp(odds.imp_target, imp_rr, crit_max, imp_fumble)
    on_crit = again("critical", 1) if crit_max else None
    plain = again(True, 0)

    def mix(field: str) -> Fraction:
        return (crit_p * getattr(on_crit, field) if on_crit is not None else 0) + plain_p * getattr(plain, field)
    best = replace(odds, p_hit=mix("p_hit"), expected_wounds=mix("expected_wounds"),
                   p_incapacitate=mix("p_incapacitate"), expected_stress=mix("expected_stress"))
    return replace(odds, with_fortune=best, target_fortune=target_free)


def _stress_attack(gs: GameState, attacker: int, target: int, imp_target: int, imp_always, imp_reroll,
                   terms, imp_fumble: int, second: bool, base: int, cover: Cover | None) -> AttackOdds:
    """TRT-PSYCHIC-AMMO: the odds of an attack whose hit deals stress (rules.combat hands it to rules.stress_hits):
    the CH IMP as for any attack (CMB-2, CMB-6, CBA-5's second CH IMP), then each hit's stress distribution
    (`stress_distribution`; a critical CH IMP: DMG +1 with the critical terms, no cover). `expected_wounds` is 0,
    `p_incapacitate` P(the stress leaves the target unconscious: above its VOL, PSI-16); `p_def` P(the target's
    check against a normal hit passes)."""
    before, vol = gs.world.get(target, Stress).value, gs.base_attrs(target).VOL
    second10 = sum(1 for d in DIE if resolve_die(d, imp_target, 1, imp_fumble)[0]) if second else 10
    p_hit = exp = p_out = Fraction(0)
    for _, p100, passed, crit, _ in _die_hundredths(imp_target, imp_always, imp_reroll, terms.crit_max, imp_fumble):
        if not passed:
            continue
        w = Fraction(p100 * (10 if crit else second10), 1000)
        p_hit += w
        dmg = (terms.on_critical() if crit else terms).dmg(base + (1 if crit else 0))
        for n, q in stress_distribution(gs, attacker, target, dmg, None if crit else cover):
            exp += w * q * n
            if before + n > vol:
                p_out += w * q
    p_def = sum((q for ok, q in _stress_passes(gs, attacker, target, cover) if ok), Fraction(0))
    return AttackOdds(imp_target, stress_check_target(gs, attacker, target, cover), p_hit, p_def, Fraction(0),
                      p_out, exp)


def _cover_mods(cover: Cover | None):
    """The CH +2 of rules.cover_check.cover_mods once the cover check failed (CMB-18) or for over half (CMB-17)."""
    if cover is not None and cover.full:
        return [Modifier("CMB-18", 2, "100% hidden")]
    if cover is not None and cover.over_half:
        return [Modifier("CMB-17", 2, "more than 50% hidden")]
    return []


def wall_outcomes(gs: GameState, e: int) -> tuple[tuple[int | None, int, Fraction], ...]:
    """The DEF of `e`'s CH DEF against stress (rules.item_use.stress_def_kept): its Muro protections' DEF (TRT-WALL)
    less the DEF of those whose use tests failed (TRT-AGILITY-TEST, ..., TRT-NEUROPSYCHO), None (a CH VOL) when it
    wears none or every one failed; with the stress the failed CH PSIs add first (TRT-NEUROPSYCHO, PSI-5):
    ((DEF or None, stress, probability), ...)."""
    wall = traits.stress_defense(gs, e)
    if wall is None:
        return ((None, 0, Fraction(1)),)
    among = traits.stress_protections(gs, e)
    dist: dict[tuple[int, int, int], Fraction] = {(0, 0, 0): Fraction(1)}    # (DEF lost, failed, CH PSI failed)
    for p, keep, psi_fail in _tested(gs, e, among):
        new: dict[tuple[int, int, int], Fraction] = {}
        for (lost, k, s), q in dist.items():
            for key, r in (((lost, k, s), keep), ((lost + p.current_def, k + 1, s), 1 - keep - psi_fail),
                           ((lost + p.current_def, k + 1, s + 1), psi_fail)):
                if r:
                    new[key] = new.get(key, Fraction(0)) + q * r
        dist = new
    out: dict[tuple[int | None, int], Fraction] = {}
    for (lost, k, s), q in dist.items():
        key = (None if k and k == len(among) else max(0, wall - lost), s)
        out[key] = out.get(key, Fraction(0)) + q
    return tuple((k, s, q) for (k, s), q in sorted(out.items(), key=lambda kq: (-1 if kq[0][0] is None else kq[0][0],
                                                                                 kq[0][1])))


def stress_check_target(gs: GameState, attacker: int | None, e: int, cover: Cover | None, wall: int | None = -1) -> int:
    """The target of `e`'s check against a stress hit: its Muro DEF (`wall`; -1: all of it) + the cover's CH +2,
    or, with none, its CH VOL with the cover's and its own modifiers (CBA-18)."""
    if wall == -1:
        wall = traits.stress_defense(gs, e)
    mods = _cover_mods(cover)
    if wall is not None:
        return wall + sum(m.value for m in mods)
    value, _ = traits.check_base(gs, e, "VOL", "ATR", gs.attrs(e).VOL)
    return value + sum(m.value for m in combine(mods + character_mods(gs, e, "VOL", "ATR", attacker)))


def _stress_passes(gs: GameState, attacker: int | None, e: int, cover: Cover | None):
    """((passed, probability), ...) of `e`'s check against a stress hit past any cover piece."""
    out = []
    for wall, _, q in wall_outcomes(gs, e):
        for _, p, passed, _, _ in _stress_dice(gs, attacker, e, cover, wall):
            out.append((passed, q * p))
    return out


def _stress_dice(gs: GameState, attacker: int | None, e: int, cover: Cover | None, wall: int | None):
    """`die_outcomes` of `e`'s check against a stress hit: a plain CH DEF against `wall` (rules.checks.roll_check:
    no always-pass, no reroll), or a CH VOL as rules.modifiers.roll_character_check rolls it."""
    target = stress_check_target(gs, attacker, e, cover, wall)
    fumble = traits.fumble_floor(gs, e)
    if wall is not None:
        return die_outcomes(target, False, None, 1, fumble)
    always = ("critical" if traits.always_critical(gs, e, "VOL", "ATR") is not None
              else traits.always_passes(gs, e, "VOL", "ATR") is not None)
    rr = traits.reroll_source(gs, e, "VOL", "ATR")
    return die_outcomes(target, always, rr[1] if rr else None, 1, fumble)


def stress_distribution(gs: GameState, attacker: int | None, e: int, dmg: int,
                        cover: Cover | None) -> tuple[tuple[int, Fraction], ...]:
    """TRT-PSYCHIC-AMMO: the distribution ((stress, probability), ...) of one hit dealing `dmg` stress to `e`, as
    rules.stress_hits.resolve_stress_hit resolves it: a full cover piece's check first (CMB-18: passed, no stress),
    the Muro protections' use tests (`wall_outcomes`: a failed CH PSI of Neuropsico +1 stress), then the CH DEF against their DEF or the CH VOL (a critical:
    0, a fumble: DMG + 1, a pass: DMG − the DEF or VOL, a failure: DMG)."""
    out: dict[int, Fraction] = {}
    stop = p_pass(cover.piece_def) if cover is not None and cover.full else Fraction(0)
    if stop:
        out[0] = stop
    vol = gs.attrs(e).VOL
    for wall, pre, q in wall_outcomes(gs, e):
        defense = vol if wall is None else wall
        for _, p, passed, crit, fumble in _stress_dice(gs, attacker, e, cover, wall):
            n = pre + (0 if crit else dmg + 1 if fumble else max(0, dmg - defense) if passed else dmg)
            out[n] = out.get(n, Fraction(0)) + (1 - stop) * q * p
    return tuple(sorted((n, q) for n, q in out.items() if q))


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
               absorb: int = 0, loss: tuple = ((0, 1),), loss_den: int = 1) -> AttackOdds:
    """The dice enumeration of `attack_odds`: a pure function of the integers the rules read, so it is
    memoised (the AI asks for the same odds many times a game; the result is exact and immutable). The sums run
    in integers over a common denominator (the IMP die × 100, the second CH IMP of CBA-5 × 10, the DEF die × 100,
    the cover piece × 10, a second CH DEF × 100, a luck die × 10: 10⁹ for a wound expectation; × 10⁶ more for the
    second hit of TRT-EXPLOSIVE-AMMO, so every sum runs over 10¹⁵) and become Fractions once: the same exact values
    as summing Fractions, several times faster (issue 20). The target's protections: `shadow` the DEF its Sombra adds
    to a hit its cover counts against (CMB-17, CMB-18; TRT-SHADOW), `keep100` 100 × P(its energy shields do not stop
    a hit, TRT-ENERGY-SHIELD; each hit of a double hit rolls them again, at the levels they have now), `absorb` the
    wounds its Escudo coriáceo levels take off the attack (TRT-LEATHERY-SHIELD; over both hits of a double hit):
    each hit's distribution runs × 10⁸ with the shields, the sums over 10¹⁹. `loss`: ((DEF left out, weight), ...)
    over `loss_den`, the target's protections whose use tests failed before each CH DEF (TRT-AGILITY-TEST,
    TRT-CONSTITUTION-TEST, TRT-INTELLIGENCE-TEST, TRT-WILLPOWER-TEST, TRT-NEUROPSYCHO; `def_loss`): each hit's CH DEF
    is the mixture (a double hit's two CH DEFs test again, independently), its sums over 10¹⁹ × `loss_den` per hit."""
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
        if loss == ((0, 1),):
            one = _wounds_thousandths(dmg, d_def, dt, stop10 if covered else 0, cap, crit_terms if crit else terms,
                                      def_always, def_reroll, def_fumble)
        else:                               # the protections' use tests: a mixture over the DEF left out (× den)
            mixed: dict[int, int] = {}
            for lost, weight in loss:
                dd = max(0, d_def - lost)
                for n, p in _wounds_thousandths(dmg, dd, dt - d_def + dd, stop10 if covered else 0, cap,
                                                crit_terms if crit else terms, def_always, def_reroll, def_fumble):
                    mixed[n] = mixed.get(n, 0) + p * weight
            one = sorted(mixed.items())
        one = [(n, p * keep100) for n, p in one] + ([(0, (100 - keep100) * 10 ** 6 * loss_den)] if keep100 < 100
                                                    else [])
        for n, p in (_twice(one) if double_hit else [(n, p * 10 ** 8) for n, p in one]):     # × 10¹⁶
            n = max(0, n - absorb)
            exp += w * p * n
            if n >= remaining:
                p_inc += w * p
    def_target = defense + def_check + def_bonus + (shadow if def_bonus else 0)
    p_def = sum(weight * p100 for lost, weight in loss
                for _, p100, passed, _, _ in _die_hundredths(def_target - defense - (shadow if def_bonus else 0)
                                                             + max(0, defense + (shadow if def_bonus else 0) - lost),
                                                             def_always, def_reroll, 1, def_fumble,
                                                             forced_def_reroll is not None) if passed)
    den = 10 ** 19 * loss_den ** (2 if double_hit else 1)
    return AttackOdds(imp_target, def_target, Fraction(p_hit, 1000), Fraction(p_def, 100 * loss_den),
                      Fraction(exp, den), Fraction(p_inc, den))


def _twice(one) -> list[tuple[int, int]]:
    """TRT-EXPLOSIVE-AMMO: the wounds of two independent hits, (wounds, probability × 10¹⁶) from one hit's
    (wounds, probability × 10⁸)."""
    out: dict[int, int] = {}
    for n1, p1 in one:
        for n2, p2 in one:
            out[n1 + n2] = out.get(n1 + n2, 0) + p1 * p2
    return sorted(out.items())
