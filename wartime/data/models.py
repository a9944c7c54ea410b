"""Typed, frozen data models of archetypes, characters, army lists and scenarios (BLD-1..24).

The models are plain values: the loaders (:mod:`wartime.data.loader`) check every builder rule (BLD-24,
E1-E10) before building them, and :mod:`wartime.data.costs` prices them. A model built by hand in code is
trusted as given; run it through the loader's dict helpers to validate it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict


__all__ = [
    "ArchetypeKind",
    "TerrainKind",
    "Victory",
    "Side",
    "SIDES",
    "ARCHETYPE_KINDS",
    "ATTRIBUTES",
    "ATTRIBUTE_CODES",
    "ATTRIBUTE_RANGES",
    "TERRAIN_KINDS",
    "TERRAIN_DEFAULTS",
    "VICTORY_KINDS",
    "TraitRef",
    "Archetype",
    "CharacterSpec",
    "Catalogue",
    "Unit",
    "ArmyList",
    "TerrainSpec",
    "Perch",
    "Element",
    "Captive",
    "ObjectiveSpec",
    "Scenario",
]

ArchetypeKind = Literal["race", "weapon", "protection", "metahability", "object", "transport"]
TerrainKind = Literal["difficult", "extreme", "low", "high", "blocking", "water"]
Victory = Literal["elimination", "fewer_casualties", "prisoners", "objective"]
Side = Literal["red", "blue"]

ARCHETYPE_KINDS: tuple[str, ...] = ("race", "weapon", "protection", "metahability", "object", "transport")
TERRAIN_KINDS: tuple[str, ...] = ("difficult", "extreme", "low", "high", "blocking", "water")
VICTORY_KINDS: tuple[str, ...] = ("elimination", "fewer_casualties", "prisoners", "objective")
SIDES: tuple[str, ...] = ("red", "blue")

#: CHR-3: the canonical attribute order, the book's attribute index list (CON 0 … MOV 10; its bare "+10" has no
#: game meaning and is ignored). No rule refers to the numbers: they are the order of attributes in data files
#: and serialised archetypes (`Archetype.attributes`) and their enum codes (`ATTRIBUTE_CODES`).
ATTRIBUTES: tuple[str, ...] = ("CON", "AGI", "INT", "VOL", "ENE", "DMG", "RNG", "QUA", "DEF", "SIZ", "MOV")
#: CHR-3: attribute → its code in the index list.
ATTRIBUTE_CODES: dict[str, int] = {name: code for code, name in enumerate(ATTRIBUTES)}

#: Legal integer range (low, high; ``None`` = no maximum) of each attribute of each kind (BLD-24 E3).
#: ENE maxima of 10 for protections, metahabilities, objects and transports are the BLD-8 ruling.
#: A weapon's RNG is further capped at 5 × DMG (BLD-14, E5).
ATTRIBUTE_RANGES: dict[str, dict[str, tuple[int, int | None]]] = {
    "race": {"CON": (1, 10), "AGI": (1, 10), "INT": (1, 10), "VOL": (1, 10)},  # BLD-5
    "weapon": {"ENE": (1, 10), "DMG": (1, 10), "RNG": (0, None), "QUA": (1, 10)},  # BLD-13..15
    "protection": {"ENE": (0, 10), "DEF": (1, 10), "SIZ": (0, 10), "QUA": (1, 10)},  # BLD-8
    "metahability": {"ENE": (1, 10), "RNG": (0, None), "QUA": (1, 10)},  # BLD-10
    "object": {"ENE": (1, 10), "RNG": (0, None), "QUA": (1, 10)},  # BLD-17
    "transport": {"ENE": (1, 10), "MOV": (1, None), "DEF": (1, 10), "QUA": (1, 10)},  # BLD-20
}

#: Default (height in K, blocks_los) of each terrain kind (core preface, MOV-7..9).
TERRAIN_DEFAULTS: dict[str, tuple[float, bool]] = {
    "difficult": (0.0, False),
    "extreme": (0.0, False),
    "low": (0.5, True),
    "high": (1.5, True),
    "blocking": (10.0, True),
    "water": (0.0, False),          # MVA-11: crossed only by swimming (Nadar)
}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=False)


class TraitRef(_Frozen):
    """A trait (bonus or malus) bought on an archetype.

    ``name`` is the Spanish key (``name_es`` of ``traits.tsv``), ``trait_id`` its ``TRT-*`` id. ``points`` is the
    computed price: the printed cost, × level for per-level traits; for "Área" the area table's points of
    ``param`` (BLD-16), or 0 when the archetype also has "Área despreciable".
    """

    name: str
    trait_id: str
    level: int | None = None
    param: str | None = None
    points: int


class Archetype(_Frozen):
    """One priced package of attributes and traits (BLD-1): a race, weapon, protection, metahability,
    object or transport. Attributes a kind does not have are ``None``.

    ``size`` (races only) is the size factor s relative to a human: base diameter s K and eye height s K
    (BAS-1). ``material`` is free text used by presentation and future rules.

    Weapons only: ``quiet_type`` ("wind" or "string": ENV-6, no noise), ``noisy_melee`` (ENV-6: a melee
    weapon heard at DMG × 2), ``fixed`` (ENV-5: a 90° field of fire), ``mount_facing`` (its direction,
    degrees counter-clockwise from the bearer's facing) and ``mount_point`` (ENV-3: where a weapon mounted on a
    transport fires from: [K ahead of the transport's centre, K to its left, K above its base]).

    Transports only: ``size`` is the transport's base diameter and height in K (BLD-19; default 1, as a race's),
    ``flies`` a flying transport (an aircraft: it moves at altitude levels 1 to 3, MVA-15, MVA-16).

    Weapons only: ``elements``, the elements and substances its hits deliver besides those its traits imply (keys of
    ``wartime/core/elements.py``: ``electricity``, ``cold``...; TRT-ALLERGIC, TRT-INVULNERABLE,
    TRT-RESISTANCE). Races and transports: ``classes``, the classes it belongs to ("tanque", "vehículo"), which a
    Munición anti () may name (TRT-ANTI-AMMO).
    """

    id: str
    kind: ArchetypeKind
    name: str
    traits: tuple[TraitRef, ...] = ()
    CON: int | None = None
    AGI: int | None = None
    INT: int | None = None
    VOL: int | None = None
    ENE: int | None = None
    DMG: int | None = None
    RNG: int | None = None
    QUA: int | None = None
    DEF: int | None = None
    SIZ: int | None = None
    MOV: int | None = None
    size: float = 1.0
    material: str = "steel"
    quiet_type: Literal["wind", "string"] | None = None
    noisy_melee: bool = False
    fixed: bool = False
    mount_facing: float = 0.0
    mount_point: tuple[float, float, float] | None = None
    flies: bool = False
    elements: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()

    # -- traits ---------------------------------------------------------------------------------
    def trait(self, name: str) -> TraitRef | None:
        """The first trait bought with this Spanish name, if any."""
        return next((t for t in self.traits if t.name == name), None)

    def has_trait(self, name: str) -> bool:
        """True when the archetype carries the trait ``name`` (Spanish key)."""
        return self.trait(name) is not None

    @property
    def magazine(self) -> int | None:
        """Rounds per magazine (trait Cargadores), ``None`` without Cargadores.

        The parameter is the number of rounds; without one it is 10 − DMG (trait text, line 911).
        "Más munición" doubles it.
        """
        t = self.trait("Cargadores")
        if t is None:
            return None
        rounds = int(t.param) if t.param else max(1, 10 - (self.DMG or 0))
        if self.has_trait("Más munición"):
            rounds *= 2
        return rounds

    @property
    def capacity(self) -> int:
        """TRT-CAPACITY: the load levels a transport carries (the parameter of "Capacidad"), 0 without it."""
        t = self.trait("Capacidad")
        return int(t.param) if t is not None and t.param else 0

    @property
    def quiet(self) -> bool:
        """ENV-6: the weapon makes no noise by what it is: a wind or string weapon (``quiet_type``, or that
        ``material``). Traits that silence a weapon (Silenciador) are hook points of rules.traits."""
        return self.quiet_type is not None or self.material in ("wind", "string")

    @property
    def area(self) -> str | None:
        """The area code of the trait "Área" (e.g. ``"R3"``), ``None`` without an area (BLD-16)."""
        t = self.trait("Área")
        return t.param if t is not None else None

    # -- attributes -----------------------------------------------------------------------------
    def attributes(self) -> dict[str, int]:
        """The attribute values this kind has, in canonical order (BLD-1, CHR-3)."""
        values = {name: getattr(self, name) for name in ATTRIBUTES}
        return {name: values[name] for name in ATTRIBUTES if name in ATTRIBUTE_RANGES[self.kind]}

    @property
    def is_melee(self) -> bool:
        """BLD-12: a weapon with RNG 0 is a melee (CaC) weapon."""
        return self.kind == "weapon" and self.RNG == 0

    @property
    def is_ranged(self) -> bool:
        """BLD-12: a weapon with RNG above 0 is a ranged weapon."""
        return self.kind == "weapon" and (self.RNG or 0) > 0

    @property
    def base_diameter(self) -> float:
        """BAS-1: a race of size factor s stands on an s K base."""
        return self.size

    @property
    def eye_height(self) -> float:
        """Core preface: a character s times a human's height has its eyes s K above its base."""
        return self.size


class CharacterSpec(_Frozen):
    """A character design (BLD-3): exactly one race, any weapons, protections, objects and metahabilities,
    at most one transport. ``mounted`` holds the archetypes mounted on the transport (BLD-20): they belong to
    the character, are paid by it, and are used only while aboard. ``carried`` holds protections the character
    carries but does not wear at the start (GNA-16, BLD-7: put on or activated with Usar at their ENE).
    """

    id: str
    name: str
    race: Archetype
    weapons: tuple[Archetype, ...] = ()
    protections: tuple[Archetype, ...] = ()
    objects: tuple[Archetype, ...] = ()
    metahabilities: tuple[Archetype, ...] = ()
    transport: Archetype | None = None
    mounted: tuple[Archetype, ...] = ()
    carried: tuple[Archetype, ...] = ()

    def archetypes(self) -> tuple[Archetype, ...]:
        """Every archetype of the character, each copy listed (BLD-3, BLD-4), mounted ones last but the carried
        protections (GNA-16: not worn at the start)."""
        out: list[Archetype] = [self.race, *self.weapons, *self.protections, *self.metahabilities, *self.objects]
        if self.transport is not None:
            out.append(self.transport)
        out.extend(self.mounted)
        out.extend(self.carried)
        return tuple(out)

    # -- building-side values of BLD-7 / BLD-19 / BLD-25 -------------------------------------------
    @property
    def CON(self) -> int:
        """The race's CON."""
        return int(self.race.CON or 0)

    @property
    def AGI(self) -> int:
        """The race's (unmodified) AGI."""
        return int(self.race.AGI or 0)

    def def_target(self, aboard: bool = False) -> int:
        """BLD-7 / CMB-3: the CH DEF target, the sum of equipped DEF (SIZ 0 shields included).

        Aboard its transport, the transport's DEF and mounted protections' DEF are added (BLD-19 b, BLD-20).
        """
        total = sum(p.DEF or 0 for p in self.protections)
        if aboard and self.transport is not None:
            total += self.transport.DEF or 0
            total += sum(m.DEF or 0 for m in self.mounted if m.kind == "protection")
        return total

    def negates_size(self) -> bool:
        """TRT-NEGATE (Niega (SIZ)): the character carries a Niega naming SIZ on an archetype it has at the start
        (race, weapons, worn protections, objects, metahabilities; not the carried protections nor the mounted
        ones, used only once worn / aboard). The engine's reading (``rules.modifiers.character_mods``, the lead's
        ruling): its own protections' SIZ has no effect, so it takes no fit penalty."""
        held = (self.race, *self.weapons, *self.protections, *self.objects, *self.metahabilities)
        return any(t.name == "Niega" and str(t.param or "").strip().upper() == "SIZ" for a in held for t in a.traits)

    def fit_penalty(self) -> int:
        """BLD-7: Σ|SIZ − CON| over worn protections with SIZ ≥ 1 (−1 to AGI checks per point); 0 for a character
        cancelling SIZ (TRT-NEGATE, ``negates_size``), as the engine's checks count it."""
        if self.negates_size():
            return 0
        return sum(abs((p.SIZ or 0) - self.CON) for p in self.protections if (p.SIZ or 0) >= 1)

    @property
    def overload_con(self) -> int:
        """BLD-7: the CON used for overload; "Mulo" on the race counts +1."""
        return self.CON + (1 if self.race.has_trait("Mulo") else 0)

    def overload_penalty(self, wounds: int = 0) -> int:
        """BLD-7 / BLD-25 "Por sobrecarga": points by which carried DEF exceeds overload CON − wounds.

        Only worn/carried protections count (not the transport nor mounted protections).
        """
        carried = sum(p.DEF or 0 for p in self.protections)
        return max(0, carried - (self.overload_con - wounds))

    def physical_check_penalty(self, wounds: int = 0) -> int:
        """BLD-7: the penalty (a positive number to subtract) of a CH IMP with a physical weapon or a CH AGI:
        fit + overload, each applied once. Checks against CON, INT or VOL take neither."""
        return self.fit_penalty() + self.overload_penalty(wounds)


class Catalogue(_Frozen):
    """A catalogue file: named archetypes and the character designs built from them (BLD-23 step 1-2)."""

    name: str
    path: Path
    archetypes: dict[str, Archetype]
    characters: dict[str, CharacterSpec]
    description: str = ""


class Unit(_Frozen):
    """One entry of an army list: a character design recruited ``count`` times (BLD-24). ``aboard``: the id of
    the character (of another unit of the list) whose transport carries these miniatures at deployment (MVA-17,
    TRT-CAPACITY; the first miniature of that unit)."""

    character: CharacterSpec
    count: int = 1
    aboard: str | None = None


class ArmyList(_Frozen):
    """A game list (BLD-22, BLD-24): the characters a player recruits. ``path`` is the list file."""

    name: str
    path: Path
    units: tuple[Unit, ...]
    catalogue: Path | None = None
    description: str = ""

    def characters(self) -> list[CharacterSpec]:
        """Every recruited miniature, units expanded by count, in file order."""
        return [u.character for u in self.units for _ in range(u.count)]


#: Movable scenery sizes (TRT-SUPER-STRENGTH's check: object and car CH CON, truck −2, bigger −4)
MOVABLE_SIZES: tuple[str, ...] = ("object", "car", "truck", "bigger")


class MovableSpec(_Frozen):
    """A terrain piece that can be moved or thrown (issue 16, scenery: TRT-SUPER-STRENGTH): its CON (1-10) and its
    size (``MOVABLE_SIZES``)."""

    con: int
    size: str = "car"


#: What a breakable terrain piece is (TRT-WALLBREAKER: "puertas, muros")
BREAKABLE_WHAT: tuple[str, ...] = ("wall", "door")


class BreakableSpec(_Frozen):
    """A terrain piece that melee attacks can break (``breakable = {con = 3, what = "wall"}``; TRT-WALLBREAKER ruling,
    rules/scenery_breaking.py): its CON (1-10; it is destroyed, and leaves the board, with more wounds than CON, as
    WND-5's equipment with more wounds than CAL) and what it is (``BREAKABLE_WHAT``). Its DEF is the piece's
    ``defense``."""

    con: int
    what: str = "wall"


class TerrainSpec(_Frozen):
    """A terrain piece: a footprint polygon (K), a top height (K), a LOS flag and a cover DEF (core preface).

    Kinds: ``difficult``/``extreme`` ground (MOV-7, height 0, see-through); ``low`` obstacle up to a human's
    chest (MOV-8, 0.5 K); ``high`` obstacle that must be climbed (MOV-9, 1.5 K); ``blocking`` impassable
    building (10 K); ``water`` (MVA-11, height 0, see-through) that only Nadar crosses.

    ``climbable`` (MVA-10, MOV-9): an obstacle taller than a mini's chest may be climbed with Escalar (and jumped
    onto with Subir a un alto, MVA-13). Default: true for ``low`` and ``high`` obstacles, false for ``blocking``
    pieces (a building is climbable only when the scenario says so); never for ground or water.

    ``nooks`` (TRT-SERPENT): the piece is recovecos (narrow gaps, rubble, ducts, tunnels); a character with
    Serpiente moves through it as easy terrain. Only on ground (difficult, extreme) or a low obstacle; default false.

    ``ceiling`` (TRT-SPIDER, issue 12): a roofed open piece (a canopy, a porch, a bridge deck, a gantry): its ground
    is walkable as its kind (difficult or extreme) at level 1 and its roof is a plane at ``ceiling`` K over the
    footprint that blocks a line of sight crossing it (geometry.sight); a spider may hang under it. 0: no roof.
    """

    id: str
    kind: TerrainKind
    polygon: tuple[tuple[float, float], ...]
    height: float
    blocks_los: bool
    defense: int = 0
    climbable: bool = False
    nooks: bool = False
    #: a movable piece (``movable = {con = 4, size = "car"}``; TRT-SUPER-STRENGTH), None for fixed terrain
    movable: MovableSpec | None = None
    #: a piece melee attacks can break (``breakable = {con = 3, what = "wall"}``; TRT-WALLBREAKER), None otherwise
    breakable: BreakableSpec | None = None
    #: the height (K) of the piece's roof (``ceiling = 3``; TRT-SPIDER), 0 for a piece without one
    ceiling: float = 0.0


class Perch(_Frozen):
    """A spot on top of a terrain piece 3 K high (MOV-10: a mini standing there is at level 2) where the side's
    character with the longest-ranged weapon (ties: list order) whose base fits is deployed instead of in its
    zone (``[[perch]]``)."""

    side: Side
    x: float
    y: float
    piece: str


class ElementUse(_Frozen):
    """GNA-16: how a scenario element is used (``[element.use]``): Usar (X = ``ene``), the check the scenario sets
    (``check``: CON, AGI, INT or VOL, with ``modifier`` its difficulty; none when left out) and the ``effect``: a
    ``door`` opens or closes the terrain piece ``door`` (closed unless ``open``), a ``mechanism`` (a lever, a console,
    the bell's mechanism) is worked once and triggers the scenario's event that names it (ALM-34, ALM-39)."""

    ene: int
    check: Literal["CON", "AGI", "INT", "VOL"] | None = None
    modifier: int = 0
    effect: Literal["door", "mechanism"]
    door: str = ""
    open: bool = False


class Element(_Frozen):
    """A scenario element (GNA-2, ``[[element]]``): a disc on the ground at (x, y) of ``radius`` K that a character
    in base contact may search (Buscar); a pass finds the items named in ``contents``. With ``use`` (GNA-16) it is
    used with Usar instead of searched."""

    id: str
    name: str
    x: float
    y: float
    radius: float
    contents: tuple[str, ...] = ()
    use: ElementUse | None = None


class Captive(_Frozen):
    """A character that starts the game tied up (CBA-25 ruling 3, GNA-6, ``[[captive]]``): the ``character``-th
    miniature (1-based, in list order with units expanded) of ``side``'s list, in ``bonds`` of rope or steel."""

    side: Side
    character: int
    bonds: Literal["rope", "steel"] = "rope"


AlarmKind = Literal["temporal", "carry_the_bell"]
AlarmStart = Literal["at_setup", "trigger_marker", "trap_marker"]
BellKind = Literal["side", "character", "marker"]
AlarmEnd = Literal["goal", "mechanism"]


class SpawnMarker(_Frozen):
    """A spawn marker of a carry-the-bell alarm (ALM-38, ``[[alarm.spawn]]``): a corner, crossing, door or stairs
    at (x, y); a ``door`` marker may be eligible while seen when the alarm's ``doors_spawn`` option is on (ALM-21)."""

    id: str
    x: float
    y: float
    door: bool = False


class AlarmSpec(_Frozen):
    """A scenario's alarm (ALM-2, ALM-32..ALM-44, ``[alarm]``): the red side is the defender (the heroes), blue the
    attacker (the monsters, bought wave by wave from a catalogue).

    The shape is a preset row of ALM-14 (``preset``: rounds, VPo, VPr, VPl given verbatim) or VPo, VPl and the
    divisor 4 or 2 (ALM-9..ALM-11: VPr = ⌈VPo/divisor⌉, d = ⌈(VPl − VPo)/VPr⌉), optionally with VPr and the rounds
    given explicitly (ALM-10 ruling). ``lethal_ratio`` is r of ALM-32 (points of a VP: N = round(r·P/VPl)).
    Temporal alarms hold a ``hold_zone`` (ALM-37, default: a 5 K circle on ``trigger``); carry-the-bell alarms
    have spawn markers, a ``bell`` and a ``goal`` zone (ALM-38, ALM-39). ``alarm_tokens`` (ALM-41) is the
    attacker's token stock; ``max_turns`` (ALM-40) ends the game (0: the default of the kind).

    ALM-34: ``start = "trigger_marker"`` names in ``marker`` the ``[[element]]`` (lever, chest, door) whose Buscar
    by a defender sets the alarm off (``trigger`` is then its centre); ``start = "trap_marker"`` sets it off when a
    defender ends a move within 1 K of ``trigger``. ALM-38: ``bell = "marker"`` is that trigger element, picked up
    by the Buscar that starts the alarm. ALM-39: ``end = "mechanism"`` names in ``mechanism`` the element whose
    Buscar ends a carry-the-bell alarm. ALM-40: ``exit`` is the zone defenders may leave by once the alarm is off
    (carry-the-bell: default the goal)."""

    kind: AlarmKind
    preset: str = ""
    vpo: float
    vpl: float
    vpr: float
    rounds: int
    divisor: int = 4
    lethal_ratio: float = 2.0
    start: AlarmStart = "at_setup"
    trigger: tuple[float, float] | None = None
    hold_zone: tuple[tuple[float, float], ...] = ()
    spawn_area: tuple[tuple[float, float], ...] = ()
    spawn: tuple[SpawnMarker, ...] = ()
    bell: BellKind = "side"
    bell_character: int = 0
    goal: tuple[tuple[float, float], ...] = ()
    doors_spawn: bool = False
    deadly_zone_k: float = 1.0
    alarm_tokens: int = 0
    max_turns: int = 0
    marker: str = ""
    end: AlarmEnd = "goal"
    mechanism: str = ""
    exit: tuple[tuple[float, float], ...] = ()


class ObjectiveSpec(_Frozen):
    """BLD-22 (an adventure sets its own objectives): the zone `side` must reach. That side wins when it ends a
    turn (SEQ-1) with at least `count` able characters on the table whose base centres lie in `zone`."""

    name: str = "Objective"
    side: Side
    count: int
    zone: tuple[tuple[float, float], ...]


class DarkArea(_Frozen):
    """A dark area of the board (project ruling on darkness, docs/darkness.md; TRT-LIGHT, TRT-RADAR,
    TRT-SUPER-SENSES): a ranged attack whose line of fire touches it has CH IMP -2 (``[[dark]]``)."""

    id: str
    polygon: tuple[tuple[float, float], ...]


class Scenario(_Frozen):
    """An adventure: board, limits, terrain, deployment zones and default lists (BLD-22).

    Victory: the game ends at once when a side has no character able to act. Under ``elimination`` that
    side loses (both at once: draw); at the turn limit with both sides standing the game is a draw. Under
    ``fewer_casualties`` the same immediate end applies, and at the turn limit the side with fewer
    casualties wins, ties broken by fewer points lost; otherwise a draw. Under ``prisoners`` the side holding more
    prisoners at the turn limit wins (enemy characters knocked out, CBA-26, or tied up, CBA-25/GNA-6), ties
    broken as under ``fewer_casualties``. Under ``objective`` (with its ``objective``, an `ObjectiveSpec`) the side
    that must reach the zone wins as soon as it ends a turn with enough able characters in it; otherwise the
    game goes on as under ``fewer_casualties``.
    """

    name: str
    path: Path
    board_width: float
    board_height: float
    points_limit: int
    turn_limit: int
    victory: Victory
    terrain: tuple[TerrainSpec, ...] = ()
    perches: tuple[Perch, ...] = ()
    elements: tuple[Element, ...] = ()
    captives: tuple[Captive, ...] = ()
    deployment: dict[str, tuple[tuple[float, float], ...]]
    default_lists: dict[str, Path] = {}
    grid: bool = False
    description: str = ""
    alarm: AlarmSpec | None = None
    objective: ObjectiveSpec | None = None
    #: darkness (project ruling, docs/darkness.md): the whole board is dark (``night = true``) or these areas are
    night: bool = False
    dark: tuple[DarkArea, ...] = ()
