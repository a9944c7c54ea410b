"""What is a trait worth? (issue 12 point 8): priced variants of a list (`wartime batch --price DESIGN±TRT-ID`),
their cost by the points system (BLD-4, BLD-6), the points slope from the handicap variants, the measured value
with bootstrap intervals, the report's section, and bad input."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from wartime.balance.price import price_values, priced_game
from wartime.balance.runner import BatchError, make_config, pairings
from wartime.balance.specs import SpecError, load_list_spec, spec_key
from wartime.cli import main
from wartime.data.costs import character_cost, list_cost
from wartime.data.loader import load_army_list

from .conftest import ROOT, SKIRMISH

pytestmark = pytest.mark.xdist_group("price")            # its own worker: the balance group is the longest

SHOOTERS = ROOT / "scenarios" / "lists" / "shooters.toml"
BRAWLERS = ROOT / "scenarios" / "lists" / "brawlers.toml"


def _traits(army, design):
    spec = next(u.character for u in army.units if u.character.id == design)
    return [t.trait_id for a in spec.archetypes() for t in a.traits]


def test_BLD_4_BLD_6_a_priced_variant_toggles_the_trait_on_every_copy_and_its_cost_follows():
    """Taking TRT-MAGAZINES (−5) off the three riflemen makes the list 15 points dearer; buying TRT-TOUGH (15) on
    the two orc berserkers' race makes it 30 dearer; nothing else changes."""
    base = load_army_list(SHOOTERS)
    off = load_list_spec(f"{SHOOTERS}#~rifleman-TRT-MAGAZINES")
    assert "TRT-MAGAZINES" in _traits(base, "rifleman") and "TRT-MAGAZINES" not in _traits(off, "rifleman")
    assert _traits(off, "gunner") == _traits(base, "gunner")
    assert list_cost(off) - list_cost(base) == 15
    assert spec_key(f"{SHOOTERS}#~rifleman-TRT-MAGAZINES") == "shooters~rifleman-TRT-MAGAZINES"
    brawlers = load_army_list(BRAWLERS)
    tough = load_list_spec(f"{BRAWLERS}#~orc_berserker+TRT-TOUGH")
    spec = next(u.character for u in tough.units if u.character.id == "orc_berserker")
    assert [t.trait_id for t in spec.race.traits] == ["TRT-TOUGH"]
    old = next(u.character for u in brawlers.units if u.character.id == "orc_berserker")
    assert character_cost(spec) - character_cost(old) == 15
    assert list_cost(tough) - list_cost(brawlers) == 30


@pytest.mark.parametrize("item, words", [
    ("ogre-TRT-TOUGH", "has no character 'ogre'"),
    ("rifleman+TRT-NOPE", "unknown trait id 'TRT-NOPE'"),
    ("rifleman+TRT-MAGAZINES", "already buys TRT-MAGAZINES"),
    ("gunner-TRT-TOUGH", "does not buy TRT-TOUGH"),
])
def test_a_priced_variant_that_cannot_be_built_names_the_file_and_the_problem(item, words):
    with pytest.raises(SpecError, match=words) as err:
        load_list_spec(f"{SHOOTERS}#~{item}")
    assert str(SHOOTERS) in str(err.value)


def test_TRT_refused_traits_are_named_before_any_game_is_played():
    """A trait the engine does not play (TRT-INVISIBLE, tier 3: every tier-1/2 trait is played now) is refused
    when the batch is planned, naming its ID."""
    with pytest.raises(BatchError, match="TRT-INVISIBLE"):
        make_config(SKIRMISH, [SHOOTERS, BRAWLERS], priced=["orc_brawler+TRT-INVISIBLE"])
    with pytest.raises(BatchError, match="no list of the batch fields 'ogre'"):
        make_config(SKIRMISH, [SHOOTERS, BRAWLERS], priced=["ogre+TRT-TOUGH"])


def test_price_implies_handicap_and_plays_each_priced_variant_against_the_other_lists_on_both_sides():
    config = make_config(SKIRMISH, [SHOOTERS, BRAWLERS], priced=["rifleman-TRT-MAGAZINES"])
    assert config.handicap and config.to_json()["priced"] == ["rifleman-TRT-MAGAZINES"]
    pairs = [(a.key, b.key) for a, b in pairings(config)]
    assert ("shooters~rifleman-TRT-MAGAZINES", "brawlers") in pairs
    assert ("brawlers", "shooters~rifleman-TRT-MAGAZINES") in pairs
    assert len(pairs) == 2 + 2 * 5 + 2


