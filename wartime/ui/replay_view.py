"""The replay viewer: the play screen's renderer over a game record. Play / pause, step forwards and back by
event and by activation, jump to a turn, change the speed; the log follows the cursor.

The record's decisions are re-simulated once, keeping a world snapshot every ~50 events (at decision
boundaries). The world after any event is rebuilt from the nearest snapshot before it by resubmitting the
following decisions and catching the world as that event is emitted."""
from __future__ import annotations

import bisect
import sys
from pathlib import Path

import pygame

from wartime.core.world import Snapshot
from wartime.match.match import Match
from wartime.rules.sequence import Decision
from wartime.ui import theme
from wartime.ui.screen import Screen, init_pygame
from wartime.ui.adapter import first_difference, open_record, rule_title, terrain_names, view_state
from wartime.ui.animate import TUMBLE, along, dwell
from wartime.ui.board_view import BoardView, DrawOptions
from wartime.ui.input import PAN_KEYS, REPLAY_HELP, REPLAY_KEYS, Pointer, number_key
from wartime.match.narrate import TRAY_EVENTS, describe
from wartime.ui.panels import Dialog, Gui, draw_card, draw_dice, draw_log, draw_tooltip, draw_top_bar, rule_tooltip
from wartime.core.errors import DataError, WartimeError
from wartime.core.components import Equipment

SNAP_EVERY = 50
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
MIN_DWELL = 0.06
CONTROLS_H = 64


class ReplaySession:
    """A record re-simulated: every event, boundary snapshots, and the world after any event."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        rec = open_record(path)
        self.header = rec.header
        recorded = rec.events
        self.match = Match(rec.scenario, rec.lists, int(self.header["seed"]),
                           combat=self.header.get("combat", "wartime"))
        if hasattr(self.match, "continued_header"):
            self.match.continued_header = {k: v for k, v in self.header.items() if k != "h"}
        self.decisions = [Decision.from_json(d) for d in rec.decisions]
        world = self.match.world
        world.listeners.clear()          # nothing is recorded while we seek
        self.match.entries.clear()
        # (events emitted so far, index of the next decision, snapshot)
        self.boundaries: list[tuple[int, int, Snapshot]] = [(len(world.events), 0, world.snapshot())]
        for i, d in enumerate(self.decisions):
            self.match.engine.submit(d)
            n = len(world.events)
            if n - self.boundaries[-1][0] >= SNAP_EVERY:
                self.boundaries.append((n, i + 1, world.snapshot()))
        self.events = [dict(e) for e in world.events]
        self.final = world.snapshot()
        self.result = self.match.result()
        self.desync = first_difference(self.events, recorded)
        self.turn_starts = [i for i, e in enumerate(self.events) if e["type"] == "turn_start"]
        self.activations = [i for i, e in enumerate(self.events) if e["type"] == "activation_start"]
        self._keys = [b[0] for b in self.boundaries]
        self._cache: tuple[int, Snapshot] | None = None
        self.resimulated = 0         # decisions resubmitted by seeks (for tests and curiosity)

    def __len__(self) -> int:
        return len(self.events)

    def snapshot_at(self, k: int) -> Snapshot:
        """The world right after event k (k = -1: before the first recorded decision): as it was when the
        event was emitted, or after the whole decision when k is that decision's last event."""
        n = len(self.events)
        if k >= n - 1:
            return self.final
        if self._cache is not None and self._cache[0] == k:
            return self._cache[1]
        # the last boundary at or before event k: n_events <= k + 1
        j = bisect.bisect_right(self._keys, k + 1) - 1
        if j < 0:
            return self.boundaries[0][2]
        n_ev, next_d, snap = self.boundaries[j]
        if n_ev == k + 1 or k + 1 < self.boundaries[0][0]:
            return snap
        world = self.match.world
        world.restore(snap)
        # the snapshot keeps only the log's length: put back the events a seek further back dropped
        del world.events[:]
        world.events.extend(self.events[:n_ev])
        caught: list[Snapshot] = []

        def catch(ev) -> None:
            if not caught and len(world.events) == k + 1:
                caught.append(world.snapshot())

        world.listeners = [catch]
        try:
            i = next_d
            while not caught and i < len(self.decisions):
                self.match.engine.submit(self.decisions[i])
                self.resimulated += 1
                i += 1
                if caught and len(world.events) == k + 1:
                    # event k closed its decision: show the world after the whole decision (as a boundary)
                    caught[0] = world.snapshot()
        finally:
            world.listeners = []
        out = caught[0] if caught else self.final
        self._cache = (k, out)
        return out

    def state_at(self, k: int):
        return view_state(self.match.gs, self.snapshot_at(k))

    def turn_of(self, k: int) -> int:
        j = bisect.bisect_right(self.turn_starts, k) - 1
        return self.events[self.turn_starts[j]]["turn"] if j >= 0 else 0


