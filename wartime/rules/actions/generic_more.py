"""More generic actions: Buscar, Comerciar, Desatarse, Eliminar, Esconderse, Percibir, Saquear, Soltar (GNA-2, GNA-3,
GNA-6, GNA-7, GNA-9, GNA-12, GNA-14, GNA-15), the free discovery roll against a hidden enemy (GNA-9 ruling 2) and
Marcar un objetivo (GNA-11: a possessor marks the character it possesses, rules/possession.py).

Items are named by reference strings (rules/items.py): ``weapon:<i>``, ``protection:<i>``, ``item:<entity>``.
Searchable elements (GNA-2) are scenario elements (``[[element]]``, docs/data-formats.md) named by their id."""
from __future__ import annotations

import math
from dataclasses import replace

from wartime.core.components import Disposed, Hidden, Item, Life, Looted, Searchable, Tied, UsableElement
from wartime.core.errors import RuleViolation
from wartime.geometry.measure import ENGAGED_GAP
from wartime.rules import hiding, items, metahabilities, objects, placed, possessed_gear, possession, traits
from wartime.rules.actions.base import Action, any_of, need, need_target, register
from wartime.rules.actions.metahability import ungated_candidate, POSSESSOR_ATTRIBUTE
from wartime.rules.actions.params import Candidate, Param
from wartime.rules.checks import Modifier
from wartime.rules.modifiers import roll_character_check
from wartime.rules.psychology import psi_check
from wartime.rules.state import GameState
from wartime.rules.traits.devices import marked_by
from wartime.rules.wounds import apply_wounds


# --- helpers -------------------------------------------------------------------------------------------------------
def element_in_contact(gs: GameState, e: int, el: Searchable) -> bool:
    """GNA-2: the base touches the element's disc (edge gap ≤ 0.05 K, CMB-11's contact), at level 1."""
    p = gs.pos(e)
    gap = math.hypot(p.x - el.x, p.y - el.y) - gs.body(e).radius - el.radius
    return p.level == 1 and gap <= ENGAGED_GAP + 1e-9


def elements(gs: GameState) -> list[int]:
    """The searchable elements' entities, in id order (an element used with Usar, GNA-16, is not searched)."""
    used = gs.world.tables.get(UsableElement)
    return [el for el in gs.world.query(Searchable) if not used or el not in used]


def corpses_in_contact(gs: GameState, e: int) -> list[int]:
    """GNA-7 / GNA-14: dead miniatures (WND-3) in base contact with `e` whose corpse was not destroyed (GNA-7)."""
    out = []
    for o in gs.minis():
        if o != e and gs.world.get(o, Life).state == "dead" and gs.world.try_get(o, Disposed) is None \
                and gs.in_contact(e, o):
            out.append(o)
    return out


def _corpse_left(gs: GameState) -> bool:
    """GNA-7 / GNA-14 (issue 20, a world gate): whether any dead miniature's corpse was not destroyed."""
    disposed = gs.world.tables.get(Disposed) or {}
    return any(life.state == "dead" and e not in disposed for e, life in gs.world.tables.get(Life, {}).items())


def need_corpse(gs: GameState, actor: int, params: dict, rule: str) -> int:
    t = need(params, "target", rule, int)
    if t not in gs.minis():
        raise RuleViolation(rule, f"no miniature with id {t}")
    if gs.world.get(t, Life).state != "dead":
        what = "looted" if rule == "GNA-14" else "disposed of"
        raise RuleViolation(rule, f"{gs.name(t)} is not dead: only a corpse can be {what}")
    if gs.world.try_get(t, Disposed) is not None:
        raise RuleViolation("GNA-7", f"{gs.name(t)}'s corpse was destroyed: nothing can loot, use or resurrect it")
    if not gs.in_contact(actor, t):
        raise RuleViolation(rule, f"{gs.name(t)}'s corpse is not in base contact with {gs.name(actor)}")
    return t


