"""Table tools of the play window (issue 14 point 3): the tape measure, the "what if" ghost base, enemy unit cards
and the undo of the last step that rolled no die. They read the state (the ghost moves the selected miniature for
a moment and puts it back exactly, as `rules.pipeline.Engine._validate` does) and submit nothing; the undo of a
decision re-simulates the match from its seed and recorded decisions, so the record stays the game's."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace

import pygame

from wartime.core.errors import RuleViolation
from wartime.match.match import Match
from wartime.rules import traits
from wartime.rules.actions.combat import ranged_target_check
from wartime.rules.odds import AttackOdds, attack_odds
from wartime.rules.sequence import Decision
from wartime.rules.state import GameState
from wartime.ui import theme
from wartime.ui.adapter import action_label, long_name
from wartime.ui.panels import _fit, draw_card

# `app` below is the play window (wartime.ui.app.App), which imports this module: it is not imported back.

#: hold to measure (T already turns the active character to the pointer, MOV-5)
TAPE_KEY = pygame.K_m
GHOST_KEY = pygame.K_g


# --- the tape measure ---------------------------------------------------------------------------------------------
@dataclass
class TapeEnd:
    x: float
    y: float
    base: int | None = None          # the miniature whose base the end was put on (snapped to its centre)


@dataclass
class Tape:
    """A free measurement between two points or bases (nothing is submitted)."""
    a: TapeEnd
    b: TapeEnd

    def centre(self) -> float:
        return math.hypot(self.b.x - self.a.x, self.b.y - self.a.y)

    def edge(self, gs: GameState) -> float | None:
        """BAS-3: edge to edge when an end is on a base: the engine's distance between two bases; from a base
        to a point, the centre distance less the base's radius (never below 0)."""
        a, b = self.a.base, self.b.base
        if a is not None and b is not None:
            return 0.0 if a == b else gs.distance(a, b)
        if a is None and b is None:
            return None
        r = gs.body(a if a is not None else b).radius
        return max(0.0, self.centre() - r)

    def text(self, gs: GameState) -> str:
        s = f"{self.centre():.2f} K centre to centre"
        edge = self.edge(gs)
        if edge is not None:
            s = f"{edge:.2f} K edge to edge (BAS-3) · " + s
        return s


def end_at(app, pos) -> TapeEnd:
    gs = app.match.gs
    hit = app.view.mini_at(gs, pos)
    if hit is not None:
        p = gs.pos(hit)
        return TapeEnd(p.x, p.y, hit)
    x, y = app.view.to_board(*pos)
    return TapeEnd(round(x, 2), round(y, 2))


# --- the "what if" ghost -------------------------------------------------------------------------------------------
@dataclass
class GhostRow:
    """What the character would have against one enemy from the ghost's spot (after a free turn to face it)."""
    enemy: int
    distance: float
    los: bool
    blocked: int                       # of 25 samples (ENV-2)
    cover_piece: str | None
    weapon: str | None
    odds: AttackOdds | None
    error: RuleViolation | None        # why it could not shoot from there


@dataclass
class Ghost:
    actor: int
    x: float
    y: float
    rows: list[GhostRow] = field(default_factory=list)
    error: RuleViolation | None = None     # the spot itself is off the table or overlaps a base


def best_ranged_weapon(gs: GameState, actor: int) -> int | None:
    """The ranged weapon the ghost shows the odds of: the first that can fire (not disabled, not empty)."""
    for i, w in enumerate(gs.equipment(actor).weapons):
        if w.ranged and not w.disabled and (w.magazine is None or w.rounds > 0):
            return i
    return None


