"""Issue 12: the second group of combat feats played through the trait registry (rules/traits/combat_feats2.py):
Serpiente (TRT-SERPENT) and Guardaespaldas (TRT-BODYGUARD, rules/bodyguard.py), each set up with scripted dice and
checked against its catalogue effect and ruling, and priced at its catalogue cost."""
from __future__ import annotations

from dataclasses import replace

import pytest
from shapely.geometry import box

from rules_helpers import Decision, Game, M, RuleViolation, weapon
from wartime.core.components import Traits
from wartime.core.errors import DataError
from wartime.data.loader import priced_trait
from wartime.geometry.board import TerrainPiece
from wartime.rules import traits


def price(trait: str, kind: str = "race") -> int:
    return priced_trait(trait, kind, "test", "traits").points


# --- Serpiente -----------------------------------------------------------------------------------------------------
SERPENT = "TRT-SERPENT"


def nook(id_: str, kind: str, x0: float, x1: float, nooks: bool = True, height: float = 0.0) -> TerrainPiece:
    """A strip of terrain across the way from (10, 20) east, marked recovecos or not."""
    return TerrainPiece(id_, kind, box(x0, 10, x1, 30), height, False, 0, nooks=nooks)


def crawler(*pieces: TerrainPiece, serpent: bool = True) -> Game:
    g = Game(M(x=10, y=20, mov=10), pieces=pieces, width=60)
    if serpent:
        g.set(g.ids[0], Traits((SERPENT,)))
    g.start_activation(g.ids[0], energy=10)
    return g


@pytest.mark.parametrize("kind,height", [("difficult", 0.0), ("extreme", 0.0), ("low", 0.5)])
def test_TRT_SERPENT_moves_through_nooks_as_easy_terrain(kind, height):
    """Rubble (difficult or extreme ground, or a 0.5 K low heap) marked nooks on the way: the serpent's Mover costs
    the ENE of easy ground (1); the same move of a character without the trait pays MOV-7's / MOV-8's surcharge."""
    strip = nook("rubble", kind, 12, 14, height=height)
    g = crawler(strip)
    assert g.engine.check_action(g.ids[0], "move", {"path": [[16, 20]]}) == 1
    g.act(g.ids[0], "move", path=[[16, 20]])
    assert g.pos(g.ids[0]) == (16, 20) and g.energy(g.ids[0]) == 9
    h = crawler(strip, serpent=False)
    assert h.engine.check_action(h.ids[0], "move", {"path": [[16, 20]]}) == 1 + (2 if kind == "extreme" else 1)


def test_TRT_SERPENT_terrain_not_marked_nooks_costs_as_for_anyone():
    """A difficult wood not marked nooks next to nooks: the serpent pays its ENE +1 (only recovecos are easy)."""
    g = crawler(nook("rubble", "extreme", 12, 13), nook("wood", "difficult", 14, 15, nooks=False))
    assert g.engine.check_action(g.ids[0], "move", {"path": [[13.5, 20]]}) == 1
    assert g.engine.check_action(g.ids[0], "move", {"path": [[17, 20]]}) == 2


def test_TRT_SERPENT_nooks_only_on_ground_or_low_terrain_and_validated(tmp_path):
    """The loader reads `nooks` on difficult, extreme and low pieces and refuses it on others with one line."""
    from wartime.data.loader import load_scenario
    base = ('format = 1\ntype = "scenario"\nname = "t"\nturn_limit = 4\npoints_limit = 200\nvictory = "elimination"\n[board]\nwidth = 20\nheight = 20\n'
            '[deployment.red]\nrect = [0, 0, 20, 2]\n[deployment.blue]\nrect = [0, 18, 20, 20]\n')
    ok = tmp_path / "ok.toml"
    ok.write_text(base + '[[terrain]]\nid = "rubble"\nkind = "extreme"\nrect = [5, 5, 8, 8]\nnooks = true\n')
    sc = load_scenario(ok)
    assert [t.nooks for t in sc.terrain] == [True]
    bad = tmp_path / "bad.toml"
    bad.write_text(base + '[[terrain]]\nid = "house"\nkind = "blocking"\nrect = [5, 5, 8, 8]\nnooks = true\n')
    with pytest.raises(DataError, match=r"terrain\[0\]\.nooks: only difficult, extreme or low"):
        load_scenario(bad)