# --- GNA-2 -----------------------------------------------------------------------------------------------------------
@register
class Search(Action):
    """GNA-2: Buscar (1, INT): a searchable scenario element in base contact; a pass finds what it holds (the searcher
    takes its items); a fail finds nothing (it may search again)."""
    key = "search"
    world_reads = (Searchable, UsableElement,)

    def world_gate(self, gs):
        """GNA-2: no searchable element left on the table, nobody searches (issue 20)."""
        return bool(elements(gs))

    rule = "GNA-2"
    category = "generic"
    has_check = True

    params = (Param("element", "choice", "GNA-2: the id of a searchable scenario element in base contact"),)

    def candidates(self, gs, actor, space):
        for el_e in elements(gs):
            el = gs.world.get(el_e, Searchable)
            if not el.searched and element_in_contact(gs, actor, el):
                yield Candidate(self.key, lambda i=el.id: {"element": i}, label=el.name)

    def available(self, gs, actor):
        if not any(element_in_contact(gs, actor, gs.world.get(el, Searchable)) for el in elements(gs)):
            raise RuleViolation("GNA-2", f"no searchable element is in base contact with {gs.name(actor)}")

    def validate(self, gs, actor, params):
        wanted = need(params, "element", self.rule, str)
        for el_e in elements(gs):
            el = gs.world.get(el_e, Searchable)
            if el.id != wanted:
                continue
            if el.searched:
                raise RuleViolation("GNA-2", f"{el.name} was already searched: its contents were found")
            if not element_in_contact(gs, actor, el):
                raise RuleViolation("GNA-2", f"{el.name} is not in base contact with {gs.name(actor)}")
            return el_e
        raise RuleViolation("GNA-2", f"no searchable element {wanted!r} on the table")

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, el_e):
        el = gs.world.get(el_e, Searchable)
        r = roll_character_check(gs, ctx, ctx.actor, "ATR", "INT", "GNA-2", "Buscar")
        if ctx.failed or not r.passed:
            gs.world.emit("searched", "GNA-2", who=ctx.actor, element=el.id, found=[])
            return
        found = [i for i in gs.world.query(Item) if gs.world.get(i, Item).inside == el_e]
        for i in found:
            gs.world.set(i, replace(gs.world.get(i, Item), inside=None, holder=ctx.actor))
        gs.world.set(el_e, replace(el, searched=True))
        gs.world.emit("searched", "GNA-2", who=ctx.actor, element=el.id,
                      found=[gs.world.get(i, Item).name for i in found], items=found)


# --- GNA-3 -----------------------------------------------------------------------------------------------------------
@register
class Trade(Action):
    """GNA-3: Comerciar (1): with a willing character (an ally) in base contact, give and/or receive one item that is
    held or easy to take (weapons, objects, SIZ 0 protections); the other character spends nothing."""
    key = "trade"
    rule = "GNA-3"
    category = "generic"

    params = (Param("target", "ally", "GNA-3: an ally in base contact"),
              Param("give", "choice", "GNA-3: one of the actor's items ('weapon:<i>', 'protection:<i>', 'item:<id>')",
                    optional=True),
              Param("receive", "choice", "GNA-3: one of the ally's items", optional=True))

    def candidates(self, gs, actor, space):
        for a in space.allies():
            if not gs.in_contact(actor, a):
                continue
            for ref in items.item_refs(gs, actor):
                if items.untradeable(gs, actor, ref) is None and items.unequippable(gs, actor, ref, a) is None:
                    yield Candidate(self.key, lambda a=a, ref=ref: {"target": a, "give": ref},
                                    label=f"give {items.item_name(gs, actor, ref)} to {gs.name(a)}")
            for ref in items.item_refs(gs, a):
                if items.untradeable(gs, a, ref) is not None or items.unequippable(gs, a, ref, actor) is not None:
                    continue
                yield Candidate(self.key, lambda a=a, ref=ref: {"target": a, "receive": ref},
                                label=f"take {items.item_name(gs, a, ref)} from {gs.name(a)}")

    def refusal(self, gs, actor):
        """GNA-3: `available` without raising (issue 20): its usual refusal tested first."""
        return "GNA-3" if not any(gs.in_contact(actor, a) for a in gs.allies(actor)) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not any(gs.in_contact(actor, a) for a in gs.allies(actor)):
            raise RuleViolation("GNA-3", f"no ally is in base contact with {gs.name(actor)}")

    def validate(self, gs, actor, params):
        t = need_target(gs, actor, params, self.rule, enemy=False)
        if gs.side(t) != gs.side(actor):
            raise RuleViolation("GNA-3", f"{gs.name(t)} is not willing: only an ally trades")
        if not gs.able(t):
            raise RuleViolation("GNA-3", f"{gs.name(t)} is out of action and cannot trade")
        if not gs.in_contact(actor, t):
            raise RuleViolation("GNA-3", f"{gs.name(t)} is not in base contact")
        give, receive = params.get("give"), params.get("receive")
        if give is None and receive is None:
            raise RuleViolation("GNA-3", "give and/or receive one item")
        for who, ref, to in ((actor, give, t), (t, receive, actor)):
            if ref is not None:
                items.parse_ref(gs, who, ref, self.rule)
                if (why := items.untradeable(gs, who, ref)) is not None:        # TRT-LABORIOUS
                    raise RuleViolation(why, f"{items.item_name(gs, who, ref)} cannot be traded")
                if (why := items.unequippable(gs, who, ref, to)) is not None:   # TRT-HUGE
                    raise RuleViolation(why, f"{gs.name(to)} cannot be equipped with {items.item_name(gs, who, ref)}")
        return (t, give, receive)

    def cost(self, gs, actor, params, prepared):
        return 1

    def resolve(self, gs, ctx, prepared):
        t, give, receive = prepared
        got = items.item_name(gs, t, receive) if receive is not None else None
        gave = items.transfer(gs, ctx.actor, [give], t)[0] if give is not None else None
        if receive is not None:
            items.transfer(gs, t, [receive], ctx.actor)
        gs.world.emit("traded", "GNA-3", who=ctx.actor, ally=t, gave=gave, received=got)


