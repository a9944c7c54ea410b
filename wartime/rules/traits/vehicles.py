"""Transport traits of steering, strain, wreck, terrain and flight, and the sensor traits Radar and Meta visión
(issue 16; the play model: rules/riding.py, rules/driving.py):

* Dirección resistida (TRT-STIFF-STEERING): no action turns the transport more than 45° (Pivotar de transporte
  included: MOV-6 already caps the turn at the end of a move at 45°).
* Caza (TRT-FIGHTER): after moving it may turn up to 45° more (90° in all at the end of a movement action), with
  a CH AGI of the pilot; on a failure it ends turned 45° only (ruling: "a failed check means no extra turn").
* Sobrecalentamiento (TRT-OVERHEATING): once the transport has 5 or more wounds, each movement action it makes
  is followed by a CH DEF (the miniature's DEF aboard, BLD-19 b); a failure gives the transport 1 wound (WND-4/5).
* Asiento eyectable (TRT-EJECTION-SEAT): when the transport explodes (WND-5) its pilot is not hit: it is
  scattered 1D10 K in a random direction (BAS-4, stopping at bases, obstacles and the edge). Passengers take the
  explosion as usual (ruling: only the pilot).
* Explota (TRT-EXPLODES) on a transport: it replaces the core explosion (ruling): when destroyed, D100 ≤ 50 it
  explodes with the DMG of the attack that destroyed it, within MOV K of it; otherwise it does not explode.
  On a race: killed by an attack, D100 ≤ 50 it explodes with that attack's DMG in a round area of radius its MOV K
  (hook ``death_explosion``). Held on an object, its holder bears it (its MOV for the reach: traits/kinds2.py).
* Anfibio (TRT-AMPHIBIOUS): the transport moves on water as on land (ruling: its Mover, Correr, Esprintar, Cargar,
  Embestir cross water at the ENE and MOV of a move, no CH AGI; water is no obstacle to them).
* Levitador (TRT-LEVITATOR), on a race or a transport: it floats at level 1, 1/2 K above the ground (ruling: its
  moves ignore ground terrain, i.e. difficult and extreme areas, and obstacles lower than 1/2 K, as easy terrain,
  and cross water as land; it still is at level 1 for everything else). On an object its holder floats
  (traits/kinds.py).
* Retros (TRT-RETRO-THRUSTERS): at level 3 the transport may stop mid-air (Parar en el aire, ENE 1: it stays where
  it is), which counts as a movement action (MOV-13: it breaks a run of non-movement actions).
* Pista de aterrizaje (TRT-LANDING-STRIP): taking off or landing (MVA-16) needs a straight surface 30 K long free
  of obstacles (ruling: ahead of the transport along its facing, from its base, inside the board: a 30 K run of
  its base's width over easy ground, meeting no terrain piece that costs or stops a move and no base).
* Meta visión (TRT-META-VISION), on a race or held on an object: it sees and may pick targets through opaque
  obstacles within as many K as its INT, and ignores Mimético (ruling: line of sight for choosing a target, i.e.
  a metahability's target or Corromper's, MET-2 / CBA-18; a shot still needs its line of fire and cover
  applies). On a metahability: its casts pick their target through opaque obstacles within the caster's INT K
  (G10: a metahability's trait works for the actions using it; traits/kinds.py). Seeing goes through the engine's
  sight query ``GameState.sees`` / ``sight_reach`` (one place): targets of casts and Corromper, reactions (REA-1's
  sight of an acting enemy, Contracarga, Esquivar), spotting for an ally's blind shot (CBA-3), Percibir (GNA-12)
  and hiding (GNA-9: within its reach it sees a character uncovered); a line of fire and cover stay ``has_los``.
* Mecha (TRT-MECHA): the transport walks as a character on foot (ruling): its movement actions are a character's
  (MOV-3..5: any path, a free turn, Pivotar and Girar 180° as reactions or actions; not MOV-6's straight drive and
  45° turn), and it uses its pilot's attributes except CON, which is the transport's QUA (its ENE gain, melee DMG,
  CH CON). It fights in melee as any transport does. Crouching, climbing, jumping and swimming stay a transport's
  (refused, MOV-6).
* Radar (TRT-RADAR): its bearer's attacks ignore the target's Mimético (no CH IMP −3). Invisible is tier 3
  (refused when fielded). "Sees in the dark": darkness on its line of fire (a scenario's ``night`` / ``[[dark]]``,
  project ruling, rules/darkness.py) gives its attacks no CH IMP −2 (hook ``dark_sight``).

Hook points (engine-internal, each mapped to the catalogue hook in registry.CATALOGUE_HOOK): ``turn_limit(gs, e)
-> float`` (degrees), ``extra_turn(gs, e) -> float`` (degrees, with a CH AGI), ``drive_strain(gs, e) -> int`` (the
wounds from which a movement action asks a CH DEF), ``water_as_land(gs, e) -> bool``, ``float_height(gs, e) ->
float`` (K above the ground its moves float), ``hover(gs, e) -> int`` (ENE of a stop mid-air at level 3),
``strip_needed(gs, e) -> float`` (K of clear ground ahead to take off or land), ``ejection(carried) -> int`` (the
D10s of the pilot's scatter), ``wreck_blast(carried) -> int`` (the percent chance the wreck explodes with the
attack's DMG within MOV K), ``sees_hidden(gs, e) -> bool``, ``sight_through(gs, e) -> float`` (K), ``walks(gs, e)
-> bool``, ``frame_attributes(gs, e, raw) -> Attributes``. The helpers the rules call are at the end."""
from __future__ import annotations

