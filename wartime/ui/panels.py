"""Panels and widgets drawn around the board: an immediate-mode GUI (every frame each panel draws itself
and registers its clickable hotspots and tooltips), the modal dialog (start, hand-over, quit, load, result),
the event log, the dice tray, the miniature card, the action menu and the odds box."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from wartime.rules import combat_systems, hiding, traits
from wartime.rules.state import GameState
from wartime.rules.states import trait_status
from wartime.ui import theme, transport_view
from wartime.ui.adapter import (AttackPreview, MenuEntry, PathPreview, check_target_text, long_name, rule_title,
                                object_lines, state_suffix, trait_english, trait_lines, carried_line)
from wartime.match.names import modifier_words
from wartime.match.narrate import Line, describe, tray_roll
from wartime.ui.fortune_view import fortune_odds_note
from wartime.rules.actions import REGISTRY
from wartime.rules.dry_run import CheckPreview
from wartime.core.components import Activation, Climbing, Identity, Life, Posture, Stress
from wartime.ui.adapter import action_table


# --- immediate-mode widgets -------------------------------------------------------------------------------
@dataclass
class Hotspot:
    rect: pygame.Rect
    command: str | None
    payload: Any = None
    tooltip: tuple[str, str] | None = None     # (title, body)
    enabled: bool = True


class Gui:
    """Hotspots registered while drawing; the topmost under the mouse gets the click and shows its tooltip."""

    def __init__(self):
        self.hotspots: list[Hotspot] = []
        self.mouse = (0, 0)

    def begin(self, mouse) -> None:
        self.hotspots = []
        self.mouse = mouse

    def clear(self) -> None:
        self.hotspots = []

    def region(self, rect, command=None, payload=None, tooltip=None, enabled=True) -> Hotspot:
        h = Hotspot(pygame.Rect(rect), command, payload, tooltip, enabled)
        self.hotspots.append(h)
        return h

    def hit(self, pos) -> Hotspot | None:
        for h in reversed(self.hotspots):
            if h.rect.collidepoint(pos):
                return h
        return None

    def button(self, surface, rect, label: str, command: str | None, payload=None, *, enabled=True,
               tooltip=None, active=False, size=14, colour=None, align="center") -> Hotspot:
        rect = pygame.Rect(rect)
        hover = rect.collidepoint(self.mouse) and enabled
        bg = colour if colour is not None else (theme.BUTTON_HOVER if hover else theme.BUTTON)
        if not enabled:
            bg = theme.BUTTON_OFF
        if hover and colour is not None:
            bg = tuple(min(255, c + 25) for c in colour)
        pygame.draw.rect(surface, bg, rect, border_radius=4)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=4)
        fg = theme.TEXT if enabled else theme.TEXT_FAINT
        if align == "center":
            theme.blit_text(surface, label, rect.center, size, fg, anchor="center")
        else:
            theme.blit_text(surface, label, (rect.x + 8, rect.centery), size, fg, anchor="midleft")
        return self.region(rect, command, payload, tooltip, enabled)

    def tooltip_at(self) -> tuple[str, str] | None:
        h = self.hit(self.mouse)
        return h.tooltip if h is not None else None


def draw_tooltip(surface: pygame.Surface, mouse, tip: tuple[str, str] | None) -> None:
    if not tip:
        return
    title, body = tip
    width = 360
    lines = [(t, 14, theme.ACCENT, True) for t in theme.wrap(title, width, 14, True)] if title else []
    lines += [(t, 13, theme.TEXT, False) for t in theme.wrap(body, width, 13)] if body else []
    if not lines:
        return
    h = sum(18 for _ in lines) + 12
    w = max(theme.font(s, b).size(t)[0] for t, s, _, b in lines) + 16
    x = min(mouse[0] + 16, surface.get_width() - w - 4)
    y = min(mouse[1] + 18, surface.get_height() - h - 4)
    if y < mouse[1] and x < mouse[0] + 16:
        y = mouse[1] - h - 8
    r = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, (18, 19, 22), r, border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=4)
    yy = y + 6
    for t, s, c, b in lines:
        theme.blit_text(surface, t, (x + 8, yy), s, c, b)
        yy += 18


def rule_tooltip(rule: str | None, message: str = "") -> tuple[str, str] | None:
    if not rule:
        return None
    title = rule_title(rule)
    head = f"{rule} — {title}" if title else rule
    return head, message


def panel_box(surface, rect, title: str | None = None, colour=None) -> pygame.Rect:
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
    if title:
        theme.blit_text(surface, title, (rect.x + 10, rect.y + 6), 13, colour or theme.TEXT_DIM, bold=True)
        return pygame.Rect(rect.x + 10, rect.y + 26, rect.width - 20, rect.height - 32)
    return rect.inflate(-20, -12)


# --- dialogs ----------------------------------------------------------------------------------------------
@dataclass
class Dialog:
    """A modal box: title, lines of text, buttons (label, command, payload). `side` colours the title band
    (the hand-over screen). The first button is the default (Enter); Esc picks `cancel` if set."""
    kind: str
    title: str
    lines: list[str]
    buttons: list[tuple[str, str, Any]]
    side: str | None = None
    cancel: tuple[str, Any] | None = None
    width: int = 560
    extra: dict = field(default_factory=dict)

    def draw(self, surface: pygame.Surface, gui: Gui, dim: bool = True) -> pygame.Rect:
        if dim:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, (0, 0))
        gui.clear()
        body = []
        for line in self.lines:
            if line.startswith("## "):
                body += [(t, 15, theme.ACCENT, True) for t in theme.wrap(line[3:], self.width - 40, 15, True)]
            elif line == "":
                body.append(("", 8, theme.TEXT, False))
            else:
                body += [(t, 14, theme.TEXT, False) for t in theme.wrap(line, self.width - 40, 14)]
        bh = 38
        listed = self.kind in ("load", "save")       # one button per line: a list of saves / slots
        n_rows = len(self.buttons) if listed else max(1, math.ceil(len(self.buttons) / 3))
        h = 64 + sum(20 if s >= 14 else 10 for _, s, _, _ in body) + 20 + n_rows * (bh + 8)
        w = self.width
        r = pygame.Rect(0, 0, w, h)
        r.center = (surface.get_width() // 2, surface.get_height() // 2)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=6)
        band = pygame.Rect(r.x, r.y, w, 46)
        band_col = theme.SIDE_DARK.get(self.side, (52, 56, 66)) if self.side else (52, 56, 66)
        pygame.draw.rect(surface, band_col, band, border_top_left_radius=6, border_top_right_radius=6)
        pygame.draw.rect(surface, theme.side_colour(self.side) if self.side else theme.PANEL_EDGE, r, 2,
                         border_radius=6)
        theme.blit_text(surface, self.title, (r.x + 20, band.centery), 19, theme.TEXT, bold=True, anchor="midleft")
        y = band.bottom + 14
        for t, s, c, b in body:
            if t:
                theme.blit_text(surface, t, (r.x + 20, y), s, c, b)
            y += 20 if s >= 14 else 10
        y += 10
        if listed:
            for label, cmd, payload in self.buttons:
                gui.button(surface, (r.x + 20, y, w - 40, bh), label, cmd, payload, align="left")
                y += bh + 8
        else:
            n = len(self.buttons)
            per_row = min(3, n) if n else 1
            bw = (w - 40 - (per_row - 1) * 10) // per_row
            for i, (label, cmd, payload) in enumerate(self.buttons):
                row, col = divmod(i, per_row)
                colour = theme.SIDE_DARK.get(self.side) if (i == 0 and self.side) else None
                gui.button(surface, (r.x + 20 + col * (bw + 10), y + row * (bh + 8), bw, bh), label, cmd, payload,
                           active=i == 0, colour=colour)
        return r


def handover_dialog(side: str, title: str, lines: list[str], buttons=None) -> Dialog:
    """The hot-seat hand-over screen: shown when the pending decision passes to the other human player.
    Reactions plug in here: their pending decision brings its own question and buttons."""
    return Dialog("handover", title, lines, buttons or [(f"I am {side.capitalize()}: continue", "dismiss", None)],
                  side=side, cancel=None, width=600)


# --- top bar -------------------------------------------------------------------------------------------------
#: the status line explained (hover it): what "Turn 1/8 · phase 10" counts
STATUS_HELP = ("Turn and phase (SEQ-1..7)",
               "Turn 1/8: the game lasts the scenario's turn limit. Each turn starts with an initiative roll "
               "(1D10 + VOL of a chosen character, SEQ-2); then phases run from 10 down to 1 (SEQ-4). A character "
               "first acts in the phase equal to its VOL (SEQ-5; VOL 4 acts in phase 4 or later), the sides "
               "alternating activations, the initiative winner first in each phase (SEQ-3, SEQ-6). Empty phases "
               "are skipped; after phase 1 the turn ends (SEQ-7).")


def draw_top_bar(surface, rect, gui: Gui, title: str, status: str, status_colour, buttons: list[tuple[str, str, str]]):
    pygame.draw.rect(surface, (30, 32, 37), rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    theme.blit_text(surface, title, (rect.x + 12, rect.centery), 16, theme.TEXT, bold=True, anchor="midleft")
    tw = theme.font(16, True).size(title)[0]
    theme.blit_text(surface, status, (rect.x + 30 + tw, rect.centery), 15, status_colour, anchor="midleft")
    sw = theme.font(15).size(status)[0]
    gui.region((rect.x + 30 + tw, rect.y, sw, rect.height), tooltip=STATUS_HELP)
    x = rect.right - 8
    for label, cmd, tip in reversed(buttons):
        w = theme.font(13).size(label)[0] + 20
        x -= w
        gui.button(surface, (x, rect.y + 5, w, rect.height - 10), label, cmd, size=13, tooltip=(label, tip))
        x -= 6


# --- the miniature card ----------------------------------------------------------------------------------------
def draw_card(surface, rect, gs: GameState, e: int, gui: Gui | None = None) -> int:
    """Name, attributes, energy, wounds, stress, statuses, equipment and traits (English name and effect; with
    `gui`, hovering a trait shows its ID and whole effect). Returns the height used."""
    x, y = rect.x, rect.y
    side = gs.side(e)
    ident = gs.world.get(e, Identity)
    pygame.draw.circle(surface, theme.side_colour(side), (x + 8, y + 10), 7)
    theme.blit_text(surface, long_name(gs, e), (x + 22, y + 1), 16, theme.TEXT, bold=True)
    theme.blit_text(surface, f"{ident.cost} pts", (rect.right, y + 3), 13, theme.TEXT_DIM, anchor="topright")
    y += 24
    a = gs.attrs(e)
    body = gs.body(e)
    theme.blit_text(surface, f"CON {a.CON}   AGI {a.AGI}   INT {a.INT}   VOL {a.VOL}   MOV {body.natural_mov}",
                    (x, y), 14, theme.TEXT)
    y += 20
    stress = gs.world.get(e, Stress).value
    ene = gs.energy(e)
    theme.blit_text(surface, f"ENE {ene}", (x, y), 14, (250, 225, 90) if ene >= 0 else theme.BAD, bold=True)
    theme.blit_text(surface, f"wounds {gs.wounds(e)}/{a.CON}", (x + 70, y), 14,
                    theme.BAD if gs.wounds(e) else theme.TEXT)
    theme.blit_text(surface, f"stress {stress}/{a.VOL}", (x + 170, y), 14, (200, 150, 240) if stress else theme.TEXT)
    y += 20
    if gs.combat is not None:           # a peer combat system's own health and resources (issue 18)
        pool = gs.combat.side_status(gs, gs.side(e))
        text = f"{gs.combat.label}: {gs.combat.status(gs, e)}" + (f" · {gs.side(e)} {pool}" if pool else "")
        for line in theme.wrap(text, rect.width, 13):
            theme.blit_text(surface, line, (x, y), 13, (240, 200, 140))
            y += 17
    status = [gs.world.get(e, Posture).state]
    life = gs.world.get(e, Life).state
    if life != "active":
        status.append(life)
    if gs.unconscious(e):
        status.append("unconscious")
    if gs.psyche(e).panic:
        status.append("PANIC")
    if hiding.hidden(gs, e):
        status.append("hidden (GNA-9)")
    status += trait_status(gs, e)
    clinging = gs.world.try_get(e, Climbing)
    if clinging is not None and gs.hanging(e):
        status.append(f"hanging under {clinging.piece} at {clinging.height:g} K (TRT-SPIDER)")
    elif clinging is not None:
        status.append(f"on {clinging.piece} at {clinging.height:g} K (MVA-10)")
    if gs.pos(e).level != 1:
        status.append(f"level {gs.pos(e).level}")
    if gs.psyche(e).maluses:
        status.append("maluses: " + ", ".join(traits.display_name(t) for t in gs.psyche(e).maluses))
    if gs.able(e) and gs.engaged(e):
        status.append("engaged with " + ", ".join(long_name(gs, o) for o in gs.engaged_enemies(e)))
    act = gs.world.get(e, Activation)
    if act.acted:
        status.append("has acted this turn")
    elif act.waiting_until:
        status.append(f"waiting until phase {act.waiting_until}")
    status.append(f"eligible from phase {max(1, min(10, a.VOL))}")
    for line in theme.wrap(" · ".join(status), rect.width, 13):
        theme.blit_text(surface, line, (x, y), 13, theme.TEXT_DIM)
        y += 17
    eq = gs.equipment(e)
    for w in eq.weapons:
        ammo = f", {w.rounds}/{w.magazine} rounds" if w.magazine is not None else ""
        kind = f"RNG {w.RNG}" if w.ranged else "melee"
        dmg = f"DMG {w.current_dmg}" + (f" (of {w.DMG})" if w.wounds else "")
        off = state_suffix(w)                                     # WND-4 disabled, WND-5 destroyed
        for line in theme.wrap(f"• {w.name}: {dmg}, {kind}, ENE {w.ENE}{ammo}{off}", rect.width, 13):
            theme.blit_text(surface, line, (x, y), 13, theme.BAD if w.disabled else theme.TEXT)
            y += 17
    if eq.protections:
        prot = ", ".join(f"{p.name.split(' (')[0]} DEF {p.current_def}{state_suffix(p)}" for p in eq.protections)
        for line in theme.wrap(f"• {prot} (total DEF {gs.total_def(e)})", rect.width, 13):
            theme.blit_text(surface, line, (x, y), 13, theme.TEXT)
            y += 17
    held = carried_line(gs, e)                                      # GNA-16: carried, not worn
    for line in theme.wrap(held, rect.width, 13) if held else []:
        theme.blit_text(surface, line, (x, y), 13, theme.TEXT_DIM)
        y += 17
    for text, state in object_lines(gs, e):                         # GNA-16: objects and their uses left
        disabled = bool(state)                                      # WND-4 disabled or WND-5 destroyed
        for line in theme.wrap(text + (f" {state.upper()}" if state else ""), rect.width, 13):
            theme.blit_text(surface, line, (x, y), 13, theme.BAD if disabled else theme.TEXT)
            y += 17
    ride = transport_view.panel_line(gs, e)                 # BLD-19, MVA-17: its transport or its carrier
    for line in theme.wrap(ride, rect.width, 13) if ride else []:
        theme.blit_text(surface, line, (x, y), 13, theme.TEXT)
        y += 17
    for t in trait_lines(gs, e):
        where = "" if t.where == "character" else f" ({t.where})"
        text = _fit(f"◆ {t.name}{where}: {t.effect}", rect.width, 12)
        theme.blit_text(surface, text, (x, y), 12, (200, 185, 240))
        if gui is not None:
            gui.region((x, y, rect.width, 15), None, None, (f"{t.trait_id} — {t.name}{where}", t.effect))
        y += 15
    return y - rect.y


# --- the action menu -------------------------------------------------------------------------------------------
def menu_hotkeys(entries: list[MenuEntry]) -> dict[int, int]:
    """Entry index → its number key (1-9): the enabled entries in menu order (a greyed one cannot be picked)."""
    enabled = [i for i, e in enumerate(entries) if e.enabled]
    return {i: n + 1 for n, i in enumerate(enabled[:9])}


def _fit(s: str, width: int, size: int) -> str:
    """`s`, shortened with an ellipsis to fit `width` pixels."""
    f = theme.font(size)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s.rstrip() + "…"


def draw_menu(surface, rect, gui: Gui, entries: list[MenuEntry], active_index: int | None, scroll: int = 0,
              marked: tuple[int, ...] = ()) -> int:
    """One row per action: label, ENE cost and check; greyed rows name the rule that forbids them. The number
    keys go to the enabled rows. A long menu gets compact rows and scrolls (`scroll` rows hidden above, the
    wheel over the panel); `marked` rows are outlined (the entries a board click matched)."""
    x, y = rect.x, rect.y
    row_h = 24 if len(entries) * 24 <= rect.height else 20
    keys = menu_hotkeys(entries)
    fit = max(1, (rect.height - 32) // row_h)
    scroll = max(0, min(scroll, len(entries) - fit))        # never scrolled past a full panel
    if scroll:
        theme.blit_text(surface, f"▲ {scroll} more above (wheel to scroll)", (x, y), 12, theme.TEXT_DIM)
        y += 16
    for i, e in enumerate(entries):
        if i < scroll:
            continue
        r = pygame.Rect(x, y, rect.width, row_h - 2)
        if y + row_h + 16 > rect.bottom and i < len(entries) - 1:
            theme.blit_text(surface, f"▼ {len(entries) - i} more (wheel to scroll)", (x, y), 12, theme.TEXT_DIM)
            gui.region((x, y, rect.width, 16), "menu_more", None, ("More actions", "Scroll with the mouse wheel over "
                       "the panel to see the rest of the menu."))
            y += row_h
            break
        hover = r.collidepoint(gui.mouse)
        bg = theme.BUTTON_HOVER if hover and e.enabled else theme.BUTTON if e.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, bg, r, border_radius=3)
        if active_index == i or i in marked:
            pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=3)
        fg = theme.TEXT if e.enabled else theme.TEXT_FAINT
        key = str(keys[i]) if i in keys else " "
        theme.blit_text(surface, key, (r.x + 6, r.centery), 11, theme.TEXT_FAINT, anchor="midleft")
        cost = (f"{e.cost_text} ENE" if e.cost_text != "free" else "free") if e.enabled else ""
        check_w = max(80, theme.font(12).size(e.check)[0] + 6) if e.enabled else 0
        room = (r.right - check_w - theme.font(13).size(cost)[0] - 8) if e.enabled else \
            (r.right - 6 - theme.font(12).size(e.error.rule_id)[0] - 8)
        size = 14 if row_h >= 24 else 13
        theme.blit_text(surface, _fit(e.label, room - (r.x + 20), size), (r.x + 20, r.centery), size, fg,
                        anchor="midleft")
        if e.enabled:
            theme.blit_text(surface, cost, (r.right - check_w, r.centery), 13, (250, 225, 90), anchor="midright")
            theme.blit_text(surface, e.check, (r.right - 6, r.centery), 12, theme.TEXT_DIM, anchor="midright")
            tip = rule_tooltip(e.rule, _summary(e))
        else:
            theme.blit_text(surface, e.error.rule_id, (r.right - 6, r.centery), 12, theme.BAD, anchor="midright")
            tip = rule_tooltip(e.error.rule_id, e.error.message)
        gui.region(r, "menu", i, tip, enabled=e.enabled)
        y += row_h
    return y - rect.y


def _summary(e: MenuEntry) -> str:
    row = action_table().get(e.rule) or {}
    s = row.get("summary_en") or ""
    return f"{e.label}: {e.cost_text} ENE, {e.check}. {s}".strip()


# --- previews: path and odds -------------------------------------------------------------------------------------
def pct(f) -> str:
    return f"{100 * float(f):.1f}%"


#: events a dry run's outcome line leaves out: later dice of the dry run are not the game's, and bookkeeping
OUTCOME_QUIET = {"check", "noise", "action_resolved", "damage", "wounds", "life", "defence_critical",
                 "defence_fumble", "equipment_wound", "opposed_resolved", "psi_outcome", "stress", "energy"}
BAND_WORDS = {"critical": "critical", "pass": "pass", "fail": "fail", "fumble": "fumble"}


def outcome_text(c: CheckPreview, band: str, name: Callable) -> str:
    """What a band of the first die leads to, in the log's words (the engine's dry run)."""
    lines = []
    hits: dict = {}            # who is hit → [DMG, CH DEF target]: the dry run's later dice are not the game's
    for ev in c.outcomes.get(band, []):
        t = ev.get("type")
        if t == "check" and ev.get("kind") == "DEF":
            hits.setdefault(ev.get("who"), [None, None])[1] = ev.get("target")
            continue
        if t == "damage":
            hits.setdefault(ev.get("target"), [None, None])[0] = ev.get("dmg")
            continue
        if t in OUTCOME_QUIET or t in ("hit", "miss"):
            continue
        ln = describe(ev, name)
        if ln is not None and ln.text not in lines:
            lines.append(ln.text)
    for who, (dmg, dt) in hits.items():
        text = f"{name(who)} is hit" + (f" (DMG {dmg})" if dmg is not None else "")
        lines.append(text + (f", its CH DEF ≤ {dt} decides the wounds" if dt is not None else ""))
    return "; ".join(lines) if lines else "no further effect"


def check_odds_text(c: CheckPreview) -> str:
    """'pass 50.0% (critical 10.0%) · fail 50.0% (fumble 10.0%)' — exact, from the target number (CHK-2)."""
    p = c.first.p_pass
    return (f"pass {pct(p)} (critical {pct(c.probability('critical'))}) · fail {pct(1 - p)} "
            f"(fumble {pct(c.probability('fumble'))})")


def draw_check_box(surface, rect, c: CheckPreview | None, name: Callable, outcomes: bool = True) -> int:
    """The check an action rolls (target number and its modifiers), the exact chance of each band and what each
    band leads to, from the engine's dry run. Returns the height used."""
    if c is None:
        return 0
    x, y = rect.x, rect.y
    f = c.first
    who = f"{name(f.who)}: " if f.who is not None else ""
    mods = ", ".join(f"{modifier_words(r, lbl)} {v:+d}" for r, v, lbl in f.modifiers)
    head = f"{who}{check_target_text(c)}" + (f"  ({mods})" if mods else "")
    for line in theme.wrap(head, rect.width, 13, True):
        theme.blit_text(surface, line, (x, y), 13, theme.TEXT, bold=True)
        y += 17
    theme.blit_text(surface, check_odds_text(c), (x, y), 13, theme.GOOD)
    y += 18
    if outcomes:
        for band in ("critical", "pass", "fail", "fumble"):
            if band not in c.outcomes:
                continue
            text = f"{BAND_WORDS[band]} ({pct(c.probability(band))}): {outcome_text(c, band, name)}"
            col = theme.GOOD if band in ("critical", "pass") else theme.BAD
            for i, line in enumerate(theme.wrap(text, rect.width, 12)):
                theme.blit_text(surface, line, (x + (0 if i == 0 else 10), y), 12, col if i == 0 else theme.TEXT_DIM)
                y += 15
                if y > rect.bottom - 14:
                    return y - rect.y
    return y - rect.y


