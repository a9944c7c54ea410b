"""Equipment a race trait forbids its character to carry or drive (hook gear_denied; TRT-CLAWS-AND-TEETH,
TRT-ANIMAL): refused when a list is fielded, one line per item."""
from __future__ import annotations

from wartime.data.tables import trait_by_id
from wartime.rules import traits
from wartime.rules.traits.registry import NATURAL_MATERIALS


def problems(spec) -> list[tuple[str, str]]:
    """(trait ID, line) for each weapon, protection or object of the design its race's traits forbid it to carry."""
    carried = frozenset(t.trait_id for t in spec.race.traits)
    out = []
    gear = (*spec.weapons, *spec.protections, *spec.objects, *((spec.transport,) if spec.transport else ()))
    for arch in gear:
        t = traits.gear_denied(carried, arch.kind, arch.ENE or 0, arch.RNG or 0, arch.material in NATURAL_MATERIALS)
        if t is not None:
            out.append((t, f"{spec.name}: race {spec.race.name}: trait {t} ({trait_by_id()[t].name_es}) cannot carry "
                           f"or drive the {arch.kind} {arch.name} (ENE {arch.ENE}, RNG {arch.RNG})"))
    return out
