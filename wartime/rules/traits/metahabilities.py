"""Metahability traits (MET-1..7; rules/metahabilities.py plays them through these hook points): the kinds
(Mutación, Bunkai, Invocación, Atadura: TRT-MUTATION, TRT-BUNKAI, TRT-INVOCATION, TRT-BINDING), the bonuses that
unlock them (Metamorfo, Cinético, Neuromante: TRT-METAMORPH, TRT-KINETIC, TRT-NEUROMANCER), the effects
Magia: tranquilizar (TRT-MAGIC-CALM), Magia: anular (TRT-MAGIC-NULLIFY), Maleficio (TRT-HEX), Niega (TRT-NEGATE),
Energía psíquica (TRT-PSYCHIC-ENERGY, a bonus a metahability may lend) and Shin (TRT-SHIN); No vivo
(TRT-NON-LIVING, rules/traits/race_more.py) answers ``not_living``.

Metahability hook points (documented in the package docstring): ``meta_kind``, ``meta_school``, ``meta_effect``,
``meta_grants``, ``hex_malus``, ``lent_bonus``, ``meta_negates``, ``meta_cancels``, ``no_reactions``,
``stress_for_ene``, ``not_living``, ``hack_dmg``; the helpers the rules call are at the end of this module."""
from __future__ import annotations

from wartime.core.components import Life, MetaEffect, MetaEffects, Metahabilities, Parked, Psyche
from wartime.core.errors import RuleViolation
from wartime.rules.traits.protections import trait_named
from wartime.rules.traits.registry import EFFECT_LAPSES, _of, character_traits, display_name, register, trait_arg


# --- kinds (MET-1, CMB-13) ----------------------------------------------------------------------------------------
def mutation(m) -> str:
    """TRT-MUTATION: a mutation is checked with CH CON (MET-1, CMB-13)."""
    return "CON"


def bunkai(m) -> str:
    """TRT-BUNKAI: a bunkai is checked with CH AGI (MET-1, CMB-13)."""
    return "AGI"


def invocation(m) -> str:
    """TRT-INVOCATION: an invocation is checked with CH INT (MET-1, CMB-13)."""
    return "INT"


def binding(m) -> str:
    """TRT-BINDING: a binding (atadura) is checked with CH VOL (MET-1, CMB-13)."""
    return "VOL"


register("TRT-MUTATION", "Mutación", {"meta_kind": mutation}, kinds=("metahability",))
register("TRT-BUNKAI", "Bunkai", {"meta_kind": bunkai}, kinds=("metahability",))
register("TRT-INVOCATION", "Invocación", {"meta_kind": invocation}, kinds=("metahability",))
register("TRT-BINDING", "Atadura", {"meta_kind": binding}, kinds=("metahability",))


def metamorph(gs, e) -> str:
    """TRT-METAMORPH: its bearer may use mutations (MET-1)."""
    return "TRT-MUTATION"


def kinetic(gs, e) -> str:
    """TRT-KINETIC: its bearer may use bunkais (MET-1)."""
    return "TRT-BUNKAI"


def neuromancer(gs, e) -> str:
    """TRT-NEUROMANCER: its bearer may use invocations (MET-1) and is a neuromancer (PSI-13, CBA-18, CBA-20)."""
    return "TRT-INVOCATION"


register("TRT-METAMORPH", "Metamorfo", {"meta_school": metamorph}, kinds=("race",))
register("TRT-KINETIC", "Cinético", {"meta_school": kinetic}, kinds=("race",))
register("TRT-NEUROMANCER", "Neuromante", {"meta_school": neuromancer}, kinds=("race",))


# --- effects ------------------------------------------------------------------------------------------------------
def calm_effect(gs, ctx, caster: int, target: int, m) -> None:
    """TRT-MAGIC-CALM ruling: the target leaves panic (and frenzy)."""
    psyche = gs.psyche(target)
    if psyche.panic:
        gs.world.set(target, Psyche(False, psyche.maluses, psyche.forced_charge))
        gs.world.emit("panic_end", "TRT-MAGIC-CALM", who=target)


