"""The agent API (issue 15 point 4): a PettingZoo AEC environment over a `Match`.

    from wartime.env import env
    e = env()                                   # the shipped skirmish with its default lists
    e.reset(seed=3)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        e.step(action)

Needs the optional extra: `pip install -e '.[agents]'` (pettingzoo, gymnasium).

Agents and turns. The agents are "red" and "blue" (the scenario's sides). Every decision the engine waits for
(`Match.pending`, rules/flow.py `Pending`) becomes the turn of the side that must decide; `agent_selection` is
always that side, so one side may take many turns in a row (an activation is a chain of 'action' decisions).

Actions. `Discrete(max_options)`: action i is the i-th legal option of the pending decision, as the engine
gives them; the action mask (int8, 1 for the first n entries) marks which exist now. No list of actions is kept
here: the options are read from the engine each time.

* 'action' (the active character's next action): `Engine.legal_options()` in its order (keys in
  `Pending.options` order, each key's candidates in order), which includes "end" (end the activation, ENE-4).
  Options are declared unchained (ACT-3's chaining is not offered to agents).
* 'react' (REA-3): option 0 is "pass" (no reaction), then `Engine.legal_options()` for the reactor.
* 'initiative' / 'activate': the pending options (character ids), in order.
* 'malus' (PSI-8): the offered trait IDs, in order.
* 'deploy': one option only, the default spots of rules/deployment.py (`params {}`): agents do not place
  miniatures.
* 'wave' (alarm mode, ALM-33): option 0 the scripted attacker's wave, option 1 no wave (its budget lost); agents
  do not compose waves. The kind has no one-hot of its own in the observation (`KINDS` keeps its length).
* 'bonus_loss' (TRT-SAIKIKKU): one option per bonus of the enemy that may stop working; no one-hot of its own either.

The discretisation of continuous parameters (paths, aim points, facings, K along a path) is the engine's own
documented deterministic candidate set: rules/actions/params.py (`CandidateSpace`) and rules/options.py
(`legal_options`), the very options the window and the AI controllers read. If a decision offers more than
`max_options` options, the first `max_options` are kept (`infos[agent]["dropped"]` says how many were not).

Observations. A dict {"observation": float32 array, "action_mask": int8 array of max_options}. The array is
`MINI_FEATURES` per miniature (ids in order, as many slots as the match starts with; a miniature that leaves
the table keeps its slot) then `GLOBAL_FEATURES`, from the observing agent's point of view:

* per miniature: own (1 the observer's, -1 the enemy's), x, y (K), facing / 360, level, wounds, ENE, stress,
  able (1/0), the character the pending decision is about (1/0);
* global: turn, phase, the pending kind one-hot (`KINDS`), whether the observer decides now (1/0).

The other agent's action mask is all zeros. `infos[agent]` holds "kind" (the pending kind, or None) and
"n_options" for the deciding agent, {} for the other; `option_labels(agent)` gives the options' labels.

Rewards: +1 to the winner and -1 to the loser when the game ends (SEQ-1), 0 to both for a draw and at every
other step. `max_decisions` (optional) truncates an episode after that many decisions.

`reset(seed=s)` builds a fresh Match with seed s (the seed of its dice, as `wartime play --seed`); the same seed
and the same actions give the same observations. `reset()` without a seed uses the previous seed + 1 (0 first).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

try:
    import gymnasium
    from pettingzoo import AECEnv
except ImportError as exc:          # the optional extra
    raise ImportError("wartime.env needs PettingZoo and Gymnasium: pip install -e '.[agents]'") from exc

from wartime.ai.scripted_alarm import scripted_wave
from wartime.core.components import Identity, Stress
from wartime.data.loader import load_match_inputs
from wartime.match.match import Match
from wartime.rules.flow import Decision

#: the shipped scenario the environment plays by default
DEFAULT_SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "skirmish.toml"
#: the pending kinds (rules/flow.py `Pending.kind`), in the order of the observation's one-hot
KINDS = ("deploy", "initiative", "activate", "action", "react", "malus")
MINI_FEATURES = 10
GLOBAL_FEATURES = 3 + len(KINDS)
AGENTS = ("red", "blue")


def env(scenario=None, red_list=None, blue_list=None, max_options: int = 256, render_mode: str | None = None,
        max_decisions: int | None = None) -> "WartimeEnv":
    """The AEC environment (module docstring). `scenario`, `red_list`, `blue_list`: paths (None: the shipped
    skirmish and the scenario's default lists)."""
    return WartimeEnv(scenario, red_list, blue_list, max_options=max_options, render_mode=render_mode,
                      max_decisions=max_decisions)


class _Choice:
    """One option of the pending decision: the `Decision` it submits and a short label."""
    __slots__ = ("decision", "label")

    def __init__(self, decision: Decision, label: str):
        self.decision = decision
        self.label = label


class WartimeEnv(AECEnv):
    metadata = {"name": "wartime_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, scenario=None, red_list=None, blue_list=None, *, max_options: int = 256,
                 render_mode: str | None = None, max_decisions: int | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self.max_options = int(max_options)
        self.max_decisions = max_decisions
        self.scenario, self.lists = load_match_inputs(scenario or DEFAULT_SCENARIO,
                                                      {"red": red_list, "blue": blue_list})
        self.possible_agents = list(AGENTS)
        probe = Match(self.scenario, self.lists, 0, checkpoints=False)
        self.n_slots = len(probe.gs.minis())
        size = self.n_slots * MINI_FEATURES + GLOBAL_FEATURES
        obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.max_options,), np.int8)})
        act_space = gymnasium.spaces.Discrete(self.max_options)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self.match: Match | None = None
        self._seed: int | None = None
        self._choices: list[_Choice] | None = None      # the pending decision's options (built once each)
        self._dropped = 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --- episodes ---------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._seed = int(seed) if seed is not None else (0 if self._seed is None else self._seed + 1)
        self.match = Match(self.scenario, self.lists, self._seed, checkpoints=False)
        self.slots = self.match.gs.minis()[:self.n_slots]
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.n_decisions = 0
        self._after_decision()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        choices = self.choices()
        i = int(action)
        if not 0 <= i < min(len(choices), self.max_options):
            raise ValueError(f"action {i} is not one of the {len(choices)} legal options of {agent}'s "
                             f"{self.match.pending.kind!r} decision (see the action mask)")
        self._cumulative_rewards[agent] = 0
        self.match.submit(choices[i].decision)
        self.n_decisions += 1
        self._after_decision()
        if self.render_mode == "ansi":
            print(self.render())

    def _after_decision(self) -> None:
        """Set the turn, rewards, terminations and infos after a decision (or a reset)."""
        self._choices = None
        self.rewards = {a: 0 for a in self.agents}
        p = self.match.pending
        if p is None:                                   # the game is over (SEQ-1)
            winner = self.match.engine.flow.winner
            for a in self.agents:
                self.rewards[a] = 0 if winner is None else (1 if a == winner else -1)
                self.terminations[a] = True
        elif self.max_decisions is not None and self.n_decisions >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        if p is not None:
            self.agent_selection = p.side
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
        for a in self.agents:
            self.infos[a] = {}
        if p is not None and not (self.terminations[p.side] or self.truncations[p.side]):
            n = len(self.choices())
            self.infos[p.side] = {"kind": p.kind, "n_options": min(n, self.max_options), "dropped": self._dropped}
        self._accumulate_rewards()

    # --- options ----------------------------------------------------------------------------------------
    def choices(self) -> list[_Choice]:
        """The pending decision's options (module docstring), at most `max_options`; [] if nothing is pending."""
        if self._choices is not None:
            return self._choices
        p = self.match.pending
        out: list[_Choice] = []
        if p is None:
            pass
        elif p.kind == "deploy":
            out.append(_Choice(Decision("deploy", p.side), "deploy at the default spots"))
        elif p.kind in ("initiative", "activate"):
            gs = self.match.gs
            out.extend(_Choice(Decision(p.kind, p.side, choice=e), gs.name(e)) for e in p.options)
        elif p.kind == "wave":     # ALM-33: an alarm wave: the scripted attacker's, or none (its budget lost)
            out.append(_Choice(scripted_wave(self.match, p), "scripted wave"))
            out.append(_Choice(Decision("wave", p.side), "no wave"))
        elif p.kind in ("malus", "bonus_loss"):       # PSI-8; TRT-SAIKIKKU (no one-hot of its own, as 'wave')
            out.extend(_Choice(Decision(p.kind, p.side, actor=p.actor, action=m), m) for m in p.options)
        elif p.kind in ("action", "react"):
            if p.kind == "react":
                out.append(_Choice(Decision("react", p.side, actor=p.actor), "pass"))
            out.extend(_Choice(o.decision(p.side, p.actor), o.label or o.key)
                       for o in self.match.engine.legal_options())
        else:
            raise NotImplementedError(f"wartime.env does not know the pending kind {p.kind!r}")
        self._dropped = max(0, len(out) - self.max_options)
        self._choices = out[:self.max_options]
        return self._choices

    def option_labels(self, agent: str) -> list[str]:
        """The labels of `agent`'s options now ([] when it is not its turn)."""
        p = self.match.pending
        if p is None or p.side != agent:
            return []
        return [c.label for c in self.choices()]

    # --- observations -----------------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, Any]:
        m = self.match
        gs, world = m.gs, m.world
        p = m.pending
        vec = np.zeros(self.observation_spaces[agent]["observation"].shape, np.float32)
        for i, e in enumerate(self.slots):
            pos = gs.pos(e)
            j = i * MINI_FEATURES
            vec[j:j + MINI_FEATURES] = (
                1.0 if world.get(e, Identity).side == agent else -1.0, pos.x, pos.y, pos.facing / 360.0,
                pos.level, gs.wounds(e), gs.energy(e), world.get(e, Stress).value, 1.0 if gs.able(e) else 0.0,
                1.0 if p is not None and p.actor == e else 0.0)
        j = self.n_slots * MINI_FEATURES
        flow = m.engine.flow
        vec[j] = flow.turn
        vec[j + 1] = flow.phase
        if p is not None and p.kind in KINDS:
            vec[j + 2 + KINDS.index(p.kind)] = 1.0
        mine = p is not None and p.side == agent
        vec[j + 2 + len(KINDS)] = 1.0 if mine else 0.0
        mask = np.zeros(self.max_options, np.int8)
        if mine and not (self.terminations.get(agent) or self.truncations.get(agent)):
            mask[:len(self.choices())] = 1
        return {"observation": vec, "action_mask": mask}

    # --- rendering --------------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (wartime.env supports 'ansi')")
            return None
        m = self.match
        f = m.engine.flow
        p = m.pending
        lines = [f"turn {f.turn} phase {f.phase} stage {f.stage}"
                 + (f" · {p.side} decides {p.kind}" if p else f" · over: winner {f.winner} ({f.end_reason})")]
        for e in self.slots:
            pos = m.gs.pos(e)
            lines.append(f"  {m.gs.name(e):24} ({pos.x:6.2f},{pos.y:6.2f}) W{m.gs.wounds(e)} "
                         f"ENE{m.gs.energy(e)}{'' if m.gs.able(e) else ' (out)'}")
        return "\n".join(lines)

    def close(self) -> None:
        self.match = None
