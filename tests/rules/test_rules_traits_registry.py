"""The trait registry (rules.traits): every registered trait is in the catalogue and uses only the hook points
its catalogue row names; the rules never name a trait in Spanish; setup fields exactly the registry's traits.
Plus the tests of the traits no other file exercises, named after their IDs."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rules_helpers import Game, M, blade, violation, weapon
from wartime.core.errors import NotImplementedRule
from wartime.data.loader import archetype_from_dict
from wartime.data.models import CharacterSpec
from wartime.data.tables import trait_by_id, trait_catalogue
from wartime.match.setup import IMPLEMENTED_TRAITS, check_traits
from wartime.rules import traits
from wartime.rules.noise import weapon_noise

ROOT = Path(traits.__file__).resolve().parents[2]          # the wartime package
#: Words that are trait names and also something else the rules name: the action Contracarga (CBA, same name
#: as the trait TRT-COUNTER-CHARGE) and the metahability types (MET-*).
NOT_TRAITS = {"Contracarga", "Mutación", "Bunkai", "Invocación", "Atadura"}


def test_every_registered_trait_is_in_the_catalogue():
    """TRT-*: a registered trait ID is a row of wartime/data/tables/traits.tsv, under the book's name."""
    catalogue = trait_by_id()
    assert [t for t in traits.plugins() if t not in catalogue] == []
    assert {t: p.name for t, p in traits.plugins().items()} == {t: catalogue[t].name_es for t in traits.plugins()}


def test_hook_points_are_documented_and_mapped_to_catalogue_hooks():
    """Every hook point maps to a hook name of the catalogue's `hooks` column, and the package docstring
    documents each one."""
    vocabulary = {h for t in trait_by_id().values() for h in t.hooks}
    assert set(traits.CATALOGUE_HOOK.values()) <= vocabulary
    assert set(traits.HOOKS) == set(traits.CATALOGUE_HOOK)
    for hook in traits.HOOKS:
        assert f"``{hook}(" in traits.__doc__, hook


@pytest.mark.parametrize("trait_id", sorted(traits.plugins()))
def test_registered_hooks_match_the_catalogue_row(trait_id):
    """A trait registers only on hook points its catalogue row names (engine points through CATALOGUE_HOOK)."""
    plugin = traits.plugins()[trait_id]
    row = set(trait_by_id()[trait_id].hooks)
    used = {traits.CATALOGUE_HOOK[h] for h in plugin.hooks}
    assert used <= row, f"{trait_id}: hooks {sorted(used - row)} are not in its catalogue row {sorted(row)}"
    for kind in plugin.kinds:
        assert kind in trait_by_id()[trait_id].applies_to
    for handler in plugin.hooks.values():
        assert trait_id in (handler.__doc__ or ""), f"{handler.__name__}'s docstring names {trait_id}"


def test_handlers_come_in_trait_id_order():
    for hook in traits.HOOKS:
        ids = [t for t, _ in traits.handlers(hook)]
        assert ids == sorted(ids)


def test_setup_fields_exactly_the_registry():
    """MET-1: the fieldable set is the registry's; an unregistered trait is refused naming its ID."""
    assert IMPLEMENTED_TRAITS == traits.fieldable()
    human = {"id": "human", "kind": "race", "name": "Human", "CON": 4, "AGI": 4, "INT": 4, "VOL": 4}
    cat = trait_by_id()
    for trait_id, t in sorted(cat.items()):
        kind = next((k for k in ("race", "weapon") if k in t.applies_to), None)
        if kind is None or t.per_level or t.param:
            continue
        plugin = traits.plugins().get(trait_id)
        extra = [{"name": cat[r].name_es, **({"param": "R3"} if r == "TRT-AREA" else {})}
                 for r in (plugin.requires if plugin else ())]
        if kind == "race":
            # Manipulador needs Titiritero: a binding among the character's metahabilities (MET-1 ruling)
            metas = (archetype_from_dict({"id": "strings", "kind": "metahability", "name": "Strings", "ENE": 2,
                                          "RNG": 5, "QUA": 4, "traits": [{"name": "Atadura"}]}),) \
                if trait_id == "TRT-MANIPULATOR" else ()
            spec = CharacterSpec(id="c", name="C", race=archetype_from_dict(
                {**human, "traits": [{"name": t.name_es}, *extra]}), metahabilities=metas)
        else:
            gun = archetype_from_dict({"id": "gun", "kind": "weapon", "name": "Gun", "ENE": 2, "DMG": 4, "RNG": 20,
                                       "QUA": 4, "traits": [{"name": t.name_es}, *extra]})
            spec = CharacterSpec(id="c", name="C", race=archetype_from_dict(human), weapons=(gun,))
        if trait_id in traits.fieldable() and not (plugin.kinds and kind not in plugin.kinds):
            check_traits(spec)
        else:
            with pytest.raises(NotImplementedRule) as exc:
                check_traits(spec)
            assert exc.value.rule_id == trait_id


