"""CBA-5: firing into a melee — a second CH IMP decides whether the chosen target or another fighter is hit."""
from tests.rules.rules_helpers import Game, M, weapon


def setup(rolls):
    # shooter at (2, 20) facing +x; blue target at (12, 20) engaged with red ally at (13, 20) (edge contact)
    return Game(M(x=2, y=20, AGI=6, VOL=6, weapons=(weapon(ENE=2, DMG=4, RNG=40),)),
                M(side="blue", x=12, y=20, CON=9, facing=0.0),
                M(side="red", x=13.0, y=20, CON=9, facing=180.0),
                rolls=rolls)


def test_CBA_5_second_roll_fails_and_hits_the_other_fighter():
    """CBA-5: AGI 6: first CH IMP die 4 passes, second die 8 fails: the other fighter (nearest the attacker
    among those in contact with the target) is hit instead and makes the CH DEF."""
    g = setup([4, 8, 5, 5])          # IMP 4, second IMP 8, DEF 5 (fails vs DEF 0), CH PSI 5 of the stray victim
    a, b, ally = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert [c["rule"] for c in g.checks("IMP")] == ["CMB-2", "CBA-5"]
    stray = g.events("stray_shot")
    assert stray and stray[0]["target"] == ally
    assert g.wounds(b) == 0 and g.wounds(ally) == 4


def test_CBA_5_first_roll_critical_needs_no_second_roll():
    """CBA-5: a natural 1 on the first CH IMP hits the chosen target with DMG +1 and no second roll."""
    g = setup([1, 5, 5])              # IMP 1 (critical), DEF 5, CH PSI 5
    a, b, ally = g.ids
    g.start_activation(a, energy=10)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert len(g.checks("IMP")) == 1
    assert g.wounds(b) == 5 and g.wounds(ally) == 0
