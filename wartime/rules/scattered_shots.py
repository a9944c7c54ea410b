"""Attacks and casts that scatter because their target is outside the attacker's field of view (TRT-INFINITE-RANGE,
Alcance infinito: "Sin ALC máx. Debe estar en LdV. Si objetivo fuera del CdV, dispersión"), and the dispersion
roll shared with the area attacks (BAS-4, ARE-9: rules.areas re-exports `disperse`).

The reading (TRT-INFINITE-RANGE ruling: "the normal hit check −1 per 10 K beyond the first 10 K still applies;
scatter as core areas: 1D10 K per 15 K to the target"):

* A weapon, metahability or object with the trait may be aimed at a character in line of sight (ENV-2) outside the
  user's field of view (ENV-1: beyond VOL × 5 K or behind its 180° arc). Its check is rolled as usual, against
  the chosen target (its modifiers, MOD-2's range penalty over the whole distance).
* The attack then scatters, whatever its check gave (the trait, unlike Dispersión, names no exception and no
  condition): the aim point, the target's base centre, moves n D10 K (n = max(1, ceil(d / 15)), d the BAS-3
  distance to the target, ARE-9) in a random direction (BAS-4); off the board the attack is lost (ARE-9).
* An area weapon places its template at the new point and resolves it as a hit with no further CH IMP, as ARE-8
  does for a failed area attack (rules.areas).
* A single-target attack has no template: it "lands" on the point (BAS-4: a dispersed aim point is placed at the
  end point). A failed CH IMP misses anyway (ARE-8 ruling: a non-area attack that fails simply misses; a
  scattered miss delivers nothing). A passed one hits the character whose base holds the landing point (at the
  target's altitude level, never the shooter: a shot does not come back at its muzzle, while a template covers its
  attacker like anyone, ARE-5; several: the nearest centre, then the lower id, traits notes
  G10), friend or foe, as a hit on it (its CH DEF, cover from the muzzle, CMB-17; the critical's effects, CMB-6);
  a driverless transport's base likewise (MVA-17: it is hit as an attack on it hits it, rules.combat
  `scattered_parked_hit`; in Wartime's own combat); if no base holds it, the shot is lost. A shot aimed at a
  driverless transport outside the FOV scatters the same way from the transport's centre (rules.parked.attack). With a 1 K base (radius 0.5 K) the chosen target itself is never hit
  (one D10 moves the point at least 1 K): the shot is a gamble on whoever stands around it.
* A metahability cast (MET-2) scatters the same way once its kind check passes: it takes effect on the character
  the point lands on (MET-3..5 by that character's relation to the caster: an enemy still has its CH VOL ENF);
  none: no effect. A cast that moves its target (TRT-MAGIC-MISDIRECT) moves the one it lands on to the point chosen
  for the one aimed at, if that one can be moved there (its reach, a straight line), else it stays. An object's Usar
  (GNA-16) likewise, once its use checks pass (beyond the object's own RNG: within it, BLD-17 needs no sight).
* Under a peer combat system (issue 18) the system rolls its own check: the single shot scatters first, and the
  system resolves the attack on whoever it lands on.
* The odds (rules.odds.attack_odds) count a single shot's hit on the chosen target only when the scatter lands on
  it (`landing_odds`: a shot's landings include driverless transports' bases); `rules.odds.scattered_outcomes`
  and `rules.areas.scattered_area_value` price every landing on a character (a driverless transport's: no
  casualty and no victory points, priced at nothing, as ai.candidates leaves attacks on one to the transport
  policy).
"""
from __future__ import annotations

import math
from fractions import Fraction

from wartime.core.rounding import round_half_up
from wartime.geometry import grid as geo_grid
from wartime.geometry import scatter
from wartime.rules import parked_hits, traits
from wartime.rules.state import GameState


def scatters(gs: GameState, actor: int, target: int, item) -> str | None:
    """TRT-INFINITE-RANGE: the rule by which an attack or cast with `item` (a weapon, metahability or object) at
    `target` scatters: the item has no maximum range and the target is outside `actor`'s field of view (ENV-1);
    None otherwise."""
    if item is None or target is None or target == actor:
        return None
    rule = traits.unlimited_range(item)
    if rule is None or gs.in_fov(actor, target):
        return None
    return rule


def disperse(gs: GameState, x: float, y: float, n: int, rule: str, factor=1, *, redo: tuple | None = None,
             **data) -> scatter.ScatterResult:
    """BAS-4 / ARE-9: roll n D10 from the match dice, then one direction; record both and where the point lands
    (`dispersion` event: dice, angle, from, to, distance, on_board). `factor` scales the distance, rounded once
    (BAS-5: x.5 up; TRT-STABILISED-AMMO: 1/2). `redo` = (dice, angle) of a dispersion whose highest die was
    cancelled (TRT-FORTUNE): that die alone is rolled again, the others and the direction kept."""
    if redo is None:
        dice = [gs.world.dice.d10() for _ in range(n)]
        angle = gs.world.dice.angle()
    else:
        dice, angle = list(redo[0]), redo[1]
        dice[dice.index(max(dice))] = gs.world.dice.d10()
    moved = dice if factor == 1 else [round_half_up(sum(dice) * factor)]
    res = scatter.scatter_point(gs.board, x, y, moved, angle)
    gs.world.emit("dispersion", rule, dice=dice, angle=angle, distance=res.distance, origin=[x, y],
                  to=[res.x, res.y], on_board=res.on_board, **data)
    return res


