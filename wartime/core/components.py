"""Components: small frozen dataclasses. Systems replace them (`dataclasses.replace`), never mutate them,
so a world snapshot is a shallow copy of its tables."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a miniature is: its name, side, and where it came from (army list, character id)."""
    name: str
    side: str
    character_id: str
    cost: int


@dataclass(frozen=True, slots=True)
class Attributes:
    """CHR-2: race attributes, current values (VOL may drop permanently, PSI-9)."""
    CON: int
    AGI: int
    INT: int
    VOL: int


@dataclass(frozen=True, slots=True)
class Body:
    """BAS-1 / Preface: round base radius (K), standing eye height h (K), size factor, natural MOV (MOV-1)."""
    radius: float
    height: float
    size: float
    natural_mov: int


@dataclass(frozen=True, slots=True)
class Position:
    """Base centre (K), facing in degrees counter-clockwise from +x, altitude level (MOV-10)."""
    x: float
    y: float
    facing: float
    level: int = 1


@dataclass(frozen=True, slots=True)
class Traits:
    """The character's own traits (its race's bonus and malus) as trait IDs, e.g. ("TRT-GLIDER",): the trait
    hook points (rules.traits) read them here."""
    ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Race:
    """The race archetype a character was fielded with (its catalogue id and name): kept only in a match where a
    Munición anti names a race (TRT-ANTI-AMMO, match.setup), so that other games' state is unchanged; ``classes``
    are the race archetype's (``tanque``, ``no muerto``...), which a Munición anti may name too."""
    key: str
    name: str
    classes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TraitState:
    """The levels, as (trait ID, current level, bought level), and parameters, as (trait ID, parameter), of the
    character's own (race) traits that have them (issue 12: TRT-LEATHERY-SHIELD, TRT-RESISTANCE); a character
    whose race has none carries no TraitState. ``traits`` are those trait IDs (a protection's are its own)."""
    traits: tuple[str, ...] = ()
    levels: tuple[tuple[str, int, int], ...] = ()
    params: tuple[tuple[str, str], ...] = ()
    disabled: ClassVar[bool] = False

    def level(self, trait_id: str) -> int:
        """The current level of per-level trait `trait_id` (0 when it has none left)."""
        return next((cur for t, cur, _ in self.levels if t == trait_id), 0)

    def param(self, trait_id: str) -> str | None:
        """The parameter of trait `trait_id` (None: none)."""
        return next((v for t, v in self.params if t == trait_id), None)


@dataclass(frozen=True, slots=True)
class Posture:
    """MVA-4 / MVA-5: 'standing', 'crouched' or 'prone'."""
    state: str = "standing"


@dataclass(frozen=True, slots=True)
class Energy:
    """ENE-1..4: the character's energy pool (may be negative after reactions, REA-2)."""
    value: int = 0


@dataclass(frozen=True, slots=True)
class Wounds:
    """WND-*: wounds suffered by the character."""
    value: int = 0


