"""What a batch plays: list references (a list file, or a handicap variant of it) and game specs.

A *list spec* is the text a worker receives: a list file path, optionally followed by ``#-DESIGN`` to play the
list with one copy of the character design ``DESIGN`` removed (a handicap variant, `wartime batch --handicap`), or
by ``#~DESIGN-TRAIT`` / ``#~DESIGN+TRAIT`` to play it with the trait ``TRAIT`` (a TRT-* id) taken off every
archetype of the design that buys it, or bought on the design's first archetype it applies to and the engine
plays it on (a priced variant,
`wartime batch --price`, issue 12: what is a trait worth?). Its *key* names it in game keys and results: the file
stem (``shooters``), ``shooters-rifleman`` or ``shooters~rifleman-TRT-MAGAZINES``.

Workers load scenarios and lists themselves (STYLE: prepared geometry does not survive pickling) and cache them
per process: `load_scenario_cached` / `load_list_cached`. Each load is checked against the content hash the
batch was planned with, so a cluster worker that sees another file fails loudly instead of mixing results."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from wartime.balance.alarm_shapes import load_shaped
from wartime.core.errors import DataError
from wartime.data.loader import load_army_list, load_scenario, priced_trait, trait_by_id
from wartime.rules.traits.registry import fielding_problem

VARIANT_MARK = "#-"
PRICE_MARK = "#~"
#: a priced variant's toggle: DESIGN, '+' (buy) or '-' (take off), a TRT-* id
PRICE_ITEM = re.compile(r"^(?P<design>[A-Za-z0-9_]+)(?P<op>[+-])(?P<trait>TRT-[A-Z0-9-]+)$")


@dataclass(frozen=True, slots=True)
class ListRef:
    """One side's list as planned: the spec string, its key and the content hash of list + catalogue."""
    spec: str
    key: str
    sha256: str


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything a worker needs to play one game and nothing more (picklable, small)."""
    key: str
    index: int                    # k: the game's number within its ordered pairing
    seed: int
    scenario: str                 # absolute path
    scenario_sha256: str
    red: ListRef
    blue: ListRef
    red_controller: str
    blue_controller: str
    combat: str = "wartime"       # the combat system (rules.combat_systems)
    alarm_shape: str = ""         # an alarm shape variant (balance.alarm_shapes, ALM-32); "" the scenario as it is


class SpecError(ValueError):
    """A list spec or scenario that cannot be played (message names the file and the problem)."""


def split_spec(spec: str) -> tuple[str, str | None]:
    """``path#-design`` → (path, design); ``path#~item`` (a priced variant) and a plain path → (path, None)."""
    if PRICE_MARK in spec:
        return spec.rsplit(PRICE_MARK, 1)[0], None
    if VARIANT_MARK in spec:
        path, design = spec.rsplit(VARIANT_MARK, 1)
        return path, design
    return spec, None


def price_item(spec: str) -> tuple[str, str, str] | None:
    """``path#~design+TRT-X`` → (design, '+', 'TRT-X'); None for any other spec."""
    if PRICE_MARK not in spec:
        return None
    item = spec.rsplit(PRICE_MARK, 1)[1]
    m = PRICE_ITEM.match(item)
    if m is None:
        raise SpecError(f"--price {item!r}: expected DESIGN+TRT-ID (buy the trait) or DESIGN-TRT-ID (take it off), "
                        "e.g. rifleman-TRT-MAGAZINES")
    return m["design"], m["op"], m["trait"]


def spec_key(spec: str) -> str:
    path, design = split_spec(spec)
    stem = Path(path).stem
    if PRICE_MARK in spec:
        return f"{stem}~{spec.rsplit(PRICE_MARK, 1)[1]}"
    return stem if design is None else f"{stem}-{design}"


def file_sha256(*paths: str | Path) -> str:
    """sha256 over the bytes of the given files in order (a list and its catalogue)."""
    h = hashlib.sha256()
    for p in paths:
        data = Path(p).read_bytes()
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def list_sha256(path: str | Path) -> str:
    """Content hash of a list file and the catalogue it names (a catalogue edit changes the list)."""
    army = load_army_list(path)
    files = [path] + ([army.catalogue] if army.catalogue is not None else [])
    return file_sha256(*files)


def load_list_spec(spec: str):
    """Load a list spec: the list file, minus one copy of the named design for a variant, with a trait taken
    off or bought for a priced variant."""
    path, design = split_spec(spec)
    army = load_army_list(path)
    item = price_item(spec)
    if item is not None:
        return toggle_trait(army, path, *item)
    if design is None:
        return army
    units = []
    found = False
    for u in army.units:
        if u.character.id == design and not found:
            found = True
            if u.count > 1:
                units.append(u.model_copy(update={"count": u.count - 1}))
            continue
        units.append(u)
    if not found:
        raise SpecError(f"{path}: unit: no character {design!r} to remove for the variant {spec!r}")
    if not units:
        raise SpecError(f"{path}: unit: removing {design!r} leaves an empty list")
    return army.model_copy(update={"units": tuple(units), "name": f"{army.name} −{design}"})