# --- GNA-6 -----------------------------------------------------------------------------------------------------------
@register
class Untie(Action):
    """GNA-6: Desatarse (4, CH AGI −1): a tied character frees itself on a pass; steel bonds need a natural 1 on two
    Desatarse rolls in a row (any other result restarts the count, even across activations); a fumble adds 1 wound
    with no CH DEF."""
    key = "untie"
    world_reads = (Tied,)

    def world_gate(self, gs):
        """GNA-6: nobody is tied (issue 20)."""
        return any_of(gs, Tied)

    rule = "GNA-6"
    category = "generic"
    has_check = True

    def available(self, gs, actor):
        if not hiding.tied(gs, actor):
            raise RuleViolation("GNA-6", f"{gs.name(actor)} is not tied")

    def validate(self, gs, actor, params):
        self.available(gs, actor)

    def cost(self, gs, actor, params, prepared):
        return 4

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        bonds = gs.world.get(e, Tied)
        r = roll_character_check(gs, ctx, e, "ATR", "AGI", "GNA-6", "Desatarse",
                                 extra=[Modifier("GNA-6", -1, "difficult (D)")])
        if bonds.steel:
            ones = bonds.ones + 1 if r.die == 1 else 0
            free = ones >= 2
            if not free:
                gs.world.set(e, replace(bonds, ones=ones))
        else:
            free = r.passed
        if free and not ctx.failed:
            gs.world.remove(e, Tied)
            gs.world.emit("untied", "GNA-6", who=e, steel=bonds.steel)
        else:
            gs.world.emit("still_tied", "GNA-6", who=e, steel=bonds.steel,
                          ones=gs.world.get(e, Tied).ones if hiding.tied(gs, e) else 0)
        if r.fumble:
            state = apply_wounds(gs, e, 1, source=None, rule="GNA-6")          # no CH DEF
            if state == "active" and not gs.unconscious(e):
                psi_check(gs, ctx, e, source=None, reason="wounded", rule="PSI-1")