@dataclass(frozen=True, slots=True)
class Stress:
    """PSI-5, PSI-14, PSI-16: stress levels."""
    value: int = 0


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon a character carries (BLD-12): profile values plus its own wounds (WND-6) and magazine."""
    key: str
    name: str
    ENE: int
    DMG: int
    RNG: int
    QUA: int
    wounds: int = 0
    magazine: int | None = None      # rounds per magazine (TRT-MAGAZINES), None = no magazines
    rounds: int | None = None        # rounds left in the mounted magazine
    area: str | None = None          # the TRT-AREA code (ARE-*), None for single-target weapons
    traits: tuple[str, ...] = ()     # the weapon's trait IDs, e.g. ("TRT-AREA", "TRT-MAGAZINES")
    quiet: bool = False              # ENV-6: a wind or string weapon (material): no noise; traits: rules.traits
    noisy_melee: bool = False        # ENV-6: a noisy melee weapon (chainsaw): heard at DMG × 2
    fixed: bool = False              # ENV-5: a fixed weapon fires in a 90° arc around its mount direction
    mount_facing: float = 0.0        # ENV-5: that direction, degrees CCW from the bearer's facing
    elements: tuple[str, ...] = ()   # the elements its data declares it delivers (core/elements.py keys)

    @property
    def current_dmg(self) -> int:
        """WND-6: DMG −1 per wound, minimum 1."""
        return max(1, self.DMG - self.wounds)

    @property
    def disabled(self) -> bool:
        """WND-4: as many wounds as QUA."""
        return self.wounds >= self.QUA

    @property
    def destroyed(self) -> bool:
        """WND-5: more wounds than QUA: destroyed (WND-1: it cannot be repaired)."""
        return self.wounds > self.QUA

    def level(self, trait_id: str) -> int:
        """The current level of per-level trait `trait_id` (0 when it has none left)."""
        return next((cur for t, cur, _ in self.levels if t == trait_id), 0)


    @property
    def ranged(self) -> bool:
        """BLD-12: RNG > 0 is a ranged weapon, RNG 0 a melee weapon."""
        return self.RNG > 0


@dataclass(frozen=True, slots=True)
class OffWeapon(Weapon):
    """A weapon some of whose traits are switched off for a while (TRT-DESTABILISING-AMMO: its holder's bonuses until
    its next activation starts; TRT-SAIKIKKU: the bonus chosen until the end of its next one): ``traits`` are those
    that work, ``off`` the entries switched off as (rule, entry), given back by the rule (rules.traits.registry). A
    separate class, as TraitedProtection, so that other weapons keep their record form."""
    off: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Protection:
    """One protection (BLD-7): DEF, SIZ, QUA and its own wounds (WND-6)."""
    key: str
    name: str
    ENE: int
    DEF: int
    SIZ: int
    QUA: int
    wounds: int = 0

    @property
    def current_def(self) -> int:
        """WND-6: DEF −1 per wound, minimum 1; a disabled protection (WND-4) gives 0."""
        if self.wounds >= self.QUA:
            return 0
        return max(1, self.DEF - self.wounds)

    #: a protection without traits (see TraitedProtection)
    traits: ClassVar[tuple[str, ...]] = ()
    levels: ClassVar[tuple[tuple[str, int, int], ...]] = ()
    params: ClassVar[tuple[tuple[str, str], ...]] = ()

    @property
    def disabled(self) -> bool:
        """WND-4: a protection with as many wounds as QUA is disabled (its traits stop working, traits G10)."""
        return self.wounds >= self.QUA

    @property
    def destroyed(self) -> bool:
        """WND-5: more wounds than QUA: destroyed (WND-1: it cannot be repaired)."""
        return self.wounds > self.QUA

    def level(self, trait_id: str) -> int:
        """The current level of per-level trait `trait_id` (0 when it has none left)."""
        return next((cur for t, cur, _ in self.levels if t == trait_id), 0)

    def param(self, trait_id: str) -> str | None:
        """The parameter of trait `trait_id` (None: none)."""
        return next((v for t, v in self.params if t == trait_id), None)


@dataclass(frozen=True, slots=True)
class TraitedProtection(Protection):
    """A protection that carries traits (issue 12): its trait IDs, the levels of its per-level traits as
    (trait ID, current level, bought level) and the parameters of its traits as (trait ID, parameter). A
    separate class so that a protection without traits keeps its record form (state checksums of the golden
    records); the rules read ``traits``, ``levels`` and ``params`` of any Protection."""
    traits: tuple[str, ...] = ()
    levels: tuple[tuple[str, int, int], ...] = ()
    params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Equipment:
    weapons: tuple[Weapon, ...] = ()
    protections: tuple[Protection, ...] = ()


@dataclass(frozen=True, slots=True)
class Life:
    """WND-2 / WND-3: 'active', 'incapacitated' or 'dead'."""
    state: str = "active"


@dataclass(frozen=True, slots=True)
class KnockedOut:
    """CBA-26: unconscious after a won Noquear by `by`, with no wounds, until a third character attends to it
    (Curar / Reparar, GNA-5). Read by `GameState.unconscious`."""
    by: int


@dataclass(frozen=True, slots=True)
class Possessed:
    """CBA-21 / MET-10 / PSI-17: the character is possessed by `possessor` (rules/possession.py): while it is, its
    Identity side is the possessor's and `owner` keeps its own; `turn`: the turn the possession began. Read by
    `GameState.able` (PSI-17: a possessed unconscious character stands)."""
    possessor: int
    owner: str
    turn: int


@dataclass(frozen=True, slots=True)
class PossessedGear:
    """CBA-21 / MET-10: this piece of equipment is possessed by `possessor` (rules/possessed_gear.py): on an object's
    `Item` entity (`aim` "item:<id>") or on the entity carrying a transport's `Mount` (`aim` "transport"). `holder`:
    the character that held it when it was possessed, whose next activation's end ends the possession (ruling 1,
    MET-5; `armed` once that activation has started); `turn`: the turn it began (MET-6); `off`: switched off (no
    use: rules/switched_off.py); `wounds`: the wounds given through it (at most QUA + 1). A component of its own so
    that games without it keep their state checksums."""
    possessor: int
    holder: int
    aim: str
    turn: int
    off: bool = False
    wounds: int = 0
    armed: bool = False


@dataclass(frozen=True, slots=True)
class GearMarked:
    """GNA-11: this piece of equipment (an object's `Item` entity, or the entity carrying a transport's `Mount`) was
    marked by the characters `by`: each may possess it again whatever its stress (rules/possessed_gear.py)."""
    by: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Immobilised:
    """CBA-25: held by `holder` (a won Inmovilizar) until the start of the holder's next activation, or until the
    holder leaves base contact or is out of action (rules/holds.py)."""
    holder: int


@dataclass(frozen=True, slots=True)
class Surprise:
    """CBA-11: a declared Ataque sorpresa: this character's next melee combat action against `target` in this
    activation hits automatically against DEF −2 (rules/combat.py); lapses at the end of the activation."""
    target: int


@dataclass(frozen=True, slots=True)
class Climbing:
    """MVA-10 / MVA-13: a character on a wall at level 1: clinging part-way up the piece `piece`, or standing on its
    top (`height` = the piece's height); `height` K raise its base elevation (GameState.elevation). Absent on the
    ground; removed when it comes down (Dejarse caer, a fall) or steps onto a 3 K roof (level 2)."""
    piece: str
    height: float


@dataclass(frozen=True, slots=True)
class SilentArrival:
    """MVA-7: the character's latest move was Mover sin hacer ruido (no noise), or a move with Mimético on
    (TRT-MIMETIC): it "arrived silently or mimetic" for Ataque sorpresa (CBA-11). Removed by any other move of it
    and at the end of its activation."""


@dataclass(frozen=True, slots=True)
class Activation:
    """Per-turn activation bookkeeping (SEQ-5, ENE-3, GNA-10, ACT-3)."""
    acted: bool = False              # its activation this turn is over
    started: bool = False            # the activation has started (ENE gain done)
    waiting_until: int = 0           # GNA-10: eligible again from this phase
    actions: int = 0                 # actions taken in the current activation
    chain_next: bool = False         # ACT-3: the previous action was flagged as chained to this one
    sprinted: bool = False           # MVA-3: once per activation


@dataclass(frozen=True, slots=True)
class Effects:
    """One-shot and lasting modifiers from actions (MVA-2, MVA-3, CBA-12, GNA-1, GNA-4, MOD-8, PSI-*)."""
    next_action_mod: tuple[tuple[str, str, int], ...] = ()   # (rule, kind, value): kind 'run' | 'sprint'
    sprint_turn: int = -1              # MVA-3: sprinted in this turn (no attacks; CH IMP −1 against it)
    charge_target: int | None = None   # CBA-12: next melee action against it +1 IMP, +1 DMG
    concentrate: int = 0               # GNA-4 pending bonus
    concentrate_building: bool = False
    support: int = 0                   # GNA-1 pending +1 on next CH ATR
    fast_move: bool = False            # MOD-8: latest movement action covered > 5 K
    psi_bonus: bool = False            # PSI-4: CH ATR +1 until end of activation
    followup: bool = False             # CMB-15: may take the free follow-up move now
    spent: tuple[str, ...] = ()        # per-activation trait marks (a use spent, a condition met; cleared when it activates)


@dataclass(frozen=True, slots=True)
class Psyche:
    """PSI-8..12: panic and the maluses gained (trait IDs, e.g. "TRT-VERY-FEARFUL")."""
    panic: bool = False
    maluses: tuple[str, ...] = ()
    forced_charge: int | None = None   # PSI-7: next action must be Cargar against this enemy


@dataclass(frozen=True, slots=True)
class TraitParams:
    """The parameters of the character's own traits that take one (TRT-MASTERY: the chosen action or item), as
    (trait ID, value) pairs: an engine action key (one pair per key the chosen action has) or "weapon:<id>" /
    "object:<id>"; only set on a character that has one."""
    params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class NextActivation:
    """Trait marks waiting for the bearer's next activation (TRT-WRATH): its trait moves them into
    ``Effects.spent`` when that activation starts."""
    marks: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Power:
    """TRT-POWERFUL: the Power a Poderoso has gathered (0 to 10; +1 per wound it takes or inflicts)."""
    value: int = 0


@dataclass(frozen=True, slots=True)
class Mana:
    """TRT-MANA: the ENE given at the start of the turn that only pays for metahabilities (a pool of its own, not
    capped by ENE-3's 10; what is left is lost when the next turn gives it anew)."""
    value: int = 0


@dataclass(frozen=True, slots=True)
class Mimetic:
    """TRT-MIMETIC: Mimético is switched on (an action at ENE 1 switches it on or off)."""


@dataclass(frozen=True, slots=True)
class Compelled:
    """A trait compels the character's attacks in this activation (TRT-MURDEROUS-MADNESS, TRT-RADIANT,
    TRT-CHALLENGER): while a `mode` attack ('ranged', 'charge', or 'melee': a charge or a melee combat action) at
    one of `targets` is within reach, its `mode` attacks must target one
    of them and, when `first_only`, its first action must be such an attack (ending the activation stays
    allowed). `rule` names the trait; the compulsion lapses at the end of the activation (and, `first_only`,
    after its first action)."""
    targets: tuple[int, ...]
    mode: str
    rule: str
    first_only: bool = False


@dataclass(frozen=True, slots=True)
class MalusDue:
    """PSI-8: the character panicked and `count` maluses are still to be chosen for it by the opposing player
    (the engine asks as soon as the step that caused the panic has resolved). `rule` names the CH LOC outcome
    that gave the first one (PSI-8 or PSI-9)."""
    count: int = 1
    rule: str = "PSI-8"

# --- items, searchable elements, hiding and bonds (GNA-2, GNA-3, GNA-6, GNA-7, GNA-9, GNA-14, GNA-15) ----------
@dataclass(frozen=True, slots=True)
class Item:
    """One item of the game that is not part of a character's `Equipment` (GNA-2, GNA-3, GNA-14, GNA-15), as its
    own entity: what it is and where it is. Exactly one of: held by the character `holder`; hidden inside the
    searchable element `inside` (an entity with `Searchable`) until a Buscar finds it; lying on the ground at `at`.
    A weapon or protection put down (Soltar) keeps its profile in `weapon` / `protection`. An object archetype
    (BLD-17) is an `Item` with a `Gear` component beside it (its profile, uses and wounds)."""
    name: str
    holder: int | None = None
    inside: int | None = None
    at: tuple[float, float] | None = None
    weapon: Weapon | None = None
    protection: Protection | None = None


@dataclass(frozen=True, slots=True)
class Gear:
    """BLD-17 / GNA-16: an object archetype in play, on its `Item` entity (which says who holds it). ENE: what
    Usar costs; RNG: the K within which its target is chosen (0: the user or a model in base contact); QUA:
    its durability (wounds, WND-4: disabled at QUA). `traits` its trait IDs, `levels` the level of each
    per-level trait (TRT-ELIXIR 2), `charges` the uses left (TRT-CHARGES; None: no limit). A component of its
    own (not fields of `Item`), so that games without objects keep their state checksums."""
    key: str
    name: str
    ENE: int
    RNG: int
    QUA: int
    traits: tuple[str, ...] = ()
    levels: tuple[tuple[str, int], ...] = ()
    charges: int | None = None
    wounds: int = 0

    def level(self, trait_id: str) -> int:
        return next((n for t, n in self.levels if t == trait_id), 1)

    @property
    def disabled(self) -> bool:
        """WND-4: as many wounds as QUA."""
        return self.wounds >= self.QUA

    @property
    def destroyed(self) -> bool:
        """WND-5: more wounds than QUA: destroyed (WND-1: it cannot be repaired)."""
        return self.wounds > self.QUA


@dataclass(frozen=True, slots=True)
class Searchable:
    """GNA-2: a scenario element that can be searched (Buscar): a disc at (x, y) of `radius` K on level 1, whose
    contents are the `Item`s `inside` it; `searched` once a Buscar found them."""
    id: str
    name: str
    x: float
    y: float
    radius: float
    searched: bool = False


@dataclass(frozen=True, slots=True)
class MovedPiece:
    """A movable terrain piece (issue 16, scenery; TRT-SUPER-STRENGTH): its terrain id, CON and size, and how far it
    now stands from where the scenario set it (dx, dy K; `gone`: smashed off the table)."""
    piece: str
    con: int
    size: str
    dx: float = 0.0
    dy: float = 0.0
    gone: bool = False


@dataclass(frozen=True, slots=True)
class BreakablePiece:
    """A terrain piece a scenario marks ``breakable = {con, what}`` (a wall or a door; TRT-WALLBREAKER ruling, WND-5
    reading, rules/scenery_breaking.py): its terrain id, what it is ('wall' or 'door'), its CON, its DEF (the
    piece's own ``defense``), the `wounds` it has taken and `gone` (destroyed: off the board)."""
    piece: str
    what: str
    con: int
    defense: int
    wounds: int = 0
    gone: bool = False


@dataclass(frozen=True, slots=True)
class UsableElement:
    """GNA-16: a scenario element used with Usar (X) (``[element.use]``), on the same entity as its `Searchable` disc:
    X = `ene`, the check its scenario sets (`check` an attribute or None, `modifier` its difficulty) and its
    `effect`: a 'door' opens and closes the terrain piece `door` (`open` now), a 'mechanism' is `used` once (the
    scenario's event reads it: ALM-34, ALM-39)."""
    ene: int
    check: str | None
    modifier: int
    effect: str
    door: str = ""
    open: bool = False
    used: bool = False


@dataclass(frozen=True, slots=True)
class Hidden:
    """GNA-9: hidden (Esconderse). `tried`: (enemy, turn, acting character) of each failed discovery roll — one per
    enemy per activation (ruling 2)."""
    tried: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Tied:
    """CBA-25 ruling (3) / GNA-6: tied up (no moves, pivots, attacks or reactions) until Desatarse frees it; steel
    bonds need a natural 1 on two Desatarse rolls in a row (`ones`: the current run of 1s)."""
    steel: bool = False
    ones: int = 0


@dataclass(frozen=True, slots=True)
class Looted:
    """GNA-14: `count` items looted in turn `turn`: CH AGI −1 each until the end of that turn (rules.modifiers). A
    component of its own, set only by Saquear, so that games without looting keep their state checksums."""
    count: int
    turn: int


@dataclass(frozen=True, slots=True)
class Disposed:
    """GNA-7: this corpse was destroyed (Eliminar) by `by`: nothing can loot, use or resurrect it."""
    by: int


@dataclass(frozen=True, slots=True)
class AlarmArrival:
    """ALM-36: a character that arrived in an alarm wave in `turn`, with its arrival handicap for that turn:
    'half_energy' (a temporal reinforcement: ENE capped at half its gain, no reactions) or 'lost_turn' (a
    carry-the-bell arrival: no activation, no reactions)."""
    turn: int
    handicap: str


# --- transports (MOV-2, MOV-6, BLD-19..21, MVA-17, WND-4, WND-5; rules/riding.py) -----------------------------
@dataclass(frozen=True, slots=True)
class Mount:
    """BLD-3 / BLD-19: the character's transport in play. The transport is part of its owner's miniature: while
    the owner rides it (until it gets off, MVA-17: the transport is then `Parked`), the character's `Body` is the
    transport's base and height, its MOV is the transport's (MOV-2), and the transport's DEF and its mounted
    protections' DEF add to its CH DEF target (BLD-19 b, BLD-20). `rider_body` and `rider_traits` are the
    character's own, given back when the transport is destroyed (WND-5); `traits` are the transport's trait IDs
    (joined to the character's while it rides); `mounted` the indices of its mounted weapons in `Equipment`.
    `passengers` ride inside (MVA-17, TRT-CAPACITY: `capacity` load levels); `moved_turn` / `moved_k`: the game turn
    of its latest move and the K moved in that turn (MVA-17 "en marcha", MVA-18); `ene_turn`: the turn its ENE was
    paid (BLD-19 c)."""
    key: str
    name: str
    ENE: int
    MOV: int
    DEF: int
    QUA: int
    rider_body: Body
    rider_traits: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    mounted_def: int = 0
    mounted: tuple[int, ...] = ()
    capacity: int = 0
    flies: bool = False
    wounds: int = 0
    passengers: tuple[int, ...] = ()
    moved_turn: int = -1
    moved_k: float = 0.0
    ene_turn: int = -1
    classes: tuple[str, ...] = ()    # the transport archetype's classes ("tanque", "vehículo"): TRT-ANTI-AMMO

    @property
    def disabled(self) -> bool:
        """WND-4: as many wounds as QUA: it cannot move."""
        return self.wounds >= self.QUA


@dataclass(frozen=True, slots=True)
class MountPoints:
    """ENV-3: where the weapons mounted on the character's transport that the data give a mount point fire from, as
    (weapon key, (K ahead of the transport's centre, K to its left, K above its base)). A component of its own, set
    only when one has a mount point, so that games without them keep their state checksums."""
    points: tuple[tuple[str, tuple[float, float, float]], ...]

    def of(self, key: str) -> tuple[float, float, float] | None:
        return next((p for k, p in self.points if k == key), None)


@dataclass(frozen=True, slots=True)
class MountedObject:
    """BLD-20: this object (an `Item` with a `Gear`) is mounted on a transport: its `Item.holder` is the transport's
    driver while it rides (who alone uses it, GNA-16: only aboard), the driverless transport once the driver got off
    (MVA-17, components.Parked), and it goes when the transport is destroyed (WND-5). It is not handed over, looted,
    dropped or thrown (GNA-3, GNA-14, GNA-15: it is part of the transport). A marker of its own so that games
    without mounted objects keep their state checksums."""


@dataclass(frozen=True, slots=True)
class Carried:
    """MVA-17: the character is aboard the transport of `carrier` (a passenger): off the table, it moves with it."""
    carrier: int


@dataclass(frozen=True, slots=True)
class MountLevels:
    """The levels of the per-level traits of a transport (TRT-DARKNESS-FIELD), as (trait ID, level), on the entity
    that carries its `Mount` (its driver, or the `Parked` transport) and moved with it. A component of its own so
    that games without a levelled transport trait keep their state checksums."""
    levels: tuple[tuple[str, int], ...]

    def level(self, trait_id: str) -> int:
        """The level of trait `trait_id` (0: none)."""
        return next((n for t, n in self.levels if t == trait_id), 0)


@dataclass(frozen=True, slots=True)
class GearStress:
    """MET-8 / CBA-18: the stress Corromper / Hackear gave a piece of equipment (on an object's `Item` entity, or on
    the entity that carries a transport's `Mount`: its driver, or the `Parked` transport). It counts against the
    equipment's QUA (CBA-21 ruling): what Poseer aimed at it needs (rules/possessed_gear.py); nothing else in the book
    follows from it. A component of its own so that games without hacked equipment keep their state checksums."""
    value: int


@dataclass(frozen=True, slots=True)
class Parked:
    """MVA-17 (the driver's case): a transport whose driver got off. The entity stands on the table with the
    transport's `Position`, `Body` and `Mount` (its wounds, ENE paid, en marcha kept) but is no character: it cannot
    move, act or be targeted, and it occupies its space (BAS-2). `weapons` are its mounted weapons; `owner` the
    character that fielded it. A character in base contact may take it over (Tomar el transporte)."""
    owner: int
    weapons: tuple = ()


# --- metahabilities (MET-1..7, CBA-18, CBA-20) -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Metahability:
    """MET-1 / BLD-10: a metahability archetype as carried in play: ENE, RNG (after its range traits), QUA, its
    kind (the type trait ID: TRT-MUTATION, TRT-BUNKAI, TRT-INVOCATION or TRT-BINDING), its trait IDs and the
    parameters of those that take one ((trait ID, parameter) pairs: TRT-HEX's malus, TRT-NEGATE's bonus)."""
    id: str
    name: str
    ENE: int
    RNG: int
    QUA: int
    kind: str
    traits: tuple[str, ...] = ()
    params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Cast:
    """MET-6: a metahability of the caster (`index` in its `Metahabilities`) successfully cast or maintained on
    `target` in turn `turn` (maintainable in turn `turn` + 1)."""
    index: int
    target: int
    turn: int
    maintained: bool = False


@dataclass(frozen=True, slots=True)
class Metahabilities:
    """MET-1: the metahabilities a character carries (list order), and its successful casts (MET-6). Only a
    character carrying one has this component (games without metahabilities keep their state checksums)."""
    items: tuple[Metahability, ...]
    casts: tuple[Cast, ...] = ()


@dataclass(frozen=True, slots=True)
class CarriedProtections:
    """GNA-16 / BLD-7: protections the character carries but does not wear (or has not activated): their DEF does not
    count until it puts one on with Usar at the protection's ENE, which moves it to its `Equipment`. A list's
    ``carried`` protections start here (rules/carried.py). Only a character carrying one has this component (other
    games keep their state checksums)."""
    items: tuple


@dataclass(frozen=True, slots=True)
class MountedMetas:
    """BLD-20: the metahabilities mounted on a transport ("invocaciones"). On its driver while it rides: they are the
    last ``len(items)`` entries of the driver's `Metahabilities` (the driver casts them as its own, MET-1: its
    school and the kind's attribute, from its base, the transport's, BLD-19); on a driverless transport
    (components.Parked) until someone takes it over (MVA-17); gone with a destroyed one (WND-5). Only a transport
    carrying one has this component (other games keep their state checksums)."""
    items: tuple[Metahability, ...]


@dataclass(frozen=True, slots=True)
class MetaEffect:
    """MET-3..5: a metahability's lasting effect on `target`, cast by `caster` (its metahability `index`).
    `ends` 'start': it lapses at the start of the caster's next activation (MET-3, and TRT-MAGIC-NULLIFY); 'end':
    at the end of the target's next activation (MET-4 / MET-5), the first one that starts after the casting
    (`armed` once it started). `grants` / `negates`: trait IDs the target carries / loses while it lasts (TRT-HEX,
    TRT-NEGATE, TRT-MAGIC-CALM, TRT-PSYCHIC-ENERGY); `cancels`: the `uid` of an effect it suspends
    (TRT-MAGIC-NULLIFY)."""
    uid: int
    caster: int
    index: int
    name: str
    target: int
    ends: str
    armed: bool = False
    grants: tuple[str, ...] = ()
    negates: tuple[str, ...] = ()
    cancels: int | None = None


@dataclass(frozen=True, slots=True)
class MetaEffects:
    """MET-3..5: the metahability effects on a character, in casting order."""
    active: tuple[MetaEffect, ...] = ()


@dataclass(frozen=True, slots=True)
class Countered:
    """CBA-20: a Contramagia by `by` was declared against this acting neuromancer's current action: its CH INT
    becomes a CH INT ENF against `by` (removed when that check is rolled or the activation ends)."""
    by: int
