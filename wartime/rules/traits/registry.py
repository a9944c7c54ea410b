"""The trait registry and the hook helpers the rules call (see the package docstring, rules.traits, for the hook
points, their arguments, what handlers return and how results combine)."""
from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any, Callable, Iterator

from wartime.core.components import (Attributes, CarriedProtections, Equipment, Gear, Identity, Item, KnockedOut, Life,
                                     MetaEffects, Metahabilities, Mount, OffWeapon, PossessedGear, Psyche, Stress,
                                     Traits, Weapon)
from wartime.core.elements import delivered
from wartime.core.errors import RuleViolation
from wartime.rules import switched_off
from wartime.rules.checks import Modifier

#: Hook points named as in the catalogue's ``hooks`` column.
CATALOGUE_HOOKS = ("check_mod", "area", "dispersion")
#: Engine-internal hook points → the catalogue hook each one implements.
CATALOGUE_HOOK: dict[str, str] = {
    "action_restriction": "psychology",
    "target_restriction": "unique_rule",
    "before_attack": "psychology",
    "flight_levels": "height_rule",
    "take_off_landing": "height_rule",
    "level3_limits": "height_rule",
    "weapon_quiet": "noise_rule",
    "weapon_ready": "equipment_rule",
    "weapon_fired": "equipment_rule",
    "reload": "equipment_rule",
    "attributes": "check_mod",
    "aura_check_mod": "aura_ally",
    "foe_aura_check_mod": "aura_enemy",
    "foe_aura_attributes": "aura_enemy",
    "aura_attack_mod": "aura_ally",
    "aura_def_check_mod": "aura_ally",
    "foe_aura_def_check_mod": "aura_enemy",
    "aura_dmg_mod": "aura_ally",
    "foe_aura_dmg_mod": "aura_enemy",
    "aura_ene_mod": "aura_ally",
    "aura_ene_gain": "aura_ally",
    "aura_move_allowance": "aura_ally",
    "foe_aura_ene_gain": "aura_enemy",
    "aura_check_base": "aura_ally",
    "aura_reroll": "reroll",
    "on_activation_start": "on_activation_start",
    "compulsion": "psychology",
    "aura_activation_start": "aura_enemy",
    "aura_start_psi": "psychology",
    "grants_action": "unique_rule",
    "grants_extra_action": "extra_action",
    "covert_arrival": "unique_rule",
    "move_allowance": "mov_mod",
    "move_boost": "mov_mod",
    "aura_move_boost": "mov_mod",
    "aura_move_end": "unique_rule",
    "movement_restriction": "mov_mod",
    "ene_mod": "ene_mod",
    "ene_cap": "ene_mod",
    "rng_plus": "rng_mod",
    "rng_factor": "rng_mod",
    "reroll": "reroll",
    "auto_pass": "auto_pass",
    "auto_critical": "on_crit",
    "turn_start": "on_turn_start",
    "death_denied": "on_wounded",
    "reaction_restriction": "unique_rule",
    "action_ban": "unique_rule",
    "gear_ban": "unique_rule",
    "down_recovery": "on_activation_start",
    "death_blast": "on_death",
    "dead_turn_start": "on_death",
    "died": "on_death",
    "weapon_usable": "equipment_rule",
    "second_def": "def_mod",
    "terrain_class": "terrain_rule",
    "fall_damage": "height_rule",
    "jump_own_height": "height_rule",
    "dmg_coin": "percent_roll",
    "charge_bonus_denied": "dmg_mod",
    "def_reroll_denied": "reroll",
    "cover_denied": "def_mod",
    "sure_shot": "unique_rule",
    "corrosion": "on_hit",
    "final_kill": "on_kill",
    "fumble_wounds": "on_fumble",
    "shot_stopped": "percent_roll",
    "use_stress": "stress",
    "reroll_taken": "once_per_turn",
    "throw_reach": "rng_mod",
    "vol_reach_factor": "rng_mod",
    "concentrate_step": "check_mod",
    "kill_psi": "psychology",
    "wounded_splash": "on_wounded",
    "wounded_someone": "on_hit",
    "got_wounded": "on_wounded",
    "wounding_ene": "ene_mod",
    "heal_denied": "unique_rule",
    "throw_dmg": "dmg_mod",
    "riposte_dmg": "on_crit",
    "fumble_dmg": "on_fumble",
    "on_hit": "on_hit",
    "luck": "on_wounded",
    "weapon_used": "equipment_rule",
    "weapon_fumbled": "on_fumble",
    "hit_psi": "psychology",
    "activation_end": "unique_rule",
    "kill_heal": "on_kill",
    "killed_someone": "on_kill",
    "aura_killed_someone": "on_kill",
    "initiative_mod": "unique_rule",
    "fov_mod": "fov_rule",
    "smoke_sight": "los_rule",
    "dark_sight": "los_rule",
    "lit": "los_rule",
    "aura_mark_field": "aura_enemy",
    "explodes": "unique_rule",
    "wrecked": "unique_rule",
    "scenery_throw": "extra_action",
    "target_before_attack": "psychology",
    "panic_immunity": "psychology",
    "action_check_mod": "check_mod",
    "targeted_check_mod": "check_mod",
    "crit_range": "on_crit",
    "fumble_range": "on_fumble",
    "crit_dmg_mod": "on_crit",
    "crit_def_mod": "on_crit",
    "wounds_on_pass": "def_mod",
    "wound_threshold": "dmg_mod",
    "attack_mod": "check_mod",
    "def_check_mod": "check_mod",
    "dmg_mod": "dmg_mod",
    "structure_dmg": "dmg_mod",
    "dmg_factor": "dmg_mod",
    "def_mod": "def_mod",
    "qua_plus": "equipment_rule",
    "fixed_imp": "check_mod",
    "def_reroll_forced": "reroll",
    "scatter_factor": "dispersion",
    "fire_mode": "ene_mod",
    "melee_mode": "dmg_mod",
    "melee_as_rng0": "equipment_rule",
    "shot_target": "unique_rule",
    "melee_reach": "rng_mod",
    "status_check_mod": "check_mod",
    "status_attributes": "check_mod",
    "area_code": "area",
    "double_hit": "on_hit",
    "charge_attack": "def_mod",
    "status_def_mod": "def_mod",
    "min_range": "rng_mod",
    "los_waived": "los_rule",
    "area_mode": "area",
    "area_dmg_plus": "dmg_mod",
    "area_dmg_factor": "dmg_mod",
    "reaction_denied": "reaction_rule",
    "marked_def_mod": "def_mod",
    # metahabilities (rules/traits/metahabilities.py)
    "meta_kind": "metaability",
    "meta_school": "metaability",
    "meta_effect": "metaability",
    "meta_grants": "metaability",
    "meta_cancels": "metaability",
    "hex_malus": "on_hit",
    "lent_bonus": "ene_mod",
    "meta_negates": "unique_rule",
    "no_reactions": "psychology",
    "stress_for_ene": "ene_mod",
    "not_living": "unique_rule",
    "substance_immunity": "unique_rule",
    "hack_dmg": "dmg_mod",
    "shield_check": "def_mod",
    "shield_target": "def_mod",
    "shield_halved": "def_mod",
    "absorb_levels": "on_wounded",
    "hit_without_def": "on_hit",
    "level_reach": "height_rule",
    "opposed_check_mod": "check_mod",
    "hit_area": "area",
    "opposed_reroll": "reroll",
    "rng_unlimited": "rng_mod",
    "regenerates": "extra_action",
    "meta_fumble_safe": "on_fumble",
    "def_confirm": "reroll",
    "wound_absorb": "on_wounded",
    "cover_def": "def_mod",
    "def_fixed": "def_mod",
    "hide_anywhere": "los_rule",
    "fit_slack": "equipment_rule",
    "trade_denied": "equipment_rule",
    "equip_denied": "equipment_rule",
    "held_denied": "equipment_rule",
    "gear_denied": "equipment_rule",
    "natural_dmg": "dmg_mod",
    "negates": "unique_rule",
    "use_check": "equipment_rule",
    "object_check_mod": "check_mod",
    "use_psi": "psychology",
    "object_target": "equipment_rule",
    "object_effect": "equipment_rule",
    "object_used": "equipment_rule",
    "boost_choice": "check_mod",
    "ene_gain_denied": "ene_mod",
    # stims (rules/traits/stims.py): what a use of the object does to its taker, and the states it leaves
    "use_ene": "ene_mod",
    "use_boost": "check_mod",
    "use_addiction": "percent_roll",
    "withdrawal": "stress",
    "status_activation_end": "ene_mod",
    # transports' steering, strain and wreck, and Radar (rules/traits/vehicles.py)
    "turn_limit": "mov_mod",
    "extra_turn": "mov_mod",
    "drive_strain": "unique_rule",
    "ejection": "on_death",
    "wreck_blast": "on_death",
    "wreck_fire": "on_death",
    "sees_hidden": "los_rule",
    "water_as_land": "terrain_rule",
    "float_height": "terrain_rule",
    "nooks_easy": "terrain_rule",
    "use_choice": "equipment_rule",
    "use_coat": "on_hit",
    "use_hex": "on_hit",
    "aura_bodyguard": "aura_ally",
    "fortune_uses": "once_per_turn",
    "sight_through": "los_rule",
    "hover": "height_rule",
    "strip_needed": "height_rule",
    "walks": "unique_rule",
    "frame_attributes": "equipment_rule",
    "meta_target": "metaability",
    "forced_move": "metaability",
    "object_move": "metaability",
    "effect_turn_start": "unique_rule",
    "effect_hit": "unique_rule",
    "meta_used": "equipment_rule",
    # more race traits (rules/traits/race_extra.py)
    "strength_plus": "dmg_mod",
    "meta_ene_mod": "ene_mod",
    "area_dmg_bonus": "dmg_mod",
    "moves_as_mover": "terrain_rule",
    "breathes_underwater": "height_rule",
    "walks_on_walls": "terrain_rule",
    "melee_stance": "check_mod",
    "melee_dmg_stance": "dmg_mod",
    "area_def_mod": "def_mod",
    "wounded_reply": "on_wounded",
    "ranged_contest": "check_mod",
    "wounds_counted": "on_wounded",
    "area_attack_done": "on_hit",
    "senses": "reaction_rule",
    "resonator": "metaability",
    "ene_pool": "ene_mod",
    "ene_pool_spent": "ene_mod",
    "hit_immunity": "dmg_mod",
    "wounded_stress": "on_wounded",
    "own_meta_immunity": "metaability",
    "death_explosion": "on_death",
    "item_blast": "on_death",
    "fumble_blast": "on_fumble",
    "own_fumble_blast": "on_fumble",
    "invocation_fumble": "on_fumble",
    "stress_hit": "stress",
    "stress_def": "stress",
    "stress_def_from": "stress",
    "substance_factor": "dmg_mod",
    "substance_def": "def_mod",
    "scatter_reroll": "reroll",
    # battle cries (rules/traits/battle_cries.py)
    "aura_death_reply": "aura_ally",
    "meta_void": "metaability",
    "activation_over": "unique_rule",
    "foe_aura_compulsion": "unique_rule",
    # combat feats (rules/traits/combat_feats.py)
    "leap": "height_rule",
    "volley": "extra_action",
    "aura_crit_extra": "aura_ally",
    # items left on the table (rules/traits/mines.py, rules/placed.py)
    "proximity_trigger": "reaction_rule",
    "remote_trigger": "unique_rule",
    **{h: h for h in CATALOGUE_HOOKS},
}
#: Every hook point the rules call.
HOOKS = tuple(CATALOGUE_HOOK)


@dataclass(frozen=True)
class TraitPlugin:
    """A registered trait: its handlers by hook point and where it may be fielded (match.setup, MET-1):
    ``kinds`` the archetype kinds it is implemented on (empty: any the catalogue allows), ``requires`` trait IDs
    the same archetype must carry, ``fieldable`` False when only part of it is played (it is then refused).
    ``name`` is the book's name (the catalogue's ``name_es``, bound to it by a test) for events and labels.
    ``args``: a weapon carries the trait's level or parameter into play as ``"<ID>:<value>"`` beside its ID in
    ``Weapon.traits`` (``trait_arg``; TRT-BLIND-ZONE's level, TRT-CHARGES' uses left).
    ``param_problem(param, owner)`` says why a parameter cannot be played by a character whose archetypes carry the
    trait IDs `owner` (None: it can; TRT-RESISTANCE, TRT-REQUIRES).
    ``per_protection``: its handlers count each worn protection carrying it themselves (``trait_copies`` leaves it
    out).
    ``object_args``: an object carries the trait's parameter into play as ``"<ID>:<value>"`` beside its ID in
    ``Gear.traits`` (``object_trait_args``; TRT-VENOM's substance)."""
    trait_id: str
    name: str
    hooks: dict[str, Callable[..., Any]]
    kinds: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    fieldable: bool = True
    args: bool | tuple[str, ...] = False
    param_problem: Callable[[str | None, frozenset], str | None] | None = None
    per_protection: bool = False
    object_args: bool = False


@dataclass(frozen=True)
class Wear:
    """What one use of a weapon costs (``weapon_used``): wounds to its user (no CH DEF, no CH PSI) and to the
    weapon itself (WND-6); ``rule`` names the events."""
    rule: str
    user_wounds: int = 0
    item_wounds: int = 0


@dataclass(frozen=True)
class MoveBoost:
    """An optional boost a trait offers a movement action (``move_boost``): ``k`` K more allowance if its
    controller takes it (the action's ``boost`` parameter = ``rule``), for ``wounds`` wounds to the mover (no CH
    DEF, no CH PSI, G7) once the move is made; ``label`` says so in the options. ``must_engage``: a move taking it
    must end in base contact with an enemy; ``until_next_move``: the ``Effects.spent`` mark that offers it, removed
    after the bearer's next move (boosted or not). ``any_move``: offered on every movement action, the terrain moves
    and jumps too (Nadar, Escalar, Subir a un alto, Salto de longitud, Mover cargado, 180°), not only on the moves
    with an allowance and Cargar (TRT-FIRE-IN-THE-VEINS)."""
    rule: str
    k: float
    wounds: int
    label: str
    must_engage: bool = False
    until_next_move: str | None = None
    any_move: bool = False


@dataclass(frozen=True)
class StartPsi:
    """A CH PSI an enemy aura asks of a character when its activation starts (``aura_start_psi``), from `source`;
    a failure calls a CH LOC at `loc_malus` (TRT-GREATER-DEMON; None: no CH LOC). ``stress`` is added first
    (TRT-DRUG's withdrawal, ``withdrawal``)."""
    rule: str
    reason: str
    source: int | None
    loc_malus: int | None
    stress: int = 0


@dataclass(frozen=True)
class ObjectEffect:
    """What one use of an object does to its target (``object_effect``; the Use action applies it): wounds
    recovered (``heal``, WND-2: never below 0), ENE gained (``ene``, ENE-1: capped at 10; TRT-COMBAT-DRUGS); ``rule``
    names the events."""
    rule: str
    heal: int = 0
    ene: int = 0


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
class Leap:
    """A jump a trait gives its bearer (``leap``; the action Súper salto, rules/actions/super_jump.py): up to ``reach``
    K in a straight line in any direction, up included, for ENE ``cost`` and a CH AGI; taking off or landing on
    difficult ground needs another CH AGI, whose failure costs ENE −``fail_ene`` and calls a check of ``fail_check``
    whose failure gives ``fail_wounds`` wounds (no CH DEF)."""
    rule: str
    reach: float
    cost: int
    fail_ene: int
    fail_check: str
    fail_wounds: int


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


@dataclass(frozen=True)
class FireMode:
    """A fire mode a weapon's trait offers, chosen per attack (Ataque a distancia's ``mode`` parameter): the
    weapon's ENE + ``ene_plus``, and the priced cost (after the traits' ± terms, before caps) × ``ene_factor``;
    DMG + ``dmg_plus`` (a ± term of CMB-4); RNG × ``rng_factor`` (the RNG in play, rounded x.5 up)."""
    rule: str
    label: str
    ene_plus: int = 0
    ene_factor: int = 1
    dmg_plus: int = 0
    rng_factor: Fraction = Fraction(1)
    melee: bool = False               # a melee mode (Ataque CaC's ``mode``) instead of a fire mode
    area: str | None = None           # an area weapon's mode: the area code the attack takes instead
    mark: bool = False                # the attack marks its user for the activation (Effects.spent, its rule)

    def __post_init__(self):
        if self.ene_plus < 0 or self.ene_factor < 1:     # rules.energy.least_weapon_price counts on it
            raise ValueError(f"{self.rule}: a fire mode may add ENE (ene_plus ≥ 0, ene_factor ≥ 1), never take it off")

    def reach(self, rng: int) -> int:
        q = rng * self.rng_factor
        return int(q) + (1 if q - int(q) >= Fraction(1, 2) else 0)


@dataclass(frozen=True)
class Stance:
    """A choice a character's trait offers before each of its melee CH IMP (Ataque CaC's ``stance`` parameter, its
    ``key``): CH IMP + ``imp_plus`` and DMG + ``dmg_plus`` for that attack (TRT-FENCING-MASTER); ``mark``: taking it
    leaves the rule's mark in ``Effects.spent`` until the attacker's next activation (``marked_def_mod``: TRT-FRENZY)."""
    key: str
    rule: str
    label: str
    imp_plus: int = 0
    dmg_plus: int = 0
    mark: bool = False

    def imp_mods(self) -> list:
        """The CH IMP modifier of the stance (none without a CH IMP term)."""
        return [Modifier(self.rule, self.imp_plus, self.label)] if self.imp_plus else []


_REGISTRY: dict[str, TraitPlugin] = {}
#: action key → (category, has_check) of every registered action (rules.actions.base.register notes them), for the
#: traits that depend on the kind of action a check belongs to (TRT-EVASIVE-PILOT) without importing the actions
ACTION_KINDS: dict[str, tuple[str, bool]] = {}
_BY_HOOK: dict[str, list[tuple[str, Callable[..., Any]]]] = {}
#: bumped by every register / unregister: answers kept across world versions (`_traits_of`) name it
_REGISTRY_GEN = [0]


