"""Events in plain English: one line per event worth reading, naming the rule it applied — the window's log and
replay viewer, and the battle reports and `replay show` (`wartime.match.report.describe`) for every event type the
report does not word itself. Pure text: no pygame, no rules (the event says what happened; this only words it)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from wartime.match.names import action_label, modifier_words, reason_words, state_words
from wartime.match.wordings import WORDINGS
from wartime.rules.states import compelled_words
from wartime.rules.fortune import LABELS as FORTUNE_LABELS  # TRT-FORTUNE: its uses in words

#: Events that repeat what another line already says (the action line names its cost; every action
#: ends with action_resolved).
QUIET = {"action_resolved"}


@dataclass(frozen=True)
class Line:
    text: str
    rule: str | None
    tone: str = "normal"       # normal | dim | head | good | bad | dice
    index: int = -1            # event index in the game


def _sign(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}"


def check_text(ev: Mapping) -> str:
    """'CH IMP AGI 5, range −1, attacker crouched +1 → 5: rolled 3, pass'."""
    kind = ev.get("kind")
    what = {"ATR": "CH", "IMP": "CH IMP", "DEF": "CH DEF", "PSI": "CH PSI", "LOC": "CH LOC",
            "COVER": "cover DEF"}.get(kind, f"CH {kind}")
    attr = ev.get("attribute")
    base = f"{attr} {ev.get('base')}" if attr else f"DEF {ev.get('base')}"
    if kind == "ATR" and attr:
        what = f"CH {attr}"
        base = str(ev.get("base"))
    mods = "".join(f", {modifier_words(m.get('rule'), m.get('label'))} {_sign(int(m.get('value', 0)))}"
                   for m in ev.get("modifiers") or [])
    res = "critical" if ev.get("critical") else "fumble" if ev.get("fumble") else \
        ("pass" if ev.get("passed") else "fail")
    return f"{what} ({base}{mods} → {ev.get('target')}): rolled {ev.get('die')}, {res}"


@dataclass(frozen=True)
class TrayRoll:
    """One roll in the dice tray, in the active combat system's own dice (issue 18): Wartime's 1D10 checks, a
    Wrath & Glory d6 pool, a D6 code, a d20. `marked` faces are the ones that count (W&G icons)."""
    faces: tuple[int, ...]
    sides: int
    what: str
    result: str
    tone: str                      # critical | fumble | pass | fail | info
    marked: tuple[bool, ...] = ()


#: the events the dice tray shows
TRAY_EVENTS = frozenset({"check", "wng_roll", "wrath_reroll", "wng_dodge", "death_test", "d6_roll", "d6_dodge",
                         "mortal_roll", "d20_roll", "fortitude_save"})


def _faces(ev: Mapping, key: str = "dice") -> tuple[int, ...]:
    return tuple(int(d) for d in ev.get(key) or ())


def tray_roll(ev: Mapping) -> TrayRoll | None:
    """The dice-tray entry of a roll event (None for any other event)."""
    t = ev.get("type")
    if t == "check":
        what, _, rest = check_text(ev).partition(": ")
        tone = "critical" if ev.get("critical") else "fumble" if ev.get("fumble") else \
            ("pass" if ev.get("passed") else "fail")
        return TrayRoll((int(ev.get("die") or 0),), 10, what, rest, tone)
    if t in ("wng_roll", "wrath_reroll", "wng_dodge"):                     # WNG-1: 4-5 an icon, 6 two
        dice = _faces(ev)
        marked = tuple(d >= 4 for d in dice)
        if t == "wng_roll":
            hit = int(ev.get("icons") or 0) >= int(ev.get("dn") or 0)
            return TrayRoll(dice, 6, f"pool {ev.get('pool')}d6 vs DN {ev.get('dn')} (wrath die first)",
                            f"{ev.get('icons')} icon(s): {'hit' if hit else 'miss'}", "pass" if hit else "fail", marked)
        if t == "wrath_reroll":
            return TrayRoll(dice, 6, f"Wrath reroll of {ev.get('rerolled')} dice", f"{ev.get('icons')} icon(s)",
                            "info", marked)
        return TrayRoll(dice, 6, "dodge: Agility dice", f"DN rises to {ev.get('dn')}", "info", marked)
    if t == "death_test":
        return TrayRoll((int(ev.get("die") or 0),), 6, "death test", str(ev.get("outcome")), "info")
    if t in ("d6_roll", "d6_dodge", "mortal_roll"):
        dice = _faces(ev)
        if t == "d6_roll":
            hit = ev.get("roll") is not None and int(ev["roll"]) >= int(ev.get("difficulty") or 0)
            total = "below 1D: cannot roll" if ev.get("roll") is None else f"total {ev.get('roll')}"
            return TrayRoll(dice, 6, f"{ev.get('code')} vs difficulty {ev.get('difficulty')}",
                            f"{total}: {'hit' if hit else 'miss'}", "pass" if hit else "fail")
        if t == "d6_dodge":
            total = "below 1D: cannot roll" if ev.get("roll") is None else f"total {ev.get('roll')}: added to the difficulty"
            return TrayRoll(dice, 6, "dodge (Dexterity)", total, "info")
        return TrayRoll(dice, 6, f"mortal wound roll, round {ev.get('rounds')}",
                        f"{ev.get('roll')}: {'dies' if ev.get('dies') else 'holds on'}",
                        "fail" if ev.get("dies") else "pass")
    if t == "d20_roll":
        die = int(ev.get("die") or 0)
        tone = "critical" if ev.get("threat") else ("pass" if ev.get("hit") else "fail")
        return TrayRoll((die,), 20, f"d20 {int(ev.get('bonus') or 0):+d} vs Defence {ev.get('defence')}",
                        f"total {ev.get('total')}: {'hit' if ev.get('hit') else 'miss'}"
                        + (" (threat)" if ev.get("threat") else ""), tone)
    if t == "fortitude_save":
        return TrayRoll((int(ev.get("die") or 0),), 20, f"Fortitude save vs DC {ev.get('dc')}",
                        "passed" if ev.get("passed") else "failed", "pass" if ev.get("passed") else "fail")
    return None


def _peer_line(ev: Mapping, name: Callable[[int | None], str]) -> tuple[str, str] | None:
    """The log words of a peer combat system's events (WNG-*, SWD6-*, SGD20-*): (text, tone), or None."""
    t = ev.get("type")
    rule = str(ev.get("rule") or "")
    n = name(ev.get("who")) if ev.get("who") is not None else ""
    dice = ", ".join(str(d) for d in ev.get("dice") or ())
    if t == "wng_roll":
        hit = int(ev.get("icons") or 0) >= int(ev.get("dn") or 0)
        return (f"{n} rolls {ev.get('pool')}d6 against DN {ev.get('dn')}: [{dice}] → {ev.get('icons')} icon(s), "
                f"{'hit' if hit else 'miss'}", "dice")
    if t == "wrath_reroll":
        return (f"{n} spends Wrath ({ev.get('wrath')} left) to reroll {ev.get('rerolled')} dice: [{dice}] → "
                f"{ev.get('icons')} icon(s)", "dice")
    if t == "wng_dodge":
        return f"{n} dodges: [{dice}], the DN rises to {ev.get('dn')}", "dice"
    if t == "complication":
        return f"{n}: a complication on the wrath die (the other side gains Glory)", "bad"
    if t == "glory":
        return f"{str(ev.get('side')).capitalize()} Glory {ev.get('before')} → {ev.get('after')}", "dim"
    if t == "exhausted":
        return f"{n} is exhausted: no Shock left", "bad"
    if t == "death_test":
        return f"{n}'s death test: rolled {ev.get('die')}, {ev.get('outcome')}", "dice"
    if t == "d6_roll" and ev.get("roll") is None:
        return f"{n} cannot roll {ev.get('code')}: a code below 1D fails (SWD6-1)", "bad"
    if t == "d6_roll":
        hit = ev.get("roll") is not None and int(ev["roll"]) >= int(ev.get("difficulty") or 0)
        return (f"{n} rolls {ev.get('code')} against difficulty {ev.get('difficulty')}: [{dice}] = {ev.get('roll')}, "
                f"{'hit' if hit else 'miss'}", "dice")
    if t == "d6_dodge":
        if ev.get("roll") is None:                  # SWD6-1: a code below 1D cannot be rolled
            return f"{n} cannot dodge: its Dexterity code is below 1D (nothing added to the difficulty)", "dice"
        return f"{n} dodges: [{dice}] = {ev.get('roll')}, added to the difficulty", "dice"
    if t == "mortal_roll":
        return (f"{n}'s mortal wound roll: {ev.get('roll')} against {ev.get('rounds')} round(s), "
                f"{'dies' if ev.get('dies') else 'holds on'}", "bad" if ev.get("dies") else "dice")
    if t == "d20_roll":
        return (f"{n} rolls d20 {ev.get('die')} {int(ev.get('bonus') or 0):+d} = {ev.get('total')} against Defence "
                f"{ev.get('defence')}: {'hit' if ev.get('hit') else 'miss'}" + (" (threat)" if ev.get("threat") else ""),
                "dice")
    if t == "fortitude_save":
        return (f"{n}'s Fortitude save: {ev.get('die')} against DC {ev.get('dc')}, "
                f"{'passed' if ev.get('passed') else 'failed'}", "dice")
    if t == "stunned":
        return f"{n} is stunned for {ev.get('rounds')} round(s)", "bad"
    if t == "dying_roll":
        return f"{n} is dying: rolled {ev.get('roll')} against CON {ev.get('con')}, WP {ev.get('wp')}", "bad"
    if t == "action_die":
        return f"{str(ev.get('side')).capitalize()} spends an action die ({ev.get('left')} left)", "dim"
    if t == "damage" and rule == "WNG-27":
        return (f"{name(ev.get('target'))}: damage {ev.get('dmg')} against Resilience {ev.get('resilience')} → "
                f"{ev.get('wounds')} Wound(s), {ev.get('shock')} Shock", "normal")
    if t == "damage" and rule == "SWD6-8":
        return (f"{name(ev.get('target'))}: damage {ev.get('damage')} rolls {ev.get('damage_roll')} against Strength "
                f"{ev.get('strength')} {ev.get('strength_roll')} → {ev.get('result')} (now {ev.get('state')})", "normal")
    if t == "damage" and rule == "SGD20-6":
        crit = " (critical: straight to wound points)" if ev.get("critical") else ""
        return f"{name(ev.get('target'))}: {ev.get('dmg')} damage{crit} → VP {ev.get('vp')}, WP {ev.get('wp')}", "normal"
    return None