def draw_path_box(surface, rect, entry: MenuEntry, pv: PathPreview | None, n_waypoints: int,
                  name: Callable | None = None, reach: float | None = None, point: bool = False) -> int:
    x, y = rect.x, rect.y
    what = getattr(REGISTRY[entry.key], "point_help", "click the landing point") if point else \
        "click waypoints on the board"
    theme.blit_text(surface, _fit(f"{entry.label}: {what}", rect.width, 14), (x, y), 14, theme.ACCENT, bold=True)
    y += 20
    helps = ("Click: go · Esc: cancel" if point else
             "Enter or click the last point again: go · Backspace: undo · Esc: cancel · "
             "click a base to move into contact with it")
    for line in theme.wrap(helps, rect.width, 12):
        theme.blit_text(surface, line, (x, y), 12, theme.TEXT_DIM)
        y += 16
    if reach is not None:
        theme.blit_text(surface, f"allowance {reach:.1f} K (the ring) · {entry.check}", (x, y), 12, theme.TEXT_DIM)
        y += 16
    y += 4
    if pv is None or len(pv.points) < 2:
        return y - rect.y
    kind = getattr(REGISTRY[entry.key], "point_word", "jump") if point else "path"
    legs = "" if point else f", {len(pv.points) - 1} leg(s)"
    theme.blit_text(surface, f"{kind} {pv.length:.2f} K{legs}", (x, y), 14, theme.TEXT)
    y += 20
    if pv.error is None:
        theme.blit_text(surface, f"legal — costs {pv.cost} ENE", (x, y), 14, theme.GOOD, bold=True)
        y += 20
        if pv.check is not None and name is not None:
            y += draw_check_box(surface, pygame.Rect(x, y, rect.width, rect.bottom - y), pv.check, name)
    else:
        for line in theme.wrap(f"{pv.error.rule_id}: {pv.error.message}", rect.width, 13):
            theme.blit_text(surface, line, (x, y), 13, theme.BAD)
            y += 17
    return y - rect.y


