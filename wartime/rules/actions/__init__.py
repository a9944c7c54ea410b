"""Actions, one module per family (movement, altitude, falling, combat, generic, generic_more, reactions);
importing this package registers them."""
from wartime.rules.actions import altitude, combat, falling, generic, generic_more, movement, reactions  # noqa: F401
from wartime.rules.actions import combat_special  # noqa: F401  (CBA-2..4, 6, 9, 11, 14, 16, 25, 26)
from wartime.rules.actions import terrain_moves  # noqa: F401  (MVA-7, MVA-8, MVA-10..14)
from wartime.rules.actions import trait_actions  # noqa: F401  (actions a trait grants: TRT-MIMETIC)
from wartime.rules.actions import metahability  # noqa: F401  (MET-2, MET-6, CBA-18, CBA-19, CBA-21)
from wartime.rules.actions import race_actions  # noqa: F401  (actions a race trait grants: TRT-REGENERATION)
from wartime.rules.actions import shield_actions  # noqa: F401  (TRT-ENERGY-SHIELD level recovery)
from wartime.rules.actions import fire_actions  # noqa: F401  (TRT-INCENDIARY-AMMO: putting the fire out)
from wartime.rules.actions import objects  # noqa: F401  (GNA-16 Usar)
from wartime.rules.actions import elements  # noqa: F401  (GNA-16 Usar a scenario element)
from wartime.rules.actions import alarm_tokens  # noqa: F401  (ALM-27 Strident alarm at an activation's end)
from wartime.rules.actions import transport  # noqa: F401  (MVA-17, MVA-18, MVA-19 transport, CBA-23)
from wartime.rules.actions import devices  # noqa: F401  (TRT-TARGET-DESIGNATOR: marking a target)
from wartime.rules.actions import death_hand  # noqa: F401  (TRT-HAND-OF-DEATH / TRT-DOOMED: La mano de la muerte)
from wartime.rules.actions import challenge  # noqa: F401  (TRT-CHALLENGER: Desafiar)
from wartime.rules.actions import machina_mors  # noqa: F401  (TRT-MACHINA-MORS: the reaction shot)
from wartime.rules.actions import super_jump  # noqa: F401  (TRT-SUPER-JUMP: Súper salto)
from wartime.rules.actions import swarm_volley  # noqa: F401  (TRT-SWARM-WEAPON: the volley)
from wartime.rules.actions import orders  # noqa: F401  (TRT-ORDERS: Dar órdenes)
from wartime.rules.actions import extra_attack  # noqa: F401  (TRT-VETERAN-CRY: the extra attack)
from wartime.rules.actions import bodyguard  # noqa: F401  (TRT-BODYGUARD: taking an ally's hit)
from wartime.rules.actions import fortune  # noqa: F401  (TRT-FORTUNE: the answers to its question)
from wartime.rules.actions import scenery_throw  # noqa: F401  (TRT-SUPER-STRENGTH: throwing movable scenery)
from wartime.rules.actions import charges  # noqa: F401  (TRT-REMOTE-CONTROL: setting off a placed charge)
from wartime.rules.actions import telekinesis  # noqa: F401  (TRT-MAGIC-TELEKINESIS: moving an object)
from wartime.rules.actions import possession_acts  # noqa: F401  (CBA-21 possessed equipment, MET-6 keeping a possession)
from wartime.rules.actions import scenery_break  # noqa: F401  (CBA-7 at a breakable wall or door: TRT-WALLBREAKER)
from wartime.rules.actions.base import REGISTRY, Action

__all__ = ["REGISTRY", "Action"]