# --- GNA-7 -----------------------------------------------------------------------------------------------------------
@register
class DisposeCorpse(Action):
    """GNA-7: Eliminar (2, CH AGI, CON or INT as the player chooses): destroy a corpse in base contact with something
    held (any weapon or object; not empty-handed); on a pass it is removed (nothing can loot, use or resurrect it)."""
    key = "dispose_corpse"
    world_reads = (Life, Disposed,)

    def world_gate(self, gs):
        """GNA-7: no corpse left on the table, nobody destroys one (issue 20)."""
        return _corpse_left(gs)

    rule = "GNA-7"
    category = "generic"
    has_check = True

    params = (Param("target", "character", "GNA-7: a corpse in base contact"),
              Param("attribute", "choice", "GNA-7: the attribute of the check", choices=("AGI", "CON", "INT")))

    def candidates(self, gs, actor, space):
        for c in corpses_in_contact(gs, actor):
            for a in ("AGI", "CON", "INT"):
                yield Candidate(self.key, lambda c=c, a=a: {"target": c, "attribute": a},
                                label=f"{gs.name(c)} (CH {a})")

    def refusal(self, gs, actor):
        """GNA-7: `available` without raising (issue 20): its usual refusal tested first."""
        return "GNA-7" if not items.holds_something(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not items.holds_something(gs, actor):
            raise RuleViolation("GNA-7", f"{gs.name(actor)} is empty-handed: it needs a weapon or object to destroy "
                                "a corpse with")
        if not corpses_in_contact(gs, actor):
            raise RuleViolation("GNA-7", f"no corpse is in base contact with {gs.name(actor)}")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        t = need_corpse(gs, actor, params, self.rule)
        attr = need(params, "attribute", self.rule, str)
        if attr not in ("AGI", "CON", "INT"):
            raise RuleViolation("GNA-7", f"the check is CH AGI, CON or INT, not {attr!r}")
        return (t, attr)

    def cost(self, gs, actor, params, prepared):
        return 2

    def resolve(self, gs, ctx, prepared):
        t, attr = prepared
        r = roll_character_check(gs, ctx, ctx.actor, "ATR", attr, "GNA-7", "Eliminar", against=t)
        if ctx.failed or not r.passed:
            gs.world.emit("corpse_remains", "GNA-7", who=ctx.actor, corpse=t)
            return
        gs.world.set(t, Disposed(ctx.actor))
        gs.world.emit("corpse_disposed", "GNA-7", who=ctx.actor, corpse=t)


# --- GNA-9 -----------------------------------------------------------------------------------------------------------
@register
class Hide(Action):
    """GNA-9: Esconderse (2): more than 50 % covered from every enemy with LOS to it; hidden until it takes any action
    or reaction or is discovered (rules/hiding.py)."""
    key = "hide"
    rule = "GNA-9"
    category = "generic"

    def available(self, gs, actor):
        if hiding.hidden(gs, actor):
            raise RuleViolation("GNA-9", f"{gs.name(actor)} is already hidden")

    def validate(self, gs, actor, params):
        self.available(gs, actor)
        why = hiding.hiding_problem(gs, actor)
        if why is not None:
            raise RuleViolation("GNA-9", why)

    def cost(self, gs, actor, params, prepared):
        return 2

    def resolve(self, gs, ctx, prepared):
        gs.world.set(ctx.actor, Hidden())
        gs.world.emit("state_changed", "GNA-9", who=ctx.actor, state="hidden", value=True)


@register
class Discover(Action):
    """GNA-9 ruling (2): the free CH INT ENF an enemy makes to discover a hidden character before acting on it (once
    per enemy per activation; with no roll if it sees it 50 % covered or less). Not an action: no ENE, no window."""
    key = "discover"
    world_reads = (Hidden,)

    def world_gate(self, gs):
        """GNA-9: nobody is hidden (issue 20)."""
        return any_of(gs, Hidden)

    rule = "GNA-9"
    category = "free"
    free = True

    params = (Param("target", "enemy", "GNA-9: a hidden enemy"),)

    def candidates(self, gs, actor, space):
        for t in space.enemies():
            if hiding.hidden(gs, t):
                yield Candidate(self.key, lambda t=t: {"target": t}, label=gs.name(t))

    def refusal(self, gs, actor):
        """GNA-9: `available` without raising (issue 20): its usual refusal tested first."""
        return "GNA-9" if not any(hiding.hidden(gs, t) for t in gs.enemies(actor)) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not any(hiding.hidden(gs, t) for t in gs.enemies(actor)):
            raise RuleViolation("GNA-9", "no enemy is hidden")

    def validate(self, gs, actor, params):
        t = need(params, "target", self.rule, int)
        if t not in gs.minis() or not gs.able(t):
            raise RuleViolation("GNA-9", f"no able miniature with id {t}")
        why = hiding.discovery_problem(gs, actor, t)
        if why is not None:
            raise RuleViolation("GNA-9", why)
        return t

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, t):
        hiding.discover(gs, ctx.actor, t)


