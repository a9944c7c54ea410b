"""One source for action data: every registered action (wartime.rules.actions.REGISTRY) agrees with its row of
the actions table (wartime/data/tables/actions.tsv, loaded by wartime.data.tables.action_table): the row of its
rule ID exists, its base ENE cost is the table's and it has a check of its own exactly when the table gives one.

Rules do no I/O, so the table cannot be read by the action classes: this test binds code and table instead. The
cost is asked of the code itself (`Action.cost`) on a minimal prepared situation: a weapon of ENE 7 and DMG 5,
no terrain surcharge, no trait. The table's forms: a number; `weapon.ENE` / `weapon.DMG` (the cost is the
weapon's); `item.ENE` (an object of ENE 3's); `a|b` (two cases, e.g. a transport's and a character's Pivotar: either may be the code's); `N+...`
(a surcharge on top, 0 here); `move_action.ENE+1` / `run.ENE+2` (Embestir: the movement action's ENE plus 1 or 2)."""
from __future__ import annotations

from wartime.core.components import CarriedProtections, Equipment, Gear, Protection, Psyche, UsableElement

import re
from types import SimpleNamespace

import pytest

from wartime.data.tables import action_table
from wartime.rules.actions import REGISTRY

WEAPON = SimpleNamespace(ENE=7, DMG=5, traits=(), name="test weapon")
#: the object Usar is priced with (GNA-16: `item.ENE`)
ITEM = Gear("kit", "test object", 3, 0, 2)
#: the scenario element Usar is priced with (GNA-16: `item.ENE`, the element's ENE the scenario sets)
ELEMENT = UsableElement(ene=3, check=None, modifier=0, effect="mechanism")
#: GNA-16: a carried protection put on with Usar costs its ENE (the table's item.ENE)
CARRIED = CarriedProtections((Protection("cloak", "test cloak", ITEM.ENE, 1, 0, 1),))

#: Actions that are not actions (free: MOV-5 turning, CMB-15 follow-up, ENE-4 ending): no row in the table.
FREE = sorted(k for k, a in REGISTRY.items() if a.free)
#: Actions a trait grants (rules/actions/trait_actions.py): their rule is the trait's ID and their cost is in the
#: trait catalogue's effect text, not in the actions table.
TRAIT_ACTIONS = sorted(k for k, a in REGISTRY.items() if not a.free and a.rule.startswith("TRT-"))
#: Actions of the core metahability rules (MET-2 Usar, MET-6 Mantener): no row in the actions table; their cost is
#: the metahability's ENE (tests/rules/test_rules_metahabilities.py).
CORE_ACTIONS = sorted(k for k, a in REGISTRY.items() if not a.free and a.rule.startswith("MET-"))
#: CBA-21's hand-over to the possessed ("act with") and its handling of possessed equipment (switched off / on,
#: wounded): part of Poseer's effect (the possessed then acts on its possessor's ENE; the equipment is handled as the
#: effect says), not rows of the table: priced 0, no check (tests/rules/test_rules_possession.py,
#: tests/rules/test_rules_possession_equipment.py).
HAND_OVERS = ["command_possessed", "control_equipment"]
ACTIONS = sorted(k for k, a in REGISTRY.items() if not a.free and k not in TRAIT_ACTIONS and k not in CORE_ACTIONS
                 and k not in HAND_OVERS)

#: Where the code's `has_check` (ACT-3: the action has its own check, so a chained one rolls no extra CH AGI)
#: deliberately differs from "the table lists a check", with the reason.
CHECK_EXCEPTIONS = {
    "MVA-17": "Embarcar / desembarcar's [AGI D] is conditional (only a transport en marcha): for ACT-3 it is a "
              "simple action",
    "CBA-15": "Destrabarse's [PSI] is conditional (only when its side does not outnumber the enemy's) and is a "
              "CH PSI, not an attribute check: for ACT-3 it is a simple action",
}

#: Actions whose base cost is printed in their entry's text rather than in the table's cost column, with the cost.
#: (Changing the packaged table would change the rules hash and orphan every recorded game.)
COST_EXCEPTIONS = {
    "break_free": (3, "CBA-25: 'Podrá liberarse con una acción, ENE 3 y CH CON ENF' (the table's 1 is Inmovilizar's)"),
    "tie_up": (3, "CBA-25: 'puede atarle con una acción de ENE 3 y un nuevo CH CON ENF' (the table's 1 is "
                  "Inmovilizar's)"),
}


