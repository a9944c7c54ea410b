"""Fielding a character with a transport (BLD-3, BLD-19, BLD-20; the play model is rules/riding.py): its base is
the transport's, its mounted weapons join its weapons, the transport's traits join its own, and a `Mount`
component carries the transport's profile."""
from __future__ import annotations

from wartime.core.components import Body, Mount, MountLevels
from wartime.rules import riding, traits
from wartime.rules.riding import mounted_body


def base_size(spec) -> float:
    """BAS-1 / BLD-19: the miniature's base diameter: the transport's `size` when it has one, else the race's."""
    return spec.transport.size if spec.transport is not None else spec.race.size


def mount_parts(spec, body: Body, weapons: tuple, own_traits: tuple[str, ...], weapon_of):
    """(body, weapons, trait IDs, Mount or None) of a fielded character: unchanged without a transport; with one,
    the transport's base (BLD-19), the mounted weapons after the carried ones (BLD-20: usable aboard), the
    transport's trait IDs after its own, and the Mount."""
    t = spec.transport
    if t is None:
        return body, weapons, own_traits, None
    mounted_w = tuple(weapon_of(a) for a in spec.mounted if a.kind == "weapon")
    t_traits = tuple(r.trait_id for r in t.traits) + traits.object_trait_args(t.traits)   # TRT-REQUIRES' bonus
    m = Mount(t.id, t.name, t.ENE, t.MOV, t.DEF, t.QUA, rider_body=body, rider_traits=own_traits,
              traits=t_traits, mounted_def=sum(a.DEF or 0 for a in spec.mounted if a.kind == "protection"),
              mounted=tuple(range(len(weapons), len(weapons) + len(mounted_w))), capacity=t.capacity,
              flies=t.flies, classes=t.classes)
    joined = own_traits + tuple(x for x in t_traits if x not in own_traits and ":" not in x)
    return mounted_body(body, t.size), weapons + mounted_w, joined, m


def mount_levels(spec) -> MountLevels | None:
    """The levels of the transport's per-level traits (TRT-DARKNESS-FIELD: its field's level N), None when it has
    none (most transports: no component then)."""
    t = spec.transport
    got = tuple((r.trait_id, r.level) for r in t.traits if r.level) if t is not None else ()
    return MountLevels(got) if got else None


def embark_at_start(gs, entities: list[int], army) -> None:
    """MVA-17: the miniatures of a unit deployed `aboard` (the list's field) start as passengers of the first
    miniature of the named character (the loader checked the capacity)."""
    ids = [u.character.id for u in army.units for _ in range(u.count)]
    aboard = [u.aboard for u in army.units for _ in range(u.count)]
    for e, carrier_id in zip(entities, aboard):
        if carrier_id is not None:
            riding.board(gs, e, entities[ids.index(carrier_id)], announce=False)