def register(trait_id: str, name: str, hooks: dict[str, Callable[..., Any]] | None = None, *,
             kinds: tuple[str, ...] = (), requires: tuple[str, ...] = (), fieldable: bool = True,
             args: bool | tuple[str, ...] = False,
             param_problem: Callable[[str | None, frozenset], str | None] | None = None,
             per_protection: bool = False, object_args: bool = False) -> TraitPlugin:
    """Register a trait's handlers by hook point (each must be one of ``HOOKS``). A trait with no hooks is
    played elsewhere (its docstring says where: the core area rules, points only)."""
    hooks = dict(hooks or {})
    unknown = sorted(set(hooks) - set(HOOKS))
    if unknown:
        raise ValueError(f"{trait_id}: unknown hook point(s) {', '.join(unknown)}")
    if trait_id in _REGISTRY:
        raise ValueError(f"{trait_id} is registered twice")
    plugin = TraitPlugin(trait_id, name, hooks, tuple(kinds), tuple(requires), fieldable, args=args,
                         param_problem=param_problem, per_protection=per_protection, object_args=object_args)
    _REGISTRY[trait_id] = plugin
    _BY_HOOK.clear()
    _OF.clear()
    _SOURCE_TERMS.clear()
    _AURA_IDS.clear()
    _REGISTRY_GEN[0] += 1
    return plugin


def also_on(trait_id: str, *kinds: str) -> None:
    """Field a registered trait on more archetype kinds (its handlers unchanged): a trait played on a race whose
    effect acts for a protection's wearer the same way (rules.traits.protections), or for the whole miniature
    while a transport carrying it is ridden (rules/riding.py, rules.traits.transport). A trait registered for any
    kind (``kinds`` empty) stays so."""
    p = _REGISTRY[trait_id]
    if p.kinds:
        _REGISTRY[trait_id] = replace(p, kinds=p.kinds + tuple(k for k in kinds if k not in p.kinds))


def unregister(trait_id: str) -> None:
    _REGISTRY.pop(trait_id, None)
    _BY_HOOK.clear()
    _OF.clear()
    _SOURCE_TERMS.clear()
    _AURA_IDS.clear()
    _REGISTRY_GEN[0] += 1


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


#: MET-3..5: the installers of the lapses of lasting effects (``MetaEffects``) in a world; rules.metahabilities adds
#: its ``install`` when imported, so that a trait leaving such an effect outside a cast (TRT-HEX on a weapon) installs
#: them without importing the rules above this package.
EFFECT_LAPSES: list[Callable[[Any], None]] = []


#: GNA-16 / BLD-17: traits of a bearer (played on races) that an object gives the character holding it, while
#: held and not disabled (traits/objects.py names them; ``character_traits`` adds them).
ON_OBJECTS: set[str] = set()


def fielding_problem(trait_id: str, kind: str, carried: set[str] | frozenset[str],
                     param: str | None = None, owner: frozenset[str] = frozenset()) -> str | None:
    """Why a trait cannot be fielded on an archetype of `kind` carrying the trait IDs `carried`, with parameter
    `param`, on a character whose archetypes carry `owner` (None: it can)."""
    p = _REGISTRY.get(trait_id)
    if p is None or not p.fieldable:
        return "is not implemented"
    if kind == "metahability" and "metahability" not in p.kinds:      # MET-*: played on one only when it says so
        return "is not implemented on metahabilities yet"
    if kind == "object" and "object" not in p.kinds and trait_id not in ON_OBJECTS:
        # GNA-16: on an object a trait is played only where its module says so (a weapon's area on an object
        # would otherwise be fielded and do nothing)
        return "is not implemented on an object yet"
    if p.kinds and kind not in p.kinds and not (kind == "object" and trait_id in ON_OBJECTS):
        return f"is implemented on {' or '.join(p.kinds)} archetypes only, not on a {kind}"
    missing = [r for r in p.requires if r not in carried]
    if missing:
        return f"needs {', '.join(missing)} on the same archetype"
    if p.param_problem is not None:
        return p.param_problem(param, owner)
    return None


# --- the bearer's traits ----------------------------------------------------------------------------------
def character_traits(gs, e: int) -> tuple[str, ...] | frozenset[str]:
    """A character's trait IDs: its own (race) traits, the maluses gained in play (PSI-8), the traits of the
    protections it wears that are not disabled (traits G10: a protection's trait acts for its wearer while worn
    and not disabled, WND-4), the bearer traits of the objects it holds (``ON_OBJECTS``; GNA-16), and what the
    metahability effects on it grant and negate (MET-3..5: TRT-HEX, TRT-NEGATE, ...; an effect suspended by
    TRT-MAGIC-NULLIFY does neither)."""
    # per world version (issue 20: asked ~100 times per decision): the current version's table read in place
    v = getattr(gs, "_memo_v", None)
    memo = gs._memo_cur if v is not None and v == gs.world.version else gs._memo_table()
    key = ("traits", e)
    got = memo.get(key)
    if got is None:
        got, memo[("negated", e)] = _traits_of(gs, e)
        memo[key] = got
    return got


def _traits_of(gs, e: int) -> tuple:
    """`character_traits`' work: (the carried trait IDs, the IDs they negate). Issue 20: a new world version
    (every event, every component set) used to recompute it for every miniature (the aura map asks them all);
    the answer is a pure function of the character's Traits, Psyche, Equipment, MetaEffects, Suppressed and
    BonusLost components and of the registry (and the static catalogue) — with an object in play (Gear, GNA-16), of
    the `_GEAR_READS` tables too — when no carried trait is on ``negates`` (whose handlers may read anything), so it
    is kept while the tables of those component types (`World.stamp`: the versions of their last changes) and the
    registry are unchanged (`stable_table`)."""
    w = gs.world
    kept = stable_table(gs, "traits", _TRAIT_TYPES, gear=True)
    if kept is not None:
        hit = kept.get(e)
        if hit is not None:
            return hit
    own, psyche, fx = gs.traits(e), gs.psyche(e), w.try_get(e, MetaEffects)
    suppressed = w.try_get(e, Suppressed)
    lost = w.try_get(e, BonusLost)
    gained = psyche.maluses
    worn = [t for p in worn_protections(gs, e) for t in p.traits]
    got = frozenset(own) | frozenset(gained) | frozenset(worn) if gained or worn else own
    held = _object_traits(gs, e, got)
    if held:
        got = frozenset(got) | held
    if fx is not None and fx.active:
        got = _with_effects(got, fx.active)
    if suppressed is not None:
        got = _without_bonuses(got)                  # TRT-DESTABILISING-AMMO: its bonuses do not work
    if lost is not None:
        got = frozenset(got) - {lost.trait}          # TRT-SAIKIKKU: the one bonus chosen does not work
    negaters = _of("negates", got)
    neg = frozenset(n for _, h in negaters for n in h(gs, e))
    got = _apart(got, neg)
    if kept is not None and not negaters:
        kept[e] = (got, neg)
    return got, neg


def registry_generation() -> int:
    """How many times a trait handler was registered or removed (a memo of answers that read the registry keys it)."""
    return _REGISTRY_GEN[0]


def stable_table(gs, name: str, ctypes: tuple, gear: bool = False) -> dict | None:
    """Issue 20: the table of answers `name` kept across world versions while the registry and the tables of the
    component types `ctypes` are unchanged (`World.stamp`); a fresh one when either changed. None (keep nothing)
    for a state without a stable store (a view), and while an object is in play (Gear: GNA-16, whose held traits
    read more tables) unless `gear`: an answer built on the trait sets alone, kept then while the tables held traits
    read (`_GEAR_READS`) are unchanged too, provided every registered ``held_denied`` handler is one known to read
    nothing else (`PURE_HELD_DENIALS`). Only for answers that read nothing else (never game state)."""
    stable = getattr(gs, "_stable", None)
    if stable is None:
        return None
    w = gs.world
    gear_on = bool(w.tables.get(Gear))
    if gear_on and not gear:
        return None
    got = stable.get(name)
    at = (_REGISTRY_GEN[0], w.changed_at)
    if got is not None and got[2] == at:     # no table changed since it was last checked (`World.changed_at`)
        return got[1]
    if gear_on:            # checked when the stamp is, not at every hit: a handler registered bumps the generation
        if any(h not in PURE_HELD_DENIALS for _, h in handlers("held_denied")):
            return None
        ctypes = ctypes + _GEAR_READS
    stamp = (_REGISTRY_GEN[0],) + w.stamp(ctypes)
    table = got[1] if got is not None and got[0] == stamp else {}
    stable[name] = (stamp, table, at)
    return table


def carries_on(gs, e: int, *hooks: str) -> bool:
    """Whether `e`'s trait set (`character_traits`) holds a trait registered on any of `hooks`: False means every
    helper that asks only those hooks of that set answers nothing (issue 20: the menu gates of the actions,
    ``Action.menu_gate``). A pure function of the trait set and the registry."""
    carried = character_traits(gs, e)
    return any(_of(h, carried) for h in hooks)


def own_carries_on(gs, e: int, hook: str) -> bool:
    """Whether `e`'s own (race) traits (`GameState.traits`, of which `body_traits` is a part) hold a trait on
    `hook` (issue 20: ``Action.menu_gate``). A pure function of its Traits and the registry."""
    return bool(_of(hook, gs.traits(e)))


def menu_table(gs) -> dict | None:
    """Issue 20 (ACT-5): the table of answers kept while what a menu gate reads is unchanged (``Action.menu_gate``:
    `stable_table` over `MENU_GATE_TYPES` and the registry; with an object in play, over the tables held traits read
    too, `gear=True`); None when nothing may be kept (a view; an object in play with a ``held_denied`` handler not
    known to be pure)."""
    return stable_table(gs, "menu_gates", MENU_GATE_TYPES, gear=True)


def traits_kept(gs, e: int) -> bool:
    """Whether `e`'s trait set is kept across world versions now (`character_traits` asked first): False when it
    reads more than its component tables (a carried trait on ``negates``), so an answer built on it must not be
    kept either."""
    character_traits(gs, e)
    kept = stable_table(gs, "traits", _TRAIT_TYPES, gear=True)
    return kept is not None and e in kept


def hook_carriers(gs, hook: str) -> tuple[int, ...]:
    """The miniatures (id order, on the table or not) whose trait set (`character_traits`) holds a trait registered
    on `hook`: a superset of those a helper of that hook answers for (issue 20: kept across world versions while
    the trait sets are; every miniature when they cannot be kept)."""
    kept = stable_table(gs, ("carriers", hook), _CARRIER_TYPES, gear=True)
    got = None if kept is None else kept.get(hook)
    if got is None:
        minis = gs.minis()
        got = tuple(e for e in minis if _of(hook, character_traits(gs, e)))
        traits_kept = stable_table(gs, "traits", _TRAIT_TYPES, gear=True)
        if kept is None or traits_kept is None or not all(e in traits_kept for e in minis):
            return tuple(minis)
        kept[hook] = got
    return got


#: TRT-NEGATE: the characteristics (archetype attributes) a Niega may cancel, as ``negates`` answers them (their
#: code). Reading (the ruling: "the named characteristic has no effect in any interaction with the bearer or its
#: actions"): in an interaction between the bearer and another character, the OTHER's named characteristic counts 0
#: (``seen_attribute``): DEF, the target's DEF (its protections' and transport's) in the bearer's attack
#: (combat_terms); DMG, the weapon DMG of the other's attack on the bearer (a thrown thing's DMG too; MOD-1's CON
#: term and every ± DMG term still count); CON, the other's CON in its melee DMG on the bearer (MOD-1) and in a CH
#: CON ENF between them; AGI, INT, VOL: the other's attribute as the base of each check it makes against the bearer
#: or because of it (its CH IMP on the bearer, CH AGI to dodge the bearer's attack, CH PSI from the bearer's hit, a
#: CH ATR ENF between them: every check rolled naming the other side, ``rules.modifiers``). The bearer's own numbers
#: are unchanged.
#: The other five (issue 16, the lead's rulings: the bearer cancels the number that would work AGAINST it in an
#: interaction with it or its actions; ``cancels``): RNG, the other side's RNG (weapon, metahability, object) counts
#: 0 in an action on the bearer: it reaches the bearer only in base contact (rules.actions.combat
#: ``ranged_target_check`` and the CBA-2..4 variants, rules.metahabilities ``check_target``, rules.actions.objects
#: ``in_reach``; a reactive shot too; an area template that merely catches the bearer is unaffected); QUA, the
#: other side's QUA counts 0: a protection of the other's wounded by the bearer's attack (CMB-9) is destroyed at
#: once, a driverless transport rammed by the bearer has CON (= its CAL) 0, and the stress against QUA of the
#: other's equipment the bearer possesses (MET-10) is against 0; MOV, a movement that is part of an action on the
#: bearer (Cargar CBA-12, Embestir CBA-23 on foot or with a transport) covers 0 K: refused; ENE, the other side
#: cannot pay for a reaction to the bearer or its actions (no reaction window offered, nor a reaction aimed at the
#: bearer: Esquivar en CaC, Contramagia included); SIZ, the bearer's own protections' SIZ has no effect: no MOD-6
#: on its checks (rules.modifiers ``character_mods``).
NEGATED_DEF = "DEF"
NEGATED_CHARACTERISTICS = ("CON", "AGI", "INT", "VOL", "DEF", "DMG", "ENE", "RNG", "QUA", "SIZ", "MOV")
#: the characteristics ``seen_attribute`` zeroes as a number of the other side (the base of a check, a DMG, a DEF)
_SEEN_CHARACTERISTICS = ("CON", "AGI", "INT", "VOL", "DEF", "DMG")


def seen_attribute(gs, e: int, other: int | None, attribute: str | None, value: int) -> int:
    """TRT-NEGATE: `value`, `e`'s characteristic `attribute` as it counts in an interaction with `other`: 0 when
    `other` (another character) cancels that characteristic (``negated``), `value` otherwise."""
    if other is None or other == e or attribute is None or attribute not in _SEEN_CHARACTERISTICS:
        return value
    return 0 if attribute in negated(gs, other) else value


def cancels(gs, bearer: int | None, code: str, other: int | None = None) -> bool:
    """TRT-NEGATE: whether character `bearer` cancels characteristic `code` (ENE, RNG, QUA, SIZ, MOV, ...) in an
    interaction with `other` (another character; never with itself)."""
    if bearer is None or bearer == other or not isinstance(bearer, int):
        return False
    return code in negated(gs, bearer)


def negated(gs, e: int) -> frozenset[str]:
    """``negates``: the trait IDs the character's traits cancel in any interaction with it or its actions
    (TRT-NEGATE): its own, and those of whoever it attacks, is attacked by, acts on or meets in an aura."""
    v = getattr(gs, "_memo_v", None)
    memo = gs._memo_cur if v is not None and v == gs.world.version else gs._memo_table()
    got = memo.get(("negated", e))                      # set with the trait set (`character_traits`)
    if got is None:
        character_traits(gs, e)
        got = gs._memo_table().get(("negated", e), frozenset())
    return got


def _apart(carried, neg: frozenset):
    """`carried` without the trait IDs in `neg` (itself when none is in it)."""
    return frozenset(carried) - neg if neg and not neg.isdisjoint(carried) else carried


def facing(gs, carried, *others):
    """TRT-NEGATE ruling ("no effect in any interaction with the bearer or its actions"): `carried` (a character's
    or its weapon's traits) without the trait IDs that any of `others` (the characters the interaction is with;
    None skipped) negates. Every hook helper between two characters passes its traits through it."""
    neg = frozenset().union(*(negated(gs, o) for o in others if o is not None))
    return _apart(carried, neg)


def spared(gs, trait_id: str, who) -> list:
    """TRT-NEGATE: the characters of `who` (ids, or (id, n) pairs) that do not negate `trait_id`: an effect of a
    trait on several characters does not reach those that cancel it."""
    return [w for w in who if trait_id not in negated(gs, w[0] if isinstance(w, tuple) else w)]


def worn_protections(gs, e: int) -> list:
    """The protections `e` wears that carry traits and are not disabled (WND-4), in equipment order."""
    return [p for p in gs.equipment(e).protections if p.traits and not p.disabled]


def trait_copies(gs, e: int) -> tuple[frozenset[str], ...]:
    """Traits G10: the same trait from two of a character's archetypes (the race and a worn protection, or two
    protections) counts once as a state but its numbers add: the k-th set holds the traits the character carries
    more than k times (``combat_terms`` asks their attack hooks once more per set)."""
    memo = gs._memo_table()
    key = ("trait_copies", e)
    got = memo.get(key)
    if got is None:
        counts: dict[str, int] = {t: 1 for t in gs.traits(e)}
        for p in worn_protections(gs, e):
            for t in dict.fromkeys(p.traits):
                plugin = _REGISTRY.get(t)
                if plugin is None or not plugin.per_protection:     # those count each protection themselves
                    counts[t] = counts.get(t, 0) + 1
        if gs.world.try_get(e, Suppressed) is not None:      # TRT-DESTABILISING-AMMO: no bonus copies either
            keep = _without_bonuses(counts)
            counts = {t: n for t, n in counts.items() if t in keep}
        lost = gs.world.try_get(e, BonusLost)
        if lost is not None:                                  # TRT-SAIKIKKU: nor of the bonus chosen
            counts.pop(lost.trait, None)
        top = max(counts.values(), default=1)
        got = memo[key] = tuple(frozenset(t for t, n in counts.items() if n > k) for k in range(1, top))
    return got


# --- suppressed bonuses (TRT-DESTABILISING-AMMO) ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Suppressed:
    """A character whose bonuses (the traits of positive catalogue cost it carries: its race's, its worn
    protections', its held objects', those effects grant it) do not work until its next activation starts; `rule`
    names who suppressed them (TRT-DESTABILISING-AMMO). ``character_traits`` and ``trait_copies`` leave them out, so
    every hook point respects it; its maluses (cost 0 or less) still work. Its weapons' bonus traits are switched
    off too (``OffWeapon``), and its own flight levels, take-off rule and level-3 freedom (``body_traits``: an
    airborne character keeps the levels up to its own and cannot climb: it does not fall, see `flight_levels`)."""
    rule: str


_BONUS: set[str] = set()


