"""The log wordings of the event types `narrate.describe`'s own chain does not word: one line of plain English per
event, for a player reading the game's log (the window's log, the replay viewer, the battle reports and `replay
show`). `WORDINGS` maps an event type to a function `(ev, name) -> (text, tone)`: `name(entity_id)` names a
miniature, the tone is one of normal, dim, head, good, bad, dice.

Pure text: no pygame, nothing of `wartime.ui` or `wartime.rules` (the event says what happened; this only words it).
Every field is read with `ev.get`, so an event missing a field is still worded (without it), never an error."""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from wartime.data.tables import trait_by_id
from wartime.match.names import action_label

Name = Callable[[Any], str]
Wording = Callable[[Mapping, Name], "tuple[str, str]"]

#: event type → its wording (filled in below, one function per type)
WORDINGS: dict[str, Wording] = {}


# --- helpers ------------------------------------------------------------------------------------------------------
def _id(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _m(ev: Mapping, name: Name, key: str = "who", default: str = "someone") -> str:
    """The name of the miniature in field `key` (`default` when there is none)."""
    v = ev.get(key)
    return str(name(v)) if _id(v) else default


def _names(name: Name, ids: Any, default: str = "nobody") -> str:
    """A list of ids as names joined by ', '."""
    got = [str(name(e)) for e in ids if _id(e)] if isinstance(ids, (list, tuple)) else []
    return ", ".join(got) if got else default


def _count(ids: Any) -> int:
    return len(ids) if isinstance(ids, (list, tuple)) else 0


def _num(v: Any) -> str | None:
    """A number rounded to 2 decimals, shown with :g (None when it is not a number)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return f"{round(float(v), 2):g}"


def _k(v: Any) -> str | None:
    """A distance in K with one decimal (None when it is not a number)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return f"{float(v):.1f}"


def _xy(p: Any) -> str | None:
    """A point as '(x.x, y.y)' (None when it is not one)."""
    if not isinstance(p, (list, tuple)) or len(p) < 2:
        return None
    x, y = p[0], p[1]
    if any(isinstance(c, bool) or not isinstance(c, (int, float)) for c in (x, y)):
        return None
    return f"({float(x):.1f}, {float(y):.1f})"


def _at(p: Any, word: str = "at") -> str:
    """' at (x.x, y.y)', or '' when the point is missing."""
    xy = _xy(p)
    return f" {word} {xy}" if xy else ""


def _text(v: Any) -> str | None:
    """A field meant as words: the string itself, None for a missing or empty one."""
    if isinstance(v, str) and v.strip():
        return v
    return None


def _trait(tid: Any, default: str = "trait") -> str:
    """A trait's English name from its TRT-* id."""
    if not isinstance(tid, str) or not tid:
        return default
    t = trait_by_id().get(tid)
    return t.name_en if t is not None else tid


def _traits(ids: Any) -> str:
    return ", ".join(_trait(t) for t in ids if isinstance(t, str)) if isinstance(ids, (list, tuple)) else ""


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _side(v: Any) -> str | None:
    return str(v).capitalize() if _text(v) else None


def _action(key: Any) -> str:
    return action_label(key) if _text(key) else "action"


def _thing(ref: Any) -> str:
    """A thing an action aims at ('scenery:car_e', 'item:3', 'car'): 'the car_e', 'an object'."""
    if not isinstance(ref, str) or not ref:
        return "the thing"
    kind, _, rest = ref.partition(":")
    if kind == "item":
        return "the object"
    if kind == "scenery" and rest:
        return f"the {rest}"
    return f"the {ref}"


def _equipment(ev: Mapping, name: Name, key: str = "target") -> str:
    """A miniature or its equipment (field aim: None, 'transport', 'item:<id>'): 'Blue X', "Blue X's transport"."""
    who = _m(ev, name, key, "its target")
    aim = ev.get("aim")
    if aim == "transport":
        return f"{who}'s transport"
    if isinstance(aim, str) and aim.startswith("item"):
        return f"an object of {who}'s"
    return who


def _body(ev: Mapping, name: Name) -> str:
    """"Blue X's body" (field corpse), or "a body"."""
    c = _m(ev, name, "corpse", "")
    return f"{c}'s body" if c else "a body"


def _owned(owner: str, default: str, sep: str = " ") -> str:
    """"Blue X's " (`owner` possessive, then `sep`), or `default` when there is no owner."""
    return f"{owner}'s{sep}" if owner else default


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _word(*types: str):
    """Register the decorated function as the wording of `types`: its line starts with a capital letter. (An event
    of an edited record whose fields have unexpected types may raise: the battle report then prints its fields,
    `report._worded`.)"""
    def put(fn: Callable[[Mapping, Name], tuple[str, str]]):
        def line(ev: Mapping, name: Name) -> tuple[str, str]:
            text, tone = fn(ev, name)
            return _cap(text), tone
        line.__doc__ = fn.__doc__
        for t in types:
            WORDINGS[t] = line
        return fn
    return put


# --- transports and riding (MVA-17..19, BLD-19, WND-4, WND-5) ----------------------------------------------------
@_word("action_failed")                 # MVA-17 / MVA-18 / a transport's extra-turn trait: the action's check failed
def _action_failed(ev, name):
    who, reason = _m(ev, name), _text(ev.get("reason"))
    if reason == "did not get aboard":
        return f"{who} fails to board the moving transport", "bad"
    if reason == "stayed aboard":
        return f"{who} fails to get off the moving transport: it stays aboard", "bad"
    if reason and reason.startswith("no extra turn: "):
        return f"{who} fails the extra turn: {reason[len('no extra turn: '):]}", "bad"
    return f"{who}'s action fails" + (f": {reason}" if reason else ""), "bad"


@_word("embarked")                      # MVA-17: boards a transport (or takes the wheel of a parked one)
def _embarked(ev, name):
    who = _m(ev, name)
    if ev.get("parked") is not None or _text(ev.get("transport")):
        return f"{who} takes the wheel of the parked {_text(ev.get('transport')) or 'transport'}", "normal"
    return f"{who} gets on {_owned(_m(ev, name, 'carrier', ''), 'a ')}transport", "normal"


@_word("disembarked")                   # MVA-17 (WND-5: thrown out of a destroyed transport)
def _disembarked(ev, name):
    who, at = _m(ev, name), _at(ev.get("at"))
    if ev.get("parked") is not None or _text(ev.get("transport")):
        return f"{who} gets off the {_text(ev.get('transport')) or 'transport'} and leaves it parked{at}", "normal"
    carrier = _owned(_m(ev, name, "carrier", ""), "its ")
    if ev.get("rule") == "WND-5":
        return f"{who} is thrown out of {carrier}wrecked transport{at}", "bad"
    return f"{who} gets off {carrier}transport{at}", "normal"


@_word("hovered")                       # TRT-RETRO-THRUSTERS: the transport hovers where it is
def _hovered(ev, name):
    return f"{_m(ev, name)} hovers in place on its retro thrusters", "normal"


@_word("transport_use_failed")          # the transport's use traits (Prueba de ..., TRT-NEUROPSYCHO) fail the action
def _transport_use_failed(ev, name):
    what = _text(ev.get("transport")) or "transport"
    return f"{_m(ev, name)} fails to drive the {what}: the action fails", "bad"


@_word("transport_wounds")              # WND-4: wounds on the transport (disabled at its QUA, destroyed above it)
def _transport_wounds(ev, name):
    what = _text(ev.get("transport")) or "transport"
    n = ev.get("amount")
    s = f"{_m(ev, name)}'s {what} takes " + (_plural(n, "wound") if _id(n) else "wounds")
    if _id(ev.get("source")):
        s += f" from {name(ev.get('source'))}"
    if _id(ev.get("before")) and _id(ev.get("after")):
        s += f" ({ev.get('before')} → {ev.get('after')})"
    if ev.get("destroyed"):
        s += ": it is destroyed"
    elif ev.get("disabled"):
        s += ": it is disabled"
    return s, "bad"


@_word("transport_exploded")            # WND-5: the destroyed transport explodes
def _transport_exploded(ev, name):
    what = _text(ev.get("transport")) or "transport"
    hit = ev.get("hit") if isinstance(ev.get("hit"), list) else []
    s = f"{_m(ev, name)}'s {what} explodes" if ev.get("who") in hit else f"The {what} explodes"   # parked or ejected
    dmg, r = _num(ev.get("dmg")), _num(ev.get("radius"))
    if dmg is not None:
        s += f": DMG {dmg}" + (f" within {r} K" if r is not None else "")
    s += _at(ev.get("at"), "of" if r is not None and dmg is not None else "at")
    if _count(ev.get("hit")):
        s += f", hitting {_names(name, ev.get('hit'))}"
        if _count(ev.get("partly")):
            s += f" ({_names(name, ev.get('partly'))} only partly)"
    if _count(ev.get("parked")):
        s += f"; {_plural(_count(ev.get('parked')), 'parked transport')} caught in the blast"
    return s, "bad"


@_word("ejected")                       # TRT-EJECTION-SEAT: the rider is thrown clear of its transport
def _ejected(ev, name):
    s = f"{_m(ev, name)} ejects"
    d = _num(ev.get("distance"))
    if d is not None:
        s += f", thrown {d} K"
    s += _at(ev.get("to"), "to")
    dice = [str(x) for x in ev.get("dice") or () if _id(x)] if isinstance(ev.get("dice"), list) else []
    if dice:
        s += f" (d10 {' + '.join(dice)})"
    if _id(ev.get("cancelled")):
        s += f"; Fortune cancelled a {ev.get('cancelled')}"
    return s, "normal"


# --- deployment ---------------------------------------------------------------------------------------------------
@_word("deployed")                      # SEQ-1: a side's miniatures stand in their deployment zone
def _deployed(ev, name):
    side = _side(ev.get("side")) or "A side"
    n = _count(ev.get("positions"))
    s = f"{side} deploys " + (_plural(n, "miniature") if n else "its miniatures")
    if ev.get("auto"):
        s += " at its default spots"
    return s, "normal"


# --- alarm mode (ALM-27, ALM-34, ALM-38, ALM-39) ------------------------------------------------------------------
@_word("alarm_start")                   # ALM-34: the start event: the alarm sounds
def _alarm_start(ev, name):
    s = f"{_m(ev, name)} sets off the alarm"
    if _id(ev.get("turn")):
        s += f": turn {ev.get('turn')} ends with this activation"
    if _id(ev.get("alarm_turn_1")):
        s += f", turn {ev.get('alarm_turn_1')} is the alarm's first"
    if _id(ev.get("carrier")):
        s += f"; {name(ev.get('carrier'))} carries the bell"
    return s, "head"


@_word("alarm_turn_cut")                # ALM-34: the turn of the start event ends with the triggering activation
def _alarm_turn_cut(ev, name):
    turn = f"Turn {ev.get('turn')}" if _id(ev.get("turn")) else "The turn"
    n = _count(ev.get("lost"))
    if not n:
        return f"{turn} ends with the alarm: every miniature has acted", "dim"
    return (f"{turn} ends with the alarm: {_names(name, ev.get('lost'))} "
            f"{'loses its' if n == 1 else 'lose their'} activation"), "bad"


@_word("alarm_bell")                    # ALM-38: the bell's carrier fell: the nearest defender takes it
def _alarm_bell(ev, name):
    if _id(ev.get("fallen")):
        return f"{name(ev.get('fallen'))} has fallen: {_m(ev, name, 'carrier')} now carries the bell", "normal"
    return f"{_m(ev, name, 'carrier')} now carries the bell", "normal"


@_word("alarm_marker_untouched")        # ALM-34 / ALM-39 ruling: only a defender works an alarm marker
def _alarm_marker_untouched(ev, name):
    what = "trigger marker" if ev.get("rule") == "ALM-34" else "alarm marker"
    el = _text(ev.get("element"))
    thing = f"the {what} ({el})" if el else f"the {what}"
    return f"{_m(ev, name)} is no defender: {thing} is left as it was", "dim"


@_word("alarm_strident")                # ALM-27 / ALM-41: Strident alarm: 1D2 + 1 more turns
def _alarm_strident(ev, name):
    s = "Strident alarm"
    if ev.get("when") == "activation_end" and _id(ev.get("who")):
        s += f", played as {name(ev.get('who'))}'s activation ends"
    elif ev.get("when") == "window":
        s += ", played in the wave window"
    extra = ev.get("extra")
    if _id(extra):
        s += f": {_plural(extra, 'more turn')}"
        if _id(ev.get("d10")):
            s += f" (d10 {ev.get('d10')})"
    if _id(ev.get("last_turn")):
        s += f", the alarm lasts until turn {ev.get('last_turn')}"
    return s, "dice"


# --- areas, scatter and blasts (ARE-*, BAS-4, TRT-PERSISTENT-AREA, TRT-SMOKE, TRT-LIVING-BOMB) ---------------------
_AREA_KIND = {"persistent": "lasting area", "radioactive": "radioactive area", "smoke": "smoke"}


def _kind(ev: Mapping) -> str:
    kind = ev.get("kind")
    if kind is None and ev.get("rule") == "TRT-RADIOACTIVE-AMMO":
        kind = "radioactive"
    return _AREA_KIND.get(kind, "area") if isinstance(kind, str) or kind is None else "area"


@_word("area_attack")                   # ARE-1..ARE-4: an attack with an area template
def _area_attack(ev, name):
    weapon, area = _text(ev.get("weapon")), _text(ev.get("area"))
    s = f"{_m(ev, name, 'attacker')} {'strikes with' if ev.get('melee') else 'fires'} the {weapon or 'weapon'}"
    if area:
        s += f" ({area} template)"
    if _id(ev.get("target")):
        s += f" at {name(ev.get('target'))}"
    elif _xy(ev.get("aim")):
        s += f" at the point {_xy(ev.get('aim'))}"
    d = _k(ev.get("distance"))
    if d is not None:
        s += f", {d} K away"
    return s, "normal"


@_word("dispersion")                    # BAS-4 / ARE-9: a scattering point: its dice, direction and landing
def _dispersion(ev, name):
    who = _m(ev, name, "attacker", "")
    own = f"{who}'s " if who else "the "
    if _text(ev.get("area")):
        what = f"{own}{ev.get('area')} template"
    elif _text(ev.get("meta")) or _text(ev.get("item")):
        what = f"{own}stray {_text(ev.get('meta')) or _text(ev.get('item'))}"
    elif _id(ev.get("target")) or _text(ev.get("weapon")):
        what = f"{own}stray shot" + (f" at {name(ev.get('target'))}" if _id(ev.get("target")) else "")
    else:
        what = "the point"
    s = what + (" is rerolled: it" if ev.get("reroll") else "")
    d = _num(ev.get("distance"))
    s += f" scatters {d} K" if d is not None else " scatters"
    dice = [str(x) for x in ev.get("dice") or () if _id(x)] if isinstance(ev.get("dice"), list) else []
    if dice:
        s += f" ({'d10' if len(dice) == 1 else f'{len(dice)}d10'} {' + '.join(dice)})"
    if ev.get("on_board") is False:
        s += ", off the table"
    elif _xy(ev.get("to")):
        s += f" to {_xy(ev.get('to'))}"
    if isinstance(ev.get("cancelled"), list):
        s += "; Fortune had its highest die rolled again"
    return s, "dice"


@_word("area_lost")                     # ARE-9: the template scattered off the table: the attack is lost
def _area_lost(ev, name):
    area = _text(ev.get("area"))
    what = f"{area} template" if area else "template"
    return f"{_m(ev, name, 'attacker')}'s {what} scatters off the table: the attack is lost", "bad"


@_word("area_effect_placed")            # TRT-PERSISTENT-AREA / TRT-SMOKE / TRT-RADIOACTIVE-AMMO: an area left
def _area_effect_placed(ev, name):
    owner = _m(ev, name, "owner", "")
    kind = ev.get("kind")
    code = _text(ev.get("code"))
    at = _at(ev.get("centre"))
    if kind == "smoke":
        s = f"{_owned(owner, '')}smoke fills the {code + ' ' if code else ''}template{at}"
        malus = ev.get("malus")
        if _id(malus) and malus:
            s += f": ranged attacks through it CH IMP {'+' if malus > 0 else '−'}{abs(malus)}"
        return s, "normal"
    what = _kind(ev)
    s = f"{_owned(owner, 'The ')}{code + ' ' if code else ''}{what} stays on the table{at}"
    dmg = ev.get("dmg")
    if _id(dmg) and dmg:
        s += f": a DMG {dmg} hit on whoever starts its activation in it or enters it"
    return s, "normal"


@_word("area_effect")                   # TRT-PERSISTENT-AREA / TRT-RADIOACTIVE-AMMO: the area hits a mini in it
def _area_effect(ev, name):
    who, reason, what = _m(ev, name), _text(ev.get("reason")), _kind(ev)
    if reason == "entered":
        s = f"{who} enters the {what}"
    elif reason:
        s = f"{who} {reason} the {what}" if reason.endswith(" inside") else f"{who} is in the {what} ({reason})"
    else:
        s = f"{who} is in the {what}"
    dmg = ev.get("dmg")
    if _id(dmg):
        s += f": a DMG {dmg} hit"
        if ev.get("coverage") == "partial":
            s += " (partly covered: half DMG)"
    return s, "bad"


@_word("area_expired")                  # TRT-SMOKE / TRT-PERSISTENT-AREA: the area leaves the table
def _area_expired(ev, name):
    owner = _m(ev, name, "owner", "")
    what = _kind(ev)
    verb = "clears" if ev.get("kind") == "smoke" else "is gone"
    s = f"{_owned(owner, 'The ')}{what} {verb}"
    reason = _text(ev.get("reason"))
    return s + (f": {reason}" if reason else ""), "dim"


@_word("death_blast")                   # TRT-LIVING-BOMB / TRT-EXPLODES / TRT-FLAMMABLE: a blast centred on a mini
def _death_blast(ev, name):
    s = f"{_m(ev, name)} explodes"
    dmg, dia = _num(ev.get("dmg")), _num(ev.get("diameter"))
    if dmg is not None:
        s += f": DMG {dmg}"
    if dia is not None:
        s += f" in a {dia} K blast"
    s += _at(ev.get("at"))
    s += f", hitting {_names(name, ev.get('hit'))}" if _count(ev.get("hit")) else ", hitting nobody"
    return s, "bad"


# --- ranged and melee attacks (CBA-*, CMB-*, fire modes, ammo traits) ---------------------------------------------
_VARIANTS = {"CBA-2": "outside its field of view", "CBA-3": "blind, with no line of sight",
             "CBA-4": "beyond its weapon's range"}


@_word("ranged_variant")                # CBA-2 / CBA-3 / CBA-4: a shot outside the FOV, blind or beyond RNG (−1 each)
def _ranged_variant(ev, name):
    vs = ev.get("variants") if isinstance(ev.get("variants"), list) else []
    words = [_VARIANTS.get(v, str(v)) for v in vs]
    s = f"{_m(ev, name)} shoots"
    if _id(ev.get("target")):
        s += f" at {name(ev.get('target'))}"
    if words:
        s += " " + " and ".join(words) + f" (CH IMP −{len(words)})"
    return s, "dim"


@_word("fire_mode")                     # TRT-HEAVY-FIRE / TRT-LONG-RANGE-FIRE / TRT-FOCUSED-ARC: the fire mode chosen
def _fire_mode(ev, name):
    mode = _trait(ev.get("rule"), _text(ev.get("mode")) or "a special")
    weapon = _text(ev.get("weapon"))
    return f"{_m(ev, name)} fires the {weapon or 'weapon'} in {mode} mode", "normal"


@_word("attack_mode")                   # TRT-LONG-GRIP: a melee mode chosen before the CH IMP
def _attack_mode(ev, name):
    mode = _trait(ev.get("rule"), _text(ev.get("mode")) or "a special grip")
    weapon = _text(ev.get("weapon"))
    return f"{_m(ev, name)} strikes{' with the ' + weapon if weapon else ''} using {mode}", "normal"


@_word("attack_stance")                 # TRT-FENCING-MASTER / TRT-FRENZY: the melee stance taken for this attack
def _attack_stance(ev, name):
    label = _text(ev.get("stance")) or ""
    effect = label.partition(": ")[2]
    stance = _trait(ev.get("rule"), "a special")
    return f"{_m(ev, name)} attacks in its {stance} stance" + (f": {effect}" if effect else ""), "normal"


@_word("charge_short")                  # CBA-12: the charge does not reach its target: it only moves
def _charge_short(ev, name):
    s = f"{_m(ev, name)}'s charge falls short"
    if _id(ev.get("target")):
        s += f" of {name(ev.get('target'))}"
    return s + ": it only moves", "bad"


@_word("charge_exposed")                # TRT-CHARGE-WEAPON: charging with it leaves the wielder at DEF −2
def _charge_exposed(ev, name):
    malus = ev.get("def_malus")
    s = f"{_m(ev, name)} is exposed after its charge: DEF −{malus if _id(malus) else 2}"
    if _count(ev.get("foes")):
        s += f" while engaged with {_names(name, ev.get('foes'))}"
    return s, "bad"


@_word("surprise_declared")             # CBA-11: a surprise attack declared
def _surprise_declared(ev, name):
    s = f"{_m(ev, name)} prepares a surprise attack"
    if _id(ev.get("target")):
        s += f" on {name(ev.get('target'))}"
    return s, "normal"


@_word("surprise_hit")                  # CBA-11: the surprise attack hits with no roll, CH DEF −2
def _surprise_hit(ev, name):
    malus = ev.get("def_malus")
    return (f"{_m(ev, name, 'attacker')} takes {_m(ev, name, 'target', 'its target')} by surprise: an automatic hit, "
            f"CH DEF −{malus if _id(malus) else 2}"), "good"


@_word("surprise_lapsed")               # CBA-11: the declared surprise lapses at the end of the activation
def _surprise_lapsed(ev, name):
    return f"{_m(ev, name)}'s surprise attack lapses", "dim"


@_word("second_hit")                    # TRT-EXPLOSIVE-AMMO: the hit strikes twice
def _second_hit(ev, name):
    return f"The explosive ammo strikes {_m(ev, name, 'target')} a second time", "normal"


@_word("shot_lost")                     # TRT-INFINITE-RANGE / ARE-9: a stray shot lands on nobody
def _shot_lost(ev, name):
    s = f"{_m(ev, name, 'attacker')}'s stray shot"
    if _id(ev.get("target")):
        s += f" at {name(ev.get('target'))}"
    if ev.get("on_board") is False:
        return s + " flies off the table", "bad"
    return s + f" hits nobody{_at(ev.get('to'), 'and lands at')}", "bad"


@_word("shot_stopped")                  # TRT-JAMMING-AMMO / TRT-OUT-OF-AMMO: the shot stops before its CH IMP
def _shot_stopped(ev, name):
    weapon = _text(ev.get("weapon"))
    why = _trait(ev.get("rule"), "")
    s = f"{_m(ev, name, 'attacker')}'s {weapon or 'weapon'} does not fire"
    return s + (f" ({why}): the attack stops" if why else ": the attack stops"), "bad"


@_word("swarm_volley")                  # TRT-SWARM-WEAPON: the weapons fire together: criticals less fumbles, DEF −
def _swarm_volley(ev, name):
    s = f"{_m(ev, name)} fires a volley"
    if _id(ev.get("weapons")):
        s += f" of {_plural(ev.get('weapons'), 'weapon')}"
    if _id(ev.get("target")):
        s += f" at {name(ev.get('target'))}"
    parts = [_plural(ev.get(k), w) for k, w in (("criticals", "critical"), ("fumbles", "fumble"))
             if _id(ev.get(k)) and ev.get(k)]
    if parts:
        s += ": " + ", ".join(parts)
    elif _id(ev.get("criticals")):
        s += ": no criticals"
    if _id(ev.get("def_malus")) and ev.get("def_malus"):
        s += f", CH DEF −{ev.get('def_malus')}"
    return s, "normal"


@_word("extra_attack_due")              # TRT-VETERAN-CRY: an extra attack, taken at once or lost
def _extra_attack_due(ev, name):
    attack = _text(ev.get("attack"))
    return f"{_m(ev, name)} may make an extra {_action(attack).lower() if attack else 'attack'} at once", "head"


@_word("weapon_use_failed")             # the weapon's use traits (Prueba de ..., TRT-NEUROPSYCHO) fail: no attack
def _weapon_use_failed(ev, name):
    weapon = _text(ev.get("weapon"))
    return f"{_m(ev, name)} fails to use the {weapon or 'weapon'}: the attack fails", "bad"


@_word("stress_hit")                    # TRT-PSYCHIC-AMMO and kin: a hit dealing stress (CH DEF = CH VOL)
def _stress_hit(ev, name):
    s = f"{_m(ev, name)}"
    if _id(ev.get("attacker")):
        s += f" is hit in the mind by {name(ev.get('attacker'))}"
    else:
        s += " is hit in the mind"
    if _id(ev.get("dmg")):
        s += f" (DMG {ev.get('dmg')})"
    st = ev.get("stress")
    if _id(st):
        s += f": {_plural(st, 'stress level')}" if st else ": no stress"
    return s, "bad" if st else "normal"


@_word("pushed")                        # CBA-16 / TRT-STOPPING-AMMO: pushed back; CBA-23: shoved aside by a ram
def _pushed(ev, name):
    if not _id(ev.get("target")):       # CBA-23: `who` is the one displaced
        d = _num(ev.get("distance"))
        return f"{_m(ev, name)} is shoved {d + ' K ' if d else ''}aside{_at(ev.get('to'), 'to')}", "normal"
    s = f"{_m(ev, name)} pushes {name(ev.get('target'))}"
    if ev.get("rule") == "TRT-STOPPING-AMMO":
        s = f"{_m(ev, name)}'s stopping ammo pushes {name(ev.get('target'))}"
    length, wanted = _num(ev.get("length")), _num(ev.get("wanted"))
    if ev.get("over_the_edge"):                               # ruling (2): it falls
        return s + " over the edge" + (f" ({length} K)" if ev.get("length") else ""), "normal"
    if length is not None and not ev.get("length"):
        s = s.replace(" pushes ", " tries to push ", 1) + ", but it is blocked"
    elif length is not None:
        s += f" back {length} K"
        if wanted is not None and ev.get("length") and float(ev.get("length")) + 1e-6 < float(ev.get("wanted")):
            s += f" (of {wanted} K)"
    return s, "normal"


@_word("push_held")                     # TRT-STOPPING-AMMO: a target up high or climbing is not pushed
def _push_held(ev, name):
    return f"{_m(ev, name, 'target')} is not pushed back: it is up high or climbing", "dim"


@_word("push_failed")                   # CBA-16: the opposed CH CON is lost
def _push_failed(ev, name):
    return f"{_m(ev, name)} fails to push {_m(ev, name, 'target', 'its target')}", "bad"


@_word("disarm_failed")                 # CBA-14: the opposed CH AGI is lost
def _disarm_failed(ev, name):
    return f"{_m(ev, name)} fails to disarm {_m(ev, name, 'target', 'its target')}", "bad"


@_word("disarmed")                      # CBA-14: the item falls to the ground
def _disarmed(ev, name):
    item = _text(ev.get("item"))
    s = f"{_m(ev, name)} disarms {_m(ev, name, 'target', 'its target')}"
    return s + (f": the {item} falls to the ground" if item else ""), "good"


@_word("immobilise_failed")             # CBA-25: the opposed CH CON is lost
def _immobilise_failed(ev, name):
    return f"{_m(ev, name)} fails to immobilise {_m(ev, name, 'target', 'its target')}", "bad"


@_word("still_immobilised")             # CBA-25: breaking free failed
def _still_immobilised(ev, name):
    return f"{_m(ev, name)} fails to break free of {_m(ev, name, 'holder', 'its holder')}", "bad"


@_word("tie_failed")                    # CBA-25: tying up failed
def _tie_failed(ev, name):
    return f"{_m(ev, name)} fails to tie up {_m(ev, name, 'target', 'its target')}", "bad"


@_word("knock_out_failed")              # CBA-26: the opposed CH CON is lost
def _knock_out_failed(ev, name):
    return f"{_m(ev, name)} fails to knock out {_m(ev, name, 'target', 'its target')}", "bad"


@_word("item_moved")                    # CBA-6 / CBA-14 / TRT-SUPER-STRENGTH: an item now lies on the ground
def _item_moved(ev, name):
    item = _text(ev.get("name"))
    thing = f"The {item}" if item else "The item"
    how = ev.get("how")
    verb = "falls" if how == "disarmed" else "lands" if how == "thrown" else "now lies"
    at = _at(ev.get("at"))
    return f"{thing} {verb}{at if at else ' on the ground'}", "dim"


@_word("item_used_up")                  # CBA-6: a thrown grenade went off: used up
def _item_used_up(ev, name):
    item = _text(ev.get("item"))
    return f"{_m(ev, name)}'s {item or 'item'} is used up", "dim"


@_word("dropped")                       # GNA-15: an item dropped in base contact
def _dropped(ev, name):
    item = _text(ev.get("item"))
    return f"{_m(ev, name)} drops the {item or 'item'}{_at(ev.get('at'))}", "normal"


@_word("round_regenerated")             # TRT-REGENERATING-AMMO: a passed CH CAL puts a round back
def _round_regenerated(ev, name):
    weapon = _text(ev.get("weapon"))
    s = f"{_m(ev, name)}'s {weapon or 'weapon'} regenerates a round"
    return s + (f" ({ev.get('rounds')} loaded)" if _id(ev.get("rounds")) else ""), "good"


@_word("quality_lost")                  # TRT-REGENERATING-AMMO: a failed CH CAL costs 1 QUA
def _quality_lost(ev, name):
    weapon = _text(ev.get("weapon"))
    s = f"{_m(ev, name)}'s {weapon or 'weapon'} fails to regenerate a round and loses 1 QUA"
    return s + (f" (now {ev.get('QUA')})" if _id(ev.get("QUA")) else ""), "bad"


@_word("charge_used")                   # TRT-CHARGES: a use spent (a weapon's or a metahability's)
def _charge_used(ev, name):
    what = _text(ev.get("weapon")) or _text(ev.get("meta"))
    s = f"{_m(ev, name)} spends a charge of {'the ' + what if _text(ev.get('weapon')) else what or 'its item'}"
    return s + (f" ({ev.get('left')} left)" if _id(ev.get("left")) else ""), "dim"


@_word("equipment_quality")             # TRT-CRUSHING / TRT-ACID-BLOOD: a protection loses 1 QUA
def _equipment_quality(ev, name):
    item = _text(ev.get("item"))
    s = f"{_m(ev, name)}'s {item or 'protection'} loses 1 QUA"
    if _id(ev.get("QUA")):
        s += f" (now {ev.get('QUA')})"
    if ev.get("destroyed"):
        s += ": it is destroyed"
    elif ev.get("disabled"):
        s += ": it no longer protects"
    return s, "bad"


@_word("protection_put_on")             # GNA-16: a carried protection put on
def _protection_put_on(ev, name):
    p = _text(ev.get("protection"))
    s = f"{_m(ev, name)} puts on the {p or 'protection'}"
    return s + (f" (DEF {ev.get('DEF')})" if _id(ev.get("DEF")) else ""), "normal"


@_word("protection_use_failed")         # a protection's use traits failed, or TRT-REQUIRES: its DEF is left out
def _protection_use_failed(ev, name):
    p = _text(ev.get("protection"))
    s = f"{_m(ev, name)}'s {p or 'protection'} does not protect it now"
    if _text(ev.get("why")):
        s += f" ({_trait(ev.get('why'))})"
    if _id(ev.get("def_lost")):
        s += f": DEF {ev.get('def_lost')} left out"
    return s, "bad"


@_word("destabilised")                  # TRT-DESTABILISING-AMMO: weapons unloaded, marks lost, bonuses off
def _destabilised(ev, name):
    s = f"{_m(ev, name)}'s destabilising ammo hits {_m(ev, name, 'target', 'its target')}"
    parts = []
    un = [str(w) for w in ev.get("unloaded") or () if isinstance(w, str)] \
        if isinstance(ev.get("unloaded"), list) else []
    if un:
        parts.append(f"{', '.join(un)} unloaded")
    n = _count(ev.get("marks_lost"))
    if n:
        parts.append(f"{_plural(n, 'mark')} lost")
    return s + (": " + ", ".join(parts) if parts else ""), "normal"


@_word("set_on_fire")                   # TRT-INCENDIARY-AMMO: the hit sets the target burning
def _set_on_fire(ev, name):
    if _id(ev.get("by")):
        return f"{name(ev.get('by'))} sets {_m(ev, name)} on fire", "bad"
    return f"{_m(ev, name)} is set on fire", "bad"


@_word("burning")                       # TRT-INCENDIARY-AMMO: a DMG 1 hit at the start of each activation
def _burning(ev, name):
    dmg = ev.get("dmg")
    return f"{_m(ev, name)} burns: a DMG {dmg if _id(dmg) else 1} hit", "bad"


@_word("fire_out")                      # TRT-INCENDIARY-AMMO: the fire is put out
def _fire_out(ev, name):
    return f"The fire on {_m(ev, name)} is out", "good"


@_word("finished")                      # TRT-FINISHER: what it kills cannot come back
def _finished(ev, name):
    return f"{_m(ev, name)} is finished off: it cannot come back", "bad"


@_word("luck_roll")                     # TRT-LUCKY: on a 1 the hit is ignored
def _luck_roll(ev, name):
    s = f"{_m(ev, name)}'s luck"
    if _id(ev.get("die")):
        s += f": rolled {ev.get('die')}"
    n = ev.get("wounds")
    if ev.get("ignored"):
        s += ", the hit is ignored"
    else:
        s += ", no luck" + (f": {_plural(n, 'wound')} to take" if _id(n) else "")
    if _id(ev.get("cancelled")):
        s += f" (Fortune cancelled a {ev.get('cancelled')})"
    return s, "dice"


# --- movement (MVA-*, MOV-*, terrain traits) ----------------------------------------------------------------------
@_word("altitude")                      # MVA-15 / MVA-16: a change of level (take off, land, climb, dive)
def _altitude(ev, name):
    b, a = ev.get("before"), ev.get("after")
    who = _m(ev, name)
    if _id(b) and _id(a):
        verb = "rises" if a > b else "goes down" if a < b else "stays"
        s = f"{who} {verb} from level {b} to level {a}" if a != b else f"{who} stays at level {a}"
    elif _id(a):
        s = f"{who} goes to level {a}"
    else:
        s = f"{who} changes altitude"
    length = ev.get("length")
    if isinstance(length, (int, float)) and not isinstance(length, bool) and length > 0:
        s += f", moving {float(length):.1f} K"
    return s, "normal"


@_word("carried")                       # MVA-8: a body carried
def _carried(ev, name):
    load = _m(ev, name, "load", "a body")
    length = _k(ev.get("length"))
    if length is not None and float(length) <= 0:
        s = f"{_m(ev, name)} picks up {load} without moving"
    else:
        s = f"{_m(ev, name)} carries {load}" + (f" {length} K" if length is not None else "")
    if _count(ev.get("helpers")):
        s += f", helped by {_names(name, ev.get('helpers'))}"
    return s, "normal"


@_word("super_jump")                    # TRT-SUPER-JUMP: a CH AGI; passed, the jump is made
def _super_jump(ev, name):
    who = _m(ev, name)
    if ev.get("success") is False:
        return f"{who} fails the super jump", "bad"
    s = f"{who} super-jumps"
    length = _k(ev.get("length"))
    if length is not None:
        s += f" {length} K"
    if _text(ev.get("piece")):
        s += f" onto the {ev.get('piece')}"
    return s + _at(ev.get("to"), "to"), "good"


@_word("forced_move")                   # TRT-MAGIC-MISDIRECT and kin: the metahability moves its target
def _forced_move(ev, name):
    path = ev.get("path") if isinstance(ev.get("path"), list) else []
    by = f"{name(ev.get('by'))} moves " if _id(ev.get("by")) else ""
    s = f"{by}{_m(ev, name)}" + ("" if by else " is moved")
    if len(path) >= 2 and _xy(path[0]) and _xy(path[-1]):
        (x0, y0), (x1, y1) = path[0][:2], path[-1][:2]
        s += f" {((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5:.1f} K to {_xy(path[-1])}"
    return s, "normal"


@_word("forced_move_lost")              # TRT-INFINITE-RANGE: a scattered cast landed where the chosen move cannot go
def _forced_move_lost(ev, name):
    why = _text(ev.get("why"))
    if why:                                                   # the refusal, its rule ID left out
        return f"{_m(ev, name)} stays where it is: {re.sub(r'^[A-Z]+(-[A-Z0-9]+)+: ', '', why)}", "dim"
    return f"{_m(ev, name)} cannot be moved{_at(ev.get('to'), 'to')}: it stays where it is", "dim"


@_word("trait_applied")                 # TRT-SPIDER / TRT-FISH: a terrain move made as with Mover, no CH AGI
def _trait_applied(ev, name):
    effect = _text(ev.get("effect"))
    s = f"{_m(ev, name)}'s {_trait(ev.get('rule'))}"
    if _text(ev.get("action")):
        s += f" ({_action(ev.get('action'))})"
    return s + (f": it {effect}" if effect else " applies"), "dim"


# --- hiding, searching, objects (GNA-*) ---------------------------------------------------------------------------
@_word("discovery_failed")              # GNA-9: the CH INT ENF to discover a hidden enemy is lost
def _discovery_failed(ev, name):
    return f"{_m(ev, name)} fails to discover {_m(ev, name, 'target', 'the hidden enemy')}", "bad"


@_word("perceived")                     # GNA-12: Percibir: hidden or unseen enemies within INT K found
def _perceived(ev, name):
    found = ev.get("found")
    if not _count(found):
        return f"{_m(ev, name)} looks around but perceives nobody", "dim"
    how = " (their miniatures placed)" if ev.get("placed") == "miniatures" else \
        " (markers placed where they are)" if ev.get("placed") == "markers" else ""
    return f"{_m(ev, name)} perceives {_names(name, found)}{how}", "good"


@_word("untied")                        # GNA-6: free of its bonds
def _untied(ev, name):
    return f"{_m(ev, name)} frees itself from its {'steel ' if ev.get('steel') else ''}bonds", "good"


@_word("still_tied")                    # GNA-6: the bonds hold
def _still_tied(ev, name):
    s = f"{_m(ev, name)} is still tied up"
    if ev.get("steel"):
        s += " (steel bonds"
        s += f", {_plural(ev.get('ones'), 'one')} rolled so far)" if _id(ev.get("ones")) and ev.get("ones") else ")"
    return s, "bad"


@_word("corpse_disposed")               # GNA-7: the corpse is destroyed
def _corpse_disposed(ev, name):
    return f"{_m(ev, name)} disposes of {_body(ev, name)}", "normal"


@_word("corpse_remains")                # GNA-7: the check failed: the corpse stays
def _corpse_remains(ev, name):
    return f"{_m(ev, name)} fails to dispose of {_body(ev, name)}", "bad"


@_word("corpse_fed_on")                 # TRT-NECROPHAGE: 1 wound recovered, the corpse loses CON
def _corpse_fed_on(ev, name):
    s = f"{_m(ev, name)} feeds on {_body(ev, name)} and recovers a wound"
    return s + (f" (the body's CON drops to {ev.get('con')})" if _id(ev.get("con")) else ""), "good"


@_word("looted")                        # GNA-14: items taken from a corpse, AGI − for each this turn
def _looted(ev, name):
    items = [i for i in ev.get("items") or () if isinstance(i, str)] if isinstance(ev.get("items"), list) else []
    s = f"{_m(ev, name)} loots {_body(ev, name)}"
    s += f": {', '.join(items)}" if items else ", finding nothing"
    m = ev.get("agi_malus")
    return s + (f" (AGI −{m} this turn)" if _id(m) and m else ""), "good"


@_word("traded")                        # GNA-3: items passed between allies
def _traded(ev, name):
    who, ally = _m(ev, name), _m(ev, name, "ally", "an ally")
    gave, got = _text(ev.get("gave")), _text(ev.get("received"))
    if gave and got:
        return f"{who} gives the {gave} to {ally} for the {got}", "normal"
    if gave:
        return f"{who} gives the {gave} to {ally}", "normal"
    if got:
        return f"{who} takes the {got} from {ally}", "normal"
    return f"{who} trades with {ally}", "normal"


@_word("scenery_throw_failed")          # TRT-SUPER-STRENGTH: the throw fails: 1 wound, the thing stays
def _scenery_throw_failed(ev, name):
    return f"{_m(ev, name)} fails to throw {_thing(ev.get('piece'))} and takes a wound", "bad"


@_word("brought_down")                  # MVA-9 / TRT-WALLBREAKER: the piece it stood on or climbed is destroyed
def _brought_down(ev, name):
    piece = _text(ev.get("piece"))
    s = f"{_m(ev, name)} is brought down with the {piece or 'piece'}"
    d = _num(ev.get("drop"))
    return s + (f": it falls {d} K" if d is not None else ""), "bad"


# --- stims and drugs (TRT-COMBAT-DRUGS, TRT-VITAMIN-COCKTAIL, TRT-DRUG) ----------------------------------------------
@_word("stim_taken")                    # TRT-COMBAT-DRUGS / TRT-VITAMIN-COCKTAIL: a stim used
def _stim_taken(ev, name):
    item = _text(ev.get("item"))
    s = f"{_m(ev, name)} takes the {item or 'stim'}"
    if _text(ev.get("attribute")):
        s += f": {ev.get('attribute')} one level up for this activation"
    elif ev.get("rule") == "TRT-COMBAT-DRUGS":
        s += ": +5 ENE"
    return s, "normal"


@_word("addicted")                      # TRT-DRUG: 1D100 ≤ 30: addicted
def _addicted(ev, name):
    item = _text(ev.get("item"))
    return f"{_m(ev, name)} becomes addicted to the {item or 'drug'}", "bad"


@_word("withdrawal")                    # TRT-DRUG: an addict that went a turn without its drug
def _withdrawal(ev, name):
    items = [i for i in ev.get("items") or () if isinstance(i, str)] if isinstance(ev.get("items"), list) else []
    return f"{_m(ev, name)} suffers withdrawal{' from the ' + ', '.join(items) if items else ''}: +1 stress", "bad"


@_word("yonki")                         # TRT-DRUG: a campaign status, no effect in a match
def _yonki(ev, name):
    return f"{_m(ev, name)} becomes a junkie (a campaign status: no effect in this game)", "dim"


# --- traits with a state of their own -------------------------------------------------------------------------------
@_word("bonus_loss_due")                # TRT-SAIKIKKU: one bonus lost, the other side's choice
def _bonus_loss_due(ev, name):
    chooser = _side(ev.get("chooser"))
    return f"{_m(ev, name)} must lose one bonus" + (f", {chooser}'s choice" if chooser else ""), "bad"


@_word("bonus_lost")                    # TRT-SAIKIKKU: the chosen bonus stops working
def _bonus_lost(ev, name):
    by = _side(ev.get("chosen_by"))
    s = f"{_m(ev, name)} loses its {_trait(ev.get('trait'), 'chosen')} bonus"
    return s + (f" (chosen by {by})" if by else ""), "bad"


@_word("bonus_restored")                # TRT-SAIKIKKU: the lost bonus is back after its next activation
def _bonus_restored(ev, name):
    return f"{_m(ev, name)}'s {_trait(ev.get('trait'), 'lost')} bonus works again", "good"


@_word("bonuses_suppressed")            # TRT-DESTABILISING-AMMO: bonuses off until its next activation
def _bonuses_suppressed(ev, name):
    s = f"{_m(ev, name)}'s bonuses stop working until its next activation"
    w = _traits(ev.get("weapon_traits"))
    return s + (f", its weapons' {w} too" if w else ""), "bad"


@_word("bonuses_restored")              # TRT-DESTABILISING-AMMO: the bonuses work again
def _bonuses_restored(ev, name):
    return f"{_m(ev, name)}'s bonuses work again", "good"


@_word("weapon_traits_restored")        # the weapons' bonuses switched off by a rule are back
def _weapon_traits_restored(ev, name):
    w = _traits(ev.get("traits"))
    return f"{_m(ev, name)}'s weapons " + (f"get back {w}" if w else "get their bonuses back"), "good"


@_word("trait_level")                   # a levelled trait (energy shields, TRT-LEATHERY-SHIELD) loses or gains a level
def _trait_level(ev, name):
    rule = ev.get("rule")
    t = trait_by_id().get(rule) if isinstance(rule, str) else None
    shield = t is not None and t.per_level and "SHIELD" in rule and rule != "TRT-SHIELD-NULLIFIER"
    what = t.name_en if shield else "energy shield"          # a darkness field or a nullifier takes shield levels
    src = _text(ev.get("source"))
    s = f"{_m(ev, name)}'s {what}" + (f" (on its {src})" if src and src != "race" else "")
    s += f" is now at level {ev.get('level')}" if _id(ev.get("level")) else " changes level"
    reason = _text(ev.get("reason"))
    return s + (f": {reason}" if reason else ""), "good" if reason == "level recovered" else "bad"


@_word("trait_primed")                  # TRT-WRATH / TRT-THIRST-FOR-BLOOD / TRT-CRY-OF-BLOOD: a trait marked for later
def _trait_primed(ev, name):
    until = _text(ev.get("until"))
    if ev.get("rule") == "TRT-WRATH":
        return f"{_m(ev, name)} is enraged: CH +1 and DMG +1 in melee in its next activation", "normal"
    s = f"{_m(ev, name)}'s {_trait(ev.get('rule'))} is primed"
    return s + (f" for its {until}" if until else ""), "dim"


@_word("doom_pending")                  # TRT-DOOMED: an activation started with wounds: its doom falls at its end
def _doom_pending(ev, name):
    n = ev.get("wounds")
    s = f"{_m(ev, name)} starts its activation" + (f" with {_plural(n, 'wound')}" if _id(n) else " wounded")
    return s + ": unless it passes one on, its doom falls when the activation ends", "bad"


@_word("doomed")                        # TRT-DOOMED: its attributes one level down for good
def _doomed(ev, name):
    attrs = [f"{a} {ev.get(a)}" for a in ("CON", "AGI", "INT", "VOL") if _id(ev.get(a))]
    return f"{_m(ev, name)}'s doom falls" + (f": {', '.join(attrs)} for good" if attrs else ""), "bad"


@_word("wound_passed")                  # TRT-HAND-OF-DEATH: a wound passed from one character to another
def _wound_passed(ev, name):
    src, tgt = _m(ev, name, "source", ""), _m(ev, name, "target", "")
    s = f"{_m(ev, name)}'s hand of death passes a wound"
    s += f" from {'itself' if ev.get('source') == ev.get('who') else src}" if src else ""
    s += f" to {tgt}" if tgt else ""
    return s, "normal"


@_word("power")                         # TRT-POWERFUL: Power gained with wounds, spent for DMG +1
def _power(ev, name):
    b, a = ev.get("before"), ev.get("after")
    s = f"{_m(ev, name)}'s Power " + (f"{b} → {a}" if _id(b) and _id(a) else "changes")
    why = _text(ev.get("why"))
    if why == "DMG +1":
        why = "spent for DMG +1"
    return s + (f" ({why})" if why else ""), "dim"


@_word("mana")                          # TRT-MANA: the pool refilled at the start of the turn
def _mana(ev, name):
    v = ev.get("value")
    return f"{_m(ev, name)}'s mana pool holds {v if _id(v) else 'its'} ENE this turn", "dim"


@_word("mana_spent")                    # TRT-MANA: a metahability's ENE paid from the pool
def _mana_spent(ev, name):
    paid = ev.get("paid")
    s = f"{_m(ev, name)} pays {paid if _id(paid) else 'its'} ENE from its mana"
    if _text(ev.get("action")):
        s += f" for {_action(ev.get('action'))}"
    return s + (f" ({ev.get('left')} left)" if _id(ev.get("left")) else ""), "dim"


@_word("heal_denied")                   # TRT-NO-CURE: no wounds recovered
def _heal_denied(ev, name):
    return f"{_m(ev, name)} cannot be healed ({_trait(ev.get('rule'), 'its trait')})", "bad"


@_word("panic_ignored")                 # TRT-FANATIC and kin: immune to panic
def _panic_ignored(ev, name):
    s = f"{_m(ev, name)} does not panic ({_trait(ev.get('rule'), 'its trait')})"
    return s + (", but it gains a malus" if ev.get("malus_due") else ""), "good"


@_word("panic_end")                     # TRT-MAGIC-CALM: out of panic (and frenzy)
def _panic_end(ev, name):
    return f"{_m(ev, name)} is calmed: it no longer panics", "good"


@_word("challenged")                    # TRT-CHALLENGER: the enemy must come and fight the challenger
def _challenged(ev, name):
    return (f"{_m(ev, name)} challenges {_m(ev, name, 'target', 'an enemy')}: it must attack the challenger in "
            "melee in its next activation"), "normal"


@_word("target_marked")                 # GNA-11 (a mark for Poseer) / TRT-TARGET-DESIGNATOR (CH IMP +1)
def _target_marked(ev, name):
    marker = _m(ev, name, "marker")
    if ev.get("rule") == "TRT-TARGET-DESIGNATOR":
        return (f"{marker} designates {_m(ev, name, 'target', 'a target')}: CH IMP +1 on its own attacks at it",
                "normal")
    return f"{marker} marks {_equipment(ev, name)}", "normal"


@_word("mark_failed")                   # GNA-11: the marking check failed
def _mark_failed(ev, name):
    return f"{_m(ev, name)} fails to mark {_equipment(ev, name)}", "bad"


@_word("marks_lost")                    # TRT-DARKNESS-FIELD: marks on a mini (or equipment) in the field are lost
def _marks_lost(ev, name):
    by = _names(name, ev.get("markers"), "")
    whose = f"{by}'s " if by else "the "
    if ev.get("equipment"):
        return f"In the darkness field {whose}marks on possessed equipment are lost", "dim"
    return f"In the darkness field {whose}marks on {_m(ev, name, 'target')} are lost", "dim"


@_word("resurrection_roll")             # TRT-RESURRECTION: on a 1 it comes back to life
def _resurrection_roll(ev, name):
    die = ev.get("die")
    s = f"{_m(ev, name)}'s resurrection roll" + (f": {die}" if _id(die) else "")
    return s + (", it comes back to life" if ev.get("revived") else ", it stays dead"), "dice"


_PHOENIX = {"back": "it rises again", "waits": "it waits for the next turn", "casualty": "it is gone for good"}


@_word("phoenix_roll")                  # TRT-PHOENIX: 1-5 back, 6-9 waits, 10 a casualty
def _phoenix_roll(ev, name):
    die = ev.get("die")
    s = f"{_m(ev, name)}'s phoenix roll" + (f": {die}" if _id(die) else "")
    out = _PHOENIX.get(ev.get("outcome")) if isinstance(ev.get("outcome"), str) else None
    return s + (f", {out}" if out else ""), "dice"


# --- orders (TRT-ORDERS) --------------------------------------------------------------------------------------------
@_word("orders_given")                  # TRT-ORDERS: 3 ENE to an ally, which acts at once
def _orders_given(ev, name):
    return f"{_m(ev, name)} gives orders to {_m(ev, name, 'ally', 'an ally')} (+3 ENE)", "normal"


@_word("ordered_acting")                # TRT-ORDERS: the ally acts on the orders
def _ordered_acting(ev, name):
    giver = _m(ev, name, "giver", "")
    s = f"{_m(ev, name)} acts on {_owned(giver, 'its', '')} orders"
    return s + (f" ({ev.get('energy')} ENE)" if _id(ev.get("energy")) else ""), "head"


@_word("ordered_acting_end")            # TRT-ORDERS: the ally is done: the giver carries on
def _ordered_acting_end(ev, name):
    giver = _m(ev, name, "giver", "")
    s = f"{_m(ev, name)} has carried out {_owned(giver, 'its', '')} orders"
    return s + (f" ({ev.get('energy')} ENE left)" if _id(ev.get("energy")) else ""), "dim"


@_word("orders_lapsed")                 # TRT-ORDERS: the ally can no longer act on them
def _orders_lapsed(ev, name):
    return f"{_m(ev, name)}'s orders to {_m(ev, name, 'ally', 'its ally')} lapse", "dim"


# --- metahabilities (MET-*, CBA-18, CBA-20, CBA-21) ----------------------------------------------------------------
def _meta(ev: Mapping, default: str = "metahability") -> str:
    return _text(ev.get("meta")) or default


@_word("metahability_effect")           # MET-3 (on itself) / MET-4 (an ally) / MET-5 (an enemy): the effect applies
def _metahability_effect(ev, name):
    who, caster = _m(ev, name), _m(ev, name, "caster", "")
    on = "itself" if ev.get("who") == ev.get("caster") else who
    s = f"{_owned(caster, 'The ')}{_meta(ev)} takes effect on {on}"
    parts = []
    g = _traits(ev.get("grants"))
    if g:
        parts.append(g)
    n = _traits(ev.get("negates"))
    if n:
        parts.append(f"no {n}")
    if _id(ev.get("cancels")):
        parts.append("another effect on it suspended")
    if parts:
        s += ": " + ", ".join(parts)
    if ev.get("ends") == "start":
        s += ", until the caster's next activation starts"
    elif ev.get("ends") == "end":
        s += ", until the end of its next activation"
    return s, "normal"


@_word("metahability_effect_ended")     # MET-3..MET-5 (TRT-MAGIC-SLEEP: woken): the effect ends
def _metahability_effect_ended(ev, name):
    caster = _m(ev, name, "caster", "")
    s = f"{_owned(caster, 'The ')}{_meta(ev)} on {_m(ev, name)} ends"
    why = _text(ev.get("why"))
    if why == "hit":
        why = "it was hit"
    return s + (f": {why}" if why else ""), "dim"


@_word("metahability_failed")           # MET-2: the kind check (or its use traits) failed; TRT-RESONATOR resisted
def _metahability_failed(ev, name):
    who = _m(ev, name)
    reason = _text(ev.get("reason"))
    if reason == "the resonator resisted" and _id(ev.get("target")):
        return f"{who}'s cast fails: the resonator {name(ev.get('target'))} resists it", "bad"
    if reason:
        return f"{who}'s cast fails: {reason}", "bad"
    s = f"{who}'s {_meta(ev)} fails"
    if _text(ev.get("object")):
        return s + f": {_thing(ev.get('object'))} does not move", "bad"
    if _id(ev.get("target")):
        s += " on itself" if ev.get("target") == ev.get("who") else f" on {name(ev.get('target'))}"
    return s, "bad"


@_word("metahability_fumbled")          # MET-7: a fumbled check: no effect, a CH PSI
def _metahability_fumbled(ev, name):
    return f"{_m(ev, name)} fumbles its metahability: no effect, and it must make a CH PSI", "bad"


@_word("fumble_danger_ignored")         # TRT-PROTECTION-RUNES: no dangers of a fumbled metahability
def _fumble_danger_ignored(ev, name):
    return f"{_m(ev, name)} is spared the fumble's dangers ({_trait(ev.get('rule'), 'its protection')})", "good"


@_word("metahability_resisted")         # MET-5: the enemy won the CH VOL ENF
def _metahability_resisted(ev, name):
    return f"{_m(ev, name, 'target', 'The target')} resists {_m(ev, name)}'s {_meta(ev)}", "bad"


@_word("metahability_maintained")       # MET-6: the ENE paid again keeps the effect
def _metahability_maintained(ev, name):
    s = f"{_m(ev, name)} maintains its {_meta(ev)}"
    if _id(ev.get("target")):
        s += " on itself" if ev.get("target") == ev.get("who") else f" on {name(ev.get('target'))}"
    return s, "normal"


@_word("damage_ignored")                # TRT-BODY-OF-LIGHT: immune to the harm of its own invocations
def _damage_ignored(ev, name):
    n = ev.get("wounds")
    s = f"{_m(ev, name)} takes no harm from its own {_meta(ev)}"
    return s + (f" ({_plural(n, 'wound')} ignored)" if _id(n) else ""), "good"


@_word("void_runes")                    # TRT-VOID-RUNES: 1D10 ≤ 5 and the metahability has no effect on it
def _void_runes(ev, name):
    caster = _m(ev, name, "caster", "")
    s = f"{_m(ev, name)}'s void runes against {_owned(caster, 'the ')}{_meta(ev)}"
    if _id(ev.get("die")):
        s += f": rolled {ev.get('die')}"
    s += ", it has no effect" if ev.get("cancelled") else ", it works"
    if _id(ev.get("fortune")):
        s += f" (Fortune cancelled a {ev.get('fortune')})"
    return s, "dice"


@_word("resonator")                     # TRT-RESONATOR: an invocation cast from a resonator
def _resonator(ev, name):
    return f"{_m(ev, name, 'caster')} casts through the resonator {_m(ev, name)}", "normal"


@_word("counter_magic")                 # CBA-20: Contramagia declared against a caster
def _counter_magic(ev, name):
    return f"{_m(ev, name)} declares counter-magic against {_m(ev, name, 'against', 'the caster')}", "normal"


@_word("hexed")                         # TRT-HEX: the named malus on the target until its next activation ends
def _hexed(ev, name):
    by = _m(ev, name, "by", "")
    src = _text(ev.get("weapon")) or _text(ev.get("item"))
    who = f"{by}'s {src}" if by and src else by or (f"The {src}" if src else "A hex")
    malus = _trait(ev.get("malus"), "")
    s = f"{who} hexes {_m(ev, name)}"
    return s + (f": {malus} until the end of its next activation" if malus else ""), "bad"


@_word("corrupted")                     # CBA-18: Corromper / Hackear: stress on the target (or its equipment)
def _corrupted(ev, name):
    target = _equipment(ev, name)
    if ev.get("hit") is False:
        return f"{_m(ev, name)} fails to corrupt {target}", "bad"
    st = ev.get("stress")
    s = f"{_m(ev, name)} corrupts {target}"
    if _id(st):
        s += f": {_plural(st, 'stress level')}" if st else ", but it takes no stress"
    return s, "normal"


@_word("equipment_stress")              # MET-8: stress on a transport or object, counted against its QUA
def _equipment_stress(ev, name):
    what = "transport" if ev.get("aim") == "transport" else "object"
    b, a = ev.get("before"), ev.get("after")
    s = f"{_m(ev, name)}'s {what} takes stress"
    if _id(b) and _id(a):
        s = f"{_m(ev, name)}'s {what} takes {_plural(a - b, 'stress level')} ({b} → {a}"
        s += f", QUA {ev.get('QUA')})" if _id(ev.get("QUA")) else ")"
    return s, "bad"


@_word("possession_failed")             # CBA-21: Poseer's check failed
def _possession_failed(ev, name):
    return f"{_m(ev, name)} fails to possess {_equipment(ev, name)}", "bad"


@_word("possession_kept")               # MET-6: the possession kept with no check
def _possession_kept(ev, name):
    return f"{_m(ev, name)} keeps its hold on {_equipment(ev, name)}", "normal"


@_word("possessed_commanded")           # CBA-21: the possessor has the possessed act in its activation
def _possessed_commanded(ev, name):
    return f"{_m(ev, name)} commands {_m(ev, name, 'target', 'the possessed')}, whom it possesses", "normal"


@_word("possessed_acting")              # CBA-21: the possessed acts with its possessor's ENE
def _possessed_acting(ev, name):
    s = f"{_m(ev, name)} acts for {_m(ev, name, 'possessor', 'its possessor')}"
    return s + (f" with {ev.get('energy')} ENE" if _id(ev.get("energy")) else ""), "head"


@_word("possessed_acting_end")          # CBA-21: the possessed is done; the ENE left goes back to the possessor
def _possessed_acting_end(ev, name):
    s = f"{_m(ev, name)} stops acting for {_m(ev, name, 'possessor', 'its possessor')}"
    return s + (f" ({ev.get('energy')} ENE back to it)" if _id(ev.get("energy")) else ""), "dim"


@_word("possessed_acting_lapsed")       # CBA-21: the command lapses (the possessed is out or no longer possessed)
def _possessed_acting_lapsed(ev, name):
    return f"{_m(ev, name)}'s command of {_m(ev, name, 'target', 'the possessed')} lapses", "dim"


@_word("activation_passed")             # CBA-21 ruling (2): a possessed character's activation passes
def _activation_passed(ev, name):
    s = f"{_m(ev, name)}'s activation passes"
    if _id(ev.get("possessor")):
        s += f": it is possessed by {name(ev.get('possessor'))}"
    return s + "; the possession ends", "normal"


@_word("stood_up")                      # PSI-17: an unconscious character possessed stands up
def _stood_up(ev, name):
    by = f" under {name(ev.get('by'))}'s possession" if _id(ev.get("by")) else ""
    return f"{_m(ev, name)} stands up{by}", "normal"


@_word("fell_unconscious")              # PSI-17: the possession over, an unconscious character falls again
def _fell_unconscious(ev, name):
    st = ev.get("stress")
    return f"Released, {_m(ev, name)} falls unconscious again" + (f" (stress {st})" if _id(st) else ""), "bad"


@_word("flee_impossible")               # PSI-12: a panicking character that cannot flee ends its activation
def _flee_impossible(ev, name):
    reason = _text(ev.get("reason"))
    s = f"{_m(ev, name)} panics but cannot flee" + (f": {reason}" if reason else "")
    return s + ("; its activation ends" if reason else ": its activation ends"), "bad"
