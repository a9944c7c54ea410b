"""The scripted controller's mines (GNA-15 Soltar for a bomb, TRT-ACTIVATION-AREA, TRT-AUTONOMOUS-BOMB,
TRT-REMOTE-CONTROL; rules/placed.py): a character carrying a bomb drops it facing the nearest enemy (the bomb lies
between them, on the way the enemy comes) when that enemy is near enough to come but not yet within the blast; it
then steps out of its side's charges' blast (and lays no bomb within 5 K of another); it sets off a remote charge it
controls when the blast would hit more enemies than allies (itself included). An object whose use harms its target
(Maleficio's malus) with Área de activación or Control remoto is laid and set off the same way (its "blast" is the
one mini it is used on); so is a Cóctel de vitaminas trap (its use raises one attribute for the rest of the
activation, then lowers every attribute in the taker's next one: laid in an enemy's way it is a crash), laid with
the option the engine offers (GNA-15's ``choice``) that helps the enemy it will likely catch least (`trap_choice`).
Only the engine's legal options
(`legal_cost`). Inert for a character with no bomb and no placed charge: the first questions (its weapons' traits,
the placed-charge table) ask nothing else."""
from __future__ import annotations

import math

from wartime.ai.candidates import action, facing_to, legal_cost, move_towards
from wartime.rules import metahabilities, objects, placed, traits

#: The nearest enemy within this many K (edge to edge) makes a bomb worth laying: it may come through next turn.
LAY_NEAR = 15.0
#: ... but not closer than this: it would stand in the blast already.
LAY_FAR = 4.0
#: No bomb is laid within this many K (centre to charge) of a charge already on the table.
SPREAD = 5.0
#: How far (K) the layer steps away from its own charge.
STEP_AWAY = 4.0


#: the use effect that harms the mini an object is used on (TRT-HEX's malus): such an object with Área de activación
#: or Control remoto is laid as a trap; a helpful one (a heal, ENE) is not laid by this controller
HOSTILE_USE = "use_hex"
#: the use effects laid as traps: a hex, and a cocktail's boost (TRT-VITAMIN-COCKTAIL: +1 on one attribute for the
#: rest of the activation, then −1 on every one in the next: on the attribute least useful to the enemy, a crash)
TRAP_USES = (HOSTILE_USE, "use_boost")
#: how much a mini relies on each attribute (CHR-3): AGI makes every attack's CH IMP (CBA-1, CBA-7), CON every CH
#: DEF (+1 with a melee weapon: its DMG), VOL the field of view and the CH PSI, INT little else (Buscar, Percibir)
RELIANCE = {"AGI": 3.0, "CON": 2.0, "VOL": 1.5, "INT": 1.0}


def _bombs(gs, e: int) -> list[str]:
    """Item refs of `e`'s bombs (``traits.placed_charge``): its weapons ('weapon:<i>', equipment order), then the
    objects it holds whose use harms its target ('item:<id>', a trap: an object charge goes off as a use on the mini
    that sets it off, rules/placed.py)."""
    out = [f"weapon:{i}" for i, w in enumerate(gs.equipment(e).weapons) if traits.placed_charge(w) is not None]
    return out + [f"item:{i}" for i, g in objects.held_gear(gs, e)
                  if traits.placed_charge(g) is not None and any(u in traits.use_effects(g) for u in TRAP_USES)]


def reliance(gs, m: int, option) -> float:
    """How much mini `m` relies on the attribute `option` (``RELIANCE``; +1 on CON with a melee weapon, +2 per
    metahability it carries checked with that attribute, MET-1); 0 for an option that is no attribute."""
    base = RELIANCE.get(option)
    if base is None:
        return 0.0
    if option == "CON" and any(w.RNG == 0 for w in gs.equipment(m).weapons):
        base += 1.0
    for meta in metahabilities.carried(gs, m):
        if traits.meta_kind(meta) == option:
            base += 2.0
    return base