def set_bonus_traits(ids) -> None:
    """The bonus trait IDs (catalogue cost above 0) that ``Suppressed`` leaves out (TRT-DESTABILISING-AMMO). The
    catalogue is data (layer 3, wartime/data/tables/traits.tsv): the layer that reads it gives them
    (wartime.match.setup, on import), so that the rules never import the data layer."""
    _BONUS.clear()
    _BONUS.update(ids)


def _without_bonuses(carried) -> frozenset[str]:
    """`carried` without the bonus traits (catalogue cost above 0)."""
    if not _BONUS:
        raise RuntimeError("TRT-DESTABILISING-AMMO: the catalogue's bonus traits were not given to the trait "
                           "registry (wartime.match.setup gives them on import: set_bonus_traits)")
    return frozenset(t for t in carried if t not in _BONUS)


def suppress_bonuses(gs, e: int, rule: str) -> None:
    """`rule` suppresses `e`'s bonuses until its next activation starts (``Suppressed``), its weapons' too."""
    gs.world.set(e, Suppressed(rule))
    weapons = switch_off_weapon_traits(gs, e, rule, _BONUS)
    gs.world.emit("bonuses_suppressed", rule, who=e, **({"weapon_traits": weapons} if weapons else {}))


def lift_suppression(gs, e: int) -> None:
    """At the start of `e`'s next activation (rules.turns, before its ENE gain) its bonuses work again, its weapons'
    too (those it came by while they were off as well; a bonus TRT-SAIKIKKU took stays off until its own end)."""
    got = gs.world.try_get(e, Suppressed)
    lost = gs.world.try_get(e, BonusLost)
    back = restore_weapon_traits(gs, e, lambda rule: lost is None or rule != lost.rule)
    if got is not None:
        gs.world.remove(e, Suppressed)
        gs.world.emit("bonuses_restored", got.rule, who=e)
    elif back:
        gs.world.emit("weapon_traits_restored", back[0][0], who=e, traits=[t for _, t in back])


# --- weapon traits switched off (TRT-DESTABILISING-AMMO, TRT-SAIKIKKU) ----------------------------------------------
def _trait_id(entry: str) -> str:
    """The trait ID of a weapon's trait entry (an ID, or "<ID>:<value>")."""
    return entry.split(":", 1)[0]


def switch_off_weapon_traits(gs, e: int, rule: str, ids) -> list[str]:
    """`rule` switches off the traits `ids` on every weapon `e` carries (their entries kept in ``OffWeapon.off``
    with the rule); the trait IDs switched off (sorted, each once)."""
    eq = gs.equipment(e)
    out: set[str] = set()
    weapons = []
    for w in eq.weapons:
        gone = tuple(x for x in w.traits if _trait_id(x) in ids)
        if gone:
            out.update(_trait_id(x) for x in gone)
            base = {f.name: getattr(w, f.name) for f in fields(Weapon)}
            base["traits"] = tuple(x for x in w.traits if x not in gone)
            w = OffWeapon(**base, off=getattr(w, "off", ()) + tuple((rule, x) for x in gone))
        weapons.append(w)
    if out:
        gs.world.set(e, replace(eq, weapons=tuple(weapons)))
    return sorted(out)


def restore_weapon_traits(gs, e: int, which: Callable[[str], bool]) -> list[tuple[str, str]]:
    """Give back to `e`'s weapons the trait entries switched off by a rule `which` accepts (a weapon with none
    left off is a plain Weapon again); the (rule, trait ID) given back."""
    eq = gs.equipment(e)
    back: list[tuple[str, str]] = []
    weapons = []
    for w in eq.weapons:
        off = getattr(w, "off", ())
        mine = tuple(x for x in off if which(x[0]))
        if mine:
            back += [(r, _trait_id(x)) for r, x in mine]
            kept = tuple(x for x in off if not which(x[0]))
            base = {f.name: getattr(w, f.name) for f in fields(Weapon)}
            base["traits"] = w.traits + tuple(x for _, x in mine)
            w = OffWeapon(**base, off=kept) if kept else Weapon(**base)
        weapons.append(w)
    if back:
        gs.world.set(e, replace(eq, weapons=tuple(weapons)))
    return back


def body_traits(gs, e: int):
    """The character's own (race) traits as its body's shape reads them (flight levels, take-off rule, level-3
    freedom): without its bonuses while ``Suppressed`` (TRT-DESTABILISING-AMMO), without the bonus TRT-SAIKIKKU
    took, and without those it negates (TRT-NEGATE)."""
    own = gs.traits(e)
    suppressed = gs.world.try_get(e, Suppressed)
    lost = gs.world.try_get(e, BonusLost)
    if suppressed is None and lost is None:
        return _apart(own, negated(gs, e))
    got = _without_bonuses(own) if suppressed is not None else frozenset(own)
    if lost is not None:
        got = got - {lost.trait}
    return _apart(got, negated(gs, e))


# --- one bonus lost (TRT-SAIKIKKU) ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BonusLossDue:
    """TRT-SAIKIKKU: one of the character's bonuses is to stop working; `chooser` (the side of the Saikikku bearer
    whose wound caused it: ruling, its owner chooses) is asked which, as soon as the step that caused it has resolved
    (a 'bonus_loss' decision, rules.sequence.Engine.pending)."""
    rule: str
    chooser: str


@dataclass(frozen=True, slots=True)
class BonusLost:
    """TRT-SAIKIKKU: the bonus `trait` of the character does not work (``character_traits`` and ``trait_copies``
    leave it out) until the end of its next activation (ruling): `armed` once that activation has started."""
    trait: str
    rule: str
    armed: bool = False


#: the component types a character's trait set reads (`_traits_of`, with no Gear in play)
_TRAIT_TYPES = (Traits, Psyche, Equipment, MetaEffects, Suppressed, BonusLost, Gear)
#: GNA-16: what a character's trait set reads besides `_TRAIT_TYPES` while an object is in play (`_object_traits`: the
#: items and their holders, CBA-21's switched-off gear; TRT-REQUIRES' ``held_denied``, `protections.unmet`: the
#: holder's race attributes, the protections it carries; `stable_table(..., gear=True)`)
_GEAR_READS = (Item, PossessedGear, Attributes, CarriedProtections)
#: the ``held_denied`` handlers known to read no more than `_GEAR_READS`, `_TRAIT_TYPES` and the trait set they are
#: given (traits/protections.py adds TRT-REQUIRES'); while any other is registered, no trait set is kept with an
#: object in play
PURE_HELD_DENIALS: set = set()
#: and the aura map (`_aura_map`): the miniatures (Identity) and whether each bearer is able (`aura_active`)
_AURA_TYPES = _TRAIT_TYPES + (Identity, Life, KnockedOut, Stress, Attributes)
#: and the carriers of a hook's traits (`hook_carriers`): the miniatures
_CARRIER_TYPES = _TRAIT_TYPES + (Identity,)
#: what `hook_carriers` reads: its answer is a pure function of these tables and the registry (REA-1's gated reaction
#: keys keep answers built on it, rules.reactors)
CARRIER_TYPES = _CARRIER_TYPES
#: what an action's menu gate may read (``Action.menu_gate``): the trait sets' component types, the metahabilities
#: carried and the transport ridden
MENU_GATE_TYPES = _TRAIT_TYPES + (Metahabilities, Mount)


def owe_bonus_loss(gs, e: int, rule: str, chooser: str) -> None:
    """`rule` makes `e` lose one bonus, `chooser`'s choice (``BonusLossDue``), if it has one that works now (a
    second loss owed before the first is chosen is the same one)."""
    if bonus_options(gs, e) and not gs.world.has(e, BonusLossDue):
        gs.world.set(e, BonusLossDue(rule, chooser))
        gs.world.emit("bonus_loss_due", rule, who=e, chooser=chooser)


def bonus_options(gs, e: int) -> tuple[str, ...]:
    """The bonuses (catalogue cost above 0) that work for `e` now, in ID order: what a 'bonus_loss' offers: those it
    carries (race, worn protections, held objects, effects) and its weapons' (each once)."""
    weapons = {_trait_id(x) for w in gs.equipment(e).weapons for x in w.traits}
    return tuple(sorted(t for t in set(character_traits(gs, e)) | weapons if t in _BONUS))


def bonus_loss_due(gs) -> int | None:
    """The first character (by id) owed a bonus loss (TRT-SAIKIKKU), or None (cheap: asked at every pending
    decision)."""
    table = gs.world.tables.get(BonusLossDue)
    return min(table) if table else None


def lose_bonus(gs, e: int, trait: str, chooser: str) -> None:
    """TRT-SAIKIKKU: `chooser`'s answer: `e`'s bonus `trait` (one of ``bonus_options``) stops working until the end
    of its next activation (a bonus lost before comes back: one at a time). Anything else is refused; nothing
    changes."""
    due = gs.world.try_get(e, BonusLossDue)
    if due is None:
        raise RuleViolation("TRT-SAIKIKKU", f"{gs.name(e)} owes no bonus loss")
    if chooser != due.chooser:
        raise RuleViolation(due.rule, f"the {due.chooser} side chooses {gs.name(e)}'s bonus, not {chooser}")
    options = bonus_options(gs, e)
    if trait not in options:
        raise RuleViolation(due.rule, f"{trait!r} is not a bonus that works for {gs.name(e)}; choose one of: "
                            + ", ".join(options))
    gs.world.remove(e, BonusLossDue)
    before = gs.world.try_get(e, BonusLost)
    if before is not None:                                      # one at a time: the earlier one is back
        restore_weapon_traits(gs, e, lambda rule: rule == before.rule)
    gs.world.set(e, BonusLost(trait, due.rule))
    switch_off_weapon_traits(gs, e, due.rule, {trait})         # on its weapons too
    gs.world.emit("bonus_lost", due.rule, who=e, trait=trait, chosen_by=chooser)


def bonus_loss_activation_start(gs, e: int) -> None:
    """TRT-SAIKIKKU: the activation that will give the lost bonus back has started."""
    lost = gs.world.try_get(e, BonusLost)
    if lost is not None and not lost.armed:
        gs.world.set(e, replace(lost, armed=True))


def bonus_loss_activation_end(gs, e: int) -> None:
    """TRT-SAIKIKKU ruling: the lost bonus returns at the end of the character's next activation."""
    lost = gs.world.try_get(e, BonusLost)
    if lost is not None and lost.armed:
        gs.world.remove(e, BonusLost)
        restore_weapon_traits(gs, e, lambda rule: rule == lost.rule)
        gs.world.emit("bonus_restored", lost.rule, who=e, trait=lost.trait)


def _with_effects(carried, active) -> frozenset[str]:
    """MET-3..5: the trait IDs `carried` as the metahability effects `active` change them."""
    off = {x.cancels for x in active if x.cancels is not None}
    live = [x for x in active if x.uid not in off]
    return (frozenset(carried) | {t for x in live for t in x.grants}) - {t for x in live for t in x.negates}


def _object_traits(gs, e: int, carried=None) -> frozenset:
    """GNA-16: the ``ON_OBJECTS`` traits of the objects `e` holds that are not disabled (WND-4) and whose use it may
    have (``held_denied``: TRT-REQUIRES, judged on `carried`, the traits it has besides its objects'; None: all it
    carries)."""
    table = gs.world.tables.get(Gear)
    if not table or not ON_OBJECTS:
        return frozenset()
    items = gs.world.tables.get(Item, {})
    mine = [g for i, g in table.items() if i in items and items[i].holder == e and not g.disabled
            and not switched_off.is_off(gs.world, i)]                   # CBA-21: switched off
    if not any(t in ON_OBJECTS for g in mine for t in g.traits):
        return frozenset()
    if carried is None:
        carried = character_traits(gs, e)
    return frozenset(t for g in mine if not withheld(gs, e, g, carried) for t in g.traits if t in ON_OBJECTS)


def withheld(gs, e: int, gear, carried) -> str | None:
    """``held_denied``: the trait by which a held object's passive effects do not reach its holder `e` (TRT-REQUIRES:
    one who does not meet its requirement, however it came by it), judged on `carried`, or None."""
    return next((t for t, h in _of("held_denied", gear.traits) if h(gs, e, gear, carried)), None)


def held_levels(gs, e: int, trait_id: str) -> list[int]:
    """GNA-16 / G10: the level of `trait_id` on each object `e` holds that carries it and is not disabled (WND-4), in
    item id order (TRT-DARKNESS-FIELD on an object: its levels add to its holder's). Empty without objects."""
    table = gs.world.tables.get(Gear)
    if not table:
        return []
    items = gs.world.tables.get(Item, {})
    return [g.level(trait_id) for i, g in sorted(table.items())
            if i in items and items[i].holder == e and not g.disabled and trait_id in g.traits
            and not withheld(gs, e, g, character_traits(gs, e))]


def _weapon_traits(weapon) -> tuple[str, ...]:
    return getattr(weapon, "traits", ())


_OF: dict[tuple, list] = {}


def _of(hook: str, carried) -> list[tuple[str, Callable[..., Any]]]:
    """(trait ID, handler) of the traits in `carried` registered on `hook`, in trait-ID order (memoised per
    (hook, carried) until the registry changes; callers only iterate it)."""
    if not carried:
        return []
    key = (hook, carried)
    got = _OF.get(key)
    if got is None:
        got = _OF[key] = [(t, h) for t, h in handlers(hook) if t in carried]
    return got


# --- helpers the rules call -------------------------------------------------------------------------------
def check_mods(gs, e: int, attribute: str | None, kind: str) -> list:
    """``check_mod``: the character's trait modifiers on a check (all apply, G10; a trait carried twice, on the race
    and a protection, counts twice: ``trait_copies``, its copy labelled apart so that CHK-1 keeps both)."""
    if attribute is None:
        return []
    out = []
    for k, carried in enumerate((character_traits(gs, e), *trait_copies(gs, e))):
        for _, h in _of("check_mod", carried):
            m = h(gs, e, attribute, kind)
            if m is not None:
                out.append(replace(m, label=f"{m.label} ({k + 1})") if k else m)
    return out


def restrict_action(gs, e: int, key: str) -> None:
    """``action_restriction``: raises RuleViolation if a trait forbids action `key` now."""
    carried = character_traits(gs, e)
    for _, h in _of("action_restriction", carried) + _of("action_ban", carried):
        h(gs, e, key)


def restrict_reaction(gs, e: int, key: str) -> None:
    """``reaction_restriction``: raises RuleViolation if a trait forbids character `e` the reaction `key`."""
    for _, h in _of("reaction_restriction", character_traits(gs, e)):
        h(gs, e, key)


def restrict_targeting(gs, actor: int, action, target: int) -> None:
    """``target_restriction``: raises RuleViolation if a trait of `target` forbids `actor` to aim `action` at it."""
    for _, h in _of("target_restriction", facing(gs, character_traits(gs, target), actor)):
        h(gs, target, actor, action)


def before_attack(gs, e: int, target: int | None = None, melee: bool = False) -> list[PsiCheck]:
    """``before_attack``: the checks the character's traits ask for before it attacks, in order; then
    ``target_before_attack``: those the target's traits ask of an attacker (TRT-HORROR)."""
    out = []
    for _, h in _of("before_attack", character_traits(gs, e)):
        r = h(gs, e)
        if r is not None:
            out.append(r)
    if target is not None:
        for _, h in _of("target_before_attack", _apart(character_traits(gs, target), negated(gs, e))):
            r = h(gs, e, target, melee)
            if r is not None:
                out.append(r)
    return out


def panic_immune(gs, e: int) -> str | None:
    """``panic_immunity``: the trait by which the character never panics (TRT-FANATIC), or None."""
    return _first_yes("panic_immunity", character_traits(gs, e), (gs, e))


def action_check_mods(gs, e: int, key: str, attribute: str | None, kind: str) -> list:
    """``action_check_mod``: the character's trait modifiers on a check of its own action `key`."""
    out = []
    for _, h in _of("action_check_mod", character_traits(gs, e)):
        m = h(gs, e, key, attribute, kind)
        if m is not None:
            out.append(m)
    return out


def sight_reach(gs, e: int, item=None) -> tuple[str, float] | None:
    """``sight_through`` (TRT-META-VISION): (trait ID, K) within which the character sees through opaque obstacles,
    or None; with `item` (the metahability it casts), that item's traits too (G10). The engine's sight query
    ``GameState.sees`` reads it."""
    got = [(t, float(h(gs, e))) for t, h in _of("sight_through", character_traits(gs, e))]
    if item is not None and item.traits:
        got += [(t, float(h(gs, e))) for t, h in _of("sight_through", item.traits)]
    return max(got, key=lambda x: x[1]) if got else None


def targeted_check_mods(gs, e: int, against: int | None, attribute: str | None, kind: str) -> list:
    """``targeted_check_mod``: modifiers the traits of `against` give a check `e` makes against it (kind 'ENF': the
    acting side of an opposed check with it, 'ENF-DEF': the other side; otherwise the check of an action aimed at
    it: TRT-LORD-OF-CONFUSION)."""
    if against is None or attribute is None or against == e:
        return []
    return _answers("targeted_check_mod", facing(gs, character_traits(gs, against), e), gs, against, e, attribute, kind)


def flight_levels(gs, e: int) -> frozenset[int]:
    """``flight_levels``: the levels the character's traits let it move at (without level 1).

    TRT-DESTABILISING-AMMO / TRT-SAIKIKKU ruling (a flight bonus stopped while the character is off level 1): it
    does not fall; it keeps the levels between its own and level 1, so it may come down (or up, from level −1) but
    not climb (or dive) further, until the bonus comes back. Why: MVA-9's fall table is Dejarse caer's, a drop
    measured in K against the model's height, and MVA-9 ruling (4) applies it to the falls the book names (a failed
    Salto de longitud "se cae al vacío", an Escalar fumble, a push over an edge); neither trait names one (their
    texts only say the bonus "deja de funcionar" / is "anulado" until the next activation); levels 3, 4 and −1 have
    no height in the core (MOV-10, MOV-11: they meet only their own level), so the table would have no drop to read
    for them, and for Sub's level −1 (underground) a fall means nothing. Reading a stop as a fall for level 2 alone
    would treat the same bonus loss differently by altitude, so the engine reads it everywhere as a limit on the
    character's own moves."""
    out: set[int] = set()
    for _, h in _of("flight_levels", body_traits(gs, e)):
        out |= set(h(gs, e))
    if gs.world.has(e, Suppressed) or gs.world.has(e, BonusLost):
        # TRT-DESTABILISING-AMMO / TRT-SAIKIKKU: a flight bonus off; airborne, it keeps the levels up to its own (no
        # fall: the ruling above): it may come down, not climb
        here = gs.pos(e).level
        for _, h in _of("flight_levels", gs.traits(e)):
            out |= {lv for lv in h(gs, e) if 1 <= lv <= here or here <= lv <= 1}
    return frozenset(out)