def _game(red, blue, winner, red_cost, blue_cost, red_base=None, blue_base=None):
    return {"red_list": red, "blue_list": blue, "red_base_list": red_base or red, "blue_base_list": blue_base or blue,
            "winner": winner, "red_cost": red_cost, "blue_cost": blue_cost}


def _games(key, base, cost, wins, n, opponent="o", opp_cost=300):
    """`n` games of `key` against the full opponent, half on each side, `wins` of them won (the rest lost)."""
    out = []
    for i in range(n):
        won = i < wins
        if i % 2 == 0:
            out.append(_game(key, opponent, "red" if won else "blue", cost, opp_cost, red_base=base))
        else:
            out.append(_game(opponent, key, "blue" if won else "red", opp_cost, cost, blue_base=base))
    return out


def test_the_measured_value_is_the_effect_over_the_points_slope_with_its_book_cost():
    """Base list 60 % over 100 games; without one 50-point design 40 % (slope 0.2 per 50 points); without a −5
    malus on three copies (+15 points) 50 %: with − without = +10 %, worth 25 points; book −15."""
    games = (_games("a", "a", 300, 60, 100) + _games("a-x", "a", 250, 40, 100)
             + _games("a~d-TRT-MAGAZINES", "a", 315, 50, 100))
    p = price_values(games, boot=400)
    assert p["slope"] == pytest.approx(0.2 / 50)
    assert p["n_handicap"] == 1
    (row,) = p["rows"]
    assert row["trait"] == "TRT-MAGAZINES" and row["design"] == "d" and row["toggled"] == "taken off"
    assert row["effect"] == pytest.approx(0.1) and row["value"] == pytest.approx(25.0) and row["book"] == -15
    lo, hi = row["effect_ci"]
    assert lo < 0.1 < hi and hi - lo < 0.4
    assert p["slope_ci"][0] > 0 and p["reliable"]
    assert priced_game(games[0]) is False and priced_game(games[-1])
    # deterministic: the same games give the same intervals
    assert price_values(games, boot=400) == p


def test_a_bought_trait_reads_with_minus_without_the_other_way_round():
    games = (_games("a", "a", 300, 50, 100) + _games("a-x", "a", 250, 30, 100)
             + _games("a~d+TRT-TOUGH", "a", 330, 62, 100))
    (row,) = price_values(games, boot=200)["rows"]
    assert row["toggled"] == "bought" and row["book"] == 30
    assert row["effect"] == pytest.approx(0.12) and row["value"] == pytest.approx(0.12 / (0.2 / 50))


@pytest.mark.slow          # 14 whole games and a report: ~50 s (the fast suite must stay under 5 min)
def test_wartime_batch_price_and_report_end_to_end(tmp_path):
    """One game per pairing on the skirmish: the store holds the priced games, --resume finds nothing left,
    and the report prices the trait beside its book cost."""
    out = tmp_path / "p.sqlite"
    args = ["batch", "--scenario", str(SKIRMISH), "--lists", str(SHOOTERS), str(BRAWLERS), "--price",
            "rifleman-TRT-MAGAZINES", "--games", "14", "--workers", "1", "--backend", "inline", "--out", str(out),
            "--no-progress"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["batch", "--resume", "--out", str(out), "--no-progress"])
    assert r.exit_code == 0 and "nothing left to play" in r.output, r.output
    r = CliRunner().invoke(main, ["batch", "--resume", "--out", str(out), "--price", "gunner-TRT-MAGAZINES",
                                  "--no-progress"])
    assert r.exit_code == 2 and "holds another batch" in r.output
    rep = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(out), "--out", str(rep)])
    assert r.exit_code == 0, r.output
    md = (rep / "report.md").read_text()
    assert "What is a trait worth?" in md
    line = next(ln for ln in md.splitlines() if "TRT-MAGAZINES" in ln and ln.startswith("| shooters"))
    assert "| taken off |" in line and line.rstrip().endswith("| -15 |")


def test_bad_price_items_get_one_line_each_and_exit_2(tmp_path):
    r = CliRunner().invoke(main, ["batch", "--scenario", str(SKIRMISH), "--lists", str(SHOOTERS), str(BRAWLERS),
                                  "--price", "rifleman*TRT-X", "--price", "ogre+TRT-TOUGH", "--out",
                                  str(tmp_path / "x.sqlite"), "--no-progress"])
    assert r.exit_code == 2
    assert "'rifleman*TRT-X': expected DESIGN+TRT-ID" in r.output and "'ogre'" in r.output
    assert "Traceback" not in r.output and not (tmp_path / "x.sqlite").exists()