# --- GNA-11 ----------------------------------------------------------------------------------------------------------
@register
class MarkTarget(Action):
    """GNA-11: Marcar un objetivo (3, INT / VOL): a Neuromante (INT) or Titiritero (VOL) marks a character it
    possesses now, or equipment it possesses (`equipment`: its entity, rules/possessed_gear.py); a pass marks it
    (later Poseer waives its stress requirement); a fumble is a metahability fumble (rules/possession.py)."""
    key = "mark_target"
    rule = "GNA-11"
    category = "generic"
    has_check = True
    # not trait_gated: see metahability.ungated_candidate

    params = (Param("target", "character", "GNA-11: a character the actor possesses now", optional=True),
              POSSESSOR_ATTRIBUTE,
              Param("equipment", "choice", "GNA-11: the possessed equipment's entity instead of a character",
                    optional=True))

    def candidates(self, gs, actor, space):
        gear = [e for e, _ in possessed_gear.controlled_by(gs, actor) if actor not in possessed_gear.marked_by(gs, e)]
        if not possession.possessed_by(gs, actor) and not gear:
            yield ungated_candidate(self.key)
            return
        for t in possession.possessed_by(gs, actor):
            if actor not in marked_by(gs, t):
                yield Candidate(self.key, lambda t=t: {"target": t}, label=f"mark {gs.name(t)}")
        for e in gear:
            yield Candidate(self.key, lambda e=e: {"equipment": e}, label=f"mark possessed equipment {e}")

    def menu_gate(self, gs, actor):
        """ACT-5 (issue 20): `available` refuses a character that is neither a neuromancer nor a puppeteer, and
        only one whose traits unlock a school or that carries a binding may be one (``metahabilities.may_corrupt``)."""
        return metahabilities.may_corrupt(gs, actor)

    def available(self, gs, actor):
        possession.check_possessor(gs, actor, None)
        if not possession.possessed_by(gs, actor) and not possessed_gear.controlled_by(gs, actor):
            raise RuleViolation("GNA-11", f"{gs.name(actor)} possesses nobody to mark")

    def validate(self, gs, actor, params):
        if params.get("equipment") is not None:
            a = possession.check_possessor(gs, actor, params.get("attribute"))
            return possessed_gear.check_mark(gs, actor, params["equipment"]), a, True
        return possession.check_mark(gs, actor, need(params, "target", self.rule), params.get("attribute")) + (False,)

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        t, a, gear = prepared
        if gear:
            possessed_gear.mark(gs, ctx, ctx.actor, t, a)
        else:
            possession.mark(gs, ctx, ctx.actor, t, a)


# --- GNA-12 ----------------------------------------------------------------------------------------------------------
@register
class Perceive(Action):
    """GNA-12: Percibir (2, INT): all around (no FOV or LOS), enemies within INT K that the character cannot see (out of
    its FOV or LOS, or hidden): a pass places location markers (a hidden one is found: GNA-9 ends); a critical places
    their miniatures (hidden states end)."""
    key = "perceive"
    rule = "GNA-12"
    category = "generic"
    has_check = True

    def cost(self, gs, actor, params, prepared):
        return 2

    def resolve(self, gs, ctx, prepared):
        e = ctx.actor
        r = roll_character_check(gs, ctx, e, "ATR", "INT", "GNA-12", "Percibir")
        reach = float(gs.attrs(e).INT)
        unseen = [o for o in gs.enemies(e, able_only=False)
                  if gs.distance(e, o) <= reach + 1e-9 and
                  (hiding.hidden(gs, o) or not gs.in_fov(e, o) or not gs.sees(e, o))]
        if ctx.failed or not r.passed:
            gs.world.emit("perceived", "GNA-12", who=e, found=[], markers=[])
            return
        markers = [[o, round(gs.pos(o).x, 4), round(gs.pos(o).y, 4)] for o in unseen]
        for o in unseen:
            hiding.reveal(gs, o, "GNA-12", "perceived", by=e)
        gs.world.emit("perceived", "GNA-12", who=e, found=unseen, markers=markers,
                      placed="miniatures" if r.critical else "markers")