def area_reach_note(gs: GameState, pv: AttackPreview) -> str:
    """ARE-4..6: what an area attack does besides its target (the preview's `area`, rules.areas.area_reach): each
    miniature under the template (half DMG when partly covered, ARE-6; the attacker itself named so), each with its
    own CH DEF; the figures above are the target's."""
    def who(e: int, full: bool) -> str:
        name = f"{long_name(gs, e)} itself" if e == pv.attacker else long_name(gs, e)
        return name if full else f"{name} (partly: half DMG)"
    others = [who(e, full) for e, full in pv.area if e != pv.target]
    melee = "melee area" if not getattr(gs.weapon(pv.attacker, pv.weapon), "ranged", False) else "area"
    if not others:
        return f"{melee} (ARE-5): the template covers only {long_name(gs, pv.target)}"
    return (f"{melee} (ARE-5): the template also hits {', '.join(others)}, each with its own CH DEF; these odds "
            f"are for {long_name(gs, pv.target)}")


def draw_odds_box(surface, rect, gs: GameState, pv: AttackPreview, gui: Gui) -> int:
    """What a player would measure with a ruler and work out with the dice: distance, LOS, cover and the
    exact chances of the attack (enumerated, not sampled)."""
    x, y = rect.x, rect.y
    theme.blit_text(surface, f"→ {long_name(gs, pv.target)}", (x, y), 15, theme.TEXT, bold=True)
    y += 21
    dist = gs.distance(pv.attacker, pv.target)
    cover = f"hidden {pv.blocked}/25 ({100 * pv.blocked / 25:.0f}%)"
    if pv.cover_piece:
        cover += f" by {pv.cover_piece.replace('_', ' ')}"
    los = "no line of sight" if pv.blocked >= 25 else "line of sight"
    theme.blit_text(surface, f"{dist:.2f} K · {los} · {cover}", (x, y), 13, theme.TEXT)
    y += 18
    if pv.facing is not None:
        theme.blit_text(surface, f"turns to face it first (free, MOV-5): {pv.facing:.0f}°", (x, y), 12, theme.TEXT_DIM)
        y += 16
    if pv.error is not None:
        for line in theme.wrap(f"{pv.error.rule_id}: {pv.error.message}", rect.width, 13):
            theme.blit_text(surface, line, (x, y), 13, theme.BAD)
            gui.region((x, y, rect.width, 16), None, None, rule_tooltip(pv.error.rule_id, pv.error.message))
            y += 17
        return y - rect.y
    o = pv.odds
    if o is None:
        theme.blit_text(surface, f"legal — costs {pv.cost} ENE", (x, y), 14, theme.GOOD, bold=True)
        y += 20
        if pv.check is not None:
            y += _draw_check_odds(surface, pygame.Rect(x, y, rect.width, rect.bottom - y), gs, pv)
        return y - rect.y
    view = combat_systems.active(gs).odds_view(o)       # the active combat system's own terms (issue 18)
    for line in theme.wrap(f"costs {pv.cost} ENE · {view.roll}", rect.width, 13):
        theme.blit_text(surface, line, (x, y), 13, theme.TEXT_DIM)
        y += 17
    y += 3
    tones = {"hit": theme.GOOD, "soak": theme.WARN, "wounds": theme.BAD, "down": theme.BAD}
    rows = [(label, f"{float(v):.2f}" if kind == "wounds" else pct(v), tones[kind]) for label, v, kind in view.rows]
    for label, value, col in rows:
        theme.blit_text(surface, label, (x, y), 14, theme.TEXT)
        theme.blit_text(surface, value, (rect.right, y), 15, col, bold=True, anchor="topright")
        y += 20
    if pv.cover is not None and (pv.cover.over_half or pv.cover.full):
        if gs.combat is not None:        # a peer system counts cover in its own roll (its difficulty / Defence)
            note = f"{'100% hidden' if pv.cover.full else 'over half hidden'}: counted in the roll above"
        else:
            note = "100% hidden: a cover CH DEF first (CMB-18)" if pv.cover.full else "cover: CH DEF +2 (CMB-17)"
        theme.blit_text(surface, note, (x, y), 12, theme.TEXT_DIM)
        y += 16
    note = fortune_odds_note(o)                         # TRT-FORTUNE: the odds' second figure
    if note is not None:
        for line in theme.wrap(note, rect.width, 12):
            theme.blit_text(surface, line, (x, y), 12, (200, 185, 240))
            y += 15
    area = pv.weapon is not None and getattr(gs.weapon(pv.attacker, pv.weapon), "area", None) is not None
    if pv.scatter is not None and area:             # TRT-INFINITE-RANGE: an area always scatters (ARE-9)
        text = (f"out of view: the area scatters ({pv.scatter}) and hits wherever it lands; these odds are for "
                f"the target as if it landed on it")
    elif pv.scatter is not None:                    # TRT-INFINITE-RANGE: outside the field of view
        near = sorted(((q, w) for w, q in pv.landing if w != pv.target and q >= 0.0005), key=lambda t: (-t[0], t[1]))
        others = ", ".join(f"{long_name(gs, w)} {q:.1%}" for q, w in near[:4]) or "no one"
        text = (f"out of view: the shot scatters ({pv.scatter}); the odds count landing on it; it may land on: "
                f"{others}")
    if pv.scatter is not None:
        for line in theme.wrap(text, rect.width, 12):
            theme.blit_text(surface, line, (x, y), 12, theme.WARN)
            gui.region((x, y, rect.width, 15), None, None, rule_tooltip(pv.scatter, text))
            y += 15
    if pv.area:                                     # ARE-4..6: everyone under the template takes the hit
        text = area_reach_note(gs, pv)
        for line in theme.wrap(text, rect.width, 12):
            theme.blit_text(surface, line, (x, y), 12, theme.WARN)
            gui.region((x, y, rect.width, 15), None, None, rule_tooltip("ARE-5", text))
            y += 15
    if pv.imp_mods:
        theme.blit_text(surface, "this action: " + ", ".join(f"{modifier_words(m.rule, m.label)} {m.value:+d}" for m in pv.imp_mods),
                        (x, y), 12, theme.TEXT_DIM)
        y += 16
    if pv.check is not None and pv.check.first.kind == "IMP":
        mods = [f"{modifier_words(rule, label)} {value:+d}" for rule, value, label in pv.check.first.modifiers]
        if mods:
            for line in theme.wrap("CH IMP: " + ", ".join(mods), rect.width, 12):
                theme.blit_text(surface, line, (x, y), 12, theme.TEXT_DIM)
                y += 15
    weapon = gs.weapon(pv.attacker, pv.weapon) if pv.weapon is not None else None
    named = traits.combat_traits(gs, pv.attacker, pv.target, weapon)
    if named:
        words = ", ".join(f"{trait_english(t)} [{t}] ({who})" for t, who in named)
        for line in theme.wrap("traits in these odds: " + words, rect.width, 12):
            theme.blit_text(surface, line, (x, y), 12, (200, 185, 240))
            y += 15
    system = combat_systems.active(gs)
    for line in theme.wrap(f"exact odds, all dice enumerated · {system.label} ({view.rules})", rect.width, 11):
        theme.blit_text(surface, line, (x, y), 11, theme.TEXT_FAINT)
        y += 14
    y += 2
    return y - rect.y