def test_TRT_SERPENT_is_fielded_on_races_and_costs_2():
    assert traits.fielding_problem(SERPENT, "race", {SERPENT}) is None
    assert traits.fielding_problem(SERPENT, "weapon", {SERPENT}) is not None
    assert price(SERPENT) == 2


# --- Guardaespaldas ------------------------------------------------------------------------------------------------
GUARD = "TRT-BODYGUARD"


def guarded(bx: float = 20.0, by: float = 22.5, *, carries: bool = True, blue_rolls=()) -> Game:
    """Red (AGI 5) shoots a rifle (DMG 4) at blue (CON 9) 9 K east of it; a blue bodyguard (CON 9, DEF 2 armour)
    stands at (bx, by), 1.5 K from the target's base by default. Reaction windows are passed by hand (see `shoot`)."""
    from rules_helpers import armour
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9),
             M(side="blue", x=bx, y=by, facing=180.0, CON=9, protections=(armour(2),), name="guard"))
    if carries:
        g.set(g.ids[2], Traits((GUARD,)))
    g.auto_pass = False
    g.start_activation(g.ids[0], energy=10)
    return g


def pass_windows(g: Game) -> None:
    """Every ordinary reaction window is passed; stops at a bodyguard's question or the next action."""
    g.pass_windows_until("bodyguard")


def shoot(g: Game, *dice: int) -> None:
    g.shoot("bodyguard", *dice)


def test_TRT_BODYGUARD_asked_after_the_hit_and_takes_it_on_the_line_of_fire():
    """The CH IMP passes (2): the engine asks the bodyguard (its side, no ENE); it takes the hit: it stands on the
    segment from the shooter to the target in base contact with the target, makes the CH DEF (2 passes DEF 2: DMG 4
    − DEF 2 = 2 wounds) and its CH PSI (3); the target is untouched."""
    g = guarded()
    a, t, b = g.ids
    shoot(g, 2, 2, 3)
    p = g.pending
    assert (p.kind, p.window, p.actor, p.side, p.against, p.against_target) == ("react", "bodyguard", b, "blue", a, t)
    assert p.options == ("bodyguard",)
    assert [o.key for o in g.engine.legal_options()] == ["bodyguard"]
    assert not g.events("hit") and g.events("bodyguard_offered")[0]["bodyguards"] == [b]
    ene = g.energy(b)
    g.engine.submit(Decision("react", "blue", actor=b, action="bodyguard"))
    pass_windows(g)
    assert g.all_dice_used()
    assert g.pos(b) == (18.99, 20.0) and g.energy(b) == ene
    assert [c["who"] for c in g.checks("DEF")] == [b]
    assert g.wounds(b) == 2 and g.wounds(t) == 0
    assert g.events("bodyguard")[0]["ally"] == t and g.events("damage")[0]["target"] == b
    assert not g.checks("ATR", who=b)                  # no reaction CH VOL


def test_TRT_BODYGUARD_declined_the_target_takes_the_hit():
    g = guarded()
    a, t, b = g.ids
    shoot(g, 2, 4, 3)
    g.engine.submit(Decision("react", "blue", actor=b))
    pass_windows(g)
    assert g.all_dice_used() and g.pos(b) == (20.0, 22.5)
    assert g.events("damage")[0]["target"] == t and g.wounds(t) == 4 and g.wounds(b) == 0
    assert g.events("bodyguard_declined") == [] and not g.events("bodyguard")


def test_TRT_BODYGUARD_not_asked_on_a_miss_beyond_3_K_or_without_the_trait():
    """A missed shot asks nothing; an ally 3.5 K from the target's base, or one without the trait, is never asked:
    the run is the plain one (the same dice, the same events)."""
    g = guarded()
    shoot(g, 9)
    assert g.all_dice_used() and not g.events("bodyguard_offered") and g.events("miss")
    for h in (guarded(20, 25.0), guarded(carries=False)):
        shoot(h, 2, 4, 3)
        assert h.all_dice_used() and not h.events("bodyguard_offered") and h.wounds(h.ids[1]) == 4


