"""Controllers: random (legal), scripted utility, search (plans with the engine, scripted rollouts)."""
from wartime.ai.random_ai import RandomController
from wartime.ai.scripted import ScriptedController
from wartime.ai.search import SearchController

#: every controller name the command line, the balance lab, replay and the window accept
CONTROLLERS = ("scripted", "random", "search")


def make_controller(kind: str, seed: int):
    if kind == "random":
        return RandomController(seed)
    if kind == "scripted":
        return ScriptedController(seed)
    if kind == "search":
        return SearchController(seed)
    raise ValueError(f"unknown controller {kind!r}: one of {', '.join(CONTROLLERS)}")
