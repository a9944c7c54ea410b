"""What a character holds and how items change hands (GNA-2 Buscar, GNA-3 Comerciar, GNA-7 Eliminar, GNA-14
Saquear, GNA-15 Soltar).

A character's items are its weapons and protections (`Equipment`) and the `Item` entities it holds. An action names
one by a reference string, in this order: ``weapon:<index>`` and ``protection:<index>`` (indexes into its
`Equipment`) and ``item:<entity id>`` (an `Item` it holds). Easy to take (GNA-3 ruling): weapons, held items and
protections with SIZ 0 (shields, amulets); a worn protection (SIZ > 0) is not handed over or taken."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Gear, Item, MountedObject
from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.state import GameState


def held_items(gs: GameState, e: int) -> list[int]:
    """The `Item` entities `e` holds, in id order."""
    return [i for i in gs.world.query(Item) if gs.world.get(i, Item).holder == e]


def item_refs(gs: GameState, e: int, *, easy: bool = True) -> list[str]:
    """References of everything `e` holds (`easy`: only what is easy to take, i.e. no worn SIZ > 0 protection).
    Memoised per world version (issue 20: the offered keys ask it for Soltar, Lanzar, the improvised blow and
    Comerciar at every listing)."""
    memo = gs._memo_table()
    key = ("item_refs", e, easy)
    got = memo.get(key)
    if got is None:
        eq = gs.equipment(e)
        out = [f"weapon:{i}" for i in range(len(eq.weapons))]
        out += [f"protection:{i}" for i, p in enumerate(eq.protections) if not easy or p.SIZ == 0]
        out += [f"item:{i}" for i in held_items(gs, e) if not gs.world.has(i, MountedObject)]   # BLD-20: not in hand
        got = memo[key] = tuple(out)
    return list(got)


def parse_ref(gs: GameState, e: int, ref, rule: str, *, easy: bool = True, mounted: bool = False) -> tuple[str, int]:
    """('weapon' | 'protection' | 'item', index or entity) of a reference to something `e` holds; RuleViolation
    naming `rule` otherwise. An object mounted on `e`'s transport (BLD-20) is named only where `mounted` (Usar:
    it is used aboard, never handed over, looted, dropped or thrown)."""
    if not isinstance(ref, str) or ref.count(":") != 1:
        raise RuleViolation(rule, f"an item is named 'weapon:<index>', 'protection:<index>' or 'item:<id>', not {ref!r}")
    kind, _, raw = ref.partition(":")
    if kind not in ("weapon", "protection", "item") or not raw.isdigit():
        raise RuleViolation(rule, f"an item is named 'weapon:<index>', 'protection:<index>' or 'item:<id>', not {ref!r}")
    n = int(raw)
    eq = gs.equipment(e)
    if kind == "weapon" and n >= len(eq.weapons):
        raise RuleViolation(rule, f"{gs.name(e)} has no weapon number {n}")
    if kind == "protection":
        if n >= len(eq.protections):
            raise RuleViolation(rule, f"{gs.name(e)} has no protection number {n}")
        if easy and eq.protections[n].SIZ > 0:
            raise RuleViolation(rule, f"{eq.protections[n].name} is worn armour (SIZ {eq.protections[n].SIZ}): only "
                                "weapons, objects and SIZ 0 protections are easy to take")
    if kind == "item":
        it = gs.world.try_get(n, Item)
        if it is None or it.holder != e:
            raise RuleViolation(rule, f"{gs.name(e)} holds no item with id {n}")
        if not mounted and gs.world.has(n, MountedObject):
            raise RuleViolation("BLD-20", f"{it.name} is mounted on {gs.name(e)}'s transport: it is used aboard, "
                                "not handed over, taken or put down")
    return kind, n


def _equipment_item(gs: GameState, e: int, ref: str):
    kind, n = ref.split(":")
    eq = gs.equipment(e)
    return eq.weapons[int(n)] if kind == "weapon" else eq.protections[int(n)] if kind == "protection" else None


def untradeable(gs: GameState, e: int, ref: str) -> str | None:
    """GNA-3: the trait by which the weapon, protection or object `ref` of `e` cannot be traded (hook
    trade_denied, TRT-LABORIOUS), or None."""
    item = _equipment_item(gs, e, ref)
    if item is None and ref.startswith("item:"):
        item = gs.world.try_get(int(ref.split(":")[1]), Gear)        # an object (GNA-16): its Gear's traits
    return traits.untradeable(item) if item is not None else None


def unequippable(gs: GameState, src: int, ref: str, dst: int) -> str | None:
    """GNA-3 / GNA-14: the trait by which `dst` may not be equipped with the weapon or protection `ref` of `src`
    (hook equip_denied, TRT-HUGE), or may not have the object `ref` (its own equip_denied traits only: TRT-REQUIRES,
    TRT-HUGE on an object), or None."""
    item = _equipment_item(gs, src, ref)
    if item is None and ref.startswith("item:"):
        g = gs.world.try_get(int(ref.split(":")[1]), Gear)
        return traits.item_denied(gs, dst, g) if g is not None else None
    return traits.equip_problem(gs, dst, item) if item is not None else None


def item_name(gs: GameState, e: int, ref: str) -> str:
    kind, n = ref.split(":")
    n = int(n)
    if kind == "weapon":
        return gs.equipment(e).weapons[n].name
    if kind == "protection":
        return gs.equipment(e).protections[n].name
    return gs.world.get(n, Item).name


def item_traits(gs: GameState, e: int, ref: str) -> tuple[str, ...]:
    """The trait IDs of an item `e` holds (a weapon's, an object's `Gear`; protections and plain items: none)."""
    kind, n = ref.split(":")
    if kind == "weapon":
        return gs.equipment(e).weapons[int(n)].traits
    g = gs.world.try_get(int(n), Gear) if kind == "item" else None
    return g.traits if g is not None else ()


def holds_something(gs: GameState, e: int) -> bool:
    """GNA-7 ruling: a held weapon or object (protections are worn, not held)."""
    return bool(gs.equipment(e).weapons) or bool(held_items(gs, e))


def transfer(gs: GameState, src: int, refs: list[str], dst: int) -> list[str]:
    """Move the items `refs` (already validated, distinct) from `src` to `dst`: weapons and protections join the end of
    its `Equipment` in the order given, held items change holder. Returns their names in that order."""
    eq_s = gs.equipment(src)
    names = [item_name(gs, src, r) for r in refs]
    parsed = [(r.split(":")[0], int(r.split(":")[1])) for r in refs]
    w_out = [n for k, n in parsed if k == "weapon"]
    p_out = [n for k, n in parsed if k == "protection"]
    gs.world.set(src, replace(eq_s, weapons=tuple(w for i, w in enumerate(eq_s.weapons) if i not in w_out),
                              protections=tuple(p for i, p in enumerate(eq_s.protections) if i not in p_out)))
    eq_d = gs.equipment(dst)  # read after the removal: a transfer to the same holder moves, never copies
    gs.world.set(dst, replace(eq_d, weapons=eq_d.weapons + tuple(eq_s.weapons[n] for n in w_out),
                              protections=eq_d.protections + tuple(eq_s.protections[n] for n in p_out)))
    for k, n in parsed:
        if k == "item":
            gs.world.set(n, replace(gs.world.get(n, Item), holder=dst, inside=None, at=None))
    return names


def put_down(gs: GameState, e: int, ref: str, at: tuple[float, float]) -> int:
    """GNA-15: the item `ref` of `e` lies on the ground at `at` (a weapon or protection becomes an `Item` entity
    keeping its profile). Returns the item's entity."""
    kind, n = ref.split(":")
    n = int(n)
    eq = gs.equipment(e)
    if kind == "item":
        gs.world.set(n, replace(gs.world.get(n, Item), holder=None, inside=None, at=at))
        return n
    if kind == "weapon":
        w = eq.weapons[n]
        gs.world.set(e, replace(eq, weapons=tuple(x for i, x in enumerate(eq.weapons) if i != n)))
        return gs.world.create(Item(w.name, at=at, weapon=w))
    p = eq.protections[n]
    gs.world.set(e, replace(eq, protections=tuple(x for i, x in enumerate(eq.protections) if i != n)))
    return gs.world.create(Item(p.name, at=at, protection=p))