def test_TRT_BODYGUARD_no_spot_on_the_line_of_fire_no_question():
    """The line of fire's spots near the target are taken by other bases: it cannot cross, nothing is asked."""
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9),
             M(side="blue", x=20, y=22.5, facing=180.0, CON=9),
             *[M(side="blue", x=x, y=20, CON=9) for x in (18.9, 17.8, 16.7, 15.6)])
    g.set(g.ids[2], Traits((GUARD,)))
    g.auto_pass = False
    g.start_activation(g.ids[0], energy=10)
    from wartime.rules import bodyguard
    assert bodyguard.line_spot(g.gs, g.ids[2], g.ids[0], g.ids[1]) is None


def brawl(*others: M, guard_con: int = 9, guard_def: int = 2) -> Game:
    """Red (CON 5: MOD-1 DMG +1) with a blade (DMG 3) in base contact with blue (CON 9) east of it; a blue
    bodyguard (DEF `guard_def` armour) 1.5 K from the target; `others` further minis."""
    from rules_helpers import armour, blade
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(blade(),)), M(side="blue", x=11, y=20, facing=180.0, CON=9),
             M(side="blue", x=12, y=21.5, CON=guard_con, protections=(armour(guard_def),) if guard_def else (),
               name="guard"), *others)
    g.set(g.ids[2], Traits((GUARD,)))
    g.auto_pass = False
    g.start_activation(g.ids[0], energy=10)
    return g


def strike(g: Game, *dice: int) -> None:
    g.dice.push(*dice)
    g.engine.submit(Decision("action", "red", actor=g.ids[0], action="melee_attack",
                             params={"target": g.ids[1], "weapon": 0}))
    pass_windows(g)


def test_TRT_BODYGUARD_takes_a_melee_blow_in_base_contact_with_the_attacker():
    """A blow has no line of fire: the bodyguard is asked after the CH IMP (2) and, taking it, stands in base contact
    with the attacker at the first free angle from the line to the ally (60°: nearer ones overlap the ally's base),
    engaged with it; it makes the CH DEF (2 passes DEF 2: MOD-1 DMG 3 + 1 − 2 = 2 wounds) and the CH PSI (3)."""
    from rules_helpers import armour
    from types import SimpleNamespace
    from wartime.ai.scripted_combat_feats2 import take_hit
    from wartime.rules import bodyguard
    g = brawl()
    a, t, b = g.ids
    strike(g, 2, 2, 3)
    p = g.pending
    assert (p.window, p.actor, p.against, p.against_target) == ("bodyguard", b, a, t)
    q = bodyguard.current(g.gs)
    assert q.melee and q.spot(b) == (10.505, 20.8747)
    assert take_hit(SimpleNamespace(gs=g.gs), p).action == "bodyguard"      # DEF 2 against the ally's none
    g.engine.submit(Decision("react", "blue", actor=b, action="bodyguard"))
    pass_windows(g)
    assert g.all_dice_used()
    assert g.pos(b) == (10.505, 20.8747) and g.gs.in_contact(a, b) and g.gs.engaged(b)
    assert g.events("bodyguard")[0]["melee"] is True
    assert [c["who"] for c in g.checks("DEF")] == [b] and g.wounds(b) == 2 and g.wounds(t) == 0
    h = brawl()
    h.set(h.ids[1], replace(h.gs.equipment(h.ids[1]), protections=(armour(3),)))
    h.set(h.ids[2], replace(h.gs.equipment(h.ids[2]), protections=()))
    strike(h, 2, 2, 3)
    assert take_hit(SimpleNamespace(gs=h.gs), h.pending).action is None     # the ally is the better armoured


