"""The scripted utility controller: seeks good shots (exact odds, cover), charges when it pays, moves into
range and cover, flees when panicked, and ends its activation instead of wasting energy.

It keeps no list of actions: every key it considers is one the pending decision offers (`Pending.options`),
chosen by its action's metadata (`is_attack`, `moves`, the kinds of its declared `params`; an action whose effect
a tactic relies on, such as Agacharse, by the rule it implements). Attack targets and weapons are the engine's
legal options (`Engine.legal_options`); for movement it proposes its own paths (a continuous parameter) to the
spots it scores, and area weapons their own aim points, each validated by the engine."""
from __future__ import annotations

import math
from dataclasses import replace

from wartime.ai.scripted_objective import holds_zone, march, threat
from wartime.ai.scripted_meta import act as meta_act, react as meta_react
from wartime.ai.scripted_mental import react as mental_react
from wartime.ai.scripted_flight import take_off
from wartime.ai.scripted_objects import take_stim, use_object
from wartime.ai.scripted_kinds2 import hex_object
from wartime.ai.scripted_protections import wear_carried
from wartime.ai.scripted_medic import medic_run
from wartime.ai.scripted_possess import possess_act
from wartime.ai.scripted_mines import mines_act
from wartime.ai.scripted_minesafe import avoid_charges
from wartime.ai.scripted_weapons import nullify_shield, put_out_fire, regenerate_round
from wartime.ai.scripted_devices import designate_first
from wartime.ai.scripted_scenery import fetch_scenery, throw_scenery
from wartime.ai.scripted_water import dive_instead, swim_under
from wartime.ai.scripted_breaking import break_through
from wartime.ai.scripted_telekinesis import telekinesis_act
from wartime.ai.scripted_alarm import is_last_turn, scripted_wave, steer
from wartime.ai.scripted_transport import drive as drive_transport, early as transport_first
from wartime.ai.scripted_boosts import boost_choices, boost_price
from wartime.ai.scripted_hidden import flank, open_enemy, perceive
from wartime.ai.scripted_stances import stance_price
from wartime.ai.scripted_substances import bonus_to_remove
from wartime.ai.scripted_battle_cries import challenge, pass_wound
from wartime.ai.scripted_combat_feats import extra_attack, leap_in, machina_shot, order_ally, volley
from wartime.ai.scripted_combat_feats2 import coat_weapon, take_hit
from wartime.ai.candidates import (action, at_spot, by_rule, contact_paths, contact_point, end_key, facing_to,
                                   flee_path,
                                   free_contact_points, legal_cost, legal_reaction_cost, offered, options_of,
                                   path_moves, path_towards, reaction, straight_path)
from wartime.core.components import Posture
from wartime.rules.combat import Cover, melee_damage
from wartime.rules.odds import attack_odds, scattered_outcomes
from wartime.rules.checks import Modifier
from wartime.rules.actions import REGISTRY
from wartime.rules.psychology import default_malus, nearest_enemy
from wartime.rules.modifiers import character_mods
from wartime.rules.energy import least_weapon_price
from wartime.rules.odds import p_pass
from wartime.rules import traits
from wartime.core.errors import RuleViolation
from wartime.rules.sequence import Decision, Pending
from wartime.rules.reactions import reactive
from wartime.rules import areas, deployment, holds, riding, scattered_shots
from wartime.rules.reactions import point_along
from wartime.rules.duels import DUEL_WINDOW, quick_draw_odds
from wartime.rules.mental import MENTAL_WINDOW
from wartime.rules.bodyguard import WINDOW as BODYGUARD_WINDOW
from wartime.ai.scripted_fortune import fortune_answer  # TRT-FORTUNE
from wartime.ai.scripted_aim import aim_answer  # TRT-AIM-CORRECTOR
from wartime.ai.scripted_spare import (concentrate_first, energy_gain, firing_posture, support_ally,  # GNA-4, GNA-1, MVA-5
                                      wait_for_enemy)  # GNA-10
# issue 13: terrain moves, hiding, captives, hand grenades (the methods at the end of the class)
from shapely.geometry import LineString, Point
from wartime.core.components import Climbing
from wartime.geometry.heights import LEVEL_2_HEIGHT
from wartime.geometry.navigation import plan
from wartime.geometry import sight
from wartime.rules import hiding
from wartime.rules.actions.combat import charge_allowance
from wartime.rules.actions.falling import FOOT_GAP
from wartime.rules.actions.flight import previous_action
from wartime.rules.actions.terrain_moves import climbable_in_contact, jump_up_reach, long_jump_max, needs_climbing


#: MVA-1..3: the plain moves of an advance that Esperar (GNA-10) may replace (not a climb, a jump, a hide)
PLAIN_MOVES = ("MVA-1", "MVA-2", "MVA-3")