def leap(gs, e: int) -> Leap | None:
    """``leap``: the jump `e`'s traits give it (TRT-SUPER-JUMP); the first answer (ID order) stands."""
    for _, h in _of("leap", character_traits(gs, e)):
        got = h(gs, e)
        if got is not None:
            return got
    return None


def volley_weapons(gs, e: int) -> list[int]:
    """``volley``: the indexes of `e`'s weapons (not disabled) that fire together in one volley (TRT-SWARM-WEAPON;
    the action is rules/actions/swarm_volley.py), in equipment order."""
    return [i for i, w in enumerate(gs.equipment(e).weapons)
            if not w.disabled and _first_yes("volley", _weapon_traits(w), (w,)) is not None]


def take_off_landing(gs, e: int) -> TakeOff | None:
    """``take_off_landing``: a trait's own take-off and landing rule (MVA-16), None for the core one."""
    for _, h in _of("take_off_landing", body_traits(gs, e)):
        r = h(gs, e)
        if r is not None:
            return r
    return None


def lifts_level3_limits(gs, e: int) -> bool:
    """``level3_limits``: True if a trait lifts MOV-13's level-3 limits."""
    return any(h(gs, e) for _, h in _of("level3_limits", body_traits(gs, e)))


def dispersion(weapon, passed: bool, critical: bool) -> Scatter | None:
    """``dispersion``: a trait's own scatter rule for an area attack, None for the core one (ARE-8, ARE-9)."""
    for _, h in _of("dispersion", _weapon_traits(weapon)):
        r = h(weapon, passed, critical)
        if r is not None:
            return r
    return None


def _answers(hook: str, carried, *args) -> list:
    """Every answer (not None) of the `hook` handlers of the traits in `carried`, in trait-ID order."""
    return [r for _, h in _of(hook, carried) if (r := h(*args)) is not None]


def _tagged(hook: str, carried, *args) -> list[tuple[str, Any]]:
    """(trait ID, answer) of the `hook` handlers of the traits in `carried` that answer something (trait-ID
    order)."""
    return [(t, n) for t, h in _of(hook, carried) if (n := h(*args))]


def left_areas(weapon, shape: str, affected: bool) -> list[LeftArea]:
    """``area``: what the weapon's traits leave on the board where an area attack lands."""
    return _answers("area", _weapon_traits(weapon), weapon, shape, affected)


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


def check_weapon_usable(gs, e: int, weapon) -> None:
    """``weapon_usable``: raises RuleViolation if a trait of the weapon keeps character `e` from using it."""
    for _, h in _of("weapon_usable", _weapon_traits(weapon)):
        h(gs, e, weapon)


def usable_refusal(gs, e: int, item) -> RuleViolation | None:
    """``weapon_usable`` as an answer: the RuleViolation a trait of the item (a weapon, a worn protection, a ridden
    transport) raises to keep character `e` from using it now (TRT-REQUIRES' condition), None when none does."""
    try:
        check_weapon_usable(gs, e, item)
    except RuleViolation as exc:
        return exc
    return None


def charge_bonus(gs, attacker: int, target: int) -> bool:
    """CBA-12: whether the attacker's melee attack on `target` gets the bonuses of a charge: it charged that target
    (the charge set it up) and no trait of the target denies them (hook ``charge_bonus_denied``,
    TRT-COUNTER-CHARGE). Every bonus that exists because it charged asks this (Cargar's CH IMP +1 and DMG +1,
    TRT-CAVALRY, TRT-BATTLE-CRY); the charge move itself and the charge's maluses do not."""
    if gs.effects(attacker).charge_target != target:
        return False
    denied = _of("charge_bonus_denied", _apart(character_traits(gs, target), negated(gs, attacker)))
    return not any(h(gs, target, attacker, target) for _, h in denied)


def after_hit(gs, attacker: int, target: int, weapon, ranged: bool) -> None:
    """``on_hit``: what the traits of the attacker and of its weapon do after a hit (a passed CH IMP), whatever
    the wounds."""
    for carried in (character_traits(gs, attacker), _weapon_traits(weapon) if weapon is not None else ()):
        for _, h in _of("on_hit", facing(gs, carried, attacker, target)):        # TRT-NEGATE
            h(gs, attacker, attacker, target, weapon, ranged)


# --- objects (GNA-16) ----------------------------------------------------------------------------------------
def use_checks(gs, e: int, gear) -> list[tuple[str, str]]:
    """``use_check``: (trait ID, attribute) of each CH ATR a use of the object needs, in trait-ID order."""
    return _tagged("use_check", _weapon_traits(gear), gs, e, gear)


def object_check_mods(gs, e: int, gear) -> list:
    """``object_check_mod``: the Modifiers character `e`'s traits give every check it makes using the object
    (Usar's CH ATR, GNA-16; TRT-MASTERY bought for it)."""
    return [m for _, h in _of("object_check_mod", character_traits(gs, e)) if (m := h(gs, e, gear)) is not None]


def use_psis(gs, e: int, gear) -> list[tuple[str, bool]]:
    """``use_psi``: (trait ID, True) of each trait of the object that makes its user take a CH PSI per use."""
    return _tagged("use_psi", _weapon_traits(gear), gs, e, gear)


#: the hook points of what one use of an object does (``object_effects`` asks them in this order)
USE_EFFECTS = ("object_effect", "use_ene", "use_boost", "use_coat", "use_hex")


def use_effects(gear) -> tuple[str, ...]:
    """The ``USE_EFFECTS`` hook points the object's traits answer (what kind of effect a use has: a heal, ENE, a
    boost), for controllers choosing a use."""
    carried = _weapon_traits(gear)
    return tuple(hook for hook in USE_EFFECTS if _of(hook, carried))


def object_usable(gear) -> bool:
    """An object can be used (Usar) when a trait of it has an effect (``object_effect``, ``use_ene``,
    ``use_boost``)."""
    carried = _weapon_traits(gear)
    return any(_of(hook, carried) for hook in USE_EFFECTS)


def check_object_target(gs, e: int, gear, target: int) -> None:
    """``object_target``: each handler raises RuleViolation when its effect cannot apply to `target`."""
    for _, h in _of("object_target", _weapon_traits(gear)):
        h(gs, e, gear, target)


def object_effects(gs, e: int, gear, target: int, choice: str | None = None) -> list[ObjectEffect]:
    """``object_effect``: what one use of the object does to `target` (`choice`: the use's chosen option, see
    ``object_choices``), each trait in ID order (``object_effect``, then the stims' ``use_ene`` and ``use_boost``);
    then ``use_addiction`` (TRT-DRUG: what taking it may leave)."""
    carried = _weapon_traits(gear)
    out = [r for hook in USE_EFFECTS for r in _answers(hook, carried, gs, e, gear, target, choice)]
    for _, h in _of("use_addiction", carried):
        h(gs, e, gear, target)
    return out


def object_choices(gear, gs=None, e: int | None = None) -> tuple[str, ...]:
    """``boost_choice``: the options one use of the object must choose among (TRT-VITAMIN-COCKTAIL: the attribute
    it raises); with the user `e`, ``use_choice``'s options that depend on it (TRT-VENOM: the weapon it coats); ()
    when a use chooses nothing."""
    for _, h in _of("boost_choice", _weapon_traits(gear)):
        return tuple(h(gear))
    if gs is not None:
        for _, h in _of("use_choice", _weapon_traits(gear)):
            return tuple(h(gs, e, gear))
    return ()


def user_choice_trait(gear) -> str | None:
    """The ID of the object's trait whose use chooses among its user's own things (``use_choice``: TRT-VENOM, the
    user's weapon it coats), or None: such an object has no user once placed (GNA-15 Soltar refuses to lay it)."""
    return next((tid for tid, _ in _of("use_choice", _weapon_traits(gear))), None)


def object_trait_args(refs) -> tuple[str, ...]:
    """The ``"<ID>:<param>"`` entries an object archetype's trait refs carry into play for the registered traits
    that take ``object_args`` (TRT-VENOM: its substance), in the refs' order; () for every other object."""
    return tuple(f"{t.trait_id}:{t.param}" for t in refs
                 if t.param is not None and getattr(_REGISTRY.get(t.trait_id), "object_args", False))


def object_used(gear):
    """``object_used``: the object after one use (each handler gets the previous one's result); None: it is
    removed from the game."""
    out = gear
    for _, h in _of("object_used", _weapon_traits(gear)):
        if out is None:
            break
        out = h(out)
    return out


def weapon_wear(gs, e: int, weapon) -> list[Wear]:
    """``weapon_used``: what one use (an attack) of the weapon costs its user `e` and the weapon, in order."""
    return _answers("weapon_used", _weapon_traits(weapon), gs, e, weapon)


def riposte_dmg(gs, e: int) -> int:
    """``riposte_dmg``: the DMG of the automatic hit a critical CH DEF in melee gives the attacker (CMB-7: 1) as
    the defender's traits set it (the highest answer)."""
    return max([1] + [h(gs, e) or 1 for _, h in _of("riposte_dmg", character_traits(gs, e))])


def fumble_blasts(weapon) -> list[tuple[str, tuple[int, int, int]]]:
    """``fumble_blast``: (trait ID, (P %, DMG, diameter)) of the round areas a fumbled CH IMP with the weapon may set
    off on its user (TRT-FLAMMABLE: 30 %); rules.combat.imp_fumble rolls and resolves them."""
    if weapon is None or weapon.destroyed:                 # a weapon the fumble destroyed went off then (WND-5)
        return []
    return _tagged("fumble_blast", _weapon_traits(weapon), weapon)


def own_fumble_blasts(gs, e: int) -> list[tuple[str, tuple[int, int, int]]]:
    """``own_fumble_blast``: (trait ID, (P %, DMG, diameter)) of the round areas the character's own traits may set
    off on it when its CH IMP fumbles (TRT-FLAMMABLE on a race: 30 %); rules.combat.imp_fumble rolls and resolves
    them, after its weapon's (``fumble_blasts``)."""
    return _tagged("own_fumble_blast", character_traits(gs, e), gs, e)


def fumble_wounds(weapon) -> list[tuple[str, int]]:
    """``fumble_wounds``: (trait ID, wounds) a fumbled CH IMP with the weapon gives its user besides CMB-8 (no
    CH DEF, no CH PSI)."""
    return _tagged("fumble_wounds", _weapon_traits(weapon) if weapon is not None else (), weapon)


def use_stress(gs, e: int, weapon) -> list[tuple[str, int]]:
    """``use_stress``: (trait ID, stress) one use of the weapon gives its user `e` (no check)."""
    return _tagged("use_stress", _weapon_traits(weapon), gs, e, weapon)


def concentrate_step(gs, e: int) -> int:
    """``concentrate_step``: what one Concentrarse adds to the pending bonus (GNA-4: +1) as the character's traits
    set it (the highest answer; the +3 cap stays)."""
    return max([1] + [h(gs, e) or 1 for _, h in _of("concentrate_step", character_traits(gs, e))])


def heal_denied(gs, e: int) -> str | None:
    """``heal_denied``: the trait by which the character cannot recover wounds, or None."""
    return _first_yes("heal_denied", character_traits(gs, e), (gs, e))


def throw_profile(gs, e: int, weapon) -> tuple[float | None, int | None]:
    """``throw_reach`` / ``throw_dmg``: the reach (K) and DMG of the weapon thrown by `e` with Lanzar (CBA-6) as its
    traits set them; None: the action's own (MOV + CON K; the material's DMG). The first answer stands."""
    reach = dmg = None
    for _, h in _of("throw_reach", _weapon_traits(weapon)):
        reach = h(gs, e, weapon) if reach is None else reach
    for _, h in _of("throw_dmg", _weapon_traits(weapon)):
        dmg = h(gs, e, weapon) if dmg is None else dmg
    return reach, dmg


def shot_stopped(gs, e: int, weapon) -> str | None:
    """``shot_stopped``: the trait that stops a shot with the weapon after its ENE is paid and before its CH IMP
    (the action ends there), or None; handlers are asked in trait-ID order until one stops it."""
    for t, h in _of("shot_stopped", _weapon_traits(weapon) if weapon is not None else ()):
        if h(gs, e, weapon):
            return t
    return None


def fumble_dmg(weapon) -> int:
    """``fumble_dmg``: the DMG of the automatic hit a fumbled CH IMP gives the attacker (CMB-8: 1) as the traits
    of the weapon used set it (the highest answer)."""
    if weapon is None:
        return 1
    return max([1] + [h(weapon) or 1 for _, h in _of("fumble_dmg", _weapon_traits(weapon))])


def weapon_fumbled(weapon):
    """``weapon_fumbled``: the weapon after a fumbled hit check made with it (CMB-8)."""
    for _, h in _of("weapon_fumbled", _weapon_traits(weapon)):
        weapon = h(weapon)
    return weapon


def hit_psi(gs, attacker: int, target: int, weapon, ranged: bool) -> str | None:
    """``hit_psi``: the trait (of the attacker or of its weapon) by which a hit makes the target take a CH PSI
    even without wounds, or None (the first in trait-ID order)."""
    for carried in (character_traits(gs, attacker), _weapon_traits(weapon) if weapon is not None else ()):
        for t, h in _of("hit_psi", facing(gs, carried, attacker, target)):       # TRT-NEGATE
            if h(gs, attacker, attacker, target, weapon, ranged):
                return t
    return None


def reloaded(weapon):
    """``reload``: the weapon after Recargar (GNA-13), None if no trait of it can be reloaded."""
    for _, h in _of("reload", _weapon_traits(weapon)):
        r = h(weapon)
        if r is not None:
            return r
    return None


# --- the character's own attributes and activation ---------------------------------------------------------
def attributes(gs, e: int, raw):
    """``attributes``: the character's attributes as its traits change them (checks and derived values); `raw`
    is its Attributes component. Each handler gets the previous one's result; a state on `e` comes first
    (``status_attributes``, every handler asked: TRT-VITAMIN-COCKTAIL's levels, ± terms before factors, G5)."""
    for _, h in handlers("status_attributes"):
        raw = h(gs, e, raw)
    hs = handlers("attributes")
    if hs:
        carried = character_traits(gs, e)
        for t, h in hs:
            if t in carried:
                raw = h(gs, e, raw)
    # TRT-MECHA: its QUA as CON. Read from the carried traits whatever suppresses bonuses (TRT-DESTABILISING-AMMO,
    # TRT-SAIKIKKU): the frame is the ridden body the wounds are counted against (its ruling: transports have no CON),
    # not something a bonus lets it do, and a lapse would swap the CON its wounds are measured by for a turn
    for _, h in _of("frame_attributes", gs.traits(e)):
        raw = h(gs, e, raw)
    if handlers("foe_aura_attributes"):
        for _, h, bearers in _auras(gs, e, "foe_aura_attributes"):     # TRT-AGILITY-NULLIFIER, ...
            raw = h(gs, e, bearers, raw)
    return raw


def ene_gain_bonus(gs, e: int) -> int:
    """``aura_ene_gain`` / ``foe_aura_ene_gain``: the ENE other characters' auras add to (or take from) `e`'s
    gain at the start of its activation (ENE-3, before the cap of 10); ``ene_gain_denied(gs, e)``: a state on `e`
    that cancels the whole gain (every handler is asked; TRT-COMBAT-DRUGS' next activation)."""
    if any(h(gs, e) for _, h in handlers("ene_gain_denied")):     # a state on `e` (TRT-COMBAT-DRUGS): no gain
        a = gs.attrs(e)
        return -(a.CON + a.AGI - gs.wounds(e))
    out = 0
    for hook in ("aura_ene_gain", "foe_aura_ene_gain"):
        for _, h, bearers in _auras(gs, e, hook):
            out += h(gs, e, bearers) or 0
    return out


def start_psi(gs, e: int) -> list[StartPsi]:
    """``aura_start_psi``: the CH PSI enemy auras ask of `e` when its activation starts (G1: one per aura trait,
    with all its enemy bearers on the table and able), in trait-ID order; then ``withdrawal(gs, e)``, a state on
    `e` (every handler asked; TRT-DRUG); rules.turns rolls them after PSI-2."""
    out = []
    for _, h, bearers in _auras(gs, e, "aura_start_psi"):
        enemies = [b for b in bearers if gs.side(b) != gs.side(e)]
        if enemies:
            r = h(gs, e, enemies)
            if r is not None:
                out.append(r)
    return out + [r for _, h in handlers("withdrawal") if (r := h(gs, e)) is not None]


def activation_start(gs, e: int, check: Callable[..., Any]) -> None:
    """``compulsion`` of the character's own traits, then ``foe_aura_compulsion`` of enemy bearers (TRT-CHALLENGER;
    the first compulsion stands), ``on_activation_start`` of
    them, then ``aura_activation_start`` of each enemy aura
    trait some bearer carries (G1: bearers on the table and able; the handler measures its own range; G10: once
    per trait, with all its enemy bearers), in trait-ID order. `check(who, attribute, rule, reason)` rolls a
    CH ATR for a handler (rules.modifiers.roll_character_check in the activation's context)."""
    carried = character_traits(gs, e)

    def compel(t: str, c) -> None:
        if c is not None and not gs.world.has(e, type(c)):
            gs.world.set(e, c)
            gs.world.emit("compelled", t, who=e, targets=list(c.targets), mode=c.mode)
    for t, h in _of("compulsion", carried):
        compel(t, h(gs, e))
    for t, h, bearers in _auras(gs, e, "foe_aura_compulsion"):          # TRT-CHALLENGER
        enemies = [b for b in bearers if gs.side(b) != gs.side(e)]
        if enemies:
            compel(t, h(gs, e, enemies))
    for _, h in _of("on_activation_start", carried):
        h(gs, e, check)
    for _, h, bearers in _auras(gs, e, "aura_activation_start"):
        enemies = [b for b in bearers if gs.side(b) != gs.side(e)]
        if enemies:
            h(gs, e, enemies, check)