def evaluate_ghost(gs: GameState, actor: int, x: float, y: float) -> Ghost:
    """LOS, cover and the exact odds of a shot from (x, y) to each enemy, with the character turned to face it
    (MOV-5: a free turn before acting) and its best ranged weapon (CMB-10 range, ENV-1 view, ENV-2 cover,
    CMB-17 / CMB-18). The character's Position is set for the moment and put back exactly (the world version
    too): the state is never left changed, and no decision is submitted."""
    ghost = Ghost(actor, round(x, 2), round(y, 2))
    old = gs.pos(actor)
    version = gs.world.version
    wi = best_ranged_weapon(gs, actor)
    weapon = gs.weapon(actor, wi) if wi is not None else None
    try:
        b = gs.board
        r = gs.body(actor).radius
        if not (r <= x <= b.width - r and r <= y <= b.height - r):
            ghost.error = RuleViolation("BAS-1", "the ghost base would stand off the table")
        for e in gs.minis():
            if e != actor and gs.on_table(e):
                q = gs.pos(e)
                if math.hypot(q.x - x, q.y - y) < r + gs.body(e).radius - 1e-6 and ghost.error is None:
                    ghost.error = RuleViolation("BAS-2", f"the ghost base would overlap {long_name(gs, e)}")
        for e in gs.enemies(actor):
            q = gs.pos(e)
            facing = math.degrees(math.atan2(q.y - y, q.x - x)) % 360.0
            gs.world.set(actor, replace(old, x=float(x), y=float(y), facing=round(facing, 1)))
            c = gs.cover(actor, [e])[0]
            row = GhostRow(e, gs.distance(actor, e), bool(c.has_los), int(c.blocked), c.main_piece_id,
                           weapon.name if weapon is not None else None, None, None)
            if weapon is None:
                row.error = RuleViolation("CBA-1", "no ranged weapon that can fire")
            else:
                try:
                    cover = ranged_target_check(gs, actor, e, weapon, "CMB-10")
                    row.odds = attack_odds(gs, actor, e, weapon_index=wi, ranged=True, cover=cover)
                except RuleViolation as exc:
                    row.error = exc
            ghost.rows.append(row)
    finally:
        gs.world.set(actor, old)
        gs.world.revert_version(version)
    return ghost


# --- undo ----------------------------------------------------------------------------------------------------------
def undo_point(match: Match, hot_seat: bool, prompted=lambda i: False) -> int | str:
    """Where the record may be cut to take back the last step (the index of the first decision dropped), or why
    it may not. Only in hot-seat games; only the acting character's own last action decision of the activation
    still going on (its next action is what is pending), followed at most by reaction windows the other side
    passed without being asked (`prompted(i)`: the other player saw a prompt for the action of decision i, so
    it answered; then the action stands); and only if no die was rolled since (the dice's state after the
    decisions equals its state before the action)."""
    if not hot_seat:
        return "taking back a decision is for hot-seat games only"
    p = match.pending
    ds = match.decisions
    if p is None or p.kind != "action" or not ds or len(match.checkpoints) != len(ds):
        return "nothing to take back"
    i = len(ds) - 1
    while i >= 0 and ds[i].get("kind") == "react" and "action" not in ds[i]:
        i -= 1
    if i < 1 or ds[i].get("kind") != "action" or ds[i].get("side") != p.side or ds[i].get("actor") != p.actor:
        return "only an action of the activation going on can be taken back"
    if i < len(ds) - 1 and prompted(i):
        return "the other player was asked to react to it"
    if match.checkpoints[-1].dice_state != match.checkpoints[i - 1].dice_state:
        return "dice were rolled since: it stands"
    return i


def undoable_decision(match: Match, hot_seat: bool) -> str | None:
    """None if the last step's decision may be taken back, else why not (`undo_point`)."""
    k = undo_point(match, hot_seat)
    return k if isinstance(k, str) else None


def resimulate(match: Match, keep: int, make_match) -> Match:
    """A fresh match from the same seed, scenario and lists (`make_match()`), given the first `keep` recorded
    decisions: its record is the game as if the later decisions had never been made."""
    fresh = make_match()
    for d in match.decisions[:keep]:
        fresh.submit(Decision.from_json(d))
    if getattr(match, "continued_header", None) is not None:
        fresh.continued_header = match.continued_header
    return fresh