#: Trait actions whose catalogue text prints no ENE cost, with the cost played and why.
TRAIT_COST_EXCEPTIONS = {
    "psychic_energy": (0, "TRT-PSYCHIC-ENERGY: 'May take +1 stress to gain +3 ENE' prints no cost: a printed 0 "
                          "(its ruling: once per activation, in the own activation)"),
    "give_orders": (0, "TRT-ORDERS: 'it may give 3 ENE to one ally' prints no cost of the order: a printed 0 (its "
                       "ruling: the ENE is granted, not taken from the giver)"),
    "bodyguard": (0, "TRT-BODYGUARD: 'May take on itself the hit...' prints no cost: a printed 0 (its ruling: no "
                     "reaction VOL check or ENE needed)"),
    **{k: (0, "TRT-FORTUNE: 'Once per turn, one of: ...' prints no cost: a printed 0 (its ruling: six "
              "alternatives, one use per turn; each an answer to the engine's question, no ENE)")
       for k in ("fortune_ignore_damage", "fortune_ignore_fumble", "fortune_cancel_die", "fortune_recover",
                 "fortune_target_plus", "fortune_dmg_plus")},
    "aim_reroll": (0, "TRT-AIM-CORRECTOR: 'May reroll dispersion' prints no cost: a printed 0 (the answer to the "
                      "engine's question after a dispersion, rules/aim_correction.py, no ENE)"),
}
#: Trait actions whose effect text prints no cost, priced by a ruling (cost, with a check?, the ruling).
TRAIT_RULED_COSTS = {
    "throw_scenery": (2, True, "TRT-SUPER-STRENGTH ruling: the throw is Lanzar's (CBA-6: ENE 2), with the effect's "
                               "CH CON"),
}
#: Trait actions used as a metahability (MET-2): they cost the metahability's ENE and roll its kind's CH ATR (the cost
#: is checked with a metahability in tests/rules/test_rules_traits_telekinesis.py), with the ruling.
TRAIT_META_COSTS = {
    "telekinesis": "TRT-MAGIC-TELEKINESIS: a metahability's effect: its ENE and its kind's check (MET-2)",
}
#: Trait actions priced by their weapons, with the ruling: the cost of two of the test's weapons.
TRAIT_WEAPON_COSTS = {
    "swarm_volley": "TRT-SWARM-WEAPON ruling: each weapon of the volley pays its own ENE",
}


class _Prepared:
    """A prepared value for any action: no terrain surcharge, weapon 0; indexable (Cargar's (target, prep))."""
    surcharge = 0
    weapon_index = 0
    length = 0.0

    def __getitem__(self, i):
        return self

    def __index__(self):          # Recargar's prepared value is the weapon index itself
        return 0


class _State:
    """Only what a cost asks of the game state: the weapon, the object, the character's traits (no object held)."""
    world = SimpleNamespace(tables={}, try_get=lambda e, ctype: ITEM if ctype is Gear else
                            ELEMENT if ctype is UsableElement else CARRIED if ctype is CarriedProtections else None)

    def weapon(self, actor, index):
        return WEAPON

    def traits(self, e):
        return ()

    def psyche(self, e):
        return Psyche()

    def equipment(self, e):
        return Equipment((WEAPON,))

    def _memo_table(self):          # rules.traits memoises a character's traits per world version
        return {}


def table_costs(text: str) -> set[int]:
    """The costs a table `ene_cost` allows in the minimal situation (empty set: not a form this test reads)."""
    out: set[int] = set()
    for alt in text.split("|"):
        alt = alt.strip()
        m = re.fullmatch(r"(\d+)(\s*\+\s*\S.*)?", alt)
        if m:
            out.add(int(m.group(1)))
        elif alt == "weapon.ENE":
            out.add(WEAPON.ENE)
        elif alt == "weapon.DMG":
            out.add(WEAPON.DMG)
        elif alt == "item.ENE":
            out.add(ITEM.ENE)
        elif alt in ("move_action.ENE+1", "run.ENE+2"):       # CBA-23: Mover's ENE 1 + 1, Correr's ENE 2 + 2
            out.add(2 if alt.startswith("move") else 4)
    return out


