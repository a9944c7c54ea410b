"""Objects in play (BLD-17, GNA-16): an object archetype of a fielded character is an `Item` it holds with a `Gear`
component (its profile, uses left and wounds), so that everything that moves items (Comerciar, Saquear, Soltar,
Lanzar) moves objects too.

What an object does comes from its traits (BLD-17 ruling), through the trait registry (rules.traits): the Use
action (GNA-16, rules/actions/objects.py) asks the hook points ``use_check`` (a check the use needs),
``object_effect`` (what a use does) and ``object_used`` (the object after a use: a charge spent, or removed from
the game); the traits of a bearer an object gives its holder are in ``traits.registry.ON_OBJECTS``."""
from __future__ import annotations

from dataclasses import replace

from wartime.core.components import Gear, Item, MountedObject
from wartime.core.world import World
from wartime.rules import traits
from wartime.rules.state import GameState
from wartime.rules.energy import ENERGY_CAP
from wartime.rules.wounds import destroyed_field, heal_wounds, item_destroyed


def gear_of(archetype) -> Gear:
    """BLD-17: an object archetype as carried in play: ENE, RNG, QUA, its trait IDs and their levels; TRT-CHARGES
    gives it as many uses as its parameter (the number in brackets; the loader requires it). Its RNG as its traits
    set it (TRT-MORE-RANGE, TRT-MUCH-MORE-RANGE: BLD-14's G5 order, as a weapon's; RNG 0 stays base contact)."""
    ids = tuple(t.trait_id for t in archetype.traits) + traits.object_trait_args(archetype.traits)   # TRT-VENOM
    levels = tuple((t.trait_id, t.level) for t in archetype.traits if t.level is not None)
    charges = next((int(t.param) for t in archetype.traits if t.trait_id == "TRT-CHARGES" and t.param), None)
    g = Gear(archetype.id, archetype.name, archetype.ENE, archetype.RNG, archetype.QUA, ids, levels, charges)
    rng = traits.weapon_range(g)
    return g if rng == g.RNG else replace(g, RNG=rng)


def field_objects(world: World, holder: int, archetypes) -> list[int]:
    """GNA-16: one held `Item` + `Gear` entity per object archetype of a fielded character, in its order."""
    return [world.create(Item(a.name, holder=holder), gear_of(a)) for a in archetypes]


def field_mounted(world: World, holder: int, archetypes) -> list[int]:
    """BLD-20: one `Item` + `Gear` + `MountedObject` entity per object archetype mounted on the transport of a fielded
    character (held by it while it rides), in its order."""
    return [world.create(Item(a.name, holder=holder), gear_of(a), MountedObject()) for a in archetypes]


def is_mounted(gs: GameState, item: int) -> bool:
    """BLD-20: the object is mounted on a transport (components.MountedObject)."""
    return gs.world.has(item, MountedObject)


def held_gear(gs: GameState, e: int) -> list[tuple[int, Gear]]:
    """(item entity, Gear) of every object `e` holds, in id order."""
    table = gs.world.tables.get(Gear)
    if not table:
        return []
    w = gs.world
    return [(i, table[i]) for i in sorted(table) if w.has(i, Item) and w.get(i, Item).holder == e]


def gear(gs: GameState, item: int) -> Gear | None:
    return gs.world.try_get(item, Gear)


def set_gear(gs: GameState, item: int, g: Gear | None, rule: str) -> None:
    """Replace an object's `Gear`; None removes the object from the game (TRT-ELIXIR: used up)."""
    if g is None:
        name = gs.world.get(item, Item).name
        gs.world.remove(item, Gear)
        gs.world.remove(item, Item)
        gs.world.emit("object_removed", rule, item=item, name=name)
    else:
        gs.world.set(item, g)


def use_on(gs: GameState, user: int, g: Gear, target: int, choice: str | None, rule: str) -> None:
    """GNA-16: what one use of the object `g` by `user` does to `target`: its traits' effects (``object_effect``
    and the like: a heal, ENE up to 10 (ENE-1), a boost, a coat, a hex; `choice` the use's chosen option). Usar
    (rules/actions/objects.py) and a placed object going off (rules/placed.py) resolve a use so."""
    for effect in traits.object_effects(gs, user, g, target, choice):
        if effect.heal:
            heal_wounds(gs, target, effect.heal, effect.rule)
        if effect.ene:                                   # TRT-COMBAT-DRUGS (ENE-1: capped at 10)
            now = gs.energy(target)
            gs.set_energy(target, max(now, min(ENERGY_CAP, now + effect.ene)), effect.rule, g.name)


def wound_gear(gs: GameState, e: int, item: int, n: int, rule: str) -> None:
    """WND-6 / WND-4 / WND-5 on an object: it gains `n` wounds; at QUA wounds it is disabled (no use, no trait),
    above QUA destroyed (the event says so), and what its traits set off then goes off around its holder `e`
    (rules.wounds.item_destroyed: TRT-FLAMMABLE, TRT-EXPLODES; an object has no DMG of its own, so the blow's DMG is
    the `n` wounds that destroyed it, dealt with no CH DEF as a hit's DMG would be, CMB-4)."""
    g = gs.world.get(item, Gear)
    ng = replace(g, wounds=g.wounds + n)
    gs.world.set(item, ng)
    gs.world.emit("equipment_wound", rule, who=e, item=g.name, wounds=ng.wounds, disabled=ng.disabled,
                  **destroyed_field(ng))
    if ng.wounds > ng.QUA >= g.wounds:
        item_destroyed(gs, e, g, n)


def uses_text(g: Gear) -> str:
    """What the unit card says of an object's uses: 'N uses left' (TRT-CHARGES) or '' (no count)."""
    if g.charges is None:
        return ""
    return f"{g.charges} use{'s' if g.charges != 1 else ''} left"