def fortune_uses(gs, e: int) -> tuple[str, ...]:
    """``fortune_uses``: the alternatives of a once-per-turn use the character's traits give it (TRT-FORTUNE; its
    own or a held object's, G10: one use per turn whatever the copies), in the handlers' order, each once;
    rules/fortune.py offers them."""
    out: list[str] = []
    for _, h in _of("fortune_uses", character_traits(gs, e)):
        out += [u for u in h(gs, e) if u not in out]
    return tuple(out)


def turn_start(gs, turn: int) -> None:
    """``turn_start``: each character's traits at the start of turn `turn` (SEQ-1), characters in id order; a dead
    character's ``dead_turn_start`` (TRT-RESURRECTION)."""
    if not handlers("turn_start") and not handlers("dead_turn_start") and not handlers("effect_turn_start"):
        return
    for e in gs.minis():
        for hook in ("turn_start", "effect_turn_start") if gs.on_table(e) else ("dead_turn_start",):
            for _, h in _of(hook, character_traits(gs, e)):
                h(gs, e, turn)



def down_recoveries(gs, e: int) -> list[tuple[str, int]]:
    """``down_recovery``: (trait ID, wounds) a downed character (on the table, incapacitated) removes at the start of
    a turn (TRT-HERO); rules.turns heals them."""
    if not gs.on_table(e) or gs.world.get(e, Life).state != "incapacitated":
        return []
    return _tagged("down_recovery", character_traits(gs, e), gs, e)


def death_explosions(gs, e: int, dmg: int) -> list[tuple[str, tuple[int, int]]]:
    """``death_explosion``: (trait ID, (DMG, diameter)) of the round areas the character leaves when an attack of DMG
    `dmg` kills it, asked of its own traits (``weapon`` None) and of each of its weapons' (TRT-FLAMMABLE: the bearer
    dies, the flammable item with it); rules.combat resolves them as ``death_blast``'s."""
    out = _tagged("death_explosion", character_traits(gs, e), gs, e, None, dmg)
    for w in gs.equipment(e).weapons:
        if _weapon_traits(w) and not w.destroyed:          # a destroyed weapon went off then (``item_blasts``)
            out += _tagged("death_explosion", w.traits, gs, e, w, dmg)
    return out


def item_blasts(gs, holder: int, item, dmg: int) -> list[tuple[str, tuple[int, int, int]]]:
    """``item_blast``: (trait ID, (P %, DMG, diameter)) of the round areas centred on `holder` that its weapon or
    object `item` (as it was before the blow) may set off when that blow, of DMG `dmg`, destroys it apart from its
    holder (WND-5: more wounds than QUA; TRT-FLAMMABLE: 100 %, TRT-EXPLODES: 50 %). Rolled and resolved by
    rules.wounds.item_destroyed, the holder hit too; rolls no die itself (the scripted AI reads the reach)."""
    return _tagged("item_blast", _weapon_traits(item), gs, holder, item, dmg)


def death_blasts(gs, e: int) -> list[tuple[str, tuple[int, int]]]:
    """``death_blast``: (trait ID, (DMG, diameter)) of the round areas the character leaves when it dies
    (TRT-LIVING-BOMB); rules.combat resolves them (rules.combat.death_blast)."""
    return _tagged("death_blast", character_traits(gs, e), gs, e)


def death_denied(gs, e: int) -> str | None:
    """``death_denied``: the trait by which the character's wounds never kill it (above CON it is down, WND-2's
    incapacitated, instead of dead; TRT-HERO), or None. Asked by ``rules.wounds.apply_wounds``."""
    return _first_yes("death_denied", character_traits(gs, e), (gs, e))


def activation_end_wounds(gs, e: int) -> list[tuple[str, int]]:
    """``activation_end``: (trait ID, wounds) the character takes when one of its activations ends (no CH DEF,
    no CH PSI); the engine applies them. Then ``status_activation_end(gs, e)``: wounds a state on `e` gives it (every
    handler asked; TRT-COMBAT-DRUGS' overdose)."""
    return _tagged("activation_end", character_traits(gs, e), gs, e) + [
        (t, n) for t, h in handlers("status_activation_end") if (n := h(gs, e))]


def activation_over(gs, e: int) -> None:
    """``activation_over``: the character's traits when one of its activations ends (not a pause with Esperar),
    before ``activation_end``'s wounds (TRT-DOOMED)."""
    for _, h in _of("activation_over", character_traits(gs, e)):
        h(gs, e)


def kill_heal(gs, killer: int, victim: int, melee: bool) -> list[tuple[str, int]]:
    """``kill_heal``: (trait ID, wounds) the killer's traits remove from it when its attack kills `victim`
    (WND-3); the engine heals them."""
    return _tagged("kill_heal", facing(gs, character_traits(gs, killer), victim), gs, killer, victim, melee)


def kill_psi(gs, killer: int, victim: int, melee: bool) -> list[tuple[str, list[int]]]:
    """``kill_psi``: (trait ID, the characters who must make a CH PSI) when the killer's attack kills `victim`."""
    out = []
    for t, h in _of("kill_psi", facing(gs, character_traits(gs, killer), victim)):
        who = spared(gs, t, h(gs, killer, victim, melee) or ())       # TRT-NEGATE: a witness cancelling it
        if who:
            out.append((t, list(who)))
    return out


