"""The hot-seat window: two players at one screen (or one against the scripted AI, or two AIs), the engine
enforcing every rule and showing what a player would otherwise measure with a ruler.

The window reads the match and submits decisions; it decides nothing itself (`wartime.ui.adapter` asks the
engine what is legal). `run(argv, max_frames)` is the program; `App.step()` runs one frame and is what the
tests drive, posting real pygame events."""
from __future__ import annotations

import argparse
import math
import secrets
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

import pygame
from shapely.geometry import Point

from wartime.ai import CONTROLLERS
from wartime.core.components import Posture
from wartime.core.errors import DataError, RuleViolation, WartimeError
from wartime.match.match import Match
from wartime.rules.actions.params import CandidateSpace
from wartime.rules.sequence import Decision
from wartime.ui import theme
from wartime.ui.adapter import (AI, HUMAN, AttackPreview, MenuEntry, PathPreview, Setup, action_label, action_menu,
                                attack_preview, end_facing_param, entry_check, entry_decision, long_name,
                                movement_allowance, new_match, option_decision, pass_decision, path_preview, point_origin,
                                point_params, point_preview, rebuild_match, save_game,
                                submit_with_frames, terrain_names, try_action, try_decision, view_state)
from wartime.geometry.templates import template_from_code
from wartime.ui.animate import TUMBLE, Presenter
from wartime.ui.board_view import BoardView, DrawOptions
from wartime.ui.input import PAN_KEYS, PLAY_HELP, PLAY_KEYS, Pointer, number_key
from wartime.match.narrate import TRAY_EVENTS, Line, describe
from wartime.ui import saves
from wartime.ui.replay_view import ReplayViewer
from wartime.ui.screen import Screen, init_pygame
from wartime.ui.panels import (Dialog, Gui, draw_card, draw_check_box, draw_dice, draw_log, draw_menu, draw_odds_box,
                               draw_path_box, draw_tooltip, draw_top_bar, handover_dialog, menu_hotkeys, rule_tooltip,
                               _fit)
from wartime.rules import hiding
from wartime.rules.alarm_flow import last_turn  # ALM-34, ALM-40: the game's end read from the state
from wartime.rules.actions import REGISTRY
from wartime.data.tables import trait_by_id
from wartime.geometry import sight
from wartime.ui.deploy import DeployPlan, draw_panel as draw_deploy_panel
from wartime.ui import alarm_view
from wartime.ui.mental_view import mental_lines  # CBA-19
from wartime.rules.mental import MENTAL_WINDOW
from wartime.rules.bodyguard import WINDOW as BODYGUARD_WINDOW  # TRT-BODYGUARD
from wartime.ui.bodyguard_view import bodyguard_lines, bodyguard_status, bodyguard_title
from wartime.rules.fortune import WINDOW as FORTUNE_WINDOW  # TRT-FORTUNE
from wartime.ui.fortune_view import fortune_lines, fortune_status, fortune_title
from wartime.rules.aim_correction import WINDOW as AIM_WINDOW  # TRT-AIM-CORRECTOR
from wartime.ui.aim_view import aim_lines, aim_status, aim_title
from wartime.ui.tools import TableTools
from wartime.ui.tracker import draw_tracker

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SCENARIO = ROOT / "scenarios" / "skirmish.toml"
AI_PAUSE = 0.35
#: when a human side is asked to react (the "Reactions" button cycles them), the first the default
REACT_MODES = ("relevant", "always", "never")
REACT_MODE_WORDS = {"relevant": "when an enemy targets one of yours or ends a move in their view",
                    "always": "at every window", "never": "never (every window passes at once)"}


@dataclass
class Tool:
    """An action being given its parameters: a path being drawn or a target being picked."""
    entry: MenuEntry
    waypoints: list[tuple[float, float]] = field(default_factory=list)
    preview: PathPreview | None = None
    preview_key: tuple | None = None
    hover: int | None = None
    attack: AttackPreview | None = None
    attack_key: tuple | None = None
    reach: float | None = None          # the allowance of a path or point tool (the ring), asked once
    choosing: int | None = None         # the target whose choices (MenuEntry.alts) are listed to pick from
    alt_hover: int | None = None
    alt_attack: AttackPreview | None = None


