"""The decision interface's records and the flow state (SEQ-1..7, ACT-1): `Flow` (where the game is, kept in the
world's resources so snapshots capture it), `Pending` (the decision the engine waits for), `Decision` (an answer),
and the canonical form of decision parameters."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from wartime.core.errors import RuleViolation
from wartime.rules.reactions import Window


@dataclass(frozen=True)
class Flow:
    """Where the game is (stored as the world resource 'flow', so snapshots capture it)."""
    turn: int = 0
    phase: int = 10
    order: tuple[str, ...] = ()
    stage: str = "setup"           # 'deploy' | 'initiative' | 'activate' | 'action' | 'react' | 'over'
    next_side: int = 0             # index in `order` of the side to activate next (SEQ-6)
    active: int | None = None
    init_choices: tuple[tuple[str, int], ...] = ()
    winner: str | None = None
    end_reason: str | None = None
    window: Window | None = None           # REA-3: the open reaction window (stage 'react')
    bullet_time: tuple[int, ...] = ()      # REA-5: reactors in bullet time with the active character
    chain_seen: tuple[int, ...] = ()       # ACT-4: enemies that saw the actor during its chain so far
    chain_heard: tuple[int, ...] = ()      # ACT-4 / REA-8: enemies that heard it during its chain so far
    deployed: tuple[str, ...] = ()         # the sides that have deployed (rules/deployment.py), in order


@dataclass(frozen=True)
class Pending:
    """The decision the engine waits for. `kind`: 'initiative' (choose the character whose VOL rolls),
    'activate' (choose an eligible character), 'action' (the active character's next action), 'react'
    (REA-3: may `actor`, of the reacting `side`, react in this window, and with what?), 'malus' (PSI-8: the
    opposing `side` chooses which of `options`, trait IDs, the panicked `actor` gains), 'deploy' (before turn 1:
    `side` places `options`, its miniatures on the ground, in its zone; rules/deployment.py), 'bonus_loss'
    (TRT-SAIKIKKU: the Saikikku bearer's `side` chooses which of `options`, the bonus trait IDs that work for
    `actor`, stops working until the end of its next activation).

    For 'action': `options` are the action keys offered to the acting character (`options.offered_actions`);
    `Engine.legal_options(key)` gives each key's legal choices of parameters.

    For 'react': `options` are the action keys the window allows it (each still validated when declared),
    `window` is 'declaration' (before the acting action resolves: early reactions, REA-4) or 'after',
    `against` the acting character, `against_action` its action key and `against_target` its target."""
    kind: str
    side: str
    options: tuple = ()
    actor: int | None = None
    window: str | None = None
    against: int | None = None
    against_action: str | None = None
    against_target: int | None = None


@dataclass(frozen=True)
class Decision:
    """An answer to a pending decision. For 'action': `action` key, `params` (target, weapon, path, ...),
    `chain` (ACT-3: chained to the next action) and `facing` (MOV-5: a free turn before acting).
    For 'react': `actor` the reactor, `action` its reaction's key with `params` (an early reaction against a
    move may add `at`: the K along the declared path where it happens, REA-4), or `action` None to pass.
    For 'malus': `action` the trait ID chosen (PSI-8), `actor` optionally the panicked character.
    For 'bonus_loss': `action` the bonus trait ID chosen (TRT-SAIKIKKU), `actor` optionally the character losing it.
    For 'deploy': `params` {"positions": {id: [x, y] or [x, y, facing]}}, or {} to keep the default spots."""
    kind: str
    side: str
    choice: int | None = None
    actor: int | None = None
    action: str | None = None
    params: dict = field(default_factory=dict)
    chain: bool = False
    facing: float | None = None

    def to_json(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind, "side": self.side}
        if self.choice is not None:
            d["choice"] = self.choice
        if self.actor is not None:
            d["actor"] = self.actor
        if self.action is not None:
            d["action"] = self.action
            d["params"] = self.params
            d["chain"] = self.chain
        elif self.params:              # a 'deploy' decision's positions
            d["params"] = self.params
        if self.facing is not None:
            d["facing"] = self.facing
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Decision":
        return cls(kind=d["kind"], side=d["side"], choice=d.get("choice"), actor=d.get("actor"),
                   action=d.get("action"), params=dict(d.get("params") or {}), chain=bool(d.get("chain", False)),
                   facing=d.get("facing"))


def evolve(obj, **changes):
    """`dataclasses.replace` for the engine's hot frozen records (Flow, Window; issue 20: ~5 per decision): the
    same new object, field for field, without the generic field walk and frozen `__init__`. Only for dataclasses
    with a `__dict__`, every field set by `__init__` and no `__post_init__` (asserted once per class)."""
    cls = type(obj)
    names = _EVOLVE_FIELDS.get(cls)
    if names is None:
        fs = fields(cls)
        assert all(f.init for f in fs) and not hasattr(cls, "__post_init__") and hasattr(obj, "__dict__"), cls
        names = _EVOLVE_FIELDS[cls] = frozenset(f.name for f in fs)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(changes) - names)}")
    new = object.__new__(cls)
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new


_EVOLVE_FIELDS: dict[type, frozenset[str]] = {}


def normalise_params(value: Any) -> Any:
    """Decisions are recorded; floats are rounded to 1e-4 K (or degrees) before use, so that the recorded
    decision and the applied one are identical (determinism across processes)."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        v = round(value, 4)
        return 0.0 if v == 0 else v
    if isinstance(value, dict):
        return {str(k): normalise_params(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [normalise_params(v) for v in value]
    raise RuleViolation("ACT-1", f"parameter value {value!r} is not a number, string or list")


def phase_of(vol: int) -> int:
    """SEQ-5: a character first becomes eligible in phase clamp(VOL, 1, 10)."""
    return max(1, min(10, vol))

