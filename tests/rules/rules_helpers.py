"""Builders shared by the rule tests: a GameState with a few miniatures on an open (or terrained) board,
scripted dice, and an Engine placed inside a given character's activation, so each test is a few lines.

Distances in the digest's examples are edge to edge (BAS-3): two human bases (radius 0.5) whose centres are
d + 1 K apart are d K apart.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from shapely.geometry import box

from wartime.core.components import (Activation, Attributes, Body, Effects, Energy, Equipment, Identity, Life, Mount,
                                     Position, Posture, Protection, Psyche, Stress, Traits, Weapon, Wounds)
from wartime.core.errors import RuleViolation
from wartime.core.rng import ScriptedDice
from wartime.core.rounding import round_half_up
from wartime.core.world import World
from wartime.geometry.board import Board, TerrainPiece
from wartime.rules import psychology, riding
from wartime.rules.sequence import Decision, Engine, Flow, normalise_params, phase_of
from wartime.rules.state import GameState
from wartime.rules.wounds import life_state
import wartime.match.setup  # noqa: F401,E402  (gives the trait registry the catalogue's bonus traits, as a match does)

__all__ = ["M", "Game", "weapon", "blade", "armour", "piece", "RuleViolation", "Decision"]


def weapon(ENE: int = 2, DMG: int = 4, RNG: int = 40, QUA: int = 5, key: str = "rifle", **kw: Any) -> Weapon:
    """A ranged weapon (RNG > 0, BLD-12); one given a `magazine` carries TRT-MAGAZINES unless `traits` say."""
    if kw.get("magazine") is not None:
        kw.setdefault("traits", ("TRT-MAGAZINES",))
    return Weapon(key, kw.pop("name", key.title()), ENE, DMG, RNG, QUA, **kw)


def blade(ENE: int = 2, DMG: int = 3, QUA: int = 5, key: str = "blade", **kw: Any) -> Weapon:
    """A melee weapon (RNG 0, BLD-12)."""
    return Weapon(key, kw.pop("name", key.title()), ENE, DMG, 0, QUA, **kw)


def armour(DEF: int, SIZ: int = 0, QUA: int = 5, ENE: int = 0, key: str = "armour", wounds: int = 0) -> Protection:
    """A protection; SIZ 0 by default so that MOD-6 stays out of the way."""
    return Protection(key, key.title(), ENE, DEF, SIZ, QUA, wounds)


def piece(id_: str, kind: str, x0: float, y0: float, x1: float, y1: float, height: float = 0.0,
          blocks_los: bool = False, defense: int = 0) -> TerrainPiece:
    """A rectangular terrain piece."""
    return TerrainPiece(id_, kind, box(x0, y0, x1, y1), height, blocks_los, defense)


@dataclass
class M:
    """One miniature to put on the table. Human-sized by default (BAS-1: base 1 K across, eyes 1 K high)."""
    side: str = "red"
    x: float = 10.0
    y: float = 20.0
    facing: float = 0.0
    CON: int = 4
    AGI: int = 5
    INT: int = 4
    VOL: int = 5
    size: float = 1.0
    mov: int | None = None              # natural MOV; MOV-1 from the size factor by default
    weapons: tuple = ()
    protections: tuple = ()
    energy: int = 10
    wounds: int = 0
    stress: int = 0
    posture: str = "standing"
    panic: bool = False
    maluses: tuple = ()
    name: str | None = None


class Game:
    """A GameState + Engine over scripted dice. `ids[i]` is the entity of the i-th mini given."""

    def __init__(self, *minis: M, pieces: Iterable[TerrainPiece] = (), rolls: Iterable[int] = (),
                 width: float = 40.0, height: float = 40.0, deployment: dict | None = None, turn: int = 1,
                 turn_limit: int = 8):
        self.dice = ScriptedDice(rolls)
        self.world = World(self.dice)
        self.ids: list[int] = []
        for i, m in enumerate(minis):
            mov = m.mov if m.mov is not None else max(1, round_half_up(m.size))
            self.ids.append(self.world.create(
                Identity(m.name or f"{m.side}{i}", m.side, f"c{i}", 10),
                Attributes(m.CON, m.AGI, m.INT, m.VOL),
                Body(m.size / 2, m.size, m.size, mov),
                Position(float(m.x), float(m.y), float(m.facing)),
                Posture(m.posture), Energy(m.energy), Wounds(m.wounds), Stress(m.stress),
                Equipment(tuple(m.weapons), tuple(m.protections)),
                Life(life_state(m.CON, m.wounds)), Activation(), Effects(),
                Psyche(panic=m.panic, maluses=tuple(m.maluses)),
            ))
        self.board = Board(width, height, list(pieces))
        self.gs = GameState(self.world, self.board, turn_limit=turn_limit, deployment=deployment or {})
        self.engine = Engine(self.gs)
        #: REA-3: `act` and `submit` let every reaction candidate pass (see `declare` / `react` to react)
        self.auto_pass = True
        #: PSI-8: the opposing player's malus choice is answered with the digest's default order (False: a test
        #: answers the 'malus' decision itself)
        self.auto_malus = True
        #: CBA-22: a duel's window (a reactive attack answering an attack) is passed by both duellists after `react`
        #: (the REA-4 order: the reactor first), so reaction tests see the core order; the CBA-22 tests turn it off
        self.auto_duel_pass = True
        sides = tuple(dict.fromkeys(m.side for m in minis)) or ("red", "blue")
        for s in ("red", "blue"):
            if s not in sides:
                sides += (s,)
        self._sides = sides
        # turn 1: the engine's own start() is not used, so put the flow in a turn (MVA-3 compares turns)
        self.world.resources["flow"] = Flow(turn=turn, phase=10, order=sides, stage="activate")

    # --- flow ------------------------------------------------------------------------------------------
    def begin(self) -> None:
        """Run the real game loop from the start (SEQ-1): turn 1, initiative, phases 10 → 1."""
        self.world.resources["flow"] = Flow()
        self.engine.start()
        while self.pending is not None and self.pending.kind == "deploy":     # the default spots
            self.engine.submit(Decision("deploy", self.pending.side))

    def next_turn(self) -> None:
        """Begin the next turn as the engine does (SEQ-1): activations reset, turn-long effects lapse; the
        initiative is skipped (start_activation sets the order)."""
        self.engine._new_turn()
        self.world.resources["flow"] = replace(self.engine.flow, stage="activate", order=self._sides)

    def start_activation(self, e: int, *, energy: int | None = None, phase: int | None = None) -> None:
        """Start `e`'s activation through the engine (ENE-3 gain and start-of-activation checks), with its
        side first in the order; `energy` then overrides its ENE."""
        gs = self.gs
        side = gs.side(e)
        f = self.engine.flow
        order = (side,) + tuple(s for s in f.order if s != side)
        ph = phase if phase is not None else phase_of(gs.attrs(e).VOL)
        self.world.resources["flow"] = replace(f, phase=ph, order=order, stage="activate", next_side=0, active=None)
        self.engine._start_activation(e)
        if energy is not None:
            self.world.set(e, Energy(energy))

    def act(self, e: int, key: str, *, chain: bool = False, facing: float | None = None, **params: Any) -> None:
        """Declare and resolve one action of the acting character `e` (engine.perform). Reaction windows it
        opens (REA-3) are passed by every candidate while `auto_pass` is on (the default): a rule test then
        sees the action alone. Reaction tests use `declare` and `react`."""
        self.engine.perform(e, key, normalise_params(params), chain, facing)
        self.pass_reactions()

    def declare(self, e: int, key: str, *, chain: bool = False, facing: float | None = None, **params: Any) -> None:
        """Declare one action of `e` and stop at the first reaction window with a candidate (if any)."""
        self.engine.perform(e, key, normalise_params(params), chain, facing)

    def react(self, reactor: int, key: str | None = None, **params: Any) -> None:
        """Answer the pending `react` decision of `reactor`: a reaction `key` with `params`, or pass (None).
        Like `act`, it does not advance the game loop past the acting character's activation (use `submit`
        for that, in games started with `begin`)."""
        p = self.pending
        assert p is not None and p.kind == "react", f"no reaction is pending: {p}"
        self.engine._react(Decision("react", self.gs.side(reactor), actor=reactor, action=key,
                                    params=normalise_params(params)))
        while self.auto_duel_pass and self.pending is not None and self.pending.window == "duel":
            self.engine._react(Decision("react", self.pending.side, actor=self.pending.actor))

    def pass_reactions(self) -> None:
        """Every candidate of the open reaction windows passes (only while `auto_pass` is on); a malus owed is
        given in the default order (PSI-8, while `auto_malus` is on)."""
        while self.pending is not None:
            p = self.pending
            if self.auto_pass and p.kind == "react":
                self.engine._react(Decision("react", p.side, actor=p.actor))
            elif self.auto_malus and p.kind == "malus":
                self.give_default_malus()
            else:
                break

    def give_default_malus(self) -> None:
        """PSI-8: the opposing player gives the owed malus in the digest's default order."""
        p = self.pending
        psychology.give_malus(self.gs, p.actor, psychology.default_malus(p.options), p.side)

    @property
    def pending(self):
        return self.engine.pending

    def submit(self, kind: str, side: str, **kw: Any) -> None:
        self.engine.submit(Decision(kind, side, **kw))
        while self.pending is not None:
            p = self.pending
            if self.auto_pass and kind != "react" and p.kind == "react":
                self.engine.submit(Decision("react", p.side, actor=p.actor))
            elif self.auto_malus and p.kind == "malus":
                self.engine.submit(Decision("malus", p.side, actor=p.actor, action=psychology.default_malus(p.options)))
            else:
                break

    # --- reading -----------------------------------------------------------------------------------------
    def energy(self, e: int) -> int:
        return self.gs.energy(e)

    def wounds(self, e: int) -> int:
        return self.gs.wounds(e)

    def stress(self, e: int) -> int:
        return self.world.get(e, Stress).value

    def pos(self, e: int) -> tuple[float, float]:
        p = self.gs.pos(e)
        return (p.x, p.y)

    def set(self, e: int, *components: Any) -> None:
        for c in components:
            self.world.set(e, c)

    def events(self, type_: str | None = None, **match: Any) -> list:
        out = []
        for ev in self.world.events:
            if type_ is not None and ev["type"] != type_:
                continue
            if all(ev.get(k) == v for k, v in match.items()):
                out.append(ev)
        return out

    def checks(self, kind: str | None = None, **match: Any) -> list:
        """The `check` events (CHK-1), optionally of one kind ('IMP', 'DEF', 'PSI', 'LOC', 'ATR', 'COVER')."""
        if kind is not None:
            match["kind"] = kind
        return self.events("check", **match)

    def check(self, kind: str | None = None, **match: Any):
        """The single check event of that kind (fails if there is not exactly one)."""
        found = self.checks(kind, **match)
        assert len(found) == 1, f"expected one {kind} check, got {len(found)}: {found}"
        return found[0]

    def mods(self, check_event) -> dict[str, int]:
        """rule ID → summed value of a check's modifiers."""
        out: dict[str, int] = {}
        for m in check_event["modifiers"]:
            out[m["rule"]] = out.get(m["rule"], 0) + m["value"]
        return out

    def all_dice_used(self) -> bool:
        return self.dice.remaining == 0

    def pass_windows_until(self, window: str) -> None:
        """Through the engine's door (a probe run may ask mid-resolution, rules/asking.py): every reaction window
        is passed until a question of `window` (TRT-BODYGUARD, TRT-FORTUNE) or the next action."""
        while self.pending is not None and self.pending.kind == "react" and self.pending.window != window:
            p = self.pending
            self.engine.submit(Decision("react", p.side, actor=p.actor))

    def shoot(self, window: str, *dice: int, weapon: int = 0) -> None:
        """The first mini (red) shoots the second with `dice` pushed, then `pass_windows_until(window)`."""
        self.dice.push(*dice)
        self.engine.submit(Decision("action", "red", actor=self.ids[0], action="ranged_attack",
                                    params={"target": self.ids[1], "weapon": weapon}))
        self.pass_windows_until(window)