def test_TRT_BODYGUARD_a_bodyguard_felled_by_a_blow_is_the_attackers_casualty():
    """CMB-15: the unarmoured bodyguard (CON 2) fails its CH DEF (10) against DMG 4 and is put out of action: the
    attacker gets the follow-up, naming the bodyguard; the ally is untouched."""
    g = brawl(guard_con=2, guard_def=0)
    a, t, b = g.ids
    strike(g, 2, 10)
    g.engine.submit(Decision("react", "blue", actor=b, action="bodyguard"))
    pass_windows(g)
    assert g.all_dice_used() and not g.gs.able(b) and g.wounds(t) == 0
    assert g.events("followup_available")[0]["casualty"] == b


def test_TRT_BODYGUARD_no_free_spot_beside_the_attacker_no_question():
    """Two other blue bases touch the attacker at ±60° from its line to the ally: every spot in base contact on the
    ally's side (±90°) overlaps a base, so the bodyguard cannot step in: no question, the ally takes the blow."""
    c, s = 1.001 * 0.5, 1.001 * 0.8660254
    g = brawl(M(side="blue", x=10 + c, y=20 + s, CON=9), M(side="blue", x=10 + c, y=20 - s, CON=9))
    strike(g, 2, 4, 3)
    assert g.all_dice_used() and not g.events("bodyguard_offered")
    assert g.events("damage")[0]["target"] == g.ids[1] and g.wounds(g.ids[1]) == 4


def test_TRT_BODYGUARD_takes_a_ram_in_front_of_the_rammer():
    """CBA-23: the CON 6 rammer ends in base contact with the ally and passes its CH IMP (5); the bodyguard (CON 6,
    DEF 5 armour) takes the ram: it steps in base contact with the rammer, takes DMG 6 with its CH DEF (5) and CH PSI
    (2) and is pushed 6 − CON 6 = 0 K; the ally is neither hit nor pushed."""
    from rules_helpers import armour
    from test_rules_transports import REGISTRY, _space
    from wartime.rules import bodyguard
    g = Game(M(x=10, y=20, AGI=6, CON=6, mov=4, facing=90.0),
             M(side="blue", x=14, y=20, CON=4, protections=(armour(5),)),
             M(side="blue", x=15, y=21.5, CON=6, protections=(armour(5),), name="guard"), width=60)
    a, t, b = g.ids
    g.set(b, Traits((GUARD,)))
    g.auto_pass = False
    g.start_activation(a, energy=10)
    end = next(c.build()["path"][0] for c in REGISTRY["ram"].candidates(g.gs, a, _space(g, a))
               if c.build()["target"] == t)
    g.dice.push(5, 5, 2)
    g.engine.submit(Decision("action", "red", actor=a, action="ram", params={"target": t, "path": [end]}))
    pass_windows(g)
    assert g.pending.window == "bodyguard" and bodyguard.current(g.gs).melee
    g.engine.submit(Decision("react", "blue", actor=b, action="bodyguard"))
    pass_windows(g)
    assert g.all_dice_used() and g.gs.in_contact(a, b)
    assert [(d["target"], d["dmg"]) for d in g.events("damage")] == [(b, 6)]
    assert not g.events("pushed") and g.pos(t) == (14.0, 20.0) and g.wounds(t) == 0


def test_TRT_BODYGUARD_not_offered_at_an_area_templates_hits():
    """An R3 centred on the ally: the template covers a zone and the ally makes its own CH DEF (ARE-5): a bodyguard
    2 K away (outside the zone) is not asked; the run is the plain one (CH IMP 3, CH DEF 5, CH PSI 2)."""
    from test_rules_areas import area_weapon
    g = Game(M(x=10, y=20, AGI=5, VOL=7, weapons=(area_weapon("R3"),)), M(side="blue", x=20, y=20, CON=9),
             M(side="blue", x=20, y=23, CON=9))
    g.set(g.ids[2], Traits((GUARD,)))
    g.start_activation(g.ids[0], energy=10)
    g.dice.push(3, 5, 2)
    g.act(g.ids[0], "ranged_attack", weapon=0, target=g.ids[1])
    assert g.all_dice_used() and g.events("area_placed") and not g.events("bodyguard_offered")
    assert g.wounds(g.ids[1]) == 4 and g.wounds(g.ids[2]) == 0


