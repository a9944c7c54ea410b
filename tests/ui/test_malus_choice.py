"""PSI-8 in the window: when a character panics, the opposing player (after the hot-seat hand-over) chooses its
malus from a dialog listing every psychological malus the engine offers, with its English name and effect; the
button submits the engine's own 'malus' decision. Screenshot 30 in docs/screenshots/ is taken here."""
from __future__ import annotations

from ui_helpers import make_app, press, settle, shot, through_handover

from wartime.rules import psychology
from wartime.rules.sequence import Decision


def test_PSI_8_the_opposing_player_chooses_the_malus_in_a_dialog(tmp_path):
    app = make_app(tmp_path, start=False)
    m = app.match
    # answer the opening decisions until red has a character acting
    for _ in range(50):
        settle(app)
        p = m.pending
        if app.dialog is not None:
            press(app, "dismiss")
            continue
        if p.kind == "action" and p.side == "red":
            break
        if p.kind in ("initiative", "activate"):
            app.submit(Decision(p.kind, p.side, choice=p.options[0]))
        elif p.kind == "action":
            app.submit(Decision("action", p.side, actor=p.actor, action="end", params={}))
        app.step()
    red = m.pending.actor
    psychology.panic(m.gs, red, "PSI-8")          # a failed CH LOC (the check itself is tested in tests/rules)
    app.step()
    p = m.pending
    assert (p.kind, p.side, p.actor) == ("malus", "blue", red)
    text = through_handover(app, "malus", "malus")
    assert "Muy miedoso (Very fearful)" in text and "Cobarde (Coward)" in text and "PSI-8" in text
    assert [b[2] for b in app.dialog.buttons] == list(p.options)
    shot(app, "30-malus-choice")
    press(app, "malus", "TRT-COWARD")
    assert app.dialog is None or (app.dialog.kind == "handover" and app.dialog.side == "red")   # back to red
    assert m.gs.psyche(red).maluses == ("TRT-COWARD",)
    assert m.decisions[-1] == {"kind": "malus", "side": "blue", "actor": red, "action": "TRT-COWARD", "params": {},
                               "chain": False}
    app.step()
    assert m.pending.kind == "action" and m.pending.actor == red
