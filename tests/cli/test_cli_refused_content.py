"""Issue 12 point 2: tier-3 traits (and every other thing the engine does not play) are refused when a list is
validated, naming each trait ID and why, one line per occurrence, all at once; a game set up with them is
refused the same way, never silently played without them."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from wartime.cli import main
from wartime.core.errors import RefusedContent
from wartime.data.loader import load_army_list, load_scenario
from wartime.match.match import Match

ROOT = Path(__file__).resolve().parents[2]


def _refused_list(tmp_path: Path) -> Path:
    """The shipped Warband with its goblin stalker carrying two tier-3 traits (Invisible, Incorpóreo) and a
    tier-2 one with a parameter the engine cannot play (Alérgico (plata): silver is no element of the table), and the wild orc left out (points)."""
    cat = (ROOT / "scenarios" / "catalogue" / "warbands.toml").read_text(encoding="utf-8")
    cat = cat.replace('traits = [{ name = "Mimético" }, { name = "Pusilánime" }]',
                      'traits = [{ name = "Invisible" }, { name = "Incorpóreo" }, { name = "Alérgico", param = "plata" }]')
    (tmp_path / "catalogue").mkdir()
    (tmp_path / "lists").mkdir()
    (tmp_path / "catalogue" / "warbands.toml").write_text(cat, encoding="utf-8")
    lst = (ROOT / "scenarios" / "lists" / "warband.toml").read_text(encoding="utf-8")
    lst = lst.replace('[[unit]]\ncharacter = "wild_orc"\ncount = 1\n', "")
    path = tmp_path / "lists" / "warband.toml"
    path.write_text(lst, encoding="utf-8")
    return path


def test_TRT_tier_3_traits_are_refused_by_validate_one_line_each_all_at_once(tmp_path):
    path = _refused_list(tmp_path)
    r = CliRunner().invoke(main, ["validate", str(path)])
    assert r.exit_code != 0
    lines = [ln for ln in r.output.splitlines() if ln.startswith(str(path))]
    assert [ln.split(": ")[1] for ln in lines] == ["TRT-INVISIBLE", "TRT-INCORPOREAL", "TRT-ALLERGIC"]
    assert "tier-3 trait" in lines[0] and "tier-3 trait" in lines[1]
    assert "names 'plata'" in lines[2] and "not an element" in lines[2]
    assert "Traceback" not in r.output
    ok = CliRunner().invoke(main, ["validate", str(ROOT / "scenarios" / "lists" / "warband.toml")])
    assert ok.exit_code == 0 and ok.output.strip().endswith(": ok")


def test_TRT_a_game_with_refused_traits_is_refused_naming_every_occurrence(tmp_path):
    path = _refused_list(tmp_path)
    army = load_army_list(path, allow_outside=True)
    sc = load_scenario(ROOT / "scenarios" / "skirmish.toml")
    with pytest.raises(RefusedContent) as exc:
        Match(sc, {"red": army, "blue": army}, 1, {})
    ids = [rid for rid, _ in exc.value.problems]
    assert ids == ["TRT-INVISIBLE", "TRT-INCORPOREAL", "TRT-ALLERGIC"] * 2
    assert exc.value.problems[0][1].startswith("red list Warband: Goblin stalker")
