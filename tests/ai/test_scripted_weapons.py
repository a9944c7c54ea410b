"""The scripted controller uses the weapon traits that open choices (issue 12 point 5): an Anulador de escudo shot
at a shielded enemy, an Arma ATA shot at a high flyer, Munición anti where it bites, and shots at the enemy whose
protections (energy shield, Sombra, Escudo coriáceo) stop less, as the exact odds now count them. Each builds a
position with the rule-test helpers and asks the controller for its decision."""
from __future__ import annotations

from dataclasses import replace

from tests.ai.test_scripted_objects import decide, stub
from tests.rules.rules_helpers import Game, M, weapon
from wartime.ai.scripted import ScriptedController
from wartime.core.components import TraitedProtection, Traits
from wartime.rules.traits.weapons_more import Burning


def shield(trait: str = "TRT-ADVANCED-ENERGY-SHIELD", level: int = 2) -> TraitedProtection:
    return TraitedProtection("belt", "Shield belt", 0, 0, 0, 5, 0, traits=(trait,), levels=((trait, level, level),))


def best_shot(g: Game, e: int):
    """The shot the scripted controller would fire (before it crouches for it, MVA-4)."""
    g.start_activation(e, energy=10)
    return ScriptedController()._best_shot(stub(g), g.pending)[1]


def test_TRT_SHIELD_NULLIFIER_scripted_strips_a_shielded_enemy_first():
    """An advanced shield stops 60 % of shots: the shield-breaker fires its nullifier carbine at it."""
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4, RNG=40), weapon(DMG=2, RNG=40, key="nullifier",
                                                                    traits=("TRT-SHIELD-NULLIFIER",)))),
             M(side="blue", x=25, y=20, facing=180.0, protections=(shield(),)))
    d = decide(g, g.ids[0])
    assert d.action == "ranged_attack" and d.params == {"target": g.ids[1], "weapon": 1}


def test_TRT_SHIELD_NULLIFIER_scripted_shoots_to_wound_an_unshielded_enemy():
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4, RNG=40), weapon(DMG=2, RNG=40, key="nullifier",
                                                                    traits=("TRT-SHIELD-NULLIFIER",)))),
             M(side="blue", x=25, y=20, facing=180.0))
    assert decide(g, g.ids[0]).params.get("weapon") != 1
    d = best_shot(g, g.ids[0])
    assert d.action == "ranged_attack" and d.params["weapon"] == 0


def test_TRT_ATA_WEAPON_scripted_shoots_a_high_flyer():
    """A level-3 flyer: only the flak gun (Arma ATA) may shoot it; the scripted gunner does."""
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4, RNG=40), weapon(DMG=4, RNG=40, key="flak",
                                                                    traits=("TRT-ATA-WEAPON",)))),
             M(side="blue", x=18, y=20, facing=180.0))
    b = g.ids[1]
    g.set(b, replace(g.gs.pos(b), level=3))
    d = best_shot(g, g.ids[0])
    assert d.action == "ranged_attack" and d.params == {"target": b, "weapon": 1}


def test_TRT_ANTI_AMMO_scripted_picks_the_anti_rifle_where_it_bites():
    """A DMG 4 rifle and a DMG 3 ghoul-bane rifle (Munición anti (no vivos): +2): against a not-alive enemy the
    ghoul-bane rifle (DMG 5), against a living one the plain rifle."""
    guns = (weapon(DMG=4, RNG=40), weapon(DMG=3, RNG=40, key="bane",
                                          traits=("TRT-ANTI-AMMO", "TRT-ANTI-AMMO:no vivos")))
    for alive, pick in ((False, 1), (True, 0)):
        g = Game(M(x=10, y=20, weapons=guns), M(side="blue", x=25, y=20, facing=180.0, CON=9))
        if not alive:
            g.set(g.ids[1], Traits(("TRT-NON-LIVING",)))
        d = best_shot(g, g.ids[0])
        assert d.action == "ranged_attack" and d.params["weapon"] == pick, alive


def test_scripted_shoots_the_enemy_its_odds_say_is_not_behind_a_shield():
    """Two enemies alike but for an advanced energy shield: the odds count the shield, so the shot goes to the other
    (the nearer one carries the shield)."""
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4, RNG=40),)),
             M(side="blue", x=20, y=20, facing=180.0, protections=(shield(level=5),)),
             M(side="blue", x=22, y=20, facing=180.0))
    d = best_shot(g, g.ids[0])
    assert d.action == "ranged_attack" and d.params["target"] == g.ids[2]


def test_TRT_INCENDIARY_AMMO_scripted_puts_out_the_fire_on_it():
    """On fire (Munición incendiaria), with ENE for it, the scripted character puts the fire out before shooting."""
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4, RNG=40),)), M(side="blue", x=25, y=20, facing=180.0))
    g.set(g.ids[0], Burning(g.ids[1]))
    d = decide(g, g.ids[0])
    assert d.action == "put_out_fire"
    g = Game(M(x=10, y=20, weapons=(weapon(DMG=4, RNG=40),)), M(side="blue", x=25, y=20, facing=180.0))
    assert decide(g, g.ids[0]).action != "put_out_fire"


