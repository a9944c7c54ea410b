"""Issue 14 (words): hand-over texts say what actually happened since the receiving player last had the mouse (in
the log's words), never a stale "Turn 1 begins." in a later phase."""
from __future__ import annotations

from ui_helpers import close_dialog, make_app, press, settle

from wartime.rules.sequence import Decision


def test_handover_tells_what_happened_since_the_player_last_looked(tmp_path):
    app = make_app(tmp_path, start=False)
    m = app.match
    seen = []
    for _ in range(200):
        settle(app)
        p = m.pending
        if app.dialog is not None:
            if app.dialog.kind in ("handover", "react_prompt"):
                seen.append(list(app.dialog.lines))
                if len(seen) >= 4:
                    break
            close_dialog(app)
            continue
        if p.kind in ("initiative", "activate"):
            app.submit(Decision(p.kind, p.side, choice=p.options[0]))
        elif p.kind == "action":
            moves = list(m.engine.legal_options("move"))[:1] if m.gs.energy(p.actor) > 3 else []
            app.submit(moves[0].decision(p.side, p.actor) if moves else
                       Decision("action", p.side, actor=p.actor, action="end", params={}))
        elif p.kind == "react":
            press(app, "pass_reaction")
        app.step()
    assert len(seen) >= 3
    after_first = seen[2:]
    assert not any("Turn 1 begins." in line for lines in after_first for line in lines)
    told = [lines for lines in seen if "Since you last looked:" in lines]
    assert told, seen
    # every summarised line is one the log shows (the log's own words), e.g. a declared Move with its cost
    assert any(line.startswith("• ") and "Move" in line and "ENE" in line for lines in told for line in lines)


def test_the_turn_and_phase_status_is_explained_on_hover_and_in_the_help(tmp_path):
    """Issue 14: "Turn 1/8 · phase 10" is explained: hovering the status line gives what it counts (SEQ-1..7), and
    the help has a section on turns and phases."""
    from ui_helpers import move_to
    from wartime.ui.input import PLAY_HELP
    app = make_app(tmp_path, start=False)
    region = next(h for h in app.gui.hotspots if h.tooltip and h.tooltip[0].startswith("Turn and phase"))
    move_to(app, region.rect.center)
    title, body = app.gui.tooltip_at()
    assert title == "Turn and phase (SEQ-1..7)" and "phases run from 10 down to 1" in body
    assert any(line.startswith("## Turns and phases") for line in PLAY_HELP)
