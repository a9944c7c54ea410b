"""Breakable walls and doors (issue 12, TRT-WALLBREAKER: "DAÑ+3 en CaC a puertas, muros, tanques").

The book has no rule for attacking scenery: walls have a DEF (REA-7, the piece's ``defense``), and equipment with more
wounds than its CAL is destroyed (WND-5). This module is the minimum the Reventamuros ruling needs, read from those:

* a scenario marks a terrain piece ``breakable = {con = 3, what = "wall"}`` (or ``what = "door"``; an obstacle: low,
  high or blocking); each has a ``BreakablePiece`` entity (created at set-up only when the scenario has one, so a
  scenario without breakable pieces keeps ``gs.breakables`` None and plays exactly as before);
* a character on the ground (level 1, MOV-11) whose base touches the piece (BAS-2's contact) and who is not engaged
  in melee may strike it with a melee attack (CBA-7, Ataque CaC: its weapon's ENE; the action is
  rules/actions/scenery_break.py), in its own activation; the book's variants "como ataque CaC" strike it the same
  way: a firearm in melee (CBA-8: a second CH IMP after a pass) and unarmed (CBA-10: ENE 1, DMG CON − 4 − wounds,
  at most 1 wound on the piece, 2 on a critical), Reventamuros' "DAÑ+3 en CaC" on any of them;
* the CH IMP is the attacker's (CMB-2, with its own posture modifiers MVA-4 / MVA-5; CMB-6 critical DMG +1, CMB-8
  fumble); DMG is melee DMG (MOD-1: weapon DMG + CON − 4 − wounds, minimum 1; unarmed weapon DMG 0) plus the
  attacker's and its weapon's ``structure_dmg`` traits (TRT-WALLBREAKER +3); the traits that change DMG against characters are not asked (a wall
  is no character: no race, no protections);
* the piece's CH DEF is rolled against its DEF (CMB-3; a critical stops the hit, CMB-7; a fumble adds 1 DMG, CMB-9),
  wounds by CMB-4; with more wounds than its CON it is destroyed (WND-5's reading) and leaves the board: line of
  sight, movement, cover and noise (ENV-8) follow at once, since `GameState.board` leaves destroyed pieces out (one
  Board, with its spatial index, per state, rebuilt from the world's components: deterministic, and a dry run or a
  snapshot put back restores it).

A destroyed door (an element's door, GNA-16) stays open for good: Usar can no longer close it (rules/elements.py).
A mini climbing the destroyed piece or standing on its top falls to the ground below it (MVA-9's table, `bring_down`),
and so does one perched on its roof at level 2 (MOV-10, `bring_down_perched`)."""
from __future__ import annotations

from dataclasses import replace

from shapely.geometry import Point

from wartime.core.components import BreakablePiece, Climbing
from wartime.core.errors import RuleViolation
from wartime.rules import traits
from wartime.rules.checks import combine, roll_check
from wartime.rules.combat import imp_fumble, melee_damage, weapon_used
from wartime.rules.falls import fall
from wartime.rules.flying import perched
from wartime.rules.modifiers import character_mods, own_posture_mods, roll_character_check
from wartime.rules.odds import p_pass
from wartime.rules.scenery_objects import borne_by
from wartime.rules.state import GameState
from wartime.rules.wounds import wounds_after_def

#: the rule every decision about breaking scenery names (its ruling is this module)
RULE = "TRT-WALLBREAKER"
#: how close (K) a base must be to a piece to strike it (base contact, BAS-2's tolerance)
CONTACT = 0.05


def install(gs: GameState, scenario) -> None:
    """Create a ``BreakablePiece`` per breakable terrain piece of the scenario (terrain order) and name them on the game
    state; nothing (``gs.breakables`` None) without any."""
    out = {}
    for t in getattr(scenario, "terrain", ()):
        b = getattr(t, "breakable", None)
        if b is not None:
            out[t.id] = gs.world.create(BreakablePiece(t.id, b.what, b.con, t.defense))
    gs.breakables = out or None


def piece_state(gs: GameState, piece_id: str) -> BreakablePiece | None:
    """The breakable piece `piece_id`'s state, None when the scenario has no such breakable piece."""
    if gs.breakables is None or piece_id not in gs.breakables:
        return None
    return gs.world.get(gs.breakables[piece_id], BreakablePiece)