def race(size: float = 1.0, **attrs: Any):
    """A validated race archetype (CON 4, AGI 5, INT 4, VOL 4 unless given)."""
    from wartime.data.loader import archetype_from_dict
    values = dict(CON=4, AGI=5, INT=4, VOL=4)
    values.update(attrs)
    data = {"id": "r", "kind": "race", "name": "R", "traits": [], **values}
    if size != 1.0:
        data["size"] = size
    return archetype_from_dict(data)


def built_state(*specs_by_side):
    """match.setup.build_state from an in-memory scenario: open 40 × 40 board, red zone in the lower-left
    corner, blue zone in the upper-right corner; `specs_by_side` = (side, CharacterSpec) pairs."""
    from pathlib import Path
    from types import SimpleNamespace

    from wartime.data.models import ArmyList, Unit
    from wartime.match.setup import build_state
    scenario = SimpleNamespace(board_width=40.0, board_height=40.0, terrain=(), grid=False, turn_limit=8,
                               victory="elimination",
                               deployment={"red": ((0, 0), (10, 0), (10, 10), (0, 10)),
                                           "blue": ((30, 30), (40, 30), (40, 40), (30, 40))})
    lists = {}
    for side in ("red", "blue"):
        chars = [c for s, c in specs_by_side if s == side]
        lists[side] = ArmyList(name=side, path=Path(f"{side}.toml"), units=tuple(Unit(character=c) for c in chars))
    return build_state(scenario, lists, ScriptedDice())


def violation(fn, *args, **kwargs) -> RuleViolation:
    """Run fn and return the RuleViolation it raises (fails the test if it raises none)."""
    try:
        fn(*args, **kwargs)
    except RuleViolation as exc:
        return exc
    raise AssertionError("expected a RuleViolation")


def ride(g: Game, e: int, *, MOV=6, DEF=2, QUA=5, ENE=1, size=2.0, capacity=0, flies=False, traits=(),
         paid=False) -> None:
    """Put character `e` aboard a transport (as match.setup fields one): the transport's base, its MOV and DEF."""
    body = g.gs.body(e)
    own = g.gs.traits(e)
    turn = g.engine.flow.turn
    g.set(e, riding.mounted_body(body, size),
          Mount("t", "Truck", ENE, MOV, DEF, QUA, rider_body=body, rider_traits=own, traits=tuple(traits),
                capacity=capacity, flies=flies, ene_turn=turn if paid else -1),
          Traits(own + tuple(traits)))