def test_the_table_parses_every_cost_form_the_registered_actions_use():
    table = action_table()
    for key in ACTIONS:
        row = table.get(REGISTRY[key].rule)
        assert row is not None and table_costs(row["ene_cost"]), (key, row and row["ene_cost"])


@pytest.mark.parametrize("key", ACTIONS)
def test_action_has_a_row_of_its_rule_id(key):
    action = REGISTRY[key]
    assert action.rule in action_table(), f"{key}: rule {action.rule} has no row in actions.tsv"


@pytest.mark.parametrize("key", ACTIONS)
def test_action_base_cost_is_the_tables(key):
    action = REGISTRY[key]
    row = action_table()[action.rule]
    got = action.cost(_State(), 1, {}, _Prepared())
    if key in COST_EXCEPTIONS:
        assert got == COST_EXCEPTIONS[key][0] and got not in table_costs(row["ene_cost"]), key
        return
    assert got in table_costs(row["ene_cost"]), \
        f"{key} ({action.rule}): the code costs {got} ENE, actions.tsv says {row['ene_cost']!r}"


@pytest.mark.parametrize("key", ACTIONS)
def test_action_check_is_the_tables(key):
    action = REGISTRY[key]
    row = action_table()[action.rule]
    listed = bool(row["check"].strip())
    if action.rule in CHECK_EXCEPTIONS:
        assert listed != action.has_check, f"{action.rule} agrees with the table now: drop its exception"
        return
    assert action.has_check == listed, \
        f"{key} ({action.rule}): has_check is {action.has_check}, actions.tsv's check is {row['check']!r}"


#: Free parts of an action's row (not actions: no ENE, no window), with the reason.
FREE_PARTS = {
    "discover": "GNA-9 ruling (2): the CH INT ENF that discovers a hidden character is free; the row's ENE 2 is "
                "Esconderse's",
}


@pytest.mark.parametrize("key", FREE)
def test_free_actions_are_not_in_the_actions_table(key):
    action = REGISTRY[key]
    if key in FREE_PARTS:
        assert action.rule in action_table(), key
        return
    assert action.rule not in action_table() or action_table()[action.rule]["ene_cost"] in ("0", ""), key


@pytest.mark.parametrize("key", TRAIT_ACTIONS)
def test_trait_action_cost_is_its_catalogue_rows(key):
    """An action a trait grants costs what the trait's catalogue effect text says (the sentence "... costs ENE N")
    and has a check exactly when that sentence names one ("check" or a "CH XXX")."""
    from wartime.data.tables import trait_by_id
    action = REGISTRY[key]
    if key in TRAIT_COST_EXCEPTIONS:
        assert action.cost(_State(), 1, {}, _Prepared()) == TRAIT_COST_EXCEPTIONS[key][0] and action.zero_cost
        return
    if key in TRAIT_RULED_COSTS:
        cost, check, _ = TRAIT_RULED_COSTS[key]
        assert action.cost(_State(), 1, {}, _Prepared()) == cost and action.has_check == check
        return
    if key in TRAIT_META_COSTS:
        assert action.has_check and "metahability" in {q.kind for q in action.params}
        return
    if key in TRAIT_WEAPON_COSTS:
        from wartime.rules.actions.combat import AttackPrep
        assert action.cost(_State(), 1, {}, (AttackPrep(2, 0), AttackPrep(2, 0))) == 2 * WEAPON.ENE
        return
    row = trait_by_id()[action.rule]
    sentence = next((x for x in row.effect_en.split(".") if "ENE" in x), "")
    # the clause that prices the action: from the last " and " before its ENE (TRT-ADVANCED-ENERGY-SHIELD: "the
    # shield DEF check has target 6 and recovering a level costs ENE 6" names the shield's check, not the action's)
    if "ENE" in sentence:
        sentence = sentence[sentence.rfind(" and ", 0, sentence.index("ENE")) + 1:]
    m = re.search(r"ENE (\d+)", sentence)
    assert m, f"{action.rule}: its effect text names no ENE cost"
    assert action.cost(_State(), 1, {}, _Prepared()) == int(m.group(1))
    assert action.has_check == ("check" in sentence or re.search(r"\bCH [A-Z]{3}\b", sentence) is not None)