def standing(gs: GameState) -> list[BreakablePiece]:
    """The breakable pieces still on the board, in terrain order."""
    if gs.breakables is None:
        return []
    out = []
    for el in gs.breakables.values():
        b = gs.world.get(el, BreakablePiece)
        if not b.gone:
            out.append(b)
    return out


def destroyed(gs: GameState, piece_id: str) -> bool:
    """Whether the breakable piece `piece_id` was destroyed (False for any other piece)."""
    b = piece_state(gs, piece_id)
    return b is not None and b.gone


def in_contact(gs: GameState, e: int, piece_id: str) -> bool:
    """BAS-2: `e`'s base, on the ground (level 1, MOV-11), touches the piece."""
    p = gs.pos(e)
    if p.level != 1:
        return False
    poly = gs.scenario_board.piece(piece_id).polygon
    return poly.distance(Point(p.x, p.y)) <= gs.body(e).radius + CONTACT


def reachable(gs: GameState, e: int) -> list[BreakablePiece]:
    """The standing breakable pieces `e` touches, in terrain order. Issue 20: which standing pieces the base touches
    is a pure function of the scenario board, the base's centre, level and radius and the standing pieces' ids,
    memoised per scenario board (`Board.contact_memo`: the offered keys ask it for the three scenery blows at every
    listing; `tests/rules/test_world_gates.py` compares it with a fresh answer)."""
    up = standing(gs)
    if not up:
        return []
    p = gs.pos(e)
    if p.level != 1:
        return []
    memo = gs.scenario_board.contact_memo
    key = ("breakable", p.x, p.y, gs.body(e).radius, tuple(b.piece for b in up))
    got = memo.get(key)
    if got is None:
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        got = memo[key] = tuple(i for i, b in enumerate(up) if in_contact(gs, e, b.piece))
    return [up[i] for i in got]


#: the bound of `reachable`'s memo entries (cleared when full)
MEMO_SIZE = 4096


def check_strike(gs: GameState, e: int, piece_id: str) -> BreakablePiece:
    """The piece `piece_id` as `e`'s melee target: a standing breakable piece its base touches, `e` not engaged in
    melee; else RuleViolation."""
    b = piece_state(gs, piece_id)
    if b is None:
        raise RuleViolation(RULE, f"'{piece_id}' is no breakable wall or door of this scenario")
    if b.gone:
        raise RuleViolation(RULE, f"the {b.what} '{piece_id}' is already destroyed")
    if not in_contact(gs, e, piece_id):
        raise RuleViolation("CMB-11", f"{gs.name(e)}'s base does not touch the {b.what} '{piece_id}' (or it is not "
                                      "on the ground)")
    if gs.engaged(e):
        raise RuleViolation(RULE, f"{gs.name(e)} is engaged in melee: it fights its enemies, not the scenery")
    return b


def dmg_bonus(gs: GameState, attacker: int, weapon, what: str) -> int:
    """The DMG the attacker's own traits and its weapon's add to a melee blow at a `what` ('wall', 'door',
    'transport'; hook ``structure_dmg``: TRT-WALLBREAKER +3)."""
    return traits.structure_dmg(gs, attacker, weapon, what, False)


def _blow_dmg(gs: GameState, attacker: int, weapon, what: str, unarmed: bool) -> tuple[int, bool]:
    """A blow's DMG at a `what` before a critical, and whether CBA-10's wound cap applies: a weapon's melee DMG
    (MOD-1, a firearm's too, CBA-8), unarmed CON − 4 − wounds (CBA-10, min 1; TRT-CLAWS-AND-TEETH's natural DMG
    instead, uncapped as against a character), plus ``structure_dmg`` (TRT-WALLBREAKER +3, the race's and the
    weapon's)."""
    capped = False
    if unarmed:
        natural = traits.natural_dmg(gs, attacker)
        capped = natural is None
        dmg = natural[1] if natural is not None else melee_damage(0, traits.strength(gs, attacker),
                                                                  gs.wounds(attacker))
    else:
        dmg = melee_damage(weapon.current_dmg, traits.strength(gs, attacker), gs.wounds(attacker))   # WND-6, MOD-1
    return dmg + dmg_bonus(gs, attacker, weapon, what), capped


