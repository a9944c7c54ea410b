"""The area family (ARE-1..9, BLD-16): TRT-AREA (Área), TRT-NEGLIGIBLE-AREA (Área despreciable),
TRT-PERSISTENT-AREA (Área permanente), TRT-SCATTER (Dispersión), TRT-SMOKE (Humo), TRT-DENSE-SMOKE (Humo denso),
TRT-STABILISED-AMMO (Munición estabilizadora), TRT-CLUSTER-AMMO (Munición de racimo: a single-target weapon's
attack becomes a round area), TRT-WANING-AREA (Área manguante), TRT-STRIKE-OF-THE-GODS (Golpe de los dioses) and
TRT-FOCUSED-ARC (Arco concentrado).

TRT-AREA itself is played by the core area rules (rules.areas): its parameter, the area code, is the weapon's
``area``. TRT-NEGLIGIBLE-AREA is points only (the loader prices the area at 0, BLD-16). The others act where an
area lands, so they are fielded only with TRT-AREA on the same archetype (Golpe de los dioses with Dispersión), but
Munición de racimo, which makes its own area."""
from __future__ import annotations

from fractions import Fraction

from shapely.geometry import Point

from wartime.core.rounding import round_half_up
from wartime.rules.traits.registry import FireMode, LeftArea, Scatter, register

#: TRT-SCATTER: with line of sight, 1 D10 per started 30 K to the target (every area attack here has LOS).
SCATTER_K_PER_DIE = 30.0


def scatter(weapon, passed: bool, critical: bool) -> Scatter:
    """TRT-SCATTER: every attack but a critical scatters, one D10 per started 30 K (minimum one)."""
    return Scatter(not critical, SCATTER_K_PER_DIE, "TRT-SCATTER")


def persistent(weapon, shape: str, affected: bool) -> LeftArea | None:
    """TRT-PERSISTENT-AREA (ruling): if it affected someone, the template stays for the rest of the game (not
    for an S chain, which leaves no template)."""
    return LeftArea("persistent", "TRT-PERSISTENT-AREA") if shape != "S" and affected else None


def smoke(weapon, shape: str, affected: bool) -> LeftArea:
    """TRT-SMOKE (ruling): a smoke sphere 2 K across at the area's centre; attacks into, out of or through it
    CH IMP −1, until the start of the user's next activation."""
    return LeftArea("smoke", "TRT-SMOKE", 2.0, -1)


def dense_smoke(weapon, shape: str, affected: bool) -> LeftArea:
    """TRT-DENSE-SMOKE (ruling): as TRT-SMOKE, 4 K across and CH IMP −3."""
    return LeftArea("smoke", "TRT-DENSE-SMOKE", 4.0, -3)


def stabilised(weapon) -> Fraction:
    """TRT-STABILISED-AMMO: the dispersion distance is halved (the dice's sum /2, rounded x.5 up)."""
    return Fraction(1, 2)


register("TRT-AREA", "Área")
register("TRT-NEGLIGIBLE-AREA", "Área despreciable")
register("TRT-PERSISTENT-AREA", "Área permanente", {"area": persistent}, requires=("TRT-AREA",))
register("TRT-SCATTER", "Dispersión", {"dispersion": scatter}, requires=("TRT-AREA",))
register("TRT-SMOKE", "Humo", {"area": smoke}, requires=("TRT-AREA",))
register("TRT-DENSE-SMOKE", "Humo denso", {"area": dense_smoke}, requires=("TRT-AREA",))
register("TRT-STABILISED-AMMO", "Munición estabilizadora", {"scatter_factor": stabilised}, kinds=("weapon",),
         requires=("TRT-AREA",))


# --- Munición de racimo, Área menguante: what an area deals -------------------------------------------------------
def cluster_area(weapon) -> str:
    """TRT-CLUSTER-AMMO ruling: the attack gets a round area R(d), d = the weapon's current DMG / 2 rounded x.5 up
    (fixed when the attack is declared; at least R1). A missed shot scatters by the core area rule (ARE-8, ARE-9)."""
    return f"R{max(1, round_half_up(weapon.current_dmg / 2))}"


def cluster_dmg(weapon) -> Fraction:
    """TRT-CLUSTER-AMMO ruling: DMG /2, a factor in CMB-4's order (after the critical's +1; with ARE-6's partial /2
    a partly covered mini takes ×1/4), rounded once."""
    return Fraction(1, 2)


def waning(weapon, gap: float) -> int:
    """TRT-WANING-AREA ruling: the area's DMG drops by 1 per K from its centre to the nearest point of the affected
    mini's base (rounded x.5 up); it may fall to 0 (no wound)."""
    return -round_half_up(gap)


register("TRT-CLUSTER-AMMO", "Munición de racimo", {"area_code": cluster_area, "area_dmg_factor": cluster_dmg},
         kinds=("weapon",))
register("TRT-WANING-AREA", "Área manguante", {"area_dmg_plus": waning}, kinds=("weapon",), requires=("TRT-AREA",))


# --- Golpe de los dioses: a point under open sky, without line of sight ------------------------------------------------
def open_sky(gs, weapon, x: float, y: float, z: float) -> bool:
    """TRT-STRIKE-OF-THE-GODS: the weapon may attack any point within its range that is under open sky without line
    of sight (ruling: only the line of sight is waived; the point must still be in the attacker's field of view and
    the weapon's range). Under open sky: no terrain piece covers the point from above (its footprint holds the point
    and its top is higher than the point's sample)."""
    pt = Point(x, y)
    return not any(p.height > z + 1e-9 and p.polygon.covers(pt) for p in gs.board.pieces)


register("TRT-STRIKE-OF-THE-GODS", "Golpe de los dioses", {"los_waived": open_sky}, kinds=("weapon",),
         requires=("TRT-AREA", "TRT-SCATTER"))


# --- Arco concentrado: a drop area fired as a line --------------------------------------------------------------------
def focused_arc(weapon) -> FireMode | None:
    """TRT-FOCUSED-ARC ruling: fired in focused mode (chosen per attack: Ataque a distancia's ``mode``), its drop
    area G l/d becomes a linear area L l (the G's length) with DMG +2; a weapon whose area is not a drop has no such
    mode."""
    code = getattr(weapon, "area", None)
    if not code or not code.upper().startswith("G"):
        return None
    length = code[1:].split("/")[0]
    return FireMode("TRT-FOCUSED-ARC", "Arco concentrado", dmg_plus=2, area=f"L{length}")


register("TRT-FOCUSED-ARC", "Arco concentrado", {"area_mode": focused_arc}, kinds=("weapon",), requires=("TRT-AREA",))
