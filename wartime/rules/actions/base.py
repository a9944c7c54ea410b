"""The action framework: each action is a small class with a key, a rule ID, a cost, `validate` (raises
RuleViolation naming the rule it breaks) and `resolve` (writes events). See the actions digest pipeline."""
from __future__ import annotations

from typing import Any, ClassVar, Iterable

from wartime.core.errors import RuleViolation
from wartime.rules import hiding
from wartime.rules.actions.params import Candidate, CandidateSpace, Param, no_params
from wartime.rules.context import ActionContext
from wartime.rules.state import GameState
from wartime.rules.traits.registry import ACTION_KINDS


class Action:
    key: ClassVar[str]
    rule: ClassVar[str]
    category: ClassVar[str]          # 'movement' | 'combat' | 'generic' | 'free'
    has_check: ClassVar[bool] = False
    #: the action rolls a check only when its parameters ask one (GNA-16: an object's Prueba trait): ACT-3 treats it
    #: as a simple action (the actions table lists no check), the window still previews the check it may roll
    may_check: ClassVar[bool] = False
    is_attack: ClassVar[bool] = False   # MVA-3: forbidden to a character that sprinted this turn
    ranged: ClassVar[bool] = False      # a ranged attack (CBA-1..4, CBA-6): what a ranged compulsion asks for
    # TRT-INFINITE-RANGE: its shot may go at a target in LOS outside the FOV and then scatters (rules.scattered_shots);
    # the core's own ways past the FOV (CBA-2 / CBA-3 / CBA-4) do not scatter
    scatters_out_of_view: ClassVar[bool] = False
    moves: ClassVar[bool] = False
    free: ClassVar[bool] = False         # not an action (MOV-5 turning, CMB-15 follow-up, ending)
    reaction_only: ClassVar[bool] = False
    zero_cost: ClassVar[bool] = False    # a printed cost of 0 that overrides ENE-1's minimum of 1 (GNA-15 Soltar)
    #: an action only a trait's carriers (or a character in a situation shipped games may not produce: MVA-17's
    #: driverless transport) can take: a reaction window lists it only for a character whose `available` accepts it
    #: (rules.reactors), so other characters' reaction keys (and a random controller's draws) stay as they were
    #: without it
    trait_gated: ClassVar[bool] = False
    #: a trait's own reaction that needs no reaction CH VOL (REA-2) and does not put its reactor in bullet time
    #: (REA-5), priced at its printed cost even when that is 0 (``zero_cost``; TRT-MACHINA-MORS)
    vol_free_reaction: ClassVar[bool] = False
    #: paid in the own activation, the action may take ENE down to −10 as a reaction may (REA-2's floor;
    #: TRT-SWARM-WEAPON's volley)
    ene_debt: ClassVar[bool] = False
    #: ACT-1: the parameters the action asks for (rules/actions/params.py); () for none
    params: ClassVar[tuple[Param, ...]] = ()

    def candidates(self, gs: GameState, actor: int, space: CandidateSpace) -> Iterable[Candidate]:
        """Candidate parameter sets for `actor` now (unvalidated: the engine keeps the legal ones). The default
        is the single empty parameter set of an action without parameters."""
        return no_params(self.key)

    def available(self, gs: GameState, actor: int) -> None:
        """ACT-5: the requirements that need no parameter (posture, engagement, equipment, once-per limits);
        raise RuleViolation naming the rule. `validate` calls it first, and the engine asks it before offering
        the key (rules/options.py), so the two never disagree."""

    def refusal(self, gs: GameState, actor: int) -> str | None:
        """ACT-5 without raising (issue 20): the rule ID `available` would raise for `actor` now, None when it
        accepts. The engine asks it of every key it may offer (rules/options.py, the trait-gated reaction keys of
        rules/reactors.py), most of them refused: an action refused most of the time overrides it with its cheap
        test first (and its `available` raises from the same test), so no exception is built for it; `available`
        stays the API that gives the message."""
        try:
            self.available(gs, actor)
        except RuleViolation as exc:
            return exc.rule_id
        return None

    def target_refused(self, gs: GameState, actor: int, target: int) -> bool:
        """Issue 20: True when `validate` surely refuses this action aimed at the character `target` whatever its
        other parameters (path, facing, boost), so a controller need not build them; False says nothing (the
        default: no such test). Cargar (CBA-12) and Embestir (CBA-23) answer it."""
        return False

    def menu_gate(self, gs: GameState, actor: int) -> bool:
        """ACT-5 (issue 20): a necessary condition of `available` that reads nothing but `actor`'s trait set
        (`traits.character_traits`, its own traits), its Equipment, its Metahabilities, its Mount and the registry
        (`traits.MENU_GATE_TYPES`): False only when `available` refuses `actor` whatever else the state holds. The
        offered keys (rules/options.py `menu_keys`) keep its answers while those tables are unchanged
        (`traits.menu_table`), so an action only a trait, a piece of equipment, a metahability or a transport makes
        possible is not probed at every listing for the characters that lack it. True (no gate) by default."""
        return True

    #: ACT-5 (issue 20, rules/options.py `world_shut`): the component types `world_gate` reads (besides the board)
    world_reads: ClassVar[tuple[type, ...]] = ()

    def world_gate(self, gs: GameState) -> bool:
        """ACT-5 (issue 20): a necessary condition of `available` for EVERY character, a pure function of the
        component tables named in `world_reads` and of the board (`gs.board`): False only when `available` refuses
        whoever asks (no searchable element left, nobody on fire, no water on the board...). The offered keys keep
        the shut keys while those tables and the board are unchanged (rules/options.py `world_shut`), so an action
        the whole table lacks the means for is not probed at every listing. True (no gate) by default."""
        return True

    #: REA-1 (issue 20, rules.reactors.open_gated_keys): the component types `gate_possible` reads
    gate_reads: ClassVar[tuple[type, ...]] = ()

    def gate_possible(self, gs: GameState, actor: int) -> bool:
        """REA-1 (issue 20): for a trait-gated action, a necessary condition of ``refusal(gs, actor) is None`` that
        is a pure function of the component tables named in `gate_reads` (and of the trait registry): False only
        when `refusal` surely refuses. The reaction windows keep its answers across world versions while those
        tables are unchanged (rules.reactors), so a character none of whose gates can open is not probed at every
        version. True (always ask `refusal`) by default."""
        return True

    def rolls_no_check(self, gs: GameState, actor: int) -> bool:
        """Whether `actor`'s traits take away the check the actions table lists for this action (a terrain move
        that works like Mover: TRT-FISH, TRT-SPIDER), so that what the window writes beside it ('no check') is what
        the engine rolls. False by default."""
        return False

    def validate(self, gs: GameState, actor: int, params: dict[str, Any]) -> Any:
        """ACT-5: check the action's requirements at declaration, against current values; return prepared
        data for cost/resolve; raise RuleViolation naming the broken rule (nothing is spent)."""
        return None

    def offered_choices(self, gs: GameState, actor: int) -> dict[str, tuple]:
        """The values of the action's optional 'choice' parameters offered to `actor` now that a window shows as
        entries of their own (a move's boost, TRT-FIRE-IN-THE-VEINS; None: not taken); {} for none."""
        return {}

    def attack_modifiers(self, gs: GameState, actor: int, params: dict[str, Any]) -> list:
        """The CH IMP modifiers the action itself adds to its attack roll (e.g. CBA-2/3/4's −1 per variant), for
        odds weighed before declaring (`rules.odds.attack_odds(extra_imp=...)`); [] when none or when the
        parameters are not legal. Pure: changes nothing."""
        return []

    def cost(self, gs: GameState, actor: int, params: dict[str, Any], prepared: Any) -> int:
        raise NotImplementedError

    def resolve(self, gs: GameState, ctx: ActionContext, prepared: Any) -> None:
        raise NotImplementedError


