"""Laying a placed object whose use chooses (GNA-15 Soltar's choice; TRT-ACTIVATION-AREA, TRT-AUTONOMOUS-BOMB,
TRT-REMOTE-CONTROL): the action menu offers one Drop entry per option the engine allows (a Cóctel de vitaminas trap:
CON, AGI, INT, VOL), each with the object's ENE; picking one submits the drop with that choice, which the charge keeps.
Screenshot 99 in docs/screenshots/."""
from __future__ import annotations

from ui_helpers import hotspot, make_app, press, settle, shot
from test_new_actions import last_decision, to_action

from wartime.core.components import Gear, Item
from wartime.rules import placed


def test_TRT_ACTIVATION_AREA_the_drop_menu_offers_the_choice_of_a_placed_objects_use(tmp_path):
    app = make_app(tmp_path, start=False)
    p = to_action(app)
    gs = app.match.gs
    a = p.actor
    trap = gs.world.create(Item("Cocktail trap", holder=a),
                           Gear("trap", "Cocktail trap", 1, 1, 3, ("TRT-VITAMIN-COCKTAIL", "TRT-ACTIVATION-AREA"), ()))
    app.menu = None                             # the menu was drawn before the trap was handed over
    app.selected = a
    app.step()
    menu = app._menu(app.match.pending)
    drops = [(i, e) for i, e in enumerate(menu) if e.key == "drop_item" and e.params.get("item") == f"item:{trap}"]
    assert [e.params.get("choice") for _, e in drops] == ["CON", "AGI", "INT", "VOL"]
    assert all(e.enabled and e.cost == 1 and e.label.endswith(f"Cocktail trap, {e.params['choice']}")
               for _, e in drops), [(e.label, e.cost, e.error) for _, e in drops]
    plain = [e for e in menu if e.key == "drop_item" and e.params.get("item") != f"item:{trap}"]
    assert plain and all(not e.label.endswith(", ") and "choice" not in e.params for e in plain)
    i = drops[1][0]
    hotspot(app, "menu", i)                     # the row is on screen
    shot(app, "99-drop-choice")
    press(app, "menu", i)
    settle(app)
    d = last_decision(app)
    assert d["action"] == "drop_item" and d["params"] == {"item": f"item:{trap}", "choice": "AGI"}
    assert placed.charge_choice(gs, trap) == "AGI"