# --- drawing -------------------------------------------------------------------------------------------------------
def draw_tape(surface, view, gs: GameState, tape: Tape) -> None:
    a = view.to_screen(tape.a.x, tape.a.y)
    b = view.to_screen(tape.b.x, tape.b.y)
    col = (250, 215, 70)
    pygame.draw.line(surface, (30, 28, 20), a, b, 5)
    pygame.draw.line(surface, col, a, b, 3)
    # a tick every whole K along the tape, a longer one every 5 K
    d = tape.centre()
    px_len = math.hypot(b[0] - a[0], b[1] - a[1])
    if d > 0 and px_len > 0 and view.scale >= 4:
        ux, uy = (b[0] - a[0]) / px_len, (b[1] - a[1]) / px_len      # unit vector on screen
        for k in range(1, int(d) + 1):
            s = k * view.scale
            px, py = a[0] + ux * s, a[1] + uy * s
            t = 6 if k % 5 else 10
            pygame.draw.line(surface, (30, 28, 20), (px - uy * t, py + ux * t), (px + uy * t, py - ux * t), 2)
    for end, pt in ((tape.a, a), (tape.b, b)):
        if end.base is not None:
            r = max(6, int(gs.body(end.base).radius * view.scale))
            pygame.draw.circle(surface, col, pt, r + 2, 2)
        pygame.draw.circle(surface, col, pt, 4)
    label = tape.text(gs)
    img = theme.text(label, 14, (25, 25, 25), True)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    r = img.get_rect(midbottom=(int(mx), int(my) - 10))
    r.clamp_ip(view.rect)
    pygame.draw.rect(surface, col, r.inflate(12, 6), border_radius=4)
    surface.blit(img, r)


def ghost_colour(row: GhostRow):
    if not row.los:
        return theme.BAD
    return theme.GOOD if row.blocked == 0 else theme.WARN if row.blocked < 13 else (235, 120, 50)


def draw_ghost_board(surface, view, gs: GameState, ghost: Ghost) -> None:
    """The ghost base where it was placed, a dashed line of sight to each enemy coloured by cover."""
    g = view.to_screen(ghost.x, ghost.y)
    for row in ghost.rows:
        q = gs.pos(row.enemy)
        t = view.to_screen(q.x, q.y)
        _dashed(surface, ghost_colour(row), g, t)
    r = max(6, int(gs.body(ghost.actor).radius * view.scale))
    disc = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    col = theme.side_colour(gs.side(ghost.actor))
    pygame.draw.circle(disc, (*col, 110), (r + 2, r + 2), r)
    pygame.draw.circle(disc, (255, 255, 255, 220) if ghost.error is None else (*theme.BAD, 255), (r + 2, r + 2), r, 2)
    surface.blit(disc, (g[0] - r - 2, g[1] - r - 2))
    theme.blit_text(surface, "?", g, 14, (255, 255, 255), bold=True, anchor="center")
    img = theme.text("ghost", 12, (255, 255, 255), True)
    lr = img.get_rect(midbottom=(g[0], g[1] - r - 3))
    pygame.draw.rect(surface, (20, 20, 24), lr.inflate(8, 2), border_radius=3)
    surface.blit(img, lr)


_dashed = theme.dashed_line


def draw_ghost_box(surface, area: pygame.Rect, gs: GameState, ghost: Ghost, name, view=None,
                   piece_names: dict | None = None) -> pygame.Rect:
    """The ghost's table: per enemy, distance, LOS and cover, and the shot's odds (or the rule that stops it);
    at the bottom of the board, or at its top when the ghost stands in the lower half."""
    piece_names = piece_names or {}
    lines: list[tuple[str, tuple, bool]] = []
    who = name(ghost.actor).split(" ", 1)[-1]
    lines.append((f"What if {who} stood here? (G: move the ghost · Esc: remove)", theme.ACCENT, True))
    if ghost.error is not None:
        lines.append((f"{ghost.error.rule_id}: {ghost.error.message}", theme.BAD, False))
    weapon = next((r.weapon for r in ghost.rows if r.weapon), None)
    lines.append((f"Shots with {weapon}, turned to face each enemy first (free, MOV-5):" if weapon else
                  "No ranged weapon that can fire: LOS and cover only.", theme.TEXT_DIM, False))
    for row in ghost.rows:
        who = name(row.enemy).split(" ", 1)[-1]
        piece = piece_names.get(row.cover_piece, row.cover_piece) if row.cover_piece else None
        sight = ("no line of sight" if not row.los else "in the open" if row.blocked == 0 else
                 f"{row.blocked * 4} % hidden" + (f" ({piece})" if piece else ""))
        if row.odds is not None:
            res = f"hits {float(row.odds.p_hit) * 100:.0f} %, {float(row.odds.expected_wounds):.2f} wounds"
            if row.odds.expected_stress:                                       # TRT-PSYCHIC-AMMO, ...
                res += f", {float(row.odds.expected_stress):.2f} stress"
            if getattr(row.odds, "with_fortune", None) is not None:            # TRT-FORTUNE: the second figure
                res += f" ({float(row.odds.with_fortune.p_hit) * 100:.0f} % with its Fortune)"
        elif row.error is not None and row.error.rule_id == "ENV-2":
            res = "cannot shoot"
        elif row.error is not None:
            res = f"cannot shoot: {row.error.rule_id}"
        else:
            res = ""
        lines.append((f"{who}: {row.distance:.1f} K · {sight} · {res}", ghost_colour(row), False))
    w = min(area.width - 16, 16 + max(theme.font(13, bold).size(t)[0] for t, _c, bold in lines))
    h = 10 + 18 * len(lines) + 4
    avoid = [view.to_screen(ghost.x, ghost.y)] if view is not None else []
    if view is not None:
        avoid += [view.to_screen(gs.pos(e).x, gs.pos(e).y) for e in gs.minis() if gs.on_table(e)]
    r = free_corner(area, (w, h), avoid)
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (18, 19, 22, 230), box.get_rect(), border_radius=5)
    pygame.draw.rect(box, theme.ACCENT, box.get_rect(), 1, border_radius=5)
    y = 6
    for text, col, bold in lines:
        theme.blit_text(box, _fit(text, w - 16, 13), (8, y), 13, col, bold=bold)
        y += 18
    surface.blit(box, r)
    return r