class ReplayViewer(Screen):
    controls_h = CONTROLS_H
    """The viewer screen. Same step() / screenshot() interface as the play screen."""

    def __init__(self, path: str | Path, *, size=(1280, 800), fixed_dt: float | None = None, speed: float = 1.0,
                 back=None):
        """`back`: the screen the viewer was opened from (the play window's result screen): closing the viewer
        returns to it instead of quitting."""
        init_pygame()
        self.back = back
        self.screen = pygame.display.get_surface()
        if self.screen is None or self.screen.get_size() != tuple(size):
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(f"Wartime — replay of {Path(path).name}")
        self.session = ReplaySession(path)
        self.clock = pygame.time.Clock()
        self.fixed_dt = fixed_dt
        self.gui = Gui()
        self.pointer = Pointer()
        self.running = True
        self.next_screen = None
        self.dialog: Dialog | None = None
        self.show_zones = False
        self.selected: int | None = None
        self.playing = False
        self.speed = speed
        self.t = 0.0
        self.time = 0.0
        self.cursor = -1
        self.layout()
        gs = self.session.match.gs
        self.view = BoardView(gs.board, self.board_rect, gs.deployment, terrain_names(self.session.match))
        self.lines = []
        for i, ev in enumerate(self.session.events):
            line = describe(ev, self.name, self.weapon_name, i)
            if line is not None:
                self.lines.append(line)
        self._line_index = [ln.index for ln in self.lines]
        self.log_scroll = 0

    # --- helpers ------------------------------------------------------------------------------------------
    @property
    def names_gs(self):
        return self.session.match.gs

    def weapon_name(self, e, i) -> str:
        eq = self.session.final.tables.get(Equipment, {}).get(e)
        return eq.weapons[i].name if eq is not None and 0 <= i < len(eq.weapons) else f"weapon {i}"

    @property
    def current(self) -> dict | None:
        return self.session.events[self.cursor] if 0 <= self.cursor < len(self.session) else None

    # --- navigation ---------------------------------------------------------------------------------------
    def seek(self, k: int) -> None:
        self.cursor = max(-1, min(len(self.session) - 1, int(k)))
        self.t = 0.0

    def step_event(self, n: int = 1) -> None:
        self.seek(self.cursor + n)

    def step_activation(self, n: int = 1) -> None:
        acts = self.session.activations
        if n > 0:
            j = bisect.bisect_right(acts, self.cursor)
            self.seek(acts[j] if j < len(acts) else len(self.session) - 1)
        else:
            j = bisect.bisect_left(acts, self.cursor) - 1
            self.seek(acts[j] if j >= 0 else -1)

    def jump_to_turn(self, turn: int) -> None:
        for i in self.session.turn_starts:
            if self.session.events[i]["turn"] == turn:
                self.seek(i)
                return

    def command(self, cmd: str, payload=None) -> None:
        if cmd == "play_pause":
            self.playing = not self.playing
            if self.playing and self.cursor >= len(self.session) - 1:
                self.seek(-1)
        elif cmd == "next_event":
            self.playing = False
            self.step_event(1)
        elif cmd == "prev_event":
            self.playing = False
            self.step_event(-1)
        elif cmd == "next_activation":
            self.step_activation(1)
        elif cmd == "prev_activation":
            self.step_activation(-1)
        elif cmd == "to_start":
            self.seek(-1)
        elif cmd == "to_end":
            self.seek(len(self.session) - 1)
        elif cmd == "turn":
            self.jump_to_turn(payload)
        elif cmd == "seek":
            self.seek(payload)
        elif cmd == "faster":
            self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])
        elif cmd == "slower":
            self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])
        elif cmd == "toggle_zones":
            self.show_zones = not self.show_zones
        elif cmd == "fit":
            self.view.fit()
        elif cmd == "help":
            self.dialog = Dialog("help", "Replay viewer", REPLAY_HELP, [("Close", "dismiss", None)],
                                 cancel=("dismiss", None), width=760)
        elif cmd == "dismiss":
            self.dialog = None
        elif cmd == "cancel":
            if self.dialog is not None:
                self.dialog = None
            else:
                self.selected = None
        elif cmd == "quit":
            self.close()

    def update(self, dt: float) -> None:
        self.time += dt
        if not self.playing:
            return
        self.t += dt * self.speed
        while True:
            if self.cursor >= len(self.session) - 1:
                self.playing = False
                break
            d = self._dwell(self.current) if self.cursor >= 0 else 0.0
            if self.t < d:
                break
            self.t -= d
            self.cursor += 1

    def _dwell(self, ev) -> float:
        if ev is None:
            return 0.0
        if ev.get("type") in ("action_resolved",) or (ev.get("type") == "energy" and ev.get("rule") == "ENE-1"):
            return 0.0
        return max(MIN_DWELL, dwell(ev))

    def idle(self) -> bool:
        """Paused: nothing moves until the user acts."""
        return not self.playing

    def close(self, *, quit_after: bool = False) -> None:
        """Close the viewer: back to the screen it was opened from (which then asks about quitting, if the window
        itself was closed), or end the program when it was opened on its own."""
        if self.back is None:
            self.running = False
            return
        back = self.back
        back.next_screen = None
        back.screen = pygame.display.get_surface()
        back.layout()
        pygame.display.set_caption("Wartime — hot-seat")
        self.next_screen = back
        if quit_after:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.close(quit_after=True)
            return
        if event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.set_mode((max(900, event.w), max(600, event.h)), pygame.RESIZABLE)
            self.layout()
            return
        pan = self.pointer.update(event)
        if pan is not None:
            self.view.pan_by(*pan)
        if event.type == pygame.MOUSEWHEEL:
            if self.log_rect.collidepoint(self.pointer.pos):
                self.log_scroll = max(0, self.log_scroll + event.y * 3)
            elif self.view.contains(self.pointer.pos):
                self.view.zoom_at(1.15 ** event.y, self.pointer.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hot = self.gui.hit(self.pointer.pos)
            if hot is not None and hot.command:
                if hot.command == "timeline":
                    r = hot.rect
                    frac = (self.pointer.pos[0] - r.x) / max(1, r.width)
                    self.seek(round(frac * (len(self.session) - 1)))
                else:
                    self.command(hot.command, hot.payload)
            elif self.dialog is None and self.view.contains(self.pointer.pos):
                gs = self.session.state_at(self.cursor)
                self.selected = self.view.mini_at(gs, self.pointer.pos)
        elif event.type == pygame.KEYDOWN:
            if self.dialog is not None:
                if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
                    self.dialog = None
                return
            if event.key in PAN_KEYS:
                dx, dy = PAN_KEYS[event.key]
                self.view.pan_by(dx * 40, dy * 40)
                return
            n = number_key(event)
            if n is not None:
                self.jump_to_turn(n)
                return
            cmd = REPLAY_KEYS.get(event.key)
            if cmd:
                self.command(cmd)

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self) -> None:
        s = self.screen
        s.fill(theme.BG)
        self.gui.begin(self.pointer.pos)
        ses = self.session
        gs = ses.state_at(self.cursor)
        cur = self.current
        overrides = {}
        if cur is not None and cur.get("type") == "moved" and self.playing and cur.get("path"):
            d = self._dwell(cur)
            overrides = {cur["who"]: along(cur["path"], min(1.0, self.t / d) if d else 1.0)}
        fov = self.selected
        if fov is None and cur is not None and cur.get("type") in ("activation_start", "action", "moved", "check"):
            fov = cur.get("who")
        self.view.draw(s, gs, DrawOptions(selected=self.selected if self.selected is not None else fov,
                                          show_zones=self.show_zones, fov=fov, overrides=overrides,
                                          time=self.time, dim_acted=True, state_key=("replay", self.cursor),
                                          trail=cur.get("path") if cur is not None and cur.get("type") == "moved"
                                          else None))
        flow = gs.world.resources.get("flow")
        title = f"Replay · {ses.match.scenario.name} · {ses.path.name}"
        status = (f"event {self.cursor + 1}/{len(ses)} · turn {getattr(flow, 'turn', 0)} · "
                  f"phase {getattr(flow, 'phase', '-')} · {'playing' if self.playing else 'paused'} at {self.speed:g}×")
        colour = theme.TEXT_DIM
        if ses.desync is not None:
            status += f" · the engine differs from the record from event {ses.desync}"
            colour = theme.BAD
        draw_top_bar(s, self.top_rect, self.gui, title, status, colour,
                     [("Zones", "toggle_zones", "Deployment zones (Z)"), ("Help", "help", "Controls (F1)"),
                      ("Back to the game" if self.back is not None else "Close", "quit",
                       "Return to the game" if self.back is not None else "Close the viewer")])
        self._draw_controls(s)
        self._draw_side(s, gs)
        # the log up to the cursor
        upto = bisect.bisect_right(self._line_index, self.cursor)
        draw_log(s, self.log_rect, self.gui, self.lines[:upto], min(self.log_scroll, max(0, upto - 1)), self.cursor)
        checks = []
        for i in range(max(0, self.cursor - 60), self.cursor + 1):
            ev = ses.events[i]
            if ev.get("type") in TRAY_EVENTS:
                rolling = self.playing and i == self.cursor
                checks.append((ev, self.time - self.t / max(self.speed, 0.01) if rolling else -1e9))
        draw_dice(s, self.dice_rect, checks, self.time, TUMBLE / max(0.25, self.speed), self.name)
        if self.dialog is not None:
            self.dialog.draw(s, self.gui)
        draw_tooltip(s, self.pointer.pos, self.gui.tooltip_at())

    def _draw_controls(self, s) -> None:
        r = self.controls_rect
        pygame.draw.rect(s, (30, 32, 37), r)
        pygame.draw.line(s, theme.PANEL_EDGE, r.topleft, r.topright)
        x, y = r.x + 10, r.y + 6
        size = 30
        buttons = [("prev_activation", "Previous activation ([ or PgUp)"), ("prev_event", "Previous event (,)"),
                   ("play_pause", "Play / pause (Space)"), ("next_event", "Next event (.)"),
                   ("next_activation", "Next activation (] or PgDn)")]
        for cmd, tip in buttons:
            h = self.gui.button(s, (x, y, size + 8, size), "", cmd, tooltip=(tip, ""))
            _icon(s, cmd if cmd != "play_pause" else ("pause" if self.playing else "play"), h.rect)
            x += size + 12
        x += 8
        self.gui.button(s, (x, y, 28, size), "−", "slower", tooltip=("Slower (-)", ""))
        theme.blit_text(s, f"{self.speed:g}×", (x + 52, y + size // 2), 14, theme.TEXT, anchor="center")
        self.gui.button(s, (x + 76, y, 28, size), "+", "faster", tooltip=("Faster (+)", ""))
        x += 116
        theme.blit_text(s, "turn", (x, y + size // 2), 13, theme.TEXT_DIM, anchor="midleft")
        x += 34
        cur_turn = self.session.turn_of(self.cursor)
        for i in self.session.turn_starts:
            t = self.session.events[i]["turn"]
            if x + 30 > r.right - 10:
                break
            self.gui.button(s, (x, y, 28, size), str(t), "turn", t, active=t == cur_turn, size=13,
                            tooltip=(f"Jump to turn {t} ({t if t < 10 else ''})", ""))
            x += 32
        # timeline with a tick per turn and per activation
        tl = pygame.Rect(r.x + 10, r.y + 44, r.width - 20, 12)
        pygame.draw.rect(s, (50, 54, 62), tl, border_radius=3)
        n = max(1, len(self.session) - 1)
        for i in self.session.activations:
            xx = tl.x + tl.width * i / n
            pygame.draw.line(s, (80, 86, 98), (xx, tl.y + 3), (xx, tl.bottom - 3))
        for i in self.session.turn_starts:
            xx = tl.x + tl.width * i / n
            pygame.draw.line(s, theme.ACCENT, (xx, tl.y - 2), (xx, tl.bottom + 2), 2)
        fill = tl.width * max(0, self.cursor) / n
        pygame.draw.rect(s, (110, 140, 190), (tl.x, tl.y, fill, tl.height), border_radius=3)
        pygame.draw.circle(s, theme.TEXT, (int(tl.x + fill), tl.centery), 7)
        self.gui.region(tl.inflate(0, 10), "timeline", None, ("Click to jump", ""))

    def _draw_side(self, s, gs) -> None:
        rect = self.side_rect
        pygame.draw.rect(s, theme.PANEL, rect)
        pygame.draw.line(s, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
        x, w = rect.x + 12, rect.width - 24
        y = rect.y + 10
        ses = self.session
        lists = ses.match.lists
        theme.blit_text(s, f"Red: {lists['red'].name}  ·  Blue: {lists['blue'].name}", (x, y), 14, theme.TEXT, bold=True)
        y += 20
        theme.blit_text(s, f"seed {ses.match.seed} · {len(ses.decisions)} decisions · {len(ses)} events", (x, y), 12,
                        theme.TEXT_DIM)
        y += 24
        cur = self.current
        if cur is not None:
            line = describe(cur, self.name, self.weapon_name, self.cursor)
            text = line.text if line is not None else cur.get("type", "")
            rule = cur.get("rule")
            head = f"Event {self.cursor + 1}: {cur.get('type')}"
            theme.blit_text(s, head, (x, y), 13, theme.ACCENT, bold=True)
            if rule:
                rr = theme.blit_text(s, f"[{rule}]", (rect.right - 12, y), 13, theme.TEXT_DIM, anchor="topright")
                self.gui.region(rr, None, None, rule_tooltip(rule, text))
            y += 18
            for ln in theme.wrap(text, w, 13):
                theme.blit_text(s, ln, (x, y), 13, theme.TEXT)
                y += 17
            if rule and rule_title(rule):
                theme.blit_text(s, f"{rule}: {rule_title(rule)}", (x, y), 12, theme.TEXT_DIM)
                y += 16
        else:
            theme.blit_text(s, "Before the first decision. Space to play.", (x, y), 13, theme.TEXT_DIM)
            y += 18
        y += 6
        pygame.draw.line(s, theme.PANEL_EDGE, (rect.x + 8, y), (rect.right - 8, y))
        y += 8
        e = self.selected
        if e is None and cur is not None:
            e = cur.get("who") if isinstance(cur.get("who"), int) else None
        if e is not None and e in gs.minis():
            y += draw_card(s, pygame.Rect(x, y, w, 200), gs, e, self.gui) + 8
            pygame.draw.line(s, theme.PANEL_EDGE, (rect.x + 8, y), (rect.right - 8, y))
            y += 8
        # standing of each side at the cursor
        for side in gs.sides:
            able = len(gs.side_alive(side))
            total = len([m for m in gs.minis() if gs.side(m) == side])
            theme.blit_text(s, f"{side.capitalize()}: {able}/{total} able to act", (x, y), 13, theme.side_colour(side),
                            bold=True)
            y += 18
        if self.cursor >= len(ses) - 1:
            r = ses.result
            y += 6
            winner = r["winner"]
            theme.blit_text(s, (f"{winner.capitalize()} wins" if winner else "Draw") + f" ({r['reason']}, turn {r['turns']})",
                            (x, y), 15, theme.ACCENT, bold=True)
            y += 20
            for side in gs.sides:
                theme.blit_text(s, f"{side.capitalize()}: {r['casualties'][side]} casualties, "
                                f"{r['points_lost'][side]} points lost", (x, y), 13, theme.TEXT)
                y += 18


def _icon(s, kind: str, rect: pygame.Rect, colour=theme.TEXT) -> None:
    """Transport icons drawn with pygame.draw."""
    cx, cy = rect.center
    h = 8
    if kind == "play":
        pygame.draw.polygon(s, colour, [(cx - 5, cy - h), (cx - 5, cy + h), (cx + 8, cy)])
    elif kind == "pause":
        pygame.draw.rect(s, colour, (cx - 7, cy - h, 5, 2 * h))
        pygame.draw.rect(s, colour, (cx + 2, cy - h, 5, 2 * h))
    elif kind == "next_event":
        pygame.draw.polygon(s, colour, [(cx - 6, cy - h), (cx - 6, cy + h), (cx + 5, cy)])
        pygame.draw.rect(s, colour, (cx + 5, cy - h, 3, 2 * h))
    elif kind == "prev_event":
        pygame.draw.polygon(s, colour, [(cx + 6, cy - h), (cx + 6, cy + h), (cx - 5, cy)])
        pygame.draw.rect(s, colour, (cx - 8, cy - h, 3, 2 * h))
    elif kind == "next_activation":
        pygame.draw.polygon(s, colour, [(cx - 10, cy - h), (cx - 10, cy + h), (cx - 1, cy)])
        pygame.draw.polygon(s, colour, [(cx - 1, cy - h), (cx - 1, cy + h), (cx + 8, cy)])
        pygame.draw.rect(s, colour, (cx + 8, cy - h, 3, 2 * h))
    elif kind == "prev_activation":
        pygame.draw.polygon(s, colour, [(cx + 10, cy - h), (cx + 10, cy + h), (cx + 1, cy)])
        pygame.draw.polygon(s, colour, [(cx + 1, cy - h), (cx + 1, cy + h), (cx - 8, cy)])
        pygame.draw.rect(s, colour, (cx - 11, cy - h, 3, 2 * h))


def run_viewer(path: str | Path, max_frames: int | None = None, size=(1280, 800)) -> int:
    """`wartime replay view FILE`: open the viewer window until it is closed."""
    try:
        viewer = ReplayViewer(path, size=size)
    except DataError as exc:
        for line in exc.lines():
            print(line, file=sys.stderr)
        return 2
    except (WartimeError, OSError, ValueError, KeyError) as exc:
        print(f"wartime replay view: {exc}", file=sys.stderr)
        return 2
    frames = 0
    try:
        while viewer.step():
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
    finally:
        pygame.quit()
    return 0
