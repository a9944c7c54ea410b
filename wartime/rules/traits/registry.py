"""The trait registry and the hook helpers the rules call (see the package docstring, rules.traits, for the hook
points, their arguments, what handlers return and how results combine)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

#: Hook points named as in the catalogue's ``hooks`` column.
CATALOGUE_HOOKS = ("check_mod", "area", "dispersion")
#: Engine-internal hook points → the catalogue hook each one implements.
CATALOGUE_HOOK: dict[str, str] = {
    "action_restriction": "psychology",
    "before_attack": "psychology",
    "flight_levels": "height_rule",
    "take_off_landing": "height_rule",
    "level3_limits": "height_rule",
    "weapon_quiet": "noise_rule",
    "weapon_ready": "equipment_rule",
    "weapon_fired": "equipment_rule",
    "reload": "equipment_rule",
    **{h: h for h in CATALOGUE_HOOKS},
}
#: Every hook point the rules call.
HOOKS = tuple(CATALOGUE_HOOK)


@dataclass(frozen=True)
class TraitPlugin:
    """A registered trait: its handlers by hook point and where it may be fielded (match.setup, MET-1):
    ``kinds`` the archetype kinds it is implemented on (empty: any the catalogue allows), ``requires`` trait IDs
    the same archetype must carry, ``fieldable`` False when only part of it is played (it is then refused).
    ``name`` is the book's name (the catalogue's ``name_es``, bound to it by a test) for events and labels."""
    trait_id: str
    name: str
    hooks: dict[str, Callable[..., Any]]
    kinds: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    fieldable: bool = True


@dataclass(frozen=True)
class PsiCheck:
    """A CH PSI a trait asks for (``before_attack``): the reason and the rule ID the check event names."""
    reason: str
    rule: str


@dataclass(frozen=True)
class TakeOff:
    """A trait's own take-off / landing rule (MVA-16): ENE ``cost``; after a failed CH AGI, ENE −``fail_ene``
    and a check of ``fail_check`` (an attribute) whose failure gives ``fail_wounds`` wounds (no CH DEF)."""
    rule: str
    cost: int
    fail_ene: int
    fail_check: str
    fail_wounds: int
    reason: str


@dataclass(frozen=True)
class Scatter:
    """Whether an area attack scatters, with one D10 per started ``k_per_die`` K (``rule`` names the event)."""
    scatters: bool
    k_per_die: float
    rule: str


@dataclass(frozen=True)
class LeftArea:
    """An area left on the board where an attack lands: kind 'persistent' (the template itself) or 'smoke' (a
    sphere ``diameter`` K across with CH IMP ``malus``); ``rule`` names its events."""
    kind: str
    rule: str
    diameter: float = 0.0
    malus: int = 0


_REGISTRY: dict[str, TraitPlugin] = {}
_BY_HOOK: dict[str, list[tuple[str, Callable[..., Any]]]] = {}


def register(trait_id: str, name: str, hooks: dict[str, Callable[..., Any]] | None = None, *,
             kinds: tuple[str, ...] = (), requires: tuple[str, ...] = (), fieldable: bool = True) -> TraitPlugin:
    """Register a trait's handlers by hook point (each must be one of ``HOOKS``). A trait with no hooks is
    played elsewhere (its docstring says where: the core area rules, points only)."""
    hooks = dict(hooks or {})
    unknown = sorted(set(hooks) - set(HOOKS))
    if unknown:
        raise ValueError(f"{trait_id}: unknown hook point(s) {', '.join(unknown)}")
    if trait_id in _REGISTRY:
        raise ValueError(f"{trait_id} is registered twice")
    plugin = TraitPlugin(trait_id, name, hooks, tuple(kinds), tuple(requires), fieldable)
    _REGISTRY[trait_id] = plugin
    _BY_HOOK.clear()
    return plugin


def unregister(trait_id: str) -> None:
    _REGISTRY.pop(trait_id, None)
    _BY_HOOK.clear()


@contextmanager
def registered(trait_id: str, hooks: dict[str, Callable[..., Any]], **kw: Any) -> Iterator[TraitPlugin]:
    """Register a trait for the duration of a block (tests of a hook point with a made-up trait)."""
    plugin = register(trait_id, trait_id, hooks, **kw)
    try:
        yield plugin
    finally:
        unregister(trait_id)


def plugins() -> dict[str, TraitPlugin]:
    """Every registered trait by ID, in ID order."""
    return {t: _REGISTRY[t] for t in sorted(_REGISTRY)}


def handlers(hook: str) -> list[tuple[str, Callable[..., Any]]]:
    """(trait ID, handler) of every trait registered on `hook`, in trait-ID order."""
    out = _BY_HOOK.get(hook)
    if out is None:
        if hook not in HOOKS:
            raise ValueError(f"unknown hook point {hook!r}")
        out = _BY_HOOK[hook] = [(t, p.hooks[hook]) for t, p in sorted(_REGISTRY.items()) if hook in p.hooks]
    return out


def fieldable() -> set[str]:
    """The trait IDs a fielded character may carry (match.setup refuses any other with NotImplementedRule)."""
    return {t for t, p in _REGISTRY.items() if p.fieldable}


def fielding_problem(trait_id: str, kind: str, carried: set[str] | frozenset[str]) -> str | None:
    """Why a trait cannot be fielded on an archetype of `kind` carrying the trait IDs `carried` (None: it can)."""
    p = _REGISTRY.get(trait_id)
    if p is None or not p.fieldable:
        return "is not implemented"
    if p.kinds and kind not in p.kinds:
        return f"is implemented on {' or '.join(p.kinds)} archetypes only, not on a {kind}"
    missing = [r for r in p.requires if r not in carried]
    if missing:
        return f"needs {', '.join(missing)} on the same archetype"
    return None


# --- the bearer's traits ----------------------------------------------------------------------------------
def character_traits(gs, e: int) -> tuple[str, ...] | frozenset[str]:
    """A character's trait IDs: its own (race) traits and the maluses gained in play (PSI-8)."""
    own, gained = gs.traits(e), gs.psyche(e).maluses
    return frozenset(own) | frozenset(gained) if gained else own


