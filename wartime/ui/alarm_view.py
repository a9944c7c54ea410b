"""Alarm mode in the window (issue 17, rules/alarm_flow.py): the alarm's state, its zones and markers on the table,
and a human attacker's wave.

* `draw_overlay`: the hold zone (temporal) or the goal zone (carry-the-bell) outlined on the table, the spawn
  markers (green: eligible now, no hero sees them; grey: seen), each arriving monster ringed with its handicap for
  this turn ("½ ENE", "no turn"), the models of a planned wave, and a banner: the kind, the turn and the last turn,
  rounds of waves left or whether the bell is home, the next wave's budget and cap, the tokens left.
* `WavePlan` / `draw_panel`: in the window of a turn a human attacker picks a profile in the panel, then clicks on
  the table where the model arrives; each model is checked by the engine's own rules at once (`check_wave`: budget,
  cap, spawn area or markers, deadly zones); "Buy and place" submits the 'wave' decision, "Suggested wave" fills
  the plan with the scripted attacker's choice, "No wave" buys nothing (the budget is lost)."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame
from shapely.geometry import Polygon

from wartime.ai.scripted_alarm import scripted_wave
from wartime.core.components import Searchable
from wartime.core.errors import RuleViolation
from wartime.rules import alarm_flow
from wartime.rules.sequence import Decision
from wartime.ui import theme

MARKER_SEEN, MARKER_OPEN = (140, 140, 140), (110, 220, 120)
HOLD, GOAL, PLAN = (240, 200, 90), (120, 200, 240), (150, 185, 245)
BELL = (250, 215, 60)


def banner_lines(gs) -> list[str]:
    """The alarm's state in two short lines (empty for a game without an alarm)."""
    if alarm_flow.setup_of(gs) is None:
        return []
    st = alarm_flow.status(gs)
    head = f"ALARM · {'temporal' if st['kind'] == 'temporal' else 'carry the bell'} · turn {st['turn']}/{st['last_turn']}"
    if st["kind"] == "temporal":
        head += (f" · waves for {st['rounds_left']} more turn{'s' if st['rounds_left'] != 1 else ''}"
                 if st["on"] else " · alarm off: the hold zone lapses")
    else:
        head += " · bell home: no more waves" if st["end_met"] else (
            " · carry the bell to the goal" if s_end(gs) == "goal" else " · work the mechanism")
    if not st["started"]:
        head = head.split(" · ")[0] + f" · turn {st['turn']}/{st['last_turn']} · " + (
            "not set off yet: a hero's Buscar of the marker starts it" if alarm_flow.setup_of(gs).spec.start
            == "trigger_marker" else "not set off yet: a hero within 1 K of the trap springs it")
    nxt = f"next wave {st['next_budget']} pts (cap {st['cap']} per monster)" if st["next_budget"] else "no more waves"
    if not st["started"]:
        nxt = f"first wave {alarm_flow.setup_of(gs).shape.first_budget} pts once it starts (cap {st['cap']} per monster)"
    lines = [head, f"{nxt} · alarm tokens {st['tokens']}"]
    if st["arrivals"]:
        what = "½ ENE gain, no reactions" if st["kind"] == "temporal" else "no activation, no reactions"
        lines.append(f"orange rings: {len(st['arrivals'])} arrived this turn ({what})")
    if st["carrier"] and not st["end_met"]:
        lines.append(f"bell carried by {gs.name(st['carrier'])} (ringed in gold; it passes on if they fall)")
    if st["kind"] != "temporal":
        lines.append("spawn markers: green = unseen (waves appear there), grey = seen")
    return lines


def s_end(gs) -> str:
    """ALM-39: the scenario's carry-the-bell end event ('goal' or 'mechanism')."""
    return alarm_flow.setup_of(gs).spec.end


def _alarm_points(gs) -> list[tuple[str, float, float]]:
    """ALM-34, ALM-39: the trigger or trap marker (until the start event) and the mechanism marker, as (label, x, y)."""
    s = alarm_flow.setup_of(gs)
    out = []
    if not alarm_flow.started(gs) and s.spec.trigger is not None and s.spec.start != "at_setup":
        out.append(("trap" if s.spec.start == "trap_marker" else s.spec.marker, *s.spec.trigger))
    if s.spec.end == "mechanism" and not alarm_flow.state_of(gs).end_met:
        for el in gs.world.query(Searchable):
            m = gs.world.get(el, Searchable)
            if m.id == s.spec.mechanism:
                out.append((m.id, m.x, m.y))
    return out


