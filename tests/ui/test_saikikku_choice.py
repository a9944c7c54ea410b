"""TRT-SAIKIKKU in the window: when a Saikikku is wounded in melee, its side (after the hot-seat hand-over) chooses
which bonus of the enemy in melee with it stops working, from a dialog listing the bonuses that work for that enemy
with their English names and effects; the button submits the engine's own 'bonus_loss' decision. Screenshot 95 in
docs/screenshots/ is taken here."""
from __future__ import annotations

from ui_helpers import answer_until_red_action, make_app, press, shot, through_handover

from wartime.core.components import Traits
from wartime.rules import traits


def test_TRT_SAIKIKKU_its_side_chooses_the_bonus_in_a_dialog(tmp_path):
    app = make_app(tmp_path, start=False)
    m = app.match
    answer_until_red_action(app)
    red = m.pending.actor
    m.gs.world.set(red, Traits(("TRT-FAST", "TRT-FRENZY")))
    # a Saikikku's wound in melee owes the loss (the trigger itself is tested in tests/rules)
    traits.owe_bonus_loss(m.gs, red, "TRT-SAIKIKKU", "blue")
    app.step()
    p = m.pending
    assert (p.kind, p.side, p.actor, p.options) == ("bonus_loss", "blue", red, ("TRT-FAST", "TRT-FRENZY"))
    text = through_handover(app, "Saikikku", "bonus_loss")
    assert "Rápido (Fast)" in text and "Frenesí (Frenzy)" in text and "TRT-SAIKIKKU" in text
    assert [b[2] for b in app.dialog.buttons] == list(p.options)
    shot(app, "95-saikikku-choice")
    press(app, "bonus_loss", "TRT-FRENZY")
    assert "TRT-FRENZY" not in traits.character_traits(m.gs, red)
    assert m.decisions[-1] == {"kind": "bonus_loss", "side": "blue", "actor": red, "action": "TRT-FRENZY",
                               "params": {}, "chain": False}
    app.step()
    assert m.pending.kind == "action" and m.pending.actor == red