REGISTRY: dict[str, Action] = {}


class QuestionAnswer(Action):
    """An answer declared only in a question the engine asks mid-resolution (rules/asking.py: TRT-BODYGUARD,
    TRT-AIM-CORRECTOR): ENE 0, no CH VOL, no bullet time; `question` is the module asking it (its
    ``check_declared(gs, actor)`` says whether the actor is being asked), and the engine, not ``resolve``, applies
    the answer (`resolved_by` says where)."""
    category = "combat"
    reaction_only = True
    trait_gated = True
    vol_free_reaction = True
    zero_cost = True
    question = None
    resolved_by = ""

    def available(self, gs, actor):
        self.question.check_declared(gs, actor)

    def validate(self, gs, actor, params):
        return self.question.check_declared(gs, actor)

    def cost(self, gs, actor, params, prepared):
        return 0

    def resolve(self, gs, ctx, prepared):
        raise RuleViolation(self.rule, f"{self.resolved_by}, not as an action")


def register(cls):
    REGISTRY[cls.key] = cls()
    ACTION_KINDS[cls.key] = (cls.category, cls.has_check)     # read by traits (TRT-EVASIVE-PILOT)
    return cls


def any_of(gs: GameState, *ctypes: type) -> bool:
    """Whether any of the component tables `ctypes` holds an entity (a `world_gate`'s usual test)."""
    tables = gs.world.tables
    return any(tables.get(t) for t in ctypes)


def need(params: dict, name: str, rule: str, kind=None):
    if name not in params:
        raise RuleViolation(rule, f"parameter {name!r} is required")
    v = params[name]
    if kind is not None and not isinstance(v, kind):
        raise RuleViolation(rule, f"parameter {name!r} must be {kind.__name__ if isinstance(kind, type) else kind}")
    return v


def need_target(gs: GameState, actor: int, params: dict, rule: str, *, enemy: bool = True) -> int:
    t = need(params, "target", rule, int)
    if t not in gs.minis():
        raise RuleViolation(rule, f"no miniature with id {t}")
    if t == actor:
        raise RuleViolation(rule, "a character cannot target itself with this action")
    if not gs.on_table(t):
        raise RuleViolation("WND-3", f"{gs.name(t)} is dead")
    if enemy and gs.side(t) == gs.side(actor) and not gs.compelled_at(actor, t):
        raise RuleViolation(rule, f"{gs.name(t)} is not an enemy")
    if gs.pos(t).level != gs.pos(actor).level:
        raise RuleViolation("MOV-11", "miniatures interact only within their own altitude level")
    hiding.check_target(gs, actor, t)           # GNA-9: a hidden enemy must be discovered first
    return t


def need_path(params: dict, rule: str) -> list[tuple[float, float]]:
    raw = need(params, "path", rule)
    if not isinstance(raw, (list, tuple)) or not raw:
        raise RuleViolation(rule, "path must be a non-empty list of [x, y] points")
    pts = []
    for p in raw:
        if not isinstance(p, (list, tuple)) or len(p) != 2 or not all(isinstance(c, (int, float)) for c in p):
            raise RuleViolation(rule, "path must be a list of [x, y] points")
        pts.append((float(p[0]), float(p[1])))
    return pts