def alarm_text(ev: Mapping, name: Callable[[int | None], str]) -> tuple[str, str] | None:
    """The log line (text, tone) of an alarm event (ALM-33..ALM-40), None for any other event."""
    t = ev.get("type")
    if t == "alarm_window":
        return f"Alarm: a {ev.get('budget')}-point wave is due ({ev.get('vp'):g} VP, cap {ev.get('cap')})", "head"
    if t == "alarm_wave":
        n = len(ev.get("arrivals") or [])
        tokens = f" with {', '.join(ev.get('tokens'))}" if ev.get("tokens") else ""
        return (f"The wave arrives{tokens}: {n} monster{'s' if n != 1 else ''} ({ev.get('spent')} of "
                f"{ev.get('budget')} pts, {ev.get('lost')} lost)"), "bad"
    if t == "alarm_wave_held":
        return f"Every spawn marker is in sight: the {ev.get('vp'):g} VP wave is held back", "dim"
    if t == "alarm_off":
        return "The alarm is off: no more waves", "good"
    if t == "alarm_end_event":
        return f"{name(ev.get('who'))} brings the bell into the goal: no more waves", "good"
    return None


def describe(ev: Mapping, name: Callable[[int | None], str], weapon_name: Callable[[int, int], str] | None = None,
             index: int = -1, *, generic: bool = True) -> Line | None:
    """The log line of one event (None for events the log leaves out). An event type without a wording of its own
    is given as its fields in words, or with `generic=False` as None (the battle report's own fallback then)."""
    t = ev.get("type")
    rule = ev.get("rule")
    if t in QUIET:
        return None

    def L(text: str, tone: str = "normal") -> Line:
        return Line(text, rule, tone, index)

    who = ev.get("who")
    n = name(who) if who is not None else ""
    if t == "turn_start":
        return L(f"Turn {ev.get('turn')} begins", "head")
    if t == "turn_end":
        return L(f"End of turn {ev.get('turn')}", "dim")
    if t == "phase":
        return L(f"Phase {ev.get('phase')}", "dim")
    if t == "initiative_roll":
        return L(f"{str(ev.get('side')).capitalize()} rolls initiative with {name(ev.get('character'))}: "
                 f"{ev.get('die')} + VOL {ev.get('vol')} = {ev.get('total')}", "dice")
    if t == "initiative_reroll":
        return L(f"{str(ev.get('side')).capitalize()} rerolls the tie: {ev.get('die')} → {ev.get('total')}", "dice")
    if t == "initiative":
        order = [str(s).capitalize() for s in ev.get("order") or []]
        return L("Initiative: " + ", then ".join(order) + " starts each phase", "head")
    if t == "activation_start":
        verb = "resumes its activation" if ev.get("resumed") else "activates"
        return L(f"{n} {verb} (phase {ev.get('phase')})", "head")
    if t == "activation_end":
        if ev.get("waiting"):
            return L(f"{n} waits ({ev.get('energy')} ENE)", "dim")
        return L(f"{n} ends its activation ({ev.get('energy')} ENE left)", "dim")
    if t == "energy":
        if ev.get("rule") == "ENE-1":
            return None       # the action line gives the cost
        return L(f"{n}: ENE {ev.get('before')} → {ev.get('after')} ({reason_words(ev.get('reason'))})", "dim")
    if t == "action":
        key = str(ev.get("action"))
        params = ev.get("params") or {}
        s = f"{n}: {action_label(key)}"
        if "target" in params:
            s += f" → {name(params['target'])}"
        if "weapon" in params and weapon_name is not None:
            s += f" with {weapon_name(who, params['weapon'])}"
        s += f" ({ev.get('cost')} ENE{', chained' if ev.get('chained') else ''})"
        return L(s)
    if t == "action_void":
        return L(f"{n}'s {action_label(ev.get('action'))} is void"
                 + (f": {ev['reason']}" if ev.get("reason") else ""), "bad")
    if t == "check":
        prefix = f"{n}: " if who is not None else f"The {ev['piece']}: " if ev.get("piece") else ""
        tone = "good" if ev.get("passed") else "bad"
        return L(prefix + check_text(ev), tone)
    if t == "opposed_resolved":
        w = ev.get("winner")
        return L("Opposed check: " + ("nobody wins" if w is None else f"{name(ev.get(w))} wins"))
    if t == "percent_roll":
        return L(f"{ev.get('chance')}% roll ({ev.get('reason')}): {ev.get('die')} — "
                 f"{'happens' if ev.get('happened') else 'does not happen'}", "dice")
    peer = _peer_line(ev, name)
    if peer is not None:
        return L(*peer)
    if t == "hit":
        crit = ", critical: DMG +1, ignores cover" if ev.get("critical") else ""
        if ev.get("system") and ev.get("critical"):
            crit = ", critical"
        return L(f"{name(ev.get('attacker'))} hits {name(ev.get('target'))} (DMG {ev.get('dmg')}{crit})", "good")
    if t == "miss":
        return L(f"{name(ev.get('attacker'))} misses {name(ev.get('target'))}", "bad")
    if t == "hit_fumble":
        return L(f"{n} fumbles the attack: a DMG 1 hit on itself, the weapon is damaged", "bad")
    if t == "attack_stopped":
        return L(f"The cover stops the attack on {name(ev.get('target'))}", "good")
    if t == "damage":
        return L(f"{name(ev.get('target'))}: DMG {ev.get('dmg')} against DEF {ev.get('defense')}, "
                 f"CH DEF {'passed' if ev.get('def_passed') else 'failed'} → {ev.get('wounds')} wound(s)")
    if t == "wounds":
        return L(f"{n} suffers {ev.get('amount')} wound(s) ({ev.get('before')} → {ev.get('after')})", "bad")
    if t == "healed":
        return L(f"{n} recovers: wounds {ev.get('before')} → {ev.get('after')}", "good")
    if t == "life":
        state = ev.get("state")
        text = {"dead": "is dead", "incapacitated": "is incapacitated", "active": "is able to act again",
                "fled": "left the hold zone: fled (a casualty)", "escaped": "escapes through the goal"}
        return L(f"{n} {text.get(state, state)}", "bad" if state != "active" else "good")
    if t == "defence_critical":
        return L(f"{n} defends perfectly (critical CH DEF): no wounds", "good")
    if t == "automatic_hit":
        return L(f"{n} suffers an automatic DMG {ev.get('dmg')} hit", "bad")
    if t == "defence_fumble":
        return L(f"{n} fumbles the defence: DMG {ev.get('dmg')}, the protection is damaged", "bad")
    if t == "equipment_wound":
        extra = f", DEF now {ev['defense']}" if "defense" in ev else ""
        if ev.get("destroyed"):                                   # WND-5: more wounds than QUA
            return L(f"{n}'s {ev.get('item')} is destroyed ({ev.get('wounds')} wound(s))", "bad")
        return L(f"{n}'s {ev.get('item')} is damaged ({ev.get('wounds')} wound(s){extra})", "bad")
    if t == "moved":
        sur = f", +{ev.get('surcharge')} ENE terrain" if ev.get("surcharge") else ""
        eng = ev.get("engaged") or []
        s = f"{n} moves {float(ev.get('length') or 0):.1f} K{sur}"
        if eng:
            s += " into contact with " + ", ".join(name(e) for e in eng)
        return L(s)
    if t == "posture":
        return L(f"{n}: {ev.get('before')} → {ev.get('after')}")
    if t in ("turned", "pivot"):
        return L(f"{n} turns to face {float(ev.get('facing') or 0):.0f}°", "dim")
    if t == "charged":
        return L(f"{n} charges {name(ev.get('target'))}: next melee attack CH IMP +1, DMG +1")
    if t == "stress":
        return L(f"{n}: stress {ev.get('before')} → {ev.get('after')}", "bad")
    if t == "psi_outcome":
        o = ev.get("outcome")
        text = {"critical": "is inspired (CH ATR +1 this activation)", "pass": "keeps its nerve",
                "fail": "falters", "fumble": "falters badly"}
        extra = ": the action fails" if ev.get("action_fails") else ""
        return L(f"{n} {text.get(o, o)}{extra}", "good" if o in ("critical", "pass") else "bad")
    if t == "loc_outcome":
        o = ev.get("outcome")
        if o == "critical":
            return L(f"{n} sees red: must charge {name(ev.get('must_charge'))}", "bad")
        return L(f"{n} keeps control", "good")
    if t == "panic":
        malus = f" and gains the malus {ev['malus']}" if ev.get("malus") else ""
        return L(f"{n} panics{malus}", "bad")
    if t == "malus_gained":
        return L(f"{n} gains the malus {ev.get('malus')} (chosen by {str(ev.get('chosen_by')).capitalize()})", "bad")
    if t == "panic_over":
        return L(f"{n} recovers from panic", "good")
    if t == "unconscious":
        return L(f"{n} faints (stress {ev.get('stress')} > VOL {ev.get('vol')})", "bad")
    if t == "activation_ends":
        return L(f"{n}'s activation ends (stress reached VOL)", "bad")
    if t == "attribute":
        return L(f"{n}: {ev.get('attribute')} {ev.get('before')} → {ev.get('after')} for good", "bad")
    if t == "followup_available":
        return L(f"{n} may follow up at once (free 1 K move)")
    if t == "free_attack":
        return L(f"{name(ev.get('attacker'))} gets a free attack on {name(ev.get('target'))}", "bad")
    if t == "disengage_free":
        return L(f"{n} disengages freely ({ev.get('mine')} against {ev.get('theirs')})")
    if t == "supported":
        return L(f"{n} supports {name(ev.get('ally'))} (+1 on its next CH)")
    if t == "concentrating":
        return L(f"{n} concentrates (+{ev.get('bonus')} on the next action's first CH)")
    if t == "reloaded":
        return L(f"{n} reloads the {ev.get('weapon')} ({ev.get('rounds')} rounds)")
    if t == "waiting":
        return L(f"{n} waits until phase {ev.get('until_phase')}")
    if t == "reaction_window":
        cands = ev.get("candidates") or []
        when = "declared" if ev.get("window") == "declaration" else "done"
        what = action_label(ev.get("action"))
        if not cands:
            return L(f"{name(ev.get('actor'))}'s {what} ({when}): nobody may react", "dim")
        who = ", ".join(name(c.get("who")) for c in cands)
        return L(f"{name(ev.get('actor'))}'s {what} ({when}): {who} may react", "head")
    if t == "reaction_window_closed":
        return L("The reaction window closes", "dim")
    if t == "reaction_passed":
        return L(f"{n} does not draw first" if ev.get("window") == "duel" else f"{n} does not react", "dim")
    if t == "venom_coated":                                             # TRT-VENOM
        return L(f"{n} coats its {ev.get('weapon')} with venom ({ev.get('substance')})")
    if t == "venom_delivered":
        return L(f"{n}'s {ev.get('weapon')} delivers its venom ({ev.get('substance')}) to {name(ev.get('target'))}",
                 "head")
    if t == "acid_blood_spared":                                        # TRT-ACID-BLOOD on TRT-INVULNERABLE
        return L(f"{n} is immune to {name(ev.get('source'))}'s acid blood", "dim")
    if t == "bodyguard_offered":                                        # TRT-BODYGUARD
        return L(f"{name(ev.get('attacker'))} hit {name(ev.get('target'))}: "
                 + ", ".join(name(b) for b in ev.get("bodyguards") or ()) + " may take the hit", "head")
    if t == "bodyguard":
        return L(f"{n} steps " + ("in front of the blow" if ev.get("melee") else "into the line of fire")
                 + f" and takes the hit meant for {name(ev.get('ally'))}", "head")
    if t == "bodyguard_declined":
        return L(f"{n} does not take the hit", "dim")
    if t == "aim_reroll_offered":                                       # TRT-AIM-CORRECTOR
        return L(f"{n}'s {ev.get('area')} dispersed" + (", losing the aim" if ev.get("lost") else "")
                 + ": it may reroll the dispersion", "head")
    if t == "aim_reroll_answered":
        return L(f"{n} rerolls the dispersion" if ev.get("reroll") else f"{n} keeps the dispersion", "dim")
    if t == "fortune_offered":                                          # TRT-FORTUNE
        return L(f"{n} may use its Fortune", "head")
    if t == "fortune":
        return L(f"{n} uses its Fortune: " + FORTUNE_LABELS.get(ev.get("use"), str(ev.get("use"))), "head")
    if t == "fortune_declined":
        return L(f"{n} keeps its Fortune", "dim")
    if t == "mental_combat_offered":                                    # CBA-19 / MET-9
        return L(f"{n} may answer {name(ev.get('against'))} with mental combat", "head")
    if t == "mental_combat":
        return L(f"{n} fights back: mental combat against {name(ev.get('against'))} with {ev.get('attribute')} "
                 f"({ev.get('cost')} ENE)", "head")
    if t == "mental_combat_declined":
        return L(f"{n} does not fight back", "dim")
    if t == "mental_combat_choices":
        said = ", ".join(f"{name(int(k))} {'goes on' if v else 'stops'}" for k, v in (ev.get("go_on") or {}).items())
        return L(f"Mental combat: {said}")
    if t == "mental_combat_ended":
        return L(f"The mental combat ends after {ev.get('exchanges')} exchange(s)", "dim")
    if t == "duel":                                                     # CBA-22
        return L(f"Duel: {name(ev.get('reactor'))} shoots back at {name(ev.get('acting'))}"
                 + (", who may draw first (Desenfundar)" if ev.get("may_draw") else ""), "head")
    if t == "quick_draw":
        return L(f"{n} draws first: Desenfundar against {name(ev.get('against'))} ({ev.get('cost')} ENE)", "head")
    if t == "duel_resolved":
        first = ev.get("first")
        text = ("both attacks are simultaneous" if first == "simultaneous" else
                f"{name(ev.get('acting') if first == 'acting' else ev.get('reactor'))}'s attack goes first")
        return L(f"Duel: {text}")
    if t == "duel_attack_lost":
        return L(f"{n}'s {action_label(ev.get('action'))} is lost: {ev.get('reason')}", "bad")
    if t == "reaction_failed":
        return L(f"{n} fails to react in time ({action_label(ev.get('action'))})", "bad")
    if t == "reaction":
        what = action_label(ev.get("action"))
        early = ", early: CH ATR −1" if ev.get("early") else ""
        return L(f"{n} reacts: {what} ({ev.get('cost')} ENE{early})", "head")
    if t == "bullet_time":
        return L(f"{n} {'enters' if ev.get('state') == 'start' else 'leaves'} bullet time", "dim")
    if t == "dodging":
        return L(f"{n} dodges {name(ev.get('attacker'))}'s attack")
    if t == "state_changed":
        return L(f"{n} {state_words(ev.get('state'), ev.get('value'))}", "dim")
    if t == "compelled":
        return L(f"{n} {compelled_words([name(x) for x in ev.get('targets') or []], ev.get('mode'))}", "bad")
    if t == "game_over":
        w = ev.get("winner")
        who_won = f"{str(w).capitalize()} wins" if w else "Draw"
        reason = str(ev.get("reason") or "").replace("_", " ")
        return L(f"Game over: {who_won} ({reason}) in turn {ev.get('turn')}", "head")
    if t == "noise":
        heard = ev.get("heard_by") or []
        who_heard = ", ".join(name(e) for e in heard) if heard else "nobody"
        src = f"{n}'s " if who is not None else ""
        what = action_label(ev.get("action")) if ev.get("action") else "noise"
        return L(f"{src}{what} can be heard up to {float(ev.get('range') or 0):g} K: {who_heard}", "dim")
    if t == "climb":
        if ev.get("after") == ev.get("before"):
            return L(f"{n} makes no progress up {ev.get('piece')} (stays at {float(ev.get('before') or 0):g} K)", "bad")
        top = " and reaches the top" if ev.get("top") else ""
        return L(f"{n} climbs {ev.get('piece')} from {float(ev.get('before') or 0):g} K to "
                 f"{float(ev.get('after') or 0):g} K{top}", "good")
    if t == "on_top":
        where = "a perch (level 2)" if ev.get("level") == 2 else f"the top, {float(ev.get('height') or 0):g} K up"
        return L(f"{n} stands on {ev.get('piece')}: {where}")
    if t == "underwater":
        return L(f"{n} dives under the water (level -1: out of reach of anyone above it)")
    if t == "surfaced":
        return L(f"{n} comes up to the surface (level 1)")
    if t == "jump_up":
        if ev.get("success"):
            return L(f"{n} jumps onto {ev.get('piece')} ({float(ev.get('height') or 0):g} K, reach "
                     f"{float(ev.get('reach') or 0):g} K)", "good")
        return L(f"{n} fails to jump onto {ev.get('piece')}: stays at the foot, unharmed", "bad")
    if t == "long_jump":
        if ev.get("success"):
            return L(f"{n} jumps {float(ev.get('length') or 0):.1f} K (reach {float(ev.get('reach') or 0):g} K)", "good")
        return L(f"{n} falls short of the {float(ev.get('length') or 0):.1f} K jump", "bad")
    if t == "no_progress":
        return L(f"{n} makes no progress ({action_label(ev.get('action'))})", "bad")
    if t == "fall":
        return L(f"{n} falls {float(ev.get('drop') or 0):g} K: DMG {ev.get('dmg')}", "bad")
    if t == "searched":
        found = ev.get("found") or []
        return L(f"{n} searches {ev.get('element')}: " + (", ".join(map(str, found)) if found else "finds nothing"),
                 "good" if found else "dim")
    if t == "thrown":
        return L(f"{n} throws {ev.get('item')} at {name(ev.get('target'))}")
    if t == "object_used":                                          # GNA-16
        on = "" if ev.get("target") == who else f" on {name(ev.get('target'))}"
        return L(f"{n} uses the {ev.get('item')}{on}")
    if t == "object_use_failed":
        return L(f"{n} fails to use the {ev.get('item')}", "bad")
    if t in ("door_opened", "door_closed"):                          # GNA-16 on a scenario element
        return L(f"{n} {'opens' if t == 'door_opened' else 'closes'} {ev.get('door')} ({ev.get('element')})", "good")
    if t == "mechanism_worked":
        return L(f"{n} works {ev.get('element')}", "good")
    if t == "element_use_failed":
        return L(f"{n} fails to use {ev.get('element')}", "bad")
    if t == "object_removed":
        return L(f"The {ev.get('name')} is used up", "dim")
    if t == "object_moved":                                          # TRT-MAGIC-TELEKINESIS (rules/telekinesis.py)
        f, to = ev.get("frm") or [0, 0], ev.get("to") or [0, 0]
        k = ((float(to[0]) - float(f[0])) ** 2 + (float(to[1]) - float(f[1])) ** 2) ** 0.5
        return L(f"{n} moves the {ev.get('name')} {k:.1f} K to ({float(to[0]):.1f}, {float(to[1]):.1f}) by telekinesis")
    if t == "scenery_moved":                                         # the piece's new place (rules/scenery_objects.py)
        return L(f"The {ev.get('piece')} is smashed" if ev.get("smashed") else f"The {ev.get('piece')} now lies there",
                 "dim")
    if t == "scenery_hit":                                           # a breakable wall or door (rules/scenery_breaking.py)
        extra = ", critical: DMG +1" if ev.get("critical") else ""
        extra += f", Wallbreaker +{ev.get('bonus')}" if ev.get("bonus") else ""
        return L(f"{name(ev.get('attacker'))} strikes the {ev.get('what')} {ev.get('piece')} (DMG {ev.get('dmg')}{extra})",
                 "good")
    if t == "scenery_miss":
        return L(f"{name(ev.get('attacker'))} misses the {ev.get('piece')}", "bad")
    if t == "scenery_damage":
        how = "its CH DEF is a critical: no wounds" if ev.get("rule") == "CMB-7" else \
            f"{ev.get('wounds')} wound(s), {ev.get('total')} in all"
        return L(f"The {ev.get('piece')} takes DMG {ev.get('dmg')} against DEF {ev.get('defense')}: {how}", "dim")
    if t == "scenery_destroyed":
        return L(f"The {ev.get('what')} {ev.get('piece')} is destroyed: the way is open", "good")
    if t == "charge_placed":                                        # GNA-15 (ui/charge_view.py draws it)
        return L(f"{name(ev.get('owner'))} places the {ev.get('weapon')}: operative after this activation")
    if t == "charge_armed":
        return L(f"{name(ev.get('owner'))}'s charge is operative", "dim")
    if t == "move_cut":
        return L(f"{n} stops where it steps into a charge's activation area", "bad")
    if t == "charge_set_off":
        by = f"goes off under {name(ev.get('by'))}" if ev.get("by") is not None else "is set off remotely"
        return L(f"{name(ev.get('owner'))}'s {ev.get('weapon')} {by}", "bad")
    if t == "item_exploded":                                        # TRT-FLAMMABLE / TRT-EXPLODES (rules.wounds)
        return L(f"{name(ev.get('who'))}'s {ev.get('item')} is destroyed and explodes: DMG {ev.get('dmg')}, "
                 f"R{ev.get('diameter')}", "bad")
    if t == "wreck_fire":                                           # TRT-FLAMMABLE on a transport (rules.riding)
        return L(f"The wreck's fuel explodes: DMG {ev.get('dmg')}, R{ev.get('diameter')}", "bad")
    if t == "area_placed":
        c = ev.get("centre") or [0, 0]
        return L(f"{name(ev.get('attacker'))}'s {ev.get('area')} template lands at ({float(c[0]):.1f}, "
                 f"{float(c[1]):.1f})")
    alarm_line = alarm_text(ev, name)                               # alarm mode (ALM)
    if alarm_line is not None:
        return L(*alarm_line)
    word = WORDINGS.get(t)                                          # the other types' wordings
    if word is not None:
        return L(*word(ev, name))
    if not generic:
        return None
    # any other event: its fields in words, miniatures by name
    parts = []
    for k, v in ev.items():
        if k in ("type", "rule") or k.startswith("_"):
            continue
        if k in PEOPLE and isinstance(v, int) and not isinstance(v, bool):
            v = name(v)
        elif isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v) \
                and (k.endswith("_by") or k in PEOPLE):
            v = ", ".join(name(x) for x in v)
        elif isinstance(v, float):
            v = f"{v:g}"
        parts.append(f"{k.replace('_', ' ')} {v}")
    return L(f"{str(t).replace('_', ' ').capitalize()}: " + ", ".join(parts), "dim")


PEOPLE = {"who", "target", "actor", "attacker", "acting", "ally", "casualty", "character", "source"}
