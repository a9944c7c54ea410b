"""The actions issue 13 added, played through the real window (issue 13's window point): each is in the menu with its
ENE cost and the target number of the check it rolls (the engine's dry run, `rules.dry_run`), its previews show the
exact odds of that check and what a fail or fumble leads to, its parameters are picked with the mouse (a piece, an
element, a landing point, a target) and the decision submitted is one the engine accepts. Screenshots 20-27 in
docs/screenshots/ are taken here."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

from ui_helpers import DT, ROOT, auto_deploy, click, close_dialog, hotspot, key, menu_index, mini_pos, move_to, pass_reactions, press, \
    screen_pos, settle, shot

from wartime.core.components import Searchable
from wartime.data.loader import load_match_inputs
from wartime.match.match import Match
from wartime.rules import hiding
from wartime.rules.checks import resolve_die
from wartime.rules.dry_run import p_opposed_win
from wartime.rules.sequence import Decision
from wartime.ui.adapter import Setup
from wartime.ui.panels import check_odds_text, outcome_text

FIX = ROOT / "tests" / "match" / "fixtures"
LISTS = ROOT / "scenarios" / "lists"


def p_pass(target: int) -> Fraction:
    """CHK-2, enumerated here: a natural 1 passes, a natural 10 fails, otherwise die ≤ target."""
    return Fraction(sum(1 for d in range(1, 11) if d == 1 or (d != 10 and d <= target)), 10)


def window(tmp_path, scenario: Path, lists: dict | None = None, seed: int = 7):
    """The play window on a test fixture (its default lists live outside the fixture folder: allowed here)."""
    from wartime.ui.app import App
    lists = {s: (str(v) if v else None) for s, v in (lists or {"red": None, "blue": None}).items()}
    sc, armies = load_match_inputs(scenario, lists, allow_outside=True)
    m = Match(sc, armies, seed, {})
    auto_deploy(m)
    app = App(Setup(str(scenario), lists, seed), match=m, fixed_dt=DT, speed=40.0, saves_dir=tmp_path / "saves",
              start_screen=False)
    app.step()
    return app


def to_action(app, want: int | None = None, side: str = "red"):
    """Answer the hot-seat decisions until `side`'s character `want` (default: any) has an action to choose: the
    first option for initiative, `want` activated when offered, every other activation ended at once."""
    for _ in range(300):
        settle(app)
        p = app.match.pending
        if app.dialog is not None:
            close_dialog(app)
            continue
        if p.kind == "react":
            press(app, "pass_reaction")
            continue
        if p.kind == "initiative":
            app.submit(Decision("initiative", p.side, choice=p.options[0]))
            continue
        if p.kind == "activate":
            app.submit(Decision("activate", p.side, choice=want if want in p.options else p.options[0]))
            continue
        if p.kind == "action" and (p.side != side or (want is not None and p.actor != want)):
            app.submit(Decision("action", p.side, actor=p.actor, action="end", params={}))
            continue
        app.step()
        return p
    raise AssertionError("the character never got to act")


def place(app, e: int, x: float, y: float, facing: float | None = None) -> None:
    """Set a miniature down somewhere (the scene for a screenshot); the window re-asks the engine."""
    gs = app.match.gs
    pos = gs.pos(e)
    gs.world.set(e, replace(pos, x=x, y=y, facing=pos.facing if facing is None else facing))
    app.menu = None
    app.step()


def entry(app, key: str):
    p = app.match.pending
    return next(e for e in app._menu(p) if e.key == key)


def hover_row(app, key: str) -> None:
    move_to(app, hotspot(app, "menu", menu_index(app, key)).rect.center)
    app.step()                  # the board outlines what the row hovered in the last frame names


def last_decision(app) -> dict:
    """The last own-activation decision submitted (reaction passes after it are skipped)."""
    return next(d for d in reversed(app.match.decisions) if d["kind"] == "action")


# --- MVA-10 Escalar ---------------------------------------------------------------------------------------------
def test_MVA_10_climb_in_the_menu_with_cost_and_check_preview_and_a_click_on_the_house(tmp_path):
    app = window(tmp_path, FIX / "ravine.toml")
    p = to_action(app, want=4)                      # Climber 3, at the foot of the 3 K climbable house
    actor = p.actor
    e = entry(app, "climb")
    assert e.enabled and e.label == "Climb: House" and e.cost_text == "3"
    agi = app.match.gs.attrs(actor).AGI
    assert e.preview is not None and e.preview.first.attribute == "AGI" and e.preview.first.target == agi
    assert e.check == f"CH AGI ≤ {agi}"
    # the preview beside the hovered row: exact odds and what each band of the die leads to
    hover_row(app, "climb")
    assert check_odds_text(e.preview).startswith(f"pass {100 * float(p_pass(agi)):.1f}%")
    assert "no progress" in outcome_text(e.preview, "fail", app.name)
    assert "climbs house from 0 K to" in outcome_text(e.preview, "pass", app.name)
    opts = app._draw_options(app.match.gs)
    assert opts.places and opts.places[0][0] == "piece" and opts.places[0][1].id == "house"
    shot(app, "20-climb-preview")
    # a click on the house takes the one enabled entry that names it
    piece = app.match.gs.board.piece("house")
    c = piece.polygon.centroid
    n = len(app.match.decisions)
    click(app, screen_pos(app, c.x, c.y))
    assert len(app.match.decisions) == n + 1
    d = last_decision(app)
    assert d["action"] == "climb" and d["params"] == {"piece": "house"} and d["actor"] == actor
    pass_reactions(app)
    assert any(ev["type"] == "climb" for ev in app.match.world.events[-20:])


def test_MVA_13_jump_up_out_of_reach_is_greyed_with_its_rule(tmp_path):
    app = window(tmp_path, FIX / "ravine.toml")
    to_action(app, want=4)
    e = entry(app, "jump_up")
    assert not e.enabled and e.error.rule_id == "MVA-13" and "3 K high" in e.error.message
    move_to(app, hotspot(app, "menu", menu_index(app, "jump_up")).rect.center)
    title, body = app.gui.tooltip_at()
    assert title.startswith("MVA-13") and body == e.error.message


# --- MVA-11 Nadar -------------------------------------------------------------------------------------------------
def test_MVA_11_swim_preview_shows_the_allowance_and_the_check_odds(tmp_path):
    app = window(tmp_path, FIX / "ravine.toml")
    p = to_action(app, want=2)                      # Climber 1, beside the stream
    actor = p.actor
    gs = app.match.gs
    place(app, actor, 7.6, 4.0, facing=0.0)
    e = entry(app, "swim")
    assert e.enabled and e.cost_text == "2 + terrain" and e.tool == "path"
    press(app, "menu", menu_index(app, "swim"))
    assert app.tool is not None and app.tool.reach == pytest.approx(gs.mov(actor), abs=0.01)
    pos = gs.pos(actor)
    app.view.zoom_at(2.5, screen_pos(app, pos.x + 0.5, pos.y))
    move_to(app, screen_pos(app, pos.x + 0.9, pos.y))
    pv = app.tool.preview
    assert pv.error is None and pv.cost == 2, pv.error
    assert pv.check is not None and pv.check.first.target == gs.attrs(actor).AGI
    assert pv.check.probability("pass") + pv.check.probability("critical") == p_pass(pv.check.first.target)
    assert "no progress" in outcome_text(pv.check, "fail", app.name)
    shot(app, "21-swim-preview")
    click(app, screen_pos(app, pos.x + 0.9, pos.y))
    key(app, pygame.K_RETURN)
    d = last_decision(app)
    assert d["action"] == "swim" and d["actor"] == actor
    assert d["params"]["path"][0] == pytest.approx([pos.x + 0.9, pos.y], abs=0.06)


# --- MVA-12 Salto de longitud -------------------------------------------------------------------------------------
def test_MVA_12_long_jump_landing_point_is_clicked_on_the_board(tmp_path):
    app = window(tmp_path, FIX / "ravine.toml")
    p = to_action(app, want=2)
    actor = p.actor
    gs = app.match.gs
    place(app, actor, 5.5, 5.0, facing=0.0)
    press(app, "menu", menu_index(app, "long_jump"))
    assert app.tool.entry.tool == "point"
    far = app.tool.reach
    assert far == pytest.approx(gs.mov(actor) * (2 if gs.attrs(actor).AGI in (4, 5) else 1 if gs.attrs(actor).AGI <= 3
                                                  else 3 if gs.attrs(actor).AGI <= 7 else 4), abs=0.01)
    # too far: the engine's verdict names MVA-12
    move_to(app, screen_pos(app, 5.5 + far + 1.6, 5.0))
    assert app.tool.preview.error is not None and app.tool.preview.error.rule_id == "MVA-12"
    to = (round(5.5 + far - 0.2, 2), 5.0)
    move_to(app, screen_pos(app, *to))
    pv = app.tool.preview
    assert pv.error is None and pv.cost == 3 and pv.check is not None
    assert pv.check.first.target == gs.attrs(actor).AGI
    assert app._draw_options(gs).path == pv.points
    shot(app, "22-long-jump")
    click(app, screen_pos(app, *to))
    d = last_decision(app)
    assert d["action"] == "long_jump" and d["actor"] == actor
    assert d["params"]["to"] == pytest.approx(list(to), abs=0.06)


# --- CBA-6 Lanzar: a hand grenade with its template ----------------------------------------------------------------
def test_CBA_6_throw_a_grenade_shows_the_check_odds_and_the_template(tmp_path):
    app = window(tmp_path, ROOT / "scenarios" / "ruins.toml",
                 {"red": LISTS / "grenadiers.toml", "blue": LISTS / "brawlers.toml"})
    gs = app.match.gs
    grenadier = next(e for e in gs.minis() if gs.side(e) == "red"
                     and any(w.area is not None for w in gs.equipment(e).weapons))
    p = to_action(app, want=grenadier)
    actor = p.actor
    enemy = next(e for e in gs.minis() if gs.side(e) == "blue")
    q = gs.pos(enemy)
    place(app, actor, q.x, q.y - 4.0, facing=90.0)
    e = entry(app, "throw")
    assert e.enabled and e.cost_text == "2" and e.tool == "target"
    press(app, "menu", menu_index(app, "throw"))
    move_to(app, mini_pos(app, enemy))
    assert app.tool.attack is not None and app.tool.attack.check is not None
    click(app, mini_pos(app, enemy))                 # the target first, then what to throw at it
    assert app.tool is not None and app.tool.choosing == enemy
    alts = app.tool.entry.alts[enemy]
    g = next(i for i, o in enumerate(alts) if "renade" in o.label)
    assert len(alts) >= 2 and all(o.error is None and o.cost == 2 for o in alts)
    move_to(app, hotspot(app, "alt", g).rect.center)
    app.step()
    pv = app.tool.alt_attack
    assert pv is not None and pv.error is None and pv.check is not None
    assert pv.check.first.kind == "IMP" and pv.check.first.who == actor
    opts = app._draw_options(gs)
    assert opts.template is not None                         # where the dry run's hit placed it
    app.view.zoom_at(1.8, mini_pos(app, enemy))
    move_to(app, hotspot(app, "alt", g).rect.center)
    shot(app, "23-throw-grenade")
    imp_target = pv.check.first.target
    n0 = len(app.match.world.events)
    press(app, "alt", g)
    d = last_decision(app)
    assert d["action"] == "throw" and d["params"] == alts[g].params and d["params"]["target"] == enemy
    pass_reactions(app)
    rolled = [ev for ev in app.match.world.events[n0:] if ev["type"] == "check" and ev["who"] == actor]
    assert rolled and rolled[0]["kind"] == "IMP" and rolled[0]["target"] == imp_target


# --- GNA-9 Esconderse, GNA-2 Buscar ---------------------------------------------------------------------------------
def hideout(tmp_path):
    return window(tmp_path, FIX / "hideout.toml", {"red": LISTS / "brawlers.toml", "blue": FIX / "duellists-list.toml"})


def test_GNA_9_hide_is_offered_with_its_cost_and_the_card_says_hidden(tmp_path):
    app = hideout(tmp_path)
    p = to_action(app)
    actor = p.actor
    place(app, actor, 11.0, 3.0, facing=90.0)                   # behind the east wall, away from the gap
    e = entry(app, "hide")
    assert e.enabled and e.cost_text == "2" and e.check == "no check", e.error
    hover_row(app, "hide")
    shot(app, "24-hide-offered")
    press(app, "menu", menu_index(app, "hide"))
    pass_reactions(app)
    assert last_decision(app)["action"] == "hide"
    assert any(ev["type"] == "state_changed" and ev.get("state") == "hidden" and ev["who"] == actor
               for ev in app.match.world.events[-12:])
    settle(app)
    assert hiding.hidden(app.match.gs, actor)
    app.selected = actor
    move_to(app, mini_pos(app, actor))
    shot(app, "25-hidden")


def test_GNA_2_search_an_element_by_clicking_it_with_the_check_preview(tmp_path):
    app = hideout(tmp_path)
    gs = app.match.gs
    p = to_action(app)
    actor = p.actor
    el = next(gs.world.get(x, Searchable) for x in gs.world.query(Searchable) if gs.world.get(x, Searchable).id
              == "red-chest")
    place(app, actor, el.x, el.y - el.radius - gs.body(actor).radius - 0.02, facing=90.0)
    e = entry(app, "search")
    assert e.enabled and e.label == "Search: Red chest" and e.cost_text == "1"
    int_ = gs.attrs(actor).INT
    assert e.check == f"CH INT ≤ {int_}" and e.preview.first.target == int_
    hover_row(app, "search")
    assert "Key" in outcome_text(e.preview, "pass", app.name)
    assert "finds nothing" in outcome_text(e.preview, "fail", app.name)
    shot(app, "26-search-element")
    click(app, screen_pos(app, el.x, el.y))
    d = last_decision(app)
    assert d["action"] == "search" and d["params"] == {"element": "red-chest"} and d["actor"] == actor


# --- CBA-26 Noquear: the opposed check's odds -----------------------------------------------------------------------
def test_CBA_26_knock_out_odds_show_the_opposed_check(tmp_path):
    app = window(tmp_path, FIX / "brawl.toml")
    gs = app.match.gs
    p = to_action(app)
    actor = p.actor
    enemy = next(e for e in gs.minis() if gs.side(e) != gs.side(actor))
    q = gs.pos(enemy)
    gap = gs.body(actor).radius + gs.body(enemy).radius + 0.02
    place(app, actor, q.x, q.y - gap, facing=90.0)
    e = entry(app, "knock_out")
    assert e.enabled and e.tool == "target" and e.cost_text.isdigit(), e.error
    press(app, "menu", menu_index(app, "knock_out"))
    move_to(app, mini_pos(app, enemy))
    pv = app.tool.attack
    assert pv is not None and pv.error is None and pv.check is not None
    assert pv.check.first.kind == "IMP"
    assert pv.opposed, "the dry run's hit rolls the opposed check"
    a, ta, b, tb, p_win = pv.opposed[0]
    assert a == actor and b == enemy and p_win == p_opposed_win(ta, tb)
    # CHK-4 enumerated here independently: both pass → lower die, equal dice → higher target, full tie rerolled
    win = tie = 0
    for da in range(1, 11):
        for db in range(1, 11):
            pa, pb = resolve_die(da, ta)[0], resolve_die(db, tb)[0]
            if pa and (not pb or da < db or (da == db and ta > tb)):
                win += 1
            elif pa and pb and da == db and ta == tb:
                tie += 1
    assert p_win == Fraction(win, 100 - tie)
    app.view.zoom_at(2.0, mini_pos(app, enemy))
    move_to(app, mini_pos(app, enemy))
    shot(app, "27-knock-out-odds")
    n0 = len(app.match.world.events)
    click(app, mini_pos(app, enemy))
    assert last_decision(app)["action"] == "knock_out"
    pass_reactions(app)
    rolled = [ev for ev in app.match.world.events[n0:] if ev["type"] == "check" and ev["who"] == actor]
    assert rolled and rolled[0]["kind"] == "IMP" and rolled[0]["target"] == pv.check.first.target


# --- every action of the book is in the menu ---------------------------------------------------------------------------
@pytest.mark.parametrize("fixture", ["ravine.toml", "hideout.toml", "brawl.toml"])
def test_every_own_activation_action_is_in_the_menu_with_cost_or_rule(tmp_path, fixture):
    from wartime.rules.actions import REGISTRY
    from wartime.rules.options import own_activation_keys
    lists = {"red": LISTS / "brawlers.toml", "blue": FIX / "duellists-list.toml"} if fixture == "hideout.toml" else None
    app = window(tmp_path, FIX / fixture, lists)
    to_action(app)
    entries = app._menu(app.match.pending)
    assert {e.key for e in entries} == set(own_activation_keys())
    for e in entries:
        if e.enabled:
            assert e.cost_text and (e.cost_text == "free" or e.cost_text[0].isdigit()), e
            if REGISTRY[e.key].has_check and e.tool == "now":
                assert "≤" in e.check, e                     # the target number of the engine's dry run
        else:
            assert e.error.rule_id and e.error.message, e


# --- GNA-14 Saquear: a corpse picked on the board -------------------------------------------------------------------
def test_GNA_14_loot_a_corpse_clicked_on_the_board(tmp_path):
    from wartime.core.components import Life
    app = window(tmp_path, FIX / "brawl.toml")
    gs = app.match.gs
    p = to_action(app)
    actor = p.actor
    enemy = next(e for e in gs.minis() if gs.side(e) != gs.side(actor) and gs.equipment(e).weapons)
    q = gs.pos(enemy)
    place(app, actor, q.x, q.y - gs.body(actor).radius - gs.body(enemy).radius - 0.02, facing=90.0)
    gs.world.set(enemy, Life("dead"))                            # its corpse lies in base contact
    app.menu = None
    app.step()
    e = entry(app, "loot")
    assert e.enabled and e.tool == "target" and e.cost_text == "3", e.error
    press(app, "menu", menu_index(app, "loot"))
    assert enemy in app.tool.entry.options
    click(app, screen_pos(app, q.x, q.y))                       # the corpse: not a miniature on the table
    d = last_decision(app)
    assert d["action"] == "loot" and d["params"]["target"] == enemy


# --- CBA-2/3/4: the ranged variants' odds carry their own −1 ---------------------------------------------------------
def test_CBA_4_long_range_odds_use_the_check_the_engine_rolls(tmp_path):
    app = window(tmp_path, FIX / "range.toml")
    gs = app.match.gs
    world = app.match.world
    p = to_action(app)
    actor = p.actor
    entries = app._menu(app.match.pending)
    i, e = next((i, e) for i, e in enumerate(entries) if e.key == "ranged_attack_long" and e.enabled)
    press(app, "menu", i)
    target = next(t for t, o in app.tool.entry.options.items() if o.error is None)
    snap = world.snapshot()
    move_to(app, mini_pos(app, target))
    pv = app.tool.attack
    assert pv is not None and pv.odds is not None and pv.check is not None
    assert pv.odds.imp_target == pv.check.first.target
    assert any(r == "CBA-4" and v == -1 for r, v, _ in pv.check.first.modifiers)
    assert not gs.engaged(target) and pv.odds.p_hit == p_pass(pv.odds.imp_target)     # CHK-2, no CBA-5 here
    # the dry runs left the game exactly as it was: components, dice, events
    after = world.snapshot()
    assert after.tables == snap.tables and after.dice_state == snap.dice_state and after.n_events == snap.n_events
    n0 = len(world.events)
    click(app, mini_pos(app, target))
    pass_reactions(app)
    rolled = [ev for ev in world.events[n0:] if ev["type"] == "check" and ev["who"] == actor and ev["kind"] == "IMP"]
    assert rolled and rolled[0]["target"] == pv.odds.imp_target


def test_MVA_10_a_clinging_climber_sees_that_a_fumble_falls(tmp_path):
    from wartime.core.components import Climbing
    app = window(tmp_path, FIX / "ravine.toml")
    p = to_action(app, want=4)
    app.match.gs.world.set(p.actor, Climbing("house", 1.0))      # part-way up the 3 K house
    app.menu = None
    app.step()
    e = entry(app, "climb")
    assert e.enabled and e.preview is not None
    assert "falls 1 K" in outcome_text(e.preview, "fumble", app.name)
    assert "no progress" in outcome_text(e.preview, "fail", app.name)
    assert "from 1 K to 2 K" in outcome_text(e.preview, "pass", app.name)
    for key, rule in (("crouch", "MVA-4"), ("go_prone", "MVA-5")):      # holding on: no posture change there
        held = entry(app, key)
        assert not held.enabled and held.error.rule_id == rule and "clings to a wall" in str(held.error)
    hover_row(app, "climb")
    shot(app, "28-climb-fumble-falls")


# --- CBA-14 Desarmar: the defender's item, named by the engine ------------------------------------------------------
def test_CBA_14_disarm_names_the_defenders_item_and_submits_it(tmp_path):
    app = window(tmp_path, FIX / "brawl.toml")
    gs = app.match.gs
    p = to_action(app)
    actor = p.actor
    enemy = next(e for e in gs.minis() if gs.side(e) != gs.side(actor) and gs.equipment(e).weapons)
    q = gs.pos(enemy)
    place(app, actor, q.x, q.y - gs.body(actor).radius - gs.body(enemy).radius - 0.02, facing=90.0)
    e = entry(app, "disarm")
    assert e.enabled and e.tool == "target" and ":" not in e.label, e.error
    press(app, "menu", menu_index(app, "disarm"))
    opt = app.tool.entry.options[enemy]
    assert gs.equipment(enemy).weapons[0].name in opt.label           # the defender's weapon, not the actor's
    move_to(app, mini_pos(app, enemy))
    pv = app.tool.attack
    assert pv.opposed and pv.opposed[0][0] == actor and pv.opposed[0][2] == enemy
    click(app, mini_pos(app, enemy))
    if app.tool is not None and app.tool.choosing == enemy:             # several things in hand: pick one
        press(app, "alt", 0)
    d = last_decision(app)
    assert d["action"] == "disarm" and d["params"]["target"] == enemy and d["params"]["item"].count(":") == 1


# --- MVA-14 180°: its difficult check and the facing after the turn, with the mouse -----------------------------------
def test_MVA_14_turn_180_preview_and_its_facing_picked_with_the_mouse(tmp_path):
    app = window(tmp_path, FIX / "ravine.toml")
    p = to_action(app, want=1)                      # the giant (MOV 4)
    actor = p.actor
    gs = app.match.gs
    place(app, actor, 20.0, 11.0, facing=180.0)
    press(app, "menu", menu_index(app, "turn_180"))
    assert app.tool.reach == pytest.approx(gs.mov(actor) + 4, abs=0.01)
    a = gs.attrs(actor)
    start = (gs.pos(actor).x, gs.pos(actor).y)
    end = (start[0] - 5.0, start[1])
    click(app, screen_pos(app, *end))
    move_to(app, screen_pos(app, end[0], end[1] + 3.0))        # point north of the end: face it after the turn
    key(app, pygame.K_e)
    assert app.tool.entry.params["turn_to"] == pytest.approx(90.0, abs=3.0)
    move_to(app, screen_pos(app, *end))
    pv = app.tool.preview
    assert pv.error is None and pv.check is not None, pv.error
    assert pv.check.first.target == a.AGI - max(1, a.CON - a.AGI)          # MVA-14: CH AGI − D on open ground
    assert pv.check.first.p_pass == p_pass(pv.check.first.target)
    band = "pass" if "pass" in pv.check.outcomes else "critical"       # target ≤ 1: only a natural 1 passes
    assert "turns to face" in outcome_text(pv.check, band, app.name)
    app.view.zoom_at(1.6, screen_pos(app, *end))
    move_to(app, screen_pos(app, end[0], end[1]))
    shot(app, "29-turn-180")
    key(app, pygame.K_RETURN)
    d = last_decision(app)
    assert d["action"] == "turn_180" and d["actor"] == actor and "turn_to" in d["params"]
    assert d["params"]["path"][0] == pytest.approx(list(end), abs=0.1)


# --- MVA-9 Dejarse caer from a wall top: a click near the foot lands on the engine's spot ------------------------------
def test_MVA_9_drop_down_from_a_wall_top_snaps_to_the_engines_landing_spot(tmp_path):
    from wartime.core.components import Climbing
    app = window(tmp_path, FIX / "ravine.toml")
    p = to_action(app, want=3)                      # Climber 2, at the 1.5 K wall
    actor = p.actor
    gs = app.match.gs
    gs.world.set(actor, Climbing("wall", 1.5))     # on top of the wall (too thin to stand on: it stays beside)
    app.menu = None
    app.step()
    e = entry(app, "drop_down")
    assert e.enabled and e.tool == "point" and e.cost_text == "1", e.error
    press(app, "menu", menu_index(app, "drop_down"))
    pos = gs.pos(actor)
    move_to(app, screen_pos(app, pos.x + 0.3, pos.y + 0.2))      # roughly where it stands
    pv = app.tool.preview
    assert pv.error is None and pv.cost == 1, pv.error
    click(app, screen_pos(app, pos.x + 0.3, pos.y + 0.2))
    d = last_decision(app)
    assert d["action"] == "drop_down" and d["params"]["to"] == pytest.approx(list(pv.points[-1]), abs=1e-6)


# --- MVA-8 Mover cargado: the load picked on the board, then the path drawn -------------------------------------------
def test_MVA_8_carry_picks_the_load_then_the_path(tmp_path):
    app = window(tmp_path, FIX / "ravine.toml")
    p = to_action(app, want=2)
    actor = p.actor
    gs = app.match.gs
    ally = 4
    place(app, actor, 5.5, 6.0, facing=0.0)
    place(app, ally, 5.5 + gs.body(actor).radius + gs.body(ally).radius + 0.02, 6.0)
    e = entry(app, "move_carrying")
    assert e.enabled and e.tool == "target", e.error
    press(app, "menu", menu_index(app, "move_carrying"))
    click(app, mini_pos(app, ally))                              # the load ...
    assert app.tool is not None and app.tool.entry.tool == "path" and app.tool.entry.params["target"] == ally
    assert app.tool.reach == pytest.approx(gs.mov(actor), abs=0.01)
    to = (5.5, 5.3)                                               # ... then where to: 0.7 K south
    move_to(app, screen_pos(app, *to))
    assert app.tool.preview.error is None, app.tool.preview.error
    click(app, screen_pos(app, *to))
    key(app, pygame.K_RETURN)
    d = last_decision(app)
    assert d["action"] == "move_carrying" and d["params"]["target"] == ally
    assert d["params"]["path"][0] == pytest.approx(list(to), abs=0.06)


# --- the psychological traits and Mimético (issue 13: PSI-8's maluses, CBA-11's mimetic arrival) -------------
def warband(tmp_path):
    return window(tmp_path, ROOT / "scenarios" / "skirmish.toml",
                  {"red": LISTS / "warband.toml", "blue": LISTS / "shooters.toml"})


def named(app, name: str) -> int:
    gs = app.match.gs
    return next(e for e in gs.minis() if name in gs.name(e))


def test_TRT_MIMETIC_switch_is_in_the_menu_at_ENE_1_and_submitted(tmp_path):
    """TRT-MIMETIC: the goblin stalker's menu offers the switch (Mimético) at ENE 1, no check; choosing it submits
    the decision and the card reads the state."""
    app = warband(tmp_path)
    stalker = named(app, "Goblin stalker")
    p = to_action(app, want=stalker)
    assert p.actor == stalker
    e = entry(app, "switch_mimetic")
    assert e.enabled and e.cost_text == "1" and e.check == "no check", e.error
    hover_row(app, "switch_mimetic")
    press(app, "menu", menu_index(app, "switch_mimetic"))
    pass_reactions(app)
    assert last_decision(app)["action"] == "switch_mimetic"
    settle(app)
    app.selected = stalker
    move_to(app, mini_pos(app, stalker))
    shot(app, "50-mimetic-on")


def test_TRT_INNER_ANIMAL_greys_every_first_action_but_the_charge_naming_the_trait(tmp_path):
    """TRT-INNER-ANIMAL: the wild orc, an enemy within charge reach and no leader within 10 K, finds every first
    action but Charge (and End) greyed out with the trait named; the charge is enabled."""
    app = warband(tmp_path)
    gs = app.match.gs
    orc = named(app, "Wild orc")
    blues = [e for e in gs.minis() if gs.side(e) == "blue"]
    foe = min(blues, key=lambda e: (gs.pos(e).x, e))                   # the westernmost enemy
    fp = gs.pos(foe)
    place(app, orc, fp.x - 4.5, fp.y, facing=0.0)                     # before its activation starts
    for e in gs.minis():                                               # the warlord (Líder) far away
        if gs.side(e) == "red" and e != orc:
            place(app, e, 1.0 + e, 1.0)
    p = to_action(app, want=orc)
    assert p.actor == orc
    mv = entry(app, "move")
    assert not mv.enabled and mv.error.rule_id == "TRT-INNER-ANIMAL"
    assert entry(app, "charge").enabled
    hover_row(app, "move")
    shot(app, "51-forced-charge")


# --- ARE-5: a melee area attack shows its template ------------------------------------------------------------------
def test_ARE_5_melee_area_attack_shows_the_template_on_the_engaged_enemy(tmp_path):
    """ARE-5: a fighter whose flail has Área (R3) strikes an enemy in base contact: hovering the enemy with Ataque CaC
    shows the check odds and the template the dry run's hit places on it (centred on the enemy). Screenshot 23b."""
    from wartime.core.components import Equipment, Weapon
    app = window(tmp_path, ROOT / "scenarios" / "ruins.toml",
                 {"red": LISTS / "grenadiers.toml", "blue": LISTS / "brawlers.toml"})
    gs = app.match.gs
    p = to_action(app)
    actor = p.actor
    flail = Weapon("flail", "Flail", 2, 1, 0, 5, area="R3", traits=("TRT-AREA",))
    gs.world.set(actor, replace(gs.equipment(actor), weapons=(flail,)))
    enemy = next(e for e in gs.minis() if gs.side(e) == "blue")
    q = gs.pos(enemy)
    gap = gs.body(actor).radius + gs.body(enemy).radius + 0.01
    gs.world.set(actor, replace(gs.pos(actor), level=q.level))          # beside it on the ground
    place(app, actor, q.x, q.y - gap, facing=90.0)
    e = entry(app, "melee_attack")
    assert e.enabled and e.tool == "target"
    press(app, "menu", menu_index(app, "melee_attack"))
    move_to(app, mini_pos(app, enemy))
    app.step()
    pv = app.tool.attack
    assert pv is not None and pv.error is None and pv.check is not None and pv.check.first.kind == "IMP"
    opts = app._draw_options(gs)
    assert opts.template is not None
    assert (opts.template.px, opts.template.py) == pytest.approx((q.x, q.y))
    # the odds box says what the area does: the enemy under the template and the striker itself (partly: half DMG)
    from wartime.rules import areas
    from wartime.ui.adapter import long_name
    from wartime.ui.panels import area_reach_note
    reach = dict(pv.area)
    aim = areas.aim_at_target(gs, actor, 0, flail, enemy, melee=True)
    assert reach == dict(areas.area_reach(gs, aim, actor)) and reach[enemy] is True and reach[actor] is False
    note = area_reach_note(gs, pv)
    assert note.startswith(f"melee area (ARE-5): the template also hits {long_name(gs, actor)} itself (partly: half "
                           "DMG)")
    assert note.endswith(f"these odds are for {long_name(gs, enemy)}")
    app.view.zoom_at(1.8, mini_pos(app, enemy))
    move_to(app, mini_pos(app, enemy))
    shot(app, "23b-melee-area")
