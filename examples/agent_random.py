"""Evaluate a trivial agent with the agent API (wartime.env, a PettingZoo AEC environment).

    pip install -e '.[agents]'
    python examples/agent_random.py --episodes 3                 # random against random
    python examples/agent_random.py --red first --blue random --max-decisions 200

Agents: `random` (uniform over the action mask), `first` (always the first legal option) and `last` (always the
last legal option; for an 'action' decision the engine's last option, often a move or an attack). Prints each
episode's result, then the wins per side."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wartime.env import env  # noqa: E402


def policy(name: str, rng: np.random.Generator):
    def act(obs) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        if name == "first":
            return int(legal[0])
        if name == "last":
            return int(legal[-1])
        return int(rng.choice(legal))
    return act


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", default=None, help="scenario TOML (default: the shipped skirmish)")
    ap.add_argument("--episodes", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1, help="the first episode's seed (then +1 each)")
    ap.add_argument("--red", choices=("random", "first", "last"), default="random")
    ap.add_argument("--blue", choices=("random", "first", "last"), default="random")
    ap.add_argument("--max-decisions", type=int, default=None, help="truncate an episode after N decisions")
    args = ap.parse_args(argv)

    e = env(scenario=args.scenario, max_decisions=args.max_decisions)
    wins = {"red": 0, "blue": 0, "draw": 0, "truncated": 0}
    for k in range(args.episodes):
        seed = args.seed + k
        rng = np.random.default_rng(seed)
        agents = {"red": policy(args.red, rng), "blue": policy(args.blue, rng)}
        e.reset(seed=seed)
        t0 = time.perf_counter()
        returns = {"red": 0.0, "blue": 0.0}
        decisions = 0
        truncated = False
        for agent in e.agent_iter():
            obs, reward, terminated, trunc, info = e.last()
            returns[agent] += reward
            if terminated or trunc:
                truncated = truncated or trunc
                e.step(None)
                continue
            e.step(agents[agent](obs))
            decisions += 1
        res = e.match.result()
        outcome = "truncated" if truncated else (res["winner"] or "draw")
        wins[outcome] += 1
        print(f"episode {k + 1} (seed {seed}): {outcome:9}  turns {res['turns']}  decisions {decisions}  "
              f"returns red {returns['red']:+.0f} blue {returns['blue']:+.0f}  "
              f"casualties {res['casualties']}  {time.perf_counter() - t0:.1f} s")
    e.close()
    print(f"red ({args.red}) {wins['red']}, blue ({args.blue}) {wins['blue']}, draws {wins['draw']}, "
          f"truncated {wins['truncated']} of {args.episodes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