def wounded_stress(gs, e: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """``wounded_stress``: (trait ID, [(character, stress), ...]) the wounded character's traits give around it when
    an attack wounds it (no CH DEF; TRT-SAIKIKKU); rules.combat adds the stress (PSI-14, PSI-16 apply)."""
    return [(t, hits) for t, got in _tagged("wounded_stress", character_traits(gs, e), gs, e)
            if (hits := spared(gs, t, got))]                            # TRT-NEGATE: not on one cancelling it


def wounded_splash(gs, e: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """``wounded_splash``: (trait ID, [(character, wounds), ...]) the wounded character's traits deal around it when
    an attack wounds it (no CH DEF, no CH PSI); the engine applies the wounds."""
    out = []
    for t, h in _of("wounded_splash", character_traits(gs, e)):
        hits = spared(gs, t, h(gs, e) or ())                          # TRT-NEGATE: not on one cancelling it
        if hits:
            out.append((t, list(hits)))
    return out


def wounded_someone(gs, attacker: int, target: int, melee: bool) -> None:
    """``wounded_someone``: the attacker's traits after its attack wounded `target`."""
    for _, h in _of("wounded_someone", facing(gs, character_traits(gs, attacker), target)):
        h(gs, attacker, target, melee)


def got_wounded(gs, e: int, attacker: int | None, melee: bool, state: str) -> None:
    """``got_wounded``: the wounded character's traits after an attack wounded it (`state` its life state after
    the wounds: 'active', 'incapacitated', 'dead'); then, if it died, ``died`` (TRT-PHOENIX) and ``explodes``
    (TRT-DARKNESS-FIELD)."""
    carried = facing(gs, character_traits(gs, e), attacker)            # TRT-NEGATE: the attacker's
    for _, h in _of("got_wounded", carried):
        h(gs, e, attacker, melee, state)
    if state == "dead":
        for _, h in _of("died", carried):
            h(gs, e, attacker, melee)
        for _, h in _of("explodes", carried):           # TRT-DARKNESS-FIELD
            h(gs, e)


def died_of_no_attack(gs, e: int) -> None:
    """``explodes``: the character's rules when wounds of no attack kill it (a fumble's, a poison's, a burn's, a
    weapon's wear: rules.wounds.apply_wounds; TRT-DARKNESS-FIELD: 'si explota' is any death of the bearer)."""
    for _, h in _of("explodes", character_traits(gs, e)):
        h(gs, e)


def got_hit(gs, e: int) -> None:
    """``effect_hit``: the lasting effects on a character that end when an attack hits it (its CH DEF is rolled,
    whatever the wounds; TRT-MAGIC-SLEEP)."""
    for _, h in _of("effect_hit", character_traits(gs, e)):
        h(gs, e)


def killed_someone(gs, killer: int, victim: int, melee: bool) -> None:
    """``killed_someone``: the killer's traits after its attack killed `victim`; then ``aura_killed_someone`` of
    the auras around the killer (G1: allied bearers, one call per trait; TRT-CRY-OF-BLOOD)."""
    for _, h in _of("killed_someone", facing(gs, character_traits(gs, killer), victim)):
        h(gs, killer, victim, melee)
    for _, h, bearers in _auras(gs, killer, "aura_killed_someone"):
        h(gs, killer, bearers, victim, melee)


def wounding_ene(gs, attacker: int) -> list[tuple[str, int]]:
    """``wounding_ene``: (trait ID, ENE) the attacker gains when its attack wounds someone."""
    return _tagged("wounding_ene", character_traits(gs, attacker), gs, attacker)


def initiative_bonus(gs, e: int) -> list[tuple[str, int]]:
    """``initiative_mod``: (trait ID, ±n) the traits of the character whose VOL a side rolls with add to its
    initiative total (SEQ-2)."""
    return _tagged("initiative_mod", character_traits(gs, e), gs, e)


def fov_bonus(gs, e: int) -> float:
    """``fov_mod``: the K the character's traits add to its field-of-view range (ENV-1, G5: a ± on VOL × 5)."""
    return float(sum(h(gs, e) or 0 for _, h in _of("fov_mod", character_traits(gs, e))))


def granted_actions(gs, e: int) -> frozenset[str]:
    """``grants_action`` and ``grants_extra_action``: the keys of the actions the character's traits give it
    (TRT-MIMETIC's switch, TRT-REGENERATION)."""
    out: set[str] = set()
    carried = character_traits(gs, e)
    for hook in ("grants_action", "grants_extra_action"):
        for _, h in _of(hook, carried):
            out |= set(h(gs, e))
    return frozenset(out)


def covert_arrival(gs, e: int) -> bool:
    """``covert_arrival``: True if a trait makes the character's move an arrival a surprise attack allows
    (CBA-11: arriving mimetic or invisible, besides the silent move MVA-7)."""
    return any(h(gs, e) for _, h in _of("covert_arrival", character_traits(gs, e)))


# --- one attack's numbers (CMB-2, CMB-3, CMB-4; traits notes G4, G5, G10) --------------------------------------
@dataclass(frozen=True)
class CombatTerms:
    """What the traits of an attack's three bearers (the attacker, its weapon, the target) do to its numbers:
    CH IMP modifiers (``imp``), CH DEF modifiers that change the target number only (``def_check``), the ± DEF
    of the attack (``def_plus``: both the CH DEF target and the DEF subtracted, CMB-3 ruling), and the DMG
    terms of CMB-4's order (``dmg_plus`` added with the other ± modifiers, ``dmg_factor`` the product of the
    ×/÷ factors, ``dmg_zero`` a trait that sets DMG 0). Hashable: the exact odds memoise on it."""
    imp: tuple = ()
    def_check: tuple = ()
    def_plus: int = 0
    dmg_plus: int = 0
    dmg_factor: Fraction = Fraction(1)
    dmg_zero: str | None = None
    crit_max: int = 1                 # the highest CH IMP die that is a critical (crit_range)
    crit_dmg_plus: int = 0            # DMG added on a critical besides the core +1 (crit_dmg_mod)
    crit_def_plus: int = 0            # DEF changed on a critical (crit_def_mod)
    pass_no_wounds: bool = False      # a passed CH DEF leaves no wounds (wounds_on_pass)
    wound_threshold: int | None = None  # only DMG above it wounds (wound_threshold)
    second_def: tuple | None = None   # ((trait ID, op, n), ...): second CH DEFs after a failed one (second_def)
    lucky: str | None = None          # a trait rolling 1D10 to ignore a wounding hit on a 1 (luck)
    coin: str | None = None           # a trait whose 50 % roll per hit sets DMG 0 (dmg_coin)
    no_def_reroll: str | None = None  # a trait by which the target may not reroll its CH DEF (def_reroll_denied)
    no_cover: str | None = None       # a trait cancelling the target's cover bonuses (cover_denied)
    sure_shot: str | None = None      # a trait by which a shot into a melee needs no CBA-5 second CH IMP
    corrosive: str | None = None      # a trait adding 1 wound on a passed CH DEF (corrosion)
    fixed_imp: tuple | None = None    # (trait ID, n): the CH IMP target is n whatever AGI and modifiers (fixed_imp)
    forced_def_reroll: str | None = None  # a trait making the target reroll a passed non-critical CH DEF
    double_hit: str | None = None     # a trait by which each hit strikes twice (double_hit)
    final_kill: str | None = None     # a trait by which what the hit kills cannot come back (final_kill)
    shield_halved: str | None = None  # a trait halving the target's energy-shield check target (shield_halved)

    def second_defense(self, defense: int) -> tuple[str, int]:
        """The trait and DEF of the second CH DEF (core CMB-3 ruling): the first check's DEF changed ('plus' ±n,
        'half' /2 x.5 up, 'set' = n), minimum 0; with several such traits, the one giving the highest DEF."""
        best = None
        for trait, op, n in self.second_def:
            d = max(0, defense + n if op == "plus" else (defense + 1) // 2 if op == "half" else n)
            if best is None or d > best[1]:
                best = (trait, d)
        return best

    def dmg(self, raw: int) -> int:
        """CMB-4 steps 2-4: `raw` (the base with the core's ± already added: critical, charge, CH DEF fumble)
        plus the traits' ±, minimum 1; times the factors, rounded once (BAS-5: x.5 up), minimum 1; a trait that
        sets DMG 0 overrides."""
        if self.dmg_zero is not None:
            return 0
        if not self.dmg_plus and self.dmg_factor == 1:
            return raw                       # no trait term: the core's DMG as it stands
        d = max(1, raw + self.dmg_plus)
        if self.dmg_factor != 1:
            q = d * self.dmg_factor
            d = max(1, int(q) + (1 if q - int(q) >= Fraction(1, 2) else 0))
        return d

    def defense(self, total: int) -> int:
        """CMB-3 ruling: the DEF of this attack, the protections' sum plus every ± DEF, minimum 0."""
        return max(0, total + self.def_plus)

    def on_critical(self) -> "CombatTerms":
        """The terms of a critical hit: its extra DMG and DEF change folded in."""
        if not (self.crit_dmg_plus or self.crit_def_plus):
            return self
        return replace(self, dmg_plus=self.dmg_plus + self.crit_dmg_plus, def_plus=self.def_plus + self.crit_def_plus,
                       crit_dmg_plus=0, crit_def_plus=0)

    def wounds(self, dmg: int, defense: int, passed: bool) -> int:
        """CMB-4 wound stage (1): the wounds by the rule (a pass DMG − DEF, a fail DMG, never below 0) as the
        traits set them, in core CMB-4's order: none on a pass (TRT-LONG-LIFE), none unless DMG is above a
        threshold (TRT-GREAT-BEAST), +1 on a pass (TRT-CORROSIVE-AMMO)."""
        if passed and self.pass_no_wounds:
            n = 0
        elif self.wound_threshold is not None and dmg <= self.wound_threshold:
            n = 0
        else:
            n = max(0, dmg - defense) if passed else max(0, dmg)
        return n + 1 if passed and self.corrosive is not None else n


NO_TERMS = CombatTerms()
_COMBAT_HOOKS = ("attack_mod", "def_check_mod", "dmg_mod", "dmg_factor", "def_mod", "crit_range", "crit_dmg_mod",
                 "crit_def_mod", "wounds_on_pass", "wound_threshold", "second_def", "luck", "dmg_coin",
                 "on_hit", "def_reroll_denied", "cover_denied", "sure_shot", "corrosion", "fixed_imp",
                 "def_reroll_forced", "marked_def_mod", "double_hit", "shield_halved", "status_def_mod",
                 "aura_attack_mod",
                 "aura_def_check_mod", "foe_aura_def_check_mod", "aura_dmg_mod", "foe_aura_dmg_mod", "final_kill", "hit_immunity",
                 "substance_immunity")


#: the hook points `combat_terms` asks of each source's traits (the attacker's, its weapon's, the target's, copies)
_SOURCE_HOOKS = ("attack_mod", "def_check_mod", "def_mod", "dmg_mod", "dmg_factor", "crit_range", "crit_dmg_mod",
                 "crit_def_mod", "wounds_on_pass", "wound_threshold", "second_def", "luck", "dmg_coin",
                 "def_reroll_denied", "cover_denied", "sure_shot", "corrosion", "def_reroll_forced", "double_hit",
                 "final_kill", "shield_halved", "fixed_imp", "hit_immunity")
#: per trait set: whether any of its traits is on a `_SOURCE_HOOKS` point (cleared when the registry changes)
_SOURCE_TERMS: dict = {}


def _source_terms(carried) -> bool:
    """Whether `combat_terms` has anything to ask of a source carrying `carried` (issue 20: most weapons' and many
    characters' trait sets have no combat hook; a source without one skips the 23 hook points' lookups)."""
    got = _SOURCE_TERMS.get(carried)
    if got is None:
        got = _SOURCE_TERMS[carried] = any(_of(h, carried) for h in _SOURCE_HOOKS)
    return got


def _first_yes(hook: str, carried, args) -> str | None:
    """The first trait (ID order) among `carried` whose `hook` handler answers yes to `args`, or None."""
    return next((t for t, h in _of(hook, carried) if h(*args)), None)


def combat_traits(gs, attacker: int, target: int, weapon) -> list[tuple[str, str]]:
    """The traits the exact odds of this attack ask (`combat_terms`' attack hook points, and the rerolls and
    automatic passes of the checks, `reroll_source` / `always_passes`), with whose they are ('attacker', the
    weapon's name, 'target'): what the window's odds box names as the traits in the odds (issue 12)."""
    hooked = {t for h in _COMBAT_HOOKS + ("reroll", "auto_pass", "auto_critical") for t, _ in handlers(h)}
    out = [(t, "attacker") for t in sorted(character_traits(gs, attacker)) if t in hooked]
    if weapon is not None:
        out += [(t, getattr(weapon, "name", "weapon")) for t in _weapon_traits(weapon) if t in hooked]
    out += [(t, "target") for t in sorted(character_traits(gs, target)) if t in hooked]
    return out


def combat_terms(gs, attacker: int, target: int, weapon, ranged: bool) -> CombatTerms:
    """Ask ``attack_mod``, ``def_check_mod``, ``dmg_mod``, ``dmg_factor`` and ``def_mod`` of the traits of the
    attacker (its own), of its weapon (`weapon`, may be None) and of the target: each handler is called as
    ``h(gs, bearer, attacker, target, weapon, ranged)`` where ``bearer`` is the character carrying the trait (the
    attacker for a weapon trait) and answers for its side of the attack. G10: the same trait from two of one
    character's archetypes (race and weapon) counts twice for numbers."""
    if not any(handlers(h) for h in _COMBAT_HOOKS):
        return NO_TERMS
    neg = negated(gs, attacker) | negated(gs, target)              # TRT-NEGATE: either side cancels for both
    sources = ((attacker, _apart(character_traits(gs, attacker), neg), ""),
               (attacker, _apart(_weapon_traits(weapon) if weapon else (), neg), f" ({getattr(weapon, 'name', '')})"),
               (target, _apart(character_traits(gs, target), neg), ""),
               *((attacker, _apart(c, neg), f" ({k + 2})") for k, c in enumerate(trait_copies(gs, attacker))),
               *((target, _apart(c, neg), f" ({k + 2})") for k, c in enumerate(trait_copies(gs, target))))
    imp: list = []
    def_check: list = []
    crit_range: list[int] = []
    crit_dmg = crit_def = 0
    no_wounds = False
    threshold = None
    second = lucky = coin = no_reroll = no_cover = sure = corrosive = fixed = forced = double = final = halved = None
    immune = None
    def_plus = dmg_plus = 0
    factor = Fraction(1)
    zero = None
    for bearer, carried, source in sources:
        if not carried or not _source_terms(carried):
            continue
        args = (gs, bearer, attacker, target, weapon, ranged)
        # a weapon's modifier is labelled with the weapon: CHK-1 keeps one modifier per (rule, label), and the
        # same trait on the race and on the weapon counts twice (G10)
        for _, h in _of("attack_mod", carried):
            m = h(*args)
            if m is not None:
                imp.append(replace(m, label=m.label + source) if source else m)
        for _, h in _of("def_check_mod", carried):
            m = h(*args)
            if m is not None:
                def_check.append(replace(m, label=m.label + source) if source else m)
        for _, h in _of("def_mod", carried):
            def_plus += h(*args) or 0
        for t, h in _of("dmg_mod", carried):
            v = h(*args)
            if v == "zero":
                zero = zero or t
            elif v:
                dmg_plus += v
        for _, h in _of("dmg_factor", carried):
            f = h(*args)
            if f is not None:
                factor *= Fraction(f)
        for _, h in _of("crit_range", carried):
            c = h(*args)
            if c is not None:
                crit_range.append(c)
        for _, h in _of("crit_dmg_mod", carried):
            crit_dmg += h(*args) or 0
        for _, h in _of("crit_def_mod", carried):
            crit_def += h(*args) or 0
        for _, h in _of("wounds_on_pass", carried):
            no_wounds = no_wounds or bool(h(*args))
        for _, h in _of("wound_threshold", carried):
            w = h(*args)
            if w is not None:
                threshold = w if threshold is None else max(threshold, w)
        for t, h in _of("second_def", carried):
            r = h(*args)
            if r is not None:
                second = (second or ()) + ((t,) + tuple(r),)      # the highest DEF is used (second_defense)
        lucky = lucky or _first_yes("luck", carried, args)
        coin = coin or _first_yes("dmg_coin", carried, args)
        no_reroll = no_reroll or _first_yes("def_reroll_denied", carried, args)
        no_cover = no_cover or _first_yes("cover_denied", carried, args)
        sure = sure or _first_yes("sure_shot", carried, args)
        corrosive = corrosive or _first_yes("corrosion", carried, args)
        forced = forced or _first_yes("def_reroll_forced", carried, args)
        double = double or _first_yes("double_hit", carried, args)
        final = final or _first_yes("final_kill", carried, args)
        halved = halved or _first_yes("shield_halved", carried, args)
        for t, h in _of("fixed_imp", carried):
            n = h(*args)
            if n is not None and fixed is None:
                fixed = (t, n)                                   # the first in trait-ID order stands
        immune = immune or _first_yes("hit_immunity", carried, args)
    if immune is None and weapon is not None:          # TRT-NON-LIVING: immune to what the weapon delivers
        immune = _immune_to(gs, target, _apart(character_traits(gs, target), neg), delivered(weapon))
    if immune is not None:
        zero, corrosive = zero or immune, None         # TRT-INVULNERABLE: DMG 0 and no corrosion wound either
    spent = gs.effects(target).spent if handlers("marked_def_mod") else ()   # a mode's mark (TRT-LONG-GRIP)
    if spent:
        for t, h in handlers("marked_def_mod"):
            if t in spent:
                def_plus += h(gs, target, attacker, target, weapon, ranged) or 0
    for _, h in handlers("status_def_mod"):           # a state an enemy's trait left on the target
        def_plus += h(gs, target, attacker, target, weapon, ranged) or 0
    # auras (G1, G10: one call per aura trait with all its bearers; the handler measures and checks sides)
    amap = _aura_map(gs)
    if amap:
        for hook, out in (("aura_attack_mod", imp), ("aura_def_check_mod", def_check),
                          ("foe_aura_def_check_mod", def_check)):
            for t, h in handlers(hook):
                bearers = amap.get(t)
                if bearers and t not in neg:
                    m = h(gs, list(bearers), attacker, target, weapon, ranged)
                    if m is not None:
                        out.append(m)
        for hook in ("aura_dmg_mod", "foe_aura_dmg_mod"):
            for t, h in handlers(hook):
                bearers = amap.get(t)
                if bearers and t not in neg:
                    dmg_plus += h(gs, list(bearers), attacker, target, weapon, ranged) or 0
    if seen_attribute(gs, target, attacker, NEGATED_DEF, 1) == 0:   # TRT-NEGATE (DEF): the target's DEF counts 0
        def_plus -= gs.total_def(target)
    # G10: a prohibition wins (Sin dientes, no critical, beats Arma de francotirador's wider range)
    crit_max = 1 if not crit_range else (0 if 0 in crit_range else max(crit_range))
    if not (imp or def_check or def_plus or dmg_plus or factor != 1 or zero or crit_max != 1 or crit_dmg or crit_def
            or no_wounds or threshold is not None or second or lucky or coin or no_reroll or no_cover or sure
            or corrosive or fixed or forced or double or final or halved):
        return NO_TERMS
    return CombatTerms(tuple(imp), tuple(def_check), def_plus, dmg_plus, factor, zero, crit_max, crit_dmg, crit_def,
                       no_wounds, threshold, second, lucky, coin, no_reroll, no_cover, sure, corrosive, fixed, forced,
                       double, final, halved)


def own_meta_immune(gs, e: int, m) -> str | None:
    """``own_meta_immunity``: the trait by which `e` takes no damage from metahability `m` it casts itself (the wounds
    one use of it costs, TRT-HARMFUL; TRT-BODY-OF-LIGHT for an invocation), or None."""
    return _first_yes("own_meta_immunity", character_traits(gs, e), (gs, e, m))


def invocation_fumble_floor(gs, e: int) -> int:
    """``invocation_fumble``: the lowest die that is a fumble on `e`'s invocation checks (MET-2 of an invocation; 10
    by the core CHK-2) as the objects on the board near it set it: each object (``Gear``, not disabled, WND-4)
    whose trait answers (floor, reach K) counts when `e` is within reach of it (BAS-3: from its holder's base edge
    to e's, or from the point where it lies), friend or foe (TRT-POISONED-DISTORTION: 9 within 5 K). A caster that
    does not suffer the dangers of metahabilities (``meta_fumble_safe``: TRT-PROTECTION-RUNES' ruling) keeps 10."""
    table = gs.world.tables.get(Gear)
    if not table or not handlers("invocation_fumble"):
        return 10
    items = gs.world.tables.get(Item, {})
    p = gs.pos(e)
    floor = 10
    for i in sorted(table):
        g, it = table[i], items.get(i)
        if it is None or g.disabled:
            continue
        for _, h in _of("invocation_fumble", g.traits):
            low, reach = h(g)
            if it.holder is not None:
                near = gs.on_table(it.holder) and gs.distance(it.holder, e) <= reach + 1e-9
            elif it.at is not None:
                near = math.hypot(p.x - it.at[0], p.y - it.at[1]) - gs.body(e).radius <= reach + 1e-9
            else:
                near = False                           # hidden inside a searchable element
            if near:
                floor = min(floor, low)
    return 10 if floor < 10 and meta_fumble_safe(gs, e) is not None else floor


def _immune_to(gs, e: int, carried, elements: tuple[str, ...]) -> str | None:
    """``substance_immunity``: the first trait (ID order) of `carried` (`e`'s) immune to one of `elements`."""
    return next((t for t, h in _of("substance_immunity", carried) if set(h(gs, e)) & set(elements)), None) \
        if elements else None


def substance_terms(gs, e: int, elements: str | tuple[str, ...], *, area: bool = False) -> CombatTerms:
    """``substance_factor`` and ``substance_def``: the terms of a hit of no weapon that delivers `elements` (ELEMENTS
    keys of rules.traits.protections: fire, acid, radiation, explosive, poison), as `e`'s traits change it: a
    hazard's (a burning character's fire, a radioactive area's radiation, an Área permanente template's elements,
    a blast's explosion, Sangre de ácido's acid). DMG: the product of the factors (TRT-ALLERGIC ×2), DMG 0 for a
    factor 0 (TRT-INVULNERABLE); ± DEF (TRT-RESISTANCE +2; `area`: the hit is a template's or a blast's, so a
    resistance to area attacks counts too). NO_TERMS when no trait answers (the hit as the core plays it)."""
    elements = (elements,) if isinstance(elements, str) else tuple(elements)
    factor = Fraction(1)
    zero = None
    plus = 0
    carried = _apart(character_traits(gs, e), negated(gs, e))
    for t, h in _of("substance_factor", carried):
        f = h(gs, e, elements)
        if f is None:
            continue
        if f == 0:
            zero = zero or t
        else:
            factor *= Fraction(f)
    for _, h in _of("substance_def", carried):
        plus += h(gs, e, elements, area) or 0
    zero = zero or _immune_to(gs, e, carried, elements)               # TRT-NON-LIVING: poison, disease
    if zero is None and factor == 1 and not plus:
        return NO_TERMS
    return CombatTerms(def_plus=plus, dmg_factor=factor, dmg_zero=zero)


def cost_terms(gs, actor: int, action, weapon, target: int | None) -> tuple[int, int | None]:
    """``ene_mod`` (± ENE) and ``ene_cap`` (a maximum) of an action's cost: the actor's traits and its weapon's
    (bearer = the actor), and the target's (bearer = the target) for an action aimed at a character. Handlers are
    called ``h(gs, bearer, actor, action, weapon, target)``; the lowest cap stands."""
    sources = [(actor, character_traits(gs, actor)), (actor, _weapon_traits(weapon) if weapon is not None else ()),
               *((actor, c) for c in trait_copies(gs, actor))]          # G10: a trait carried twice counts twice
    neg = negated(gs, actor)
    if target is not None and target != actor:
        sources.append((target, character_traits(gs, target)))
        neg = neg | negated(gs, target)                              # TRT-NEGATE: either side cancels for both
    plus, cap = 0, None
    for bearer, carried in sources:
        carried = _apart(carried, neg)
        if not carried:
            continue
        for _, h in _of("ene_mod", carried):
            plus += h(gs, bearer, actor, action, weapon, target) or 0
        for _, h in _of("ene_cap", carried):
            c = h(gs, bearer, actor, action, weapon, target)
            if c is not None:
                cap = c if cap is None else min(cap, c)
    for _, h, bearers in _auras(gs, actor, "aura_ene_mod"):       # TRT-CRY-OF-MASTERY (G1, G10)
        plus += h(gs, bearers, actor, action, weapon, target) or 0
    return plus, cap


def weapon_cost_terms(gs, actor: int, action, weapon, target: int | None) -> int:
    """``ene_mod`` of the weapon's own traits alone (bearer = the actor): what one weapon of a volley adds to the
    ENE it pays (TRT-SWARM-WEAPON; the actor's and the target's terms count once for the action, ``cost_terms``)."""
    return sum(h(gs, actor, actor, action, weapon, target) or 0 for _, h in _of("ene_mod", _weapon_traits(weapon)))


def terrain_surcharge(gs, e: int, surcharge: int) -> int:
    """``terrain_class``: the MOV-7 surcharge of a move (0 easy, 1 difficult, 2 extreme, after the minimum its
    state or load sets) as the traits of the character and of the weapons it carries change it; each handler gets
    the previous one's result."""
    hs = handlers("terrain_class")
    if not hs:
        return surcharge
    carried = set(character_traits(gs, e))
    for w in gs.equipment(e).weapons:                 # a weapon's load (TRT-HEAVY-EQUIPMENT): once per bearer
        carried.update(_weapon_traits(w))
    for t, h in hs:                                   # ID order: Equipo pesado's minimum before Cojitranco
        if t in carried:
            surcharge = h(gs, e, surcharge)
    return surcharge


def vol_reach(gs, e: int) -> float:
    """The reach in K of the character's effects whose range is "as many K as its VOL" (TRT-THIRST-FOR-ENERGY,
    TRT-GREATER-DEMON): its VOL × every ``vol_reach_factor`` of its traits (TRT-ORATOR: ×2)."""
    reach = float(gs.attrs(e).VOL)
    for f in _answers("vol_reach_factor", character_traits(gs, e), gs, e):
        reach *= f
    return reach


def fall_dmg(gs, e: int, dmg: int) -> int:
    """``fall_damage``: the DMG of a fall (MVA-9's table) as the character's traits change it."""
    for _, h in _of("fall_damage", character_traits(gs, e)):
        dmg = h(gs, e, dmg)
    return dmg


def jumps_own_height(gs, e: int) -> bool:
    """``jump_own_height``: whether the character's traits let it jump as high as itself (TRT-JUMPER)."""
    return _first_yes("jump_own_height", character_traits(gs, e), (gs, e)) is not None


def allowance_bonus(gs, e: int, key: str) -> float:
    """``move_allowance``: the K the character's traits add to the allowance of movement action `key` (run,
    sprint, charge...; G5: additions to a MOV value), and ``aura_move_allowance``: the K allies' auras add
    (TRT-BERSERKER-CRY; G10: once per aura trait)."""
    own = sum(h(gs, e, key) or 0 for _, h in _of("move_allowance", character_traits(gs, e)))
    return float(own + sum(h(gs, e, bearers, key) or 0 for _, h, bearers in _auras(gs, e, "aura_move_allowance")))


def move_boosts(gs, e: int, key: str) -> list[MoveBoost]:
    """``move_boost``: the optional boosts the character's traits offer its movement action `key`; then
    ``aura_move_boost``: those allies' auras offer it (TRT-CRY-OF-BLOOD)."""
    out = _answers("move_boost", character_traits(gs, e), gs, e, key)
    for _, h, bearers in _auras(gs, e, "aura_move_boost"):
        b = h(gs, e, bearers, key)
        if b is not None:
            out.append(b)
    return out


def check_move_end(gs, e: int, end: tuple[float, float]) -> None:
    """``aura_move_end``: raises RuleViolation if an aura forbids `e`'s move to end with its base centred at `end`
    (TRT-STINKY; G1: the bearers other than `e`, one call per trait)."""
    for _, h, bearers in _auras(gs, e, "aura_move_end"):
        h(gs, e, bearers, end)


def restricts_actions(gs, e: int) -> bool:
    """Whether any of the character's traits is on ``action_restriction`` or ``movement_restriction`` (a
    character without one needs no per-action trait check: rules/restrictions.py `probe_filter`)."""
    carried = character_traits(gs, e)
    return bool(_of("action_restriction", carried) or _of("action_ban", carried)
                or _of("movement_restriction", carried))


def restrict_movement(gs, e: int, key: str) -> None:
    """``movement_restriction``: raises RuleViolation if a trait forbids movement action `key` to the character."""
    for _, h in _of("movement_restriction", character_traits(gs, e)):
        h(gs, e, key)


def weapon_trait_args(refs, kind: str | None = None) -> tuple[str, ...]:
    """The ``"<ID>:<value>"`` entries a weapon archetype's trait refs (``TraitRef``: trait_id, level, param) carry
    into play for the registered traits that take ``args``, in the refs' order; a trait whose ``args`` names kinds
    carries its value only on an archetype of one of them (`kind`; TRT-HEX: on a weapon, its malus)."""
    out = []
    for t in refs:
        p = _REGISTRY.get(t.trait_id)
        value = t.param if t.param is not None else t.level
        if p is not None and p.args and (p.args is True or kind in p.args) and value is not None:
            out.append(f"{t.trait_id}:{value}")
    return tuple(out)


def weapon_index(gs, e: int, weapon) -> int | None:
    """The index of `weapon` among `e`'s weapons: the very object, else the first with its key and name (a handler
    earlier in the same hook may have replaced it); None if `e` does not carry it."""
    ws = gs.equipment(e).weapons
    i = next((i for i, w in enumerate(ws) if w is weapon), None)
    if i is None:
        i = next((i for i, w in enumerate(ws) if (w.key, w.name) == (weapon.key, weapon.name)), None)
    return i


def min_range(weapon) -> tuple[str, float] | None:
    """``min_range``: (trait ID, K) of the largest distance within which the weapon cannot fire (TRT-BLIND-ZONE),
    None if none."""
    best = None
    for t, h in _of("min_range", _weapon_traits(weapon) if weapon is not None else ()):
        k = h(weapon)
        if k and (best is None or k > best[1]):
            best = (t, float(k))
    return best


def los_waived(gs, weapon, x: float, y: float, z: float) -> str | None:
    """``los_waived``: the trait by which the weapon may be aimed at the point (x, y) at height z without line of
    sight (TRT-STRIKE-OF-THE-GODS: a point under open sky), or None."""
    for t, h in _of("los_waived", _weapon_traits(weapon) if weapon is not None else ()):
        if h(gs, weapon, x, y, z):
            return t
    return None


def trait_arg(weapon, trait_id: str) -> str | None:
    """The level or parameter `weapon` carries for `trait_id` (``"<ID>:<value>"`` in its traits), None if none."""
    head = trait_id + ":"
    return next((t[len(head):] for t in _weapon_traits(weapon) if t.startswith(head)), None)


def with_trait_arg(weapon, trait_id: str, value) -> Any:
    """The weapon with its `trait_id` entry set to `value` (TRT-CHARGES: the uses left)."""
    head = trait_id + ":"
    return replace(weapon, traits=tuple(f"{head}{value}" if t.startswith(head) else t for t in weapon.traits))


def fire_modes(weapon) -> dict[str, FireMode]:
    """``fire_mode`` / ``melee_mode`` / ``area_mode``: {trait ID: FireMode} the weapon's traits offer per attack
    (TRT-HEAVY-FIRE, TRT-LONG-RANGE-FIRE; TRT-LONG-GRIP; TRT-FOCUSED-ARC), in trait-ID order."""
    carried = _weapon_traits(weapon) if weapon is not None else ()
    out = {}
    for hook in ("fire_mode", "melee_mode", "area_mode"):
        for t, h in _of(hook, carried):
            m = h(weapon)
            if m is not None:
                out[t] = m
    return dict(sorted(out.items()))


def counts_as_melee(weapon) -> str | None:
    """``melee_as_rng0``: the trait by which the weapon (RNG > 0) counts as RNG 0 in melee (Ataque CaC con arma de
    disparo, CBA-8, then needs no second CH IMP; TRT-SHORT-WEAPON), or None."""
    return _first_yes("melee_as_rng0", _weapon_traits(weapon) if weapon is not None else (), (weapon,))


def check_shot_target(gs, e: int, weapon, target: int | None, nearer: Callable[[], int | None]) -> None:
    """``shot_target``: raises RuleViolation if a trait of the shooter or of its weapon forbids this shot at
    `target` (None: an aim point); `nearer()` gives an enemy nearer than `target` the same action could shoot at
    (None if none), computed only when a handler asks."""
    for carried in (character_traits(gs, e), _weapon_traits(weapon)):
        for _, h in _of("shot_target", carried):
            h(gs, e, weapon, target, nearer)


def melee_reach(weapon) -> float:
    """``melee_reach``: the K up to which the weapon attacks in melee an enemy it is not in base contact with (the
    largest answer; 0: base contact only, CMB-11; TRT-VERY-LONG-WEAPON: 2)."""
    carried = _weapon_traits(weapon) if weapon is not None else ()
    return max([0.0] + [float(r) for _, h in _of("melee_reach", carried) if (r := h(weapon))])


def status_mods(gs, e: int, attribute: str | None, kind: str) -> list:
    """``status_check_mod``: modifiers a state an enemy's trait left on `e` gives its checks (TRT-STUN-AMMO's
    stun); every registered handler is asked (the state is on `e`, the trait on someone else's weapon)."""
    if attribute is None:
        return []
    return [m for _, h in handlers("status_check_mod") if (m := h(gs, e, attribute, kind)) is not None]


def reaction_denied(gs, e: int) -> str | None:
    """``reaction_denied``: the trait whose state on `e` keeps it from reacting now (TRT-STUN-AMMO), or None."""
    return next((t for t, h in handlers("reaction_denied") if h(gs, e)), None)


def weapon_area(weapon) -> str | None:
    """``area_code``: the area code of an attack with the weapon as its traits set it when declared
    (TRT-CLUSTER-AMMO: R(DMG / 2)); otherwise the weapon's own (TRT-AREA), None for a single-target weapon."""
    for _, h in _of("area_code", _weapon_traits(weapon) if weapon is not None else ()):
        code = h(weapon)
        if code is not None:
            return code
    return weapon.area if weapon is not None else None


def charge_attack(gs, e: int, weapon, target: int) -> None:
    """``charge_attack``: what the weapon's traits do when `e` makes with it the melee attack its charge set up
    (CBA-12; TRT-CHARGE-WEAPON's DEF −2 for the rest of that melee)."""
    for _, h in _of("charge_attack", _weapon_traits(weapon) if weapon is not None else ()):
        h(gs, e, weapon, target)


def double_hits(weapon) -> str | None:
    """``double_hit`` of the weapon's traits for an area attack (bearer and target unknown: None): the trait by
    which each mini its area covers takes two hits (TRT-EXPLOSIVE-AMMO), or None."""
    return _first_yes("double_hit", _weapon_traits(weapon) if weapon is not None else (),
                      (None, None, None, None, weapon, True))


def has_area_dmg(weapon) -> bool:
    """Whether a trait of the weapon changes the DMG its area deals (``area_dmg_plus`` / ``area_dmg_factor``)."""
    carried = _weapon_traits(weapon) if weapon is not None else ()
    return bool(_of("area_dmg_plus", carried) or _of("area_dmg_factor", carried))


def area_dmg_terms(weapon, gap: float) -> tuple[int, Fraction]:
    """``area_dmg_plus`` (± DMG for a mini `gap` K from the area's centre, TRT-WANING-AREA) and the product of
    ``area_dmg_factor`` (TRT-CLUSTER-AMMO: 1/2) of the weapon's traits, for CMB-4's order."""
    carried = _weapon_traits(weapon)
    plus = sum(h(weapon, gap) or 0 for _, h in _of("area_dmg_plus", carried))
    factor = Fraction(1)
    for _, h in _of("area_dmg_factor", carried):
        f = h(weapon)
        if f is not None:
            factor *= Fraction(f)
    return plus, factor


def weapon_quality(weapon) -> int:
    """``qua_plus``: the weapon's QUA as its traits change it when a game is set up (TRT-DRAGONS-BREATH-AMMO's
    CAL −1), minimum 1 (a weapon is not fielded disabled, WND-4)."""
    carried = _weapon_traits(weapon)
    if not carried:
        return weapon.QUA
    return max(1, weapon.QUA + sum(h(weapon) or 0 for _, h in _of("qua_plus", carried)))


def scatter_reroll(weapon, gs=None, e: int | None = None) -> str | None:
    """``scatter_reroll``: the trait of the weapon, or of an object its user `e` holds (``ON_OBJECTS``), that lets
    the user reroll an area attack's dispersion (TRT-AIM-CORRECTOR), or None (asked only once a dispersion was
    rolled: no cost for other weapons)."""
    got = _first_yes("scatter_reroll", _weapon_traits(weapon), (weapon,)) if weapon is not None else None
    if got is None and gs is not None and e is not None:
        got = _first_yes("scatter_reroll", _object_traits(gs, e), (weapon,))
    return got


def scatter_factor(weapon) -> Fraction:
    """``scatter_factor``: the product of the factors the weapon's traits put on a dispersion distance
    (TRT-STABILISED-AMMO: 1/2); 1 without one."""
    f = Fraction(1)
    for _, h in _of("scatter_factor", _weapon_traits(weapon) if weapon is not None else ()):
        v = h(weapon)
        if v is not None:
            f *= Fraction(v)
    return f


def weapon_range(weapon) -> int:
    """BLD-14 / G5 RNG: (the weapon's RNG + every ``rng_plus`` of its traits) × the product of their
    ``rng_factor``s, rounded once (x.5 up). A weapon with RNG 0 (melee) keeps it."""
    carried = _weapon_traits(weapon)
    if not carried or weapon.RNG <= 0:
        return weapon.RNG
    rng = weapon.RNG + sum(h(weapon) or 0 for _, h in _of("rng_plus", carried))
    factor = Fraction(1)
    for _, h in _of("rng_factor", carried):
        f = h(weapon)
        if f is not None:
            factor *= Fraction(f)
    q = rng * factor
    return int(q) + (1 if q - int(q) >= Fraction(1, 2) else 0)


# --- auras (G1, G10) --------------------------------------------------------------------------------------
def aura_active(gs, b: int) -> bool:
    """G10: an aura works only while its bearer is on the table and able to act. Its stress is compared with
    its unmodified VOL, so that two bearers' auras never wait on each other (an attribute hook may read auras)."""
    w = gs.world
    return (w.get(b, Life).state == "active" and not w.has(b, KnockedOut)
            and w.get(b, Stress).value <= w.get(b, Attributes).VOL)


_AURA_IDS: list[frozenset] = []


def _aura_trait_ids() -> frozenset:
    """The trait IDs registered on an aura hook point (cached until the registry changes)."""
    if not _AURA_IDS or _AURA_IDS[0] is None:
        _AURA_IDS[:] = [frozenset(t for hook in HOOKS if hook.startswith(("aura_", "foe_aura_"))
                                  for t, _ in handlers(hook))]
    return _AURA_IDS[0]


def _aura_map(gs) -> dict:
    """{aura trait ID: its bearers on the table and able to act, in id order}, one pass over the miniatures per
    world version (memoised; independent of facings)."""
    memo = gs._memo_table()
    got = memo.get("aura_map")
    if got is None:
        kept = stable_table(gs, "aura_map", _AURA_TYPES, gear=True)
        got = None if kept is None else kept.get("map")
        if got is None:
            ids = _aura_trait_ids()
            out: dict[str, list[int]] = {}
            minis = gs.minis()
            for b in minis:
                carried = character_traits(gs, b)
                hit = ids.intersection(carried) if carried else ()
                if hit and aura_active(gs, b):
                    for t in hit:
                        out.setdefault(t, []).append(b)
            got = {t: tuple(v) for t, v in out.items()}
            # kept across versions only when every trait set was (no ``negates`` handler read anything else)
            traits_kept = stable_table(gs, "traits", _TRAIT_TYPES, gear=True)
            if kept is not None and traits_kept is not None and all(b in traits_kept for b in minis):
                kept["map"] = got
        memo["aura_map"] = got
    return got


def aura_bearers(gs, trait_id: str) -> list[int]:
    """The characters on the table, able to act, that carry `trait_id` (memoised per world version)."""
    return list(_aura_map(gs).get(trait_id, ()))


def mark_field(gs, target: int) -> str | None:
    """``aura_mark_field``: the trait of an able bearer whose field holds `target` (its marks are lost there and
    none can be placed), or None (TRT-DARKNESS-FIELD)."""
    for t, h in handlers("aura_mark_field"):
        for b in aura_bearers(gs, t):
            if gs.distance(b, target) <= h(gs, b) + 1e-9:
                return t
    return None


def _auras(gs, e: int, hook: str):
    """(trait ID, handler, bearers other than `e`) of every trait registered on the aura hook `hook` that some
    bearer carries; G10: a handler is asked once per trait, with all its bearers (one bearer meets an aura)."""
    amap = _aura_map(gs)
    if not amap:
        return
    neg = None
    for t, h in handlers(hook):
        got = amap.get(t)
        if not got:
            continue
        bearers = [b for b in got if b != e]
        if not bearers:
            continue
        if neg is None:
            neg = negated(gs, e)                                   # TRT-NEGATE: an aura it cancels (read once)
        if t not in neg:
            yield t, h, bearers


def aura_check_mods(gs, e: int, attribute: str | None, kind: str) -> list:
    """``aura_check_mod``: modifiers other characters' auras give `e`'s check (G1; one per aura trait, G10)."""
    if attribute is None:
        return []
    out = []
    for hook in ("aura_check_mod", "foe_aura_check_mod"):
        for _, h, bearers in _auras(gs, e, hook):
            m = h(gs, e, bearers, attribute, kind)
            if m is not None:
                out.append(m)
    return out


def check_base(gs, e: int, attribute: str, kind: str, value: int) -> tuple[int, str | None]:
    """``aura_check_base``: the attribute value `e` may use for a check instead of its own (the best one offered
    is used: the controller's obvious choice); returns (value, the trait ID that gave it or None)."""
    best, rule = value, None
    for t, h, bearers in _auras(gs, e, "aura_check_base"):
        v = h(gs, e, bearers, attribute, kind)
        if v is not None and v > best:
            best, rule = v, t
    return best, rule


def reroll_source(gs, e: int, attribute: str | None, kind: str, weapon=None) -> tuple[str, str] | None:
    """The trait that lets `e` reroll a failed check now (G2: one reroll whatever the sources) and its mode
    ('any': any failed result, fumbles included; 'nofumble': not a fumble; 'fumble': only a fumble), or None:
    ``reroll`` of its own traits and of the `weapon` the check is made with, then ``aura_reroll`` of other
    characters' auras. Own and weapon traits answer first ('any' beats the others; 'nofumble' and 'fumble' make
    'any'; an unlimited source is kept before a limited one, TRT-CHI-CONTROL)."""
    found = None
    for carried in (character_traits(gs, e), _weapon_traits(weapon) if weapon is not None else ()):
        for t, h in _of("reroll", carried):
            mode = h(gs, e, attribute, kind)
            if not mode or found is None:
                found = found or ((t, mode) if mode else None)
            elif found[1] != "any" and mode != found[1]:
                # 'any' beats the others; 'nofumble' and 'fumble' together cover every failed result
                found = (t if mode == "any" else found[0], "any")
            elif mode == found[1] and _limited(found[0]) and not _limited(t):
                found = (t, mode)               # keep a limited reroll (TRT-CHI-CONTROL) for when it is the only one
    if found is not None:
        return found
    for t, h, bearers in _auras(gs, e, "aura_reroll"):
        if h(gs, e, bearers, attribute, kind):
            return t, "any"
    return None


def _limited(trait_id: str) -> bool:
    """Whether a reroll trait has a use limit (``reroll_taken``)."""
    p = _REGISTRY.get(trait_id)
    return p is not None and "reroll_taken" in p.hooks


def reroll_taken(gs, e: int, trait_id: str) -> None:
    """``reroll_taken``: `e` has just rerolled a check by `trait_id`; a trait with a use limit records it."""
    p = _REGISTRY.get(trait_id)
    if p is not None and "reroll_taken" in p.hooks:
        p.hooks["reroll_taken"](gs, e)


def rerolls(mode: str | None, result) -> bool:
    """G2: whether a check's result is rerolled under `mode` (a failed result; 'nofumble': not a fumble;
    'fumble': only a fumble, TRT-TRAINED-TO-KILL)."""
    if mode is None or result.passed:
        return False
    return mode == "any" or (not result.fumble if mode == "nofumble" else result.fumble)


def fumble_floor(gs, e: int) -> int:
    """``fumble_range``: the lowest die that is a fumble on the character's checks (CHK-2: 10; TRT-UNLUCKY: 9;
    the lowest answer stands). "Always passes" still beats it (G10)."""
    return min(_answers("fumble_range", character_traits(gs, e), gs, e), default=10)


def sees_through_smoke(gs, e: int) -> str | None:
    """``smoke_sight``: the trait by which smoke on `e`'s line of fire gives it no malus (TRT-SUPER-SENSES)."""
    return _first_yes("smoke_sight", character_traits(gs, e), (gs, e))


def sees_in_dark(gs, e: int) -> str | None:
    """``dark_sight``: the trait by which darkness on `e`'s line of fire gives it no malus (TRT-LIGHT, TRT-RADAR,
    TRT-SUPER-SENSES; rules.darkness)."""
    return _first_yes("dark_sight", character_traits(gs, e), (gs, e))


def throws_scenery(gs, e: int) -> str | None:
    """``scenery_throw``: the trait that lets `e` throw movable scenery (TRT-SUPER-STRENGTH;
    rules/actions/scenery_throw.py)."""
    return _first_yes("scenery_throw", character_traits(gs, e), (gs, e))


def is_lit(gs, e: int) -> str | None:
    """``lit``: the trait by which `e` is seen in darkness as if lit (TRT-LIGHT; rules.darkness)."""
    return _first_yes("lit", character_traits(gs, e), (gs, e))


def always_passes(gs, e: int, attribute: str | None, kind: str) -> str | None:
    """``auto_pass``: the trait by which `e`'s check always passes, even on a 10 (None: none)."""
    for t, h in _of("auto_pass", character_traits(gs, e)):
        if h(gs, e, attribute, kind):
            return t
    return None


def always_critical(gs, e: int, attribute: str | None, kind: str) -> str | None:
    """``auto_critical``: the trait by which `e`'s check is always a critical success (None: none)."""
    for t, h in _of("auto_critical", character_traits(gs, e)):
        if h(gs, e, attribute, kind):
            return t
    return None


# --- protections (rules.traits.protections) -------------------------------------------------------------------
def shield_stops(gs, e: int, halved: str | None = None) -> str | None:
    """``shield_check``: the bearer's shield checks against a ranged attack, in trait-ID order, before its CH DEF
    (each handler rolls its own and loses its own levels); the trait whose check stops the attack, or None.
    `halved` names the attack's trait that halves the shields' check target (TRT-MAGNETIC-AMMO)."""
    for t, h in _of("shield_check", character_traits(gs, e)):
        if h(gs, e, halved):
            return t
    return None


def shield_targets(gs, e: int, halved: str | None = None) -> tuple[int, ...]:
    """``shield_target``: the check target of each of the bearer's shields that would roll against a ranged attack
    now (level 1 or more), in the order ``shield_stops`` rolls them: what the exact odds enumerate."""
    return tuple(n for _, h in _of("shield_target", character_traits(gs, e)) if (n := h(gs, e, halved)) is not None)


@dataclass(frozen=True)
class HitArea:
    """An area a hit leaves where its target stands (``hit_area``): the trait, the area kind (rules.area_effects),
    its code and DMG."""
    rule: str
    kind: str
    code: str
    dmg: int


def hit_areas(gs, attacker: int, target: int, weapon, ranged: bool) -> list[HitArea]:
    """``hit_area``: the areas the weapon's traits leave after its hit on `target` (TRT-RADIOACTIVE-AMMO)."""
    return [a for _, h in _of("hit_area", facing(gs, _weapon_traits(weapon), attacker, target))
            if (a := h(gs, attacker, attacker, target, weapon, ranged)) is not None]


def regenerates(weapon) -> str | None:
    """``regenerates``: the trait by which `weapon` regains a round with an action (TRT-REGENERATING-AMMO), or
    None."""
    return _first_yes("regenerates", _weapon_traits(weapon), (weapon,))


def unlimited_range(weapon) -> str | None:
    """``rng_unlimited``: the trait by which `weapon` has no maximum range (TRT-INFINITE-RANGE), or None."""
    return _first_yes("rng_unlimited", _weapon_traits(weapon), (weapon,))


def any_level(weapon) -> str | None:
    """``level_reach``: the trait by which `weapon` attacks minis at any altitude level (MOV-11), or None."""
    return _first_yes("level_reach", _weapon_traits(weapon), (weapon,))


def stress_hits(gs, attacker: int, target: int, weapon, ranged: bool) -> str | None:
    """``stress_hit``: the trait of the attacker's weapon by which a hit deals stress instead of wounds
    (TRT-PSYCHIC-AMMO; rules.stress_hits), or None."""
    return _first_yes("stress_hit", facing(gs, _weapon_traits(weapon), attacker, target),
                      (gs, attacker, attacker, target, weapon, ranged))


def stress_defense(gs, e: int) -> int | None:
    """``stress_def``: the DEF `e`'s traits give it against a hit that deals stress (TRT-WALL: its Muro protections'
    DEF, summed), None when none answers (the target then defends with CH VOL, rules.stress_hits)."""
    got = [v for v in _answers("stress_def", character_traits(gs, e), gs, e) if v is not None]
    return sum(got) if got else None


def stress_protections(gs, e: int) -> list:
    """``stress_def_from``: the worn protections whose DEF makes `e`'s CH DEF against stress (TRT-WALL's Muro), in
    equipment order (their use checks come first: rules.item_use.stress_def_kept)."""
    return [p for _, h in _of("stress_def_from", character_traits(gs, e)) for p in h(gs, e)]


def hits_without_def(gs, attacker: int, target: int, weapon, ranged: bool) -> str | None:
    """``hit_without_def``: the trait of the attacker's weapon by which a hit makes no DEF check and deals no
    damage (its on_hit effects only), or None."""
    return _first_yes("hit_without_def", facing(gs, _weapon_traits(weapon), attacker, target),
                      (gs, attacker, attacker, target, weapon, ranged))


def opposed_mods(gs, e: int, attribute: str) -> list:
    """``opposed_check_mod``: the modifiers `e`'s traits give its own opposed checks of `attribute` (CHK-4, a CH ATR
    ENF; TRT-COMBAT-RUNES)."""
    out = []
    for carried in (character_traits(gs, e), *trait_copies(gs, e)):
        out += [m for _, h in _of("opposed_check_mod", carried) if (m := h(gs, e, attribute)) is not None]
    return out


def opposed_reroll(gs, e: int, attribute: str) -> str | None:
    """``opposed_reroll``: the trait by which `e`, the target of an action, may reroll its lost opposed check of
    `attribute` (CHK-4, G2: once; TRT-REJECTION-RUNES), or None."""
    return _first_yes("opposed_reroll", character_traits(gs, e), (gs, e, attribute))


def meta_fumble_safe(gs, e: int) -> str | None:
    """``meta_fumble_safe``: the trait by which `e` does not suffer the dangers of its fumbled metahability check
    (MET-7's CH PSI; TRT-PROTECTION-RUNES), or None."""
    return _first_yes("meta_fumble_safe", character_traits(gs, e), (gs, e))


def absorb_capacity(gs, e: int) -> int:
    """``absorb_levels``: how many wounds the bearer's ``wound_absorb`` traits can still absorb (their levels left;
    TRT-LEATHERY-SHIELD): what the exact odds take off."""
    return sum(h(gs, e) or 0 for _, h in _of("absorb_levels", character_traits(gs, e)))


def def_confirmation(gs, e: int) -> str | None:
    """``def_confirm``: the trait by which a CH DEF the bearer passed must be rolled again (the second result
    stands), or None."""
    return _first_yes("def_confirm", character_traits(gs, e), (gs, e))


def absorb_wounds(gs, e: int, wounds: int) -> int:
    """``wound_absorb``: the wounds left after the bearer's traits absorb what they can (each handler returns how
    many it absorbed, in trait-ID order)."""
    for _, h in _of("wound_absorb", character_traits(gs, e)):
        if wounds <= 0:
            break
        wounds -= h(gs, e, wounds) or 0
    return wounds


def _numbers(hook: str, gs, e: int) -> int:
    """The sum of the `hook` answers of `e`'s traits, a trait carried twice (G10, ``trait_copies``) counting
    twice."""
    out = 0
    for carried in (character_traits(gs, e), *trait_copies(gs, e)):
        out += sum(h(gs, e) or 0 for _, h in _of(hook, carried))
    return out


def cover_def_bonus(gs, e: int) -> int:
    """``cover_def``: the DEF the bearer's traits add when the cover counts for it (CMB-17 or CMB-18); none while
    a trait fixes its DEF (``def_fixed``: TRT-FRENZY's DEF = 0 overrides the DEF bonuses)."""
    n = _numbers("cover_def", gs, e)
    if n and _first_yes("def_fixed", character_traits(gs, e), (gs, e)) is not None:
        return 0
    return n


def hides_anywhere(gs, e: int) -> str | None:
    """``hide_anywhere``: the trait by which the bearer may hide (GNA-9) without cover, or None."""
    return _first_yes("hide_anywhere", character_traits(gs, e), (gs, e))


def fit_slack(protection) -> int:
    """``fit_slack``: the points of |SIZ − CON| a protection's traits forgive in its fit penalty (MOD-6; the
    highest answer)."""
    return max([0] + [h(protection) or 0 for _, h in _of("fit_slack", getattr(protection, "traits", ()))])


def untradeable(item) -> str | None:
    """``trade_denied``: the trait of a weapon or protection by which it cannot be traded (GNA-3), or None."""
    for t, h in _of("trade_denied", getattr(item, "traits", ())):
        if h(item):
            return t
    return None


def item_denied(gs, e: int, item) -> str | None:
    """``equip_denied``: the trait of `item` (a weapon, a protection, an object's Gear, a transport's Mount) by which
    character `e` may not have it (TRT-REQUIRES, TRT-HUGE), or None."""
    for t, h in _of("equip_denied", getattr(item, "traits", ())):
        if h(gs, e, item):
            return t
    return None


def equip_problem(gs, e: int, item) -> str | None:
    """``equip_denied``: the trait of a weapon or protection by which character `e` may not be equipped with it
    (receiving it by Comerciar or Saquear), or None."""
    why = item_denied(gs, e, item)
    if why is not None:
        return why
    kind = "protection" if hasattr(item, "DEF") else "weapon"
    return gear_denied(character_traits(gs, e), kind, getattr(item, "ENE", 0), getattr(item, "RNG", 0), False)


#: Materials of natural equipment (claws, fangs, hides, spit): what TRT-ANIMAL may still attack with at range.
NATURAL_MATERIALS = ("flesh", "bone", "chitin")


def gear_denied(carried, kind: str, ene: int, rng: int, natural: bool) -> str | None:
    """``gear_denied``: the trait among `carried` (a character's) by which it may not take, carry or drive equipment
    of `kind` ('weapon', 'protection', 'object', 'transport') with ENE `ene` and RNG `rng`, `natural` when its
    material is one of NATURAL_MATERIALS (TRT-CLAWS-AND-TEETH, TRT-ANIMAL), or None. Asked when a list is fielded
    (match.trait_gear) and by ``equip_problem`` (Comerciar, Saquear: taken gear is not natural)."""
    return (_first_yes("gear_denied", carried, (kind, ene, rng, natural))
            or _first_yes("gear_ban", carried, (kind, ene, rng, natural)))


def natural_dmg(gs, e: int) -> tuple[str, int] | None:
    """``natural_dmg``: (trait ID, DMG) of the character's unarmed melee attack instead of CBA-10's CON − 4 −
    wounds, with no wound cap (TRT-CLAWS-AND-TEETH); the first answer stands."""
    got = _tagged("natural_dmg", character_traits(gs, e), gs, e)
    return got[0] if got else None


def display_name(trait_id: str) -> str:
    """The trait's name as the book and the data files spell it (the catalogue's ``name_es``)."""
    p = _REGISTRY.get(trait_id)
    return p.name if p is not None else trait_id



def strength(gs, e: int) -> int:
    """``strength_plus``: the CON `e` counts as for its melee DMG (MOD-1, CBA-10), its overload (MOD-4) and what it
    can carry (MVA-8): its CON plus the traits' terms (TRT-MULE: +1; not a real CON: its CON checks, wounds and
    fit are not touched)."""
    return gs.attrs(e).CON + _numbers("strength_plus", gs, e)


def meta_ene(gs, e: int, m) -> int:
    """``meta_ene_mod``: the ± ENE the caster's traits add to using (or maintaining) metahability `m` (TRT-RUNE-MASTER:
    −1 on an invocation); the action's price keeps ENE-1's minimum 1."""
    return sum(h(gs, e, m) or 0 for _, h in _of("meta_ene_mod", character_traits(gs, e)))


def structure_dmg(gs, attacker: int, weapon, what: str, ranged: bool) -> int:
    """``structure_dmg``: the ± DMG the attacker's own traits and its weapon's add to an attack on a structure, not a
    character: `what` is 'wall' or 'door' (a breakable piece, rules/scenery_breaking.py) or 'transport' (a driverless
    one, MVA-17); TRT-WALLBREAKER: +3 in melee. G10: the same trait on the race and on the weapon counts twice."""
    total = 0
    for carried in (character_traits(gs, attacker), _weapon_traits(weapon) if weapon is not None else ()):
        for _, h in _of("structure_dmg", carried):
            total += h(gs, attacker, attacker, what, weapon, ranged) or 0
    return total


def area_dmg_bonus(gs, e: int, weapon) -> int:
    """``area_dmg_bonus``: the ± DMG the attacker's own traits add to an area attack with `weapon` (before ARE-6's
    half for a partly covered mini; TRT-DEMOLITIONS-EXPERT: +1)."""
    return sum(h(gs, e, weapon) or 0 for _, h in _of("area_dmg_bonus", character_traits(gs, e)))


def moves_as_mover(gs, e: int, key: str) -> str | None:
    """``moves_as_mover``: the trait by which `e`'s terrain move `key` works like Mover (ENE 1, no CH AGI, MOV K;
    TRT-FISH: Nadar, TRT-SPIDER: Escalar), or None."""
    return _first_yes("moves_as_mover", character_traits(gs, e), (gs, e, key))


def walks_on_walls(gs, e: int) -> str | None:
    """``walks_on_walls``: the trait by which `e`'s moves go over the pieces it would have to climb as easy terrain
    (TRT-SPIDER: geometry.walls), or None."""
    return _first_yes("walks_on_walls", character_traits(gs, e), (gs, e))


def breathes_underwater(gs, e: int) -> str | None:
    """``breathes_underwater``: the trait by which `e` may stay underwater, at level −1 in water (MOV-10; TRT-FISH),
    or None."""
    return _first_yes("breathes_underwater", character_traits(gs, e), (gs, e))


def melee_stances(gs, e: int) -> dict[str, Stance]:
    """``melee_stance`` and ``melee_dmg_stance``: {key: Stance} the character's traits offer before each of its melee
    attacks (one is chosen per attack; TRT-FENCING-MASTER, TRT-FRENZY), in trait-ID order."""
    carried = character_traits(gs, e)
    return {st.key: st for hook in ("melee_stance", "melee_dmg_stance") for _, h in _of(hook, carried)
            for st in h(gs, e)}


def area_def(gs, e: int, weapon) -> int:
    """``area_def_mod``: the DEF `e`'s traits add against a hit of an area attack with `weapon` (ARE-5, ARE-6: the
    CH DEF target and the DEF subtracted; TRT-RESISTANCE), a trait carried twice counting twice (G10)."""
    out = 0
    for carried in (character_traits(gs, e), *trait_copies(gs, e)):
        out += sum(h(gs, e, weapon) or 0 for _, h in _of("area_def_mod", carried))
    return out


def wounded_reply(gs, e: int, attacker: int, melee: bool) -> str | None:
    """``wounded_reply``: the trait by which `e`, just wounded by `attacker`'s attack and still able, makes one free
    melee attack back at it at once (TRT-PROUD), or None."""
    return _first_yes("wounded_reply", facing(gs, character_traits(gs, e), attacker), (gs, e, attacker, melee))


def critical_rolled(gs, e: int, weapon_index: int | None, ranged: bool) -> None:
    """``aura_crit_extra``: `e` rolled a critical on a hit check with its weapon `weapon_index` (None: unarmed); an
    allied aura may owe it an extra attack (TRT-VETERAN-CRY: the handler marks it; G10: the first trait to answer yes
    stands, several bearers give one)."""
    for _, h, bearers in _auras(gs, e, "aura_crit_extra"):
        if h(gs, e, bearers, weapon_index, ranged):
            return


def death_reply(gs, e: int, killer: int, melee: bool) -> str | None:
    """``aura_death_reply``: the allied aura by which `e`, just killed by `killer`'s attack, makes one free melee
    attack at its killer before it is removed (G1: bearers other than `e`; TRT-CRY-OF-VENGEANCE), or None."""
    for t, h, bearers in _auras(gs, e, "aura_death_reply"):
        if h(gs, e, bearers, killer, melee):
            return t
    return None


def meta_void(gs, e: int, caster: int) -> str | None:
    """``meta_void``: the trait by which `e` uses its once-a-turn chance to cancel `caster`'s metahability on it
    (TRT-VOID-RUNES; the handler that answers yes has used it), or None."""
    return _first_yes("meta_void", facing(gs, character_traits(gs, e), caster), (gs, e, caster))


def ranged_contest(gs, target: int, attacker: int) -> str | None:
    """``ranged_contest``: the trait by which `target`, shot at by `attacker`, may make a CH VOL ENF against it
    before its CH IMP: won, the CH IMP has −1 (TRT-MANIPULATOR), or None."""
    return _first_yes("ranged_contest", facing(gs, character_traits(gs, target), attacker), (gs, target, attacker))


def wounds_counted(gs, target: int, source: int | None, n: int) -> None:
    """``wounds_counted``: `n` wounds were just added to `target` (WND-2), `source` the character dealing them or
    None: the traits of the target (``taken`` True) and of the source (``taken`` False) count them
    (TRT-POWERFUL); handlers are called ``h(gs, bearer, n, taken)``."""
    live = source is not None and source != target and gs.world.has(source, Attributes)
    for _, h in _of("wounds_counted", facing(gs, character_traits(gs, target), source if live else None)):
        h(gs, target, n, True)
    if live:
        for _, h in _of("wounds_counted", facing(gs, character_traits(gs, source), target)):
            h(gs, source, n, False)


def ene_pool(gs, e: int, key: str) -> int:
    """``ene_pool``: ENE of `e`'s own pools that may pay for its action `key` (TRT-MANA: metahabilities only)."""
    return sum(h(gs, e, key) or 0 for _, h in _of("ene_pool", character_traits(gs, e)))


def spend_ene_pool(gs, e: int, key: str, n: int) -> None:
    """``ene_pool_spent``: `n` ENE of action `key` were paid from `e`'s pools (``ene_pool``): each pool's handler
    takes what it gave, in trait-ID order, until `n` is paid."""
    for _, h in _of("ene_pool_spent", character_traits(gs, e)):
        if n <= 0:
            return
        n -= h(gs, e, key, n) or 0


def area_attack_done(gs, e: int, weapon) -> None:
    """``area_attack_done``: the attacker's traits after its area attack affected someone (its hits resolved;
    TRT-POWERFUL spends the Power its DMG took)."""
    for _, h in _of("area_attack_done", character_traits(gs, e)):
        h(gs, e, weapon)


def senses(gs, e: int, actor: int, action: str, track) -> str | None:
    """``senses``: the trait by which `e` may react to `actor`'s `action` (its path `track`) though it neither sees
    nor hears it (TRT-SPIDER-SENSE), or None."""
    return _first_yes("senses", facing(gs, character_traits(gs, e), actor), (gs, e, actor, action, track))


def resonates(gs, e: int) -> str | None:
    """``resonator``: the trait by which a neuromancer's invocation may be cast from `e` (TRT-RESONATOR), or None."""
    return _first_yes("resonator", character_traits(gs, e), (gs, e))


# --- items left on the table (GNA-15; rules/traits/mines.py, rules/placed.py) -------------------------------------
@dataclass(frozen=True)
class ProximityTrigger:
    """How a placed item goes off when a mini comes near it (``proximity_trigger``): ``rule`` names its events;
    ``at_intruder``: the blast is centred on the mini that set it off instead of on the item (TRT-AUTONOMOUS-BOMB);
    ``max_move``: only a mini whose movement action covers at most that many K sets it off (None: any)."""
    rule: str
    at_intruder: bool = False
    max_move: float | None = None


def proximity_trigger(weapon) -> ProximityTrigger | None:
    """``proximity_trigger``: how the weapon, placed on the table, goes off when a mini comes within its RNG
    (TRT-ACTIVATION-AREA); answers combine: the blast goes at the intruder if any says so, the tightest
    ``max_move`` stands, and the last answer (trait-ID order) names the rule. None: it never goes off so."""
    got = [h(weapon) for _, h in _of("proximity_trigger", _weapon_traits(weapon))]
    got = [t for t in got if t is not None]
    if not got:
        return None
    moves = [t.max_move for t in got if t.max_move is not None]
    return ProximityTrigger(got[-1].rule, any(t.at_intruder for t in got), min(moves) if moves else None)


def remote_trigger(weapon) -> str | None:
    """``remote_trigger``: the rule by which the weapon, placed on the table, is set off by its controller whenever
    it wants (TRT-REMOTE-CONTROL), or None."""
    for _, h in _of("remote_trigger", _weapon_traits(weapon)):
        rule = h(weapon)
        if rule is not None:
            return rule
    return None


def placed_charge(weapon) -> str | None:
    """GNA-15 ruling: the trait that makes the weapon a "bomb or similar" (it takes effect once placed: a
    ``proximity_trigger`` or a ``remote_trigger``), or None."""
    t = proximity_trigger(weapon) if weapon is not None else None
    if t is not None:
        return t.rule
    return remote_trigger(weapon) if weapon is not None else None