def _draw_check_odds(surface, rect, gs: GameState, pv: AttackPreview) -> int:
    """An attack whose wounds are not enumerated (a contest, a thrown object): the first check's exact odds, the
    checks that follow a pass (a CH DEF, the opposed check with its exact chance, CHK-4) and the overall chance."""
    x, y = rect.x, rect.y
    c = pv.check

    def nm(e):
        return long_name(gs, e) if e is not None else ""

    y += draw_check_box(surface, pygame.Rect(x, y, rect.width, rect.bottom - y), c, nm, outcomes=not pv.opposed
                        and not _is_attack(pv.key))
    rows = []
    p_hit = c.first.p_pass
    attr = next((chk.attribute for chk in c.checks if chk.side_of_opposed == "a"), None) or ""
    for a, ta, b, tb, p_win in pv.opposed:
        rows.append((f"CH {attr} ENF: {nm(a).split(' ', 1)[-1]} ≤ {ta} vs {nm(b).split(' ', 1)[-1]} ≤ {tb}",
                     pct(p_win), theme.WARN))
        rows.append(("Succeeds (hit × wins)", pct(p_hit * p_win), theme.GOOD))
    if not pv.opposed:
        for chk in c.checks[1:]:
            if chk.kind == "DEF":
                rows.append((f"{nm(chk.who).split(' ', 1)[-1]}: CH DEF ≤ {chk.target} passes", pct(chk.p_pass),
                             theme.WARN))
    for label, value, col in rows:
        theme.blit_text(surface, _fit(label, rect.width - 70, 13), (x, y), 13, theme.TEXT)
        theme.blit_text(surface, value, (rect.right, y), 14, col, bold=True, anchor="topright")
        y += 19
    theme.blit_text(surface, "exact odds from the target numbers the engine rolls (CHK-2, CHK-4)", (x, y), 11,
                    theme.TEXT_FAINT)
    return y + 16 - rect.y


