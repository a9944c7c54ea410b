"""Nobody outside rules/ keeps a list of action keys or calls the engine's private parts: the window's menus and
the controllers take their options from the engine (`Pending.options`, `Engine.legal_options`,
`Engine.action_menu`) and tell actions apart by their metadata. An AST scan of wartime/ai, wartime/ui,
wartime/match, wartime/balance, wartime/cli*.py and wartime/env.py fails on any tuple, list, set or dict literal holding two or
more registered action keys, and on any import or use of a private engine name (`_consume_one_shots`, ...)."""
from __future__ import annotations

import ast
from pathlib import Path

from wartime.rules.actions import REGISTRY
from wartime.rules.sequence import Engine

ROOT = Path(__file__).resolve().parents[2] / "wartime"
SCANNED = ("ai", "ui", "match", "balance")


def scanned_files() -> list[Path]:
    files = [p for d in SCANNED for p in sorted((ROOT / d).rglob("*.py"))]
    return files + sorted(ROOT.glob("cli*.py")) + sorted(ROOT.glob("env*.py"))     # env.py: the agent API


def private_engine_names() -> set[str]:
    """Every single-underscore name the engine (and its mixins) defines."""
    return {n for cls in Engine.__mro__ for n in vars(cls) if n.startswith("_") and not n.startswith("__")}


def _last_name(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def problems(path: Path, keys: set[str], private: set[str]) -> list[str]:
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else path
    for node in ast.walk(tree):
        elts = None
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            elts = node.elts
        elif isinstance(node, ast.Dict):
            elts = [k for k in node.keys if k is not None] + list(node.values)
        if elts is not None:
            hits = [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
                    and e.value in keys]
            if len(hits) >= 2:
                out.append(f"{where}:{node.lineno}: a list of action keys {hits}")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("wartime.rules"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    out.append(f"{where}:{node.lineno}: imports the private {alias.name}")
        if isinstance(node, ast.Attribute) and node.attr in private and "engine" in _last_name(node.value).lower():
            out.append(f"{where}:{node.lineno}: uses the engine's private {node.attr}")
        if isinstance(node, ast.Call) and _last_name(node.func) in ("getattr", "hasattr", "setattr"):
            for arg in node.args[1:2]:
                if isinstance(arg, ast.Constant) and arg.value in private:
                    out.append(f"{where}:{node.lineno}: reaches for the engine's private {arg.value}")
    return out


def test_no_action_key_lists_or_private_engine_names_outside_rules():
    keys, private = set(REGISTRY), private_engine_names()
    assert len(keys) > 10 and "_consume_one_shots" in private      # the scan looks for something real
    files = scanned_files()
    assert any(p.name == "scripted.py" for p in files) and any(p.name == "adapter.py" for p in files)
    found = [msg for p in files for msg in problems(p, keys, private)]
    assert not found, "\n".join(found)


def test_the_scan_catches_what_it_forbids(tmp_path):
    keys, private = set(REGISTRY), private_engine_names()
    bad = tmp_path / "bad.py"
    bad.write_text("MOVES = ('move', 'run')\nx = {'charge': 1, 'end': 2}\n"
                   "def f(engine):\n    return engine._consume_one_shots, getattr(engine, '_validate')\n"
                   "from wartime.rules.sequence import _thing\n"
                   "ok = ('move', 'not an action')\n")
    assert len(problems(bad, keys, private)) == 5, problems(bad, keys, private)
