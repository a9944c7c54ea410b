"""What a batch plays: list references (a list file, or a handicap variant of it) and game specs.

A *list spec* is the text a worker receives: a list file path, optionally followed by ``#-DESIGN`` to play the
list with one copy of the character design ``DESIGN`` removed (a handicap variant, `wartime batch --handicap`).
Its *key* names it in game keys and results: the file stem (``shooters``) or ``shooters-rifleman``.

Workers load scenarios and lists themselves (STYLE: prepared geometry does not survive pickling) and cache them
per process: `load_scenario_cached` / `load_list_cached`. Each load is checked against the content hash the
batch was planned with, so a cluster worker that sees another file fails loudly instead of mixing results."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from wartime.data.loader import load_army_list, load_scenario

VARIANT_MARK = "#-"


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


class SpecError(ValueError):
    """A list spec or scenario that cannot be played (message names the file and the problem)."""


def split_spec(spec: str) -> tuple[str, str | None]:
    """``path#-design`` → (path, design); a plain path → (path, None)."""
    if VARIANT_MARK in spec:
        path, design = spec.rsplit(VARIANT_MARK, 1)
        return path, design
    return spec, None


def spec_key(spec: str) -> str:
    path, design = split_spec(spec)
    stem = Path(path).stem
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
    """Load a list spec: the list file, minus one copy of the named design for a variant."""
    path, design = split_spec(spec)
    army = load_army_list(path)
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


def handicap_specs(path: str) -> list[str]:
    """One variant per distinct character design of the list (file order): the list with one copy removed."""
    army = load_army_list(path)
    seen: list[str] = []
    for u in army.units:
        if u.character.id not in seen:
            seen.append(u.character.id)
    return [f"{path}{VARIANT_MARK}{d}" for d in seen] if sum(u.count for u in army.units) > 1 else []


# --- per-process caches (each worker loads each file once) ------------------------------------------
_SCENARIOS: dict[tuple[str, str], object] = {}
_LISTS: dict[tuple[str, str], object] = {}


def load_scenario_cached(path: str, sha256: str):
    key = (path, sha256)
    sc = _SCENARIOS.get(key)
    if sc is None:
        seen = file_sha256(path)
        if seen != sha256:
            raise SpecError(f"{path}: this worker reads other content (sha256 {seen[:12]}…) than the batch was "
                            f"planned with ({sha256[:12]}…): every worker must see the same files")
        sc = _SCENARIOS[key] = load_scenario(path)
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
