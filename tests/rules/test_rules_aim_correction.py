"""Corrector de puntería asks the controller (TRT-AIM-CORRECTOR, rules/aim_correction.py): after an area attack's
first dispersion the attacker's side is asked, through the probe run of rules/asking.py, whether it rerolls it; the
answer is an ordinary recorded `react` decision, applied again from the same state; the scripted AI answers by the
engine's value of the area where it landed and where it was aimed."""
from __future__ import annotations

from test_rules_areas import blue, game, shooter
from wartime.ai.scripted_aim import aim_answer, reroll_wanted
from wartime.rules import aim_correction
from wartime.rules.sequence import Decision

WINDOW = aim_correction.WINDOW


def corrected(*dice: int, angles=(180.0, 90.0), corrector: bool = True):
    """The devices test's missed R6 shot (CH IMP 9, AGI 5) at the blue mini 24 K away, submitted through the engine's
    door (the probe run); the dice pushed."""
    g = game(shooter("R6", x=2, wkw={"traits": ("TRT-AIM-CORRECTOR",) if corrector else ()}), blue(26, 20),
             angles=list(angles))
    a, t = g.ids
    g.start_activation(a, energy=10)
    g.dice.push(*dice)
    g.engine.submit(Decision("action", "red", actor=a, action="ranged_attack", params={"target": t, "weapon": 0}))
    g.pass_windows_until(WINDOW)
    return g


def finish(g) -> None:
    g.pass_windows_until("none")


def test_TRT_AIM_CORRECTOR_the_controller_is_asked_after_the_first_dispersion():
    """3 + 4 = 7 K at 180°: the question names the aimed and landed points and that the aim is lost; nothing of the
    attack is applied yet (the world is put back: no dispersion in the log)."""
    g = corrected(9, 3, 4, 1, 1, 1)
    p = g.pending
    assert p.kind == "react" and p.window == WINDOW and p.actor == g.ids[0] and p.options == (aim_correction.KEY,)
    q = aim_correction.current(g.gs)
    assert q.aimed == (26.0, 20.0) and q.landed == (19.0, 20.0) and q.on_board and q.lost
    assert not g.events("dispersion") and g.events("aim_reroll_offered")


def test_TRT_AIM_CORRECTOR_answered_reroll_the_second_dispersion_stands():
    g = corrected(9, 3, 4, 1, 1, 1)
    g.engine.submit(Decision("react", "red", actor=g.ids[0], action=aim_correction.KEY))
    finish(g)
    assert [d["rule"] for d in g.events("dispersion")] == ["ARE-9", "TRT-AIM-CORRECTOR"]
    assert g.events("area_placed")[0]["centre"] == [26.0, 22.0] and g.all_dice_used()
    assert g.events("aim_reroll_answered")[0]["reroll"] is True


def test_TRT_AIM_CORRECTOR_passing_keeps_even_a_lost_aim():
    """The controller may keep a dispersion the engine's plain rule would have rerolled: the area stays at
    (19, 20), the target untouched (no CH DEF die)."""
    g = corrected(9, 3, 4)
    g.engine.submit(Decision("react", "red", actor=g.ids[0]))
    finish(g)
    assert [d["rule"] for d in g.events("dispersion")] == ["ARE-9"] and g.all_dice_used()
    assert g.events("area_placed")[0]["centre"] == [19.0, 20.0]


def test_TRT_AIM_CORRECTOR_a_kept_aim_may_be_rerolled_too():
    """1 + 1 = 2 K keeps the aim (the plain rule keeps it); the controller rerolls anyway: 1 + 2 = 3 K at 90°."""
    g = corrected(9, 1, 1, 1, 2, 1)
    assert not aim_correction.current(g.gs).lost
    g.engine.submit(Decision("react", "red", actor=g.ids[0], action=aim_correction.KEY))
    finish(g)
    assert [d["rule"] for d in g.events("dispersion")] == ["ARE-9", "TRT-AIM-CORRECTOR"]


def test_TRT_AIM_CORRECTOR_no_question_without_the_trait():
    g = corrected(9, 3, 4, corrector=False)
    assert g.pending is None or g.pending.window != WINDOW
    assert not g.events("aim_reroll_offered") and [d["rule"] for d in g.events("dispersion")] == ["ARE-9"]


def test_TRT_AIM_CORRECTOR_the_answer_is_recorded_and_replays_identically():
    """Every decision submitted (the attack, the reaction windows passed, the answer) is recorded; applied again to
    the same start they give the same log; a listener hears the run's events once, after the answer."""
    def fresh():
        g = game(shooter("R6", x=2, wkw={"traits": ("TRT-AIM-CORRECTOR",)}), blue(26, 20), angles=[180.0, 90.0])
        heard = []
        g.world.listeners.append(heard.append)
        g.start_activation(g.ids[0], energy=10)
        g.dice.push(9, 3, 4, 1, 1, 1)
        return g, heard
    g1, heard = fresh()
    a, t = g1.ids
    record = []

    def submit(d):
        record.append(d.to_json())
        g1.engine.submit(d)
    submit(Decision("action", "red", actor=a, action="ranged_attack", params={"target": t, "weapon": 0}))
    while g1.pending is not None and g1.pending.kind == "react" and g1.pending.window != WINDOW:
        submit(Decision("react", g1.pending.side, actor=g1.pending.actor))
    n = len(heard)
    assert [e["type"] for e in heard].count("dispersion") == 0
    submit(Decision("react", "red", actor=a, action=aim_correction.KEY))
    while g1.pending is not None and g1.pending.kind == "react":
        submit(Decision("react", g1.pending.side, actor=g1.pending.actor))
    assert [e["type"] for e in heard[n:]].count("dispersion") == 2
    assert any(r.get("action") == aim_correction.KEY for r in record)
    g2, _ = fresh()
    for r in record:
        g2.engine.submit(Decision.from_json(r))
    assert g1.world.events == g2.world.events and g2.all_dice_used()


class _M:
    def __init__(self, gs):
        self.gs = gs


def test_TRT_AIM_CORRECTOR_the_scripted_AI_rerolls_by_the_engines_odds():
    """Landed at (19, 20), the R6 covers nobody (worth 0) while the aimed point covers the target: reroll. Landed 2 K
    off, it still covers the target: keep it. Off the board: reroll."""
    g = corrected(9, 3, 4, 1, 1, 1)
    q = aim_correction.current(g.gs)
    assert reroll_wanted(g.gs, q)
    assert aim_answer(_M(g.gs), g.pending).action == aim_correction.KEY
    from dataclasses import replace
    assert not reroll_wanted(g.gs, replace(q, landed=(24.0, 20.0), lost=False))
    assert reroll_wanted(g.gs, replace(q, landed=(41.0, 20.0), on_board=False))