def free_corner(area: pygame.Rect, size, avoid) -> pygame.Rect:
    """Where a floating box covers the fewest of the `avoid` screen points (the miniatures): a corner of the board
    or the middle of its left or right edge, under the phase tracker."""
    w, h = size
    top, bottom = area.y + 36, area.bottom - h - 8
    left, right = area.x + 8, area.right - w - 8
    mid = max(top, area.centery - h // 2)
    spots = [(left, bottom), (left, top), (right, top), (right, bottom), (left, mid), (right, mid)]
    best = None
    for x, y in spots:
        r = pygame.Rect(x, y, w, h)
        near = r.inflate(90, 30)        # a miniature's name label runs beside it
        n = sum(1 for p in avoid if near.collidepoint(p))
        if best is None or n < best[0]:
            best = (n, r)
    return best[1]


def draw_enemy_card(surface, area: pygame.Rect, gs: GameState, e: int, view=None) -> pygame.Rect:
    """An enemy's card (as the own ones on the side panel, with its traits) floating over the board, in the
    corner away from the miniature."""
    w = 340
    tmp = pygame.Surface((w - 20, 600), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, w - 20, 600)
    used = draw_card(tmp, inner, gs, e)
    names = [traits.display_name(t) for t in gs.traits(e)]
    if names:
        for line in theme.wrap("Traits: " + ", ".join(names), inner.width, 13):
            theme.blit_text(tmp, line, (0, used), 13, theme.ACCENT)
            used += 17
    h = used + 36
    avoid = [view.to_screen(gs.pos(o).x, gs.pos(o).y) for o in gs.minis() if gs.on_table(o)] if view else []
    r = free_corner(area, (w, h), avoid)
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (18, 19, 22, 238), box.get_rect(), border_radius=6)
    pygame.draw.rect(box, theme.side_colour(gs.side(e)), box.get_rect(), 2, border_radius=6)
    box.blit(tmp, (10, 8), pygame.Rect(0, 0, w - 20, used))
    theme.blit_text(box, "Enemy card · click elsewhere or Esc to close", (10, h - 22), 12, theme.TEXT_DIM)
    surface.blit(box, r)
    return r


