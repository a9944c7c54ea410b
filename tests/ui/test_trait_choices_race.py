"""Issue 12: a race trait's choice is a parameter of the engine's legal options, and the window shows it as an
entry of its own: TRT-FIRE-IN-THE-VEINS's boost of a move (+3 K, 1 wound) is the menu entry "Move: Fire in the
Veins", whose ring reaches 3 K further; taking it submits the boost parameter."""
from __future__ import annotations

from ui_helpers import answer_until_red_action, make_app

from wartime.core.components import Traits
from wartime.ui.adapter import action_menu, movement_allowance, trait_lines


def test_TRT_FIRE_IN_THE_VEINS_the_window_offers_the_boosted_move_as_its_own_entry(tmp_path):
    app = make_app(tmp_path, seed=7, start=False)
    answer_until_red_action(app)
    match = app.match
    actor = match.pending.actor
    assert [e.label for e in action_menu(match, actor) if e.key == "move"] == ["Move"]
    match.gs.world.set(actor, Traits(match.gs.traits(actor) + ("TRT-FIRE-IN-THE-VEINS",)))
    moves = [e for e in action_menu(match, actor) if e.key == "move"]
    assert [(e.label, e.params.get("boost")) for e in moves] == [("Move", None),
                                                                ("Move: Fire in the Veins", "TRT-FIRE-IN-THE-VEINS")]
    base = movement_allowance(match, actor, "move", moves[0].params)
    assert movement_allowance(match, actor, "move", moves[1].params) == base + 3
    assert all(e.enabled for e in moves)


def test_TRT_WRATH_and_the_other_race_traits_show_on_the_card_in_english(tmp_path):
    """The unit card lists the race traits played in rules/traits/race_more.py with their English names."""
    app = make_app(tmp_path, seed=7, start=False)
    answer_until_red_action(app)
    gs = app.match.gs
    actor = app.match.pending.actor
    ids = ("TRT-WRATH", "TRT-UNLUCKY", "TRT-LORD-OF-HUNGER", "TRT-FIRE-IN-THE-VEINS", "TRT-NON-LIVING")
    gs.world.set(actor, Traits(ids))
    lines = trait_lines(gs, actor)
    assert [(t.trait_id, t.name) for t in lines][:5] == [
        ("TRT-WRATH", "Wrath"), ("TRT-UNLUCKY", "Unlucky"), ("TRT-LORD-OF-HUNGER", "Lord of hunger"),
        ("TRT-FIRE-IN-THE-VEINS", "Fire in the Veins"), ("TRT-NON-LIVING", "Not alive")]
    assert all(t.effect for t in lines[:5])
