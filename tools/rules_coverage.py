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

#: Rules only partly done, with a test naming the ID for the part that is done: what is done, what is missing or
#: refused (possibly with NotImplementedRule("ID") itself). Without such a test the row is refused or not
#: implemented instead.
PARTIAL = {
    "ALM-41": "Reinforcements I and II, Strident alarm, Hasty and Reckless waves in the wave decision (Strident "
              "alarm also at the end of an attacker activation, ALM-27); the special-monster token is refused naming "
              "ALM-30",
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
}

#: Rulings the engine plays for rules it implements in full, where the source leaves a gap (listed under the table,
#: after "Rulings of implemented rules"; the status column of these rows stays "implemented").
RULINGS = {
    "TRT-SPIDER": "walls and ceilings as easy terrain: its moves at level 1 go over the pieces it would have to "
                  "climb (their faces' K up and down counted, no Escalar, no check) and down from a face or a top; "
                  "Escalar works like Mover (ENE 1, no CH AGI) up, down and along a face in a straight line to stop "
                  "at any height or on a top (race or held object); a ceiling is the roof of a piece with `ceiling = "
                  "h` (a roofed open piece over difficult or extreme ground): with its whole base under the roof it "
                  "goes up a post to the underside where it stands, along it in a straight line (its base under the "
                  "roof all the way) and down again, with Escalar (ENE 1, no check, the K up, along and down within "
                  "MOV), hanging at h: elevation h at level 1 like a climber on a face (MVA-10: no base contact with "
                  "those on the ground 3 K below, BAS-3 distance in 3D), its body hanging head down (eye h minus its "
                  "height), other moves and Dejarse caer refused until it comes down; the roof blocks a sight line "
                  "between a point under it and one above it crossing the footprint (lines wholly under it pass: "
                  "open sides); the roof's top is not a place to stand (no rule needs it for Spider)",
    "CBA-18": "played on characters (a Muro protection: a CH DEF against its DEF) and, by a neuromancer, on a target's "
              "transport, a driverless transport (MVA-17) or a held object (CH DEF 1, the stress kept against its "
              "QUA), with Shin, then the target's mental combat (CBA-19); equipment fights back only with Hielo, "
              "whose mental combat is TRT-ICE's own effect (tier 3: a list fielding it is refused naming TRT-ICE)",
    "MET-9": "mental combat after a corruption for neuromancer and puppeteer characters (CBA-19); an object or "
             "transport fights one only with Hielo (TRT-ICE, tier 3: refused naming its ID when fielded)",
    "TRT-NEGATE": "cancels a played trait named by its book name in every interaction with the bearer (on a "
                  "metahability: on its target while the effect lasts, MET-3..5), or a characteristic, the number "
                  "that would work against the bearer in an interaction with it or its actions (another character "
                  "of either side): CON, its melee DMG's MOD-1 term and a CH CON ENF; AGI, INT, VOL, the base of "
                  "every check naming the other side (its CH IMP on the bearer, a dodge, a CH PSI the bearer causes, "
                  "a CH ATR ENF); DEF, the target's DEF in the bearer's attack; DMG, the weapon DMG of an attack on "
                  "the bearer; RNG, the other's RNG counts 0 in an action on the bearer (a shot, CBA-2..4 variants, "
                  "a throw, a cast, an object used, a reactive shot reach it only in base contact, refused naming "
                  "TRT-NEGATE and not offered; an area template that merely catches it is unaffected); QUA, the "
                  "other's QUA counts 0 (its protection wounded by the bearer's attack, CMB-9, is destroyed at once; "
                  "a driverless transport the bearer rams has CON = CAL 0; its equipment is possessable by the "
                  "bearer without stress, MET-10; no CH CAL between two characters exists in the engine); MOV, a "
                  "movement that is part of an action on the bearer covers 0 K (no Cargar nor Embestir on it, on "
                  "foot or by transport; ordinary moves near it unaffected); ENE, no reaction to the bearer's "
                  "actions (no window offered: no Esquivar en CaC, Contramagia) nor a reaction aimed at it (a "
                  "reactive shot at it in an ally's window; no Desenfundar against its attack in a duel, CBA-22); actions "
                  "in the other's own activation are paid as "
                  "usual; SIZ, the bearer's own protections' SIZ has no effect: no MOD-6 on its checks "
                  "(and the catalogue's fit penalty, data/models, is 0). Wartime's "
                  "own combat system (the peer systems, rules/combat_systems, roll their own numbers)",
    "TRT-REQUIRES": "a bonus (a played trait), an attribute level ('VOL 6'), an object the user has, or a condition "
                    "(the book names none: standing, crouched, prone, mounted, on foot, traits/protections.py "
                    "CONDITIONS): a weapon's attack, an object's Usar and a metahability's cast are refused outside "
                    "it, a protection's DEF is left out of its wearer's CH DEF while it is not met (its use is "
                    "protecting, as for the use tests) and a transport is not driven; unknown text is refused when a "
                    "game is set up",
    "TRT-SUPER-STRENGTH": "Lanzar escenografía throws a scenario's movable terrain pieces (`movable = {con, size}`: "
                          "car or object CH CON, truck -2, bigger -4) and things lying on the ground at the thrower's "
                          "base (dropped or thrown weapons and objects, placed charges: CH CON as an object); a "
                          "failure +1 wound without CH DEF; a ranged attack with DMG CON, a piece landing at the "
                          "target, a thing in base contact with it (a charge keeps its owner and is not set off); a "
                          "piece a mini climbs or stands on is not lifted (project ruling, scenery_objects.borne_by)",
    "TRT-MAGIC-TELEKINESIS": "the action Telequinesis (a metahability's ENE, its kind's CH ATR, MET-7 fumbles, "
                             "Contramagia on an invocation) moves a movable scenery piece (its CON), an item lying on "
                             "the ground, a placed charge included, or a driverless transport (their QUA), of weight at "
                             "most VOL, within the metahability's RNG, FOV and LOS, its centre up to VOL K to a clear "
                             "spot on the board (a moved charge is not set off); never a character; a held item is "
                             "refused (project ruling: telekinesis does not wrest a thing from its holder, "
                             "rules/telekinesis.py); nor a piece a mini climbs or stands on (project ruling, "
                             "scenery_objects.borne_by)",
    "TRT-WALLBREAKER": "DMG +3 in melee (race and weapon) against transports, ridden or driverless, and against "
                       "the walls and doors a scenario marks breakable (`breakable = {con, what}`; the book has no "
                       "rule for attacking scenery: a documented reading in rules/scenery_breaking.py, Ataque CaC "
                       "with a melee weapon, the piece's CH DEF against its DEF, destroyed off the board above its "
                       "CON), and with the book's variants of Ataque CaC: a firearm in melee (CBA-8, a second CH IMP) "
                       "and unarmed (CBA-10, at most 1 wound on the piece, 2 on a critical); a destroyed piece brings "
                       "down whoever climbs it, stands on its top or is perched on its roof (MVA-9's fall table)",
    "TRT-ANTI-AMMO": "the target type is 'no vivos', a trait the engine plays (by its book name), or a race or "
                     "transport by catalogue name, id or one of its data `classes` (case, accents and singular or "
                     "plural aside); a type the lists field nothing of is fielded and never bites (as an Alérgico "
                     "element nothing delivers)",
    "TRT-ACTIVATION-AREA": "an object whose use chooses an option (Cóctel de vitaminas' attribute) takes the one its "
                           "dropper chose with Soltar (GNA-15's choice parameter, kept on the charge and in the "
                           "decision); no option of an object depends on the mini that sets it off; an object whose "
                           "options are its user's own things (Ponzoña: the user's weapon) is not laid (RuleViolation "
                           "TRT-VENOM: placed, it has no user)",
    "TRT-AUTONOMOUS-BOMB": "as Área de activación's: a placed object's chosen option is its dropper's (GNA-15)",
    "TRT-REMOTE-CONTROL": "its prerequisite Vulnerable cannot be asked: the source catalogue lost that trait (traits "
                          "notes G9), so Control remoto is fielded without it; a placed object's chosen option is its "
                          "dropper's (GNA-15)",
    "TRT-COMMUNICATOR": "both parts of its ruling are what the engine plays for every character: CBA-3 asks of a "
                        "blind shot's spotter only to be an ally seeing the target (no distance, no communicator), "
                        "and Percibir's location markers (GNA-12 ruling 2) are seen by both players and end the "
                        "marked enemy's hiding for everyone",
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
    tail = ["", "## Rulings of implemented rules", ""] + [f"- **{rid}**: {text}." for rid, text in RULINGS.items()]
    return "\n".join(head + body + tail) + "\n"


def main(argv: list[str]) -> int:
    text = build()
    if "--check" in argv:
        return 0 if DOC.exists() and DOC.read_text(encoding="utf-8") == text else 1
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