from dataclasses import dataclass, replace

from wartime.core.components import Mount
from wartime.geometry.walls import over_walls
from wartime.rules.checks import percent
from wartime.rules.traits.registry import ON_OBJECTS, _of, character_traits, register, sight_reach, walks_on_walls

T = ("transport",)
#: TRT-STIFF-STEERING: the most a transport turns in one action (degrees).
STIFF_TURN = 45.0
#: TRT-FIGHTER: the extra turn after moving (degrees), with a CH AGI.
FIGHTER_TURN = 45.0
#: TRT-OVERHEATING: the transport wounds from which each movement action asks a CH DEF.
OVERHEAT_WOUNDS = 5
#: TRT-LEVITATOR: how high above the ground it floats (K).
LEVITATION_K = 0.5
#: TRT-RETRO-THRUSTERS: ENE of a stop mid-air at level 3.
RETRO_ENE = 1
#: TRT-LANDING-STRIP: the straight clear run a take-off or landing needs (K).
STRIP_K = 30.0
#: TRT-EXPLODES: the percent chance that it explodes when destroyed.
EXPLODE_CHANCE = 50


def stiff_steering(gs, e: int) -> float:
    """TRT-STIFF-STEERING: it cannot turn more than 45° per action."""
    return STIFF_TURN


def fighter(gs, e: int) -> float:
    """TRT-FIGHTER: after moving it may turn up to 45° more, with a CH AGI."""
    return FIGHTER_TURN


def overheating(gs, e: int) -> int:
    """TRT-OVERHEATING: from 5 wounds on, every movement action asks a CH DEF (1 wound on a failure)."""
    return OVERHEAT_WOUNDS


def ejection_seat(carried) -> int:
    """TRT-EJECTION-SEAT: the pilot survives the explosion and is scattered 1D10 K."""
    return 1


def explodes(carried) -> int:
    """TRT-EXPLODES: when destroyed, 50 % chance to explode with the attack's DMG within MOV K."""
    return EXPLODE_CHANCE


def radar(gs, e: int) -> bool:
    """TRT-RADAR: ignores Mimético (and Invisible, tier 3: never fielded), and sees in the dark (rules.darkness)."""
    return True


def amphibious(gs, e: int) -> bool:
    """TRT-AMPHIBIOUS: the transport moves on water as on land."""
    return True


def retro_thrusters(gs, e: int) -> int:
    """TRT-RETRO-THRUSTERS: at level 3 it may stop mid-air for ENE 1 (a movement action)."""
    return RETRO_ENE


def landing_strip(gs, e: int) -> float:
    """TRT-LANDING-STRIP: a take-off or landing needs a straight, obstacle-free run of 30 K."""
    return STRIP_K


def levitator(gs, e: int) -> float:
    """TRT-LEVITATOR: it floats 1/2 K above the ground: its moves ignore ground terrain, water and lower
    obstacles."""
    return LEVITATION_K


register("TRT-LEVITATOR", "Levitador", {"float_height": levitator}, kinds=("race", "transport"))
register("TRT-AMPHIBIOUS", "Anfibio", {"water_as_land": amphibious}, kinds=T)
register("TRT-RETRO-THRUSTERS", "Retros", {"hover": retro_thrusters}, kinds=T)
register("TRT-LANDING-STRIP", "Pista de aterrizaje", {"strip_needed": landing_strip}, kinds=T)
def mecha(gs, e: int) -> bool:
    """TRT-MECHA: the transport moves, turns and pivots as a character on foot."""
    return True


def mecha_frame(gs, e: int, raw):
    """TRT-MECHA: it uses its pilot's attributes except CON, which is the transport's QUA (ruling: a transport has
    no CON)."""
    m = gs.world.try_get(e, Mount)
    return raw if m is None else replace(raw, CON=m.QUA)


