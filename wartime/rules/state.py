"""GameState: the world plus the board, and the read-only questions every rule asks about miniatures
(who is able, who is engaged, distances, eyes, DEF sums). Rules read geometry through here."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Iterable

import numpy as np
from shapely import affinity

from wartime.core.components import (Activation, Attributes, Body, Compelled, Effects, Energy, Equipment,
                                     Identity, KnockedOut, Life, Position, Posture, Psyche, Stress, Traits, Wounds)
from wartime.core.components import Climbing  # MVA-10: a climber's raised elevation
from wartime.core.components import Carried, Mount, MountPoints, Parked  # MOV-2, BLD-19, MVA-17: transports
from wartime.core.components import UsableElement  # GNA-16: doors (rules/elements.py)
from wartime.core.components import Possessed  # PSI-17: possessed while unconscious (rules/possession.py)
from wartime.core.components import MovedPiece  # movable scenery (rules/scenery_objects.py)
from wartime.core.components import BreakablePiece  # breakable walls and doors (rules/scenery_breaking.py)
from wartime.core.world import World
from wartime.geometry import grid, measure, sight
from wartime.geometry.heights import LEVEL_2_HEIGHT
from wartime.geometry.board import Board
from wartime.geometry.movement import Other
from wartime.rules.traits import registry as trait_hooks


def _moved_pieces(pieces, moved) -> list:
    """The terrain pieces with the movable ones moved by their (dx, dy) and the smashed ones left out."""
    by_id = {pid: (dx, dy, gone) for pid, dx, dy, gone in moved}
    out = []
    for p in pieces:
        if p.id not in by_id:
            out.append(p)
        elif not by_id[p.id][2]:
            dx, dy, _ = by_id[p.id]
            out.append(replace(p, polygon=affinity.translate(p.polygon, dx, dy)))
    return out


#: the component tables a BAS-3 distance reads: positions and levels (Position), bases (Body), climbs (Climbing,
#: MVA-10), and what the board is made of (doors GNA-16, movable and breakable pieces); see `GameState._where_kept`
_WHERE_TYPES = (Position, Body, Climbing, UsableElement, MovedPiece, BreakablePiece)
#: what `GameState.enemies` reads: the miniatures and their sides (Identity), on the table (Life, Carried) and able
#: (Life, Stress, Attributes, KnockedOut, Possessed)
_WHO_TYPES = (Identity, Life, Carried, Stress, Attributes, KnockedOut, Possessed)
#: the component tables `GameState.board` reads (doors open or shut, movable pieces moved, walls destroyed)
_BOARD_TYPES = (UsableElement, MovedPiece, BreakablePiece)


#: variants of a scenario board (doors open, pieces moved or destroyed) kept on it before they are forgotten
DOOR_BOARDS_MAX = 256


class GameState:
    """One point of a game: the ECS world and the board (static terrain)."""

    def __init__(self, world: World, board: Board, *, turn_limit: int = 8, victory: str = "elimination",
                 deployment: dict | None = None, sides: tuple[str, ...] = ("red", "blue")):
        self.world = world
        self._board = board
        #: GNA-16: {door terrain id: its element's entity} when the scenario has doors (rules/elements.py), else None
        self.doors: dict[str, int] | None = None
        #: movable scenery: {terrain id: its MovedPiece entity} when the scenario has movable pieces, else None
        self.movables: dict[str, int] | None = None
        #: breakable walls and doors: {terrain id: its BreakablePiece entity} when the scenario has any, else None
        #: (TRT-WALLBREAKER ruling, rules/scenery_breaking.py)
        self.breakables: dict[str, int] | None = None
        self.turn_limit = turn_limit
        self.victory = victory
        self.deployment = deployment or {}
        self.sides = sides
        #: ALM-32..ALM-40: an alarm game's static setup (rules/alarm_flow.py `install`), None otherwise
        self.alarm = None
        #: BLD-22: a ``victory = "objective"`` scenario's zone (rules/objectives.py `install`), None otherwise
        self.objective = None
        #: darkness (project ruling, rules/darkness.py): the scenario's ``night`` / ``[[dark]]`` areas, None without
        self.darkness = None
        #: the match's peer combat system (rules.combat_systems; WNG-*, SWD6-*, SGD20-*), None for Wartime's own
        #: resolution: combat.resolve_attack / resolve_hit and odds.attack_odds hand over to it when set
        self.combat = None
        #: answers that are pure functions of the component tables, valid while `world.version` is unchanged
        #: (components are frozen, and every change goes through the world); never game state. None of them
        #: depends on a facing (see `facing_only_change`)
        self._memos: dict[int, dict] = {}
        #: answers kept across world versions, each stamped with the very (frozen) components it read and
        #: checked against them before use (rules.traits.registry._traits_of); never game state
        self._stable: dict = {}
        self._memo_v: int | None = None         # the version `_memo_table` answered last, and its table
        self._memo_cur: dict = {}
        #: `board`'s last answer with what it was read from: (World.changed_at, World.stamp of _BOARD_TYPES, the
        #: scenario board, doors, movables, breakables, the board); never game state
        self._board_kept: tuple | None = None

    @property
    def board(self) -> Board:
        """The board as it stands now: the scenario's, without the doors that are open (GNA-16, rules/elements.py)
        and the walls and doors destroyed (rules/scenery_breaking.py), movable pieces where they stand (read from
        the world, so a dry run or a snapshot put back restores it; one Board, with its spatial index, per state,
        cached by that state's key: deterministic)."""
        if self.doors is None and self.movables is None and self.breakables is None:
            return self._board
        w = self.world
        kept = self._board_kept          # issue 20: kept while no table it reads changed (`World.stamp`)
        if kept is not None and kept[2] is self._board and kept[3] is self.doors and kept[4] is self.movables \
                and kept[5] is self.breakables:
            if kept[0] == w.changed_at:
                return kept[6]
            stamp = w.stamp(_BOARD_TYPES)
            if kept[1] == stamp:
                self._board_kept = (w.changed_at,) + kept[1:]
                return kept[6]
        else:
            stamp = w.stamp(_BOARD_TYPES)
        got = self._board_of_tables()
        self._board_kept = (w.changed_at, stamp, self._board, self.doors, self.movables, self.breakables, got)
        return got

    def _board_of_tables(self) -> Board:
        """`board`'s work: read from the doors', movable and breakable pieces' components (`_BOARD_TYPES`)."""
        w = self.world
        doors = self.doors or {}
        shut = tuple(d for d, el in doors.items() if not w.get(el, UsableElement).open)
        moved = ()
        if self.movables is not None:                 # movable scenery moved or smashed (rules/scenery_objects.py)
            moved = tuple((m.piece, m.dx, m.dy, m.gone) for el in self.movables.values()
                          if (m := w.get(el, MovedPiece)).dx or m.dy or m.gone)
        broken = ()
        if self.breakables is not None:               # walls and doors destroyed (rules/scenery_breaking.py)
            broken = tuple(pid for pid, el in self.breakables.items() if w.get(el, BreakablePiece).gone)
        key = (tuple(doors), shut) if not moved and not broken else (tuple(doors), shut, moved, broken)
        b = self._board
        # kept on the scenario board (a pure function of it and the key), so the games of a process that share
        # the board (match.setup.build_board) share these too; bounded
        kept_boards = b.__dict__.setdefault("_door_boards", {})
        got = kept_boards.get(key)
        if got is None:
            if len(kept_boards) >= DOOR_BOARDS_MAX:
                kept_boards.clear()
            keep = [p for p in b.pieces if (p.id not in doors or p.id in shut) and p.id not in broken]
            if moved:
                keep = _moved_pieces(keep, moved)
            same = len(keep) == len(b.pieces) and not moved
            got = kept_boards[key] = b if same else Board(b.width, b.height, keep, b.grid)
        return got

    @property
    def scenario_board(self) -> Board:
        """The board as the scenario sets it up, every door closed (GNA-16)."""
        return self._board

    @board.setter
    def board(self, board: Board) -> None:
        self._board = board

    #: memo tables kept at once: the current state's and those of the few states a dry run may come back to
    MEMO_TABLES = 4

    def _memo_table(self) -> dict:
        """The memo of the current world version. Versions are never reused (World.bump_version), so a table
        stays valid for its version; keeping a few lets a dry run that sets a component and puts it back
        (World.revert_version) find the answers of the state it returns to."""
        v = self.world.version
        if v == self._memo_v:                  # the common case: the same version as the last question
            return self._memo_cur
        table = self._memos.get(v)
        if table is None:
            if len(self._memos) >= self.MEMO_TABLES:
                del self._memos[next(iter(self._memos))]          # the oldest (insertion order)
            table = self._memos[v] = {}
        self._memo_v, self._memo_cur = v, table
        return table

    def facing_only_change(self, before: int) -> None:
        """The state moved from world version `before` by turning a miniature only (a dry run's free turn, MOV-5):
        every memoised answer ignores facings (who is where, engaged, distances), so the new version shares the
        old one's table. Anything memoised here must stay independent of facings."""
        table = self._memos.get(before)
        if table is not None:
            self._memos[self.world.version] = table
            self._memo_v = None

    # --- who --------------------------------------------------------------------------------
    def minis(self) -> list[int]:
        memo = self._memo_table()
        got = memo.get("minis")
        if got is None:
            got = memo["minis"] = tuple(self.world.query(Identity))
        return list(got)

    def side(self, e: int) -> str:
        return self.world.get(e, Identity).side

    def name(self, e: int) -> str:
        return self.world.get(e, Identity).name

    def on_table(self, e: int) -> bool:
        """WND-3: the dead are removed (a corpse marker blocks nothing); ALM-37: so is a defender that fled the
        hold zone, or escaped through the exit (ALM-40); MVA-17: a passenger aboard a transport is off the table;
        everyone else occupies space."""
        return self.world.get(e, Life).state not in ("dead", "fled", "escaped") and not self.world.has(e, Carried)

    def unconscious(self, e: int) -> bool:
        """PSI-16: stress above VOL; CBA-26: knocked out (Noquear) until attended to."""
        return (self.world.get(e, Stress).value > self.world.get(e, Attributes).VOL
                or self.world.has(e, KnockedOut))

    def able(self, e: int) -> bool:
        """Able to act: not incapacitated (WND-2), dead (WND-3) or unconscious (PSI-16), unless possessed (PSI-17:
        it stands while the possession lasts)."""
        return self.world.get(e, Life).state == "active" and (not self.unconscious(e)
                                                              or self.world.has(e, Possessed))

    def enemies(self, e: int, able_only: bool = True) -> list[int]:
        memo = self._memo_table()
        key = ("enemies", e, able_only)
        got = memo.get(key)
        if got is None:
            kept = self._who_kept()                 # issue 20: across the versions that change nobody's state
            got = kept.get(key)
            if got is None:
                s = self.side(e)
                got = kept[key] = tuple(o for o in self.minis() if self.side(o) != s and self.on_table(o)
                                        and (self.able(o) if able_only else True))
            memo[key] = got
        return list(got)

    def _who_kept(self) -> dict:
        """Issue 20: a table of answers that read only the tables of ``_WHO_TYPES`` (who is on which side, on the
        table and able: `enemies`), kept across world versions while those tables are unchanged: a trial position
        or an ENE spent changes none of them."""
        return self._kept_over("who", _WHO_TYPES)

    def allies(self, e: int, able_only: bool = True) -> list[int]:
        memo = self._memo_table()
        key = ("allies", e, able_only)
        got = memo.get(key)
        if got is None:
            s = self.side(e)
            got = memo[key] = tuple(o for o in self.minis() if o != e and self.side(o) == s and self.on_table(o)
                                    and (self.able(o) if able_only else True))
        return list(got)

    def side_alive(self, side: str) -> list[int]:
        return [e for e in self.minis() if self.side(e) == side and self.able(e)]

    # --- where ------------------------------------------------------------------------------
    def pos(self, e: int) -> Position:
        return self.world.get(e, Position)

    def body(self, e: int) -> Body:
        return self.world.get(e, Body)

    def current_height(self, e: int) -> float:
        """Preface: h standing, h/2 crouched (MVA-4), h/4 prone (MVA-5)."""
        h = self.body(e).height
        state = self.world.get(e, Posture).state
        return h if state == "standing" else (h / 2 if state == "crouched" else h / 4)

    def elevation(self, e: int) -> float:
        """MOV-10: base elevation. Level 1: the surface under the base centre, plus the height climbed up a wall
        (MVA-10); level 2: that surface + 3 K (a flyer, or a character standing on a 3 K high piece: see
        `perched`). Levels 3, 4 and −1 have no elevation: they interact only within their own level (MOV-11), where
        0 is used."""
        p = self.pos(e)
        if p.level == 1:
            # MVA-10: a climber clinging to a wall or standing on its top is raised by the K it climbed
            climbing = self.world.try_get(e, Climbing)
            return self.board.surface_height(p.x, p.y) + (climbing.height if climbing is not None else 0.0)
        if p.level == 2:
            return self.board.surface_height(p.x, p.y) + LEVEL_2_HEIGHT
        return 0.0

    def hanging(self, e: int) -> bool:
        """TRT-SPIDER (issue 12): the mini hangs under a roof (its `Climbing` names a roofed piece): its base is at
        the roof's height (elevation), its body hangs down from it."""
        if not self.board.ceilings:
            return False
        climbing = self.world.try_get(e, Climbing)
        return climbing is not None and self.board.piece(climbing.piece).ceiling > 0

    def clinging(self, e: int) -> bool:
        """MVA-10 / TRT-SPIDER: the mini holds on with its whole body: part-way up a wall it climbs (its `Climbing`
        below the piece's top) or hanging under a roof. Standing on a wall's top is not clinging."""
        climbing = self.world.try_get(e, Climbing)
        if climbing is None:
            return False
        piece = self.board.piece(climbing.piece)
        return piece.ceiling > 0 or climbing.height < piece.height - 1e-9

    def eye(self, e: int) -> tuple[float, float, float]:
        """Preface / ENV-2: the eye point is the base centre at elevation (MOV-10) + current height (TRT-SPIDER:
        hanging under a roof, − current height: it hangs head down under the roof)."""
        p = self.pos(e)
        if self.hanging(e):
            return (p.x, p.y, self.elevation(e) - self.current_height(e))
        return (p.x, p.y, self.elevation(e) + self.current_height(e))

    def muzzle(self, e: int, weapon=None) -> tuple[float, float, float]:
        """ENV-3: the muzzle of a weapon carried by a character is its eye point, so its line of fire is its
        line of sight; a weapon mounted on the transport it rides fires from the transport's top centre (its eye,
        MOV-2), or from the mount point its data give (`mount_point`: K ahead of and to the left of the transport's
        centre, turned with its facing, and K above its base)."""
        points = self.world.try_get(e, MountPoints) if weapon is not None else None
        point = points.of(weapon.key) if points is not None else None
        if point is None or not self.world.has(e, Mount):
            return self.eye(e)
        p = self.pos(e)
        a = math.radians(p.facing)
        ahead, left, up = point
        return (p.x + ahead * math.cos(a) - left * math.sin(a), p.y + ahead * math.sin(a) + left * math.cos(a),
                self.elevation(e) + up)

    def distance(self, a: int, b: int) -> float:
        """BAS-3: edge to edge, g = max(0, |c1 − c2| − r1 − r2), with the vertical separation of the base
        elevations (MOV-10, MOV-12: a level-2 mini is 3 K above level 1): √(g² + dz²). In the grid variant
        (MOV-15) g is the Chebyshev distance between the nearest occupied squares − 1."""
        memo = self._memo_table()
        key = ("d", a, b)
        got = memo.get(key)
        if got is None:
            kept = self._where_kept()               # issue 20: across the versions that move nothing
            got = kept.get(key)
            if got is None:
                got = kept[key] = self._distance(a, b)
            memo[key] = got
        return got

    def _where_kept(self) -> dict:
        """Issue 20: a table of answers that read only the tables of ``_WHERE_TYPES`` and the static board (BAS-3
        distances), kept across world versions while those tables are unchanged; most versions change none of them
        (events, flow, ENE, effects)."""
        return self._kept_over("where", _WHERE_TYPES)

    def _kept_over(self, name: str, ctypes: tuple) -> dict:
        """Issue 20: the table of answers `name` that read only the tables of `ctypes`, kept across world versions
        while those tables are unchanged (`World.changed_at`, then `World.stamp`, as `traits.stable_table`)."""
        w = self.world
        got = self._stable.get(name)
        if got is not None and got[2] == w.changed_at:
            return got[1]
        stamp = w.stamp(ctypes)
        table = got[1] if got is not None and got[0] == stamp else {}
        self._stable[name] = (stamp, table, w.changed_at)
        return table

    def _distance(self, a: int, b: int) -> float:
        pa, pb = self.pos(a), self.pos(b)
        za, zb = self.elevation(a), self.elevation(b)
        if self.board.grid:
            g = float(max(0, grid.edge_distance(self.squares(a), self.squares(b))))
            return g if za == zb else math.hypot(g, za - zb)
        return measure.edge_distance(pa.x, pa.y, self.body(a).radius, za, pb.x, pb.y, self.body(b).radius, zb)

    def squares(self, e: int) -> tuple[tuple[int, int], ...]:
        """MOV-15: the n × n squares a base occupies (n = its diameter, BAS-5 rounded), in (i, j) order."""
        p = self.pos(e)
        n = grid.squares_per_side(2.0 * self.body(e).radius)
        return grid.footprint((math.floor(p.x - n / 2.0 + 0.5), math.floor(p.y - n / 2.0 + 0.5)), n)

    def in_contact(self, a: int, b: int) -> bool:
        """CMB-11: edge distance ≤ 0.05 K at the same level."""
        return self.pos(a).level == self.pos(b).level and self.distance(a, b) <= measure.ENGAGED_GAP + 1e-9

    def engaged_enemies(self, e: int) -> list[int]:
        """CMB-11: able enemies in base contact."""
        memo = self._memo_table()
        key = ("engaged", e)
        got = memo.get(key)
        if got is None:
            got = memo[key] = tuple(o for o in self.enemies(e) if self.in_contact(e, o))
        return list(got)

    def engaged(self, e: int) -> bool:
        return bool(self.engaged_enemies(e))

    def melee_group(self, e: int) -> list[int]:
        """CMB-14: the minis linked to `e` by base contact between able enemies (id order)."""
        group = {e}
        frontier = [e]
        while frontier:
            cur = frontier.pop()
            for o in self.engaged_enemies(cur):
                if o not in group:
                    group.add(o)
                    frontier.append(o)
        # allies in contact with a member's enemies are in the group through those enemies
        return sorted(group)

    def fov_range(self, e: int) -> float:
        """ENV-1: VOL × 5 K (VOL as the character's traits change it), plus the traits' ± K (hook point
        ``fov_mod``, TRT-SHORT-SIGHTED), minimum 0. Memoised per world version like `attrs` (issue 20: every
        watcher of every reaction window asks it)."""
        memo = self._memo_table()
        key = ("fov", e)
        got = memo.get(key)
        if got is None:
            got = memo[key] = max(0.0, self.attrs(e).VOL * 5.0 + trait_hooks.fov_bonus(self, e))
        return got

    def in_fov(self, observer: int, target: int, range_k: float | None = None) -> bool:
        """ENV-1: target base touches the front half-plane and is within VOL×5 K (BAS-3 distance, 3D between
        levels 1 and 2, Chebyshev on the grid)."""
        po, pt = self.pos(observer), self.pos(target)
        rng = self.fov_range(observer) if range_k is None else range_k
        if not sight.in_fov(po.x, po.y, po.facing, pt.x, pt.y, self.body(target).radius, math.inf):
            return False
        return self.distance(observer, target) <= rng + 1e-9

    def target_row(self, t: int) -> tuple[float, float, float, float, float]:
        """ENV-2: the silhouette row (x, y, r, base elevation, current height) of a mini."""
        p = self.pos(t)
        if self.hanging(t):                     # TRT-SPIDER: its silhouette hangs down from the roof
            return (p.x, p.y, self.body(t).radius, self.elevation(t) - self.current_height(t), self.current_height(t))
        return (p.x, p.y, self.body(t).radius, self.elevation(t), self.current_height(t))

    def cover(self, observer: int, targets: Iterable[int]):
        """ENV-2: 25-sample LOS / hidden fraction from the observer's eye to each target, one vectorised call."""
        targets = list(targets)
        if not targets:
            return []
        rows = np.array([self.target_row(t) for t in targets], dtype=float)
        return sight.cover_query(self.board, self.eye(observer), rows)

    def has_los(self, observer: int, target: int) -> bool:
        return self.cover(observer, [target])[0].has_los

    def sight_reach(self, observer: int, item=None) -> float | None:
        """TRT-META-VISION (hook ``sight_through``): the K within which the observer sees through opaque obstacles
        (with `item`, the metahability it casts, that item's traits too), or None."""
        got = trait_hooks.sight_reach(self, observer, item)
        return None if got is None else got[1]

    def sees(self, observer: int, target: int, item=None) -> bool:
        """ENV-2 for seeing (not for a line of fire): a line of sight, or a trait's sight through opaque obstacles
        within its reach (TRT-META-VISION: choosing a metahability's or Corromper's target, reacting to an enemy,
        spotting for a blind shot, Percibir, finding a hidden enemy). A shot's line of fire and its cover stay
        ``has_los`` / ``cover`` (the trait's ruling)."""
        if self.has_los(observer, target):
            return True
        reach = self.sight_reach(observer, item)
        return reach is not None and self.distance(observer, target) <= reach + 1e-9

    # --- equipment --------------------------------------------------------------------------
    def equipment(self, e: int) -> Equipment:
        return self.world.get(e, Equipment)

    def total_def(self, e: int) -> int:
        """CMB-3 / CHK-5: sum of the current DEF of equipped protections (disabled ones give 0); BLD-19 (b) /
        BLD-20: aboard its transport, plus the transport's DEF and its mounted protections' DEF."""
        m = self.world.try_get(e, Mount)
        return self.carried_def(e) + (0 if m is None else m.DEF + m.mounted_def)

    def carried_def(self, e: int) -> int:
        """BLD-7: the DEF the character wears or carries (what overload counts: not its transport's, BLD-19 b)."""
        return sum(p.current_def for p in self.equipment(e).protections)

    def weapon(self, e: int, index: int):
        weapons = self.equipment(e).weapons
        if not (0 <= index < len(weapons)):
            return None
        return weapons[index]

    def set_weapon(self, e: int, index: int, weapon) -> None:
        eq = self.equipment(e)
        ws = list(eq.weapons)
        ws[index] = weapon
        self.world.set(e, replace(eq, weapons=tuple(ws)))

    # --- movement helpers -------------------------------------------------------------------
    def others_for_move(self, e: int) -> tuple[list[Other], list[int]]:
        """Bases a move must respect (BAS-2, MOV-14): every on-table mini at the same level but `e`, then every
        driverless transport there (MVA-17); `ids[i]` is the entity of `others[i]`."""
        memo = self._memo_table()
        got = memo.get(("others", e))
        if got is None:
            got = memo[("others", e)] = self._others_for_move(e)
        return list(got[0]), list(got[1])

    def _others_for_move(self, e: int) -> tuple[list[Other], list[int]]:
        mine = self.side(e)
        lvl = self.pos(e).level
        others, ids = [], []
        for o in self.minis():
            if o == e or not self.on_table(o) or self.pos(o).level != lvl:
                continue
            p = self.pos(o)
            # MOV-14 counts enemies able to interact; incapacitated ones still block the path (BAS-2)
            others.append(Other(p.x, p.y, self.body(o).radius, self.side(o) != mine and self.able(o)))
            ids.append(o)
        for t in self.world.query(Parked):             # MVA-17: a driverless transport's base (its entity id)
            p = self.pos(t)
            if p.level == lvl:
                others.append(Other(p.x, p.y, self.body(t).radius, False))
                ids.append(t)
        return others, ids

    def chest_height(self, e: int) -> float:
        """MOV-8: 0.75 × standing height h."""
        return 0.75 * self.body(e).height

    def mov(self, e: int) -> int:
        """The MOV of movement actions: MOV-1 natural MOV; MOV-2 / BLD-19 (a): aboard a transport, its MOV."""
        m = self.world.try_get(e, Mount)
        return self.body(e).natural_mov if m is None else m.MOV

    def natural_mov(self, e: int) -> int:
        """MOV-1: natural MOV (rules that name it keep it aboard a transport, BLD-19 a: throwing range)."""
        return self.body(e).natural_mov

    # --- small writers ----------------------------------------------------------------------
    def energy(self, e: int) -> int:
        return self.world.get(e, Energy).value

    def set_energy(self, e: int, value: int, rule: str, reason: str) -> None:
        old = self.energy(e)
        self.world.set(e, Energy(value))
        self.world.emit("energy", rule, who=e, before=old, after=value, reason=reason)

    def effects(self, e: int) -> Effects:
        return self.world.get(e, Effects)

    def set_effects(self, e: int, **changes) -> None:
        self.world.set(e, replace(self.effects(e), **changes))

    def activation(self, e: int) -> Activation:
        return self.world.get(e, Activation)

    def set_activation(self, e: int, **changes) -> None:
        self.world.set(e, replace(self.activation(e), **changes))

    def psyche(self, e: int) -> Psyche:
        return self.world.get(e, Psyche)

    def attrs(self, e: int) -> Attributes:
        """The character's attributes for checks and derived values: its current values (CHR-2) as its traits
        change them (the hook point ``attributes``, e.g. TRT-FAINT-HEARTED halves them)."""
        memo = self._memo_table()                 # a pure function of the tables (auras by distance only)
        key = ("attrs", e)
        got = memo.get(key)
        if got is None:
            got = memo[key] = trait_hooks.attributes(self, e, self.world.get(e, Attributes))
        return got

    def base_attrs(self, e: int) -> Attributes:
        """The Attributes component itself (what a permanent change such as PSI-9's VOL −1 rewrites)."""
        return self.world.get(e, Attributes)

    def compelled_at(self, actor: int, target: int) -> bool:
        """A trait's compulsion (components.Compelled) names `target`: an attack may aim at it even if it is
        an ally (TRT-MURDEROUS-MADNESS attacks the nearest miniature of any side)."""
        c = self.world.try_get(actor, Compelled)
        return c is not None and target in c.targets

    def compelled_allies(self, actor: int) -> list[int]:
        """The able allies a compulsion of `actor` names (targets its attacks may take besides enemies)."""
        c = self.world.try_get(actor, Compelled)
        if c is None:
            return []
        side = self.side(actor)
        return [t for t in c.targets if t != actor and self.side(t) == side and self.able(t)]

    def ranged_weapons(self, e: int) -> list:
        """The character's weapons with a range (RNG > 0, CBA-1)."""
        return [w for w in self.equipment(e).weapons if getattr(w, "RNG", 0) > 0]

    def charge_in_reach(self, actor: int, target: int) -> bool:
        """CBA-12's requirements a compulsion to charge (PSI-7, TRT-INNER-ANIMAL, TRT-MURDEROUS-MADNESS) checks
        before it binds: the target able, the charger not engaged nor prone, the target in its FOV and LOS, 2 K
        to MOV + 3 K away. A compulsion whose charge is out of reach has no effect."""
        return (self.able(target) and not self.engaged(actor) and self.world.get(actor, Posture).state != "prone"
                and 2.0 <= self.distance(actor, target) <= self.mov(actor) + 3 + trait_hooks.allowance_bonus(
                    self, actor, "charge") and self.in_fov(actor, target)
                and self.has_los(actor, target))

    def shot_in_reach(self, actor: int, target: int) -> bool:
        """CBA-1's requirements a compulsion to shoot (TRT-MURDEROUS-MADNESS, TRT-RADIANT) checks before it binds:
        a ranged weapon, not engaged, the target able, in FOV and LOS."""
        return (bool(self.ranged_weapons(actor)) and self.able(target) and not self.engaged(actor)
                and self.in_fov(actor, target) and self.has_los(actor, target))

    def wounds(self, e: int) -> int:
        return self.world.get(e, Wounds).value

    def traits(self, e: int) -> tuple[str, ...]:
        """The character's own (race) trait IDs (the trait hook points read them, rules.traits)."""
        t = self.world.try_get(e, Traits)
        return () if t is None else t.ids

    def facing_to(self, e: int, x: float, y: float) -> float:
        p = self.pos(e)
        return math.degrees(math.atan2(y - p.y, x - p.x)) % 360.0
