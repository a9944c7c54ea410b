"""Objects in the window (GNA-16 Usar): the unit card lists the objects a character holds with their ENE, RNG and
uses left; Use is in the action menu with its ENE cost, and picking its target previews the check the object asks
for with its exact odds; the decision submitted is one the engine accepts. Screenshot 80 in docs/screenshots/."""
from __future__ import annotations

from fractions import Fraction

import pytest

from ui_helpers import ROOT, auto_deploy, menu_index, mini_pos, move_to, press, settle, shot
from test_new_actions import entry, last_decision, p_pass, place, to_action

from wartime.core.components import Wounds
from wartime.data.loader import load_match_inputs
from wartime.match.match import Match
from wartime.rules import objects
from wartime.rules.sequence import Decision
from wartime.ui.adapter import Setup, object_lines

SKIRMISH = ROOT / "scenarios" / "skirmish.toml"
HOSPITAL = ROOT / "scenarios" / "lists" / "field-hospital.toml"


def hospital(tmp_path):
    return list_window(tmp_path, HOSPITAL)


def list_window(tmp_path, red_list):
    """The window on the skirmish (seed 3) with `red_list` for red and the default blue list, deployed."""
    from wartime.ui.app import App
    from ui_helpers import DT
    lists = {"red": str(red_list), "blue": None}
    sc, armies = load_match_inputs(SKIRMISH, lists)
    m = Match(sc, armies, 3, {})
    auto_deploy(m)
    app = App(Setup(str(SKIRMISH), lists, 3), match=m, fixed_dt=DT, speed=40.0, saves_dir=tmp_path / "saves",
              start_screen=False)
    app.step()
    return app


def test_GNA_16_use_in_the_menu_and_objects_on_the_card(tmp_path):
    app = hospital(tmp_path)
    gs = app.match.gs
    medic = next(e for e in gs.minis() if gs.name(e).startswith("red Medic"))
    gs.world.set(medic, Wounds(2))                                   # wounded: its kits have something to heal
    p = to_action(app, want=medic)
    assert p.actor == medic
    lines = [t for t, _ in object_lines(gs, medic)]
    assert lines == ["▪ Surgeon's kit: ENE 3, RNG 0", "▪ Field medkit: ENE 2, RNG 0, 3 uses left",
                     "▪ Dart injector: ENE 2, RNG 4"]
    app.selected = medic
    e = entry(app, "use_object")
    assert e.enabled and e.label.startswith("Use") and e.tool == "target", e.error
    press(app, "menu", menu_index(app, "use_object"))
    move_to(app, mini_pos(app, medic))
    settle(app)
    pv = app.tool.attack
    assert pv is not None and pv.error is None, pv and pv.error
    # the first object on itself is the surgeon's kit: its Prueba de inteligencia is the check previewed
    assert pv.check is not None and pv.check.first.attribute == "INT" and pv.check.first.target == 4
    assert pv.check.probability("critical") + pv.check.probability("pass") == p_pass(4) == Fraction(4, 10)
    app.step()
    shot(app, "80-use-object")
    kits = [i for i, g in objects.held_gear(gs, medic)]
    # the engine accepts the medkit on the medic itself (no check: heals 1, one use spent)
    app.submit(Decision("action", "red", actor=medic, action="use_object", params={"item": f"item:{kits[1]}"}))
    settle(app)
    assert last_decision(app)["action"] == "use_object" and gs.wounds(medic) == 1
    assert object_lines(gs, medic)[1][0] == "▪ Field medkit: ENE 2, RNG 0, 2 uses left"


@pytest.mark.slow          # ~2 s: the hot-seat start of a game through the window, then two screenshots
def test_GNA_16_a_usable_scenario_door_in_the_menu_with_its_cost_and_check(tmp_path):
    """GNA-16: a door the scenario declares usable (``[element.use]``: ENE 1, CH AGI - 1) is offered as "Use: <element>"
    to a character in base contact, with its cost and check; taking it opens the door (the board loses the piece)."""
    from test_new_actions import FIX, LISTS, hover_row, window
    text = (FIX / "hideout.toml").read_text(encoding="utf-8")
    for name in ("duellists-list.toml", "aerial-list.toml"):             # its default lists beside the fixture
        text = text.replace(f'"{name}"', f'"{(FIX / name).as_posix()}"')
    text += ('\n[[terrain]]\nid = "gate"\nname = "Yard gate"\nkind = "high"\nrect = [5, 3.8, 7, 4.2]\nheight = 1.5\n'
             '\n[[element]]\nid = "gate-lever"\nname = "Gate lever"\nat = [7.6, 3.2]\nradius = 0.3\n'
             '[element.use]\nene = 1\ncheck = "AGI"\nmodifier = -1\neffect = "door"\ndoor = "gate"\n')
    f = tmp_path / "hideout-gate.toml"
    f.write_text(text, encoding="utf-8")
    app = window(tmp_path, f, {"red": LISTS / "brawlers.toml", "blue": FIX / "duellists-list.toml"})
    gs = app.match.gs
    p = to_action(app)
    actor = p.actor
    place(app, actor, 7.6 - 0.3 - gs.body(actor).radius - 0.02, 3.2, facing=0.0)
    e = entry(app, "use_scenario_element")
    agi = gs.attrs(actor).AGI
    assert e.enabled and e.label == "Use: Gate lever" and e.cost_text == "1", e.error
    hover_row(app, "use_scenario_element")
    shot(app, "82-use-scenario-door")
    press(app, "menu", menu_index(app, "use_scenario_element"))
    settle(app)
    d = last_decision(app)
    assert d["action"] == "use_scenario_element" and d["params"] == {"element": "gate-lever"}
    (c,) = [ev for ev in app.match.world.events if ev["type"] == "check" and ev["rule"] == "GNA-16"]
    assert c["target"] == agi - 1
    assert ("gate" in [pc.id for pc in gs.board.pieces]) != c["passed"]
    if c["passed"]:
        app.step()
        shot(app, "83-scenario-door-open")