# --- GNA-14 ----------------------------------------------------------------------------------------------------------
@register
class Loot(Action):
    """GNA-14: Saquear (3): take items from a corpse in base contact (all of them unless `items` names some); CH AGI −1
    per item taken until the end of the turn, cumulative (rules/modifiers.py)."""
    key = "loot"
    world_reads = (Life, Disposed,)

    def world_gate(self, gs):
        """GNA-14: no corpse left on the table, nobody loots (issue 20)."""
        return _corpse_left(gs)

    rule = "GNA-14"
    category = "generic"

    params = (Param("target", "character", "GNA-14: a corpse in base contact"),
              Param("items", "choice", "GNA-14: the corpse's items to take (default: all that are easy to take)",
                    optional=True))

    def candidates(self, gs, actor, space):
        for c in corpses_in_contact(gs, actor):
            refs = items.item_refs(gs, c)
            if not refs:
                continue
            yield Candidate(self.key, lambda c=c: {"target": c}, label=f"everything from {gs.name(c)}")
            if len(refs) > 1:
                for ref in refs:
                    yield Candidate(self.key, lambda c=c, ref=ref: {"target": c, "items": [ref]},
                                    label=f"{items.item_name(gs, c, ref)} from {gs.name(c)}")

    def available(self, gs, actor):
        if not corpses_in_contact(gs, actor):
            raise RuleViolation("GNA-14", f"no corpse is in base contact with {gs.name(actor)}")

    def validate(self, gs, actor, params):
        t = need_corpse(gs, actor, params, self.rule)
        refs = params.get("items")
        if refs is None:
            refs = [r for r in items.item_refs(gs, t) if items.unequippable(gs, t, r, actor) is None]
        if not isinstance(refs, (list, tuple)) or len(set(map(str, refs))) != len(refs):
            raise RuleViolation("GNA-14", "items must be a list of distinct item references")
        for ref in refs:
            items.parse_ref(gs, t, ref, self.rule)
            if (why := items.unequippable(gs, t, ref, actor)) is not None:      # TRT-HUGE
                raise RuleViolation(why, f"{gs.name(actor)} cannot be equipped with {items.item_name(gs, t, ref)}")
        if not refs:
            raise RuleViolation("GNA-14", f"{gs.name(t)}'s corpse has nothing easy to take")
        return (t, list(refs))

    def cost(self, gs, actor, params, prepared):
        return 3

    def resolve(self, gs, ctx, prepared):
        t, refs = prepared
        names = items.transfer(gs, t, refs, ctx.actor)
        turn = gs.world.resources["flow"].turn
        had = gs.world.try_get(ctx.actor, Looted)
        before = had.count if had is not None and had.turn == turn else 0
        gs.world.set(ctx.actor, Looted(before + len(names), turn))
        gs.world.emit("looted", "GNA-14", who=ctx.actor, corpse=t, items=names, agi_malus=before + len(names))


