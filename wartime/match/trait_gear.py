"""Equipment a race trait forbids its character to carry (hook gear_denied; TRT-CLAWS-AND-TEETH): refused when a
list is fielded, one line per item."""
from __future__ import annotations

from wartime.data.tables import trait_by_id
from wartime.rules import traits


def problems(spec) -> list[tuple[str, str]]:
    """(trait ID, line) for each weapon, protection or object of the design its race's traits forbid it to carry."""
    carried = frozenset(t.trait_id for t in spec.race.traits)
    out = []
    for arch in (*spec.weapons, *spec.protections, *spec.objects):
        t = traits.gear_denied(carried, arch.kind, arch.ENE)
        if t is not None:
            out.append((t, f"{spec.name}: race {spec.race.name}: trait {t} ({trait_by_id()[t].name_es}) cannot carry "
                           f"the {arch.kind} {arch.name} (ENE {arch.ENE})"))
    return out
