"""Elements and substances a hit may deliver (issue 12: TRT-ALLERGIC, TRT-INVULNERABLE, TRT-RESISTANCE, TRT-VENOM,
TRT-NON-LIVING). Project ruling (the book leaves substances open): the elements are the keys below (fire, acid,
radiation, explosive, poison, cold, electricity, disease, sonic, plasma, light), each named in data and trait
parameters by its Spanish and English words (``ELEMENT_WORDS``). A weapon delivers an element when one of its traits
implies it (``BY_TRAITS``: its ammunition), when its catalogue entry declares it (``elements = ["electricity"]``,
``Weapon.elements``: validated by the loader against ``ELEMENT_WORDS``) or when a venom of it coats it (TRT-VENOM's
``"TRT-VENOM:<element>"`` tag). Pure values and functions on a weapon's data: both the rules (rules/traits) and the
catalogue loader (data/loader.py) read them."""
from __future__ import annotations

#: Every word (lower case) naming an element → its key, in element order.
ELEMENT_WORDS = {
    "fire": "fire", "fuego": "fire", "llamas": "fire", "flames": "fire",
    "acid": "acid", "ácido": "acid", "acido": "acid", "ácidos": "acid", "acids": "acid",
    "radiation": "radiation", "radiación": "radiation", "radiacion": "radiation", "radiactividad": "radiation",
    "radioactivity": "radiation",
    "explosive": "explosive", "explosivos": "explosive", "explosiones": "explosive", "explosivo": "explosive",
    "explosión": "explosive", "explosion": "explosive", "explosives": "explosive", "explosions": "explosive",
    "poison": "poison", "veneno": "poison", "venenos": "poison", "poisons": "poison", "toxina": "poison",
    "toxinas": "poison", "toxin": "poison", "toxins": "poison",
    "cold": "cold", "hielo": "cold", "frío": "cold", "frio": "cold", "ice": "cold", "congelación": "cold",
    "congelacion": "cold", "freezing": "cold",
    "electricity": "electricity", "electricidad": "electricity", "eléctrico": "electricity",
    "electrico": "electricity", "electric": "electricity", "descargas": "electricity", "shocks": "electricity",
    "disease": "disease", "enfermedad": "disease", "enfermedades": "disease", "diseases": "disease",
    "sonic": "sonic", "sonido": "sonic", "sónico": "sonic", "sonico": "sonic", "sónicos": "sonic", "sonicos": "sonic",
    "sound": "sonic",
    "plasma": "plasma",
    "light": "light", "luz": "light",
}

#: The element keys, in table order.
ELEMENT_KEYS: tuple[str, ...] = tuple(dict.fromkeys(ELEMENT_WORDS.values()))

#: The weapon traits that make a weapon deliver an element (its ammunition; Artificiero's "weapons that use fire"
#: are the fire ones).
BY_TRAITS: dict[str, tuple[str, ...]] = {
    "fire": ("TRT-DRAGONS-BREATH-AMMO", "TRT-IGNEOUS-AMMO", "TRT-INCENDIARY-AMMO"),
    "acid": ("TRT-CORROSIVE-AMMO",),
    "radiation": ("TRT-RADIOACTIVE-AMMO",),
    "explosive": ("TRT-EXPLOSIVE-AMMO",),
}
#: Every element → the weapon traits that deliver it (none for most: only data or a venom delivers them).
ELEMENTS: dict[str, tuple[str, ...]] = {key: BY_TRAITS.get(key, ()) for key in ELEMENT_KEYS}

#: TRT-VENOM: a weapon coated with a venom carries ``"TRT-VENOM:<element>"`` until a wounding hit delivers it
VENOM = "TRT-VENOM"


def delivers(weapon, element: str) -> bool:
    """Whether `weapon` delivers `element`: one of the traits that imply it (ELEMENTS), its data declares it
    (``Weapon.elements``) or a venom of it coats it (TRT-VENOM)."""
    tags = ELEMENTS.get(element, ())
    return weapon is not None and (element in getattr(weapon, "elements", ())
                                   or any(t.split(":")[0] in tags or t == f"{VENOM}:{element}" for t in weapon.traits))


def delivered(weapon, *, venom: bool = True) -> tuple[str, ...]:
    """The elements and substances `weapon` delivers (ELEMENTS keys, in ELEMENTS order); `venom` False leaves out a
    venom's coat (TRT-VENOM: only the coated weapon's own wounding hit delivers it, not a template it leaves)."""
    if weapon is None:
        return ()
    own = getattr(weapon, "elements", ())
    return tuple(t for t in ELEMENTS if t in own or any(x.split(":")[0] in ELEMENTS[t] for x in weapon.traits)
                 or (venom and f"{VENOM}:{t}" in weapon.traits))