def _weapon_traits(weapon) -> tuple[str, ...]:
    return getattr(weapon, "traits", ())


def _of(hook: str, carried) -> list[tuple[str, Callable[..., Any]]]:
    if not carried:
        return []
    return [(t, h) for t, h in handlers(hook) if t in carried]


# --- helpers the rules call -------------------------------------------------------------------------------
def check_mods(gs, e: int, attribute: str | None, kind: str) -> list:
    """``check_mod``: the character's trait modifiers on a check (all apply, G10)."""
    if attribute is None:
        return []
    out = []
    for _, h in _of("check_mod", character_traits(gs, e)):
        m = h(gs, e, attribute, kind)
        if m is not None:
            out.append(m)
    return out


def restrict_action(gs, e: int, key: str) -> None:
    """``action_restriction``: raises RuleViolation if a trait forbids action `key` now."""
    for _, h in _of("action_restriction", character_traits(gs, e)):
        h(gs, e, key)


def before_attack(gs, e: int) -> list[PsiCheck]:
    """``before_attack``: the checks the character's traits ask for before it attacks, in order."""
    out = []
    for _, h in _of("before_attack", character_traits(gs, e)):
        r = h(gs, e)
        if r is not None:
            out.append(r)
    return out


def flight_levels(gs, e: int) -> frozenset[int]:
    """``flight_levels``: the levels the character's traits let it move at (without level 1)."""
    out: set[int] = set()
    for _, h in _of("flight_levels", gs.traits(e)):
        out |= set(h(gs, e))
    return frozenset(out)


def take_off_landing(gs, e: int) -> TakeOff | None:
    """``take_off_landing``: a trait's own take-off and landing rule (MVA-16), None for the core one."""
    for _, h in _of("take_off_landing", gs.traits(e)):
        r = h(gs, e)
        if r is not None:
            return r
    return None


def lifts_level3_limits(gs, e: int) -> bool:
    """``level3_limits``: True if a trait lifts MOV-13's level-3 limits."""
    return any(h(gs, e) for _, h in _of("level3_limits", gs.traits(e)))


def dispersion(weapon, passed: bool, critical: bool) -> Scatter | None:
    """``dispersion``: a trait's own scatter rule for an area attack, None for the core one (ARE-8, ARE-9)."""
    for _, h in _of("dispersion", _weapon_traits(weapon)):
        r = h(weapon, passed, critical)
        if r is not None:
            return r
    return None


def left_areas(weapon, shape: str, affected: bool) -> list[LeftArea]:
    """``area``: what the weapon's traits leave on the board where an area attack lands."""
    out = []
    for _, h in _of("area", _weapon_traits(weapon)):
        r = h(weapon, shape, affected)
        if r is not None:
            out.append(r)
    return out


def weapon_is_quiet(weapon) -> bool:
    """``weapon_quiet``: True if a trait of the weapon silences it (ENV-6)."""
    return any(h(weapon) for _, h in _of("weapon_quiet", _weapon_traits(weapon)))


def check_weapon_ready(weapon) -> None:
    """``weapon_ready``: raises RuleViolation if a trait keeps the weapon from attacking now."""
    for _, h in _of("weapon_ready", _weapon_traits(weapon)):
        h(weapon)


def weapon_fired(weapon):
    """``weapon_fired``: the weapon after one attack with it."""
    for _, h in _of("weapon_fired", _weapon_traits(weapon)):
        weapon = h(weapon)
    return weapon


def reloaded(weapon):
    """``reload``: the weapon after Recargar (GNA-13), None if no trait of it can be reloaded."""
    for _, h in _of("reload", _weapon_traits(weapon)):
        r = h(weapon)
        if r is not None:
            return r
    return None


def display_name(trait_id: str) -> str:
    """The trait's name as the book and the data files spell it (the catalogue's ``name_es``)."""
    p = _REGISTRY.get(trait_id)
    return p.name if p is not None else trait_id