def test_TRT_BODYGUARD_the_question_is_recorded_and_replays_identically():
    """A match-level record: the decision, then the answer; the events come once, after the answer."""
    g = guarded()
    heard = []
    g.world.listeners.append(heard.append)
    shoot(g, 2, 4, 3)
    n = len(heard)
    assert [e["type"] for e in heard].count("hit") == 0
    g.engine.submit(Decision("react", "blue", actor=g.ids[2], action="bodyguard"))
    assert [e["type"] for e in heard[n:]].count("hit") == 1
    assert [e["type"] for e in heard].count("action") == 1


def test_TRT_BODYGUARD_listeners_hear_each_event_in_the_state_it_was_emitted():
    """The answered run's events reach a listener as a run without the probe gives them: each when the log ends with
    it, the bodyguard still at its place for the CH IMP and on the line of fire from its `bodyguard` event on, its
    wounds taken only at the `damage` event; afterwards the world is the run's end."""
    g = guarded()
    a, t, b = g.ids
    heard = []
    g.world.listeners.append(lambda ev: heard.append((ev, len(g.world.events), g.pos(b), g.wounds(b))))
    shoot(g, 2, 2, 3)
    n = len(heard)
    g.engine.submit(Decision("react", "blue", actor=b, action="bodyguard"))
    run = heard[n:]
    assert run and all(g.world.events[k - 1] is ev for ev, k, _, _ in run)
    at = {}
    for ev, _, where, w in run:
        at.setdefault(ev["type"], (where, w))            # the first of each type: the CH IMP's check
    assert at["check"] == ((20.0, 22.5), 0) and at["bodyguard"] == ((18.99, 20.0), 0)
    assert at["damage"][1] == 0 and at["wounds"][1] == 2 and g.wounds(b) == 2 and g.pos(b) == (18.99, 20.0)
    assert len(g.world.events) == run[-1][1]


def test_TRT_BODYGUARD_is_fielded_on_races_and_costs_2():
    assert traits.fielding_problem(GUARD, "race", {GUARD}) is None
    assert price(GUARD) == 2


def test_TRT_BODYGUARD_the_scripted_AI_takes_the_hit_when_the_odds_favour_it():
    """The armoured bodyguard (DEF 2) takes a hit meant for an unarmoured ally of the same worth; an unarmoured one
    leaves a hit meant for an armoured ally to it."""
    from types import SimpleNamespace
    from rules_helpers import armour
    from wartime.ai.scripted_combat_feats2 import take_hit
    g = guarded()
    shoot(g, 2, 2, 3)
    d = take_hit(SimpleNamespace(gs=g.gs), g.pending)
    assert d.action == "bodyguard" and d.actor == g.ids[2]
    h = guarded()
    from wartime.core.components import Equipment
    h.set(h.ids[2], Equipment((), ()))
    h.set(h.ids[1], Equipment((), (armour(3),)))
    shoot(h, 2, 2, 3)
    d = take_hit(SimpleNamespace(gs=h.gs), h.pending)
    assert d.action is None and d.actor == h.ids[2]


# --- Ponzoña ---------------------------------------------------------------------------------------------------------
VENOM = "TRT-VENOM"


def poisoner(blue_param: str | None = "ácido", blue_def: int = 0):
    """Red (a rifle, DMG 4) holds a venom of acid (Usar: ENE 1); blue (CON 9) 9 K away, allergic to `blue_param`."""
    from rules_helpers import armour
    from test_rules_objects import give
    from wartime.core.components import TraitState
    g = Game(M(x=10, y=20, AGI=5, CON=5, weapons=(weapon(DMG=4),)),
             M(side="blue", x=20, y=20, facing=180.0, CON=9, protections=(armour(blue_def),) if blue_def else ()))
    a, b = g.ids
    if blue_param is not None:
        g.set(b, Traits(("TRT-ALLERGIC",)), TraitState(("TRT-ALLERGIC",), params=(("TRT-ALLERGIC", blue_param),)))
    kit = give(g, a, VENOM, f"{VENOM}:ácido", name="Acid venom")
    g.start_activation(a, energy=10)
    return g, a, b, kit