def strike(gs: GameState, ctx, attacker: int, piece_id: str, weapon_index: int | None,
           second_imp: str | None = None) -> dict:
    """CMB-1 at a breakable piece (module docstring): the attacker's CH IMP, then the piece's CH DEF against its DEF,
    wounds by CMB-4 to the piece, destroyed above its CON (WND-5's reading); then the weapon's use costs
    (weapon_used). `weapon_index` None: an unarmed blow (CBA-10: DMG CON − 4 − wounds, at most 1 wound, 2 on a
    critical CH IMP); `second_imp` (CBA-8, a firearm in melee): after a pass, even a critical, a second CH IMP with
    the same target value must pass too (a 10 on it has the fumble's effects, CMB-8). Returns {"hit", "wounds",
    "destroyed"}."""
    world = gs.world
    unarmed = weapon_index is None
    weapon = None if unarmed else gs.weapon(attacker, weapon_index)
    b = piece_state(gs, piece_id)
    out = {"hit": False, "wounds": 0, "destroyed": False}
    imp = roll_character_check(gs, ctx, attacker, "IMP", "AGI", "CMB-2", f"CH IMP at the {b.what} '{piece_id}'",
                               extra=own_posture_mods(gs, attacker, False), weapon=weapon)
    if imp.fumble:
        imp_fumble(gs, ctx, attacker, weapon_index)
    if imp.passed and not ctx.failed and second_imp is not None:                              # CBA-8
        second = roll_check(world, attacker, "IMP", "AGI", imp.base, imp.modifiers, second_imp, "second CH IMP",
                            fumble_min=traits.fumble_floor(gs, attacker), piece=piece_id)
        if second.fumble:
            imp_fumble(gs, ctx, attacker, weapon_index)
        if not second.passed:
            world.emit("scenery_miss", second_imp, attacker=attacker, piece=piece_id)
            weapon_used(gs, ctx, attacker, weapon_index)
            return out
    if not imp.passed or ctx.failed:
        if not imp.passed:
            world.emit("scenery_miss", "CMB-1", attacker=attacker, piece=piece_id)
        if not unarmed:
            weapon_used(gs, ctx, attacker, weapon_index)
        return out
    dmg, capped = _blow_dmg(gs, attacker, weapon, b.what, unarmed)
    bonus = dmg_bonus(gs, attacker, weapon, b.what)
    dmg += 1 if imp.critical else 0                                                             # CMB-6
    world.emit("scenery_hit", "CMB-6" if imp.critical else "CMB-2", attacker=attacker, piece=piece_id, what=b.what,
               dmg=dmg, bonus=bonus, critical=imp.critical)
    out["hit"] = True
    d = roll_check(world, None, "DEF", None, b.defense, (), "CMB-3", f"CH DEF of the {b.what} '{piece_id}'",
                   piece=piece_id)
    if d.critical:
        world.emit("scenery_damage", "CMB-7", piece=piece_id, dmg=dmg, defense=b.defense, def_passed=True,
                   wounds=0, total=b.wounds)
    else:
        if d.fumble:
            dmg += 1                                                                             # CMB-9
        n = wounds_after_def(dmg, b.defense, d.passed)                                          # CMB-4
        rule = "CMB-9" if d.fumble else "CMB-4"
        if capped and n > (2 if imp.critical else 1):                                           # CBA-10 cap
            n, rule = 2 if imp.critical else 1, "CBA-10"
        out["wounds"] = n
        out["destroyed"] = wound(gs, piece_id, n, attacker, dmg, d.passed, rule, ctx)
    if not unarmed:
        weapon_used(gs, ctx, attacker, weapon_index)
    return out


def wound(gs: GameState, piece_id: str, n: int, by: int | None, dmg: int, def_passed: bool, rule: str,
          ctx=None) -> bool:
    """`n` wounds to the piece (a ``scenery_damage`` event); above its CON it is destroyed (WND-5's reading: a
    ``scenery_destroyed`` event) and the board leaves it out from now on; whoever climbed it or stood on its top
    comes down (`bring_down`). Returns whether it was destroyed."""
    el = gs.breakables[piece_id]
    b = gs.world.get(el, BreakablePiece)
    total = b.wounds + n
    gone = total > b.con
    gs.world.emit("scenery_damage", rule, piece=piece_id, dmg=dmg, defense=b.defense, def_passed=def_passed,
                  wounds=n, total=total)
    on_roof = perched_on(gs, piece_id) if gone else []          # asked while the board still holds the piece
    height = gs.board.piece(piece_id).height if on_roof else 0.0
    gs.world.set(el, replace(b, wounds=total, gone=gone))
    if gone:
        gs.world.emit("scenery_destroyed", "WND-5", piece=piece_id, what=b.what, by=by)
        for e in borne_by(gs, piece_id):
            bring_down(gs, ctx, e, piece_id)
        for e in on_roof:
            bring_down_perched(gs, ctx, e, piece_id, height)
    return gone


