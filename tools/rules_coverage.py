"""Regenerate docs/rules-coverage.md: rule ID → module → test → status for every rule of the project's index
(`wartime/data/tables/rule_index.tsv`) in the families below.

    python tools/rules_coverage.py          # rewrite the table
    python tools/rules_coverage.py --check  # exit 1 if the table on disk is stale

A rule's status is earned by tests, not by mentions:
  implemented      — a test that exercises it names its ID (a test function `test_<ID, - as _>…` with the ID
                     not followed by a letter or digit, e.g. `test_CBA_7_melee_needs_a_RNG_0_weapon`, or
                     `@pytest.mark.rules("ID", ...)`) and no module raises `NotImplementedRule("ID", ...)`;
  partial: why     — only part of the rule is done (PARTIAL below, curated by hand) and a test names the ID;
  refused: why     — the engine raises `NotImplementedRule("ID", ...)` (or lists `refuse("ID", ...)` in a
                     RefusedContent, match/setup.py) and no test names it for a done part
                     (the reason from REFUSED);
  not implemented  — otherwise (NOTES below says where the engine refuses it under another ID).
The module column lists up to 3 modules that name the ID, the one doing the work first: by layer, rules/,
geometry/, match/, data/, core/, the command line, ai/, balance/, ui/; within a layer a module whose function
or class docstring (or action `rule = "ID"`) names the ID first, then one whose code uses it as a string, a
mere comment last; for a refused rule, the module refusing it first. The test column lists every test file
holding a test that names the ID.

Only the files are read as text (no import of the engine, no ast: regular expressions), in sorted order: the
output depends on their contents alone, and a run takes a fraction of a second.
"""
from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INDEX = ROOT / "wartime" / "data" / "tables" / "rule_index.tsv"
DOC = ROOT / "docs" / "rules-coverage.md"
PREFIXES = ("BAS", "CHR", "ENV", "SEQ", "CHK", "ACT", "ENE", "REA", "MOV", "ARE", "CMB", "WND", "PSI", "MET",
            "MOD", "MVA", "CBA", "GNA", "BLD", "TRT", "ALM", "WNG", "SWD6", "SGD20")
STATUSES = ("implemented", "partial", "refused", "not implemented")

#: TRT-ALLERGIC, TRT-INVULNERABLE, TRT-RESISTANCE: the parameters refused, as nothing in the engine delivers them.
UNDELIVERED_NOTE = ("ice / cold, electricity, a disease, sonic, plasma, light (rules/traits/protections.py "
                    "UNDELIVERED: no weapon, venom, hazard or blast delivers them)")