register("TRT-MECHA", "Mecha", {"walks": mecha, "frame_attributes": mecha_frame}, kinds=T)
register("TRT-STIFF-STEERING", "Dirección resistida", {"turn_limit": stiff_steering}, kinds=T)
register("TRT-FIGHTER", "Caza", {"extra_turn": fighter}, kinds=T)
register("TRT-OVERHEATING", "Sobrecalentamiento", {"drive_strain": overheating}, kinds=T)
register("TRT-EJECTION-SEAT", "Asiento eyectable", {"ejection": ejection_seat}, kinds=T)
def explodes_on_death(gs, e: int, weapon, dmg: int) -> tuple[int, int] | None:
    """TRT-EXPLODES on a race: on death, 50 % chance to explode (BAS-6: D100 ≤ 50): when an attack kills it, a round
    area centred on its base with radius its (natural) MOV K (ruling: round, radius = MOV K), DMG = the killing
    attack's DMG: every other mini it covers takes the hit (ARE-5, half partly covered, ARE-6; rules.combat's
    death_blast). A death of no attack does not explode (no attack DMG to deal)."""
    if weapon is not None or dmg <= 0 or not percent(gs.world, EXPLODE_CHANCE, "TRT-EXPLODES", "explodes on death"):
        return None
    return dmg, 2 * gs.natural_mov(e)


def explodes_destroyed(gs, holder: int, item, dmg: int) -> tuple[int, int, int] | None:
    """TRT-EXPLODES on an object destroyed apart from its holder (WND-5: a possessor's wounds, a use's wear): "al
    morir" is the object destroyed; 50 % of the time (D100 ≤ 50, rolled by rules.wounds.item_destroyed) it explodes
    with the DMG of the blow that destroyed it (the wounds dealt it, rules.objects.wound_gear) in a round area of
    radius its holder's (natural) MOV K (the ruling's 'its MOV': an object has none), centred on the holder, who is
    hit too."""
    return (EXPLODE_CHANCE, dmg, 2 * gs.natural_mov(holder)) if dmg > 0 else None


register("TRT-EXPLODES", "Explota", {"wreck_blast": explodes, "death_explosion": explodes_on_death,
                                     "item_blast": explodes_destroyed},
         kinds=("race",) + T)
def meta_vision(gs, e: int) -> bool:
    """TRT-META-VISION: it ignores Mimético (and Invisible, tier 3: never fielded)."""
    return True


def meta_vision_reach(gs, e: int) -> float:
    """TRT-META-VISION: it sees through opaque obstacles within as many K as its INT."""
    return float(gs.attrs(e).INT)


register("TRT-META-VISION", "Meta visión", {"sees_hidden": meta_vision, "sight_through": meta_vision_reach},
         kinds=("race", "object", "metahability"))     # on a metahability: its casts' targets (rules.metahabilities)
register("TRT-RADAR", "Radar", {"sees_hidden": radar, "dark_sight": radar}, kinds=("race", "object", "transport"))
#: on an object, Meta visión and Radar are its holder's while held and not disabled (GNA-16, traits/objects.py)
ON_OBJECTS.update(("TRT-META-VISION", "TRT-RADAR"))


# --- helpers the rules call ---------------------------------------------------------------------------------------
def turn_limit(gs, e: int) -> tuple[str, float] | None:
    """``turn_limit``: (trait ID, degrees) of the smallest cap a trait puts on one action's turn, or None."""
    caps = [(h(gs, e), t) for t, h in _of("turn_limit", character_traits(gs, e))]
    return min(((t, d) for d, t in caps), key=lambda x: x[1]) if caps else None


def extra_turn(gs, e: int) -> tuple[str, float] | None:
    """``extra_turn``: (trait ID, degrees) a trait lets a transport turn beyond MOV-6's 45° after moving, with a
    CH AGI (the first in ID order), or None."""
    for t, h in _of("extra_turn", character_traits(gs, e)):
        return t, float(h(gs, e))
    return None


def drive_strain(gs, e: int) -> tuple[str, int] | None:
    """``drive_strain``: (trait ID, wounds) from which the transport's movement actions ask a CH DEF, or None."""
    for t, h in _of("drive_strain", character_traits(gs, e)):
        return t, int(h(gs, e))
    return None


def ejection(carried) -> tuple[str, int] | None:
    """``ejection``: (trait ID, D10s of the scatter) when the transport's pilot ejects as it explodes, or None
    (`carried`: the transport's own trait IDs)."""
    for t, h in _of("ejection", frozenset(carried)):
        return t, int(h(carried))
    return None


