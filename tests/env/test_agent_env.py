"""The agent API (issue 15 point 4): wartime.env.env() is a PettingZoo AEC environment whose actions are the
engine's legal options. Needs the optional extra (`pip install -e '.[agents]'`): skipped without it."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from wartime.env import GLOBAL_FEATURES, MINI_FEATURES, env  # noqa: E402


def _play(e, seed: int, n: int, pick_seed: int = 0) -> list[np.ndarray]:
    """Reset with `seed`, play `n` decisions drawn from the mask by a seeded generator; the observations seen."""
    e.reset(seed=seed)
    rng = np.random.default_rng(pick_seed)
    seen = []
    for agent in e.agent_iter(n):
        obs, _, term, trunc, _ = e.last()
        seen.append(obs["observation"].copy())
        seen.append(obs["action_mask"].copy())
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


def test_pettingzoo_api_test_passes():
    api_test(env(max_decisions=40), num_cycles=20)


def test_pettingzoo_seed_test_passes():
    seed_test(lambda: env(max_decisions=30), num_cycles=20)


def test_same_seed_and_actions_give_the_same_observations():
    a, b = env(), env()
    oa, ob = _play(a, 7, 30), _play(b, 7, 30)
    assert len(oa) == len(ob) == 60
    assert all(np.array_equal(x, y) for x, y in zip(oa, ob))
    assert not all(np.array_equal(x, y) for x, y in zip(oa, _play(a, 8, 30)))     # the seed matters


def test_the_actions_are_the_engines_legal_options_in_order():
    e = env()
    e.reset(seed=2)
    checked = set()
    for agent in e.agent_iter(80):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        p = e.match.pending
        assert agent == p.side and info["kind"] == p.kind
        mask = obs["action_mask"]
        n = info["n_options"]
        assert mask.sum() == n == len(e.option_labels(agent)) and mask[:n].all()
        assert e.observe("blue" if agent == "red" else "red")["action_mask"].sum() == 0
        got = [c.decision for c in e.choices()]
        if p.kind in ("action", "react"):
            want = [o.decision(p.side, p.actor) for o in e.match.engine.legal_options()]
            if p.kind == "react":
                assert got[0].action is None and e.option_labels(agent)[0] == "pass"
                got = got[1:]
            assert got == want
        elif p.kind in ("initiative", "activate"):
            assert [d.choice for d in got] == list(p.options)
        elif p.kind == "deploy":
            assert len(got) == 1 and got[0].params == {}
        checked.add(p.kind)
        e.step(int(np.flatnonzero(mask)[-1]))
    assert {"deploy", "initiative", "activate", "action"} <= checked


def test_observation_layout_and_an_illegal_action_is_refused():
    e = env()
    e.reset(seed=1)
    obs = e.observe("red")["observation"]
    assert obs.shape == (e.n_slots * MINI_FEATURES + GLOBAL_FEATURES,)
    own = obs[:e.n_slots * MINI_FEATURES:MINI_FEATURES]
    assert set(own) == {1.0, -1.0}                        # both sides' miniatures, from red's point of view
    assert (e.observe("blue")["observation"][:e.n_slots * MINI_FEATURES:MINI_FEATURES] == -own).all()
    n = e.infos[e.agent_selection]["n_options"]
    with pytest.raises(ValueError):
        e.step(n)


@pytest.mark.slow
def test_whole_random_episodes_end_with_opposite_rewards():
    e = env()
    for seed in (1, 2):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        final = {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            if term or trunc:
                final[agent] = reward
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        winner = e.match.result()["winner"]
        assert set(final) == {"red", "blue"}
        assert final == ({"red": 0, "blue": 0} if winner is None
                         else {winner: 1, ("blue" if winner == "red" else "red"): -1})