def draw_overlay(surface, view, gs, plan: "WavePlan | None" = None) -> None:
    """Zones, markers, arrivals and the planned wave on the table, and the banner at its top-left corner."""
    s = alarm_flow.setup_of(gs)
    if s is None:
        return
    for zone, colour, label in ((s.hold, HOLD, "hold zone"), (s.goal, GOAL, "goal"),
                                (Polygon(s.spec.exit) if s.spec.exit else None, GOAL, "exit")):
        if zone is None:
            continue
        pts = [view.to_screen(x, y) for x, y in zone.exterior.coords]
        pygame.draw.lines(surface, colour, True, pts, 3)
        top = max(zone.exterior.coords, key=lambda q: (q[1], -q[0]))
        theme.blit_text(surface, label, view.to_screen(top[0], top[1]), 13, colour, bold=True)
    if s.spec.kind == "carry_the_bell":
        open_ids = {m.id for m in alarm_flow.eligible_markers(gs)}
        for m in s.spec.spawn:
            cx, cy = view.to_screen(m.x, m.y)
            colour = MARKER_OPEN if m.id in open_ids else MARKER_SEEN
            r = max(6, int(0.45 * view.scale))
            pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], 0)
            pygame.draw.circle(surface, colour, (int(cx), int(cy)), int((alarm_flow.MARKER_REACH + 0.5) * view.scale), 1)
            img = theme.text(m.id.replace("_", " "), 12, colour, True)
            at = img.get_rect(midtop=(int(cx), int(cy + r + 2)))
            pygame.draw.rect(surface, (15, 16, 18), at.inflate(6, 2), border_radius=3)
            surface.blit(img, at)
    for label, x, y in _alarm_points(gs):
        cx, cy = view.to_screen(x, y)
        r = max(7, int(0.5 * view.scale))
        pygame.draw.rect(surface, BELL, pygame.Rect(int(cx) - r, int(cy) - r, 2 * r, 2 * r), 3)
        theme.blit_text(surface, label, (int(cx) + r + 3, int(cy) - r), 13, BELL, bold=True)
    carrier = alarm_flow.state_of(gs).carrier
    if carrier and gs.on_table(carrier) and not alarm_flow.state_of(gs).end_met:
        p = gs.pos(carrier)
        cx, cy = view.to_screen(p.x, p.y)
        pygame.draw.circle(surface, BELL, (int(cx), int(cy)), int(gs.body(carrier).radius * view.scale) + 8, 3)
        theme.blit_text(surface, "bell", (int(cx) + 10, int(cy) - int(gs.body(carrier).radius * view.scale) - 24),
                        13, BELL, bold=True)
    for e in alarm_flow.status(gs)["arrivals"]:          # ringed; the banner says what the ring means
        p = gs.pos(e)
        cx, cy = view.to_screen(p.x, p.y)
        pygame.draw.circle(surface, theme.WARN, (int(cx), int(cy)), int(gs.body(e).radius * view.scale) + 5, 2)
    if plan is not None:
        for i, x, y in plan.buys:
            cx, cy = view.to_screen(x, y)
            pygame.draw.circle(surface, PLAN, (int(cx), int(cy)), max(4, int(s.offers[i].radius * view.scale)), 2)
    lines = banner_lines(gs)
    x0, y0 = view.to_screen(0, gs.board.height)
    width = max(theme.text(t, 13, bold=True).get_width() for t in lines) + 16
    box = pygame.Rect(int(x0) + 8, int(y0) + 8, width, 20 * len(lines) + 8)
    pygame.draw.rect(surface, (15, 16, 18), box, border_radius=5)
    for k, t in enumerate(lines):
        theme.blit_text(surface, t, (box.x + 8, box.y + 5 + 20 * k), 13, theme.ACCENT if k == 0 else theme.TEXT,
                        bold=k == 0)


@dataclass
class WavePlan:
    """A human attacker's wave being planned: [[profile index, x, y], ...], and the profile clicks place."""
    side: str
    buys: list[list] = field(default_factory=list)
    picked: int | None = None

    def params(self) -> dict:
        return {"buy": [list(b) for b in self.buys]}

    def decision(self) -> Decision:
        return Decision("wave", self.side, params=self.params())

    def spent(self, gs) -> int:
        return sum(alarm_flow.setup_of(gs).offers[i].cost for i, _, _ in self.buys)

    def place(self, gs, x: float, y: float) -> RuleViolation | None:
        """One more model of the picked profile at (x, y), kept only if the engine accepts the whole wave."""
        if self.picked is None:
            return RuleViolation("ALM-33", "pick a monster in the panel first")
        trial = self.buys + [[self.picked, round(x, 2), round(y, 2)]]
        try:
            alarm_flow.check_wave(gs, {"buy": trial})
        except RuleViolation as exc:
            return exc
        self.buys = trial
        return None

    def suggest(self, match, p) -> None:
        self.buys = [list(b) for b in scripted_wave(match, p).params["buy"]]


def draw_panel(surface, area: pygame.Rect, gui, plan: WavePlan, gs, pending) -> None:
    """The side panel while a human attacker buys a wave."""
    x, y = area.x, area.y
    st = alarm_flow.state_of(gs)
    left = st.budget - plan.spent(gs)
    theme.blit_text(surface, f"Wave budget {st.budget} pts · {left} left · cap {alarm_flow.cap(gs)} per monster",
                    (x, y), 13, theme.ACCENT, bold=True)
    y += 20
    hint = ("Pick a monster, then click where it arrives: outside every hero's deadly zone (1 K)" +
            (", within 1 K of a green marker." if alarm_flow.setup_of(gs).spec.kind != "temporal" else "."))
    for line in theme.wrap(hint, area.width, 12):
        theme.blit_text(surface, line, (x, y), 12, theme.TEXT_DIM)
        y += 16
    y += 4
    for o in pending.options:
        label = f"{o.name}  ({o.cost} pts)"
        colour = theme.SIDE_DARK.get(plan.side) if plan.picked == o.index else None
        gui.button(surface, (x, y, area.width, 24), label, "wave_pick", o.index, size=13, colour=colour,
                   enabled=o.cost <= left)
        y += 28
    y += 4
    gui.button(surface, (x, y, area.width, 32), f"Buy and place {len(plan.buys)}  (Enter)", "wave_done",
               colour=theme.SIDE_DARK.get(plan.side))
    y += 38
    third = (area.width - 12) // 3
    gui.button(surface, (x, y, third, 26), "Suggested", "wave_suggest", size=13,
               tooltip=("Suggested wave", "The scripted attacker's choice: many small monsters near the heroes."))
    gui.button(surface, (x + third + 6, y, third, 26), "Undo", "wave_undo", size=13)
    gui.button(surface, (x + 2 * third + 12, y, third, 26), "No wave", "wave_none", size=13,
               tooltip=("No wave", "Buy nothing: this wave's budget is lost (ALM-33)."))
