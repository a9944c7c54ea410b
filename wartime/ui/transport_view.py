"""Transports on the table (the play model: rules/riding.py): passengers drawn as small tokens inside their
transport's base (they are off the table: the board view skips them; the side panel names them), and, for a selected transport or passenger, the free spots where a passenger may get off (MVA-17)."""
from __future__ import annotations

import math

import pygame

from wartime.core.components import MountedMetas
from wartime.rules import riding
from wartime.rules.state import GameState
from wartime.ui import theme
from wartime.ui.adapter import short_name

#: the colour of a disembark point
DOOR = (250, 230, 120)


def aboard(gs: GameState, e: int) -> bool:
    """A passenger: the board view does not draw it as a miniature of its own."""
    return riding.carrier_of(gs, e) is not None


def draw(view, surface: pygame.Surface, gs: GameState, opts) -> None:
    """Every transport's passengers inside its base, then the disembark points of the selected transport (or of the
    selected passenger's transport)."""
    draw_parked(view, surface, gs)
    for e in gs.minis():
        m = riding.mount(gs, e)
        if m is None or not m.passengers or not gs.on_table(e):
            continue
        x, y = view._xy(gs, e, opts.overrides)
        sx, sy = view.to_screen(x, y)
        draw_passengers(surface, gs, sx, sy, max(5, gs.body(e).radius * view.scale), m.passengers)
    sel = opts.selected
    if sel is None:
        return
    carrier = riding.carrier_of(gs, sel) if aboard(gs, sel) else sel
    m = riding.mount(gs, carrier) if carrier is not None else None
    if m is None or not m.passengers:
        return
    for x, y in riding.free_spots(gs, carrier, m.passengers[0]):
        p = view.to_screen(x, y)
        rad = max(4, int(gs.body(m.passengers[0]).radius * view.scale))
        pygame.draw.circle(surface, DOOR, p, rad, 2)
        pygame.draw.line(surface, DOOR, (p[0] - rad // 2, p[1]), (p[0] + rad // 2, p[1]), 1)


#: the rim of a disabled driverless transport (WND-4)
WRECK_RIM = (170, 60, 50)


def parked_label(gs: GameState, t: int) -> str:
    """MVA-17: the caption of a driverless transport: its name, "no driver", its wounds of QUA (an attack or hack
    may target it, rules.parked) and DISABLED at QUA wounds (WND-4: it cannot move; one more destroys it, WND-5)."""
    m = riding.mount(gs, t)
    return f"{m.name} (no driver, wounds {m.wounds}/{m.QUA}{' DISABLED' if m.disabled else ''})"


def draw_passengers(surface: pygame.Surface, gs: GameState, sx: float, sy: float, r: float, passengers) -> None:
    """MVA-17: small tokens, one per passenger (its side's colour), inside the transport's base of screen radius
    `r` centred at (sx, sy)."""
    tok = max(3, int(r * 0.28))
    n = len(passengers)
    for i, q in enumerate(passengers):
        a = 2 * math.pi * i / n + math.pi / 2
        px, py = sx + 0.45 * r * math.cos(a), sy - 0.45 * r * math.sin(a)
        col = theme.SIDE_DARK.get(gs.side(q), (90, 90, 90))
        pygame.draw.circle(surface, (245, 245, 235), (round(px), round(py)), tok)
        pygame.draw.circle(surface, col, (round(px), round(py)), tok, 2)


def draw_parked(view, surface: pygame.Surface, gs: GameState) -> None:
    """MVA-17: a transport whose driver got off: a grey base (rimmed red once disabled, WND-4) with its caption."""
    for t in riding.parked(gs):
        p = gs.pos(t)
        sx, sy = view.to_screen(p.x, p.y)
        r = max(5, int(gs.body(t).radius * view.scale))
        rim = WRECK_RIM if riding.mount(gs, t).disabled else (40, 40, 36)
        pygame.draw.circle(surface, (120, 120, 112), (round(sx), round(sy)), r)
        pygame.draw.circle(surface, rim, (round(sx), round(sy)), r, 2)
        nose = math.radians(p.facing)
        pygame.draw.line(surface, (40, 40, 36), (round(sx), round(sy)),
                         (round(sx + r * math.cos(nose)), round(sy - r * math.sin(nose))), 2)
        draw_passengers(surface, gs, sx, sy, r, riding.mount(gs, t).passengers)       # who waits aboard
        img = theme.text(parked_label(gs, t), 11, (235, 235, 225))
        surface.blit(img, img.get_rect(center=(round(sx), round(sy + r + 8))))


def passenger_names(gs: GameState, e: int) -> list[str]:
    """The short names of the passengers aboard `e`'s transport (the side panel lists them)."""
    m = riding.mount(gs, e)
    return [short_name(gs, q) for q in m.passengers] if m is not None else []


def panel_line(gs: GameState, e: int) -> str | None:
    """The side panel's transport line: its profile, wounds (WND-4), load (TRT-CAPACITY) and who is aboard; for a
    passenger, whose transport carries it."""
    carrier = riding.carrier_of(gs, e)
    if carrier is not None and riding.is_parked(gs, carrier):
        return f"• aboard {riding.base_name(gs, carrier)} (MVA-17: it may only get off)"
    if carrier is not None:
        return f"• aboard {short_name(gs, carrier)}'s transport (MVA-17: it may only get off)"
    m = riding.mount(gs, e)
    if m is None:
        return None
    state = " DISABLED" if m.disabled else ""
    load = f", load {m.capacity - riding.free_load(gs, e)}/{m.capacity}" if m.capacity else ""
    names = passenger_names(gs, e)
    who = f", aboard: {', '.join(names)}" if names else ""
    mm = gs.world.try_get(e, MountedMetas)                    # BLD-20: metahabilities mounted on it
    metas = f", mounted: {', '.join(x.name for x in mm.items)}" if mm is not None else ""
    return f"• {m.name}: MOV {m.MOV}, DEF {m.DEF}, wounds {m.wounds}/{m.QUA}{state}{load}{who}{metas}"