def wreck_blast(carried) -> tuple[str, int] | None:
    """``wreck_blast``: (trait ID, percent chance) of a trait's own explosion replacing WND-5's, or None
    (`carried`: the transport's own trait IDs)."""
    for t, h in _of("wreck_blast", frozenset(carried)):
        return t, int(h(carried))
    return None


@dataclass(frozen=True)
class Wreck:
    """A transport or an object just destroyed (WND-5), for the hook ``wrecked``: the entity that carried its
    `Mount` (or held the object), its trait IDs and levels (components.MountLevels, the object's Gear levels),
    where that base stood (centre, radius) and its level."""
    owner: int
    traits: tuple[str, ...]
    levels: tuple[tuple[str, int], ...]
    x: float
    y: float
    radius: float
    level: int

    def trait_level(self, trait_id: str) -> int:
        return next((n for t, n in self.levels if t == trait_id), 0)


def wrecked(gs, wreck: Wreck) -> None:
    """``wrecked``: what the destroyed transport's or object's traits do then (TRT-DARKNESS-FIELD: 'si explota'),
    after its explosion; called by rules.riding.explode and rules.wounds.item_destroyed."""
    for _, h in _of("wrecked", frozenset(wreck.traits)):
        h(gs, wreck)


def wreck_fires(carried, dmg: int) -> list[tuple[str, tuple[int, int]]]:
    """``wreck_fire``: (trait ID, (DMG, diameter)) of the round areas a destroyed transport sets off besides its
    wreck's explosion (WND-5, or the one replacing it), centred on the wreck, when a blow of DMG `dmg` destroyed it
    (TRT-FLAMMABLE; `carried`: the transport's own trait IDs)."""
    return [(t, n) for t, h in _of("wreck_fire", frozenset(carried)) if (n := h(carried, dmg))]


def sees_hidden(gs, e: int) -> str | None:
    """``sees_hidden``: the trait by which the character sees through Mimético, or None."""
    for t, h in _of("sees_hidden", character_traits(gs, e)):
        if h(gs, e):
            return t
    return None


def water_as_land(gs, e: int) -> str | None:
    """``water_as_land``: the trait by which the character's moves cross water as land, or None."""
    for t, h in _of("water_as_land", character_traits(gs, e)):
        if h(gs, e):
            return t
    return None


def hover(gs, e: int) -> tuple[str, int] | None:
    """``hover``: (trait ID, ENE) of a stop mid-air at level 3, or None."""
    for t, h in _of("hover", character_traits(gs, e)):
        return t, int(h(gs, e))
    return None


def strip_needed(gs, e: int) -> tuple[str, float] | None:
    """``strip_needed``: (trait ID, K) of the clear straight run a take-off or landing needs, or None."""
    for t, h in _of("strip_needed", character_traits(gs, e)):
        return t, float(h(gs, e))
    return None


def move_board(gs, e: int):
    """The board a move of the character is checked against (MOV-7..9): as a floating base meets it (hook
    ``float_height``: TRT-LEVITATOR), without its water (hook ``water_as_land``: TRT-AMPHIBIOUS), or as it is; and
    without its nooks when its moves take them as easy terrain (hook ``nooks_easy``: TRT-SERPENT); at level 1
    without the walls it walks over (hook ``walks_on_walls``: TRT-SPIDER, geometry.walls.over_walls)."""
    heights = [float(h(gs, e)) for _, h in _of("float_height", character_traits(gs, e))]
    if heights:
        board = gs.board.floating(max(heights))
    else:
        board = gs.board.dry() if water_as_land(gs, e) else gs.board
    if any(h(gs, e) for _, h in _of("nooks_easy", character_traits(gs, e))):
        board = board.without_nooks()
    if gs.pos(e).level == 1 and walks_on_walls(gs, e) is not None:
        board = over_walls(board, gs.chest_height(e))
    return board


def sight_through(gs, e: int, item=None) -> tuple[str, float] | None:
    """``sight_through``: (trait ID, K) within which the character sees through opaque obstacles, or None; with
    `item` (the metahability it uses), that item's traits too (G10: TRT-META-VISION on a metahability works for its
    casts)."""
    return sight_reach(gs, e, item)


def sees_target(gs, e: int, target: int, item=None) -> bool:
    """ENV-2 for choosing a target: the engine's sight query ``GameState.sees`` (a line of sight, or a trait's
    sight through obstacles within its reach: TRT-META-VISION; the character's, or of the metahability `item` it
    casts)."""
    return gs.sees(e, target, item)


def walks(gs, e: int) -> bool:
    """``walks``: True if a trait makes the character's transport move as a character on foot (TRT-MECHA)."""
    return any(h(gs, e) for _, h in _of("walks", character_traits(gs, e)))