class App(Screen):
    def __init__(self, setup: Setup, *, match: Match | None = None, size=(1280, 800), fixed_dt: float | None = None,
                 speed: float = 1.0, saves_dir: str | Path | None = None, start_screen: bool = True):
        init_pygame()
        self.screen = pygame.display.get_surface()
        if self.screen is None or self.screen.get_size() != tuple(size):
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Wartime — hot-seat")
        self.clock = pygame.time.Clock()
        self.fixed_dt = fixed_dt
        self.saves_dir = Path(saves_dir) if saves_dir is not None else saves.default_saves_dir()
        self.gui = Gui()
        self.pointer = Pointer()
        self.presenter = Presenter(speed)
        self.speed = speed
        self.time = 0.0
        self.frame = 0
        self.running = True
        self.next_screen = None          # another screen (the replay viewer) to switch to
        self.dialog: Dialog | None = None
        self.toast: tuple[str, tuple, float] | None = None
        self.show_zones = False
        self.layout()
        self.set_match(match or new_match(setup), setup)
        if start_screen:
            self.mode = "start"
            self.dialog = self._start_dialog()
        else:
            self.mode = "play"

    # --- match ------------------------------------------------------------------------------------------
    def set_match(self, match: Match, setup: Setup) -> None:
        self.match = match
        self.setup = setup
        self.saved_decisions = len(match.decisions)        # a game just loaded or started has nothing unsaved
        gs = match.gs
        self.view = BoardView(gs.board, self.board_rect, gs.deployment, terrain_names(match))
        self.presenter.clear()
        self.log: list[Line] = []
        self.checks: list[tuple[dict, float]] = []
        for i, ev in enumerate(match.world.events):
            self._reveal(dict(ev), i, animate=False)
        self.log_scroll = 0
        self.selected: int | None = None
        self.tool: Tool | None = None
        self.menu: list[MenuEntry] | None = None
        self.menu_key = None
        self.menu_scroll = 0
        self.menu_marked: tuple[int, ...] = ()     # the entries a click on a piece or element matched
        self.menu_hover: int | None = None
        self.preview_shown = False
        self.popup = None
        self.chain = False
        self.facing_override: float | None = None
        self.last_human_side: str | None = None
        #: the deployment being planned by a human side (ui/deploy.py), None otherwise
        self.deploy: DeployPlan | None = None
        #: the wave being planned by a human attacker in an alarm game (ui/alarm_view.py), None otherwise
        self.wave: alarm_view.WavePlan | None = None
        #: tape measure, ghost, enemy cards, undo (ui/tools.py)
        self.table = TableTools()
        #: issue 14: per human side, when it is asked to react: 'relevant' (an enemy action targets one of its
        #: miniatures or a move ends in view of one), 'always' or 'never' (auto-pass)
        self.react_mode: dict[str, str] = {}
        self.react_asked: set = set()        # windows already prompted (one prompt per window and side)
        self.react_skip: set = set()         # enemy actions whose windows the side passed as a whole
        self._react_settled = None           # the pending decision (pending_key) _human_window last settled
        #: per side, how many events it had seen when it last had the mouse (hand-over summaries)
        self.looked: dict[str, int] = {}
        self.pending_key = None
        self.ai_wait = 0.0
        self.result_shown = False
        self.mode = "play"

    def is_human(self, side: str) -> bool:
        return self.setup.controllers.get(side, HUMAN) == HUMAN

    @property
    def hot_seat(self) -> bool:
        return all(self.is_human(s) for s in self.match.gs.sides)

    def human_pending(self):
        """The pending decision if a human at this window should answer it now."""
        p = self.match.pending
        if p is None or self.mode != "play" or self.dialog is not None or self.presenter.busy:
            return None
        return p if self.is_human(p.side) else None

    def display_gs(self):
        snap = self.presenter.snapshot
        return self.match.gs if snap is None else view_state(self.match.gs, snap)

    @property
    def names_gs(self):
        return self.match.gs

    def weapon_name(self, e, i) -> str:
        w = self.match.gs.weapon(e, i)
        return w.name if w is not None else f"weapon {i}"

    def idle(self) -> bool:
        """Nothing to animate or play until the user acts: no reveal in progress, no timed message showing, and,
        in play, a human to decide (or a dialog open, or the game over)."""
        if self.presenter.busy or (self.toast is not None and self.time < self.toast[2]):
            return False
        if self.mode == "play" and self.dialog is None and not self.match.over:
            p = self.match.pending
            return p is None or self.is_human(p.side)
        return True

    def update(self, dt: float) -> None:
        self.time += dt
        for ev, _snap in self.presenter.update(dt):
            self._reveal(ev, ev.get("_i", -1))
        if self.mode != "play" or self.dialog is not None or self.presenter.busy:
            return
        m = self.match
        if m.over:
            if not self.result_shown:
                self.result_shown = True
                self.dialog = self._result_dialog()
            return
        p = m.pending
        key = (len(m.decisions), p.kind, p.side, p.actor)
        if key != self.pending_key:
            self.pending_key = key
            self._new_pending(p)
        if self.is_human(p.side):
            if p.kind == "react":
                self._human_window(p)
                return
            if self.hot_seat and self.last_human_side is not None and p.side != self.last_human_side:
                self.dialog = self._handover(p)
            elif p.kind == "malus":
                self.dialog = self._malus_dialog(p)
            elif p.kind == "bonus_loss":
                self.dialog = self._bonus_loss_dialog(p)
            self.last_human_side = p.side
            return
        # the AI answers through the same door, at a watchable pace
        self.ai_wait -= dt * self.speed
        if self.ai_wait > 0:
            return
        ctrl = m.controllers.get(p.side)
        if ctrl is None:
            self._toast(f"no controller for {p.side}", theme.BAD)
            return
        if p.kind in ("action", "react"):
            self.selected = p.actor
        try:
            decision = ctrl.decide(m, p)
        except Exception as exc:          # a controller that cannot answer this kind of decision yet
            if p.kind != "react":
                raise
            decision = pass_decision(p)
            self._toast(f"{p.side.capitalize()} (AI) cannot react ({type(exc).__name__}): it passes", theme.WARN)
        if not self.submit(decision) and p.kind == "react":
            self.submit(pass_decision(p))
        self.ai_wait = AI_PAUSE

    def _new_pending(self, p) -> None:
        self.deploy = DeployPlan(p.side) if p.kind == "deploy" else None
        self.wave = alarm_view.WavePlan(p.side) if p.kind == "wave" else None     # alarm mode (ui/alarm_view.py)
        self.tool = None
        self.facing_override = None
        self.menu = None
        self.menu_scroll = 0
        self.menu_marked = ()
        if p.kind in ("action", "react"):
            self.selected = p.actor
        elif self.selected is not None and p.kind in ("initiative", "activate") and self.selected not in p.options:
            self.selected = None

    def submit(self, decision: Decision) -> bool:
        """Submit through the match; the events are queued for the presenter with their snapshots."""
        n0 = len(self.match.world.events)
        try:
            frames = submit_with_frames(self.match, decision)
        except RuleViolation as exc:
            self._toast(f"{exc.rule_id}: {exc.message}", theme.BAD)
            return False
        for k, (ev, _s) in enumerate(frames):
            ev["_i"] = n0 + k
        self.presenter.push(frames)
        self.tool = None
        self.menu = None
        self.facing_override = None
        self.chain = False
        return True

    def _reveal(self, ev: dict, index: int, animate: bool = True) -> None:
        line = describe(ev, self.name, self.weapon_name, index)
        if line is not None:
            self.log.append(line)
        if ev.get("type") in TRAY_EVENTS:
            self.checks.append((ev, self.time if animate else -1e9))
            del self.checks[:-12]

    # --- events ---------------------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.set_mode((max(900, event.w), max(600, event.h)), pygame.RESIZABLE)
            self.layout()
            return
        pan = self.pointer.update(event)
        if pan is not None and self.dialog is None:
            self.view.pan_by(*pan)
        if self.table.handle(self, event):
            return
        if event.type == pygame.MOUSEWHEEL:
            pos = self.pointer.pos
            if self.log_rect.collidepoint(pos):
                self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y * 3))
            elif self.side_rect.collidepoint(pos) and self.menu is not None and self.tool is None:
                self.menu_scroll = max(0, min(len(self.menu) - 1, self.menu_scroll - event.y * 3))
            elif self.view.contains(pos) and self.dialog is None:
                self.view.zoom_at(1.15 ** event.y, pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.gui.mouse = self.pointer.pos
            hot = self.gui.hit(self.pointer.pos)
            if hot is not None and hot.command:
                if hot.enabled:
                    self.command(hot.command, hot.payload)
                elif hot.tooltip:
                    self._toast(f"{hot.tooltip[0]}: {hot.tooltip[1]}", theme.BAD)
            elif self.dialog is None and self.view.contains(self.pointer.pos):
                self.board_click(self.pointer.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.deploy is not None:
            self._deploy_drop(self.pointer.pos)
        elif event.type == pygame.MOUSEMOTION:
            if self.deploy is not None and self.deploy.dragging is not None:
                x, y = self.view.to_board(*self.pointer.pos)
                self.deploy.plan[self.deploy.dragging] = (x, y, self.deploy.drag_from[2])
            self._hover_board()
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event) -> None:
        if self.dialog is not None:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.dialog.buttons:
                label, cmd, payload = self.dialog.buttons[0]
                self.command(cmd, payload)
            elif event.key == pygame.K_ESCAPE and self.dialog.cancel is not None:
                self.command(*self.dialog.cancel)
            return
        if event.key in PAN_KEYS:
            dx, dy = PAN_KEYS[event.key]
            self.view.pan_by(dx * 40, dy * 40)
            return
        n = number_key(event)
        if n is not None:
            p = self.human_pending()
            if p is not None and p.kind in ("action", "react"):    # the n-th enabled entry (panels.menu_hotkeys)
                index = next((i for i, k in menu_hotkeys(self._menu(p)).items() if k == n), None)
                if index is not None:
                    self.command("menu", index)
            return
        cmd = PLAY_KEYS.get(event.key)
        if cmd:
            self.command(cmd, None)

    def command(self, cmd: str, payload=None) -> None:
        """Every button, hotkey and dialog choice ends up here."""
        p = self.human_pending()
        if cmd == "pass_reaction" and self.dialog is not None and self.dialog.kind == "handover":
            self.dialog = None
            p = self.human_pending()
            if p is not None and p.kind == "react":
                self.submit(pass_decision(p))
            return
        if cmd in ("react_open", "react_later", "react_pass") and self.dialog is not None \
                and self.dialog.kind == "react_prompt":
            token = self.dialog.extra.get("token")
            mental_q = self.dialog.extra.get("mental")
            self.dialog = None
            if mental_q:                      # CBA-19: one question of a mental combat, not a window to skip
                if cmd == "react_pass" and p is not None and p.kind == "react":
                    self.submit(pass_decision(p))
                return
            if cmd == "react_pass":
                self.react_skip.add(token)
            if cmd != "react_open":
                self._pass_window(token)
            return
        if cmd == "react_mode":
            side = self.last_human_side or next((s for s in ("red", "blue") if self.is_human(s)), None)
            if side is not None:
                modes = REACT_MODES
                now = self.react_mode.get(side, modes[0])
                self.react_mode[side] = modes[(modes.index(now) + 1) % len(modes)]
                self._toast(f"{side.capitalize()} is asked to react: {REACT_MODE_WORDS[self.react_mode[side]]}",
                            theme.ACCENT)
            return
        if cmd in ("malus", "bonus_loss") and self.dialog is not None and self.dialog.kind == cmd:   # PSI-8, Saikikku
            self.dialog = None
            p = self.human_pending()
            if p is not None and p.kind == cmd:
                self.submit(Decision(cmd, p.side, actor=p.actor, action=payload))
            return
        if cmd == "dismiss":
            self.dialog = self._start_dialog() if self.mode == "start" else None
        elif cmd == "start":
            self.dialog = None
            self.mode = "play"
        elif cmd == "quit":
            self.request_quit()
        elif cmd == "quit_now":
            self.running = False
        elif cmd == "help":
            self.dialog = Dialog("help", "Controls", PLAY_HELP, [("Close", "dismiss", None)], cancel=("dismiss", None),
                                 width=760)
        elif cmd == "save":
            self.dialog = self._save_dialog()
        elif cmd == "save_slot":
            self.dialog = None
            self.save(saves.slot_path(self.saves_dir, int(payload)))
        elif cmd == "save_new":
            self.dialog = None
            self.save()
        elif cmd == "load":
            self.dialog = self._unsaved_dialog() if self.unsaved() else self._load_dialog()
        elif cmd == "load_anyway":
            self.dialog = self._load_dialog()
        elif cmd == "open_save":
            self.load(payload)
        elif cmd == "watch_replay":
            self.open_replay()
        elif cmd == "toggle_zones":
            self.show_zones = not self.show_zones
        elif cmd == "toggle_tape":
            self.table.toggle_tape()
        elif cmd == "fit":
            self.view.fit()
        elif cmd == "zoom_in":
            self.view.zoom_at(1.25, self.view.rect.center)
        elif cmd == "zoom_out":
            self.view.zoom_at(0.8, self.view.rect.center)
        elif cmd == "skip":
            for ev, _s in self.presenter.finish():
                self._reveal(ev, ev.get("_i", -1), animate=False)
        elif cmd == "cancel":
            if self.tool is not None and self.tool.choosing is not None:
                self.tool.choosing = None
            elif self.tool is not None:
                self.tool = None
            elif self.facing_override is not None:
                self.facing_override = None
            elif p is None or p.kind != "action":
                self.selected = None
        elif p is None:
            return
        elif cmd == "choose":
            self.submit(Decision(p.kind, p.side, choice=payload))
        elif cmd in ("deploy_done", "deploy_auto", "deploy_reset") and p.kind == "deploy" and self.deploy is not None:
            if cmd == "deploy_reset":
                self.deploy.plan.clear()
            else:
                self.submit(self.deploy.decision() if cmd == "deploy_done" else Decision("deploy", p.side))
        elif cmd.startswith("wave_") and p.kind == "wave" and self.wave is not None:
            self._wave_command(p, cmd, payload)
        elif cmd == "pass_reaction" and p.kind == "react":
            self.submit(pass_decision(p))
        elif cmd == "confirm":
            self._confirm(p)
        elif cmd == "undo_waypoint":
            if self.tool is not None and self.tool.waypoints:
                self.tool.waypoints.pop()
                self.tool.preview_key = None
                self._hover_board()
        elif cmd == "toggle_chain" and p.kind == "action":
            self.chain = not self.chain
            self.menu = None
        elif cmd == "end_face" and self.tool is not None and self.tool.entry.tool == "path":
            name = end_facing_param(self.tool.entry.key)
            if name is None:
                self._toast(f"{self.tool.entry.label} takes no facing at its end", theme.WARN)
                return
            gs = self.match.gs
            a = self.tool.waypoints[-1] if self.tool.waypoints else (gs.pos(p.actor).x, gs.pos(p.actor).y)
            x, y = self.view.to_board(*self.pointer.pos)
            facing = round(math.degrees(math.atan2(y - a[1], x - a[0])) % 360.0, 1)
            self.tool.entry = replace(self.tool.entry, params=dict(self.tool.entry.params, **{name: facing}))
            self.tool.preview_key = None
            self._toast(f"faces {facing:.0f}° at the end ({name})", theme.ACCENT)
        elif cmd == "face_mouse" and p.kind == "action":
            x, y = self.view.to_board(*self.pointer.pos)
            self.facing_override = round(self.match.gs.facing_to(p.actor, x, y), 1)
            if self.tool is not None:
                self.tool.preview_key = self.tool.attack_key = None
        elif cmd == "menu" and p.kind in ("action", "react"):
            self._pick_entry(p, payload)
        elif cmd == "target" and self.tool is not None:
            self._pick_target(p, payload)
        elif cmd == "alt" and self.tool is not None:
            self._pick_alt(p, payload)
        elif cmd == "go" and self.tool is not None:
            self._confirm(p)

    def _wave_command(self, p, cmd: str, payload) -> None:
        """Alarm mode: a human attacker's wave buttons (ui/alarm_view.py)."""
        plan = self.wave
        if cmd == "wave_pick":
            plan.picked = payload
        elif cmd == "wave_undo" and plan.buys:
            plan.buys.pop()
        elif cmd == "wave_suggest":
            plan.suggest(self.match, p)
        elif cmd in ("wave_done", "wave_none"):
            self.submit(plan.decision() if cmd == "wave_done" else Decision("wave", p.side))

    def _confirm(self, p) -> None:
        if p.kind == "deploy" and self.deploy is not None:
            self.submit(self.deploy.decision())
            return
        if p.kind == "wave" and self.wave is not None:
            self.submit(self.wave.decision())
            return
        if p.kind in ("initiative", "activate"):
            if self.selected in p.options:
                self.submit(Decision(p.kind, p.side, choice=self.selected))
            return
        t = self.tool
        if t is None or t.entry.tool != "path" or not t.waypoints:
            return
        pv = path_preview(self.match, p.actor, t.entry, t.waypoints, self.chain, self.facing_override,
                          p.kind == "react")
        if pv.error is not None:
            self._toast(f"{pv.error.rule_id}: {pv.error.message}", theme.BAD)
            return
        self.submit(entry_decision(p, t.entry, self.chain, self.facing_override, path=t.waypoints))

    def _menu(self, p) -> list[MenuEntry]:
        key = (len(self.match.decisions), p.kind, p.actor, self.chain)
        if self.menu is None or self.menu_key != key:
            if p.kind == "react":
                self.menu = action_menu(self.match, p.actor, reactions=p.options)
            else:
                self.menu = action_menu(self.match, p.actor, self.chain)
            self.menu_key = key
        return self.menu

    def _pick_entry(self, p, index) -> None:
        entries = self._menu(p)
        if index is None or not (0 <= index < len(entries)):
            return
        e = entries[index]
        if not e.enabled:
            self._toast(f"{e.error.rule_id}: {e.error.message}", theme.BAD)
            return
        if e.tool == "now":
            self.submit(entry_decision(p, e, self.chain, self.facing_override))
        else:
            self.tool = Tool(e)
            if e.tool in ("path", "point"):
                self.tool.reach = movement_allowance(self.match, p.actor, e.key, e.params)
            self._hover_board()

    def _pick_target(self, p, target: int) -> None:
        t = self.tool
        opt = t.entry.options.get(target)
        if opt is None:
            self._toast(f"{self.name(target)} is not a possible target for {t.entry.label}", theme.BAD)
            return
        err = opt.error
        if self.facing_override is not None and p.kind == "action":
            _, err = try_action(self.match, p.actor, t.entry.key, opt.params, self.chain, self.facing_override)
        if err is not None:
            self._toast(f"{err.rule_id}: {err.message}", theme.BAD)
            return
        if "path" in opt.params and any(q.kind == "path" for q in REGISTRY[t.entry.key].params):
            # MVA-8: the target (the load) first, then the path is drawn like a move's
            fixed = {k: v for k, v in opt.params.items() if k != "path"}
            entry = MenuEntry(t.entry.key, f"{t.entry.label} → {self.name(target).split(' ', 1)[-1]}", "path",
                              fixed, t.entry.rule, t.entry.check, opt.cost, t.entry.cost_text, None)
            self.tool = Tool(entry)
            self.tool.reach = movement_allowance(self.match, p.actor, t.entry.key)
            return
        if len(t.entry.alts.get(target, [])) > 1:
            t.choosing, t.alt_hover, t.alt_attack = target, None, None      # then one of its choices, from a list
            return
        self.submit(entry_decision(p, t.entry, self.chain, self.facing_override, target=target))

    def _pick_alt(self, p, index: int) -> None:
        t = self.tool
        alts = t.entry.alts.get(t.choosing, []) if t is not None and t.choosing is not None else []
        if not (0 <= index < len(alts)):
            return
        opt = alts[index]
        if self.facing_override is not None and p.kind == "action":
            _, err = try_action(self.match, p.actor, t.entry.key, opt.params, self.chain, self.facing_override)
            if err is not None:
                self._toast(f"{err.rule_id}: {err.message}", theme.BAD)
                return
        self.submit(option_decision(p, t.entry, opt, self.chain, self.facing_override))

    def board_click(self, pos) -> None:
        if self.presenter.busy:
            self.command("skip")
            return
        gs = self.match.gs
        p = self.human_pending()
        if p is not None and p.kind == "deploy" and self.deploy is not None:
            self._deploy_click(p, pos)
            return
        if p is not None and p.kind == "wave" and self.wave is not None:
            err = self.wave.place(gs, *self.view.to_board(*pos))       # alarm mode: one model of the wave there
            if err is not None:
                self._toast(f"{err.rule_id}: {err.message}", theme.BAD)
            return
        hit = self.view.mini_at(gs, pos)
        if p is not None and p.kind in ("action", "react") and self.tool is not None:
            t = self.tool
            if t.entry.tool == "target":
                hit = hit if hit is not None else self._option_at(pos)
                if hit is not None:
                    self._pick_target(p, hit)
                return
            if t.entry.tool == "point":            # a long jump's landing point (MVA-12), a drop's (MVA-9)
                x, y = self.view.to_board(*pos)
                pv = point_preview(self.match, p.actor, t.entry, (round(x, 2), round(y, 2)), self.chain,
                                   self.facing_override)
                if pv.error is not None:
                    self._toast(f"{pv.error.rule_id}: {pv.error.message}", theme.BAD)
                    return
                self.submit(Decision("action", p.side, actor=p.actor, action=t.entry.key,
                                     params=point_params(t.entry, pv.points[-1]), chain=self.chain,
                                     facing=self.facing_override))      # (snapped to an engine point if near)
                return
            if t.entry.tool == "facing":           # Pivotar as a reaction (MVA-19): face the clicked point
                x, y = self.view.to_board(*pos)
                params = dict(t.entry.params, facing_to=round(gs.facing_to(p.actor, x, y), 1))
                _, err = try_decision(self.match, p.actor, t.entry.key, params, react=p.kind == "react")
                if err is not None:
                    self._toast(f"{err.rule_id}: {err.message}", theme.BAD)
                    return
                self.submit(Decision(p.kind, p.side, actor=p.actor, action=t.entry.key, params=params))
                return
            x, y = self.view.to_board(*pos)
            if hit is not None and hit != p.actor:
                x, y = CandidateSpace(gs, p.actor).contact_point(hit)   # a click on a base moves into contact
            if t.waypoints:
                lx, ly = self.view.to_screen(*t.waypoints[-1])
                if math.hypot(lx - pos[0], ly - pos[1]) <= 8:
                    self._confirm(p)
                    return
            t.waypoints.append((round(x, 2), round(y, 2)))
            t.preview_key = None
            self._hover_board()
            return
        if hit is None:
            if p is not None and p.kind in ("action", "react") and self._click_place(p, pos):
                return
            if p is None or p.kind != "action":
                self.selected = None
            return
        if p is not None and p.kind in ("initiative", "activate") and hit in p.options and self.selected == hit:
            self.submit(Decision(p.kind, p.side, choice=hit))
            return
        self.selected = hit

    def _option_at(self, pos) -> int | None:
        """A candidate target off the table under the pointer: a corpse to loot or dispose of (GNA-7, GNA-14)."""
        t = self.tool
        if t is None or not t.entry.options:
            return None
        gs = self.match.gs
        x, y = self.view.to_board(*pos)
        for e in t.entry.options:
            q = gs.pos(e)
            if math.hypot(q.x - x, q.y - y) <= max(gs.body(e).radius, 6 / self.view.scale):
                return e
        return None

    def _click_place(self, p, pos) -> bool:
        """A click on a terrain piece or a searchable element that a menu entry names (Climb: Wall, Search: Chest):
        one enabled entry → it is taken; several → they are outlined in the menu to pick from. True if it matched."""
        x, y = self.view.to_board(*pos)
        entries = self._menu(p)
        hits = []
        for i, e in enumerate(entries):
            if not e.enabled or e.place is None:
                continue
            kind, where, _ = e.place
            if kind == "piece":
                inside = where.polygon.buffer(0.3).contains(Point(x, y))
            else:
                ex, ey, er = where
                inside = math.hypot(x - ex, y - ey) <= er + 0.3
            if inside:
                hits.append(i)
        if not hits:
            return False
        if len(hits) == 1:
            self.menu_marked = ()
            self._pick_entry(p, hits[0])
        else:
            self.menu_marked = tuple(hits)
            self.menu_scroll = max(0, min(hits) - 2)
            self._toast("Choose: " + " or ".join(entries[i].label for i in hits), theme.ACCENT)
        return True

    def _hover_board(self) -> None:
        """Live previews as the pointer moves: the path with its cost and legality, or the target's odds."""
        p = self.human_pending()
        t = self.tool
        if p is None or t is None or p.kind not in ("action", "react"):
            return
        pos = self.pointer.pos
        if t.entry.tool == "point":
            pt = None
            if self.view.contains(pos):
                x, y = self.view.to_board(*pos)
                pt = (round(x, 2), round(y, 2))
            key = (pt, self.chain, self.facing_override)
            if key != t.preview_key:
                t.preview_key = key
                t.preview = point_preview(self.match, p.actor, t.entry, pt, self.chain, self.facing_override)
        elif t.entry.tool == "path":
            pts = list(t.waypoints)
            last = self.view.to_screen(*pts[-1]) if pts else None
            on_last = last is not None and math.hypot(last[0] - pos[0], last[1] - pos[1]) <= 8
            if self.view.contains(pos) and not on_last:     # on the last waypoint: the path as it will go
                x, y = self.view.to_board(*pos)
                pts.append((round(x, 2), round(y, 2)))
            key = (tuple(pts), self.chain, self.facing_override)
            if key != t.preview_key:
                t.preview_key = key
                t.preview = path_preview(self.match, p.actor, t.entry, pts, self.chain, self.facing_override,
                                         p.kind == "react")
        else:
            hit = self.view.mini_at(self.match.gs, pos) if self.view.contains(pos) else None
            if hit is None and self.view.contains(pos):
                hit = self._option_at(pos)
            h = self.gui.hit(pos)
            if h is not None and h.command == "target":
                hit = h.payload
            t.hover = hit if hit in t.entry.options else None
            self._attack_preview(p)

    def _attack_preview(self, p) -> None:
        t = self.tool
        if t is None or t.hover is None:
            return
        key = (t.hover, self.chain, self.facing_override)
        if key == t.attack_key:
            return
        t.attack_key = key
        t.attack = attack_preview(self.match, p.actor, t.entry, t.hover, self.chain, pending=p)
        if self.facing_override is not None and p.kind == "action":
            opt = t.entry.options[t.hover]
            cost, err = try_action(self.match, p.actor, t.entry.key, opt.params, self.chain, self.facing_override)
            t.attack.cost, t.attack.error, t.attack.facing = cost, err, self.facing_override
            if err is not None:
                t.attack.odds = None

    # --- save, load, quit, replay ---------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path:
        if path is None:
            stem = Path(self.match.scenario.path).stem
            f = self.match.engine.flow
            path = self.saves_dir / f"{stem}-seed{self.match.seed}-turn{f.turn}-{len(self.match.decisions):04d}.jsonl"
        out = save_game(self.match, path, self.setup, saved_at=saves.now_text())
        self.saved_decisions = len(self.match.decisions)
        self._toast(f"Saved to {_display_path(out)}", theme.GOOD)
        return out

    def autosave(self) -> Path:
        return save_game(self.match, self.saves_dir / "autosave.jsonl", self.setup, saved_at=saves.now_text())

    def unsaved(self) -> int:
        """Decisions taken since the game was last saved or loaded (0 for a finished game)."""
        return 0 if self.match.over else max(0, len(self.match.decisions) - self.saved_decisions)

    def _save_dialog(self) -> Dialog:
        """Issue 14 point 6: named slots (each with what it holds now) or a new file named after the game."""
        buttons = [(f"Slot {n}: {saves.describe(saves.slot_path(self.saves_dir, n))}", "save_slot", n)
                   for n in range(1, saves.SLOTS + 1)]
        buttons.append(("New save (named after the game and turn)", "save_new", None))
        buttons.append(("Cancel", "dismiss", None))
        return Dialog("save", "Save the game", [f"Saves are kept in {self.saves_dir}/."], buttons,
                      cancel=("dismiss", None), width=640)

    def _unsaved_dialog(self) -> Dialog:
        n = self.unsaved()
        return Dialog("unsaved", "Unsaved progress",
                      [f"This game has {n} decision{'s' if n != 1 else ''} since it was last saved.",
                       "Loading another game drops them (the autosave is written only when you quit)."],
                      [("Save first", "save", None), ("Load anyway", "load_anyway", None), ("Cancel", "dismiss", None)],
                      cancel=("dismiss", None), width=640)

    def load(self, path: str | Path) -> bool:
        try:
            rebuilt = rebuild_match(path)
        except (WartimeError, OSError, ValueError, KeyError) as exc:
            self._toast(f"cannot load {path}: {exc}", theme.BAD)
            return False
        self.set_match(rebuilt.match, rebuilt.setup)
        self.dialog = None
        self.mode = "play"
        if rebuilt.desync is not None:
            self._toast(f"loaded {path}, but the engine differs from the record from event {rebuilt.desync}", theme.WARN)
        else:
            self._toast(f"Loaded {path}", theme.GOOD)
        return True

    def request_quit(self) -> None:
        """Closing never loses the game: it is saved to autosave.jsonl in the saves folder first, then we ask."""
        if self.dialog is not None and self.dialog.kind == "quit":
            self.running = False
            return
        where = None
        try:
            where = self.autosave()
        except OSError as exc:
            self._toast(f"autosave failed: {exc}", theme.BAD)
        shown = _display_path(where) if where else None
        lines = [f"The game is saved in {shown}." if where else "The autosave FAILED: save with F5 first.",
                 f"Resume it later with F9 (Load) or: python main.py --load {shown or 'FILE'}"]
        self.dialog = Dialog("quit", "Quit Wartime?", lines, [("Quit", "quit_now", None), ("Keep playing", "dismiss", None)],
                             cancel=("dismiss", None))

    def open_replay(self) -> None:
        path = self.saves_dir / "last-game.jsonl"
        save_game(self.match, path, self.setup)
        self.next_screen = ReplayViewer(path, size=self.screen.get_size(), fixed_dt=self.fixed_dt, back=self)

    def _toast(self, text: str, colour, seconds: float = 4.0) -> None:
        self.toast = (text, colour, self.time + seconds)

    # --- dialogs ----------------------------------------------------------------------------------------------------
    def _start_dialog(self) -> Dialog:
        sc = self.match.scenario
        lines = [l.strip() for l in (sc.description or "").strip().splitlines()]
        lines = [" ".join(lines)] if lines else []
        lines.append("")
        for side in self.match.gs.sides:
            lst = self.match.lists[side]
            who = "you (hot-seat)" if self.is_human(side) else f"the {self.setup.ai_kinds.get(side, 'scripted')} AI"
            n = len([e for e in self.match.gs.minis() if self.match.gs.side(e) == side])
            lines.append(f"## {side.capitalize()}: {lst.name} — {n} miniatures, played by {who}")
        lines.append("")
        lines.append(f"{sc.board_width:g} × {sc.board_height:g} K, {sc.turn_limit} turns, victory: "
                     f"{str(sc.victory).replace('_', ' ')} · seed {self.match.seed}. The shaded strips are the "
                     "deployment zones; the miniatures are deployed in them.")
        return Dialog("start", sc.name, lines, [("Start the game", "start", None), ("Load a saved game", "load", None),
                                                ("Quit", "quit", None)], width=640)

    def _load_dialog(self) -> Dialog:
        files = sorted(self.saves_dir.glob("*.jsonl"), key=lambda p: (-p.stat().st_mtime, p.name))[:10]
        buttons = []
        for f in files:
            buttons.append((f"{saves.label(f)} — {saves.describe(f)}", "open_save", str(f)))
        lines = [f"Saved games in {self.saves_dir}/ (newest first):"] if files else [f"No saved game in {self.saves_dir}/ yet."]
        buttons.append(("Cancel", "dismiss", None))
        return Dialog("load", "Load a game", lines, buttons, cancel=("dismiss", None), width=640)

    def _handover(self, p) -> Dialog:
        """The hand-over between the two human players (SEQ-6 alternation; reactions plug in here)."""
        side = p.side.capitalize()
        prev = (self.last_human_side or "").capitalize()
        lines = self._since_last_look(p.side)
        lines.append(self._prompt_text(p))
        lines.append("")
        lines.append(f"{prev}: pass the mouse to {side}.")
        return handover_dialog(p.side, f"{side} to play", lines)

    #: what a hand-over summarises since the receiving player last looked (the rest is in the log)
    HANDOVER_EVENTS = ("turn_start", "action", "reaction", "hit", "miss", "wounds", "life", "panic", "malus_gained",
                       "state_changed", "game_over")
    HANDOVER_LINES = 8

    def _since_last_look(self, side: str) -> list[str]:
        """Issue 14 (words): the hand-over tells the receiving player what actually happened since it last had the
        mouse (the events since then, in the log's words), the latest few if there were many."""
        events = self.match.world.events
        start = self.looked.get(side, 0)
        if self.last_human_side is not None:        # the player handing over has seen everything so far
            self.looked[self.last_human_side] = len(events)
        said = []
        for i in range(start, len(events)):
            ev = events[i]
            if ev["type"] not in self.HANDOVER_EVENTS:
                continue
            line = describe(ev, self.name, self.weapon_name, i)
            if line is not None and line.text:
                said.append(line.text)
        if not said:
            return []
        head = ["Since you last looked:"]
        if len(said) > self.HANDOVER_LINES:
            head.append(f"… {len(said) - self.HANDOVER_LINES} earlier events (see the log)")
            said = said[-self.HANDOVER_LINES:]
        return head + [f"• {t}." for t in said] + [""]

    # --- reaction windows for a human side (issue 14: reactions that respect the player's time) ----------------
    def _action_token(self, p):
        """The enemy action a window answers: the index of its declaration event (a move's declaration window and
        its after window share it)."""
        events = self.match.world.events
        for i in range(len(events) - 1, max(-1, len(events) - 400), -1):
            ev = events[i]
            if ev["type"] == "action" and ev.get("who") == p.against and ev.get("action") == p.against_action:
                return (p.against, i)
        return (p.against, p.against_action)

    def _relevant(self, p) -> bool:
        """'relevant' mode: the enemy action targets one of the side's miniatures, or it is a move that ends in the
        field of view of one of the side's miniatures that may react in this window."""
        gs = self.match.gs
        if p.against_target is not None and gs.side(p.against_target) == p.side:
            return True
        act = REGISTRY.get(p.against_action or "")
        if act is None or not act.moves or p.against is None:
            return False
        w = self.match.engine.flow.window
        path = (getattr(w, "params", None) or {}).get("path") if w is not None else None
        pos = gs.pos(p.against)
        end = tuple(path[-1][:2]) if p.window == "declaration" and path else (pos.x, pos.y)
        r = gs.body(p.against).radius
        mine = [e for e in (getattr(w, "queue", None) or ()) if gs.side(e) == p.side]
        for e in mine:
            q = gs.pos(e)
            if sight.in_fov(q.x, q.y, q.facing, end[0], end[1], r, gs.fov_range(e)):
                return True
        return False

    def _human_window(self, p) -> None:
        """One prompt per reaction window and side: the side's miniatures that may react, React now / (for a
        move's declaration) React when it ends / Pass (Esc, Space), unless the side's setting or the window's
        relevance passes it at once; a window the side passed as a whole passes its after window too. Settled
        once per pending decision (not every frame)."""
        if self._react_settled == self.pending_key:
            return
        token = self._action_token(p)
        mode = self.react_mode.get(p.side, REACT_MODES[0])
        # CBA-19, TRT-BODYGUARD, TRT-FORTUNE: a choice, not a reaction: asked each time, any setting
        mental_q = p.window in (MENTAL_WINDOW, BODYGUARD_WINDOW, FORTUNE_WINDOW, AIM_WINDOW)
        if not mental_q and (token in self.react_skip or mode == "never"
                             or (mode == "relevant" and not self._relevant(p))):
            self._pass_window(token)
            self.last_human_side = p.side
            return
        wkey = (token, p.window, p.side) + ((len(self.match.world.events),) if mental_q else ())
        self._react_settled = self.pending_key
        if wkey in self.react_asked:
            self.last_human_side = p.side
            return                                    # the player chose to react: the menu is on the panel
        self.react_asked.add(wkey)
        self.dialog = self._react_prompt(p, token)
        self.last_human_side = p.side

    def _pass_window(self, token) -> None:
        """Every queued miniature of the deciding human side passes this window (REA-3)."""
        for _ in range(64):
            p = self.match.pending
            if p is None or p.kind != "react" or not self.is_human(p.side) or self._action_token(p) != token \
                    or p.window in (MENTAL_WINDOW, BODYGUARD_WINDOW, FORTUNE_WINDOW, AIM_WINDOW):   # asked apart (CBA-19, TRT-*)
                return
            if not self.submit(pass_decision(p)):
                return

    def _react_prompt(self, p, token) -> Dialog:
        side = p.side.capitalize()
        lines = self._since_last_look(p.side) if self.hot_seat else []
        w = self.match.engine.flow.window
        mine = [e for e in (getattr(w, "queue", None) or ()) if self.match.gs.side(e) == p.side]
        if p.window == MENTAL_WINDOW:             # CBA-19: the engine's odds of an exchange (rules/mental.py)
            lines += mental_lines(self.match.gs, p, self.name)
        elif p.window == BODYGUARD_WINDOW:        # TRT-BODYGUARD: the engine's odds of the hit on each
            lines += bodyguard_lines(self.match.gs, p, self.name)
        elif p.window == FORTUNE_WINDOW:          # TRT-FORTUNE: what it may change, the odds of a new die
            lines += fortune_lines(self.match.gs, p, self.name)
        elif p.window == AIM_WINDOW:              # TRT-AIM-CORRECTOR: where it landed, the engine's value of it
            lines += aim_lines(self.match.gs, p, self.name)
        elif p.window == "duel":                  # CBA-22: the duellist asked now, not the window's queue
            lines += [f"{self._acting_text(p)}.",
                      f"{self.name(p.actor).split(' ', 1)[-1]} may draw first (Desenfundar): 1 ENE, then a CH AGI "
                      "ENF; the winner's attack resolves first (CBA-22). Passing leaves the reactor's shot first "
                      "(REA-4)."]
        else:
            lines += [f"{self._acting_text(p)}.",
                      "Yours that may react: " + ", ".join(self.name(e).split(" ", 1)[-1] for e in mine) + ".",
                      "A reaction costs its ENE (down to −10) after a CH VOL (REA-2); before the action resolves it "
                      "takes CH ATR −1 (REA-4)."]
        prev = self.last_human_side
        if self.hot_seat and prev is not None and prev != p.side:
            lines += ["", f"{prev.capitalize()}: pass the mouse to {side}."]
        act = REGISTRY.get(p.against_action or "")
        buttons = [("Pass  (Space, Esc)", "react_pass", None), ("React now…", "react_open", None)]
        if p.window == "declaration" and act is not None and act.moves:
            buttons.append(("React when it ends", "react_later", None))
        verb = ("moves" if act is not None and act.moves else
                "attacks" if act is not None and act.is_attack else "acts")
        acting = self.name(p.against).split(" ", 1)[-1] if p.against is not None else "the enemy"
        title = f"{side}: {acting} {verb} — react?"
        if p.window == "duel":
            buttons = [("Pass  (Space, Esc)", "react_pass", None), ("Draw first…", "react_open", None)]
            title = f"{side}: {self.name(p.actor).split(' ', 1)[-1]} may draw first (Desenfundar)"
        if p.window == MENTAL_WINDOW:
            start = p.against_action != "mental_combat"
            buttons = [(("Decline" if start else "Stop") + "  (Space, Esc)", "react_pass", None),
                       ("Fight back…" if start else "Go on…", "react_open", None)]
            title = f"{side}: {self.name(p.actor).split(' ', 1)[-1]} — " + (
                "answer with mental combat?" if start else "go on with the mental combat?")
        if p.window == BODYGUARD_WINDOW:
            buttons = [("Pass  (Space, Esc)", "react_pass", None), ("Take the hit…", "react_open", None)]
            title = bodyguard_title(side, p, self.name)
        if p.window == FORTUNE_WINDOW:
            buttons = [("Pass  (Space, Esc)", "react_pass", None), ("Use Fortune…", "react_open", None)]
            title = fortune_title(side, p, self.name)
        if p.window == AIM_WINDOW:
            buttons = [("Keep it  (Space, Esc)", "react_pass", None), ("Reroll…", "react_open", None)]
            title = aim_title(side, p, self.name)
        d = handover_dialog(p.side, title, lines, buttons)
        d.kind = "react_prompt"
        d.cancel = ("react_pass", None)
        d.extra = {"token": token, "mental": p.window == MENTAL_WINDOW}
        return d

    def _deploy_click(self, p, pos) -> None:
        """Deployment: a click on an own miniature picks it (and starts a drag); a click elsewhere places the
        picked one there, if the engine's deployment rules accept it."""
        gs = self.match.gs
        plan = self.deploy
        hit = self.view.mini_at(gs, pos, plan.overrides())
        if hit is not None and hit in p.options:
            self.selected = hit
            plan.dragging = hit
            plan.drag_from = plan.spot(gs, hit)
            return
        if self.selected in p.options:
            x, y = self.view.to_board(*pos)
            err = plan.place(gs, self.selected, x, y)
            if err is not None:
                self._toast(f"{err.rule_id}: {err.message}", theme.BAD)

    def _deploy_drop(self, pos) -> None:
        """The end of a drag: the miniature stays where it was dropped if the engine accepts the spot."""
        plan = self.deploy
        e, start = plan.dragging, plan.drag_from
        plan.dragging = plan.drag_from = None
        if e is None:
            return
        gs = self.match.gs
        x, y = self.view.to_board(*pos)
        if math.hypot(x - start[0], y - start[1]) < 0.2:      # a click, not a drag: the piece stays picked
            if (start[0], start[1]) == (gs.pos(e).x, gs.pos(e).y):
                plan.plan.pop(e, None)
            else:
                plan.plan[e] = start
            return
        if (start[0], start[1]) == (gs.pos(e).x, gs.pos(e).y):
            plan.plan.pop(e, None)
        else:
            plan.plan[e] = start
        err = plan.place(gs, e, x, y)
        if err is not None:
            self._toast(f"{err.rule_id}: {err.message}", theme.BAD)

    def _malus_dialog(self, p) -> Dialog:
        """PSI-8: the opposing player chooses the psychological malus the panicked enemy gains: one button per
        malus the engine offers, with the catalogue's English name and effect."""
        return self._trait_choice_dialog(p, "malus", f"{p.side.capitalize()}: give {self.name(p.actor)} a malus", [
            f"{self.name(p.actor)} failed its CH LOC and panics (PSI-8, PSI-10).",
            f"{p.side.capitalize()}: choose the psychological malus it gains for the rest of the game."])

    def _bonus_loss_dialog(self, p) -> Dialog:
        """TRT-SAIKIKKU: the Saikikku's side chooses which bonus of the enemy in melee with it stops working until
        the end of that enemy's next activation: one button per bonus that works for it now."""
        return self._trait_choice_dialog(p, "bonus_loss", f"{p.side.capitalize()}: Saikikku — "
                                         f"{self.name(p.actor)} loses a bonus", [
            f"Your Saikikku was wounded in melee with {self.name(p.actor)} (TRT-SAIKIKKU).",
            f"{p.side.capitalize()}: choose the bonus of it that stops working until the end of its next activation."])

    def _trait_choice_dialog(self, p, kind: str, title: str, intro: list[str]) -> Dialog:
        """A choice among the trait IDs `p.options`: one button each, with the catalogue's English name and effect."""
        catalogue = trait_by_id()
        lines = intro + [""]
        buttons = []
        for m in p.options:
            t = catalogue.get(m)
            name = f"{t.name_es} ({t.name_en})" if t is not None else m
            lines.append(f"{name}: {t.effect_en if t is not None else ''}")
            buttons.append((t.name_es if t is not None else m, kind, m))
        return Dialog(kind, title, lines, buttons, side=p.side, cancel=None, width=640)

    def _result_dialog(self) -> Dialog:
        r = self.match.result()
        gs = self.match.gs
        winner = r["winner"]
        title = f"{winner.capitalize()} wins" if winner else "Draw"
        lines = [f"{str(r['reason']).replace('_', ' ').capitalize()}, after {r['turns']} turn(s).", ""]
        for side in gs.sides:
            lost = [long_name(gs, e).split(" ", 1)[-1] for e in self.match.engine.casualties(side)]
            lines.append(f"## {side.capitalize()} ({self.match.lists[side].name}): {r['casualties'][side]} casualties, "
                         f"{r['points_lost'][side]} points lost")
            lines.append(", ".join(lost) if lost else "no casualties")
        return Dialog("result", title, lines, [("Watch the replay", "watch_replay", None), ("Save the record", "save", None),
                                               ("Quit", "quit", None)], side=winner, width=640)

    # --- drawing ------------------------------------------------------------------------------------------------------
    def _prompt_text(self, p) -> str:
        side = p.side.capitalize()
        if p.kind == "initiative":
            return f"{side}: choose the character whose VOL rolls for initiative (SEQ-2: 1D10 + VOL)."
        if p.kind == "activate":
            return f"{side}: choose a character to activate in phase {self.match.engine.flow.phase} (SEQ-5, SEQ-6)."
        if p.kind == "action":
            return f"{side}: {self.name(p.actor)} acts — choose an action (ENE {self.match.gs.energy(p.actor)})."
        if p.kind == "react" and p.window == MENTAL_WINDOW:
            return (f"{side}: {self.name(p.actor)} — mental combat against {self.name(p.against)} (CBA-19): "
                    + ("fight back (ENE 3) or decline." if p.against_action != "mental_combat"
                       else "go on (ENE 3) or stop; the other side answers in secret."))
        if p.kind == "react" and p.window == BODYGUARD_WINDOW:
            return bodyguard_status(side, p, self.name)
        if p.kind == "react" and p.window == FORTUNE_WINDOW:
            return fortune_status(side, p, self.name)
        if p.kind == "react" and p.window == AIM_WINDOW:
            return aim_status(side, p, self.name)
        if p.kind == "react" and p.window == "duel":
            return (f"{side}: {self.name(p.actor)} may draw first (Desenfundar, CBA-22: 1 ENE, CH AGI ENF) against "
                    f"{self._acting_text(p)}, or pass.")
        if p.kind == "react":
            return (f"{side}: {self.name(p.actor)} may react to {self._acting_text(p)} — choose a reaction "
                    f"(CH VOL first, REA-2) or pass.")
        if p.kind == "malus":
            return f"{side}: {self.name(p.actor)} panics — choose the malus it gains (PSI-8)."
        if p.kind == "bonus_loss":
            return f"{side}: Saikikku — choose the bonus {self.name(p.actor)} loses until its next activation ends."
        if p.kind == "deploy":
            return f"{side}: deploy your miniatures in your zone, then press Deploy (before turn 1)."
        if p.kind == "wave":
            return f"{side}: the alarm's wave — buy monsters within the budget and place them (ALM-33)."
        return f"{side}: {p.kind}"

    def _acting_text(self, p) -> str:
        """'Red Rifleman 1's Move (declared: before it resolves)'."""
        what = action_label(p.against_action)
        at = f" at {self.name(p.against_target)}" if p.against_target is not None else ""
        when = {"declaration": "declared, before it resolves", "duel": "a duel: whose attack goes first?"}.get(
            p.window, "after it resolved")
        return f"{self.name(p.against)}'s {what}{at} ({when})"

    def _title(self) -> str:
        """The scenario, and the combat system when it is a peer game's (issue 18; its side pools are on the
        unit card)."""
        gs = self.match.gs
        title = f"Wartime · {self.match.scenario.name}"
        return title + (f" · {gs.combat.label}" if gs.combat is not None else "")

    def _status(self) -> tuple[str, tuple]:
        m = self.match
        f = m.engine.flow
        if self.mode == "start":
            return "Deployment: both sides stand in their zones", theme.TEXT_DIM
        if m.over:
            w = f.winner
            return (f"Game over — {w.capitalize()} wins" if w else "Game over — draw") + f" ({f.end_reason})", theme.ACCENT
        p = m.pending
        if self.presenter.busy:
            shown = self.display_gs().world.resources.get("flow", f)
            return f"Turn {shown.turn}/{last_turn(m.gs)} · phase {shown.phase} · showing what happened", theme.TEXT_DIM
        who = p.side.capitalize() + ("" if self.is_human(p.side) else " (AI)")
        if p.kind == "deploy":
            return f"Deployment before turn 1 · {who} places its miniatures", theme.side_colour(p.side)
        what = {"initiative": "chooses who rolls initiative", "activate": "activates a character",
                "malus": f"gives {self.name(p.actor).split(' ', 1)[-1]} a malus (PSI-8)",
                "bonus_loss": f"takes a bonus from {self.name(p.actor).split(' ', 1)[-1]} (Saikikku)",
                "action": f"{self.name(p.actor).split(' ', 1)[-1]} acts",
                "react": f"{self.name(p.actor).split(' ', 1)[-1]} "
                         + ("is in a mental combat (CBA-19)" if p.window == MENTAL_WINDOW else "may react"),
                "wave": "buys and places the alarm's wave"}.get(p.kind, p.kind)
        return f"Turn {f.turn}/{last_turn(m.gs)} · phase {f.phase} · {who} {what}", theme.side_colour(p.side)

    def draw(self) -> None:
        s = self.screen
        s.fill(theme.BG)
        self.gui.begin(self.pointer.pos)
        gs = self.display_gs()
        self.view.draw(s, gs, self._draw_options(gs))
        alarm_view.draw_overlay(s, self.view, gs, self.wave)      # alarm mode only
        if self.mode == "play":
            f = gs.world.resources.get("flow", self.match.engine.flow)
            draw_tracker(s, self.board_rect, self.gui, gs, f.turn, last_turn(self.match.gs), f.phase, f.turn >= 1)
            self.table.draw(self, s)
        status, colour = self._status()
        draw_top_bar(s, self.top_rect, self.gui, self._title(), status, colour, [
            ("Tape", "toggle_tape", "Tape measure: drag between two points or bases (or hold M); free"),
            ("Zones", "toggle_zones", "Show the deployment zones (Z)"),
            ("Save", "save", "Save the game: its record plus a .ui.json (F5)"),
            ("Load", "load", "Load a saved game (F9)"),
            ("Reactions", "react_mode", "When you are asked to react: when an enemy targets you or ends a move "
             "in your view / always / never (auto-pass)"),
            ("Help", "help", "Controls (F1)"),
            ("Quit", "quit", "Autosave and quit")])
        self._draw_side(s)
        highlight = self.presenter.current[0].get("_i") if self.presenter.current else None
        draw_log(s, self.log_rect, self.gui, self.log, self.log_scroll, highlight)
        draw_dice(s, self.dice_rect, self.checks, self.time, TUMBLE / max(0.01, self.speed), self.name)
        if self.popup is not None:
            s.blit(*self.popup)
            self.popup = None
        if self.dialog is not None:
            self.dialog.draw(s, self.gui, dim=self.mode != "start")
        if self.toast is not None and self.time < self.toast[2]:
            text, colour, _ = self.toast
            img = theme.text(text[:140], 14, colour, True)
            r = img.get_rect(midbottom=(self.board_rect.centerx, self.board_rect.bottom - 10))
            pygame.draw.rect(s, (15, 16, 18), r.inflate(20, 10), border_radius=5)
            s.blit(img, r)
        tip = self.gui.tooltip_at()
        if self.preview_shown and self.dialog is None:
            tip = None
        self.preview_shown = False
        if tip is None and self.dialog is None:
            tip = self._board_tooltip(gs)
        draw_tooltip(s, self.pointer.pos, tip)

    def _draw_options(self, gs) -> DrawOptions:
        snap = self.presenter.snapshot
        key = (id(self.match), self.presenter.current[0].get("_i") if snap is not None else len(self.match.world.events),
               snap is not None)
        o = DrawOptions(selected=self.selected, show_zones=self.show_zones or self.mode == "start",
                        fov=self.selected, overrides=self.presenter.overrides(), time=self.time, state_key=key)
        cur = self.presenter.current
        if cur is not None and cur[0].get("type") == "moved":
            o.trail = cur[0].get("path")
        p = self.human_pending()
        if p is not None and p.kind in ("initiative", "activate"):
            o.highlights = tuple(p.options)
        if p is not None and p.kind == "deploy" and self.deploy is not None:
            o.highlights = tuple(p.options)
            o.show_zones = True
            o.overrides.update(self.deploy.overrides())
        rp = self.match.pending
        if rp is not None and rp.kind == "react" and not self.presenter.busy:
            if rp.against is not None:
                o.marked[rp.against] = theme.WARN          # the acting character
            w = getattr(self.match.engine.flow, "window", None)
            path = (getattr(w, "params", None) or {}).get("path") if w is not None else None
            if path and getattr(w, "start", None):
                o.trail = [tuple(w.start[:2])] + [tuple(q) for q in path]    # the declared move
        if p is not None and p.kind in ("action", "react"):
            if self.facing_override is not None:
                o.facing_ghost = (p.actor, self.facing_override)
            t = self.tool
            if t is not None and t.entry.tool in ("path", "point"):
                reach = t.reach
                if reach is not None:
                    pos = gs.pos(p.actor) if t.entry.tool == "path" else point_origin(self.match, p.actor, t.entry)
                    o.ring = (pos.x, pos.y, reach + gs.body(p.actor).radius * (t.entry.tool == "path"))
            if t is not None and t.entry.tool in ("path", "point") and t.preview is not None:
                o.path = t.preview.points
                o.path_ok = t.preview.error is None
                o.path_radius = gs.body(p.actor).radius
            if t is None and p.kind == "action":
                i = self.menu_hover          # (this frame's hotspots are not drawn yet: the last frame's row)
                hovered = self.menu[i] if self.menu is not None and i is not None and i < len(self.menu) else None
                if hovered is not None and hovered.enabled and hovered.place is not None:
                    o.places.append(hovered.place)
                for i in self.menu_marked:
                    if self.menu is not None and i < len(self.menu) and self.menu[i].place is not None:
                        o.places.append(self.menu[i].place)
            elif t is not None and t.entry.tool == "target":
                o.marked.update({e: (theme.GOOD if opt.error is None else theme.BAD)
                                 for e, opt in t.entry.options.items() if e != p.actor})
                hv = t.choosing if t.choosing is not None else t.hover
                shown = t.alt_attack if t.choosing is not None else t.attack
                if hv is not None and shown is not None and hv != p.actor:
                    a, b = gs.pos(p.actor), gs.pos(hv)
                    col = theme.GOOD if shown.blocked == 0 else theme.WARN if shown.blocked < 13 else \
                        (235, 120, 50) if shown.blocked < 25 else theme.BAD
                    o.los = ((a.x, a.y), (b.x, b.y), col)
                    o.template = self._template_of(shown, (a.x, a.y))
        return o

    def _template_of(self, pv: AttackPreview, attacker):
        """The area template an attack places on a hit (ARE-1..3), where the engine's dry run placed it."""
        if pv.check is None:
            return None
        for band in ("pass", "critical"):
            for ev in pv.check.outcomes.get(band, []):
                if ev.get("type") == "area_placed" and ev.get("centre"):
                    try:
                        return template_from_code(str(ev.get("area")), attacker, tuple(ev["centre"]))
                    except ValueError:
                        return None
        return None

    def _hovered_entry(self, p) -> MenuEntry | None:
        h = self.gui.hit(self.pointer.pos)
        if h is None or h.command != "menu" or self.menu is None or not isinstance(h.payload, int):
            return None
        return self.menu[h.payload] if h.payload < len(self.menu) else None

    def _draw_side(self, s) -> None:
        rect = self.side_rect
        pygame.draw.rect(s, theme.PANEL, rect)
        pygame.draw.line(s, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
        x, w = rect.x + 12, rect.width - 24
        y = rect.y + 10
        m = self.match
        p = m.pending
        gs = self.display_gs()
        # the decision waited for
        if self.mode == "play" and p is not None:
            band = pygame.Rect(rect.x + 1, y - 10, rect.width - 1, 6)
            pygame.draw.rect(s, theme.side_colour(p.side), band)
            text = self._prompt_text(p) if self.is_human(p.side) else f"{p.side.capitalize()} (AI) is playing…"
            if self.presenter.busy:
                text = "…" + text if not self.is_human(p.side) else "Showing what happened… (Space or click to skip)"
            for line in theme.wrap(text, w, 15, True):
                theme.blit_text(s, line, (x, y), 15, theme.TEXT, bold=True)
                y += 19
            y += 6
        # the selected miniature
        e = self.selected
        if e is not None and e in gs.minis():
            y += draw_card(s, pygame.Rect(x, y, w, 200), gs, e, self.gui) + 8
        else:
            theme.blit_text(s, "Click a miniature to see it.", (x, y), 13, theme.TEXT_DIM)
            y += 22
        pygame.draw.line(s, theme.PANEL_EDGE, (rect.x + 8, y), (rect.right - 8, y))
        y += 8
        hp = self.human_pending()
        if hp is None:
            return
        area = pygame.Rect(x, y, w, rect.bottom - y - 8)
        if hp.kind in ("initiative", "activate"):
            self._draw_choices(s, area, hp)
        elif hp.kind == "deploy" and self.deploy is not None:
            draw_deploy_panel(s, area, self.gui, self.deploy, self.match.gs, self.name)
        elif hp.kind == "wave" and self.wave is not None:
            alarm_view.draw_panel(s, area, self.gui, self.wave, self.match.gs, hp)
        elif hp.kind in ("action", "react"):
            if self.tool is None:
                self._draw_actions(s, area, hp)
            else:
                self._draw_tool(s, area, hp)

    def _draw_choices(self, s, area, p) -> None:
        gs = self.match.gs
        x, y = area.x, area.y
        verb = "Roll initiative with" if p.kind == "initiative" else "Activate"
        if self.selected in p.options:
            self.gui.button(s, (x, y, area.width, 34), f"{verb} {self.name(self.selected).split(' ', 1)[-1]}  (Enter)",
                            "choose", self.selected, colour=theme.SIDE_DARK.get(p.side))
            y += 42
        theme.blit_text(s, "Click a highlighted miniature twice, or a name here:", (x, y), 12, theme.TEXT_DIM)
        y += 20
        for e in p.options:
            a = gs.attrs(e)
            info = f"VOL {a.VOL} · ENE {gs.energy(e)} · wounds {gs.wounds(e)}/{a.CON}"
            self.gui.button(s, (x, y, area.width, 26), f"{self.name(e).split(' ', 1)[-1]}", "choose", e,
                            align="left", active=self.selected == e, size=13)
            theme.blit_text(s, info, (x + area.width - 8, y + 13), 12, theme.TEXT_DIM, anchor="midright")
            y += 30
            if y > area.bottom - 30:
                break

    def _draw_actions(self, s, area, p) -> None:
        entries = self._menu(p)
        x, y = area.x, area.y
        if p.kind == "react":
            self.gui.button(s, (x, y, area.width, 28), "Don't react (pass)", "pass_reaction", size=13,
                            colour=theme.SIDE_DARK.get(p.side),
                            tooltip=rule_tooltip("REA-3", "Let the window go by: the acting character carries on."))
            y += 34
            draw_menu(s, pygame.Rect(x, y, area.width, area.bottom - y), self.gui, entries, None)
            return
        chain_label = "Chain with the next action (ACT-3): " + ("ON" if self.chain else "off")
        self.gui.button(s, (x, y, area.width, 24), chain_label + "  (C)", "toggle_chain", size=12, active=self.chain,
                        tooltip=rule_tooltip("ACT-3", "Combine this action with the next one: CH ATR −1 on both; a "
                                             "simple action in a chain needs a CH AGI."))
        y += 30
        if self.facing_override is not None:
            theme.blit_text(s, f"Turns to {self.facing_override:.0f}° first (free, MOV-5) · Esc to undo", (x, y), 12,
                            theme.ACCENT)
            y += 18
        draw_menu(s, pygame.Rect(x, y, area.width, area.bottom - y), self.gui, entries, None, self.menu_scroll,
                  self.menu_marked)
        e = self._hovered_entry(p)
        h = self.gui.hit(self.pointer.pos)
        self.menu_hover = h.payload if e is not None and h is not None else None
        if e is not None and e.enabled:
            self._draw_entry_preview(s, p, e)

    def _draw_entry_preview(self, s, p, e: MenuEntry) -> None:
        """Beside the hovered menu row: the check the action rolls, its exact odds and what each band of the die
        leads to (the engine's dry run), for an entry taken at once (Climb: Wall, Search: Chest, Hide)."""
        c = entry_check(self.match, p.actor, e, self.chain)
        if c is None:
            return
        self.preview_shown = True            # the row's own tooltip would cover the menu: the box says more
        w = 400
        h = self.gui.hit(self.pointer.pos)
        top = h.rect.y if h is not None else self.side_rect.y + 200
        box = pygame.Surface((w, 400), pygame.SRCALPHA)
        inner = pygame.Rect(10, 34, w - 20, 400 - 40)
        used = draw_check_box(box, inner, c, self.name)
        height = inner.y + used + 8
        r = pygame.Rect(self.side_rect.x - w - 8, min(top, self.side_rect.bottom - height - 4), w, height)
        card = pygame.Surface(r.size, pygame.SRCALPHA)
        local = card.get_rect()
        pygame.draw.rect(card, (18, 19, 22), local, border_radius=5)
        pygame.draw.rect(card, theme.ACCENT, local, 1, border_radius=5)
        theme.blit_text(card, f"{e.label} — {e.cost_text} ENE", (10, 8), 14, theme.ACCENT, bold=True)
        card.blit(box, (0, 0), pygame.Rect(0, 0, w, height))
        self.popup = (card, r.topleft)        # drawn over the log and dice panels, after them

    def _draw_tool(self, s, area, p) -> None:
        t = self.tool
        x, y = area.x, area.y
        self.gui.button(s, (area.right - 80, y, 80, 24), "Cancel", "cancel", size=12)
        if t.entry.tool == "facing":
            theme.blit_text(s, f"{t.entry.label}: click where to face", (x, y + 4), 14, theme.ACCENT, bold=True)
            return
        if t.entry.tool == "path":
            self.gui.button(s, (area.right - 170, y, 80, 24), "Go", "go", size=12,
                            enabled=bool(t.waypoints), colour=theme.SIDE_DARK.get(p.side))
            y += 30
            draw_path_box(s, pygame.Rect(x, y, area.width, area.bottom - y), t.entry, t.preview, len(t.waypoints),
                          self.name, t.reach)
            return
        if t.entry.tool == "point":
            y += 30
            draw_path_box(s, pygame.Rect(x, y, area.width, area.bottom - y), t.entry, t.preview, 0, self.name,
                          t.reach, point=True)
            return
        if t.choosing is not None:
            self._draw_alts(s, area, p)
            return
        theme.blit_text(s, "Pick a target:", (x, y + 4), 14, theme.ACCENT, bold=True)
        y += 26
        theme.blit_text(s, t.entry.label, (x, y), 13, theme.TEXT)
        y += 22
        gs = self.match.gs
        for e, opt in t.entry.options.items():
            label = self.name(e).split(" ", 1)[-1] if e != p.actor else "itself"
            ok = opt.error is None
            b = self.gui.button(s, (x, y, area.width, 24), label, "target", e, align="left", size=13,
                                active=t.hover == e,
                                tooltip=None if ok else rule_tooltip(opt.error.rule_id, opt.error.message))
            right = f"{opt.cost} ENE" if ok else opt.error.rule_id
            dist = f"{gs.distance(p.actor, e):.1f} K · " if e != p.actor else ""
            theme.blit_text(s, dist + right, (x + area.width - 8, y + 12), 12, theme.GOOD if ok else theme.BAD,
                            anchor="midright")
            if b.rect.collidepoint(self.pointer.pos) and t.hover != e:
                t.hover = e
                self._attack_preview(p)
            y += 27
            if y > area.bottom - 200:
                break
        y += 6
        if t.hover is not None and t.attack is not None:
            pygame.draw.line(s, theme.PANEL_EDGE, (x, y), (x + area.width, y))
            draw_odds_box(s, pygame.Rect(x, y + 8, area.width, max(220, area.bottom - y - 8)), gs, t.attack, self.gui)
        else:
            theme.blit_text(s, "Hover a target for line of sight, cover and the odds.", (x, y + 4), 12, theme.TEXT_DIM)

    def _draw_alts(self, s, area, p) -> None:
        """A target's choices, in the engine's words (which item to throw, to take, to knock from its hand; how far
        to push): hovering one previews it (odds, template), a click submits it; Esc goes back to the targets."""
        t = self.tool
        x, y = area.x, area.y
        gs = self.match.gs
        theme.blit_text(s, "Choose:", (x, y + 4), 14, theme.ACCENT, bold=True)
        y += 26
        head = f"{t.entry.label} → {self.name(t.choosing).split(' ', 1)[-1]}"
        theme.blit_text(s, _fit(head, area.width, 13), (x, y), 13, theme.TEXT)
        y += 22
        for i, opt in enumerate(t.entry.alts.get(t.choosing, [])):
            b = self.gui.button(s, (x, y, area.width, 24), _fit(opt.label or str(opt.params), area.width - 70, 13),
                                "alt", i, align="left", size=13, active=t.alt_hover == i)
            theme.blit_text(s, f"{opt.cost} ENE", (x + area.width - 8, y + 12), 12, theme.GOOD, anchor="midright")
            if b.rect.collidepoint(self.pointer.pos) and t.alt_hover != i:
                t.alt_hover = i
                one = replace(t.entry, options={t.choosing: opt}, alts={})
                t.alt_attack = attack_preview(self.match, p.actor, one, t.choosing, self.chain, pending=p)
            y += 27
            if y > area.bottom - 240:
                break
        y += 6
        if t.alt_attack is not None:
            pygame.draw.line(s, theme.PANEL_EDGE, (x, y), (x + area.width, y))
            draw_odds_box(s, pygame.Rect(x, y + 8, area.width, max(220, area.bottom - y - 8)), gs, t.alt_attack,
                          self.gui)
        else:
            theme.blit_text(s, "Hover a choice for its odds · Esc: back to the targets", (x, y + 4), 12,
                            theme.TEXT_DIM)

    def _board_tooltip(self, gs):
        pos = self.pointer.pos
        if not self.view.contains(pos) or self.tool is not None or self.table.hides_tooltip():
            return None
        e = self.view.mini_at(gs, pos, self.presenter.overrides())
        if e is not None:
            a = gs.attrs(e)
            body = f"ENE {gs.energy(e)} · wounds {gs.wounds(e)}/{a.CON} · {gs.world.get(e, Posture).state}"
            if hiding.hidden(gs, e):
                body += " · hidden (GNA-9)"
            sel = self.selected
            if sel is not None and sel != e and sel in gs.minis() and gs.on_table(sel):
                body += f"\n{gs.distance(sel, e):.2f} K from {long_name(gs, sel)} (edge to edge, BAS-3)"
                if gs.in_fov(sel, e):
                    body += "; in its field of view"
            return (long_name(gs, e), body)
        piece = self.view.terrain_at(pos)
        if piece is not None:
            kind = theme.TERRAIN.get(piece.kind, {}).get("label", piece.kind)
            name = self.view.names.get(piece.id, piece.id)
            sight = "blocks line of sight" if piece.blocks_los else "does not block line of sight"
            return (name, f"{kind}, {piece.height:g} K high, DEF {piece.defense}; {sight}")
        return None


def _display_path(path) -> str:
    """A path as the user would type it: relative to the working folder when it is under it."""
    p = Path(path).resolve()
    try:
        return str(p.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


# --- the program ------------------------------------------------------------------------------------------------------
def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="main.py", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Wartime The Game: hot-seat play in a window (two players at one screen, or against the "
                    "scripted AI) and the replay viewer.",
        epilog="Choosing the armies and who plays them:\n"
               "  --red SPEC / --blue SPEC  SPEC is an army-list file (a human plays it), 'ai' (the scripted AI\n"
               "                            plays the scenario's default list) or 'ai:LIST' (the AI plays LIST);\n"
               "                            'ai:KIND' or 'ai:KIND:LIST' chooses the AI: scripted, random or search\n"
               "  --red-list / --blue-list  the army list alone (as in `wartime simulate`)\n"
               "  --red-ai / --blue-ai      that side is played by the scripted AI\n"
               "examples:\n"
               "  python main.py\n"
               "  python main.py --scenario scenarios/crossroads.toml --red scenarios/lists/mixed.toml --blue ai\n"
               "  python main.py --blue ai:scenarios/lists/armoured.toml --seed 7\n"
               "  python main.py --load ~/.local/share/wartime/saves/autosave.jsonl\n"
               "  python main.py --replay records/skirmish-7.jsonl   (same as: wartime replay view FILE)")
    ap.add_argument("--scenario", default=str(DEFAULT_SCENARIO), help="scenario file (default: scenarios/skirmish.toml)")
    for side in ("red", "blue"):
        ap.add_argument(f"--{side}", metavar="SPEC", default=None, help=f"{side}'s army list, 'ai' or 'ai:LIST'")
        ap.add_argument(f"--{side}-list", metavar="LIST", default=None, help=f"{side}'s army list")
        ap.add_argument(f"--{side}-ai", action="store_true", help=f"{side} is played by the scripted AI")
    ap.add_argument("--seed", type=int, default=None, help="match seed (default: a fresh random seed, recorded)")
    ap.add_argument("--combat", choices=("wartime", "wrath-glory", "d6", "d20"), default="wartime",
                    help="combat system the attacks are resolved under (default wartime; recorded)")
    ap.add_argument("--load", metavar="SAVE", default=None, help="resume a saved game (.jsonl record)")
    ap.add_argument("--replay", metavar="RECORD", default=None, help="open a game record in the replay viewer")
    ap.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    ap.add_argument("--speed", type=float, default=1.0, help="animation speed factor (default 1)")
    ap.add_argument("--saves", default=None, help="folder for saves and the autosave (default: the user's data "
                    "folder, e.g. ~/.local/share/wartime/saves; $WARTIME_DATA_DIR/saves when set)")
    ap.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)   # smoke tests: stop after N frames
    return ap.parse_args(argv)


def setup_from_args(args: argparse.Namespace) -> Setup:
    lists: dict[str, str | None] = {}
    controllers: dict[str, str] = {}
    kinds: dict[str, str] = {}
    for side in ("red", "blue"):
        spec = getattr(args, side)
        lst = getattr(args, f"{side}_list")
        ai = getattr(args, f"{side}_ai")
        if spec is not None:
            if spec == "ai":
                ai = True
            elif spec.startswith("ai:"):
                ai = True
                spec_list = spec[3:]
                kind, _, rest = spec_list.partition(":")
                if kind in CONTROLLERS:              # 'ai:search' or 'ai:search:LIST': which AI plays
                    kinds[side] = kind
                    spec_list = rest or lst
                if lst is not None and lst != spec_list:
                    raise SystemExit(f"main.py: --{side} {spec} and --{side}-list {lst} name two lists")
                lst = spec_list
            else:
                if lst is not None and lst != spec:
                    raise SystemExit(f"main.py: --{side} {spec} and --{side}-list {lst} name two lists")
                lst = spec
        lists[side] = lst
        controllers[side] = AI if ai else HUMAN
    # a new game's seed when none is given: drawn from the OS (not game state) and written in the record
    seed = args.seed if args.seed is not None else 1 + secrets.randbelow(999_999)
    kinds = {s: k for s, k in kinds.items() if controllers[s] == AI and k != "scripted"}
    return Setup(args.scenario, lists, seed, controllers, combat=args.combat, ai_kinds=kinds)


def run(argv: list[str] | None = None, max_frames: int | None = None) -> int:
    """The program: parse arguments, open the window, loop until closed (or `max_frames` frames)."""
    args = parse_args(list(argv) if argv is not None else sys.argv[1:])
    if max_frames is None:
        max_frames = args.frames
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"main.py: --size {args.size!r} is not WxH", file=sys.stderr)
        return 2
    try:
        if args.replay:
            screen = ReplayViewer(args.replay, size=(w, h))
        elif args.load:
            rebuilt = rebuild_match(args.load)
            screen = App(rebuilt.setup, match=rebuilt.match, size=(w, h), speed=args.speed, saves_dir=args.saves,
                         start_screen=False)
        else:
            setup = setup_from_args(args)
            screen = App(setup, size=(w, h), speed=args.speed, saves_dir=args.saves)
    except DataError as exc:
        for line in exc.lines():
            print(line, file=sys.stderr)
        return 2
    except (WartimeError, OSError) as exc:
        print(f"main.py: {exc}", file=sys.stderr)
        return 2
    frames = 0
    try:
        while True:
            if not screen.step():
                break
            if getattr(screen, "next_screen", None) is not None:
                screen = screen.next_screen
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(run())
