"""Stims: objects taken before a fight (GNA-16 Usar, BLD-17: what an object does comes from its traits). The user
(or the character it is used on, within the object's RNG) takes it; what it leaves is a `Stims` state on that
character, read by the state hook points every rule asks (``status_check_mod``, ``reaction_denied``,
``ene_gain_denied``, ``status_activation_end``, ``withdrawal``).

Timing: "this activation" is the taker's activation in the turn of the use (the use is made in its own activation:
GNA-16); "its next activation" is its activation in the next turn (one activation per turn, SEQ-5).

* Drogas de combate (TRT-COMBAT-DRUGS, requires Droga): +5 ENE at once (ENE-1: capped at 10). Ruling: in its next
  activation it gains no ENE at the start (ENE-3), and from the use until that activation ends it cannot react;
  two combat drugs taken in the same turn: 5 wounds at the end of that activation (no CH DEF, no CH PSI).
* Cóctel de vitaminas (TRT-VITAMIN-COCKTAIL): each use raises one chosen attribute (CON, AGI, INT or VOL) by one
  level for the rest of the activation; in its next activation every attribute is one level lower per cocktail
  taken. A level is one point of the attribute itself (hook ``status_attributes``): its checks and the values derived
  from it (ENE gain, melee DMG with CON, field of view) follow.
* Droga (TRT-DRUG): each use is a 1D100 roll, ≤ 30: the taker becomes addicted to that object (by its archetype).
  Ruling (engine): an addict that did not use it in the previous turn suffers at the start of its activation: 1
  stress, a CH PSI, CH ATR −1 for the rest of that activation, and a 1D100 ≤ 10 roll for 'yonki' (a campaign
  status: logged, no effect in a match)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from wartime.rules.checks import Modifier, percent
from wartime.rules.traits.registry import ObjectEffect, StartPsi, register

#: TRT-COMBAT-DRUGS: ENE gained per use; wounds for two in one turn.
DRUG_ENE, OVERDOSE_WOUNDS = 5, 5
#: TRT-DRUG: the chance (%) of an addiction per use; of becoming a 'yonki' in a withdrawal.
ADDICTION, YONKI = 30, 10
#: TRT-VITAMIN-COCKTAIL: the attributes a cocktail may raise (the four of CHR-3 that checks are made with).
COCKTAIL_CHOICES = ("CON", "AGI", "INT", "VOL")


@dataclass(frozen=True, slots=True)
class Stims:
    """What the stims a character took leave on it: `taken` (trait ID, turn, detail: the attribute of a cocktail),
    the object keys it is `addicted` to (TRT-DRUG) with the last turn it used each (`used`), the turn of its last
    withdrawal and of its last overdose (TRT-COMBAT-DRUGS)."""
    taken: tuple[tuple[str, int, str], ...] = ()
    addicted: tuple[str, ...] = ()
    used: tuple[tuple[str, int], ...] = ()
    withdrawal: int = -1
    overdose: int = -1


def _turn(gs) -> int:
    return gs.world.resources["flow"].turn


def stims_of(gs, e: int) -> Stims | None:
    return gs.world.try_get(e, Stims)


def took_this_turn(gs, e: int) -> bool:
    """Whether `e` took any stim in this turn (controllers take at most one: TRT-COMBAT-DRUGS' overdose)."""
    s = stims_of(gs, e)
    return s is not None and any(n == _turn(gs) for _, n, _ in s.taken)


def _taken(s: Stims, trait_id: str, turn: int) -> list[str]:
    return [d for t, n, d in s.taken if t == trait_id and n == turn]


def _record(gs, e: int, trait_id: str, detail: str = "") -> Stims:
    """Add one stim taken now to `e`'s state (entries older than the previous turn dropped: nothing reads them)."""
    turn = _turn(gs)
    s = stims_of(gs, e) or Stims()
    s = replace(s, taken=tuple(x for x in s.taken if x[1] >= turn - 1) + ((trait_id, turn, detail),))
    gs.world.set(e, s)
    return s


def _in_activation(gs, e: int, turn: int) -> bool:
    """`e` is in (or before the end of) its activation of turn `turn`."""
    return _turn(gs) == turn and not gs.activation(e).acted


# --- Drogas de combate ---------------------------------------------------------------------------------------
def drug_ene(gs, e: int, gear, target: int, choice=None) -> ObjectEffect:
    """TRT-COMBAT-DRUGS: the taker gains 5 ENE (capped at 10 by the Use action); the drug is recorded for its next
    activation (no ENE gain, no reactions) and for an overdose (two in one turn)."""
    _record(gs, target, "TRT-COMBAT-DRUGS")
    gs.world.emit("stim_taken", "TRT-COMBAT-DRUGS", who=target, item=gear.name, turn=_turn(gs))
    return ObjectEffect("TRT-COMBAT-DRUGS", ene=DRUG_ENE)


def drug_crash(gs, e: int) -> bool:
    """TRT-COMBAT-DRUGS: at the start of the activation after the one it took combat drugs in, no ENE gain."""
    s = stims_of(gs, e)
    return s is not None and bool(_taken(s, "TRT-COMBAT-DRUGS", _turn(gs) - 1)) and not gs.activation(e).started


def drug_no_reaction(gs, e: int) -> bool:
    """TRT-COMBAT-DRUGS: from the use until the end of its next activation the taker cannot react."""
    s = stims_of(gs, e)
    if s is None:
        return False
    turn = _turn(gs)
    return bool(_taken(s, "TRT-COMBAT-DRUGS", turn)) or (
        bool(_taken(s, "TRT-COMBAT-DRUGS", turn - 1)) and not gs.activation(e).acted)


def drug_overdose(gs, e: int) -> int:
    """TRT-COMBAT-DRUGS: two (or more) combat drugs taken in the same turn: 5 wounds at the end of that activation
    (once; no CH DEF, no CH PSI)."""
    s = stims_of(gs, e)
    turn = _turn(gs)
    if s is None or s.overdose == turn or len(_taken(s, "TRT-COMBAT-DRUGS", turn)) < 2:
        return 0
    gs.world.set(e, replace(s, overdose=turn))
    return OVERDOSE_WOUNDS


register("TRT-COMBAT-DRUGS", "Drogas de combate",
         {"use_ene": drug_ene, "ene_gain_denied": drug_crash, "reaction_denied": drug_no_reaction,
          "status_activation_end": drug_overdose}, kinds=("object",), requires=("TRT-DRUG",))


# --- Cóctel de vitaminas ---------------------------------------------------------------------------------------
def cocktail_choices(gear) -> tuple[str, ...]:
    """TRT-VITAMIN-COCKTAIL: a use chooses the attribute it raises."""
    return COCKTAIL_CHOICES


def cocktail(gs, e: int, gear, target: int, choice=None) -> ObjectEffect:
    """TRT-VITAMIN-COCKTAIL: the chosen attribute one level up for the rest of the activation (recorded)."""
    _record(gs, target, "TRT-VITAMIN-COCKTAIL", choice or "")
    gs.world.emit("stim_taken", "TRT-VITAMIN-COCKTAIL", who=target, item=gear.name, attribute=choice, turn=_turn(gs))
    return ObjectEffect("TRT-VITAMIN-COCKTAIL")


def cocktail_attributes(gs, e: int, raw):
    """TRT-VITAMIN-COCKTAIL: +1 level per cocktail on the chosen attribute for the rest of the activation it was
    taken in; −1 level per cocktail on every attribute in the taker's next activation (from its start: its ENE gain,
    ENE-3, already counts it), never below 1. The attribute itself changes, so every check made with it (CHK-1) and
    every value derived from it (the ENE gain's CON + AGI, melee DMG with CON, the field of view's VOL × 5 K, the
    wound thresholds of WND-2 / WND-3 for the wounds taken meanwhile) follow."""
    s = stims_of(gs, e)
    if s is None:
        return raw
    turn = _turn(gs)
    if not _in_activation(gs, e, turn):
        return raw
    up = _taken(s, "TRT-VITAMIN-COCKTAIL", turn)
    starting = gs.activation(e).started or gs.world.resources["flow"].active == e
    down = len(_taken(s, "TRT-VITAMIN-COCKTAIL", turn - 1)) if starting else 0
    if not up and not down:
        return raw
    return replace(raw, **{a: max(1, getattr(raw, a) + up.count(a) - down) for a in COCKTAIL_CHOICES})


register("TRT-VITAMIN-COCKTAIL", "Cóctel de vitaminas",
         {"use_boost": cocktail, "boost_choice": cocktail_choices, "status_attributes": cocktail_attributes},
         kinds=("object",))


# --- Droga ------------------------------------------------------------------------------------------------------
def addiction(gs, e: int, gear, target: int) -> None:
    """TRT-DRUG: each use, 1D100 ≤ 30: the taker becomes addicted to the object (by its archetype); the use is
    recorded either way (an addict must use it every turn)."""
    turn = _turn(gs)
    s = stims_of(gs, target) or Stims()
    addicted = s.addicted
    if gear.key not in addicted and percent(gs.world, ADDICTION, "TRT-DRUG", f"addiction to {gear.name}",
                                                    who=target):
        addicted = addicted + (gear.key,)
        gs.world.emit("addicted", "TRT-DRUG", who=target, item=gear.name)
    used = tuple(x for x in s.used if x[0] != gear.key) + ((gear.key, turn),)
    gs.world.set(target, replace(s, addicted=addicted, used=used))


def withdrawal(gs, e: int) -> StartPsi | None:
    """TRT-DRUG: an addict that did not use its drug in the previous turn suffers when its activation starts: 1
    stress and a CH PSI (the engine makes them), CH ATR −1 for the rest of the activation, and 1D100 ≤ 10: 'yonki'
    (logged; a campaign status with no effect in a match; a roll of the addict's own: TRT-FORTUNE may cancel it when
    it happens, rules.checks.percent's `who`)."""
    s = stims_of(gs, e)
    turn = _turn(gs)
    if s is None or not s.addicted or s.withdrawal == turn:
        return None
    last = dict(s.used)
    missed = [k for k in s.addicted if last.get(k, -1) < turn - 1]
    if not missed:
        return None
    gs.world.set(e, replace(s, withdrawal=turn))
    gs.world.emit("withdrawal", "TRT-DRUG", who=e, items=missed)
    if percent(gs.world, YONKI, "TRT-DRUG", "yonki", who=e):
        gs.world.emit("yonki", "TRT-DRUG", who=e, note="a campaign status: no effect in a match")
    return StartPsi("TRT-DRUG", "withdrawal", None, None, stress=1)


def withdrawal_mod(gs, e: int, attribute: str, kind: str) -> Modifier | None:
    """TRT-DRUG: CH ATR −1 for the rest of an activation that began with a withdrawal."""
    s = stims_of(gs, e)
    if s is None or s.withdrawal != _turn(gs) or gs.activation(e).acted:
        return None
    return Modifier("TRT-DRUG", -1, "withdrawal")


register("TRT-DRUG", "Droga", {"use_addiction": addiction, "withdrawal": withdrawal,
                               "status_check_mod": withdrawal_mod}, kinds=("object",))