# --- the tools' state and input, one object per match shown --------------------------------------------------------
class TableTools:
    """What the play window's table tools hold between frames. `handle` sees each event before the window does
    and returns True when a tool used it; `draw` runs each frame after the board is drawn."""

    def __init__(self) -> None:
        self.tape: Tape | None = None
        self.tape_held = False           # TAPE_KEY held down
        self.tape_sticky = False         # the top bar's Tape button
        self.tape_dragging = False
        self.ghost: Ghost | None = None
        self.ghost_key = None
        self.card: int | None = None     # the enemy whose card is shown
        self.sel_seen: int | None = None
        self.sel_history: list[int | None] = []
        self.undone: tuple[list, float, float] | None = None     # a taken-back move's path, until when, radius

    def hides_tooltip(self) -> bool:
        """The board's hover tooltip would cover the tape's label or the open card."""
        return self.tape_on or self.card is not None

    @property
    def tape_on(self) -> bool:
        return self.tape_held or self.tape_sticky

    def toggle_tape(self) -> None:
        self.tape_sticky = not self.tape_sticky
        if not self.tape_on:
            self.tape = None
            self.tape_dragging = False

    def viewer(self, app) -> str | None:
        """The side looking at the table now: the human side to decide, else the last human who decided."""
        p = app.match.pending
        if p is not None and app.is_human(p.side):
            return p.side
        if app.last_human_side is not None:
            return app.last_human_side
        return next((s for s in app.match.gs.sides if app.is_human(s)), None)

    # --- input ------------------------------------------------------------------------------------------------
    def handle(self, app, event) -> bool:
        if app.dialog is not None or app.mode != "play":
            return False
        if event.type == pygame.KEYDOWN:
            return self._key_down(app, event)
        if event.type == pygame.KEYUP and event.key == TAPE_KEY:
            self.tape_held = False
            if not self.tape_on:
                self.tape = None
                self.tape_dragging = False
            return True
        on_board = app.view.contains(app.pointer.pos) and app.gui.hit(app.pointer.pos) is None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.tape_on and on_board:
                end = end_at(app, app.pointer.pos)
                self.tape = Tape(end, TapeEnd(end.x, end.y, end.base))
                self.tape_dragging = True
                return True
            if self.card is not None:
                self.card = None         # a click anywhere closes the card (and does what it would do)
            if on_board and app.deploy is None and (app.tool is None or app.tool.entry.tool != "target") \
                    and not app.presenter.busy:
                hit = app.view.mini_at(app.match.gs, app.pointer.pos)
                me = self.viewer(app)
                if hit is not None and me is not None and app.match.gs.side(hit) != me:
                    self.card = hit      # seen, not selected for action
                    return True
            return False
        if event.type == pygame.MOUSEMOTION and self.tape_dragging and self.tape is not None:
            self.tape.b = end_at(app, app.pointer.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.tape_dragging:
            if self.tape is not None:
                self.tape.b = end_at(app, app.pointer.pos)
            self.tape_dragging = False
            return True
        return False

    def _key_down(self, app, event) -> bool:
        if event.key == TAPE_KEY:
            self.tape_held = True
            return True
        if event.key == GHOST_KEY:
            self.place_ghost(app)
            return True
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo(app)
            return True
        if event.key == pygame.K_ESCAPE:
            if self.card is not None:
                self.card = None
                return True
            if self.tape is not None:
                self.tape = None
                return True
            if self.ghost is not None and app.tool is None:
                self.ghost = None
                return True
        return False

    def place_ghost(self, app) -> None:
        gs = app.match.gs
        e = app.selected
        if e is None or e not in gs.minis() or not gs.on_table(e):
            app._toast("Select a miniature first: G places a ghost of its base at the pointer", theme.WARN)
            return
        if not app.view.contains(app.pointer.pos):
            app._toast("Point at the table where the ghost should stand", theme.WARN)
            return
        x, y = app.view.to_board(*app.pointer.pos)
        self.ghost = evaluate_ghost(gs, e, x, y)
        self.ghost_key = (len(app.match.world.events), e, self.ghost.x, self.ghost.y)

    # --- undo ---------------------------------------------------------------------------------------------------
    def undo(self, app) -> str:
        """Ctrl+Z: take back the last step that rolled no die, the latest first: a waypoint, the action being
        drawn or aimed, a free turn, the ghost, the selection, then (hot-seat) the last action decision of the
        activation going on. Returns what was undone (also shown as a toast)."""
        t = app.tool
        p = app.human_pending()
        done = None
        if t is not None and t.waypoints:
            t.waypoints.pop()
            t.preview_key = None
            app._hover_board()
            done = "the last waypoint"
        elif t is not None:
            app.tool = None
            done = f"{t.entry.label} (not declared)"
        elif app.facing_override is not None:
            app.facing_override = None
            done = "the free turn"
        elif self.ghost is not None:
            self.ghost = None
            done = "the ghost"
        elif p is not None and p.kind == "action" and app.selected != p.actor:
            app.selected = p.actor
            self.sel_seen = p.actor
            done = "the selection"
        elif self.sel_history and (p is None or p.kind not in ("action", "react")):
            app.selected = self.sel_history.pop()
            self.sel_seen = app.selected
            done = "the selection"
        else:
            k = undo_point(app.match, app.hot_seat, lambda i: self.prompted(app, i))
            if isinstance(k, str):
                app._toast(f"Nothing to undo: {k}", theme.WARN)
                return ""
            done = self.undo_decision(app, k) + " — no die was rolled; the record is replayed without it"
        app._toast(f"Undone: {done} (Ctrl+Z)", theme.ACCENT)
        return done

    @staticmethod
    def prompted(app, i: int) -> bool:
        """Was the other side shown a reaction prompt for the action of decision i? (the window's prompts are
        remembered by the declaration event of the action they answer: `App._action_token`)"""
        m = app.match
        before = m.checkpoints[i - 1].n_events
        actor = m.decisions[i].get("actor")
        for (token, _window, _side) in getattr(app, "react_asked", ()):
            # (a token without the declaration's index: unsure, so it counts as asked)
            if isinstance(token, tuple) and token[0] == actor and (not isinstance(token[1], int) or token[1] >= before):
                return True
        return False

    def undo_decision(self, app, keep: int) -> str:
        m = app.match
        last = m.decisions[keep]
        what = f"{app.name(last['actor']).split(' ', 1)[-1]}'s {action_label(last.get('action'))}"
        fresh = resimulate(m, keep, lambda: Match(m.scenario, m.lists, m.seed, dict(m.controllers),
                                                       combat=m.combat))
        settings = {k: getattr(app, k) for k in ("react_mode", "show_zones") if hasattr(app, k)}
        looked = dict(getattr(app, "looked", {}))
        scale, pan = app.view.scale, app.view.pan
        app.set_match(fresh, app.setup)
        for k, v in settings.items():
            setattr(app, k, v)
        if hasattr(app, "looked"):
            app.looked = {side: min(n, len(fresh.world.events)) for side, n in looked.items()}
        app.view.scale, app.view.pan = scale, pan
        app.last_human_side = fresh.pending.side if fresh.pending is not None else None
        # where the taken-back move went, shown for a moment
        path = (last.get("params") or {}).get("path")
        q = fresh.gs.pos(last["actor"])
        if path:
            app.table.undone = ([(q.x, q.y)] + [tuple(pt[:2]) for pt in path], app.time + 4.0,
                                fresh.gs.body(last["actor"]).radius)
        return what

    # --- every frame --------------------------------------------------------------------------------------------
    def draw(self, app, surface) -> None:
        gs = app.match.gs
        if app.selected != self.sel_seen:
            self.sel_history.append(self.sel_seen)
            del self.sel_history[:-20]
            self.sel_seen = app.selected
        clip = surface.get_clip()
        surface.set_clip(app.view.rect)
        busy = app.presenter.busy
        if self.ghost is not None and not busy:
            key = (len(app.match.world.events), self.ghost.actor, self.ghost.x, self.ghost.y)
            if key != self.ghost_key and self.ghost.actor in gs.minis() and gs.on_table(self.ghost.actor):
                self.ghost = evaluate_ghost(gs, self.ghost.actor, self.ghost.x, self.ghost.y)
                self.ghost_key = key
            draw_ghost_board(surface, app.view, gs, self.ghost)
        if self.tape is not None:
            draw_tape(surface, app.view, gs, self.tape)
        if self.undone is not None and app.time < self.undone[1]:
            pts = [app.view.to_screen(*pt) for pt in self.undone[0]]
            for a, b in itertools.pairwise(pts):
                _dashed(surface, (200, 200, 210), a, b, 6)
            r = max(6, int(self.undone[2] * app.view.scale))
            pygame.draw.circle(surface, (200, 200, 210), pts[-1], r, 1)      # where the base stood
            img = theme.text("taken back", 12, (230, 230, 235), True)
            lr = img.get_rect(midright=(int(pts[-1][0]) - r - 6, int(pts[-1][1])))
            pygame.draw.rect(surface, (20, 20, 24), lr.inflate(8, 2), border_radius=3)
            surface.blit(img, lr)
        surface.set_clip(clip)
        if self.ghost is not None and not busy:
            draw_ghost_box(surface, app.view.rect, gs, self.ghost, app.name, app.view, app.view.names)
        if self.card is not None and self.card in gs.minis():
            draw_enemy_card(surface, app.view.rect, gs, self.card, app.view)
        if self.tape_on and self.tape is None:
            theme.blit_text(surface, "Tape measure: drag between two points or bases", 
                            (app.view.rect.centerx, app.view.rect.bottom - 40), 14, theme.ACCENT, bold=True,
                            anchor="center")
