"""The scripted controller's use of a Maleficio object (TRT-HEX on an object: a use puts the malus it names on the
character it is used on, rules/traits/kinds2.py): before attacking, a held hex object is used on the nearest enemy
in reach that does not carry its malus yet (id order breaks ties), among the engine's legal options only. Inert
for a character holding no such object (no option is asked for)."""
from __future__ import annotations

from wartime.ai.candidates import by_rule
from wartime.core.components import MetaEffects
from wartime.rules import objects, traits
from wartime.rules.sequence import Decision, Pending

HEX = "use_hex"


def hexes(g) -> bool:
    """The object's use puts a malus on its target (TRT-HEX)."""
    return HEX in traits.use_effects(g)


def hex_object(match, p: Pending) -> Decision | None:
    """GNA-16 / TRT-HEX: the Usar of a held hex object on the nearest enemy not yet hexed by it, or None."""
    gs, e = match.gs, p.actor
    if not any(hexes(g) for _, g in objects.held_gear(gs, e)):
        return None
    key = by_rule(p, "GNA-16")
    if key is None:
        return None
    best = None
    for opt in match.engine.legal_options(key):
        t = opt.params.get("target", e)
        if t == e or t not in gs.enemies(e):
            continue
        g = objects.gear(gs, int(str(opt.params["item"]).split(":")[1]))
        if not hexes(g):
            continue
        fx = gs.world.try_get(t, MetaEffects)
        if fx is not None and any(x.caster == e and x.name == g.name for x in fx.active):
            continue                                                # still hexed by it: a use would only renew it
        score = (gs.distance(e, t), t)
        if best is None or score < best[0]:
            best = (score, opt)
    return None if best is None else best[1].decision(p.side, e)