def perched_on(gs: GameState, piece_id: str) -> list[int]:
    """MOV-10: the minis on the table perched on the piece's roof (level 2 without flying, rules.flying.perched;
    the base centre on the piece, as rules.actions.falling.perch_piece finds a perch), id order."""
    poly = gs.board.piece(piece_id).polygon.buffer(1e-6)
    return [e for e in gs.minis() if gs.on_table(e) and perched(gs, e)
            and poly.covers(Point(gs.pos(e).x, gs.pos(e).y))]


def bring_down_perched(gs: GameState, ctx, e: int, piece_id: str, height: float) -> int:
    """MVA-9 ruling (4) and MOV-10: a mini perched on the destroyed piece's roof (level 2) is left on nothing, as a
    climber (`bring_down`): it comes down to level 1 where it stood (ruling 3) and falls the piece's `height`, the
    table's DMG as an automatic hit (ruling 2: a normal CH DEF, no cover). Returns the wounds dealt."""
    gs.world.set(e, replace(gs.pos(e), level=1))
    gs.world.emit("brought_down", RULE, who=e, piece=piece_id, drop=round(height, 4), level=2)
    return fall(gs, ctx, e, height, "MVA-9")


def bring_down(gs: GameState, ctx, e: int, piece_id: str) -> int:
    """MVA-9 ruling (4), "this table is used for every fall in the game": a mini climbing the destroyed piece or
    standing on its top (MVA-10 / MVA-13: `Climbing`) is left on nothing: it falls from its height there to the
    ground directly below (ruling 3: where it was, at level 1), the table's DMG as an automatic hit (ruling 2: a
    normal CH DEF, no cover; rules.falls.fall). Returns the wounds dealt."""
    height = gs.world.get(e, Climbing).height
    gs.world.remove(e, Climbing)
    gs.world.emit("brought_down", RULE, who=e, piece=piece_id, drop=round(height, 4))
    return fall(gs, ctx, e, height, "MVA-9")


def strike_odds(gs: GameState, attacker: int, piece_id: str, weapon_index: int | None,
                second_imp: bool = False) -> dict:
    """What a blow at the piece is worth, for the scripted AI and the window: ``p_hit`` (P(CH IMP): AGI with the
    attacker's own and posture modifiers, CHK-2's 1 and 10; squared with CBA-8's second CH IMP), ``dmg`` a hit deals
    (MOD-1, or CBA-10's unarmed DMG, plus structure_dmg, no critical), ``expected`` wounds on the piece (P(hit) ×
    (its CH DEF: pass DMG − DEF, fail DMG), CBA-10's cap of 1; criticals and fumbles of either die left out) and
    ``hits_left``: the hits at that DMG (CBA-10: 1 wound each), each failing its CH DEF, that destroy it (WND-5's
    reading: more wounds than CON). `weapon_index` None: unarmed (CBA-10)."""
    b = piece_state(gs, piece_id)
    unarmed = weapon_index is None
    weapon = None if unarmed else gs.weapon(attacker, weapon_index)
    mods = combine(own_posture_mods(gs, attacker, False) + character_mods(gs, attacker, "AGI", "IMP"))
    p_hit = p_pass(gs.attrs(attacker).AGI + sum(m.value for m in mods))
    if second_imp:
        p_hit *= p_hit
    dmg, capped = _blow_dmg(gs, attacker, weapon, b.what, unarmed)
    p_def = p_pass(b.defense)
    per = dmg if not capped else min(dmg, 1)
    on_pass = wounds_after_def(dmg, b.defense, True)
    expected = p_hit * (p_def * (min(on_pass, 1) if capped else on_pass) + (1 - p_def) * per)
    left = b.con + 1 - b.wounds
    return {"p_hit": p_hit, "dmg": dmg, "expected": expected, "hits_left": -(-left // max(1, per))}
