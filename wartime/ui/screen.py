"""What the play window and the replay viewer share: the panel layout, the frame loop, names of miniatures
and weapons for the log, and screenshots. Subclasses implement handle / update / draw and `names_gs`."""
from __future__ import annotations

from pathlib import Path

import pygame

from wartime.ui import theme
from wartime.ui.adapter import long_name


def init_pygame() -> None:
    """Start pygame's display and fonts once (the play window and the replay viewer both open through here)."""
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        theme.reset()
        pygame.font.init()

TOP_H, SIDE_W, BOTTOM_H, DICE_W = 36, 360, 190, 330
#: While nothing moves (no animation, no AI to play, no toast), a frame waits up to this long for an event instead
#: of redrawing at 60 fps: the window then costs a few per cent of a core (benchmarks/bench_ui.py, idle_cpu).
IDLE_WAIT_MS = 250


class Screen:
    controls_h = 0          # height of a control strip under the board (the replay viewer's)
    frame = 0

    # --- to implement --------------------------------------------------------------------------------------
    def handle(self, event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self) -> None: ...

    def idle(self) -> bool:
        """Nothing changes on screen until the user acts (no animation, no AI turn, no timed message)."""
        return False

    @property
    def names_gs(self):
        """The GameState whose miniatures the log names."""
        raise NotImplementedError

    # --- shared --------------------------------------------------------------------------------------------
    def layout(self) -> None:
        w, h = self.screen.get_size()
        self.top_rect = pygame.Rect(0, 0, w, TOP_H)
        self.side_rect = pygame.Rect(w - SIDE_W, TOP_H, SIDE_W, h - TOP_H)
        self.board_rect = pygame.Rect(0, TOP_H, w - SIDE_W, h - TOP_H - BOTTOM_H - self.controls_h)
        self.controls_rect = pygame.Rect(0, self.board_rect.bottom, w - SIDE_W, self.controls_h)
        self.log_rect = pygame.Rect(0, h - BOTTOM_H, w - SIDE_W - DICE_W, BOTTOM_H)
        self.dice_rect = pygame.Rect(w - SIDE_W - DICE_W, h - BOTTOM_H, DICE_W, BOTTOM_H)
        if hasattr(self, "view"):
            self.view.set_rect(self.board_rect)

    def step(self, dt: float | None = None) -> bool:
        """Handle the queued events, advance animations (and the AI), draw one frame. False once closed."""
        if dt is None:
            if self.fixed_dt is not None:
                dt = self.fixed_dt
            else:
                if self.idle():           # sleep until an event (or IDLE_WAIT_MS) rather than spin at 60 fps
                    event = pygame.event.wait(IDLE_WAIT_MS)
                    if event.type != pygame.NOEVENT:
                        pygame.event.post(event)
                dt = self.clock.tick(60) / 1000.0
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return False
        self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frame += 1
        return self.running

    def name(self, e) -> str:
        if e is None:
            return "?"
        try:
            return long_name(self.names_gs, e)
        except KeyError:
            return f"#{e}"

    def screenshot(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path