def toggle_trait(army, path: str, design: str, op: str, trait_id: str, param: str | None = None):
    """The list with `trait_id` taken off every archetype of `design` that buys it (op '-'), or bought (level 1)
    on the design's first archetype of a kind it applies to, race, then weapons, then protections, then objects,
    then its transport (op '+');
    every copy of the design changes, and its cost with it (BLD-4). SpecError naming the file when the design
    is not in the list, already has (or lacks) the trait, or no archetype of it can buy the trait. A trait that
    takes a parameter is bought with `param` (the engine's fielding check sees it and the design's traits)."""
    spec = next((u.character for u in army.units if u.character.id == design), None)
    where = f"{path}: --price {design}{op}{trait_id}"
    if spec is None:
        raise SpecError(f"{where}: the list has no character {design!r}")
    if trait_by_id(trait_id) is None:
        raise SpecError(f"{where}: unknown trait id {trait_id!r}")
    has = [a for a in spec.archetypes() if any(t.trait_id == trait_id for t in a.traits)]
    if op == "-":
        if not has:
            raise SpecError(f"{where}: {design!r} does not buy {trait_id} (use {design}+{trait_id} to buy it)")

        def change(a):
            kept = tuple(t for t in a.traits if t.trait_id != trait_id)
            return a if len(kept) == len(a.traits) else a.model_copy(update={"traits": kept})
        new = spec.model_copy(update={"race": change(spec.race), "weapons": tuple(map(change, spec.weapons)),
                                      "protections": tuple(map(change, spec.protections)),
                                      "objects": tuple(map(change, spec.objects)),
                                      "metahabilities": tuple(map(change, spec.metahabilities)),
                                      "transport": None if spec.transport is None else change(spec.transport)})
    else:
        if has:
            raise SpecError(f"{where}: {design!r} already buys {trait_id} (use {design}-{trait_id} to price it)")
        slots = [("race", None, spec.race)] + [("weapons", i, a) for i, a in enumerate(spec.weapons)] \
            + [("protections", i, a) for i, a in enumerate(spec.protections)] \
            + [("objects", i, a) for i, a in enumerate(spec.objects)] \
            + ([("transport", None, spec.transport)] if spec.transport is not None else [])
        applies = trait_by_id(trait_id).applies_to
        owner = frozenset(t.trait_id for x in spec.archetypes() for t in x.traits) | {trait_id}
        slot = next(((f, i, a) for f, i, a in slots if a.kind in applies and fielding_problem(
            trait_id, a.kind, frozenset(t.trait_id for t in a.traits) | {trait_id}, param, owner) is None), None)
        slot = slot or next(((f, i, a) for f, i, a in slots if a.kind in applies), None)
        if slot is None:
            raise SpecError(f"{where}: no archetype of {design!r} can buy it (it applies to {', '.join(applies)})")
        f, i, a = slot
        try:
            ref = priced_trait(trait_id, a.kind, path, f"--price {design}{op}{trait_id}", param=param)
        except DataError as exc:
            raise SpecError("; ".join(exc.lines())) from None
        a = a.model_copy(update={"traits": a.traits + (ref,)})
        if i is None:
            new = spec.model_copy(update={f: a})
        else:
            seq = list(getattr(spec, f))
            seq[i] = a
            new = spec.model_copy(update={f: tuple(seq)})
    units = tuple(u.model_copy(update={"character": new}) if u.character.id == design else u for u in army.units)
    return army.model_copy(update={"units": units, "name": f"{army.name} {design}{op}{trait_id}"})


def handicap_specs(path: str) -> list[str]:
    """One variant per distinct character design of the list (file order): the list with one copy removed."""
    army = load_army_list(path)
    seen: list[str] = []
    for u in army.units:
        if u.character.id not in seen:
            seen.append(u.character.id)
    return [f"{path}{VARIANT_MARK}{d}" for d in seen] if sum(u.count for u in army.units) > 1 else []


# --- per-process caches (each worker loads each file once) ------------------------------------------
_SCENARIOS: dict[tuple[str, str, str], object] = {}
_LISTS: dict[tuple[str, str], object] = {}


def load_scenario_cached(path: str, sha256: str, alarm_shape: str = ""):
    """The scenario (with an alarm shape variant applied, ALM-32), loaded once per process."""
    key = (path, sha256, alarm_shape)
    sc = _SCENARIOS.get(key)
    if sc is None:
        seen = file_sha256(path)
        if seen != sha256:
            raise SpecError(f"{path}: this worker reads other content (sha256 {seen[:12]}…) than the batch was "
                            f"planned with ({sha256[:12]}…): every worker must see the same files")
        sc = _SCENARIOS[key] = load_shaped(path, alarm_shape)
    return sc


def load_list_cached(ref: ListRef):
    key = (ref.spec, ref.sha256)
    army = _LISTS.get(key)
    if army is None:
        path, _ = split_spec(ref.spec)
        seen = list_sha256(path)
        if seen != ref.sha256:
            raise SpecError(f"{path}: this worker reads other content (sha256 {seen[:12]}…) than the batch was "
                            f"planned with ({ref.sha256[:12]}…): every worker must see the same files")
        army = _LISTS[key] = load_list_spec(ref.spec)
    return army