class ScriptedController:
    def __init__(self, seed: int = 0, *, concentrate: bool = True, support: bool = True, prone: bool = True,
                 wait: bool = True):
        self.seed = seed
        #: issue 15: spend energy the next gain would cap on Concentrarse before a shot, Apoyar before ending, and
        #: lie prone to shoot when no enemy fighter is near (ai/scripted_spare.py); off: the session 19 AI
        self.concentrate = concentrate
        self.support = support
        self.prone = prone
        #: Esperar (GNA-10) for an enemy still to act to come into reach (ai/scripted_spare.py); off: session 20's
        self.wait = wait

    # --- top level ----------------------------------------------------------------------------
    def decide(self, match, p: Pending) -> Decision:
        gs = match.gs
        if p.kind == "initiative":
            best = max(p.options, key=lambda e: (gs.attrs(e).VOL, -e))       # SEQ-2 default: highest VOL
            return Decision("initiative", p.side, choice=best)
        if p.kind == "activate":
            return Decision("activate", p.side, choice=self._pick_activation(match, p))
        if p.kind == "react":
            return self._react(match, p)
        if p.kind == "malus":
            return Decision("malus", p.side, actor=p.actor, action=self._malus(match, p))
        if p.kind == "bonus_loss":                # TRT-SAIKIKKU (ai/scripted_substances.py)
            return Decision("bonus_loss", p.side, actor=p.actor, action=bonus_to_remove(p.options))
        if p.kind == "deploy":
            return Decision("deploy", p.side, params=self._deploy(match, p))
        if p.kind == "wave":                      # ALM-33: alarm mode (ai/scripted_alarm.py)
            return scripted_wave(match, p)
        d = steer(match, p, avoid_charges(match, p, self._act(match, p)))     # TRT-ACTIVATION-AREA: round charges
        if legal_cost(match.engine, d) is None:
            # a rule the tactics do not foresee forbids it (e.g. PSI-12: flee before ending): any legal option
            opt = next(iter(match.engine.legal_options()), None)
            if opt is not None:
                return opt.decision(p.side, p.actor)
        return d

    #: a 'prisoners' scenario (holds.rewards_prisoners): an action that takes a prisoner (`takes_prisoner`, e.g.
    #: CBA-26 Noquear) is worth this many times its usual utility, a wounding attack this fraction of its own
    PRISONER_WEIGHT = 3.0
    KILL_WEIGHT_WHEN_CAPTURING = 0.25

    #: deployment: how much cover from the enemy's eyes, standing forward and spreading out are worth
    DEPLOY_COVER, DEPLOY_FORWARD_MELEE, DEPLOY_FORWARD_RANGED, DEPLOY_CROWD = 2.0, 1.0, 0.3, 1.5
    DEPLOY_STEP = 1.0

    def _deploy(self, match, p: Pending) -> dict:
        """Deployment (rules/deployment.py): each miniature, ranged ones first, on the spot of its zone that
        scores best for cover from the enemy miniatures' eyes where they stand (the engine's own cover query),
        standing forward (more for melee fighters) and keeping 2.5 K from the allies already placed; facing the
        enemy. A plan the engine refuses (a corner case of the lattice) falls back to the default spots."""
        gs = match.gs
        zone = gs.deployment.get(p.side)
        enemies = [o for o in gs.minis() if gs.side(o) != p.side and gs.on_table(o)]
        if zone is None or not enemies or not p.options:
            return {}
        eyes = [gs.eye(o) for o in enemies]
        ex = sum(gs.pos(o).x for o in enemies) / len(enemies)
        ey = sum(gs.pos(o).y for o in enemies) / len(enemies)
        minx, miny, maxx, maxy = zone.bounds
        order = sorted(p.options, key=lambda e: (not self._weapons(gs, e, True), e))
        placed: list[tuple[float, float, float]] = [(gs.pos(o).x, gs.pos(o).y, gs.body(o).radius)
                                                    for o in gs.minis() if gs.side(o) == p.side and o not in p.options
                                                    and gs.on_table(o)]
        far = max(math.hypot(x - ex, y - ey) for x, y in ((minx, miny), (maxx, maxy), (minx, maxy), (maxx, miny)))
        positions = {}
        lattice: dict[tuple[float, float], tuple[list, list]] = {}     # (radius, height) → spots, their cover
        for e in order:
            r = gs.body(e).radius
            h = gs.current_height(e)
            if (r, h) not in lattice:      # the zone's free spots and their cover, once per base size and height
                spots = list(deployment.free_spots(gs, p.side, r, self.DEPLOY_STEP))
                hidden = [0.0] * len(spots)
                if spots:
                    rows = sight.targets_array([(x, y, r, 0.0, h) for x, y in spots])
                    for eye in eyes:
                        for k, res in enumerate(sight.cover_query(gs.board, eye, rows)):
                            hidden[k] += res.hidden_fraction / len(eyes)
                lattice[(r, h)] = (spots, hidden)
            spots, hidden = lattice[(r, h)]
            keep = [k for k, (x, y) in enumerate(spots)
                    if not any(math.hypot(x - px, y - py) < r + pr + 0.3 for px, py, pr in placed)]
            cands = [spots[k] for k in keep]
            cover = [hidden[k] for k in keep]
            if not cands:
                return {}
            forward = self.DEPLOY_FORWARD_RANGED if self._weapons(gs, e, True) else self.DEPLOY_FORWARD_MELEE

            def score(k):
                x, y = cands[k]
                crowd = sum(1 for px, py, _ in placed if math.hypot(x - px, y - py) < 2.5)
                return (self.DEPLOY_COVER * cover[k] + forward * (1.0 - math.hypot(x - ex, y - ey) / far)
                        - self.DEPLOY_CROWD * crowd, -x, -y)
            best = max(range(len(cands)), key=score)
            x, y = cands[best]
            facing = round(math.degrees(math.atan2(ey - y, ex - x)) % 360.0, 1)
            positions[str(e)] = [x, y, facing]
            placed.append((x, y, r))
        try:
            deployment.check(gs, p.side, {"positions": positions})
        except RuleViolation:
            return {}
        return {"positions": positions}

    #: PSI-8: how much each kind of check matters to a character's play (attacks and defence most)
    MALUS_WEIGHTS = (("AGI", "IMP", 3.0), ("CON", "IMP", 2.0), ("INT", "IMP", 1.0), ("VOL", "ATR", 1.5),
                     ("VOL", "PSI", 1.0), ("VOL", "LOC", 0.5), ("AGI", "ATR", 1.0), ("CON", "ATR", 1.0))

    def _malus(self, match, p: Pending) -> str:
        """PSI-8: the malus that hurts the panicked enemy most, judged by trying each on it (the world put back
        exactly): the weighted loss of its check targets (`character_mods`, which include every trait's
        `check_mod`), a CH PSI its traits ask before each attack (`before_attack`, weighted by the chance to fail
        it), and attack or move actions it could no longer choose (`action_restriction`). Ties: the digest's
        default order."""
        gs = match.gs
        e = p.actor
        world = gs.world
        version = world.version
        snap = world.snapshot()
        psyche = gs.psyche(e)
        fail_psi = 1.0 - float(p_pass(gs.attrs(e).VOL))
        keys = [k for k, a in sorted(REGISTRY.items()) if a.is_attack or a.moves]
        scores = {}
        try:
            for m in p.options:
                world.set(e, replace(psyche, maluses=psyche.maluses + (m,)))
                loss = -sum(w * sum(x.value for x in character_mods(gs, e, attr, kind))
                            for attr, kind, w in self.MALUS_WEIGHTS)
                loss += 4.0 * fail_psi * len(traits.before_attack(gs, e))
                for k in keys:
                    try:
                        traits.restrict_action(gs, e, k)
                    except RuleViolation:
                        loss += 0.5
                scores[m] = loss
                world.restore(snap)
        finally:
            world.restore(snap)
            world.revert_version(version)
        best = max(scores.values())
        return default_malus([m for m in p.options if scores[m] == best])

    def _pick_activation(self, match, p: Pending) -> int:
        gs = match.gs

        def urgency(e):
            enemy = nearest_enemy(gs, e)
            d = gs.distance(e, enemy) if enemy is not None else 99.0
            return (0 if gs.engaged(e) else 1, d, e)
        return min(p.options, key=urgency)

    def _act(self, match, p: Pending) -> Decision:
        gs, engine = match.gs, match.engine
        e = p.actor
        energy = gs.energy(e)
        if gs.psyche(e).panic:
            return self._flee(match, p) or action(p, end_key(p))
        if gs.effects(e).followup:
            d = self._followup(match, p)
            if d is not None:
                return d
        if hiding.tied(gs, e):
            return self._untie(match, p)                                # GNA-6
        # TRT-HAND-OF-DEATH, TRT-CHALLENGER, TRT-ORDERS
        d = pass_wound(match, p) or challenge(match, p) or order_ally(match, p)
        if d is not None:
            return d
        if gs.engaged(e):
            d = self._best_melee(match, p)
            if d is not None:
                return d
            return action(p, end_key(p))
        if energy <= 0:
            return action(p, end_key(p))
        d = wear_carried(match, p)                                      # GNA-16: put on a carried protection
        if d is not None:
            return d
        d = use_object(match, p, urgent=True) or medic_run(match, p)    # GNA-16: a medkit on the badly wounded
        d = d or hex_object(match, p)                                   # TRT-HEX on an object: an enemy first
        if d is not None:
            return d
        d = transport_first(match, p)                                   # MVA-17 passengers, boarding, drop runs
        if d is not None:
            return d
        d = take_off(match, p)                                          # MVA-16: a flyer takes off when it helps
        if d is not None:
            return d
        d = self._discover(match, p) or perceive(match, p)             # GNA-9: free; GNA-12 when it failed
        if d is not None:
            return d
        d = possess_act(match, p) or meta_act(match, p)                 # CBA-21 (ai/scripted_possess.py); MET-2, MET-6
        if d is not None:
            return d
        d = telekinesis_act(match, p)                                   # TRT-MAGIC-TELEKINESIS: a piece in the way
        if d is not None:
            return d
        d = put_out_fire(match, p) or nullify_shield(match, p)          # TRT-INCENDIARY-AMMO, TRT-SHIELD-NULLIFIER
        if d is not None:
            return d
        d = mines_act(match, p)                                         # GNA-15 bombs, TRT-REMOTE-CONTROL
        if d is not None:
            return d
        d = coat_weapon(match, p)                                       # TRT-VENOM (ai/scripted_combat_feats2.py)
        if d is not None:
            return d
        shot = self._best_shot(match, p)
        charge = self._best_charge(match, p)
        if shot is not None or charge is not None:                      # GNA-16: a stim before the fight
            d = take_stim(match, p, min(x[2] if x is shot else legal_cost(engine, x[1]) or 0
                                        for x in (shot, charge) if x is not None))
            if d is not None:
                return d
        d = throw_scenery(match, p, shot)                              # TRT-SUPER-STRENGTH: a car at an enemy
        if d is not None:
            return d
        if charge is not None and (shot is None or charge[0] > shot[0] * 1.2):
            return charge[1]
        if shot is not None and charge is None and self._push_on(match, e, shot[0]):
            move = self._advance(match, p)                              # SEQ-1: a draw at the turn limit looms
            if move is not None:
                return move
        d = self._best_throw(match, p, shot)                            # CBA-6: a hand grenade
        if d is not None:
            return d
        d = volley(match, p, shot)                                      # TRT-SWARM-WEAPON: all at once
        if d is not None:
            return d
        if shot is not None:
            d = designate_first(match, p, shot)                         # TRT-TARGET-DESIGNATOR: mark, then shoot
            if d is not None:
                return d
            value, d, cost = shot
            if self.prone:                          # MVA-5 when no fighter is near, else MVA-4 (scripted_spare)
                c = firing_posture(match, p, d.params.get("target"), energy, cost)
                if c is not None:
                    return c
            else:
                crouch = by_rule(p, "MVA-4")        # Agacharse: a ranged CH IMP beyond 3 K takes −1
                if crouch is not None and gs.world.get(e, Posture).state == "standing" and energy >= 2 * cost + 1 \
                        and ("target" not in d.params or gs.distance(e, d.params["target"]) > 3.0):
                    c = action(p, crouch)
                    if legal_cost(engine, c) is not None:
                        return c
            if self.concentrate:                    # GNA-4 with energy the next gain would cap
                c = concentrate_first(match, p, cost)
                if c is not None:
                    return c
            return d
        reload = regenerate_round(match, p) or self._reload(match, p)    # TRT-REGENERATING-AMMO, GNA-13
        if reload is not None:
            return reload
        if riding.drives(gs, e):                                         # MOV-6: a transport drives straight
            return drive_transport(match, p) or self._guard_or_end(match, p)
        if shot is None and charge is None:
            d = break_through(match, p)                                 # TRT-WALLBREAKER ruling: a wall in the way
            d = d or fetch_scenery(match, p)                            # TRT-SUPER-STRENGTH: a car to throw at hand
            if d is not None:
                return d
        d = self._move_on(match, p, shot)
        if self.wait and shot is None and charge is None and REGISTRY[d.action].rule in PLAIN_MOVES:
            w = wait_for_enemy(match, p, lambda: self._fighter(gs, e), d)   # GNA-10: let an enemy come to it
            if w is not None:
                return w
        return d

    def _move_on(self, match, p, shot) -> Decision:
        """What a character does that attacks nobody this action: close in, pull back, heal, hide, hold a zone,
        march, walk round a hidden enemy, advance; else hide or end (`_act`'s last steps)."""
        gs = match.gs
        e = p.actor
        if not self._weapons(gs, e, True) or shot is None:
            close = self._close_in(match, p)
            if close is not None:
                return close
        d = self._pull_back(match, p)                                   # wounded: out of the guns' sight
        if d is not None:
            return d
        d = self._heal(match, p) or use_object(match, p, urgent=False)  # GNA-5 when safe and likely; GNA-16
        if d is not None:
            return d
        d = self._hide(match, p, shot, last=False)                      # GNA-9
        if d is not None:
            return d
        if holds_zone(gs, e):                       # BLD-22: hold the objective zone
            return self._guard_or_end(match, p)
        move = march(match, p) or flank(match, p) or self._advance(match, p)   # BLD-22; GNA-9 (scripted_hidden)
        if move is not None:
            return move
        return self._hide(match, p, shot, last=True) or self._guard_or_end(match, p)

    def _guard_or_end(self, match, p) -> Decision:
        """GNA-8: with ENE the next gain would cap anyway, end on guard (+2 on the next reaction CH VOL)."""
        gs = match.gs
        e = p.actor
        if self.support:                            # GNA-1 with energy the next gain would cap (scripted_spare)
            d = support_ally(match, p)
            if d is not None:
                return d
        guard = by_rule(p, "GNA-8")
        if guard is not None and self._spare_energy(gs, e) >= 2 and not gs.engaged(e) and gs.enemies(e) \
                and not reactive(gs, e).on_guard:
            d = action(p, guard)
            if legal_cost(match.engine, d) is not None:
                return d
        return action(p, end_key(p))

    # --- options ------------------------------------------------------------------------------
    def _weapons(self, gs, e, ranged: bool):
        return [(i, w) for i, w in enumerate(gs.equipment(e).weapons) if w.ranged == ranged and not w.disabled]

    def _best_shot(self, match, p):
        """The best ranged attack among the engine's legal options (attacks that do not move, with a ranged
        weapon), by expected value per ENE; area weapons also at points between clustered enemies."""
        gs, engine = match.gs, match.engine
        e = p.actor
        best = None
        enemies = gs.enemies(e)
        if not enemies:
            return None
        areas_done = set()

        def ranged_weapon(prm):
            i = prm.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            return w is not None and bool(w.ranged)

        for opt in options_of(engine, offered(p, is_attack=True, moves=False, kinds=("weapon",)), ranged_weapon):
            i = opt.params.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            if w is None or not w.ranged:
                continue
            if w.area is not None:
                # ARE-1..9: area weapons aim at the enemy, or at a point between clustered enemies
                if (opt.key, i) in areas_done:
                    continue
                areas_done.add((opt.key, i))
                for value, d, cost in self._area_shots(match, p, opt.key, i, w, enemies):
                    key = (value / max(1, cost), value)
                    if best is None or key > best[0]:
                        best = (key, d, cost, value)
                continue
            t = opt.params.get("target")
            if t is None:
                continue
            d = opt.decision(p.side, e)
            value = self._shot_value(gs, e, opt.key, opt.params, t, i, w, opt.facing)
            key = (value / max(1, opt.cost), value)
            if best is None or key > best[0]:
                best = (key, d, opt.cost, value)
        if best is None:
            return None
        return (best[3], best[1], best[2])

    def _shot_value(self, gs, e: int, key: str, prm: dict, t: int, i: int, w, facing: float | None = None) -> float:
        """The value of a ranged attack `key` with parameters `prm` on `t` with weapon i (not an area weapon): the
        expected wounds + 2 × P(incapacitate) by the exact odds from where `e` stands, with its cover, less the
        blast risk of a transport target. A shot that scatters (TRT-INFINITE-RANGE: the target outside the field of
        view even after the option's turn, `facing`) is valued over whoever it may land on (rules.odds.
        scattered_outcomes): enemies' harm counted, allies' twice against it."""
        c = gs.cover(e, [t])[0]
        own = REGISTRY[key].attack_modifiers(gs, e, prm)                   # e.g. CBA-2/3/4's −1s
        mode = traits.fire_modes(w).get(prm.get("mode"))                    # TRT-HEAVY-FIRE: DMG +3
        bonus = mode.dmg_plus if mode is not None else 0
        faces = facing is not None and gs.distance(e, t) <= gs.fov_range(e) + 1e-9     # turned to it: in its FOV
        faces = faces or not REGISTRY[key].scatters_out_of_view        # CBA-2 / CBA-3 / CBA-4: no scatter
        if not faces and scattered_shots.scatters(gs, e, t, w) is not None:
            value = 0.0
            for who, o in scattered_outcomes(gs, e, t, weapon_index=i, cover=Cover(c.blocked, c.main_piece_def),
                                             extra_imp=own, dmg_bonus=bonus):
                v = float(o.harm) + 2.0 * float(o.p_incapacitate)
                value += -2.0 * v if gs.side(who) == gs.side(e) else v
            return value
        odds = attack_odds(gs, e, t, weapon_index=i, ranged=True, cover=Cover(c.blocked, c.main_piece_def),
                           extra_imp=own, dmg_bonus=bonus, scatter=not faces)
        value = float(odds.harm) + 2.0 * float(odds.p_incapacitate)
        return value - self._blast_risk(gs, e, t, float(odds.expected_wounds))

    @staticmethod
    def _blast_risk(gs, e: int, t: int, wounds: float) -> float:
        """WND-4, WND-5: a transport with more wounds than its QUA is destroyed and explodes on whoever stands
        near it. The value a shot at one loses: 2 per ally (the shooter included) more than enemies in its blast,
        times the chance the shot destroys it (estimated from its expected `wounds` against what it has left)."""
        m = riding.mount(gs, t)
        if m is None:
            return 0.0
        reach = riding.blast_reach(gs, t)
        side = gs.side(e)
        net = sum(1 if gs.side(o) == side else -1 for o in reach)
        p_down = min(1.0, wounds / max(1, m.QUA + 1 - m.wounds))
        return 2.0 * p_down * max(0, net)

    def _area_shots(self, match, p, key, i, w, enemies):
        """Area attacks worth considering (ARE-1..9): each enemy in range as the target, and the midpoints of
        pairs of enemies close enough for one template to catch both. Value: expected wounds (+ 2 × casualty
        chance) on enemies minus twice that on allies, as if the area lands where aimed; a miss scatters
        (ARE-9), so allies near the aim point cost a little more."""
        gs, engine = match.gs, match.engine
        e = p.actor
        pe = gs.pos(e)
        kind, a, b = areas.area_kind(w.area)
        reach = (b if kind == "G" else a) / 2.0 if kind in ("R", "G") else 0.5
        unlimited = traits.unlimited_range(w) is not None                 # TRT-INFINITE-RANGE: no maximum range
        aims = [(t, None) for t in enemies if unlimited or gs.distance(e, t) <= w.RNG]
        if kind != "S":
            for k, t in enumerate(enemies):
                for u in enemies[k + 1:]:
                    pt, pu = gs.pos(t), gs.pos(u)
                    if pt.level != pe.level or pu.level != pe.level:
                        continue
                    if math.hypot(pt.x - pu.x, pt.y - pu.y) <= 2 * reach + gs.body(t).radius + gs.body(u).radius:
                        aims.append((None, (round((pt.x + pu.x) / 2, 4), round((pt.y + pu.y) / 2, 4))))
        out = []
        allies = gs.allies(e)
        # the ranged variants (CBA-2 / CBA-4) take a target only: no aim point between enemies
        aim_param = next((q.name for q in REGISTRY[key].params if q.kind == "point"), None)
        for t, point in aims:
            if t is None and aim_param is None:
                continue
            if t is not None:
                pt = gs.pos(t)
                x, y, level, dist = pt.x, pt.y, pt.level, gs.distance(e, t)
                d = action(p, key, facing=facing_to(gs, e, t), target=t, weapon=i)
            else:
                x, y = point
                level, dist = pe.level, areas.point_distance(gs, e, x, y, pe.level)
                if dist > w.RNG and not unlimited:
                    continue
                facing = round(math.degrees(math.atan2(y - pe.y, x - pe.x)) % 360.0, 4)
                d = action(p, key, facing=facing, **{aim_param: [x, y]}, weapon=i)
            cost = legal_cost(engine, d)
            if cost is None:
                continue
            # TRT-INFINITE-RANGE: turned to face it, an aim beyond the field of view's reach still scatters
            stray = traits.unlimited_range(w) if unlimited and dist > gs.fov_range(e) + 1e-9 else None
            aim = areas.AreaAim(i, w.area, kind, t, x, y, level, dist, pe.x, pe.y, scatter=stray)
            good, bad, p_hit = areas.expected_area_value(gs, aim, e)
            near = sum(1 for o in allies if math.hypot(gs.pos(o).x - x, gs.pos(o).y - y) <= reach + 6.0)
            value = good - 2.0 * bad - 0.5 * (1.0 - p_hit) * near
            if value > 0:
                out.append((value, d, cost))
        return out

    def _best_melee(self, match, p):
        """The best legal melee attack (the engine's options of the offered attacks that do not move, without a
        ranged weapon) on an engaged enemy; a melee area attack (ARE-5) by the area's exact value."""
        gs, engine = match.gs, match.engine
        e = p.actor
        best = None
        engaged = set(gs.engaged_enemies(e))
        capture = holds.rewards_prisoners(gs)      # a 'prisoners' scenario: knock out rather than kill

        def on_engaged(prm):
            i = prm.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            return prm.get("target") in engaged and not (w is not None and w.ranged)

        for opt in options_of(engine, offered(p, is_attack=True, moves=False), on_engaged):
            t = opt.params.get("target")
            i = opt.params.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            if t not in engaged or (w is not None and w.ranged):
                continue
            bonus = 1 if traits.charge_bonus(gs, e, t) else 0
            mode = traits.fire_modes(w).get(opt.params.get("mode")) if w is not None else None
            bonus += mode.dmg_plus if mode is not None else 0           # TRT-LONG-GRIP: DMG +1
            stance = traits.melee_stances(gs, e).get(opt.params.get("stance"))   # TRT-FENCING-MASTER
            bonus += stance.dmg_plus if stance is not None else 0
            utility = getattr(REGISTRY[opt.key], "utility", None)   # CBA-14/16/25/26: no wounds, an opposed check
            if w is not None and w.area is not None:
                # ARE-5: a melee area attack, valued as an area shot (the attacker and its allies it covers count
                # twice against it)
                aim = areas.aim_at_target(gs, e, i, w, t, melee=True)
                good, bad, _ = areas.expected_area_value(gs, aim, e, dmg_bonus=bonus, extra_imp=tuple(
                    stance.imp_mods()) if stance is not None else ())
                value = good - 2.0 * bad - stance_price(gs, e, stance)
                if value <= 0:
                    continue                                    # it would hurt its own side more than the enemy
            elif utility is not None:
                value = utility(gs, e, t, opt.params)
                if capture and getattr(REGISTRY[opt.key], "takes_prisoner", False):
                    value *= self.PRISONER_WEIGHT
            else:
                odds = attack_odds(gs, e, t, weapon_index=i, ranged=False, unarmed=w is None, dmg_bonus=bonus,
                                   extra_imp=stance.imp_mods() if stance is not None else ())
                value = float(odds.harm) + 2.0 * float(odds.p_incapacitate)
                value -= stance_price(gs, e, stance)                # TRT-FRENZY: the DEF it gives up
                if capture:
                    value *= self.KILL_WEIGHT_WHEN_CAPTURING
            if best is None or value > best[0]:
                best = (value, opt.decision(p.side, e))
        return None if best is None else best[1]

    def _best_charge(self, match, p):
        """CBA-12 pays when the follow-up melee attack is affordable after the charge. An enemy the engine refuses
        to be charged whatever the path (`Action.target_refused`: another level, hidden, out of sight) is not
        weighed and no path is planned to it (issue 20)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        melee = self._weapons(gs, e, False)
        energy = gs.energy(e)
        best = None
        charges = _charges(gs, p, e)
        reach = charge_allowance(gs, e)
        for key, t, boost in [(k, t, b) for k in charges for b in boost_choices(gs, e) for t in gs.enemies(e)]:
            dist = gs.distance(e, t)
            far = reach + (boost.k if boost is not None else 0.0)
            if not (2.0 <= dist <= far) or (boost is not None and dist <= reach):   # a boost only where needed
                continue
            if REGISTRY[key].target_refused(gs, e, t):
                continue
            values = [(i, w, self._charge_value(gs, e, t, i, w, boost)) for i, w in melee + [(None, None)]]
            if best is not None and all(v <= best[0] for _, _, v in values):
                continue            # no weapon's attack after it could beat the best charge: no path to plan
            d = cost = None
            facing = facing_to(gs, e, t)
            for path in contact_paths(gs, e, t, far):   # BAS-2: another base may hold one
                if riding.drive_refused(gs, e, path, facing):
                    continue                            # MOV-6: a driver rams straight ahead only
                d = action(p, key, facing=facing, target=t, path=path,
                           **({"boost": boost.rule} if boost is not None else {}))   # TRT-FIRE-IN-THE-VEINS
                cost = legal_cost(engine, d)
                if cost is not None:
                    break
            if cost is None:
                continue
            for i, w, value in values:
                attack_cost = 1 if w is None else w.ENE
                if cost + attack_cost > energy:
                    continue
                if best is None or value > best[0]:
                    best = (value, d)
        return best

    @staticmethod
    def _charge_value(gs, e: int, t: int, i, w, boost) -> float:
        """CBA-12: the value of the melee attack (weapon i, None: unarmed) after a charge on `t`, evaluated as if
        engaged with the charge bonus (+1 IMP, +1 DMG) from where `e` stands (the odds do not depend on the path),
        less the boost's own wounds."""
        odds = attack_odds(gs, e, t, weapon_index=i, ranged=False, unarmed=w is None, dmg_bonus=1,
                           extra_imp=[Modifier("CBA-12", 1, "charge")])
        return float(odds.harm) + 2.0 * float(odds.p_incapacitate) - boost_price(boost)

    def _close_in(self, match, p):
        """An enemy too close to charge (CBA-12 needs 2 K of path) is engaged with a plain move into base
        contact (MVA-1), if a melee attack stays affordable afterwards."""
        gs, engine = match.gs, match.engine
        e = p.actor
        melee_cost = min([w.ENE for _, w in self._weapons(gs, e, False)] + [1])
        if self._weapons(gs, e, False):
            d = leap_in(match, p, melee_cost)                           # TRT-SUPER-JUMP
            if d is not None:
                return d
        for t in sorted(gs.enemies(e), key=lambda o: (gs.distance(e, o), o)):
            if gs.distance(e, t) > gs.mov(e) + 1:
                break
            for key, allowance in path_moves(gs, p)[:2]:                # the two shortest (Mover, Correr)
                for path in contact_paths(gs, e, t, allowance):        # BAS-2: another base may hold one
                    d = action(p, key, facing=facing_to(gs, e, t), path=path)
                    cost = legal_cost(engine, d)
                    if cost is not None and cost + melee_cost <= gs.energy(e):
                        return d
        return None

    def _engage(self, match, p, enemy: int, moves):
        """MVA-1..3: a fighter next to an enemy it cannot charge (no line of sight round a wall, a slow wounded
        MOV 1) gets into base contact with the longest path move that reaches, to fight it next (a sprint, MVA-3,
        leaves no attack this turn, but the enemy is held in melee)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        for key, allowance in reversed(moves):
            for path in contact_paths(gs, e, enemy, allowance):
                d = action(p, key, facing=facing_to(gs, e, enemy), path=path)
                if legal_cost(engine, d) is not None:
                    return d
        return None

    def _reload(self, match, p):
        """An empty ranged weapon reloaded: the engine's option of an offered non-attack action taking a weapon."""
        gs, engine = match.gs, match.engine
        empty = {i for i, w in self._weapons(gs, p.actor, True) if w.magazine is not None and not w.rounds}
        if not empty:
            return None                 # issue 20: no option could be taken, so none is built or validated
        # the first option on an empty weapon: the others are left out before the engine validates them (issue 20)
        for opt in options_of(engine, offered(p, is_attack=False, moves=False, kinds=("weapon",)),
                              lambda prm: prm.get("weapon") in empty):
            if opt.params.get("weapon") in empty:
                return opt.decision(p.side, p.actor)
        return None

    #: SEQ-1: from this many turns before an elimination game's limit, fighters stop trading weak shots
    PUSH_TURNS = 3
    #: a shot worth less than this (expected wounds + 2 × casualty chance) does not hold a fighter back then
    PUSH_SHOT = 1.0

    def _push_on(self, match, e: int, shot_value: float) -> bool:
        """SEQ-1: an elimination game ends in a draw at its turn limit, so in its last turns a fighter (melee
        first, `_fighter`) whose best shot is weak closes in to charge instead of trading long pistol shots (a lone
        orc knight shooting at 20 K for four turns drew games it was winning)."""
        gs = match.gs
        if gs.victory != "elimination" or gs.alarm is not None or shot_value >= self.PUSH_SHOT:
            return False
        return match.engine.flow.turn > gs.turn_limit - self.PUSH_TURNS and self._fighter(gs, e)

    def _fighter(self, gs, e) -> bool:
        """A character that fights in melee first: a melee weapon whose DMG (CMB-4: with CON) beats its best
        ranged weapon's (an orc knight with a war axe and a pistol closes in; a rifleman with a knife shoots)."""
        melee = self._weapons(gs, e, False)
        ranged = self._weapons(gs, e, True)
        if not ranged:
            return True
        if not melee:
            return False
        con = traits.strength(gs, e)                                   # TRT-MULE counts as CON +1
        best_melee = max(melee_damage(w.current_dmg, con, gs.wounds(e)) for _, w in melee)
        return best_melee > max(w.current_dmg for _, w in ranged)

    def _advance(self, match, p):
        """Move towards the nearest enemy: shooters to a spot from which they can shoot, preferring cover, along
        the route around obstacles (A*, not a straight line into a wall), sprinting while no shot is possible
        this turn anyway (MVA-3); fighters sprint or run along the route, stopping 2.1 K short so that the next
        action can be a charge (CBA-12 needs 2 K of path) unless they can reach contact."""
        gs, engine = match.gs, match.engine
        e = p.actor
        enemy = threat(gs, e) or open_enemy(gs, e) or nearest_enemy(gs, e)   # BLD-22: who nears the zone
        if enemy is None:
            return None
        ranged = self._weapons(gs, e, True)
        pe, pt = gs.pos(e), gs.pos(enemy)
        d = self._cross_water(match, p, enemy)                          # MVA-11 / MVA-12 when the route needs it
        if d is not None:
            return d
        posture = gs.world.get(e, Posture).state
        fighter = not ranged or self._fighter(gs, e)
        # MVA-6 Levantarse before a move: prone it cannot go far; crouched, every K costs as difficult terrain
        # (MVA-4) — worth 1 ENE when closing in (a fighter, or a shooter out of range)
        if posture == "prone" or (posture == "crouched" and gs.energy(e) >= 3 and (
                fighter or gs.distance(e, enemy) > max(w.RNG for _, w in ranged))):
            stand = by_rule(p, "MVA-6")                                 # Levantarse
            d = action(p, stand) if stand is not None else None
            if d is not None and legal_cost(engine, d) is not None:
                return d
            if posture == "prone":
                return None
        if not fighter:
            rng = max(w.RNG for _, w in ranged)
            d = self._climb_for_shot(match, p, rng)                     # MVA-10 / MVA-13
            if d is not None:
                return d
            moves = path_moves(gs, p)
            if not moves:
                return None
            key, allowance = moves[0]                                  # the shortest (Mover)
            tries: list[tuple[str, tuple[float, float], float, bool]] = []    # (key, goal, allowance, plan)
            dist = math.hypot(pt.x - pe.x, pt.y - pe.y) or 1.0
            ux, uy = (pt.x - pe.x) / dist, (pt.y - pe.y) / dist
            for ang in (35, -35, 70, -70):
                a = math.radians(ang)
                gx = pe.x + allowance * (ux * math.cos(a) - uy * math.sin(a))
                gy = pe.y + allowance * (ux * math.sin(a) + uy * math.cos(a))
                tries.append((key, (gx, gy), allowance, False))
            goal = (free_contact_points(gs, e, enemy) or [contact_point(gs, e, enemy)])[0]   # BAS-2: a body there
            route = [(key, goal, allowance, True)]                      # along the route to the enemy (A*)
            sprint = moves[-1] if len(moves) > 2 else None              # Esprintar: MVA-3, no attack this turn
            # sprint when two Mover would still leave it out of range: it could not shoot this turn anyway
            if sprint is not None and not gs.activation(e).sprinted and gs.distance(e, enemy) > rng + 2 * allowance:
                route.insert(0, (sprint[0], goal, sprint[1], True))
            # BAS-3: from the end of any path of `allow` K the edge distance to the enemy is at least the flat gap
            # |pe − pt| − allow − r1 − r2 (rounding slack 1e-3): past RNG, no spot it reaches has a shot
            gap = None if gs.board.grid else \
                math.hypot(pt.x - pe.x, pt.y - pe.y) - gs.body(e).radius - gs.body(enemy).radius - 1e-3
            best = None
            closing = None
            for n, (k, to, allow, planned) in enumerate(tries + route):
                if (n < len(tries) or closing is not None) and gap is not None and gap - allow > rng:
                    continue            # no shot from any end (`_spot_score`), nor the route's first legal spot
                path = path_towards(gs, e, to, allow, plan=planned)
                if not path:
                    continue
                if (n < len(tries) or closing is not None) and \
                        not at_spot(gs, e, path[-1], lambda: gs.distance(e, enemy) <= rng):
                    continue            # no shot from there (`_spot_score`), nor the route's first legal spot
                d = action(p, k, path=path)
                if legal_cost(engine, d) is None:
                    continue
                score, shoots = self._spot_score(gs, e, enemy, path[-1], rng)
                if shoots and (best is None or score > best[0]):
                    best = (score, d)
                if n >= len(tries) and closing is None:
                    closing = d
            # a spot with a shot (the best: cover, then the shortest move); else close in along the route
            return best[1] if best is not None else closing
        # fighters: sprint while far (MVA-3: no attack this turn anyway), then run towards the enemy, ending
        # 2.1 K away: far enough for a charge next (CBA-12: 2 K of path), clear of MOV-14's 1 K
        moves = path_moves(gs, p)
        longest = moves[-1] if len(moves) > 2 else None               # Esprintar (MVA-3), if offered
        far = longest is not None and gs.distance(e, enemy) > charge_allowance(gs, e) + longest[1]
        ranked = ([longest] if far and not gs.activation(e).sprinted else []) + \
            [m for m in reversed(moves) if m is not longest]
        for key, allowance in ranked:
            goal_gap = 2.1
            dist = math.hypot(pt.x - pe.x, pt.y - pe.y)
            r = gs.body(e).radius + gs.body(enemy).radius + goal_gap
            if dist <= r:                           # too close to charge (or no charge: a wall, a body in the way)
                return self._close_in(match, p) or self._engage(match, p, enemy, moves)
            gx = pt.x + (pe.x - pt.x) / dist * r
            gy = pt.y + (pe.y - pt.y) / dist * r
            # the stand-off spot, else (it may be inside a house, MOV-9) along the route to the enemy's base
            direct = None
            for goal in [(gx, gy)] + free_contact_points(gs, e, enemy):
                path = path_towards(gs, e, goal, allowance)
                if path:
                    d = action(p, key, path=path)
                    if legal_cost(engine, d) is not None:
                        direct = (path, d)
                        break
            if direct is None:
                continue
            return self._covered_approach(match, p, key, allowance, enemy, direct)
        return None

    def _pull_back(self, match, p):
        """A shooter one wound from going down (WND-2: wounds = CON − 1) with no shot, standing where enemy guns
        see it, pulls back with Mover (MVA-1) to the least exposed spot of a few away from the nearest enemy
        (straight back, ±45°, ±90°), if one is less exposed (`_exposure`)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        enemy = nearest_enemy(gs, e)
        if enemy is None or gs.wounds(e) < gs.attrs(e).CON - 1 or self._fighter(gs, e) or gs.engaged(e):
            return None
        pe = gs.pos(e)
        here = self._exposure(gs, e, (pe.x, pe.y))
        moves = path_moves(gs, p)
        if here == 0.0 or not moves:
            return None
        key, allowance = moves[0]
        pt = gs.pos(enemy)
        away = math.atan2(pe.y - pt.y, pe.x - pt.x)
        best = None
        for deg in (0, 45, -45, 90, -90):
            path = straight_path(gs, e, away + math.radians(deg), allowance)
            if not path:
                continue
            v = self._exposure(gs, e, path[-1])
            if v < here and (best is None or v < best[0]):
                d = action(p, key, path=path)
                if legal_cost(engine, d) is not None:
                    best = (v, d)
        return None if best is None else best[1]

    def _heal(self, match, p):
        """GNA-5: a wounded character (itself, or a wounded ally in base contact) is healed when no enemy gun sees
        the healer (`_exposure` 0) and the CH INT passes at least 6 times in 10 (a failure adds a wound, a fumble
        three), never one that a fumble's three wounds would incapacitate or leave one wound short of it (WND-2:
        wounds + 4 reaching its CON, where its own next fumbled shot would put it down; the blunders CON 3
        telekinetics, then CON 5 ones, made against random play on the scrapyard)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        key = by_rule(p, "GNA-5")
        pe = gs.pos(e)
        if key is None or gs.engaged(e) or float(p_pass(gs.attrs(e).INT)) < 0.6:
            return None
        hurt = [t for t in [e] + gs.allies(e) if gs.wounds(t) > 0 and (t == e or gs.in_contact(e, t))
                and gs.wounds(t) + 4 < gs.attrs(t).CON]            # a fumble's 3 wounds would not (nearly) put it down
        if not hurt or self._exposure(gs, e, (pe.x, pe.y)) > 0.0:
            return None
        for t in sorted(hurt, key=lambda t: (-gs.wounds(t), t)):
            d = action(p, key) if t == e else action(p, key, target=t)
            if legal_cost(engine, d) is not None:
                return d
        return None

    def _exposure(self, gs, e, spot, enough=None) -> float:
        """How exposed `e` would stand at `spot`: for each able enemy with a ranged weapon in range of it, the
        fraction of `e` it would see (ENV-2: 1 − hidden fraction, 0 without LOS). `enough` (a predicate on the
        running sum; issue 20): the sum so far is returned as soon as it says True — every term is ≥ 0, so a caller
        that only needs to know whether the exposure reaches a bound gets its answer without the other enemies'
        lines of sight (`_covered_approach`)."""
        old = gs.pos(e)
        version = gs.world.version
        gs.world.set(e, replace(old, x=spot[0], y=spot[1]))
        try:
            out = 0.0
            for o in gs.enemies(e):
                reach = max((w.RNG for _, w in self._weapons(gs, o, True)), default=0)
                if reach <= 0 or gs.distance(o, e) > reach:
                    continue
                c = gs.cover(o, [e])[0]
                if c.has_los:
                    out += 1.0 - c.hidden_fraction
                    if enough is not None and enough(out):
                        return out
            return out
        finally:
            gs.world.set(e, old)
            gs.world.revert_version(version)          # the trial position is undone exactly

    #: a detour must bring the fighter at least this share of its move closer to the target
    MIN_DETOUR = 0.3

    def _covered_approach(self, match, p, key, allowance, enemy, direct):
        """A fighter crossing a shooters' field: the direct approach, or a detour of the same move (±35°, ±70°
        towards the target) that ends less exposed to the enemy's guns (`_exposure`) for what it gives up in
        ground: score = K gained towards the target − 1.5 × exposure. A fighter with no shooter facing it takes
        the direct approach; a detour gaining less than MIN_DETOUR of the move is not one (four runs back and
        forth between two spots of cover spent a whole activation 0.3 K from where it began)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        pe, pt = gs.pos(e), gs.pos(enemy)
        here = math.hypot(pt.x - pe.x, pt.y - pe.y)
        path, d = direct
        exposed = self._exposure(gs, e, path[-1])
        if exposed == 0.0:
            return d
        # score = K gained − 1.5 × exposure; the direct spot's exposure is the one just asked (issue 20: not twice)
        best = (here - math.hypot(pt.x - path[-1][0], pt.y - path[-1][1]) - 1.5 * exposed, d)
        ux, uy = (pt.x - pe.x) / (here or 1.0), (pt.y - pe.y) / (here or 1.0)
        for ang in (35, -35, 70, -70):
            a = math.radians(ang)
            gx = pe.x + allowance * (ux * math.cos(a) - uy * math.sin(a))
            gy = pe.y + allowance * (ux * math.sin(a) + uy * math.cos(a))
            path = path_towards(gs, e, (gx, gy), allowance, plan=False)
            gain = here - math.hypot(pt.x - path[-1][0], pt.y - path[-1][1]) if path else 0.0
            if not path or gain < self.MIN_DETOUR * allowance:
                continue                            # a detour that barely gains ground is a shuffle in place
            if gain <= best[0]:
                continue                            # its score is at most its gain (exposure ≥ 0): no better

            def beaten(x, gain=gain, bar=best[0]):
                # the exposure summed so far already brings the score to the best or below: each further term is
                # ≥ 0 and float sums, products and differences are monotone, so the full score cannot beat it
                return gain - 1.5 * x <= bar
            v = gain - 1.5 * self._exposure(gs, e, path[-1], beaten)
            if v > best[0]:
                c = action(p, key, path=path)
                if legal_cost(engine, c) is not None:
                    best = (v, c)
        return best[1]

    def _spot_score(self, gs, e, enemy, spot, rng) -> tuple[float, bool]:
        """How good a spot is for a shooter, and whether it has a shot at `enemy` from there (within range and
        sight): the shot first, then cover from that enemy, then the shortest move. `_advance` reads the score of a
        spot with a shot only, so without one the cover from the enemy is not asked (issue 20)."""
        old = gs.pos(e)

        def ask():
            if gs.distance(e, enemy) > rng or not gs.cover(e, [enemy])[0].has_los:
                return False, 0.0
            return True, gs.cover(enemy, [e])[0].hidden_fraction
        shoots, hidden = at_spot(gs, e, spot, ask)
        return (2.0 if shoots else 0.0) + hidden - 0.01 * math.hypot(spot[0] - old.x, spot[1] - old.y), shoots

    def _flee(self, match, p):
        """PSI-12: Correr away from the nearest enemy, towards allies, cover or the deployment zone."""
        gs, engine = match.gs, match.engine
        e = p.actor
        if gs.engaged(e):
            pe = gs.pos(e)
            disengage = by_rule(p, "CBA-15")                          # Destrabarse
            for ang in range(0, 360, 45):
                goal = (pe.x + 2 * math.cos(math.radians(ang)), pe.y + 2 * math.sin(math.radians(ang)))
                path = path_towards(gs, e, goal, 2.0)
                if path and disengage is not None:
                    d = action(p, disengage, path=path)
                    if legal_cost(engine, d) is not None:
                        return d
            return self._farthest(match, p, disengage)
        goals = []
        zone = gs.deployment.get(gs.side(e))
        if zone is not None:
            goals.append((zone.centroid.x, zone.centroid.y))
        for a in gs.allies(e):
            goals.append((gs.pos(a).x, gs.pos(a).y))
        run = by_rule(p, "MVA-2")                                       # PSI-12: Correr
        for goal in goals:
            path = path_towards(gs, e, goal, gs.mov(e) + 1)
            if path and run is not None:
                d = action(p, run, path=path)
                if legal_cost(engine, d) is not None:
                    return d
        return self._farthest(match, p, run)

    def _farthest(self, match, p, key):
        """The engine's legal option of `key` (a path action) that ends farthest from the nearest enemy."""
        gs = match.gs
        e = p.actor
        enemy = nearest_enemy(gs, e)
        if key is None or enemy is None:
            return None
        pt = gs.pos(enemy)
        best = None
        for opt in match.engine.legal_options(key):
            end = (opt.params.get("path") or [[gs.pos(e).x, gs.pos(e).y]])[-1]
            d = math.hypot(end[0] - pt.x, end[1] - pt.y)
            if best is None or d > best[0]:
                best = (d, opt.decision(p.side, e))
        return None if best is None else best[1]

    def _followup(self, match, p):
        """CMB-15: after a casualty, a fighter with the ENE for a melee attack takes the free follow-up into contact
        with an enemy within 1 K that is not engaged (the engine's 'engage' options, the weakest enemy first: fewest
        wounds left); anyone else lets it lapse (staying put is always allowed)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        key = by_rule(p, "CMB-15")
        melee = self._weapons(gs, e, False)
        if key is None or not self._fighter(gs, e) or gs.energy(e) < min([w.ENE for _, w in melee] + [1]):
            return None
        best = None
        for opt in engine.legal_options(key, lambda prm: prm.get("mode") == "engage"):
            t = opt.params.get("target")
            if not isinstance(t, int):
                continue
            left = gs.attrs(t).CON - gs.wounds(t)
            if best is None or (left, t) < best[0]:
                best = ((left, t), opt.decision(p.side, e))
        return None if best is None else best[1]

    # --- reactions (REA-1..5) -----------------------------------------------------------------
    @staticmethod
    def _spare_energy(gs, e) -> int:
        """ENE that the next gain would cap anyway (ENE-3: min(10, ENE + CON + AGI − wounds)): spending it now
        costs nothing later."""
        return max(0, gs.energy(e) + energy_gain(gs, e) - 10)

    def _react(self, match, p: Pending) -> Decision:
        """REA-3: answer an attack or a charge against itself — shoot first if that may well stop the attacker,
        else duck from a shot (crouch, then shoot back after it in bullet time, REA-5), dodge a melee attack,
        counter-charge, flee when panicked; take a good shot at an enemy in view only with energy the next gain
        would cap anyway (and 2 more); turn to face an unseen attacker (Pivotar); otherwise keep the energy."""
        if p.window == DUEL_WINDOW:
            return self._quick_draw(match, p)                           # CBA-22
        if p.window == MENTAL_WINDOW:
            return mental_react(match, p)                               # CBA-19 (ai/scripted_mental.py)
        if p.window == BODYGUARD_WINDOW:
            return take_hit(match, p)                                   # TRT-BODYGUARD (scripted_combat_feats2)
        d = fortune_answer(match, p) or aim_answer(match, p)   # TRT-FORTUNE, TRT-AIM-CORRECTOR (scripted_fortune/_aim)
        if d is not None:
            return d
        # CBA-20 (ai/scripted_meta.py); TRT-MACHINA-MORS; TRT-VETERAN-CRY
        d = meta_react(match, p) or machina_shot(match, p) or extra_attack(match, p)
        if d is not None:
            return d
        gs, engine = match.gs, match.engine
        e, a = p.actor, p.against
        acting = REGISTRY.get(p.against_action or "")
        threat = p.against_target == e and acting is not None and acting.is_attack
        # what the acting action is, from its metadata: a melee attack needs base contact, a ranged one cannot
        # be made in it; a charge is an attack that moves; a move is a non-attack that moves
        melee = threat and not acting.moves and a is not None and gs.in_contact(e, a)
        ranged = threat and not acting.moves and not melee
        charged = threat and acting.moves
        moving = acting is not None and acting.moves and not acting.is_attack
        shots = offered(p, is_attack=True, moves=False, kinds=("weapon",))
        flee = next(iter(offered(p, reaction_only=True, moves=True, kinds=("path",))), None)
        spare = self._spare_energy(gs, e)
        # energy it may go down to: deep for a threat to itself; otherwise a little below 0 (a shot now is worth
        # a shot in its next activation, and damage done earlier stops enemy actions)
        floor = -5 if threat else -2

        def affordable(d):
            cost = legal_reaction_cost(engine, d)
            return d if cost is not None and gs.energy(e) - cost >= floor else None

        if gs.psyche(e).panic:
            if threat and flee is not None:
                return self._flee_reaction(match, p, a, flee) or reaction(p, None)
            return reaction(p, None)
        if a is None or not gs.able(a):
            return reaction(p, None)
        early = p.window == "declaration"
        if early and threat:
            dodge = by_rule(p, "CBA-17")                                # Esquivar en CaC
            if melee and dodge is not None and gs.attrs(e).AGI >= 4:
                d = affordable(reaction(p, dodge))
                if d is not None:
                    return d
            scored: dict = {}                   # the scored shots, asked twice below
            killer = self._reaction_shot(match, p, a, True, floor, min_value=0.25, min_kill=0.3, memo=scored) \
                if shots else None
            if killer is not None:
                return killer
            if ranged and gs.distance(e, a) > 3.0:
                # MVA-4 / MVA-5: duck: a ranged CH IMP from beyond 3 K takes −1 (crouched) or −2 (prone)
                posture = gs.world.get(e, Posture).state
                key = by_rule(p, "MVA-4") if posture == "standing" else (
                    by_rule(p, "MVA-5") if posture == "crouched" and not self._weapons(gs, e, False) else None)
                if key is not None:
                    d = affordable(reaction(p, key))
                    if d is not None:
                        return d
            if shots:
                shot = self._reaction_shot(match, p, a, True, floor, min_value=0.25, memo=scored)
                if shot is not None:
                    return shot
            counter = by_rule(p, "CBA-13")                              # Contracarga
            if charged and counter is not None and gs.total_def(e) > 0:
                d = affordable(reaction(p, counter))
                if d is not None:
                    return d
            return reaction(p, None)
        if early:
            if moving and shots:
                d = self._early_shot_at_mover(match, p, a, floor)
                if d is not None:
                    return d
            return reaction(p, None)
        if shots:
            shot = self._reaction_shot(match, p, a, False, floor, min_value=0.25 if threat else 0.4)
            if shot is not None:
                return shot
        if shots and gs.in_contact(e, a):
            d = self._reaction_melee(match, p, a, floor)
            if d is not None:
                return d
        charge = next(iter(_charges(gs, p, e)), None)
        if charge is not None and not gs.engaged(e) and self._weapons(gs, e, False) \
                and 2.0 <= gs.distance(e, a) <= charge_allowance(gs, e):
            # CBA-12: a fighter charges an enemy that acted within reach (the charge bonus waits for its attack)
            path = path_towards(gs, e, contact_point(gs, e, a), charge_allowance(gs, e), plan=False)
            if path:
                d = affordable(reaction(p, charge, target=a, path=path))
                if d is not None:
                    return d
        pivot = by_rule(p, "MVA-19")                                    # Pivotar
        if pivot is not None and not gs.in_fov(e, a) and (threat or spare >= 1):
            name = next(q.name for q in REGISTRY[pivot].params if q.kind == "facing" and not q.optional)
            d = reaction(p, pivot, **{name: facing_to(gs, e, a)})
            if legal_reaction_cost(engine, d) is not None and (threat or gs.energy(e) - 1 >= floor):
                return d
        return reaction(p, None)

    def _quick_draw(self, match, p: Pending) -> Decision:
        """CBA-22: in a duel's window the acting character declares Desenfundar when its exact odds of winning the
        CH AGI ENF are above 1/2 (rules.duels.quick_draw_odds); otherwise it passes and the reactor's attack resolves
        first (REA-4). The reactor always passes: undeclared, its attack already resolves first, so a draw could
        only lose it that (a loss puts it second, no winner makes the two attacks simultaneous)."""
        key = by_rule(p, "CBA-22")
        if key is None or p.against is None or match.engine.flow.active != p.actor:
            return reaction(p, None)
        d = reaction(p, key)
        if quick_draw_odds(match.gs, p.actor, p.against) > 0.5 and legal_reaction_cost(match.engine, d) is not None:
            return d
        return reaction(p, None)

    def _reaction_shot(self, match, p, a, early: bool, floor: int, min_value: float, min_kill: float = 0.0,
                       memo: dict | None = None):
        """The best legal shot at the acting enemy (the engine's options with a ranged weapon) whose expected value
        (wounds, plus incapacitation) is worth it and whose chance to put it out of action is at least `min_kill`
        (REA-4: an early shot takes CH IMP −1). `memo`: see `_reaction_shots`."""
        best = None
        for value, p_inc, opt in self._reaction_shots(match, p, a, early, floor, memo):
            if value >= min_value and p_inc >= min_kill and (best is None or value > best[0]):
                best = (value, opt.decision(p.side, p.actor))
        return None if best is None else best[1]

    def _reaction_shots(self, match, p, a, early: bool, floor: int, memo: dict | None = None) -> list:
        """(value, P(incapacitate), option) of each legal shot at `a` with a ranged weapon that the energy floor
        allows, in the engine's order (REA-4: an early shot takes CH IMP −1). A pure function of the state: `memo`
        (one reaction decision's dict; the controller itself keeps no state) keeps it for the world version it was
        computed at, since `_react` asks twice (a shot that may stop the attacker, then any good shot) and the
        engine's validation is most of its cost (issue 20)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        key = (gs.world.version, e, a, early, floor)
        if memo is not None and key in memo:
            return memo[key]

        def on_a(prm):                  # only shots at `a` with a ranged weapon are kept below: skip the rest
            i = prm.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            return prm.get("target") == a and w is not None and bool(w.ranged)

        out = []
        keys = offered(p, is_attack=True, moves=False, kinds=("weapon",))
        ranged = [(i, w) for i, w in enumerate(gs.equipment(e).weapons) if w.ranged]
        if not self._may_afford(gs, e, a, keys, ranged, floor):
            keys = []                   # every shot would take its ENE below the floor: none is validated
        for opt in options_of(engine, keys, on_a, a):
            i = opt.params.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            if opt.params.get("target") != a or w is None or not w.ranged or gs.energy(e) - opt.cost < floor:
                continue
            c = gs.cover(e, [a])[0]
            extra = [Modifier("REA-4", -1, "early")] if early else []
            extra += REGISTRY[opt.key].attack_modifiers(gs, e, opt.params)   # e.g. CBA-2/3/4's −1s
            odds = attack_odds(gs, e, a, weapon_index=i, ranged=True, cover=Cover(c.blocked, c.main_piece_def),
                               extra_imp=extra)
            out.append((float(odds.harm) + 2.0 * float(odds.p_incapacitate), float(odds.p_incapacitate),
                        opt))
        if memo is not None:
            memo[key] = out
        return out

    @staticmethod
    def _may_afford(gs, e, a, keys, weapons, floor: int) -> bool:
        """Whether an attack among `keys` with one of `weapons` ((index, weapon) pairs) at `a` may leave `e` at
        least `floor` ENE, by the least price the engine gives each (rules.energy.least_weapon_price: a lower bound,
        so False is sure; an attack without one counts as affordable). Issue 20: most reaction windows find the
        reactor spent, and its shots are then not worth validating or pricing one by one."""
        have = gs.energy(e)
        for k in keys:
            action = REGISTRY.get(k)
            for i, _ in weapons:
                least = least_weapon_price(gs, e, action, i, a) if action is not None else None
                if least is None or have - least >= floor:
                    return True
        return False

    def _early_shot_at_mover(self, match, p, a, floor: int):
        """REA-4: an enemy declares a move across its view: shoot it early at the most exposed point of its
        declared path (`at`), when that beats waiting for the after-action window at its end point by enough to
        pay the early −1 (a move into cover is best shot on the way). A reactor that cannot pay for any such shot
        above the floor (`_may_afford`, priced where the mover stands now: a shot's price is taken to be the same
        along the path) tries no position."""
        gs, engine = match.gs, match.engine
        e = p.actor
        w = engine.flow.window
        if w is None or not isinstance(w.params.get("path"), list) or not w.start:
            return None
        pts = [(w.start[0], w.start[1])] + [tuple(q) for q in w.params["path"]]
        total = sum(math.hypot(b[0] - q[0], b[1] - q[1]) for q, b in zip(pts, pts[1:]))
        if total <= 0.5:
            return None
        old = gs.pos(a)
        version = gs.world.version
        best = None
        end_value = None
        keys = offered(p, is_attack=True, moves=False, kinds=("weapon", "point"))     # the ranged attacks
        weapons = self._weapons(gs, e, True)
        if not keys or not weapons:
            return None
        if not self._may_afford(gs, e, a, keys, weapons, floor):
            return None                 # no trial position gives a shot it would pay for (issue 20)
        pe, ra, re = gs.pos(e), gs.body(a).radius, gs.body(e).radius
        reach = max((w.RNG for _, w in weapons), default=-1.0)
        try:
            for s in (0.0, total / 3, 2 * total / 3, total):
                x, y, heading = point_along(pts, s)
                # no weapon can shoot it there when it is behind the shooter (ENV-1's half-plane) or beyond every
                # RNG even on the flat (the BAS-3 distance is never shorter): `_early_values` would say None for
                # each, so the trial position is not even set (off the grid variant, whose metric differs)
                if not gs.board.grid and (
                        not sight.in_fov(pe.x, pe.y, pe.facing, x, y, ra, math.inf)
                        or math.hypot(x - pe.x, y - pe.y) - ra - re > reach + 1e-9):
                    continue
                gs.world.set(a, replace(old, x=x, y=y, facing=old.facing if heading is None else heading))
                values: dict[int, tuple[float, float] | None] = {}      # per weapon: the same for every key
                for key, i, wpn in [(k, i, w) for k in keys for i, w in weapons]:
                    if i not in values:
                        values[i] = self._early_values(gs, e, a, i, wpn, late=s == total)
                    got = values[i]
                    if got is None:
                        continue
                    value, lv = got
                    if s == total:
                        end_value = lv if end_value is None else max(end_value, lv)
                    if best is None or value > best[0]:
                        best = (value, s, i, key)
        finally:
            gs.world.set(a, old)
            gs.world.revert_version(version)          # the trial positions are undone exactly
        if best is None or best[0] < 0.4 or (end_value is not None and best[0] < 1.25 * end_value):
            return None
        d = reaction(p, best[3], target=a, weapon=best[2], at=round(best[1], 4))
        cost = legal_reaction_cost(engine, d)
        if cost is None or gs.energy(e) - cost < floor:
            return None
        return d

    @staticmethod
    def _early_values(gs, e, a, i, wpn, late: bool = True) -> tuple[float, float] | None:
        """(value of an early shot, value of a shot after the move) with weapon i at the mover where it stands
        now, or None when the weapon cannot shoot it there (area, empty, out of range or view, no LOS); the
        second is only computed when `late` (it is read at the end of the path only: 0.0 otherwise)."""
        if wpn.area is not None or (wpn.magazine is not None and not wpn.rounds):
            return None
        if gs.distance(e, a) > wpn.RNG or not gs.in_fov(e, a):
            return None
        c = gs.cover(e, [a])[0]
        if not c.has_los:
            return None
        odds = attack_odds(gs, e, a, weapon_index=i, ranged=True, cover=Cover(c.blocked, c.main_piece_def),
                           extra_imp=[Modifier("REA-4", -1, "early")])
        if not late:
            return float(odds.harm) + 2.0 * float(odds.p_incapacitate), 0.0
        after = attack_odds(gs, e, a, weapon_index=i, ranged=True, cover=Cover(c.blocked, c.main_piece_def))
        return (float(odds.harm) + 2.0 * float(odds.p_incapacitate),
                float(after.harm) + 2.0 * float(after.p_incapacitate))

    def _reaction_melee(self, match, p, a, floor: int):
        """The engine's first legal melee attack with a weapon on the acting enemy that the energy floor allows."""
        gs, engine = match.gs, match.engine
        e = p.actor
        on_a = (lambda prm: prm.get("target") == a)
        for opt in options_of(engine, offered(p, is_attack=True, moves=False, kinds=("weapon",)), on_a, a):
            i = opt.params.get("weapon")
            w = gs.weapon(e, i) if isinstance(i, int) else None
            if opt.params.get("target") == a and w is not None and not w.ranged and gs.energy(e) - opt.cost >= floor:
                return opt.decision(p.side, e)
        return None

    def _flee_reaction(self, match, p, a, key):
        """CBA-24 for a panicking character (PSI-12, REA-1): 3 K away from the attacker."""
        gs = match.gs
        for off in (0, 45, -45, 90, -90):
            path = flee_path(gs, p.actor, a, off)
            if path:
                d = reaction(p, key, path=path)
                if legal_reaction_cost(match.engine, d) is not None:
                    return d
        return None

    # --- terrain, hiding, captives and hand grenades (issue 13: MVA-10..13, GNA-6, GNA-9, CBA-6) ----------------
    # Small hooks in `_act` / `_advance` call these; each returns a decision or None (the old tactics go on).
    def _untie(self, match, p):
        """GNA-6: a tied character frees itself (Desatarse) while the engine accepts it; otherwise it ends."""
        key = by_rule(p, "GNA-6")
        d = action(p, key) if key is not None else None
        if d is not None and legal_cost(match.engine, d) is not None:
            return d
        return action(p, end_key(p))

    def _discover(self, match, p):
        """GNA-9 ruling (2): before choosing an attack, the free CH INT ENF against a hidden enemy within reach of
        its weapons (ranged RNG, or a charge for a fighter); the engine allows one try per enemy per activation."""
        gs, engine = match.gs, match.engine
        e = p.actor
        key = by_rule(p, "GNA-9", free=True)
        if key is None:
            return None
        ranged = self._weapons(gs, e, True)
        reach = max([w.RNG for _, w in ranged] + [gs.mov(e) + 3.0])

        def in_reach(prm):              # issue 20: a target out of reach is left out before the engine validates it
            t = prm.get("target")
            return isinstance(t, int) and gs.distance(e, t) <= reach

        for opt in engine.legal_options(key, in_reach):
            t = opt.params.get("target")
            if isinstance(t, int) and gs.distance(e, t) <= reach:
                return opt.decision(p.side, e)
        return None

    def _hide(self, match, p, shot, *, last: bool):
        """GNA-9: with no shot this activation, a character that stands more than 50 % covered from every enemy that
        sees it (the engine judges it) hides with the ENE it has left: as its last action (`last`), or once it is
        down to 3 ENE (a move more would leave it in the open with nothing to spend). It ends the activation right
        after hiding (any action would reveal it)."""
        gs = match.gs
        e = p.actor
        prev = REGISTRY.get(previous_action(gs, e) or "")
        if prev is not None and prev.rule == "GNA-9" and not prev.free:
            return action(p, end_key(p))                     # just hid: stay hidden (GNA-9 ruling 4)
        key = by_rule(p, "GNA-9", free=False)
        if key is None:
            return None
        if shot is not None or gs.engaged(e) or not gs.enemies(e) or hiding.hidden(gs, e):
            return None
        if not last and gs.energy(e) > 3:
            return None
        d = action(p, key)
        return d if legal_cost(match.engine, d) is not None else None

    def _best_throw(self, match, p, shot):
        """CBA-6: a hand grenade — an area weapon thrown at an enemy within MOV + CON K (the engine's options of the
        offered throw) — when it beats the best shot per ENE. A thrown area weapon is used up, so one that can still
        be fired is thrown only in the last turn (it has no later use); an empty one any time. Value as an area
        shot: expected wounds and casualties on enemies minus twice those on allies (ARE-5)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        key = by_rule(p, "CBA-6")
        if key is None:
            return None
        last_turn = is_last_turn(match)                 # ALM-40: an alarm's end moves in play
        if not any(w.area is not None and (last_turn or (w.magazine is not None and not w.rounds))
                   for w in gs.equipment(e).weapons):
            return None                 # issue 20: no weapon `grenade` accepts: no candidate is built

        def grenade(prm):
            ref = prm.get("item")
            if not isinstance(ref, str) or not ref.startswith("weapon:"):
                return False
            w = gs.weapon(e, int(ref.split(":")[1]))
            return w is not None and w.area is not None and (last_turn or (w.magazine is not None and not w.rounds))

        best = None
        for opt in engine.legal_options(key, grenade):
            i, t = int(opt.params["item"].split(":")[1]), opt.params["target"]
            aim = areas.aim_at_target(gs, e, i, gs.weapon(e, i), t)
            good, bad, _ = areas.expected_area_value(gs, aim, e)
            value = good - 2.0 * bad
            if value > 0.25 and (best is None or value > best[0]):
                best = (value, opt)
        if best is None:
            return None
        value, opt = best
        if shot is not None and value / max(1, opt.cost) <= shot[0] / max(1, shot[2]):
            return None
        return opt.decision(p.side, e)

    def _climb_for_shot(self, match, p, rng: float):
        """MVA-10 / MVA-13: a shooter with no shot climbs a climbable piece near it (its base at most 2 K from the
        face) when the top gives it a shot: a 3 K roof (level 2, a perch: over the walls, out of melee) or a wall
        top (its eyes raised by the wall's height). In base contact it jumps up (Subir a un alto) when its pass
        reaches the top, else climbs (Escalar); part-way up it climbs on; farther off it walks to the foot."""
        gs, engine = match.gs, match.engine
        e = p.actor
        climb, jump = by_rule(p, "MVA-10"), by_rule(p, "MVA-13")
        clinging = gs.world.try_get(e, Climbing)
        if clinging is not None:
            if climb is not None and clinging.height < gs.board.piece(clinging.piece).height - 1e-9:
                d = action(p, climb, piece=clinging.piece)
                return d if legal_cost(engine, d) is not None else None
            return None
        if gs.pos(e).level != 1 or gs.engaged(e) or not gs.board.climbable():
            return None
        pe = gs.pos(e)
        r = gs.body(e).radius
        best = None
        for piece in gs.board.climbable():
            if not needs_climbing(gs, e, piece):
                continue
            gap = piece.polygon.distance(Point(pe.x, pe.y)) - r
            if gap > 2.0 + 1e-9:
                continue
            foot = self._foot(piece, pe, r) if gap > FOOT_GAP + 1e-6 else (pe.x, pe.y)
            seen = self._view_from_top(gs, e, piece, foot, rng)
            if seen <= 0:
                continue
            score = seen - 0.1 * gap - 0.1 * piece.height
            if best is None or score > best[0]:
                best = (score, piece, foot)
        if best is None:
            return None
        _, piece, foot = best
        if piece in climbable_in_contact(gs, e):
            reach, _ = jump_up_reach(gs, e)
            for key in ([jump] if piece.height <= reach + 1e-9 else []) + [climb]:
                if key is not None:
                    d = action(p, key, piece=piece.id)
                    if legal_cost(engine, d) is not None:
                        return d
            return None
        moves = path_moves(gs, p)
        if not moves:
            return None
        key, allowance = moves[0]
        path = path_towards(gs, e, foot, allowance)
        if path:
            d = action(p, key, path=path)
            if legal_cost(engine, d) is not None:
                return d
        return None

    @staticmethod
    def _foot(piece, pe, r: float) -> tuple[float, float]:
        """The spot at the foot of `piece` nearest to (pe.x, pe.y) where a base of radius r touches its face."""
        here = Point(pe.x, pe.y)
        q = piece.polygon.exterior.interpolate(piece.polygon.exterior.project(here))
        dx, dy = pe.x - q.x, pe.y - q.y
        d = math.hypot(dx, dy) or 1.0
        gap = r + FOOT_GAP / 2
        return (round(q.x + dx / d * gap, 4), round(q.y + dy / d * gap, 4))

    def _view_from_top(self, gs, e, piece, foot, rng: float) -> int:
        """How many enemies within `rng` the mini would see (LOS, not wholly covered) from the top of `piece`: a 3 K
        top that holds its base puts it at level 2 on the nearest spot of the roof; any other top raises its eyes
        by the piece's height where it stands (MVA-10, `reach_top`). A trial position, undone exactly."""
        old = gs.pos(e)
        r = gs.body(e).radius
        version = gs.world.version
        inner = piece.polygon.buffer(-(r + 1e-6))
        roof = abs(piece.height - LEVEL_2_HEIGHT) <= 1e-9 and not inner.is_empty
        try:
            if roof:
                q = inner.exterior.interpolate(inner.exterior.project(Point(*foot)))
                gs.world.set(e, replace(old, x=q.x, y=q.y, level=2))
            else:
                gs.world.set(e, replace(old, x=foot[0], y=foot[1]))
                gs.world.set(e, Climbing(piece.id, float(piece.height)))
            seen = 0
            for t in gs.enemies(e):
                if gs.distance(e, t) > rng:
                    continue
                c = gs.cover(e, [t])[0]
                if c.has_los and c.blocked < 25:
                    seen += 1
        finally:
            if not roof:
                gs.world.remove(e, Climbing)
            gs.world.set(e, old)
            gs.world.revert_version(version)          # the trial position is undone exactly
        return seen

    def _cross_water(self, match, p, enemy):
        """MVA-11 / MVA-12, only when the route needs it: a character in water swims on towards the enemy; one on
        a bank whose way to the enemy round the water (A*, geometry.navigation) is over 8 K longer than the
        straight line (or has none) leaps the water (Salto de longitud) when a landing within its jump, out of
        the water, brings it closer, else swims in. A fish dives at the end of a swim that would leave it exposed to
        enemy guns, and under the water swims on or comes up (ai.scripted_water)."""
        gs, engine = match.gs, match.engine
        e = p.actor
        water = gs.board.water()
        if water and gs.pos(e).level == -1:                # TRT-FISH under the water: on, or up
            return swim_under(match, p, enemy)
        if not water or gs.pos(e).level != 1 or gs.world.has(e, Climbing) or gs.engaged(e):
            return None
        pe, pt = gs.pos(e), gs.pos(enemy)
        r = gs.body(e).radius
        here = Point(pe.x, pe.y)
        near = min(w.polygon.distance(here) for w in water) - r
        if near > 1.0:
            return None
        dist = math.hypot(pt.x - pe.x, pt.y - pe.y) or 1.0
        ux, uy = (pt.x - pe.x) / dist, (pt.y - pe.y) / dist
        swim, jump = by_rule(p, "MVA-11"), by_rule(p, "MVA-12")
        if near >= -1e-6:                                    # on a bank (not in the water): is it in the way?
            line = LineString([(pe.x, pe.y), (pt.x, pt.y)])
            if not any(line.intersects(w.polygon) for w in water):
                return None
            others, _ = gs.others_for_move(e)
            planned = plan(gs.board, (pe.x, pe.y), contact_point(gs, e, enemy), r, gs.chest_height(e), others)
            if planned:
                length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(planned, planned[1:]))
                if length <= dist + 8.0:
                    return None                              # the bridges are close enough: walk
            if jump is not None:
                far = long_jump_max(gs, e)
                for k in range(0, int(far * 4) + 1):         # the longest leap straight on (no critical
                    s = far - 0.25 * k                       # needed) that crosses the water and lands dry
                    if s < 1.0:
                        break
                    to = (round(pe.x + ux * s, 4), round(pe.y + uy * s, 4))
                    if not any(LineString([(pe.x, pe.y), to]).intersects(w.polygon) for w in water):
                        break
                    d = action(p, jump, facing=facing_to(gs, e, enemy), to=list(to))
                    if legal_cost(engine, d) is not None:
                        return d
        if swim is None:
            return None
        s = float(gs.mov(e))
        d = action(p, swim, path=[[round(pe.x + ux * s, 4), round(pe.y + uy * s, 4)]])
        if legal_cost(engine, d) is None:
            return None
        return dive_instead(match, p, d, lambda spot: self._exposure(gs, e, spot))    # TRT-FISH: out of sight


def _charges(gs, p: Pending, e: int) -> list[str]:
    """The offered moving attacks on an enemy (Cargar; a driver's Embestir) but a character's own Embestir (CBA-23):
    its DMG is at most its CON and it takes a whole run, which the AI's charge plans do not weigh: it charges."""
    return [k for k in offered(p, is_attack=True, moves=True, kinds=("enemy", "path"))
            if REGISTRY[k].rule != "CBA-23" or riding.rides(gs, e)]
