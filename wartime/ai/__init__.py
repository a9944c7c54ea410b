"""Controllers: random (legal), scripted utility."""
from wartime.ai.random_ai import RandomController
from wartime.ai.scripted import ScriptedController


def make_controller(kind: str, seed: int):
    if kind == "random":
        return RandomController(seed)
    if kind == "scripted":
        return ScriptedController(seed)
    raise ValueError(f"unknown controller {kind!r}: one of scripted, random")