def trap_choice(gs, e: int, likely: int, options: list[str]):
    """GNA-15: the option a placed object's use takes, among the engine's `options`, for the mini `likely` to set it
    off: for an ally of `e` the attribute it relies on most, for an enemy the one it relies on least (ties: the
    engine's order); None without options."""
    if not options:
        return None
    foe = likely in set(gs.enemies(e, able_only=False))
    key = (lambda o: reliance(gs, likely, o)) if foe else (lambda o: -reliance(gs, likely, o))
    return min(options, key=lambda o: (key(o), options.index(o)))


def _weight(gs, e: int, hit: list[tuple[int, bool]]) -> tuple[float, float]:
    """(enemies, allies with `e` itself) the blast `hit` covers: 1 each fully covered, 1/2 partly."""
    foes = set(gs.enemies(e))
    enemy = sum(1.0 if full else 0.5 for m, full in hit if m in foes and gs.able(m))
    ally = sum(1.0 if full else 0.5 for m, full in hit if m not in foes and gs.able(m))
    return enemy, ally


def set_off_remote(match, p):
    """TRT-REMOTE-CONTROL: set off the first own remote charge whose blast hits at least one enemy and more than
    twice the allies it hits (itself included); None when none does."""
    gs = match.gs
    e = p.actor
    for c in placed.remote_charges(gs, e):
        enemy, ally = _weight(gs, e, placed.victims(gs, c))
        if enemy >= 1.0 and enemy > 2 * ally:
            d = action(p, "set_off_charge", item=c)
            if legal_cost(match.engine, d) is not None:
                return d
    return None


def clear_own_charge(match, p):
    """A character standing in the blast of a charge its side placed steps away from it, up to 4 K (a move the
    engine accepts); None when it stands clear or is engaged."""
    gs = match.gs
    e = p.actor
    found = placed.charges(gs)
    if not found or gs.engaged(e):
        return None
    for c, pc, it in found:
        if gs.side(pc.owner) != gs.side(e) or e not in {m for m, _ in placed.victims(gs, c)}:
            continue
        me = gs.pos(e)
        dx, dy = me.x - it.at[0], me.y - it.at[1]
        d = math.hypot(dx, dy) or 1.0
        goal = (me.x + dx / d * STEP_AWAY, me.y + dy / d * STEP_AWAY)
        return move_towards(match, p, goal)
    return None


def lay_mine(match, p):
    """GNA-15: drop a bomb facing the nearest able enemy when it is 4 to 15 K away (edge to edge) and `e` is not
    engaged; None otherwise or when the drop is not legal (the bomb's ENE)."""
    gs = match.gs
    e = p.actor
    bombs = _bombs(gs, e)
    if not bombs or gs.engaged(e):
        return None
    foes = [f for f in gs.enemies(e) if gs.able(f) and gs.on_table(f)]
    if not foes:
        return None
    near = min(foes, key=lambda f: (gs.distance(e, f), f))
    if not LAY_FAR <= gs.distance(e, near) <= LAY_NEAR:
        return None
    me = gs.pos(e)
    if any(math.hypot(me.x - it.at[0], me.y - it.at[1]) < SPREAD for _, _, it in placed.charges(gs)):
        return None                                     # one charge per spot: spread them out
    facing = round(facing_to(gs, e, near), 4)
    options = [] if not bombs[0].startswith("item:") else \
        [o.params["choice"] for o in match.engine.legal_options("drop_item", lambda q: q["item"] == bombs[0])
         if "choice" in o.params]
    choice = trap_choice(gs, e, near, options)
    more = {} if choice is None else {"choice": choice}
    d = action(p, "drop_item", facing=facing, item=bombs[0], **more)
    return d if legal_cost(match.engine, d) is not None else None


def mines_act(match, p):
    """The mine decisions in order: set off a remote charge, step out of its side's charge's blast, lay a bomb."""
    return set_off_remote(match, p) or clear_own_charge(match, p) or lay_mine(match, p)
