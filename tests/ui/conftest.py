"""UI tests drive the real window under SDL's dummy video driver (set before pygame is imported)."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# saves go to the user's data folder by default (wartime.ui.saves): a UI test never writes into the real home
# (a temporary folder of this test process, removed when the process ends)
if "WARTIME_DATA_DIR" not in os.environ:
    import atexit
    import shutil
    import tempfile

    _data_dir = tempfile.mkdtemp(prefix="wartime-test-data-")
    os.environ["WARTIME_DATA_DIR"] = _data_dir
    atexit.register(shutil.rmtree, _data_dir, ignore_errors=True)

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _pygame_session():
    yield
    pygame.quit()
