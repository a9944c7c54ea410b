"""The test run keeps compiled bytecode (`__pycache__/`, git-ignored) even where PYTHONDONTWRITEBYTECODE is set, as
on the CI machine. Without it every xdist worker re-rewrites the asserts of the ~330 test modules and recompiles the
~61,000 lines of `wartime/` at each run (~30 s a worker), and each subprocess a test starts (`wartime …`,
`main.py`, a batch's worker processes) recompiles the package (~1 s of its ~2 s start). Subprocesses inherit the
setting through the environment."""
import os
import sys

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
