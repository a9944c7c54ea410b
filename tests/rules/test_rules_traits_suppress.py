"""Traits that switch other traits off or on (issue 12, task `suppress`): Munición anti naming a race or a transport
(TRT-ANTI-AMMO), and the suppressions of Niega, Munición desestabilizadora, Saikikku and Requiere."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import M, weapon
from test_rules_traits_combat import attack, duel, race
from wartime.core.components import Mount, Race
from wartime.core.errors import RefusedContent
from wartime.core.rng import Dice
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.setup import build_state, refused_lines
from wartime.rules import traits
from wartime.rules.traits.weapons_more import anti_matches, plain

ROOT = Path(__file__).resolve().parents[2]


# --- Munición anti (): a race or a transport by name ------------------------------------------------------------------
def _anti_files(tmp_path: Path, param: str) -> dict:
    """Two lists of one catalogue: red a human with a DMG 4 rifle (Munición anti (`param`)), blue a Goblin
    stalker (race id "goblin") and a Human."""
    (tmp_path / "cat.toml").write_text(
        'format = 1\ntype = "catalogue"\n'
        '[[archetype]]\nid = "goblin"\nkind = "race"\nname = "Goblin stalker"\nCON = 4\nAGI = 6\nINT = 4\nVOL = 4\n'
        '[[archetype]]\nid = "human"\nkind = "race"\nname = "Human"\nCON = 4\nAGI = 5\nINT = 4\nVOL = 4\n'
        '[[archetype]]\nid = "rifle"\nkind = "weapon"\nname = "Rifle"\nENE = 2\nDMG = 4\nRNG = 20\nQUA = 4\n'
        f'traits = [{{ name = "Munición anti", param = "{param}" }}]\n'
        '[[character]]\nid = "hunter"\nname = "Hunter"\nrace = "human"\nweapons = ["rifle"]\n'
        '[[character]]\nid = "stalker"\nname = "Stalker"\nrace = "goblin"\n'
        '[[character]]\nid = "grunt"\nname = "Grunt"\nrace = "human"\n', encoding="utf-8")
    units = {"red": ("hunter",), "blue": ("stalker", "grunt")}
    for side, who in units.items():
        body = "".join(f'[[unit]]\ncharacter = "{c}"\n' for c in who)
        (tmp_path / f"{side}.toml").write_text(f'format = 1\ntype = "list"\nname = "{side}"\ncatalogue = "cat.toml"\n'
                                               + body, encoding="utf-8")
    return {s: load_army_list(tmp_path / f"{s}.toml") for s in ("red", "blue")}


def test_TRT_ANTI_AMMO_a_race_named_case_and_accents_aside_is_told_apart(tmp_path):
    """'GOBLIN Stálker' names the race Goblin stalker: its miniature carries its Race and the rifle's DMG +2 is
    counted against it, not against the human; its id names it too."""
    gs = build_state(load_scenario(ROOT / "scenarios" / "skirmish.toml"), _anti_files(tmp_path, "GOBLIN Stálker"),
                     Dice(1))
    hunter, stalker, grunt = gs.minis()
    assert gs.world.get(stalker, Race) == Race("goblin", "Goblin stalker")
    assert gs.world.try_get(grunt, Race) is None and gs.world.try_get(hunter, Race) is None
    rifle = gs.equipment(hunter).weapons[0]
    assert traits.combat_terms(gs, hunter, stalker, rifle, True).dmg_plus == 2
    assert traits.combat_terms(gs, hunter, grunt, rifle, True).dmg_plus == 0
    assert anti_matches(gs, stalker, "goblin") and not anti_matches(gs, grunt, "goblin")
    assert plain(" Élfo ") == "elfo"


def test_TRT_ANTI_AMMO_a_name_no_race_or_transport_has_is_refused_when_a_game_is_set_up(tmp_path):
    lists = _anti_files(tmp_path, "tanques")
    with pytest.raises(RefusedContent) as exc:
        build_state(load_scenario(ROOT / "scenarios" / "skirmish.toml"), lists, Dice(1))
    assert [rid for rid, _ in exc.value.problems] == ["TRT-ANTI-AMMO"]
    assert "(tanques) names no target type" in exc.value.problems[0][1]
    lines = refused_lines(tmp_path / "red.toml")
    assert len(lines) == 1 and "TRT-ANTI-AMMO" in lines[0] and "tanques" in lines[0]
    assert refused_lines(tmp_path / "cat.toml") == [ln.replace("red.toml", "cat.toml") for ln in lines]


def test_TRT_ANTI_AMMO_empty_parameter_refused_trait_and_name_kinds_accepted():
    assert traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, "no vivos") is None
    assert traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, "Sombra") is None
    assert traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, "Gun buggy") is None
    assert "names no target type" in traits.fielding_problem("TRT-ANTI-AMMO", "weapon", {"TRT-ANTI-AMMO"}, " ")


def test_TRT_ANTI_AMMO_a_transport_named_DMG_plus_2_against_its_rider():
    """A rifle anti 'GUN buggy': DMG +2 against a blue character riding a Gun buggy (its id names it too), none
    against the same character on foot (the hit itself: test_TRT_ANTI_AMMO_DMG_plus_2_against_the_target_type_named)."""
    g = duel({"weapons": (weapon(DMG=4, traits=("TRT-ANTI-AMMO", "TRT-ANTI-AMMO:GUN buggy")),)})
    a, b = g.ids
    rifle = g.gs.weapon(a, 0)
    assert traits.combat_terms(g.gs, a, b, rifle, True).dmg_plus == 0
    g.set(b, Mount("gun_buggy", "Gun buggy", 2, 8, 0, 6, rider_body=g.gs.body(b)))
    assert traits.combat_terms(g.gs, a, b, rifle, True).dmg_plus == 2
    assert anti_matches(g.gs, b, "gun_buggy") and not anti_matches(g.gs, b, "Cargo truck")