def test_TRT_REGENERATING_AMMO_scripted_regenerates_a_round_it_cannot_afford_to_reload():
    """An empty DMG 4 gun (Cargadores 3, Munición regenerativa) with ENE 3: no shot, a reload costs 4: it regenerates
    a round (ENE 1)."""
    gun = weapon(DMG=4, RNG=40, magazine=3, rounds=0, traits=("TRT-REGENERATING-AMMO", "TRT-MAGAZINES"))
    g = Game(M(x=10, y=20, weapons=(gun,)), M(side="blue", x=25, y=20, facing=180.0))
    d = decide(g, g.ids[0], energy=3)
    assert d.action == "regenerate_round" and d.params == {"weapon": 0}


def test_TRT_ALLERGIC_INVULNERABLE_scripted_picks_the_element_that_bites():
    """A DMG 4 rifle and a DMG 3 cryo gun (elements: cold): against an enemy Alérgico (hielo) the cryo gun (DMG 6),
    against one Invulnerable (hielo) or a plain one the rifle; the odds count the data's element."""
    from wartime.core.components import TraitState
    guns = (weapon(DMG=4, RNG=40), weapon(DMG=3, RNG=40, key="cryo", elements=("cold",)))
    for trait, pick in (("TRT-ALLERGIC", 1), ("TRT-INVULNERABLE", 0), (None, 0)):
        g = Game(M(x=10, y=20, weapons=guns), M(side="blue", x=25, y=20, facing=180.0, CON=9))
        if trait is not None:
            g.set(g.ids[1], Traits((trait,)), TraitState((trait,), params=((trait, "hielo"),)))
        d = best_shot(g, g.ids[0])
        assert d.action == "ranged_attack" and d.params["weapon"] == pick, trait


def _melee_pick(code: str, *blues: tuple[float, float]):
    """A red CON 7 fighter at (10, 20) with a blade (DMG 3: melee 6) and an Área flail (DMG 1: melee 4, `code`),
    engaged with the first blue at (11, 20); the weapon the scripted controller strikes with."""
    from tests.rules.rules_helpers import blade
    flail = blade(DMG=1, key="flail", area=code, traits=("TRT-AREA",))
    g = Game(M(x=10, y=20, CON=7, weapons=(blade(DMG=3), flail)),
             *[M(side="blue", x=x, y=y, facing=180.0, CON=9) for x, y in blues])
    g.start_activation(g.ids[0], energy=10)
    d = ScriptedController()._best_melee(stub(g), g.pending)
    assert d is not None and d.action == "melee_attack" and d.params["target"] == g.ids[1]
    return d.params["weapon"]


def test_ARE_5_scripted_sweeps_a_chain_of_enemies_with_a_melee_area():
    """ARE-5 / ARE-4: an S3 flail hits the engaged enemy and jumps to the two behind it (never to its wielder):
    three DMG 4 hits beat one DMG 6 blow, so the scripted fighter sweeps with it."""
    assert _melee_pick("S3", (11, 20), (13, 20), (15, 20)) == 1


def test_ARE_5_scripted_keeps_a_melee_area_off_itself():
    """ARE-5: an R3 centred on the engaged enemy fully covers its own wielder; with one enemy under it the value is
    negative, so the scripted fighter strikes with its blade."""
    assert _melee_pick("R3", (11, 20)) == 0


def test_TRT_INFINITE_RANGE_scripted_fires_out_of_view_where_the_scatter_can_only_find_enemies():
    """A VOL 3 rifleman (field of view 15 K) with Alcance infinito; every enemy is beyond 15 K, so every shot
    scatters: at the two blues standing 3 K apart a stray shot may land on the other one; at the lone blue beside a
    red ally it may land on the ally. The scripted controller shoots at the pair."""
    g = Game(M(x=10, y=20, VOL=3, weapons=(weapon(DMG=4, RNG=10, traits=("TRT-INFINITE-RANGE",)),)),
             M(side="blue", x=30, y=8, facing=180.0), M(side="blue", x=30, y=11, facing=180.0),
             M(side="blue", x=30, y=32, facing=180.0), M(side="red", x=30, y=35, facing=180.0))
    a, p1, p2, lone, ally = g.ids
    g.start_activation(a, energy=10)
    value, d, _ = ScriptedController()._best_shot(stub(g), g.pending)
    assert d.action == "ranged_attack" and d.params["target"] in (p1, p2) and value > 0
    ctl = ScriptedController()
    assert ctl._shot_value(g.gs, a, "ranged_attack", {"target": lone, "weapon": 0}, lone, 0, g.gs.weapon(a, 0)) < 0


def test_TRT_INFINITE_RANGE_scripted_lobs_an_area_out_of_view_at_a_cluster():
    """A VOL 3 grenadier (field of view 15 K) whose R6 launcher (RNG 10) has Alcance infinito: the three blues stand
    together 20 K away, out of reach of RNG and out of view: the area scatters but may still catch them: it fires."""
    g = Game(M(x=10, y=20, VOL=3, weapons=(weapon(DMG=4, RNG=10, key="launcher", area="R6",
                                                  traits=("TRT-AREA", "TRT-INFINITE-RANGE")),)),
             M(side="blue", x=30, y=20, facing=180.0), M(side="blue", x=31.5, y=21, facing=180.0),
             M(side="blue", x=31.5, y=19, facing=180.0))
    d = best_shot(g, g.ids[0])
    assert d.action == "ranged_attack" and d.params["weapon"] == 0