#: Rules only partly done, with a test naming the ID for the part that is done: what is done, what is missing or
#: refused (possibly with NotImplementedRule("ID") itself). Without such a test the row is refused or not
#: implemented instead.
PARTIAL = {
    "TRT-FORTUNE": "all six alternatives played, once per turn, each asked of the carrier's side when it applies "
                   "(rules/fortune.py): ignore a hit's damage, ignore a fumble of its own check, success target +1 "
                   "on its own check missed by 1, recover 1 wound as its activation starts, DMG +1 on its hit, "
                   "cancel a die of a check (its own failed one, an enemy's passed one aimed at it or opposed to "
                   "it); dice that are no check (initiative SEQ-2, an area's dispersion, Afortunado's 1D10, 1D100 "
                   "percentages) are not offered for cancelling, and the odds shown before an action (rules.odds, "
                   "dry runs) do not count a use of Fortune",
    "TRT-ACTIVATION-AREA": "on weapons and objects dropped with Soltar (GNA-15; rules/placed.py): a mini, friend or "
                           "foe, whose move first comes within the item's RNG K of it (at its level) stops there and "
                           "sets it off once: a weapon centred on it, with no CH IMP and each covered mini's CH DEF; "
                           "an object is used on that mini (its effects as Usar's, no use check); an object whose use "
                           "must choose an option (Cóctel de vitaminas) is refused when dropped (NotImplementedRule)",
    "TRT-AUTONOMOUS-BOMB": "on weapons and objects with Área de activación: it goes off at the mini entering its area "
                           "(a weapon centred on it, an object used on it) if that mini's movement action covers 5 K "
                           "or less (faster minis slip past); an object whose use must choose an option is refused "
                           "when dropped (NotImplementedRule)",
    "TRT-REMOTE-CONTROL": "on weapons and objects dropped with Soltar: the character who placed it sets it off in its "
                          "own activation for ENE 1 without line of sight (rules/actions/charges.py; an object is "
                          "used on the mini nearest it within its RNG); its prerequisite Vulnerable, lost from the "
                          "source (traits notes G9), is not asked for; an object whose use must choose an option is "
                          "refused when dropped (NotImplementedRule)",
    "TRT-MAGIC-TELEKINESIS": "the action Telequinesis (a metahability's ENE, its kind's CH ATR, MET-7 fumbles, "
                             "Contramagia on an invocation) moves a movable scenery piece (its CON), an item lying on "
                             "the ground, a placed charge included, or a driverless transport (their QUA), of weight at "
                             "most VOL, within the metahability's RNG, FOV and LOS, its centre up to VOL K to a clear "
                             "spot on the board (a moved charge is not set off); never a character; a held item is "
                             "refused (project ruling: telekinesis does not wrest a thing from its holder, "
                             "rules/telekinesis.py); nor a piece a mini climbs or stands on (project ruling, "
                             "scenery_objects.borne_by)",
    "TRT-SUPER-STRENGTH": "Lanzar escenografía throws a scenario's movable terrain pieces (`movable = {con, size}`: "
                          "car or object CH CON, truck -2, bigger -4) and things lying on the ground at the thrower's "
                          "base (dropped or thrown weapons and objects, placed charges: CH CON as an object); a "
                          "failure +1 wound without CH DEF; a ranged attack with DMG CON, a piece landing at the "
                          "target, a thing in base contact with it (a charge keeps its owner and is not set off); a "
                          "piece a mini climbs or stands on is not lifted (project ruling, scenery_objects.borne_by)",
    "TRT-DARKNESS-FIELD": "on a race, held on an object and on a transport (its holder or rider bears it, the "
                          "levels added, G10; a transport's level kept in play, components.MountLevels): marks of "
                          "Marcador de objetivos on minis within 2 K per level of an able bearer give nothing there, "
                          "cannot be placed there and are removed at the start and end of every activation (a mark "
                          "passing through a field inside one activation survives); when it explodes (an attack "
                          "kills the bearer, or the object or transport is destroyed, WND-5) every mini within N K "
                          "loses up to N Escudo de energía levels; a bearer's death of no attack is not counted, nor "
                          "is Escudo de energía avanzado",
    "TRT-DESTABILISING-AMMO": "a hit on a surviving target empties its loaded weapons (those counting rounds: "
                              "Cargadores, Sin munición), wipes the marks it set (Marcador de objetivos) and "
                              "suppresses the bonus traits it carries (race, worn protections, held objects, its "
                              "weapons', its flight levels, take-off rule and level-3 freedom) until its next "
                              "activation starts; an airborne target whose flight is off keeps the levels up to its "
                              "own (the book gives no fall): it may come down, not climb; a ridden Mecha's frame "
                              "(its QUA as CON) stays",
    "ENV-3": "muzzle = the bearer's eye; a mounted weapon fires from the top centre of the transport (the rider's "
             "eye is at the transport's height); a mount point given by the data is not modelled",
    "ARE-5": "ranged area attacks (templates, full coverage); melee area attacks are refused (NotImplementedRule)",
    "ALM-41": "Reinforcements I and II, Strident alarm, Hasty and Reckless waves in the wave decision (Strident "
              "alarm also at the end of an attacker activation, ALM-27); the special-monster token is refused naming "
              "ALM-30",
    "TRT-SHIN": "on races (hacking DMG +1); on a metahability it is refused",
    "CBA-18": "on characters (Muro protections: a CH DEF against their DEF), and a neuromancer's on a target's "
              "transport, a driverless transport (MVA-17) or a held object (CH DEF 1, stress kept against its QUA), "
              "with Shin, then the target's mental combat (CBA-19); Hielo's mental combat for equipment (TRT-ICE) is "
              "tier 3: nothing is offered",
    "WNG-28": "the Shock track and the exhausted mark (wartime.rules.combat_systems.wrath_glory); an exhausted "
              "character's limit to moves and withdrawing is not applied, and restoring Shock with Wrath is not "
              "offered",
    "SWD6-13": "the wounded −1D; aiming for a round (+1D) and running or crawling (−1D) are Wartime's own modifiers "
               "(as pips) instead",
    "SWD6-14": "the base melee difficulty 10 (the ruling) and STR + weapon damage; the weapon difficulty table is not "
               "in the text, parrying is Wartime's dodge reaction (SWD6-12)",
    "SGD20-5": "10 + ΣDEF + the AGI modifier (the mapping: armour replaces the class bonus); armour's maximum Dex and "
               "size are not modelled",
    "SGD20-7": "natural 20 / 1, threat 19-20 and action dice for critical hits; critical failures (effects not in "
               "the text) are never triggered, anonymous NPCs do not exist",
    "CBA-19": "a neuromancer or puppeteer character targeted by Corromper / Hackear answers (its offer and each "
              "go-on question are react decisions, answers secret until both are in, rules/mental.py); an object or "
              "transport with Hielo (TRT-ICE, tier 3) is offered nothing",
    "MET-9": "mental combat after a corruption for neuromancer and puppeteer characters (CBA-19); an object with "
             "Hielo (TRT-ICE, tier 3) is offered nothing",
    "TRT-ALLERGIC": "DMG x2 (a CMB-4 factor) from every delivery of the substance named: a weapon's ammunition (fire, "
                    "acid, radiation, explosives), a venom coat (Ponzoña: a poison or an element), a burning "
                    "character's fire, a radioactive area, an Área permanente template (its weapon's elements), a "
                    "blast of no weapon (Bomba viviente, Inflamable, Explota, a wreck: explosive) and Sangre de ácido "
                    "(2 wounds); a parameter naming what nothing in the engine delivers is refused when a game is set "
                    "up: " + UNDELIVERED_NOTE,
    "TRT-FLAMMABLE": "on a race, a weapon, an object and a transport: when the bearer dies it explodes (the "
                     "weapon's DMG, on any death of its bearer, or the killing attack's for a race or an object, "
                     "halved, in an R of that DMG), and so does a weapon or object destroyed apart from its holder "
                     "(WND-5: a possessor's wounds, CBA-21, the blow's DMG for an object; the holder hit too) and a "
                     "destroyed transport (after its wreck's explosion, WND-5: both go off, the destroying blow's DMG "
                     "halved around the wreck); a fumbled CH IMP with a flammable weapon explodes 30 % of the time, "
                     "its user hit too; a race's own fumbles and a race's death of no attack (no DMG to halve) do "
                     "not explode",
    "TRT-SAIKIKKU": "wounded by an attack, everyone in melee with it gains 1 stress with no CH DEF, and its side "
                    "chooses one bonus of each (a 'bonus_loss' decision: those the character carries, race, worn "
                    "protections, held objects, effects, and its weapons') that stops working until the end of their "
                    "next activation; a flight bonus lost while airborne does not wholly stop: it keeps the levels "
                    "up to its own (the book gives no fall), coming down but not climbing",
    "TRT-INVULNERABLE": "no wounds (DMG 0, no corrosion wound) from every delivery of the element or substance named "
                        "(as Alérgico: ammunition, a venom coat, burning, radioactive areas, Área permanente "
                        "templates, blasts: explosive, Sangre de ácido: neither wound nor QUA loss); the hit's other "
                        "effects still apply (it is set on fire, its CH DEF is rolled); a parameter naming what "
                        "nothing in the engine delivers is refused when a game is set up: " + UNDELIVERED_NOTE,
    "TRT-RESISTANCE": "DEF +2 against melee, ranged and area attacks and every delivery of the element or substance "
                      "named (as Alérgico: ammunition, a venom coat, burning, radioactive areas and Área permanente "
                      "templates, blasts: explosive; a template's or a blast's hit is an area's); Sangre de ácido has "
                      "no CH DEF to raise; a parameter naming what nothing in the engine delivers is refused when a "
                      "game is set up: " + UNDELIVERED_NOTE,
    "TRT-NEGATE": "cancels a played trait named by its book name, or the characteristic DEF (the target's DEF "
                  "counts 0 in an attack between the bearer and another), in every interaction with the bearer "
                  "(on a metahability: on its target while the effect lasts, MET-3..5); another characteristic "
                  "(CON, AGI, DMG...) is refused when a game is set up: what cancelling it in an interaction does is "
                  "not told",
    "TRT-REQUIRES": "on a protection, a weapon, a metahability, an object or a transport, a bonus (a played trait, "
                    "by its book name), an attribute level ('VOL 6') or an object (one the user has, by name or id): "
                    "a design that does not meet it is refused when a game is set up, a character that does not is "
                    "not handed it (Comerciar, Saquear), refused Usar and the take-over of a driverless transport, "
                    "and a held object's passive effects do not reach it however it came by it; a condition (free "
                    "text) is refused when a game is set up",
    "TRT-ANTI-AMMO": "against targets that are not alive ('no vivos', MET-8), that carry a trait the engine plays "
                     "(by its book name), of a race or riding a transport named by its catalogue name or id (case "
                     "and accents aside); the catalogue records no vehicle class, so a class ('tanques') that no "
                     "race or transport is called is refused when a game is set up",
    "TRT-INFINITE-RANGE": "on a weapon (no maximum range, MOD-2's range modifier kept), a metahability (its casts "
                          "have no maximum range: traits/kinds2.py) and an object (Usar reaches any character in "
                          "its user's field of view and line of sight); a target outside the field of view, which "
                          "the book scatters, stays refused (ENV-1); a cast's CH IMP takes no MOD-2 range penalty "
                          "(the engine gives none to any cast)",
    # issue 16 traits played on some of their kinds (rules/traits/vehicles.py, objects)
    "TRT-COMMUNICATOR": "fielded on objects at its price; its ruling's mechanic (spotting a blind shot for another "
                        "carrier) is what CBA-3 already allows any ally, and shared location markers need Marcar "
                        "(tier 3, refused)",
    "TRT-WALLBREAKER": "DMG +3 in melee (race and weapon) against transports, ridden or driverless, and against "
                       "the walls and doors a scenario marks breakable (`breakable = {con, what}`; the book has no "
                       "rule for attacking scenery: a documented reading in rules/scenery_breaking.py, Ataque CaC "
                       "with a melee weapon, the piece's CH DEF against its DEF, destroyed off the board above its "
                       "CON), and with the book's variants of Ataque CaC: a firearm in melee (CBA-8, a second CH IMP) "
                       "and unarmed (CBA-10, at most 1 wound on the piece, 2 on a critical)",
    # more race traits (wartime/rules/traits/race_extra.py)
    "TRT-SPIDER": "walls as easy terrain: its moves at level 1 go over the pieces it would have to climb (their "
                  "faces' K up and down counted, no Escalar, no check) and down from a face or a top; Escalar works "
                  "like Mover (ENE 1, no CH AGI) up, down and along a face in a straight line to stop at any height "
                  "or on a top (race or held object); ceilings are not played: the engine's pieces are footprints "
                  "with a height and have no ceiling (no roofed piece to walk under)",
}

