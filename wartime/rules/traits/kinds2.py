"""More traits played on the object / metahability kinds (issue 16, after traits/kinds.py): each entry extends a
registered trait with ``also_on`` or ``ON_OBJECTS`` once the rules play it on that kind; the bearer is the object's
holder or the metahability's caster (traits notes G10: a trait on an object or a metahability works for the actions
using it; an object's passive effects and auras while it is carried). Where each is played:

* Alcance infinito (TRT-INFINITE-RANGE) on a metahability: its casts have no maximum range (MET-2's RNG;
  rules.metahabilities.check_target); the target must be in line of sight (ENV-2); outside the caster's field of
  view the cast scatters once its kind check passes (rules.scattered_shots) and takes effect on whoever it lands on
  (a cast that moves its target, TRT-MAGIC-MISDIRECT, moves the one it lands on to the point chosen if that one can
  be moved there, else not); its CH IMP on an enemy takes MOD-2's range
  penalty (rules.metahabilities.cast_mods, as every cast's). On an object: Usar reaches any character in its user's
  line of sight (GNA-16; rules.actions.objects.in_reach), besides the object's own RNG; beyond that RNG and outside
  the field of view the use scatters the same way.
* Campo de oscuridad (TRT-DARKNESS-FIELD) on an object: held (and not disabled, WND-4), its holder bears the field
  (``ON_OBJECTS``): marks within 2 K per level are lost, the object's level added to a race's (G10: the same trait's
  numbers add; traits/scenery.py field_level); 'si explota' is its holder killed by an attack (as Inflamable on an
  object): every mini within N K loses up to N Escudo de energía levels.
* Explota (TRT-EXPLODES) on an object: held (and not disabled), its holder bears it (``ON_OBJECTS``, as Inflamable on
  an object in traits/kinds.py): when an attack kills the holder, D100 ≤ 50 it explodes with that attack's DMG in a
  round area of radius the holder's (natural) MOV K (traits/vehicles.py; the ruling's 'its MOV' is its bearer's, an
  object having none). An object destroyed apart from its holder (WND-5: a possessor's wounds, CBA-21) explodes
  too, 50 % of the time, with the DMG of the blow that destroyed it (its wounds), the holder hit as well (hook
  ``item_blast``: rules.wounds.item_destroyed).

* Requiere (TRT-REQUIRES) on an object: a holder without the named bonus is refused when a game is set up, Usar is
  refused to a user without it (hook ``object_target``, however the object came to it), and Comerciar / Saquear do
  not hand it to one without it (rules.items.unequippable asks the object's ``equip_denied``). On a transport: a
  driver without it is refused when a game is set up and cannot take the driverless transport over (Tomar el
  transporte); the transport carries the parameter ("TRT-REQUIRES:<bonus>", match.transports), its rider's traits the
  ID only. Registered in traits/protections.py.

Played in the trait's own module: Maleficio on an object (TRT-HEX, hook ``use_hex``: a use, Usar with its use checks
passed, puts the malus named in () on the character it is used on until the end of that character's next activation,
as a weapon's hit does: traits/metahabilities.py; ai/scripted_kinds2.py uses it on the nearest enemy)."""
from __future__ import annotations

from wartime.rules.traits.registry import ON_OBJECTS, also_on

also_on("TRT-INFINITE-RANGE", "metahability", "object")
ON_OBJECTS.add("TRT-DARKNESS-FIELD")
ON_OBJECTS.add("TRT-EXPLODES")