def _is_attack(key: str) -> bool:
    return bool(getattr(REGISTRY.get(key), "is_attack", False))


# --- dice tray ------------------------------------------------------------------------------------------------
def draw_dice(surface, rect, checks: list[tuple[dict, float]], now: float, tumble: float, name: Callable) -> None:
    """The last rolls, newest first, in the active combat system's own dice (`narrate.tray_roll`: a 1D10 check,
    a d6 pool with its icons marked, a D6 code, a d20); a roll that has just been made tumbles for a moment."""
    inner = panel_box(surface, rect, "Dice")
    surface.set_clip(rect.inflate(-2, -2))
    y = inner.y
    tones = {"critical": theme.ACCENT, "fumble": (120, 40, 40), "pass": theme.GOOD, "fail": theme.BAD,
             "info": (190, 190, 215)}
    for ev, t0 in reversed(checks[-4:]):
        roll = tray_roll(ev)
        if roll is None:
            continue
        n = max(1, len(roll.faces))
        size = 34 if n == 1 else max(16, min(26, (inner.width // 2) // n - 3))
        if y + (34 if n == 1 else 50) > inner.bottom + 4:
            break
        age = now - t0
        rolling = age < tumble
        col = (200, 200, 200) if rolling else tones[roll.tone]
        x = inner.x
        for k, face in enumerate(roll.faces or (0,)):
            if rolling:
                face = 1 + int(age * 37 + (t0 * 13) + 7 * k) % roll.sides
            r = pygame.Rect(x, y + (34 - size) // 2, size, size)
            wob = math.sin(age * 40 + k) * 3 if rolling else 0
            r.move_ip(0, int(wob))
            marked = not rolling and k < len(roll.marked) and roll.marked[k]
            fill = theme.ACCENT if marked else col
            if roll.sides == 20 and n == 1:
                pts = [(r.centerx, r.top), (r.right, r.top + size * 0.3), (r.right, r.bottom - size * 0.3),
                       (r.centerx, r.bottom), (r.left, r.bottom - size * 0.3), (r.left, r.top + size * 0.3)]
                pygame.draw.polygon(surface, fill, pts)
                pygame.draw.polygon(surface, (20, 20, 20), pts, 2)
            else:
                pygame.draw.rect(surface, fill, r, border_radius=6 if size > 20 else 3)
                pygame.draw.rect(surface, (20, 20, 20), r, 2, border_radius=6 if size > 20 else 3)
            theme.blit_text(surface, str(face), r.center, 18 if size > 26 else 13, (15, 15, 15), bold=True,
                            anchor="center")
            x += size + 3
        who = ev.get("who")
        head = name(who) if who is not None else ""
        rest = " …" if rolling else roll.result
        tx = x + 5
        if n == 1:
            theme.blit_text(surface, f"{head}  {roll.what}", (tx, y), 12, theme.TEXT_DIM)
            theme.blit_text(surface, rest, (tx, y + 16), 14, theme.TEXT if rolling else col, bold=True)
            y += 34 + 8
        else:                    # a pool: the result beside the dice, who and what under them
            theme.blit_text(surface, rest, (tx, y + 9), 14, theme.TEXT if rolling else col, bold=True)
            theme.blit_text(surface, f"{head}  {roll.what}", (inner.x, y + 34), 12, theme.TEXT_DIM)
            y += 34 + 22
    surface.set_clip(None)


# --- the event log ---------------------------------------------------------------------------------------------
TONES = {"normal": theme.TEXT, "dim": theme.TEXT_FAINT, "head": theme.ACCENT, "good": (150, 215, 150),
         "bad": (235, 140, 130), "dice": (200, 200, 250)}


def draw_log(surface, rect, gui: Gui, lines: list[Line], scroll: int, highlight: int | None = None) -> int:
    """The log, newest at the bottom; `scroll` lines up from the end. Each rule ID is a hover region that
    shows the rule's title. Returns the number of visible lines."""
    inner = panel_box(surface, rect, "Event log  (hover a rule ID for its title · wheel to scroll)")
    line_h = 17
    visible = max(1, inner.height // line_h)
    end = max(0, len(lines) - scroll)
    start = max(0, end - visible)
    y = inner.y
    for ln in lines[start:end]:
        col = TONES.get(ln.tone, theme.TEXT)
        if highlight is not None and ln.index == highlight:
            pygame.draw.rect(surface, (60, 64, 40), (inner.x - 4, y - 1, inner.width + 8, line_h))
        rid = f"[{ln.rule}]" if ln.rule else ""
        rw = theme.font(12).size(rid)[0] if rid else 0
        text = ln.text
        maxw = inner.width - rw - 10
        f = theme.font(13)
        if f.size(text)[0] > maxw:
            while text and f.size(text + "…")[0] > maxw:
                text = text[:-1]
            text += "…"
        theme.blit_text(surface, text, (inner.x, y), 13, col)
        if rid:
            rr = theme.blit_text(surface, rid, (inner.right, y + 1), 12, theme.TEXT_DIM, anchor="topright")
            gui.region(rr.inflate(4, 2), None, None, rule_tooltip(ln.rule, ln.text))
        y += line_h
    if scroll:
        theme.blit_text(surface, f"↓ {scroll} newer", (inner.right, rect.y + 6), 12, theme.ACCENT, anchor="topright")
    return visible