#: Why the engine refuses a rule (NotImplementedRule("ID")), said after "refused: ".
REFUSED = {
    "ALM-21": "the doors_spawn option is refused when a game is set up",
    "ALM-24": "the ordinary dungeon tokens (Ambush, False information, Flight, Destiny point) have no effect defined",
    "ALM-30": "the Alerted special monster token is refused in the wave decision",
}

#: Rules without code or test of their own that the engine refuses under another rule ID: said after
#: "not implemented: ", so that the row does not read as a silent gap.
NOTES: dict[str, str] = {
    "ALM-43": "its token is refused in the wave decision under ALM-30 (Alerted special monster)",
}

LAYERS = ("wartime/rules/", "wartime/geometry/", "wartime/match/", "wartime/data/", "wartime/core/", "wartime/cli",
          "wartime/ai/", "wartime/balance/", "wartime/ui/")
ID_TOKEN = re.compile(r"(?<![A-Za-z0-9_-])([A-Z][A-Z0-9]*-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![A-Za-z0-9])")
LITERAL = re.compile(r"""["']([A-Z][A-Z0-9]*-[A-Z0-9]+(?:-[A-Z0-9]+)*)["']""")
REFUSAL = re.compile(r"""(?:NotImplementedRule|refuse)\(\s*["']([A-Z0-9]+-[A-Z0-9-]+)["']""")