def calm_grants(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """TRT-MAGIC-CALM: the target counts as calm while the effect lasts (to the end of its next activation)."""
    return ("TRT-MAGIC-CALM",)


def calm_restriction(gs, e: int, key: str) -> None:
    """TRT-MAGIC-CALM ruling: a calmed character cannot charge."""
    if key == "charge":
        raise RuleViolation("TRT-MAGIC-CALM", f"{gs.name(e)} is calmed ({display_name('TRT-MAGIC-CALM')}) and "
                            "cannot charge")


def calm_no_reactions(gs, e: int) -> bool:
    """TRT-MAGIC-CALM ruling: a calmed character cannot react."""
    return True


register("TRT-MAGIC-CALM", "Magia: tranquilizar",
         {"meta_effect": calm_effect, "meta_grants": calm_grants, "action_restriction": calm_restriction,
          "no_reactions": calm_no_reactions}, kinds=("metahability",))


def nullify(gs, caster: int, target: int, m) -> int | None:
    """TRT-MAGIC-NULLIFY: cancels one metahability effect on the target (the latest cast by someone else that is
    not itself suspended) until the start of the nullifying character's next activation."""
    fx = gs.world.try_get(target, MetaEffects)
    for x in reversed(fx.active if fx is not None else ()):
        if x.caster != caster and x.cancels is None:
            return x.uid
    return None


register("TRT-MAGIC-NULLIFY", "Magia: anular", {"meta_cancels": nullify}, kinds=("metahability",))


def named(m, trait_id: str) -> tuple[str, ...]:
    """The played trait named by the parameter of `trait_id` on metahability `m` (Maleficio (Lento) → TRT-SLOW)."""
    return tuple(n for t, p in m.params if t == trait_id and (n := trait_named(p)) is not None)[:1]


def hex_malus(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """TRT-HEX ruling: on success the malus named in () applies to the target, until the end of its next
    activation (instead of to the bearer)."""
    return named(m, "TRT-HEX")


def hex_param(param: str | None, owner: frozenset = frozenset()) -> str | None:
    """TRT-HEX: the malus named in () must be a trait the engine plays (else the effect would do nothing)."""
    if trait_named(param) is None:
        return f"names {param!r}, which is not a trait the engine plays on characters"
    return None


#: ``MetaEffect.index`` of a hex a weapon's hit or an object's use left (no metahability of the attacker's: nothing
#: maintains it, MET-6)
WEAPON_HEX = -1


def hex_hit(gs, bearer, attacker, target, weapon, ranged) -> None:
    """TRT-HEX on a weapon (ruling: applied on hit, until the end of the target's next activation): a hit (a passed
    CH IMP, whatever the wounds) puts the malus named in () on the target instead of the bearer, as a lasting
    effect of the attacker's (``MetaEffect`` with index WEAPON_HEX, lapsing as MET-5's: rules/metahabilities.py);
    a new hit of the same weapon renews it (a fresh duration)."""
    if bearer == attacker and weapon is not None:
        put_hex(gs, attacker, target, weapon, "weapon")
    return None


def hex_use(gs, e: int, gear, target: int, choice=None) -> None:
    """TRT-HEX on an object (G10: for the actions using it; ruling: applied on success): a use (Usar, GNA-16, its
    use checks passed) puts the malus named in () on the character it is used on, until the end of that
    character's next activation, as on a weapon's hit (traits/kinds2.py)."""
    put_hex(gs, e, target, gear, "item")
    return None


def put_hex(gs, by: int, target: int, source, what: str) -> None:
    """TRT-HEX: the malus `source` (a weapon or an object, carrying "TRT-HEX:<malus>") names goes on `target` as a
    lasting effect of `by`'s that lapses as MET-5's, replacing one the same source left there (a fresh duration)."""
    malus = trait_named(trait_arg(source, "TRT-HEX"))
    if malus is None or gs.world.has(target, Parked) or not gs.world.has(target, Life):
        return
    for install in EFFECT_LAPSES:                  # rules.metahabilities.install: MET-5's lapse at the activation's end
        install(gs.world)
    fx = gs.world.try_get(target, MetaEffects)
    kept = tuple(x for x in (fx.active if fx is not None else ())
                 if not (x.caster == by and x.index == WEAPON_HEX and x.name == source.name))
    uid = gs.world.resources.get("meta_uid", 0) + 1
    gs.world.resources["meta_uid"] = uid
    gs.world.set(target, MetaEffects(kept + (MetaEffect(uid, by, WEAPON_HEX, source.name, target, "end",
                                                        grants=(malus,)),)))
    gs.world.emit("hexed", "TRT-HEX", who=target, by=by, **{what: source.name}, malus=malus, uid=uid)


register("TRT-HEX", "Maleficio", {"hex_malus": hex_malus, "on_hit": hex_hit, "use_hex": hex_use},
         kinds=("metahability", "weapon", "object"), param_problem=hex_param, args=("weapon",),
         object_args=True)      # a weapon or an object carries its malus as "TRT-HEX:<malus>"


def psychic_energy(gs, e: int) -> bool:
    """TRT-PSYCHIC-ENERGY: may take +1 stress to gain +3 ENE (ruling: once per activation, in its activation)."""
    return True


def lend_psychic_energy(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """TRT-PSYCHIC-ENERGY on a metahability: the target has the bonus while the effect lasts."""
    return ("TRT-PSYCHIC-ENERGY",)


register("TRT-PSYCHIC-ENERGY", "Energía psíquica", {"stress_for_ene": psychic_energy,
                                                     "lent_bonus": lend_psychic_energy}, kinds=("race", "metahability"))


def shin(gs, e: int) -> int:
    """TRT-SHIN: DMG +1 on hacking (Corromper / Hackear; ruling: its 'ataque psíquico' = Corromper, CBA-18).

    On a race: every Corromper / Hackear of the character. On a metahability (traits notes G10: "for actions using
    that item"): the Corromper / Hackear made with the power of its kind, the attribute of its kind's check (MET-1:
    an invocation's INT, the neuromancer's hacking; a binding's VOL, the puppeteer's corruption), +1 per such
    metahability carried (G10: the same trait's numbers from two archetypes add, a race's Shin too). Its own casts
    get nothing: a metahability carries no DMG (MET-1 / BLD-10; core: "a metahability has no DMG field") and no cast
    in the book deals DMG, so the psychic attack Shin names is the hacking alone (its ruling)."""
    return 1


register("TRT-SHIN", "Shin", {"hack_dmg": shin}, kinds=("race", "metahability"))


# --- helpers the rules call ---------------------------------------------------------------------------------------
def meta_kind(m) -> str | None:
    """``meta_kind``: the attribute of the metahability's check, from its type trait (None: it has none)."""
    for _, h in _of("meta_kind", m.traits):
        return h(m)
    return None


def meta_kind_trait(ids) -> str | None:
    """The type trait (hook ``meta_kind``) among trait IDs `ids` (the loader allows exactly one, MET-1)."""
    return next((t for t, _ in _of("meta_kind", tuple(ids))), None)


def meta_schools(gs, e: int) -> frozenset[str]:
    """``meta_school``: the metahability kinds (type trait IDs) the character's bonuses unlock (MET-1)."""
    return frozenset(h(gs, e) for _, h in _of("meta_school", character_traits(gs, e)))


def meta_handlers(hook: str, m) -> list:
    """(trait ID, handler) of the metahability's traits on `hook`, in trait-ID order."""
    return _of(hook, m.traits)


def hostile_grants(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """``meta_grants`` / ``hex_malus``: the trait IDs forced on the target (a calm, a malus)."""
    return tuple(t for hook in ("meta_grants", "hex_malus") for _, h in _of(hook, m.traits)
                 for t in h(gs, caster, target, m))


def lent_bonuses(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """``lent_bonus``: the bonuses lent to the target."""
    return tuple(t for _, h in _of("lent_bonus", m.traits) for t in h(gs, caster, target, m))


def meta_grants(gs, caster: int, target: int, m) -> tuple[str, ...]:
    """``meta_grants`` / ``hex_malus`` / ``lent_bonus``: the trait IDs the target carries while the effect
    lasts."""
    return tuple(t for hook in ("meta_grants", "hex_malus", "lent_bonus") for _, h in _of(hook, m.traits)
                 for t in h(gs, caster, target, m))


def reactions_barred(gs, e: int) -> str | None:
    """``no_reactions``: the trait by which the character cannot react now, or None."""
    for t, h in _of("no_reactions", character_traits(gs, e)):
        if h(gs, e):
            return t
    return None


def stress_for_ene(gs, e: int) -> bool:
    """``stress_for_ene``: whether a trait lets the character take +1 stress for +3 ENE."""
    return any(h(gs, e) for _, h in _of("stress_for_ene", character_traits(gs, e)))


def not_living(gs, e: int) -> bool:
    """``not_living``: True if a trait makes the character not a living one (MET-8)."""
    return any(h(gs, e) for _, h in _of("not_living", character_traits(gs, e)))


def hack_dmg(gs, e: int, attribute: str = "INT") -> int:
    """``hack_dmg``: the stress DMG its traits add to the character's Corromper / Hackear (CBA-18) made with
    `attribute`: its own bonuses' (a race's TRT-SHIN), plus those of each metahability it carries whose kind checks
    that attribute (MET-1; TRT-SHIN on a metahability: G10, the hacking made with that power)."""
    own = sum(h(gs, e) for _, h in _of("hack_dmg", character_traits(gs, e)))
    carried = gs.world.try_get(e, Metahabilities)
    metas = () if carried is None else carried.items
    return own + sum(h(gs, e) for m in metas if meta_kind(m) == attribute for _, h in _of("hack_dmg", m.traits))
