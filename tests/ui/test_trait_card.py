"""Issue 12 point 6: the window shows the traits. The unit card lists each trait a miniature carries with its
English name and effect (the catalogue's words), and hovering one gives its ID and the whole effect; the odds box
names the traits in the odds of the hovered attack (TRT-PRECISION's reroll of a failed CH IMP, rules.odds)."""
from __future__ import annotations

from dataclasses import replace

from ui_helpers import ROOT, answer_until_red_action, make_app, menu_index, mini_pos, move_to, press, shot

from wartime.core.components import Equipment, Identity, TraitedProtection
from wartime.rules import traits
from wartime.ui.adapter import trait_lines

WARBAND = ROOT / "scenarios" / "lists" / "warband.toml"


def test_TRT_LEADER_the_card_lists_traits_in_english_and_hovering_gives_the_rule(tmp_path):
    app = make_app(tmp_path, seed=7, start=False, lists={"red": str(WARBAND), "blue": None})
    gs = app.match.gs
    warlord = next(e for e in gs.minis() if gs.world.get(e, Identity).character_id == "orc_warlord")
    lines = trait_lines(gs, warlord)
    assert [(t.trait_id, t.name) for t in lines] == [("TRT-LEADER", "Leader"),
                                                      ("TRT-PRESENCE-OF-HONOUR", "Presence of honour")]
    assert all(t.effect for t in lines)
    app.selected = warlord
    answer_until_red_action(app)
    app.selected = warlord
    app.step()
    tips = [h.tooltip for h in app.gui.hotspots if h.tooltip and str(h.tooltip[0]).startswith("TRT-")]
    assert ("TRT-LEADER — Leader", lines[0].effect) in tips
    shot(app, "43-trait-card")


def test_TRT_PRECISION_the_odds_box_names_the_traits_in_the_odds(tmp_path):
    app = make_app(tmp_path, seed=7, start=False)
    answer_until_red_action(app)
    gs = app.match.gs
    actor = app.match.pending.actor
    eq = gs.equipment(actor)
    rifle = replace(eq.weapons[0], traits=eq.weapons[0].traits + ("TRT-PRECISION",))
    gs.world.set(actor, Equipment((rifle,) + eq.weapons[1:], eq.protections))
    app.menu = None
    target = 7
    press(app, "menu", menu_index(app, "ranged_attack", weapon=0))
    move_to(app, mini_pos(app, target))
    pv = app.tool.attack
    assert pv is not None and pv.odds is not None
    assert ("TRT-PRECISION", rifle.name) in traits.combat_traits(gs, actor, target, rifle)
    shot(app, "44-odds-trait")


def test_TRT_REINFORCED_the_card_lists_a_protections_traits_under_its_name(tmp_path):
    """A protection's traits act for its wearer (issue 12): the card lists them under the protection's name, after
    the race's and before the weapons', with a parameter and the levels left."""
    app = make_app(tmp_path, seed=7, start=False)
    gs = app.match.gs
    e = gs.minis()[0]
    eq = gs.equipment(e)
    plate = TraitedProtection("plate", "Plate", 2, 3, 4, 4, traits=("TRT-REINFORCED", "TRT-RESISTANCE"),
                              params=(("TRT-RESISTANCE", "a distancia"),))
    shield = TraitedProtection("shield", "Shield", 1, 2, 0, 5, traits=("TRT-ENERGY-SHIELD",),
                               levels=(("TRT-ENERGY-SHIELD", 1, 3),))
    gs.world.set(e, Equipment(eq.weapons, (plate, shield)))
    lines = trait_lines(gs, e)
    got = [(t.trait_id, t.name, t.where) for t in lines]
    assert ("TRT-REINFORCED", "Reinforced", "Plate") in got
    assert ("TRT-RESISTANCE", "Resistance (a distancia)", "Plate") in got        # its parameter
    assert ("TRT-ENERGY-SHIELD", "Energy Shield 1/3", "Shield") in got            # levels left of those bought
    wheres = [t.where for t in lines]
    assert wheres.index("Plate") == wheres.count("character") and all(t.effect for t in lines)
    assert wheres.index("Shield") == wheres.count("character") + 2