def test_TRT_VENOM_a_use_coats_the_chosen_weapon_and_its_wounding_hit_delivers_it_to_the_allergic():
    """Usar (ENE 1) coats the rifle; its hit on a target allergic to acid deals DMG 4 × 2 = 8 (CH DEF 9 fails: 8
    wounds, CMB-4's factor) and the coat is gone (delivered)."""
    g, a, b, kit = poisoner()
    assert [o.params["choice"] for o in g.engine.legal_options("use_object")] == ["weapon:0"]
    g.act(a, "use_object", item=f"item:{kit}", choice="weapon:0")
    w = g.gs.equipment(a).weapons[0]
    assert g.energy(a) == 9 and traits.trait_arg(w, VENOM) == "acid" and g.events("venom_coated")
    g.dice.push(5, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.all_dice_used() and g.events("hit")[-1]["dmg"] == 8 and g.wounds(b) == 8
    assert traits.trait_arg(g.gs.equipment(a).weapons[0], VENOM) is None
    assert g.events("venom_delivered")[0]["substance"] == "acid"


def test_TRT_VENOM_nothing_for_a_target_not_allergic_and_a_hit_without_wound_keeps_the_coat():
    g, a, b, kit = poisoner(blue_param="fuego")
    g.act(a, "use_object", item=f"item:{kit}", choice="weapon:0")
    g.dice.push(5, 9, 5)
    g.act(a, "ranged_attack", target=b, weapon=0)
    assert g.events("hit")[-1]["dmg"] == 4 and g.wounds(b) == 4 and g.events("venom_delivered")
    h, a, b, kit = poisoner(blue_def=4)
    h.act(a, "use_object", item=f"item:{kit}", choice="weapon:0")
    h.dice.push(5, 2, 5)                                 # CH DEF 2 passes DEF 4: DMG 8 − 4 = 4 wounds; CH PSI
    h.act(a, "ranged_attack", target=b, weapon=0)
    assert h.wounds(b) == 4 and h.events("venom_delivered")
    k, a, b, kit = poisoner(blue_def=10)
    k.act(a, "use_object", item=f"item:{kit}", choice="weapon:0")
    k.dice.push(5, 2)                                    # DEF 10: DMG 8 leaves no wound: the coat stays
    k.act(a, "ranged_attack", target=b, weapon=0)
    assert k.wounds(b) == 0 and not k.events("venom_delivered")
    assert traits.trait_arg(k.gs.equipment(a).weapons[0], VENOM) == "acid"


def test_TRT_VENOM_poured_on_its_users_own_weapon_only():
    g, a, b, kit = poisoner()
    g.set(b, replace(g.gs.pos(b), x=11.02))              # in base contact: within the venom's RNG 0
    with pytest.raises(RuleViolation, match="poured on its user's own weapon"):
        g.act(a, "use_object", item=f"item:{kit}", target=b, choice="weapon:0")
    with pytest.raises(RuleViolation, match="chooses one of"):
        g.act(a, "use_object", item=f"item:{kit}", choice="weapon:3")


def test_TRT_VENOM_its_substance_is_validated_and_it_costs_5():
    assert traits.fielding_problem(VENOM, "object", {VENOM}, param="ácido") is None
    assert "names 'cicuta'" in traits.fielding_problem(VENOM, "object", {VENOM}, param="cicuta")
    assert traits.fielding_problem(VENOM, "weapon", {VENOM}, param="ácido") is not None
    assert priced_trait(VENOM, "object", "test", "traits", param="ácido").points == 5


def test_TRT_VENOM_the_scripted_AI_coats_only_against_an_allergic_enemy():
    from types import SimpleNamespace
    from wartime.ai.scripted_combat_feats2 import coat_weapon
    g, a, b, kit = poisoner()
    m = SimpleNamespace(gs=g.gs, engine=g.engine)
    d = coat_weapon(m, g.pending)
    assert d.action == "use_object" and d.params["choice"] == "weapon:0"
    h, a, b, kit = poisoner(blue_param="fuego")
    assert coat_weapon(SimpleNamespace(gs=h.gs, engine=h.engine), h.pending) is None