def _standing(gs: GameState, attacker: int, level: int) -> list[int]:
    """The characters a scattered shot may land on: on the table, at `level`, not the attacker (id order)."""
    return [o for o in gs.minis() if o != attacker and gs.on_table(o) and gs.pos(o).level == level]


def landing(gs: GameState, attacker: int, x: float, y: float, level: int, parked: bool = False) -> int | None:
    """TRT-INFINITE-RANGE (this module's reading): the character whose base holds the point (x, y) at `level`
    (MOV-15 grid: whose squares hold its square), not the attacker, or with `parked` a driverless transport's base
    (MVA-17: an attack may hit it as any target; Wartime's own combat, rules.combat / rules.parked); several: the
    nearest centre, then the lower id (G10); None if no base holds it."""
    held = []
    for o in _standing(gs, attacker, level) + (parked_hits.parked_at(gs, level) if parked else []):
        p = gs.pos(o)
        c = math.hypot(p.x - x, p.y - y)
        inside = (geo_grid.square_of(x, y) in gs.squares(o)) if gs.board.grid else c <= gs.body(o).radius + 1e-9
        if inside:
            held.append((c, o))
    return min(held)[1] if held else None


def scatter_shot(gs: GameState, attacker: int, target: int, rule: str, parked: bool = False,
                 **data) -> int | None:
    """TRT-INFINITE-RANGE: scatter a single-target attack or cast aimed at `target` (a character, or a driverless
    transport) (ARE-9's dice over the BAS-3 distance, BAS-4's direction, from the target's base centre) and return
    the character it lands on, or with `parked` (an attack's shot) the driverless transport (`landing`), or None (off
    the board or on no base: `shot_lost`)."""
    p = gs.pos(target)
    n = scatter.dispersion_dice(gs.distance(attacker, target))
    res = disperse(gs, p.x, p.y, n, rule, attacker=attacker, target=target, **data)
    landed = landing(gs, attacker, res.x, res.y, p.level, parked) if res.on_board else None
    if landed is None:
        gs.world.emit("shot_lost", rule, attacker=attacker, target=target, to=[res.x, res.y],
                      on_board=res.on_board)
    elif landed != target:
        gs.world.emit("stray_shot", rule, attacker=attacker, intended=target, target=landed)
    return landed


def sum_distribution(n: int) -> dict[int, Fraction]:
    """The distribution of the sum of n D10."""
    dist = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for s, q in dist.items():
            for d in range(1, 11):
                nxt[s + d] = nxt.get(s + d, Fraction(0)) + q / 10
        dist = nxt
    return dist


def _arc_inside(dist: float, c: float, r: float) -> float:
    """The fraction of the circle of radius `dist` around the origin inside a disc of radius `r` whose centre is `c`
    from the origin."""
    if dist <= 0:
        return 1.0 if c <= r else 0.0
    if c + dist <= r:
        return 1.0
    if dist >= c + r or dist <= c - r:
        return 0.0
    cos_half = (dist * dist + c * c - r * r) / (2.0 * dist * c)
    return math.acos(max(-1.0, min(1.0, cos_half))) / math.pi


def landing_odds(gs: GameState, attacker: int, target: int, parked: bool = False) -> list[tuple[int, float]]:
    """TRT-INFINITE-RANGE: for a scattered attack aimed at `target`, each character it may land on, and with
    `parked` (an attack's shot, as `landing` takes it: MVA-17) each driverless transport, and the probability that it
    does (over ARE-9's dice and a uniform direction, BAS-4; overlapping bases counted for the nearer centre only
    approximately: bases do not overlap in play), id order; those with no chance left out. The rest of the time the
    shot is lost. The board edge is not priced (a landing point in a base is on the board)."""
    p = gs.pos(target)
    dist = sum_distribution(scatter.dispersion_dice(gs.distance(attacker, target)))
    out = []
    for o in sorted(_standing(gs, attacker, p.level) + (parked_hits.parked_at(gs, p.level) if parked else [])):
        q = gs.pos(o)
        c = math.hypot(q.x - p.x, q.y - p.y)
        r = gs.body(o).radius
        prob = sum(float(w) * _arc_inside(float(s), c, r) for s, w in dist.items())
        if prob > 1e-12:
            out.append((o, prob))
    return out


def p_lands_on(gs: GameState, attacker: int, target: int, who: int) -> float:
    """The probability that a scattered attack aimed at `target` lands on `who` (`landing_odds`)."""
    return next((q for o, q in landing_odds(gs, attacker, target) if o == who), 0.0)
