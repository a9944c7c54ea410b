"""Fortuna (TRT-FORTUNE), race and object: "Una vez por turno: ignorar DAÑ o pifia; anular dado, recuperar 1 herida,
éxito +1, DAÑ+1." Ruling: six alternatives, one use per turn; 'anular dado' = cancel one die just rolled (own or
enemy) and roll it again.

The trait names the alternatives it gives (hook point ``fortune_uses``); rules/fortune.py asks the bearer's side at
the moment each applies (see its docstring for the engine's reading). On an object the holder gets the use (GNA-16:
``ON_OBJECTS``); G10: one use per turn per character whatever the copies it carries."""
from __future__ import annotations

from wartime.rules.traits.registry import ON_OBJECTS, register

FORTUNE = "TRT-FORTUNE"
#: the alternatives, each the action key of its answer in the question (rules/fortune.py, rules/actions/fortune.py)
IGNORE_DAMAGE = "fortune_ignore_damage"
IGNORE_FUMBLE = "fortune_ignore_fumble"
CANCEL_DIE = "fortune_cancel_die"
RECOVER = "fortune_recover"
TARGET_PLUS = "fortune_target_plus"
DMG_PLUS = "fortune_dmg_plus"
USES = (IGNORE_DAMAGE, IGNORE_FUMBLE, CANCEL_DIE, RECOVER, TARGET_PLUS, DMG_PLUS)


def fortune(gs, e: int) -> tuple[str, ...]:
    """TRT-FORTUNE: "ignorar DAÑ o pifia; anular dado, recuperar 1 herida, éxito +1, DAÑ+1": the six alternatives
    of its once-per-turn use (rules/fortune.py asks them)."""
    return USES


register(FORTUNE, "Fortuna", {"fortune_uses": fortune}, kinds=("race", "object"))
ON_OBJECTS.add(FORTUNE)
