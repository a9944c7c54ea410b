"""Possession through the window (CBA-21, MET-10, PSI-17): Poseer is a menu row of a neuromancer with its cost and
check once an enemy is stressed to its VOL; a possessed character's base takes its possessor's side colour and its
plate says 'possessed' in its own side's colour; "act with" is then offered. Screenshot 86 in docs/screenshots/."""
from __future__ import annotations

from dataclasses import replace

from ui_helpers import ROOT, mini_pos, shot

from test_new_actions import entry, place, to_action, window
from wartime.core.components import Stress
from wartime.rules import metahabilities, possession
from wartime.ui.meta_marks import effect_marks

LISTS = ROOT / "scenarios" / "lists"


def test_CBA_21_possess_in_the_menu_and_the_possessed_shown_on_its_base(tmp_path):
    app = window(tmp_path, ROOT / "scenarios" / "skirmish.toml", {"red": LISTS / "mystics.toml",
                                                                   "blue": LISTS / "brawlers.toml"})
    gs = app.match.gs
    neuro = next(e for e in gs.minis() if gs.side(e) == "red" and metahabilities.is_neuromancer(gs, e))
    p = to_action(app, want=neuro)
    assert p.actor == neuro
    enemy = next(e for e in gs.minis() if gs.side(e) == "blue")
    q = gs.pos(enemy)
    place(app, neuro, q.x - 4.0, q.y, facing=0.0)
    gs.world.set(enemy, Stress(gs.base_attrs(enemy).VOL))            # PSI-14: stress = VOL
    app.menu = None
    app.step()
    row = entry(app, "possess")
    assert row.enabled and row.cost_text == "3" and row.check.startswith("CH INT")
    possession.start(gs, neuro, enemy)              # as a passed Poseer leaves it (the scene of the shot)
    app.menu = None
    app.step()
    assert gs.side(enemy) == "red" and possession.owner_side(gs, enemy) == "blue"
    assert ("possessed", (150, 185, 245)) in effect_marks(gs, enemy, True)
    assert entry(app, "command_possessed").enabled
    app.view.zoom_at(1.6, mini_pos(app, neuro))
    app.step()
    shot(app, "90-possessed")