# --- GNA-15 ----------------------------------------------------------------------------------------------------------
@register
class DropItem(Action):
    """GNA-15: Soltar (X): in its own activation a character drops a held item, which lies on the ground in base
    contact. X = 0 (the printed 0 overrides ENE-1's minimum), or the weapon's (or object's) ENE for a bomb or
    similar (ruling: a weapon or object that takes effect once placed, ``traits.placed_charge``:
    TRT-ACTIVATION-AREA, TRT-AUTONOMOUS-BOMB, TRT-REMOTE-CONTROL), which becomes a charge placed on the table,
    operative after this activation (rules/placed.py; an object goes off as a use on a mini).

    A placed object whose use chooses an option (GNA-16; ``traits.object_choices``: TRT-VITAMIN-COCKTAIL's
    attribute) takes the `choice` its dropper makes here, among the engine's options (one candidate each): the book
    has the bomb set up as it is laid (GNA-15: "X = the weapon's ENE", spent then) and nobody's hand uses it when it
    goes off, so the one who lays it is the one who can choose (project reading, closest to GNA-15 / GNA-16; kept on
    the charge, rules/placed.py ``ChargeChoice``, and in the decision, so replays re-simulate it). No option of an
    object the engine has depends on the mini that sets it off, so nothing is asked at trigger time. A use whose
    options are its user's own things (TRT-VENOM: "se puede verter sobre armas", the user's weapon it coats, and its
    use is on its user alone) has no user once placed (it is used by nobody on the mini that sets it off): such an
    object is not a bomb to lay, and Soltar refuses to place it (RuleViolation naming the trait)."""
    key = "drop_item"
    rule = "GNA-15"
    category = "generic"
    zero_cost = True

    params = (Param("item", "choice", "GNA-15: one of the actor's items ('weapon:<i>', 'protection:<i>', 'item:<id>')"),
              Param("choice", "choice", "GNA-15 / GNA-16: what the use of a placed object chooses when it goes off "
                    "(TRT-VITAMIN-COCKTAIL: the attribute it raises: CON, AGI, INT or VOL)", optional=True))

    def candidates(self, gs, actor, space):
        for ref in items.item_refs(gs, actor):
            name = items.item_name(gs, actor, ref)
            for c in placed_choices(gs, actor, ref) or (None,):
                more = {} if c is None else {"choice": c}
                yield Candidate(self.key, lambda ref=ref, more=more: {"item": ref, **more},
                                label=name if c is None else f"{name} ({c})")

    def offered_choices(self, gs, actor):
        """GNA-15: the options of the placed objects `actor` holds whose use chooses (the window's entries)."""
        out: list[str] = []
        for ref in items.item_refs(gs, actor):
            out += [c for c in placed_choices(gs, actor, ref) if c not in out]
        return {"choice": tuple(out)} if out else {}

    def refusal(self, gs, actor):
        """GNA-15: `available` without raising (issue 20): its usual refusal tested first."""
        return "GNA-15" if not items.item_refs(gs, actor) else super().refusal(gs, actor)

    def available(self, gs, actor):
        if not items.item_refs(gs, actor):
            raise RuleViolation("GNA-15", f"{gs.name(actor)} holds nothing to drop")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation("GNA-15", "Drop an item (Soltar) is taken in the own activation only, not as a reaction")
        ref = need(params, "item", self.rule, str)
        items.parse_ref(gs, actor, ref, self.rule)
        _bomb(gs, actor, ref)                           # an object placed whose use is its user's: refused
        options = placed_choices(gs, actor, ref)
        choice = params.get("choice")
        if options and choice not in options:
            raise RuleViolation("GNA-15", f"placing {items.item_name(gs, actor, ref)} chooses what its use takes: one "
                                f"of {', '.join(options)} (choice), got {choice!r}")
        if not options and choice is not None:
            raise RuleViolation("GNA-15", f"{items.item_name(gs, actor, ref)} has nothing to choose (no choice "
                                "parameter)")
        return ref, choice

    def cost(self, gs, actor, params, prepared):
        bomb = _bomb(gs, actor, prepared[0])
        return bomb.ENE if bomb is not None else 0

    def resolve(self, gs, ctx, prepared):
        ref, choice = prepared
        e = ctx.actor
        bomb = _bomb(gs, e, ref)
        p = gs.pos(e)
        # it lies in base contact, in front of the base
        r = gs.body(e).radius + 0.1
        at = (round(p.x + r * math.cos(math.radians(p.facing)), 4), round(p.y + r * math.sin(math.radians(p.facing)), 4))
        name = items.item_name(gs, e, ref)
        it = items.put_down(gs, e, ref, at)
        gs.world.emit("dropped", "GNA-15", who=e, item=name, entity=it, at=list(at))
        if bomb is not None:
            placed.place(gs, it, e, choice)             # GNA-15: a bomb lies placed, operative after this activation


def placed_choices(gs, e: int, ref) -> tuple[str, ...]:
    """GNA-15 / GNA-16: the options `e` chooses among when it drops `ref` as a placed object whose use chooses
    (``traits.object_choices`` of the object alone: TRT-VITAMIN-COCKTAIL's attributes); () for anything else."""
    if not isinstance(ref, str) or not ref.startswith("item:"):
        return ()
    g = objects.gear(gs, int(ref.split(":")[1]))
    if g is None or traits.placed_charge(g) is None:
        return ()
    return traits.object_choices(g)


def _bomb(gs, e: int, ref: str):
    """GNA-15 ruling: the weapon or object `ref` of `e` if it is a bomb or similar (``traits.placed_charge``: an
    object with Área de activación or Control remoto takes effect once placed too), else None. An object whose use
    chooses among its user's own things (TRT-VENOM: the user's weapon it coats) has no user once placed: refused
    (RuleViolation naming that trait, ``traits.user_choice_trait``)."""
    if not isinstance(ref, str):
        return None
    if ref.startswith("item:"):
        g = objects.gear(gs, int(ref.split(":")[1]))
        if g is None or traits.placed_charge(g) is None:
            return None
        own = traits.user_choice_trait(g)
        if own is not None:
            raise RuleViolation(own, f"{g.name}'s use is on its user's own things (a choice among them): placed "
                                f"({traits.placed_charge(g)}), it is used by nobody on the mini that sets it off, "
                                "so it cannot be laid as a charge")
        return g
    if not ref.startswith("weapon:"):
        return None
    w = gs.equipment(e).weapons[int(ref.split(":")[1])]
    return w if traits.placed_charge(w) is not None else None