def _strings(tree: ast.AST):
    """The string constants of a module that are not docstrings."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_rule_names_a_trait_in_spanish():
    """Traits are keyed by ID: no module of wartime/ outside data/ (the loader maps names to IDs) and
    rules/traits/ (labels in events) has a Spanish trait name in a string (docstrings and comments aside)."""
    names = sorted((n for n in trait_catalogue() if len(n) >= 3 and n not in NOT_TRAITS), key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("data/", "rules/traits/", "ui/", "ai/")):
            continue
        for line, text in _strings(ast.parse(path.read_text(encoding="utf-8"))):
            for m in pattern.finditer(text):
                found.append(f"wartime/{rel}:{line}: {m.group(1)!r}")
    assert found == []


# --- traits no other test file exercises -----------------------------------------------------------------
def test_TRT_CHICKEN_must_disengage_from_a_losing_melee():
    """TRT-CHICKEN: engaged in a melee its side is losing (1 against 2), a Gallina may only disengage or end
    its activation; an attack is refused. In an even melee it may attack."""
    g = Game(M(x=10, y=20, maluses=("TRT-CHICKEN",), weapons=(blade(),)),
             M(side="blue", x=11, y=20, facing=180.0), M(side="blue", x=10, y=21, facing=270.0))
    a, b, c = g.ids
    g.start_activation(a, energy=10)
    assert violation(g.engine.check_action, a, "melee_attack", {"target": b, "weapon": 0}).rule_id == "TRT-CHICKEN"
    assert g.engine.check_action(a, "disengage", {"path": [[8.5, 20]]}) >= 2
    # issue 20: the kept probe filter answers for a character with a restricting trait (asked once per key)
    from wartime.rules import options as legal, restrictions
    from wartime.rules.actions import REGISTRY
    quick = restrictions.probe_filter(g.gs, g.engine.flow.turn, a)
    assert quick is not None and not quick(REGISTRY["melee_attack"]) and quick(REGISTRY["disengage"])
    assert set(legal.offered_actions(g.engine, a)) <= {"disengage", "end"}
    g2 = Game(M(x=10, y=20, maluses=("TRT-CHICKEN",), weapons=(blade(),)), M(side="blue", x=11, y=20, facing=180.0))
    a2, b2 = g2.ids
    g2.start_activation(a2, energy=10)
    assert g2.engine.check_action(a2, "melee_attack", {"target": b2, "weapon": 0}) == 2


def test_TRT_INSANE_CH_LOC_minus_1_and_TRT_VERY_FEARFUL_CH_VOL_minus_1():
    """TRT-INSANE: CH LOC −1; TRT-VERY-FEARFUL: CH VOL −1 (a CH LOC is made with VOL: both apply to it); a race
    may carry them too."""
    from wartime.core.components import Traits
    from wartime.rules.modifiers import character_mods
    g = Game(M(x=10, y=20, maluses=("TRT-INSANE",)), M(side="blue", x=30, y=20))
    a, b = g.ids
    assert {m.rule: m.value for m in character_mods(g.gs, a, "VOL", "LOC")} == {"TRT-INSANE": -1}
    assert character_mods(g.gs, a, "VOL", "ATR") == []
    g.set(b, Traits(("TRT-VERY-FEARFUL",)))
    assert {m.rule: m.value for m in character_mods(g.gs, b, "VOL", "PSI")} == {"TRT-VERY-FEARFUL": -1}
    assert character_mods(g.gs, b, "AGI", "IMP") == [] and character_mods(g.gs, b, None, "ATR") == []


def test_TRT_SUPPRESSOR_silences_a_gun():
    """TRT-SUPPRESSOR / ENV-6: a silenced gun makes no noise."""
    assert weapon_noise(weapon(DMG=4, traits=("TRT-SUPPRESSOR",))) == 0.0 and weapon_noise(weapon(DMG=4)) == 8.0


def test_TRT_MAGAZINES_one_round_per_shot_and_a_full_reload():
    """TRT-MAGAZINES / GNA-13: the hook points weapon_ready, weapon_fired and reload."""
    w = weapon(magazine=2, rounds=1)
    traits.check_weapon_ready(w)
    empty = traits.weapon_fired(w)
    assert empty.rounds == 0 and traits.reloaded(empty).rounds == 2
    with pytest.raises(Exception) as exc:
        traits.check_weapon_ready(empty)
    assert exc.value.rule_id == "GNA-13"
    assert traits.reloaded(weapon()) is None and traits.weapon_fired(weapon()) == weapon()