def rule_key(rid: str) -> str:
    return rid.replace("-", "_")


def names_rule(func_name: str, rid: str) -> bool:
    """A test function names a rule when `_<KEY>` follows `test` or another word of its name, and is not
    followed by a letter or digit: test_CBA_8_x, test_ENE_2_and_ENE_3_x; never test_CBA_80 or test_xCBA_8."""
    key = "_" + rule_key(rid)
    return key in func_name and func_name.startswith("test_") \
        and re.search(re.escape(key) + r"(?![A-Za-z0-9])", func_name) is not None


MARKER = re.compile(r"@(?:pytest\.)?(?:mark\.)?rules\((.*)\)\s*(?:#.*)?$")
TEST_DEF = re.compile(r"(?:async\s+)?def\s+(test_\w*)")
HEADER = re.compile(r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+\w+", re.M)
ACTION_RULE = re.compile(r"""^[ \t]+rule[ \t]*(?::[^=\n]*)?=[ \t]*["']([^"'\n]+)["']""", re.M)


def _tests_in(text: str):
    """(function name, IDs of its `@pytest.mark.rules("ID", ...)` markers) of every test pytest collects:
    module-level `test_*` functions and `test_*` methods of `Test*` classes (a class's marker applies to its
    methods). Read line by line: a decorator runs until its parentheses close."""
    decorators: list[str] = []
    class_marks: list[str] = []
    in_test_class = False
    depth = 0
    for line in text.splitlines():
        s = line.strip()
        if depth > 0:                       # inside a decorator spread over lines
            decorators[-1] += " " + s
            depth += s.count("(") - s.count(")")
            continue
        if not s or s.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if s.startswith("@"):
            decorators.append(s)
            depth = s.count("(") - s.count(")")
            continue
        m = TEST_DEF.match(s)
        if indent == 0:
            in_test_class = s.startswith("class Test")
            if in_test_class:
                class_marks, decorators = decorators, []
                continue
            class_marks = []
        if m and (indent == 0 or in_test_class):
            yield m.group(1), _marker_ids(class_marks + decorators)
        decorators = []


def _marker_ids(decorators: list[str]) -> set[str]:
    """IDs given as string literals to `rules(...)` markers."""
    out: set[str] = set()
    for d in decorators:
        m = MARKER.match(d)
        if m:
            out |= set(re.findall(r"""["']([^"']+)["']""", m.group(1)))
    return out


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_files_naming(ids: set[str]) -> dict[str, list[str]]:
    """rule ID → test files (relative, sorted) holding a test that names it by function name or marker."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "tests/test_rules_coverage.py":
            continue            # it checks this table; it exercises no rule
        for name, marked in _tests_in(_read(path)):
            hits = {rid for rid in ids if rid in marked or names_rule(name, rid)}
            # a name carrying a longer ID does not name its prefix (test_TRT_ELITE_BEAST names TRT-ELITE-BEAST)
            for rid in hits:
                if rid in marked or not any(o != rid and o.startswith(rid + "-") and names_rule(name, o)
                                            for o in hits):
                    found.setdefault(rid, set()).add(rel)
    return {rid: sorted(files) for rid, files in found.items()}


def _docstring_ids(text: str) -> set[str]:
    """IDs named by a function or class docstring, or by an action's `rule = "ID"`."""
    out = set(ACTION_RULE.findall(text))
    for m in HEADER.finditer(text):
        i, depth = m.end(), 0
        while i < len(text):                # the header ends at the first ':' outside brackets
            c = text[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            elif c == ":" and depth == 0:
                break
            i += 1
        body = text[i + 1:].lstrip(" \t")
        if body.startswith("#"):
            body = body.split("\n", 1)[-1]
        body = body.lstrip().lstrip("rRuU")
        q = body[:3]
        if q in ('"""', "'''"):
            out |= set(ID_TOKEN.findall(body[3:body.find(q, 3)]))
    return out


def scan_code(ids: set[str]) -> tuple[dict[str, list[tuple[int, int, int, str]]], set[str]]:
    """(rule ID → (refuses it, layer, 0-3: how weakly it names it, module) of every module naming it; IDs
    refused with NotImplementedRule("ID", ...)). A function or class docstring naming the rule counts most,
    then the ID used as a string in code (raising or recording it); a mere comment least."""
    found: dict[str, list[tuple[int, int, int, str]]] = {}
    refused: set[str] = set()
    for path in sorted((ROOT / "wartime").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        text = _read(path)
        refusing = set(REFUSAL.findall(text))
        refused |= refusing
        if path.name == "__init__.py":
            continue
        layer = next((i for i, p in enumerate(LAYERS) if rel.startswith(p)), len(LAYERS))
        documented = _docstring_ids(text)
        literal = set(LITERAL.findall(text))
        for rid in set(ID_TOKEN.findall(text)) & ids:
            weak = (0 if rid in documented else 2) + (0 if rid in literal else 1)
            found.setdefault(rid, []).append((0 if rid in refusing else 1, layer, weak, rel))
    return found, refused


def best_modules(found: list[tuple[int, int, int, str]], status: str) -> list[str]:
    """The modules doing the work first: by layer (rules/ first), then how strongly they name the rule; for a
    refused rule, the modules refusing it first."""
    key = (lambda f: f) if status.startswith("refused") else (lambda f: f[1:])
    return [f[3] for f in sorted(found, key=key)]


#: a peer combat system's table of refused rules: `refuse("ID", "why" "why continued")` (rules/combat_systems)
REFUSE_WHY = re.compile(r"""refuse\(\s*["']([A-Z0-9]+-[A-Z0-9-]+)["']\s*,\s*((?:"[^"\n]*"\s*)+)\)""")


def refusal_reasons() -> dict[str, str]:
    """The reason written beside each `refuse("ID", "why")` of the code (used when REFUSED has none)."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "wartime").rglob("*.py")):
        for rid, parts in REFUSE_WHY.findall(path.read_text(encoding="utf-8")):
            out.setdefault(rid, "".join(re.findall(r'"([^"\n]*)"', parts)))
    return out


def status_of(rid: str, tests: list[str], refused: bool) -> str:
    if tests and rid in PARTIAL:
        return f"partial: {PARTIAL[rid]}"
    if refused:
        if rid in REFUSED:
            return f"refused: {REFUSED[rid]}"
        why = refusal_reasons().get(rid)
        return f"refused: {why}" if why else "refused"
    if tests:
        return "implemented"
    if rid in NOTES:
        return f"not implemented: {NOTES[rid]}"
    if rid.startswith("TRT-"):
        return "not implemented: a list fielding it is refused naming the ID (match/setup.py fielding_problems)"
    return "not implemented"


def index_rows() -> list[dict[str, str]]:
    with INDEX.open(encoding="utf-8", newline="") as fh:
        return [r for r in csv.DictReader(fh, delimiter="\t") if r["id"].split("-")[0] in PREFIXES]


def build() -> str:
    rows = index_rows()
    ids = {r["id"] for r in rows}
    modules, refused = scan_code(ids)
    tests = test_files_naming(ids)
    counts = dict.fromkeys(STATUSES, 0)
    body = []
    for row in rows:
        rid = row["id"]
        status = status_of(rid, tests.get(rid, []), rid in refused)
        counts[status.split(":")[0]] += 1
        mod_s = "<br>".join(f"`{m}`" for m in best_modules(modules.get(rid, []), status)[:3]) or "—"
        tst_s = "<br>".join(f"`{t}`" for t in tests.get(rid, [])) or "—"
        body.append(f"| {rid} | {row['tier']} | {row['title']} | {mod_s} | {tst_s} | {status} |")
    summary = ", ".join(f"{k}: {v}" for k, v in counts.items())
    head = ["# Rules coverage", "",
            "Rule ID → module → test → status, for every rule of the index",
            f"(`wartime/data/tables/rule_index.tsv`) in the families {', '.join(PREFIXES)}.",
            "Generated by `python tools/rules_coverage.py`; `tests/test_rules_coverage.py` checks that it is up",
            "to date and no more generous than the tests and the code.", "",
            "A rule is **implemented** when a test that exercises it names its ID (a test function",
            "`test_<ID with - as _>_…` or `@pytest.mark.rules(\"ID\")`) and the engine does not refuse it;",
            "**partial** when only part of it is done (the reason says which); **refused** when the engine",
            "raises `NotImplementedRule` with its ID; **not implemented** otherwise. The module column lists",
            "up to three modules that name the ID, the one doing the work first; the test column lists the",
            "test files whose tests name it.", "",
            f"Summary: {summary}.", "",
            "| ID | tier | title | module | test | status |", "|---|---|---|---|---|---|"]
    return "\n".join(head + body) + "\n"


def main(argv: list[str]) -> int:
    text = build()
    if "--check" in argv:
        return 0 if DOC.exists() and DOC.read_text(encoding="utf-8") == text else 1
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
