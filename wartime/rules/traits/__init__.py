"""Traits as plug-ins: one registry keyed by trait ID (``TRT-*``, the catalogue's ``id`` column).

A trait is a few handlers registered on named hook points (pluggy-style: named hooks, many implementations, an
explicit call order). The rules call the hook points through the helpers of ``registry.py`` (re-exported here)
and never name a trait; the catalogue itself (cost, applies_to, hooks, effect text) is data
(``wartime/data/tables/traits.tsv``).
Components carry trait IDs: ``Traits.ids`` (a race's traits), ``Weapon.traits``, ``Protection.traits`` (a
``TraitedProtection``'s, with its levels and parameters; a race's levels and parameters are in ``TraitState``),
``Psyche.maluses`` (the PSI-8 maluses gained in play); the loader maps the Spanish names of the data files to IDs
once. A worn protection's traits act for its wearer while it is not disabled (G10): ``character_traits`` holds them.

**Call order and stacking.** ``handlers(hook)`` lists a hook's handlers in trait-ID order; a helper calls those
of the traits the bearer (a character or a weapon) carries, in that order. Results combine as the digest's
global rulings say (traits notes G10, numbers in the G5 order): ± modifiers all apply (``check_mods`` returns
them all; the check adds them), a prohibition wins (the first ``action_restriction`` to raise stops the
action), a trait counts once per bearer as a state whatever the sources (the bearer's trait IDs are a set), but
its numbers add when the race and a protection (or two protections) both carry it (``trait_copies``: asked again by
``combat_terms``, ``check_mods`` and ``cost_terms``).

**Hook points** (the catalogue's ``hooks`` names where one fits; engine-internal points map to a catalogue
hook through ``CATALOGUE_HOOK``, and tests/rules/test_rules_traits_registry.py checks every registered trait
against its catalogue row):

* ``check_mod(gs, e, attribute, kind) -> Modifier | None`` -- a character's own modifier on a check of
  ``attribute`` (kind 'ATR', 'IMP', 'PSI', 'LOC'; CH DEF has attribute None and takes none). Called by
  ``rules.modifiers.character_mods`` for every check; all answers apply (G10).
* ``action_restriction(gs, e, key) -> None`` -- raise ``RuleViolation`` (naming the trait ID) when the
  character may not take action ``key`` now. Called by ``rules.restrictions.check`` (actions pipeline, step 2)
  after panic, PSI-7 and MVA-3; the first to raise wins. → psychology.
* ``action_ban(gs, e, key) -> None`` / ``gear_ban(kind, ene, rng, natural) -> bool`` -- as ``action_restriction`` and
  ``gear_denied``, for a trait whose row calls the prohibition a unique rule (TRT-ANIMAL: no purely human
  action, no transport, no non-natural weapon of RNG > 0). Asked by ``restrict_action`` and ``gear_denied``.
  → unique_rule.
* ``reaction_restriction(gs, e, key) -> None`` -- raise ``RuleViolation`` (naming the trait ID) when the character may
  not react with ``key`` (TRT-ANIMAL: Desenfundar). Called by ``restrict_reaction`` from ``rules.windows``.
  → unique_rule.
* ``target_restriction(gs, bearer, actor, action) -> None`` -- raise ``RuleViolation`` (naming the trait ID) when
  `actor` may not aim ``action`` (an Action: its key, ``ranged``, ``is_attack``) at the bearer (TRT-ANONYMOUS).
  Called by ``restrict_targeting`` from ``rules.restrictions.check`` for an action with a character ``target``.
  → unique_rule.
* ``before_attack(gs, e) -> PsiCheck | None`` -- a check the character must pass to attack, rolled after the
  attack's ENE is paid and before its CH IMP (pipeline steps 5-6, in its activation or as a reaction); a
  failure fails the attack (PSI-5). Each answer is rolled in order until one fails. → psychology.
* ``target_before_attack(gs, attacker, target, melee) -> PsiCheck | None`` -- a check the target's trait asks of
  an attacker before its CH IMP (TRT-HORROR); rolled with ``before_attack``'s. → psychology.
* ``ranged_contest(gs, e, attacker) -> bool`` -- True: `e`, the target of a ranged attack by `attacker` (a shot, or
  an area attack aimed at it), makes a CH VOL ENF against it before the CH IMP (free, not a reaction); won, the CH
  IMP has −1 (TRT-MANIPULATOR). Called by ``ranged_contest`` from ``rules.combat`` and ``rules.areas``. → check_mod.
* ``senses(gs, e, actor, action, track) -> bool`` -- True: `e` may react to `actor`'s ``action`` (its path
  ``track``) though it neither sees nor hears it (trigger 'sense'); reacting so, the engine first turns it to face the
  actor for free (TRT-SPIDER-SENSE). Called by ``senses`` from ``rules.reactors.survey``. → reaction_rule.
* ``panic_immunity(gs, e) -> bool`` -- True: the character never panics (PSI-8 / PSI-10 do not apply;
  TRT-FANATIC). Called by ``rules.psychology.panic``. → psychology.
* ``action_check_mod(gs, e, key, attribute, kind) -> Modifier | None`` -- a modifier on the checks of the
  character's own action ``key`` (TRT-ORDERLY-RETREAT). Called by ``rules.modifiers.roll_character_check``.
  → check_mod.
* ``targeted_check_mod(gs, bearer, e, attribute, kind) -> Modifier | None`` -- a modifier the bearer's trait gives
  a check character `e` makes against it: kind 'ENF' when `e` is the acting side of an opposed check with it
  (CHK-4), 'ENF-DEF' the other side; otherwise the check of an action aimed at it (the check's ``against``).
  TRT-LORD-OF-CONFUSION, TRT-MENTAL-RESISTANCE. Called by ``targeted_check_mods`` from
  ``rules.modifiers.character_mods`` and the opposed checks. → check_mod.
* ``flight_levels(gs, e) -> frozenset[int]`` -- altitude levels the character may move at besides 1 (MOV-10,
  MVA-15); the answers are joined. → height_rule.
* ``take_off_landing(gs, e) -> TakeOff | None`` -- a trait's own rule for Despegar / aterrizar (MVA-16): its
  ENE cost and what a failed CH AGI does; the first answer (ID order) stands. → height_rule.
* ``level3_limits(gs, e) -> bool`` -- True lifts MOV-13's level-3 limits (no pivot or 180°, no two
  non-movement actions in a row). → height_rule.
* ``dispersion(weapon, passed, critical) -> Scatter | None`` -- whether an area attack scatters and how
  many K per D10 (ARE-8, ARE-9); no answer = the core rule (a failed CH IMP scatters, ARE-9 dice). The first
  answer stands.
* ``area(weapon, shape, affected) -> LeftArea | None`` -- what an area attack leaves where it lands (after its
  hits, ARE-5); every answer is placed, in order.
* ``weapon_quiet(weapon) -> bool`` -- True: the weapon makes no noise (ENV-6). → noise_rule.
* ``weapon_ready(weapon) -> None`` -- raise ``RuleViolation`` when the weapon cannot attack now (declared
  attacks). → equipment_rule.
* ``weapon_usable(gs, e, weapon) -> None`` -- raise ``RuleViolation`` (naming the trait) when character `e` may
  not use the weapon at all (TRT-HEAVY-WEAPON). Called by ``check_weapon_usable`` from the attack actions'
  weapon check. → equipment_rule.
* ``weapon_used(gs, e, weapon) -> Wear | None`` -- what one use of the weapon (an attack with it, after it is
  resolved) costs: wounds to its user `e` (no CH DEF, no CH PSI) and to the weapon (TRT-HARMFUL, TRT-DEFECTIVE).
  Called by ``weapon_wear`` from ``rules.combat.weapon_used``, which applies them. → equipment_rule.
* ``use_stress(gs, e, weapon) -> int | None`` -- stress one use of the weapon gives its user `e` (no check;
  PSI-14 / PSI-16 thresholds; TRT-EVIL). Called by ``use_stress`` from ``rules.combat.weapon_used``. → stress.
* ``concentrate_step(gs, e) -> int | None`` -- what one Concentrarse adds to the bearer's pending bonus (GNA-4:
  +1; the +3 cap stays; TRT-FOCUSED-MIND: +2). Called by ``concentrate_step``. → check_mod.
* ``heal_denied(gs, e) -> bool`` -- True: the bearer cannot recover wounds (Curar refuses it, any healing gives
  none; TRT-NO-CURE). Called by ``heal_denied`` from ``rules.wounds.heal_wounds`` and the Curar action.
  → unique_rule.
* ``throw_reach(gs, e, weapon) -> float | None`` / ``throw_dmg(gs, e, weapon) -> int | None`` -- the reach (K) and
  the DMG of the weapon when `e` throws it (Lanzar, CBA-6: otherwise MOV + CON K and the material's DMG;
  TRT-THROWN-WEAPON). Called by ``throw_profile``. → rng_mod / dmg_mod.
* ``shot_stopped(gs, e, weapon) -> bool`` -- True: a shot with the weapon (RNG > 0) stops after its ENE is paid
  and before its CH IMP: no hit, critical, fumble or scatter (TRT-JAMMING-AMMO's 10 %). Called by
  ``shot_stopped`` from ``rules.combat.resolve_attack`` and ``rules.areas.resolve_area_attack``. → percent_roll.
* ``weapon_fumbled(weapon) -> Weapon`` -- the weapon after a fumbled hit check made with it (CMB-8, after any
  reroll; TRT-SHARP). Called by ``weapon_fumbled`` from ``rules.combat.imp_fumble``. → on_fumble.
* ``hit_psi(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: a hit (a passed CH IMP) makes the
  target take a CH PSI even if it takes no wounds; one CH PSI per hit (a wounding hit's CMB-5 check is it;
  TRT-COWING). Called by ``hit_psi`` from ``rules.combat.resolve_attack``. → psychology.
* ``weapon_fired(weapon) -> Weapon`` -- the weapon after one attack with it (each handler gets the previous
  one's result). → equipment_rule.
* ``reload(weapon) -> Weapon | None`` -- the weapon after Recargar (GNA-13); None: nothing to reload; the
  first answer stands. → equipment_rule.
* ``attributes(gs, e, attrs) -> Attributes`` -- the bearer's attributes for checks and derived values (ENE
  gain, FOV range, initiative phase; not the stress thresholds) as the trait changes them; each handler gets the
  previous one's result (``GameState.attrs`` calls it). → check_mod.
* ``compulsion(gs, e) -> Compelled | None`` -- at the start of the bearer's activation (before
  ``on_activation_start``): a compulsion on its attacks for this activation (components.Compelled; the engine
  enforces it in rules/restrictions.py with the real legality of the attacks). The first one stands.
  → psychology.
* ``on_activation_start(gs, e, check) -> None`` -- a rule of the bearer's own at the start of its activation,
  after the core start-of-activation checks (ENE-3 order) and only if it can still act; ``check(who, attribute,
  rule, reason)`` rolls a CH ATR. Called by ``activation_start``.
* ``foe_aura_compulsion(gs, e, bearers) -> Compelled | None`` -- at the start of `e`'s activation, after its own
  ``compulsion``: a compulsion an enemy bearer's mark on `e` sets (``bearers``: the enemy bearers on the table and
  able; TRT-CHALLENGER's challenge). Called by ``activation_start``. → unique_rule.
* ``aura_start_psi(gs, e, bearers) -> StartPsi | None`` -- a CH PSI an enemy aura asks of `e` when its activation
  starts (``bearers``: the enemy bearers on the table and able; G10: one per trait), rolled by rules.turns after
  PSI-2 with the activation's context; a failure calls a CH LOC at ``loc_malus`` (TRT-GREATER-DEMON). Called by
  ``start_psi``. → psychology.
* ``aura_activation_start(gs, e, bearers, check) -> None`` -- an enemy aura at the start of `e`'s activation:
  ``bearers`` are the enemy bearers on the table and able (G1, G10: one call per trait). → aura_enemy.

* ``turn_start(gs, e, turn) -> None`` -- a rule of the bearer's own at the start of each turn (SEQ-1: after the
  ``turn_start`` event, before initiative; TRT-AWAKENING). Called by ``turn_start`` for every character on the
  table. → on_turn_start.
* ``down_recovery(gs, e) -> int | None`` -- wounds a downed bearer (on the table, WND-2's incapacitated) removes at
  the start of each turn, where its activation would come (it cannot activate while down; TRT-HERO: 1, and it gets
  up below CON). Called by ``down_recoveries`` from ``rules.turns``, which heals them. → on_activation_start.
* ``hit_immunity(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: the hit leaves the target no
  wounds (DMG 0, and no TRT-CORROSIVE-AMMO wound on a passed CH DEF; TRT-INVULNERABLE). Asked by ``combat_terms``.
  → dmg_mod.
* ``stress_hit(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: a hit with the weapon deals stress
  instead of wounds (TRT-PSYCHIC-AMMO). Called by ``stress_hits`` from ``rules.combat.resolve_attack`` and
  ``rules.areas``, which hand the hit to ``rules.stress_hits``. → stress.
* ``stress_def(gs, e) -> int | None`` -- the DEF the bearer's trait gives it against a hit dealing stress or
  Corromper / Hackear's stress (CBA-18) (the answers add; TRT-WALL: its Muro protections' DEF); no answer: it
  defends with CH VOL. Called by ``stress_defense``. → stress.
* ``stress_def_from(gs, e) -> tuple`` -- the worn protections whose DEF ``stress_def`` counts (TRT-WALL's Muro), so
  that their use checks come first (rules.item_use.stress_def_kept). Called by ``stress_protections``. → stress.
* ``invocation_fumble(gear) -> (int, float)`` -- an object's (floor, reach K): within reach of the object (held: its
  holder's base; on the ground: its point) every character's invocation checks fumble from that die up
  (TRT-POISONED-DISTORTION: 9 within 5 K). Called by ``invocation_fumble_floor`` from ``rules.metahabilities.cast``.
  → on_fumble.
* ``death_explosion(gs, e, weapon, dmg) -> (int, int) | None`` -- (DMG, diameter) of a round area centred on `e`
  when an attack of DMG `dmg` kills it, asked of its own traits (``weapon`` None) and of each of its weapons
  (TRT-FLAMMABLE). Called by ``death_explosions`` from ``rules.combat.resolve_hit``. → on_death.
* ``item_blast(gs, holder, item, dmg) -> (int, int, int) | None`` -- (P %, DMG, diameter): a round area centred on
  `holder` that its weapon or object `item` (as it was before the blow) sets off, P % of the time (BAS-6; 100: no
  roll), when a blow of DMG `dmg` destroys it apart from its holder (WND-5; TRT-FLAMMABLE, TRT-EXPLODES); the
  holder is hit too. Called by ``item_blasts`` from
  ``rules.wounds.item_destroyed`` (a weapon's wound, CMB-8 or its wear; an object's, its wear or CBA-21). → on_death.
* ``fumble_blast(weapon) -> (int, int, int) | None`` -- (P %, DMG, diameter): a fumbled CH IMP with the weapon sets
  off, P % of the time (BAS-6), a round area of that DMG centred on its user, the user included (TRT-FLAMMABLE).
  Called by ``fumble_blasts`` from ``rules.combat.imp_fumble``. → on_fumble.
* ``own_fumble_blast(gs, e) -> (int, int, int) | None`` -- (P %, DMG, diameter): the bearer's fumbled CH IMP (any
  weapon, unarmed) sets off, P % of the time (BAS-6), a round area of that DMG centred on it, itself included
  (TRT-FLAMMABLE on a race). Called by ``own_fumble_blasts`` from ``rules.combat.imp_fumble``. → on_fumble.
* ``own_meta_immunity(gs, e, m) -> bool`` -- True: `e` takes no damage from the metahability `m` it casts itself
  (the wounds a use of it costs its user, TRT-HARMFUL; TRT-BODY-OF-LIGHT: an invocation). Called by
  ``own_meta_immune`` from ``rules.metahabilities.after_use``. → metaability.
* ``wounded_stress(gs, e) -> Iterable[(int, int)]`` -- (character, stress) the bearer's trait gives around it when an
  attack wounds it, no CH DEF (TRT-SAIKIKKU: 1 to everyone in melee with it). Called by ``wounded_stress`` from
  ``rules.combat.resolve_hit``. → on_wounded.
* ``substance_factor(gs, e, elements) -> int | Fraction | None`` -- the DMG factor of a hit of no weapon delivering
  `elements` (a tuple of ELEMENTS keys) on `e`: a burning character's fire, a radioactive area's radiation, an Área
  permanente template's elements, a blast's explosion, Sangre de ácido's acid; 0 = immune (TRT-ALLERGIC,
  TRT-INVULNERABLE). Called by ``substance_terms`` from ``rules.burning``, ``rules.areas``, ``rules.combat``
  (``death_blast``), ``rules.riding`` (``explode``) and TRT-ACID-BLOOD. → dmg_mod.
* ``substance_def(gs, e, elements, area) -> int | None`` -- ± DEF of such a hit (`area`: a template's or a blast's
  hit; TRT-RESISTANCE +2). Called by ``substance_terms``. → def_mod.
* ``death_blast(gs, e) -> (int, int) | None`` -- (DMG, diameter) of a round area centred on the bearer's base when it
  dies (an attack's kill or wounds of no attack): every mini it covers takes a hit (ARE-5 / ARE-6; TRT-LIVING-BOMB).
  Called by ``death_blasts`` from ``rules.combat.resolve_hit`` and ``rules.wounds.apply_wounds``. → on_death.
* ``death_denied(gs, e) -> bool`` -- True: the bearer's wounds never kill it: above CON it is down (incapacitated)
  instead of dead (TRT-HERO). Called by ``death_denied`` from ``rules.wounds.apply_wounds``. → on_wounded.
* ``dead_turn_start(gs, e, turn) -> None`` -- the same for a dead character (WND-3), whose corpse may come back
  (TRT-RESURRECTION, TRT-PHOENIX). Called by ``turn_start``. → on_death.
* ``died(gs, e, attacker, melee) -> None`` -- a rule of the bearer's when an attack kills it (TRT-PHOENIX). Called by
  ``got_wounded`` from ``rules.combat.resolve_hit``. → on_death.
* ``scenery_throw(gs, e) -> bool`` -- True: the bearer may throw a movable piece of scenery it touches (the action
  Lanzar escenografía, rules/actions/scenery_throw.py; TRT-SUPER-STRENGTH). Called by ``throws_scenery``.
  → extra_action.
* ``explodes(gs, e) -> None`` -- the bearer's rule when it dies: an attack kills it (after ``died``) or wounds of no
  attack do (TRT-DARKNESS-FIELD: the energy-shield levels around it are cancelled). Called by ``got_wounded`` and
  ``died_of_no_attack`` (rules.wounds.apply_wounds). → unique_rule.
* ``aura_mark_field(gs, bearer) -> float | None`` -- K around an able bearer within which marks (TRT-TARGET-DESIGNATOR's
  ``Designated``) are lost and cannot be placed (TRT-DARKNESS-FIELD). Called by ``mark_field``
  from ``rules.traits.devices``, ``rules.actions.devices`` and the mark sweep. → aura_enemy.
* ``activation_end(gs, e) -> int | None`` -- wounds the bearer takes when one of its activations ends (not a pause
  with Esperar; no CH DEF, no CH PSI; TRT-TERMINALLY-ILL). Called by ``activation_end_wounds``; the engine
  applies them. → unique_rule.
* ``activation_over(gs, e) -> None`` -- a rule of the bearer's own when one of its activations ends (not a pause
  with Esperar), before ``activation_end``'s wounds (TRT-DOOMED: the levels lost). Called by ``activation_over``
  from ``rules.turns``. → unique_rule.
* ``kill_heal(gs, killer, victim, melee) -> int | None`` -- wounds the killer removes from itself when its attack
  kills `victim` (WND-3; TRT-SOUL-EATER). Called by ``kill_heal`` from ``rules.combat.resolve_hit``. → on_kill.
* ``killed_someone(gs, killer, victim, melee) -> None`` -- a rule of the killer's after its attack killed `victim`
  (TRT-THIRST-FOR-BLOOD marks it in ``Effects.spent``). Called by ``killed_someone`` from
  ``rules.combat.resolve_hit``. → on_kill.
* ``aura_killed_someone(gs, killer, bearers, victim, melee) -> None`` -- the same for an allied aura around the
  killer (``bearers``: the bearers other than the killer; TRT-CRY-OF-BLOOD). → on_kill.
* ``kill_psi(gs, killer, victim, melee) -> Iterable[int]`` -- the characters who must make a CH PSI when the
  killer's attack kills `victim` (WND-3; TRT-FATALITY). Called by ``kill_psi`` from ``rules.combat.resolve_hit``.
  → psychology.
* ``wounded_splash(gs, e) -> Iterable[(character, wounds)]`` -- once per attack that wounds the bearer: wounds it
  deals around it with no CH DEF and no CH PSI (the handler may also wear their equipment; TRT-ACID-BLOOD). Called
  by ``wounded_splash`` from ``rules.combat.resolve_hit``, which applies the wounds. → on_wounded.
* ``wounded_someone(gs, attacker, target, melee) -> None`` -- a rule of the attacker's after its attack wounded
  `target` (TRT-SANGUINARY marks it in ``Effects.spent`` for the rest of the activation). Called by
  ``wounded_someone`` from ``rules.combat.resolve_hit``. → on_hit.
* ``got_wounded(gs, e, attacker, melee, state) -> None`` -- a rule of the bearer's after an attack wounded it
  (`state`: its life state after the wounds; TRT-WRATH). Called by ``got_wounded`` from
  ``rules.combat.resolve_hit``. → on_wounded.
* ``ene_pool(gs, e, key) -> int | None`` / ``ene_pool_spent(gs, e, key, n) -> int`` -- ENE of a pool of the bearer's
  own that may pay (after ENE-1's minimum) for its action ``key``, and paying `n` of it (returns what this pool
  paid; TRT-MANA: metahabilities only). Called by ``rules.energy.price`` and by the metahability actions when they
  resolve. → ene_mod.
* ``wounds_counted(gs, e, n, taken) -> None`` -- `n` wounds were just added to `e` (``taken``) or dealt by `e` to
  someone (not ``taken``), whatever the cause (TRT-POWERFUL gathers Power). Called by ``wounds_counted`` from
  ``rules.wounds.apply_wounds``. → on_wounded.
* ``wounded_reply(gs, e, attacker, melee) -> bool`` -- True: the bearer, wounded by an attack and still able, makes
  one free melee attack back at its attacker at once (ENE 0, no CH VOL, not a reaction; TRT-PROUD). Called by
  ``wounded_reply`` from ``rules.combat.resolve_hit`` after the hit's CH PSI. → on_wounded.
* ``aura_death_reply(gs, e, bearers, killer, melee) -> bool`` -- True: an allied aura lets `e`, just killed by
  `killer`'s attack, make one free melee attack at its killer before it is removed (ENE 0, no CH VOL, not a
  reaction; TRT-CRY-OF-VENGEANCE). Called by ``death_reply`` from ``rules.combat.resolve_hit``. → aura_ally.
* ``wounding_ene(gs, attacker) -> int | None`` -- ENE the attacker gains each time its attack wounds someone
  (capped at 10, ENE-3; TRT-PSYCHOPATH). Called by ``wounding_ene`` from ``rules.combat.resolve_hit``. → ene_mod.
* ``initiative_mod(gs, e) -> int | None`` -- ± on the initiative total of the side that rolls with `e`'s VOL
  (SEQ-2, its rerolls too; TRT-SCOUT). Called by ``initiative_bonus``. → unique_rule.
* ``smoke_sight(gs, e) -> bool`` -- True: smoke on the bearer's line of fire gives its attacks no CH IMP malus
  (TRT-SMOKE, TRT-DENSE-SMOKE; TRT-SUPER-SENSES). Called by ``sees_through_smoke`` from
  ``rules.modifiers.attack_mods``. → los_rule.
* ``dark_sight(gs, e) -> bool`` / ``lit(gs, e) -> bool`` -- True: darkness (a scenario's ``night`` or ``[[dark]]``
  areas; project ruling, rules/darkness.py) on the bearer's line of fire gives its attacks no CH IMP malus
  (TRT-LIGHT, TRT-RADAR, TRT-SUPER-SENSES) / attacks on the bearer get none (TRT-LIGHT). Called by
  ``sees_in_dark`` / ``is_lit`` from ``rules.darkness.dark_mods``. → los_rule.
* ``fov_mod(gs, e) -> float | None`` -- K added to the bearer's field-of-view range VOL × 5 (ENV-1; minimum 0;
  TRT-SHORT-SIGHTED). Called by ``fov_bonus`` from ``GameState.fov_range``. → fov_rule.

* ``use_check(gs, e, gear) -> str | None`` -- the attribute of a CH ATR character `e` must pass to use the object
  (Usar, GNA-16; TRT-AGILITY-TEST, ...): a failure spends the ENE and does nothing. → equipment_rule.
* ``object_check_mod(gs, e, gear) -> Modifier | None`` -- a modifier character `e`'s trait gives every check it makes
  using the object (Usar's CH ATR; TRT-MASTERY, TRT-INEPTITUDE bought for the object). Called by
  ``object_check_mods`` from the Usar action. → check_mod.
* ``use_psi(gs, e, gear) -> bool`` -- True: each use of the object makes its user take a CH PSI, rolled after the
  use checks and before the effect; a failure fails the use (PSI-5; TRT-NEUROPSYCHO). → psychology.
* ``object_target(gs, e, gear, target) -> None`` -- raise ``RuleViolation`` when the object's effect cannot apply to
  `target` (TRT-ELIXIR: nothing to heal). → equipment_rule.
* ``object_effect(gs, e, gear, target, choice) -> ObjectEffect | None`` -- what one use of the object does to `target`
  (TRT-ELIXIR: wounds healed); the Use action applies it. Only an object with such a trait can be used.
  → equipment_rule.
* ``boost_choice(gear) -> tuple[str, ...]`` -- the options one use of the object must choose among (its ``choice``
  parameter; TRT-VITAMIN-COCKTAIL: CON, AGI, INT or VOL). Called by ``object_choices`` from the Use action.
  → check_mod.
* ``use_choice(gs, e, gear) -> tuple[str, ...]`` -- the options one use of the object by `e` must choose among,
  when they depend on the user (TRT-VENOM: the weapon it coats, ``weapon:<index>``). Called by ``object_choices``
  from the Use action. → equipment_rule.
* ``use_coat(gs, e, gear, target, choice) -> ObjectEffect`` -- a use that coats the user's chosen weapon (TRT-VENOM:
  the handler marks the weapon; its own ``on_hit`` delivers the coat). Called by ``object_effects``. → on_hit.
* ``use_ene(gs, e, gear, target, choice) -> ObjectEffect | None`` -- a stim's use: the ENE its taker gains
  (TRT-COMBAT-DRUGS); the handler records the state the stim leaves. Called by ``object_effects``. → ene_mod.
* ``use_boost(gs, e, gear, target, choice) -> ObjectEffect | None`` -- a stim's use that raises the chosen attribute
  (TRT-VITAMIN-COCKTAIL; the handler records it). Called by ``object_effects``. → check_mod.
* ``use_hex(gs, e, gear, target, choice) -> None`` -- a use that puts the malus the object names on the character it
  is used on (TRT-HEX on an object: the handler records it). Called by ``object_effects``. → on_hit.
* ``use_addiction(gs, e, gear, target) -> None`` -- what taking the object may leave on its taker (TRT-DRUG: a
  1D100 roll for an addiction). Called by ``object_effects``. → percent_roll.
* ``withdrawal(gs, e) -> StartPsi | None`` -- a state on `e` that asks a CH PSI (and stress) when its activation
  starts (TRT-DRUG's withdrawal); every handler asked. Called by ``start_psi``. → stress.
* ``status_activation_end(gs, e) -> int`` -- wounds a state on `e` gives it when an activation ends (no CH DEF, no
  CH PSI; TRT-COMBAT-DRUGS: two in one turn); every handler asked. Called by ``activation_end_wounds``. → ene_mod.
* ``ene_gain_denied(gs, e) -> bool`` -- True: a state on `e` cancels its ENE gain at the start of this activation
  (TRT-COMBAT-DRUGS); every handler is asked. Called by ``ene_gain_bonus``. → ene_mod.
* ``object_used(gear) -> Gear | None`` -- the object after one use (TRT-CHARGES: a use spent; TRT-ELIXIR: None,
  removed from the game). → equipment_rule.
* ``turn_limit(gs, e) -> float`` -- the most a transport turns in one action, in degrees (TRT-STIFF-STEERING).
  Called by ``turn_limit`` from rules/riding.py and Pivotar de transporte. → mov_mod.
* ``extra_turn(gs, e) -> float`` -- degrees a transport may turn beyond MOV-6's 45° at the end of a movement
  action, with a CH AGI (TRT-FIGHTER). Called by ``extra_turn`` from rules/riding.py and rules/driving.py. → mov_mod.
* ``drive_strain(gs, e) -> int`` -- the transport wounds from which each of its movement actions asks a CH DEF,
  1 wound on a failure (TRT-OVERHEATING). Called by ``drive_strain`` from rules/driving.py. → unique_rule.
* ``ejection(carried) -> int`` -- the D10s its pilot is scattered when the transport explodes, instead of being hit
  (TRT-EJECTION-SEAT; `carried`: the transport's trait IDs). Called by ``ejection`` from rules/riding.py.
  → on_death.
* ``wrecked(gs, wreck) -> None`` -- what a destroyed transport's or object's traits do after its explosion
  (`wreck`: ``Wreck``, its traits, levels and place; TRT-DARKNESS-FIELD: 'si explota'). Called by ``wrecked`` from
  rules/riding.py and rules.wounds.item_destroyed. → unique_rule.
* ``wreck_fire(carried, dmg) -> (int, int) | None`` -- (DMG, diameter) of a round area centred on a destroyed
  transport's wreck, set off besides its explosion (WND-5, or ``wreck_blast``'s) when a blow of DMG `dmg` destroyed
  it (TRT-FLAMMABLE: DMG / 2 in an R of that). Called by ``wreck_fires`` from rules/riding.py. → on_death.
* ``wreck_blast(carried) -> int`` -- the percent chance of a trait's own explosion of a destroyed transport (the
  destroying attack's DMG within MOV K), replacing WND-5's (TRT-EXPLODES). Called by ``wreck_blast`` from
  rules/riding.py. → on_death.
* ``water_as_land(gs, e) -> bool`` -- the character's moves (Mover, Correr, ...) cross water as land
  (TRT-AMPHIBIOUS). Called by ``water_as_land`` and ``move_board`` from rules.actions.movement. → terrain_rule.
* ``float_height(gs, e) -> float`` -- K above the ground the character floats: its moves ignore water, ground
  terrain and obstacles lower than that (TRT-LEVITATOR). Called by ``move_board`` from rules.actions.movement.
  → terrain_rule.
* ``nooks_easy(gs, e) -> bool`` -- the character's moves take terrain pieces marked ``nooks`` (recovecos) as easy
  terrain (TRT-SERPENT). Called by ``move_board`` from rules.actions.movement. → terrain_rule.
* ``hover(gs, e) -> int`` -- ENE of a stop mid-air at level 3, a movement action (TRT-RETRO-THRUSTERS: Parar en el
  aire, rules/actions/transport.py). Called by ``hover``. → height_rule.
* ``strip_needed(gs, e) -> float`` -- K of straight clear ground ahead a take-off or landing needs
  (TRT-LANDING-STRIP). Called by ``strip_needed`` from rules.actions.altitude. → height_rule.
* ``sight_through(gs, e) -> float`` -- K within which the character sees (and picks targets) through opaque
  obstacles (TRT-META-VISION). Read by ``GameState.sees`` / ``sight_reach`` (registry.sight_reach), the engine's
  sight query. → los_rule.
* ``walks(gs, e) -> bool`` -- the character's transport moves, turns and pivots as a character on foot, not by
  MOV-6 (TRT-MECHA). Called by ``walks`` from rules/riding.py (``drives``). → unique_rule.
* ``frame_attributes(gs, e, raw) -> Attributes`` -- the attributes of a character whose own (race) traits carry it,
  after ``attributes`` (TRT-MECHA: the transport's QUA as CON). Called by ``attributes``. → equipment_rule.
* ``sees_hidden(gs, e) -> bool`` -- the character's attacks ignore the target's Mimético (TRT-RADAR). Called by
  ``sees_hidden`` from rules/traits/stealth.py (TRT-META-VISION too). → los_rule.
* ``meta_target(gs, caster, target, m) -> None`` -- raise RuleViolation (naming the trait) when the metahability
  `m` cannot take `target` (TRT-MAGIC-SLEEP: a calm enemy only). Called by ``check_meta_target`` from
  ``rules.metahabilities.check_target``. → metaability.
* ``forced_move(gs, caster, m) -> float`` -- the K a metahability moves its target, to the cast's `to` point
  (TRT-MAGIC-MISDIRECT). Called by ``forced_reach`` from rules.metahabilities and rules/actions/metahability.py.
  → metaability.
* ``object_move(gs, caster, m) -> tuple[float, int]`` -- the metahability moves an inanimate object (not a
  character): (the K it moves it, the most CON / QUA the object may have) (TRT-MAGIC-TELEKINESIS: VOL K, CON ≤
  VOL). Called by ``object_mover`` from rules/telekinesis.py (the action rules/actions/telekinesis.py). → metaability.
* ``meta_used(m) -> Metahability`` -- the metahability after one use (TRT-CHARGES: a use spent). Called by
  ``meta_used`` from rules.metahabilities (after_use). → equipment_rule.
* ``effect_turn_start(gs, e, turn) -> None`` -- the end of a lasting effect on the bearer at the start of a turn
  (TRT-MAGIC-SLEEP: the sleeper wakes). Called by ``turn_start`` after the bearer's ``turn_start``. → unique_rule.
* ``effect_hit(gs, e) -> None`` -- the end of a lasting effect on the bearer when an attack hits it (its CH DEF
  rolled, whatever the wounds; TRT-MAGIC-SLEEP). Called by ``got_hit`` from ``rules.combat.resolve_hit``.
  → unique_rule.
* The traits of a bearer that an object gives its holder (``ON_OBJECTS``, traits/objects.py) join
  ``character_traits``; the weapon hooks ``weapon_used`` and ``use_stress`` are asked with the object too.

* ``grants_action(gs, e) -> Iterable[str]`` -- keys of actions the trait gives its bearer (an action of
  ``rules/actions/trait_actions.py`` is available only to a character granted it). → unique_rule.
* ``grants_extra_action(gs, e) -> Iterable[str]`` -- the same, for a trait whose row calls it an extra action
  (TRT-REGENERATION: rules/actions/race_actions.py). → extra_action.
* ``covert_arrival(gs, e) -> bool`` -- True: the bearer's move ends as an arrival that allows Ataque sorpresa
  (CBA-11: mimetic or invisible; the silent move MVA-7 is the core's). Called by ``rules.actions.movement``.
  → unique_rule.

**Attack hook points** (``combat_terms``: asked once per attack for the traits of the attacker, of its weapon and
of the target; ``bearer`` is the character carrying the trait, the attacker for a weapon's; each answers for its
side, e.g. "enemies attacking it have CH IMP −1" checks ``bearer == target``; numbers combine in the G5 order):

* ``attack_mod(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None`` -- a CH IMP modifier of the
  attack (G4). → check_mod.
* ``def_check_mod(gs, bearer, attacker, target, weapon, ranged) -> Modifier | None`` -- "CH DEF ±n": the CH DEF
  target only (CMB-3 ruling). → check_mod.
* ``def_mod(gs, bearer, attacker, target, weapon, ranged) -> int | None`` -- "DEF ±n": the attack's DEF, both the
  CH DEF target and the DEF subtracted (CMB-3 ruling; minimum 0). → def_mod.
* ``dmg_mod(gs, bearer, attacker, target, weapon, ranged) -> int | 'zero' | None`` -- a ± DMG modifier added
  with the core's (critical, charge, CH DEF fumble) in CMB-4's step 2; ``'zero'``: the trait sets DMG 0 (step
  4). → dmg_mod.
* ``crit_range(gs, bearer, attacker, target, weapon, ranged) -> int | None`` -- the highest CH IMP die that is a
  critical (2: 1-2; 0: none; the lowest answer 0 wins, G10). → on_crit.
* ``crit_dmg_mod(...) -> int | None`` / ``crit_def_mod(...) -> int | None`` -- DMG / DEF terms of a critical hit
  only. → on_crit.
* ``wounds_on_pass(...) -> bool`` -- True: a passed CH DEF leaves the target no wounds (CMB-4 wound stage).
  → def_mod.
* ``wound_threshold(...) -> int | None`` -- only a final DMG above it wounds the target (CMB-4 wound stage).
  → dmg_mod.
* ``second_def(gs, bearer, attacker, target, weapon, ranged) -> (op, n) | None`` -- the target has a second CH
  DEF after its first finally fails, with the first check's DEF changed by ('plus', ±n), ('half', None: /2 x.5
  up) or ('set', n) as its target and, on a pass, as the DEF subtracted (core CMB-3's second CH DEF ruling: a
  new check, the first one's fumble keeps its effects; one per hit, the highest DEF; TRT-SEVEN-LIVES,
  TRT-SECOND-CHANCE, TRT-SAFEGUARD). → def_mod.
* ``luck(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: when the hit would wound the target
  (after the CH DEF, at least 1 wound), it rolls 1D10 and a 1 ignores the whole hit (TRT-LUCKY). → on_wounded.
* ``charge_bonus_denied(gs, bearer, attacker, target) -> bool`` -- True: an enemy charging the bearer gets none of
  the bonuses that exist because it charged (TRT-COUNTER-CHARGE). Asked by ``charge_bonus``, which Cargar's
  CH IMP +1 and DMG +1 (CBA-12) and the traits' charge bonuses call. → dmg_mod.
* ``def_reroll_denied(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: the target may not reroll
  its CH DEF (a second CH DEF trait still applies, its reroll is denied too; TRT-LIFE-OR-DEATH-AMMO). → reroll.
* ``riposte_dmg(gs, e) -> int | None`` -- the DMG of the automatic hit the bearer's critical CH DEF in melee
  gives its attacker (CMB-7: 1; TRT-SPIKES: 2). Called by ``riposte_dmg`` from ``rules.combat.resolve_hit``.
  → on_crit.
* ``fumble_dmg(weapon) -> int | None`` -- the DMG of the automatic hit a fumbled CH IMP with the weapon gives its
  user (CMB-8: 1; TRT-DANGER: 2). Called by ``fumble_dmg`` from ``rules.combat.imp_fumble``. → on_fumble.
* ``cover_denied(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: the target gets no cover
  bonus (no CMB-17 CH DEF +2, no CMB-18 cover check and +2; TRT-SEEKER-AMMO). → def_mod.
* ``sure_shot(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: a shot at a target engaged in
  melee needs no CBA-5 second CH IMP and never hits another fighter (TRT-MARKSMAN). → unique_rule.
* ``corrosion(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: a passed CH DEF still gives 1
  wound more (CMB-4 wound stage; TRT-CORROSIVE-AMMO). → on_hit.
* ``fumble_wounds(weapon) -> int | None`` -- wounds a fumbled CH IMP with the weapon gives its user after CMB-8
  (no CH DEF, no CH PSI; TRT-CORROSIVE-AMMO). Called by ``fumble_wounds`` from ``rules.combat.imp_fumble``.
  → on_fumble.
* ``dmg_coin(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: each hit rolls a 50 % chance
  (BAS-6, after the CH DEF) that its final DMG is 0 whatever the other terms (CMB-4 step 4; TRT-PADRON-PEPPER).
  → percent_roll.
* ``on_hit(gs, bearer, attacker, target, weapon, ranged) -> None`` -- a rule of the attacker's or its weapon's
  after a hit (a passed CH IMP), even without wounds (TRT-CRUSHING). Called by ``after_hit`` from
  ``rules.combat.resolve_attack``. → on_hit.
* ``final_kill(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: a target the hit kills is marked
  (its ``Effects.spent`` holds the trait ID, before its own ``died`` rules) and can never come back
  (TRT-RESURRECTION, TRT-PHOENIX; TRT-FINISHER). → on_kill.
* ``dmg_factor(gs, bearer, attacker, target, weapon, ranged) -> Fraction | None`` -- a ×/÷ DMG factor (CMB-4
  step 3: the product, rounded once). → dmg_mod.
* ``fixed_imp(gs, bearer, attacker, target, weapon, ranged) -> int | None`` -- the CH IMP target is this number,
  whatever the attacker's AGI, modifiers and rerolls (a 1 still a critical, a 10 a fumble; the first answer in
  trait-ID order stands; TRT-GUIDED-AMMO: 8). → check_mod.
* ``def_reroll_forced(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: a passed non-critical
  first CH DEF is rerolled and the second result stands (TRT-EXCEPTIONAL-AMMO). → reroll.

* ``ene_mod(gs, bearer, actor, action, weapon, target) -> int | None`` / ``ene_cap(...) -> int | None`` -- a ± ENE
  term, or a maximum, of an action's cost: the actor's and its weapon's traits (bearer = the actor) and the
  target's (bearer = the target). G5 order: the action's cost ± terms, then caps, minimum 1 (ENE-1).
  Called by ``rules.energy.price``. → ene_mod.
* ``terrain_class(gs, e, surcharge) -> int`` -- the MOV-7 terrain surcharge of the character's move (0 easy,
  1 difficult, 2 extreme; after the minimum its state or load sets: crouched MVA-4, carrying MVA-8) as the trait
  changes it; each handler gets the previous one's result (TRT-LIMPING; a weapon it carries too:
  TRT-HEAVY-EQUIPMENT). Called by ``terrain_surcharge`` when a path is priced (moves, swimming, carrying).
  → terrain_rule.
* ``vol_reach_factor(gs, e) -> float | None`` -- a factor on the reach of the bearer's effects whose range is "as
  many K as its VOL" (TRT-ORATOR: 2). Called by ``vol_reach``. → rng_mod.
* ``melee_stance(gs, e) -> Iterable[Stance]`` -- choices the bearer makes before each of its melee CH IMP (Ataque
  CaC, Ataque CaC con arma de disparo: their ``stance`` parameter names one Stance's key; CH IMP and DMG terms for
  that attack; TRT-FENCING-MASTER). Called by ``melee_stances``. → check_mod.
* ``melee_dmg_stance(gs, e) -> Iterable[Stance]`` -- as ``melee_stance``, a choice whose term is a DMG one
  (TRT-FRENZY: DMG +2, and a mark, ``Stance.mark``, that ``marked_def_mod`` reads). Called by ``melee_stances``.
  → dmg_mod.
* ``strength_plus(gs, e) -> int | None`` -- points added to the CON the bearer counts as for its melee DMG (MOD-1,
  CBA-10), its overload (MOD-4) and what it can carry (MVA-8); not a real CON (TRT-MULE). Called by ``strength``.
  → dmg_mod.
* ``area_dmg_bonus(gs, e, weapon) -> int | None`` -- a ± DMG the attacker's trait adds to its area attacks with the
  weapon (before ARE-6's half; TRT-DEMOLITIONS-EXPERT). Called by ``area_dmg_bonus`` from ``rules.areas``. → dmg_mod.
* ``structure_dmg(gs, bearer, attacker, what, weapon, ranged) -> int | None`` -- a ± DMG the attacker's own trait
  or its weapon's adds to an attack on a structure, not a character: `what` is 'wall' or 'door' (a breakable piece,
  rules/scenery_breaking.py) or 'transport' (a driverless one, MVA-17); TRT-WALLBREAKER. Called by ``structure_dmg``
  from ``rules.scenery_breaking`` and ``rules.parked``. → dmg_mod.
* ``area_def_mod(gs, e, weapon) -> int | None`` -- DEF the bearer's trait adds against each hit of an area attack
  with the weapon (its CH DEF target and the DEF subtracted; TRT-RESISTANCE). Called by ``area_def`` from
  ``rules.areas``. → def_mod.
* ``area_attack_done(gs, e, weapon) -> None`` -- a rule of the attacker's after its area attack affected someone
  (its hits resolved; TRT-POWERFUL spends the Power its DMG took). Called by ``area_attack_done`` from
  ``rules.areas``. → on_hit.
* ``moves_as_mover(gs, e, key) -> bool`` -- True: the bearer's terrain move ``key`` works like Mover: ENE 1, no CH
  AGI, up to MOV K (TRT-FISH: Nadar, MVA-11; TRT-SPIDER: Escalar, MVA-10). Called by ``moves_as_mover`` from those
  actions. → terrain_rule.
* ``walks_on_walls(gs, e) -> bool`` -- True: at level 1 the bearer's moves (Mover, Correr, Cargar, ...) go over the
  climbable pieces taller than its chest as easy terrain, their faces' height up and down counting as K of the move
  (TRT-SPIDER, geometry.walls). Called by ``walks_on_walls`` and ``move_board`` from rules.actions.movement.
  → terrain_rule.
* ``breathes_underwater(gs, e) -> bool`` -- True: the bearer may end a swim underwater, at level −1 inside the water,
  and swim on there (TRT-FISH, MOV-10). Called by ``breathes_underwater`` from Nadar (rules/actions/terrain_moves.py).
  → height_rule.
* ``fall_damage(gs, e, dmg) -> int`` -- the DMG of the character's fall (MVA-9's table; 0: no hit) as the trait
  changes it (TRT-FALL-WITH-STYLE). Called by ``fall_dmg`` from ``rules.actions.falling.fall``. → height_rule.
* ``jump_own_height(gs, e) -> bool`` -- True: the bearer jumps as high as itself: Subir a un alto's multiplier is at
  least × 1 (MVA-13) and a Salto de longitud clears obstacles up to its own height, not only its chest (MVA-12;
  TRT-JUMPER). Called by ``jumps_own_height`` from rules/actions/terrain_moves.py. → height_rule.
* ``move_allowance(gs, e, key) -> float | None`` -- K added to the allowance of the movement action ``key`` (run,
  sprint, charge, ...). Called by ``allowance_bonus``. → mov_mod.
* ``move_boost(gs, e, key) -> MoveBoost | None`` -- an optional boost of movement action ``key`` (Mover, Correr,
  Esprintar, Mover sin hacer ruido): ``k`` K more, at ``wounds`` wounds to the mover (no CH DEF, no CH PSI, G7),
  taken by the action's ``boost`` parameter = the trait ID (TRT-FIRE-IN-THE-VEINS). Called by ``move_boosts``
  from rules/actions/movement.py, which offers the boosted paths as candidates. → mov_mod.
* ``aura_move_boost(gs, e, bearers, key) -> MoveBoost | None`` -- the same, offered by an allied aura (the
  bearers other than `e` on the table and able; TRT-CRY-OF-BLOOD). → mov_mod.
* ``movement_restriction(gs, e, key) -> None`` -- raise ``RuleViolation`` (naming the trait) when the character
  may not take movement action ``key`` (cannot run, cannot sprint). Called by ``rules.restrictions.check``.
  → mov_mod.
* ``fire_mode(weapon) -> FireMode | None`` -- a fire mode the weapon's trait offers, chosen per attack: Ataque a
  distancia's optional ``mode`` parameter names the trait; the engine offers the shot with and without it
  (ENE, DMG and RNG as ``FireMode`` says; TRT-HEAVY-FIRE, TRT-LONG-RANGE-FIRE). Called by ``fire_modes``.
  → ene_mod.
* ``melee_mode(weapon) -> FireMode | None`` -- as ``fire_mode``, a melee mode (``FireMode.melee``) offered on
  Ataque CaC's ``mode`` (TRT-LONG-GRIP: DMG +1 and a mark). Called by ``fire_modes``. → dmg_mod.
* ``melee_as_rng0(weapon) -> bool`` -- True: the weapon (RNG > 0) counts as RNG 0 in melee: CBA-8's melee attack
  with it needs no second CH IMP (TRT-SHORT-WEAPON, RNG up to 5). Called by ``counts_as_melee``.
  → equipment_rule.
* ``shot_target(gs, e, weapon, target, nearer) -> None`` -- raise ``RuleViolation`` when the shooter (a trait of
  its own or of its weapon) may not shoot this ranged attack at `target` (None: an aim point); ``nearer()`` is an
  enemy nearer than `target` the same action could shoot at, or None (TRT-SHAKY-HANDS). Called by
  ``check_shot_target`` from the ranged attack actions. → unique_rule.
* ``melee_reach(weapon) -> float | None`` -- K up to which the weapon's melee attacks reach an enemy out of base
  contact (seen: in the FOV, with LOS; TRT-VERY-LONG-WEAPON: 2 K). Called by ``melee_reach`` from the melee
  attack actions. → rng_mod.
* ``status_check_mod(gs, e, attribute, kind) -> Modifier | None`` -- a modifier a state left on `e` by an enemy's
  trait gives its checks (the handler reads the state; every registered handler is asked; TRT-STUN-AMMO: −1).
  Called by ``status_mods`` from ``rules.modifiers.character_mods``. → check_mod.
* ``status_attributes(gs, e, attrs) -> Attributes`` -- `e`'s attributes as a state on it changes them (the handler
  reads the state; every registered handler is asked, before the ``attributes`` handlers; TRT-VITAMIN-COCKTAIL: one
  level up or down, so the checks and the derived values follow). Called by ``attributes``. → check_mod.
* ``reaction_denied(gs, e) -> bool`` -- True: a state an enemy's trait left on `e` keeps it from reacting
  (TRT-STUN-AMMO). Called by ``reaction_denied`` from ``rules.windows`` (a reaction's legality). → reaction_rule.
* ``area_code(weapon) -> str | None`` -- the area code an attack with the weapon takes when declared (a
  single-target weapon becomes an area weapon; TRT-CLUSTER-AMMO: R(DMG / 2)). Called by ``weapon_area`` from
  ``match.setup.weapon_of`` and ``rules.areas`` (aiming). → area.
* ``area_dmg_plus(weapon, gap) -> int | None`` / ``area_dmg_factor(weapon) -> Fraction | None`` -- a ± DMG of the
  weapon's area for a mini `gap` K from its centre (TRT-WANING-AREA) / a ×/÷ factor of it (TRT-CLUSTER-AMMO), in
  CMB-4's order with ARE-6's partial /2, rounded once. Called by ``area_dmg_terms`` from ``rules.areas``.
  → dmg_mod.
* ``double_hit(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- True: each hit strikes twice: the target
  makes two separate CH DEF, each against the full DMG, and one CH PSI after both (TRT-EXPLOSIVE-AMMO; on an
  area each covered mini takes two hits: ``double_hits``, called with ``gs``, bearer and target None). → on_hit.
* ``charge_attack(gs, e, weapon, target) -> None`` -- `e` makes with this weapon the melee attack its charge set up
  (CBA-12: the charge bonuses apply; TRT-CHARGE-WEAPON leaves its DEF −2). Called by ``charge_attack`` from the
  melee attack actions. → def_mod.
* ``status_def_mod(gs, bearer, attacker, target, weapon, ranged) -> int | None`` -- a ± DEF of attacks on a target
  carrying a state an earlier trait effect left (the handler reads the state; every registered handler is asked;
  TRT-CHARGE-WEAPON: −2 while that melee lasts). Asked by ``combat_terms``. → def_mod.
* ``min_range(weapon) -> float | None`` -- K within which the weapon cannot fire (a target, or an aim point, at
  that distance or nearer is refused; TRT-BLIND-ZONE: 5 K per level). Called by ``min_range`` from the ranged
  attack actions. → rng_mod.
* ``los_waived(gs, weapon, x, y, z) -> bool`` -- True: an area attack with the weapon may be aimed at the point
  (x, y), sample height z, without line of sight (ENV-2; TRT-STRIKE-OF-THE-GODS: a point under open sky). Called
  by ``los_waived`` from ``rules.areas.aim_at_point``. → los_rule.
* ``area_mode(weapon) -> FireMode | None`` -- as ``fire_mode``, a mode of an area weapon's attack (``FireMode.area``:
  the area code it takes instead; TRT-FOCUSED-ARC: G l/d → L l, DMG +2). Called by ``fire_modes``. → area.
* ``marked_def_mod(gs, bearer, attacker, target, weapon, ranged) -> int | None`` -- a ± DEF of attacks on a
  character whose ``Effects.spent`` holds the trait's ID (a mark its own attack mode left until its next
  activation; ``bearer`` is the target; TRT-LONG-GRIP: −1). Asked by ``combat_terms``. → def_mod.
* ``qua_plus(weapon) -> int | None`` -- a ± on the weapon's QUA when a game is set up (minimum 1;
  TRT-DRAGONS-BREATH-AMMO: −1). Called by ``weapon_quality`` from ``match.setup.weapon_of``. → equipment_rule.
* ``scatter_factor(weapon) -> Fraction | None`` -- a factor on the distance an area attack with the weapon
  disperses (BAS-4, rounded once; TRT-STABILISED-AMMO: 1/2). Called by ``scatter_factor`` from
  ``rules.areas.disperse``. → dispersion.
* ``scatter_reroll(weapon) -> bool`` -- True: the weapon's user may reroll an area attack's dispersion (dice and
  direction; once; TRT-AIM-CORRECTOR). Asked through ``scatter_reroll`` by ``rules.areas`` after a dispersion is
  rolled, of the weapon's traits, then of the objects its user holds (``ON_OBJECTS``); the engine takes the reroll for the controller when ``rules.traits.devices.aim_lost`` says the first roll
  lost the aim. → reroll.
* ``rng_plus(weapon) -> int | None`` / ``rng_factor(weapon) -> Fraction | None`` -- a weapon's RNG: (RNG + pluses)
  × factors, rounded once (BLD-14, G5); applied to the weapon in play when a game is set up
  (``weapon_range``). → rng_mod.
* ``reroll(gs, e, attribute, kind) -> 'any' | 'nofumble' | 'fumble' | None`` -- the bearer (or a check made with
  the weapon carrying the trait) may reroll a failed check (G2: once, whatever the sources; 'nofumble': not a
  fumble; 'fumble': only a fumble, TRT-TRAINED-TO-KILL; 'nofumble' and 'fumble' from two sources make 'any').
  ``attribute`` is None and ``kind`` 'DEF' for a CH DEF. The engine takes the reroll for the controller (see
  ``aura_reroll``). Called by ``reroll_source``. → reroll.
* ``reroll_taken(gs, e) -> None`` -- `e` has just rerolled a check by this trait's ``reroll``: a trait with a use
  limit records the use (TRT-CHI-CONTROL: in ``Effects.spent``, cleared when `e`'s next activation starts).
  Called by ``reroll_taken``; ``reroll_source`` prefers an unlimited source to a limited one. → once_per_turn.
* ``fumble_range(gs, e) -> int | None`` -- the lowest die that fumbles on every check of the bearer (CHK-2: 10;
  TRT-UNLUCKY: 9; the lowest answer stands; "always passes" beats it, G10). Called by ``fumble_floor`` for every
  check a character rolls (its own, CH IMP, CH DEF, opposed) and by the odds. → on_fumble.
* ``auto_pass(gs, e, attribute, kind) -> bool`` -- the bearer's check always passes, even on a 10 (no fumble,
  G10). Called by ``always_passes``. → auto_pass.
* ``auto_critical(gs, e, attribute, kind) -> bool`` -- the bearer's check is always a critical success (passes,
  with the critical's effects; a trait forbidding criticals leaves it a pass, G10; TRT-GOD-OF-*). Called by
  ``always_critical``. → on_crit.

**Aura hook points** (G1, G10: a handler is asked once per trait, with every bearer on the table and able to
act other than the character itself; the handler measures its range and checks the side):

* ``aura_check_mod(gs, e, bearers, attribute, kind) -> Modifier | None`` -- a modifier an aura gives `e`'s
  check; all answers apply. Called by ``rules.modifiers.character_mods``. → aura_ally.
* ``aura_check_base(gs, e, bearers, attribute, kind) -> int | None`` -- a value `e` may use instead of its own
  attribute for the check (the best offered is used). Called by ``rules.modifiers.roll_character_check``.
  → aura_ally.
* ``foe_aura_check_mod(gs, e, bearers, attribute, kind) -> Modifier | None`` -- as ``aura_check_mod``, an enemy's
  aura (Hálito de ...). → aura_enemy.
* ``foe_aura_attributes(gs, e, bearers, attrs) -> Attributes`` -- an enemy aura that changes `e`'s attributes
  (Anulador de ...: halved within 2 K); called by ``attributes``. → aura_enemy.
* ``aura_attack_mod(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None`` -- a CH IMP modifier an
  aura gives an attack (Grito de fuego, Grito de odio, Grito de oscuridad); called by ``combat_terms``.
  → aura_ally.
* ``aura_def_check_mod(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None`` -- a CH DEF modifier
  an allied aura gives (Presencia de protección, Grito de puntería). → aura_ally.
* ``foe_aura_def_check_mod(gs, bearers, attacker, target, weapon, ranged) -> Modifier | None`` -- the same from an
  enemy aura (Hálito de podredumbre). → aura_enemy.
* ``aura_dmg_mod(gs, bearers, attacker, target, weapon, ranged) -> int | None`` -- a ± DMG term of an allied aura
  (Grito de muerte, Grito de combate). → aura_ally.
* ``foe_aura_dmg_mod(gs, bearers, attacker, target, weapon, ranged) -> int | None`` -- the same from an enemy aura
  (Grito de hielo). → aura_enemy.
* ``aura_ene_mod(gs, bearers, actor, action, weapon, target) -> int | None`` -- a ± ENE term of an ally's action
  (Grito de maestría); called by ``cost_terms``. → aura_ally.
* ``aura_move_allowance(gs, e, bearers, key) -> float | None`` -- K an allied aura adds to the allowance of `e`'s
  movement action ``key`` (Grito berserker: charge +2 K); called by ``allowance_bonus``. → aura_ally.
* ``aura_move_end(gs, e, bearers, end) -> None`` -- raise ``RuleViolation`` when an aura forbids `e`'s move to end
  with its base centred at ``end`` (TRT-STINKY); called by ``check_move_end`` from
  ``rules.actions.movement.prepare_path`` (every move, charge and carry). → unique_rule.
* ``aura_ene_gain(gs, e, bearers) -> int | None`` -- ENE an allied aura adds to `e`'s gain at the start of its
  activation (Genio estratega; ENE-3, before the cap). → aura_ally.
* ``foe_aura_ene_gain(gs, e, bearers) -> int | None`` -- the same from an enemy aura (Hálito de hambre).
  → aura_enemy.
* ``aura_reroll(gs, e, bearers, attribute, kind) -> bool`` -- True: `e` may reroll a failed check (G2: once,
  whatever the sources). The engine takes the reroll for the controller on every failed result, fumbles
  included: the new die passes at least as often as it fumbles for any target ≥ 1, and a rerolled fumble loses
  its side effects (G2). Called by ``rules.modifiers.roll_character_check``. → reroll.

**Metahability hook points** (rules/traits/metahabilities.py; ``m`` is a metahability as carried,
``core.components.Metahability``; rules/metahabilities.py calls them):

* ``meta_kind(m) -> str`` -- the type trait's attribute for the metahability's check (MET-1, CMB-13).
* ``meta_school(gs, e) -> str`` -- the kind (type trait ID) a bonus lets its bearer use (MET-1).
* ``meta_effect(gs, ctx, caster, target, m) -> None`` -- what a successful use does at once (MET-2).
* ``meta_grants(gs, caster, target, m) -> tuple[str, ...]`` / ``hex_malus(...)`` / ``lent_bonus(...)`` -- trait
  IDs the target carries while the effect lasts (MET-3..5; TRT-MAGIC-CALM, TRT-HEX, TRT-PSYCHIC-ENERGY).
* ``meta_negates(gs, caster, target, m) -> tuple[str, ...]`` -- trait IDs the target loses while it lasts
  (TRT-NEGATE).
* ``meta_cancels(gs, caster, target, m) -> int | None`` -- the uid of the effect on the target it suspends
  (TRT-MAGIC-NULLIFY).
* ``no_reactions(gs, e) -> bool`` -- True: the character cannot react (rules.reactors survey; TRT-MAGIC-CALM).
* ``stress_for_ene(gs, e) -> bool`` -- True: it may take +1 stress for +3 ENE (TRT-PSYCHIC-ENERGY).
* ``resonator(gs, e) -> bool`` -- True: a neuromancer may cast an invocation from `e` (Usar una metahabilidad's
  ``origin``: RNG, FOV and LOS are `e`'s; `e` resists an enemy caster with a CH VOL ENF, else takes 1 stress and a
  CH PSI; TRT-RESONATOR). Called by ``resonates`` from ``rules.metahabilities``. → metaability.
* ``not_living(gs, e) -> bool`` -- True: not a living character (MET-8; TRT-NON-LIVING).
* ``substance_immunity(gs, e) -> Iterable[str]`` -- the elements (wartime/core/elements.py keys) the bearer is
  immune to: a hit with a weapon delivering one leaves it no wounds (``combat_terms``: DMG 0, no corrosion wound),
  a hit of no weapon delivering one deals it DMG 0 (``substance_terms``) (TRT-NON-LIVING: poison and disease).
* ``hack_dmg(gs, e) -> int`` -- stress DMG added to its Corromper / Hackear (CBA-18; TRT-SHIN: a race's, and a
  carried metahability's to the hacking made with the attribute of its kind).
* ``meta_void(gs, e, caster) -> bool`` -- True: `e` uses its trait's once-a-turn chance to cancel an enemy
  `caster`'s metahability about to take effect on it (the handler records the use); rules.metahabilities rolls
  its 1D10 (TRT-VOID-RUNES). Called by ``meta_void`` from ``rules.metahabilities.cast`` / ``maintain``.
  → metaability.
* ``meta_ene_mod(gs, e, m) -> int | None`` -- a ± ENE on the caster's use (MET-2) or maintenance (MET-6) of
  metahability ``m`` (TRT-RUNE-MASTER: −1 on an invocation; minimum 1, ENE-1). Called by ``meta_ene``. → ene_mod.

**Protection hook points** (rules.traits.protections; a protection's traits act for its wearer while it is worn
and not disabled, G10):

* ``shield_check(gs, e, halved) -> bool`` -- against a ranged attack (not an automatic hit), before the CH DEF and
  after the CMB-18 cover check: the handler rolls the bearer's shield DEF check (and loses its level on a failure);
  True stops the attack (TRT-ENERGY-SHIELD). `halved`: the attack's trait halving the check target, or None
  (TRT-MAGNETIC-AMMO). Called by ``shield_stops`` from ``rules.combat.resolve_hit``. → def_mod.
* ``shield_target(gs, e, halved) -> int | None`` -- the target of that shield check if it would be rolled now
  (level 1 or more), for the exact odds (``shield_targets``). → def_mod.
* ``shield_halved(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- an attack hook: True halves the
  target's energy-shield check targets (TRT-MAGNETIC-AMMO; ``CombatTerms.shield_halved``). → def_mod.
* ``absorb_levels(gs, e) -> int`` -- the wounds a ``wound_absorb`` trait can still absorb (its levels), for the
  exact odds (``absorb_capacity``). → on_wounded.
* ``hit_without_def(gs, bearer, attacker, target, weapon, ranged) -> bool`` -- a weapon's: True: its hit makes no
  DEF check and deals no damage, only its on_hit effects (TRT-SHIELD-NULLIFIER; ``hits_without_def``, asked by
  ``rules.combat.resolve_attack`` and ``rules.areas``). → on_hit.
* ``rng_unlimited(weapon) -> bool`` -- a weapon's: True: no maximum range (CMB-10's RNG; TRT-INFINITE-RANGE;
  ``unlimited_range``, asked by the ranged attack's target check and an area's aim; outside the FOV the attack
  scatters: rules.scattered_shots). → rng_mod.
* ``regenerates(weapon) -> bool`` -- a weapon's: True: it regains a round with its own action (Regenerar munición,
  rules/actions/fire_actions.py; TRT-REGENERATING-AMMO; ``regenerates``). → extra_action.
* ``level_reach(weapon) -> bool`` -- a weapon's: True: it attacks minis at any altitude level (MOV-11;
  TRT-ATA-WEAPON; ``any_level``, asked by the ranged attack's target check). → height_rule.
* ``hit_area(gs, bearer, attacker, target, weapon, ranged) -> HitArea | None`` -- a weapon's: an area its hit leaves
  where the target stands (TRT-RADIOACTIVE-AMMO; ``hit_areas``, placed by ``rules.combat.place_hit_areas``). → area.
* ``opposed_reroll(gs, e, attribute) -> bool`` -- True: `e`, the target of an action, may reroll its opposed check of
  `attribute` when it loses (once, G2; TRT-REJECTION-RUNES; ``opposed_reroll``). → reroll.
* ``meta_fumble_safe(gs, e) -> bool`` -- True: a fumbled metahability check of the bearer has no CH PSI (MET-7's
  dangers; TRT-PROTECTION-RUNES; ``meta_fumble_safe``). → on_fumble.
* ``opposed_check_mod(gs, e, attribute) -> Modifier | None`` -- a modifier on the bearer's own opposed check of
  `attribute` (CHK-4, CH ATR ENF: Robar energía, MET-5; TRT-COMBAT-RUNES; ``opposed_mods``). → check_mod.
* ``def_confirm(gs, e) -> bool`` -- True: a CH DEF the bearer passed is rolled again and the second result stands
  (TRT-PIRATE-SUPPLIER). Called by ``def_confirmation`` from ``rules.combat.resolve_hit``. → reroll.
* ``wound_absorb(gs, e, wounds) -> int`` -- last at CMB-4's wound stage: how many of the wounds the bearer's trait
  absorbs (it loses its levels itself; TRT-LEATHERY-SHIELD). Called by ``absorb_wounds``. → on_wounded.
* ``cover_def(gs, e) -> int | None`` -- DEF added (target and DEF subtracted) when the bearer's cover counts
  against an attack (CMB-17 over 50 %, CMB-18 100 %; TRT-SHADOW). Called by ``cover_def_bonus``. → def_mod.
* ``def_fixed(gs, e) -> bool`` -- True: the bearer's DEF is a fixed value now (CMB-3 ruling), so the DEF its traits
  add behind cover (``cover_def``, TRT-SHADOW) does not count (TRT-FRENZY's DEF = 0 after a frenzied attack).
  Called by ``cover_def_bonus``. → def_mod.
* ``hide_anywhere(gs, e) -> bool`` -- True: the bearer may take Esconderse (GNA-9) without cover (TRT-SHADOW).
  Called by ``hides_anywhere`` from ``rules.hiding.hiding_problem``. → los_rule.
* ``fit_slack(protection) -> int | None`` -- points of |SIZ − CON| the protection's fit penalty forgives (MOD-6;
  TRT-ADJUSTABLE). Called by ``fit_slack`` from ``rules.modifiers.fit_penalty``. → equipment_rule.
* ``trade_denied(item) -> bool`` -- True: the weapon or protection cannot be traded with Comerciar (GNA-3;
  TRT-LABORIOUS). Called by ``untradeable`` from the Comerciar action. → equipment_rule.
* ``equip_denied(gs, e, item) -> bool`` -- True: character `e` may not be equipped with the weapon or protection
  (TRT-HUGE without a worn TRT-MEGA-ARMOUR), nor have the object or take over the transport (TRT-REQUIRES without
  its bonus); Comerciar and Saquear do not hand it to `e`, Tomar el transporte refuses it. Called by
  ``item_denied`` (and ``equip_problem``). → equipment_rule.
* ``held_denied(gs, e, gear, carried) -> bool`` -- True: the held object's passive effects (its bearer traits and
  levels, GNA-16 / G10) do not reach its holder `e`, judged on the trait IDs `carried` it has besides its objects'
  (TRT-REQUIRES: a holder that does not meet its requirement, however it came by it). Called by ``withheld`` from
  ``character_traits`` and ``held_levels``. → equipment_rule.
* ``gear_denied(kind, ene, rng, natural) -> bool`` -- True: the bearer may not take, carry or drive equipment of
  `kind` ('weapon', 'protection', 'object', 'transport') with ENE `ene`, RNG `rng`, natural or not (its material;
  TRT-CLAWS-AND-TEETH: natural protections of ENE 0 only; TRT-ANIMAL: no transport, no non-natural RNG > 0). Called by
  ``gear_denied`` when a list is fielded (match.trait_gear) and by ``equip_problem``. → equipment_rule.
* ``natural_dmg(gs, e) -> int | None`` -- the DMG of the bearer's unarmed melee attack instead of CBA-10's, with no
  wound cap (TRT-CLAWS-AND-TEETH: CON / 2). Called by ``natural_dmg`` from ``rules.combat`` and ``rules.odds``.
  → dmg_mod.
* ``leap(gs, e) -> Leap | None`` -- a jump the bearer's trait gives it: reach, ENE, and what a rough take-off or
  landing does (TRT-SUPER-JUMP; the action Súper salto, rules/actions/super_jump.py). Called by ``leap``. → height_rule.
* ``volley(weapon) -> bool`` -- True: the weapon fires together with the bearer's other such weapons in one volley
  (TRT-SWARM-WEAPON; the action is rules/actions/swarm_volley.py). Called by ``volley_weapons``. → extra_action.
* ``aura_crit_extra(gs, e, bearers, weapon_index, ranged) -> bool`` -- `e` just rolled a critical on a hit check with
  its weapon `weapon_index` (None: unarmed); an allied aura (``bearers``: its bearers other than `e`) may owe it an
  extra attack and mark it (TRT-VETERAN-CRY: rules/extra_attacks.py asks it at once). Called by ``critical_rolled``
  from ``rules.combat`` and ``rules.areas``. → aura_ally.
* ``aura_bodyguard(gs, e, bearers) -> bool`` -- a marker: the bearer may take a ranged hit on an ally within 3 K
  (TRT-BODYGUARD); its able bearers are found as an aura's (``aura_bearers``) by rules/bodyguard.py, which asks
  them mid-attack (called from ``rules.combat``). → aura_ally.
* ``proximity_trigger(weapon) -> ProximityTrigger | None`` -- how the weapon, left on the table with Soltar (GNA-15),
  goes off when a mini's movement first comes within its RNG K of it (TRT-ACTIVATION-AREA; TRT-AUTONOMOUS-BOMB: at
  the intruder, only if its move covers 5 K or less). Called by ``proximity_trigger`` from ``rules.placed``, which
  cuts the move there (rules/actions/movement.py ``apply_move``). → reaction_rule.
* ``remote_trigger(weapon) -> str | None`` -- the rule by which the weapon, placed on the table, is set off by its
  controller whenever it wants, without line of sight (TRT-REMOTE-CONTROL; the action is
  rules/actions/charges.py). Called by ``remote_trigger``. A weapon with either hook is a "bomb or similar" for
  Soltar (``placed_charge``: it costs the weapon's ENE to drop). → unique_rule.
* ``negates(gs, e) -> Iterable[str]`` -- trait IDs that have no effect in any interaction with the bearer or its
  actions (TRT-NEGATE): ``character_traits`` leaves them out of its own, and ``combat_terms`` (both sides, the
  weapon and the auras of the attack), ``cost_terms`` (actor and target), ``target_before_attack``,
  ``charge_bonus``, the auras it meets and every helper between two characters (``facing``: hit and kill
  psychology, on-hit, kill and wound replies, targeting, senses, contests, counted wounds) leave them out of the
  others'; an effect on several characters spares those cancelling it (``spared``). A characteristic among them
  (``NEGATED_CHARACTERISTICS``: CON, AGI, INT, VOL, DEF, DMG): the other's counts 0 in an interaction with the
  bearer (``seen_attribute``: the target's DEF in the bearer's attack, the DMG and CON of an attack on it, the base
  of a check naming the other side); ENE, RNG, QUA, SIZ, MOV (issue 16) are asked through ``cancels`` where
  their number enters (registry.NEGATED_CHARACTERISTICS' comment). Read through ``negated``. → unique_rule.

* ``fortune_uses(gs, e) -> Iterable[str]`` -- the alternatives of the bearer's once-per-turn Fortune
  (TRT-FORTUNE: ignore a hit's damage or a fumble, cancel a die, recover a wound, success target +1, DMG +1; the
  keys of rules/fortune.py), offered as questions by rules/fortune.py at the moment each applies. Read through
  ``fortune_uses``. → once_per_turn.

**Adding a trait**: one handler module here (or a function in the module of its family), registered with
``register(trait_id, name, hooks={...})``, and one test named after the trait ID. **Adding a hook point**: name it
in ``HOOKS`` (registry.py) with its catalogue hook in ``CATALOGUE_HOOK``, document it above, and give the rules
one helper in registry.py that calls it.
"""

from __future__ import annotations

from wartime.rules.traits.registry import (CATALOGUE_HOOK, CATALOGUE_HOOKS, HOOKS, LeftArea, MoveBoost, PsiCheck, Scatter,
                                           TakeOff, TraitPlugin, activation_start, attributes, aura_active,
                                           aura_bearers, aura_check_mods, before_attack, character_traits,
                                           CombatTerms, NO_TERMS, check_base, check_mods, check_weapon_ready,
                                           combat_terms, combat_traits, covert_arrival, dispersion, display_name, granted_actions,
                                           always_passes, always_critical, fumble_floor, sees_through_smoke, sees_in_dark, is_lit, mark_field, throws_scenery, rerolls, cost_terms, weapon_range, allowance_bonus,
                                           restrict_movement, restrict_reaction, restrict_targeting, vol_reach, check_move_end, ene_gain_bonus, targeted_check_mods, move_boosts, start_psi, StartPsi, panic_immune, action_check_mods,
                                           fieldable, fielding_problem, flight_levels, handlers, left_areas,
                                           lifts_level3_limits, plugins, register, registered, reloaded,
                                           reroll_source, restrict_action, restricts_actions, take_off_landing, unregister,
                                           weapon_fired, weapon_is_quiet, turn_start, activation_end_wounds,
                                           kill_heal, initiative_bonus, fov_bonus, check_weapon_usable, usable_refusal,
                                           weapon_fumbled, hit_psi, weapon_wear, Wear, terrain_surcharge, got_hit,
                                           fall_dmg, jumps_own_height, death_denied, down_recoveries, death_blasts,
                                           after_hit, charge_bonus, riposte_dmg, fumble_dmg,
                                           fumble_wounds, shot_stopped,
                                           use_stress, reroll_taken, throw_profile, concentrate_step,
                                           heal_denied, kill_psi, wounding_ene, got_wounded, died_of_no_attack, killed_someone,
                                           wounded_splash, wounded_someone, weapon_quality, scatter_factor,
                                           FireMode, fire_modes, counts_as_melee,
                                           check_shot_target, melee_reach, status_mods,
                                           reaction_denied, weapon_area, has_area_dmg, area_dmg_terms,
                                           double_hits, charge_attack,
                                           weapon_trait_args, trait_arg, with_trait_arg,
                                           weapon_index, min_range, los_waived,
                                           worn_protections, trait_copies,
                                           shield_stops, def_confirmation, absorb_wounds, cover_def_bonus,
                                           shield_targets, absorb_capacity, any_level, hits_without_def,
                                           opposed_mods, HitArea, hit_areas, opposed_reroll,
                                           meta_fumble_safe, unlimited_range, regenerates,
                                           hides_anywhere, fit_slack, untradeable, equip_problem, gear_denied, natural_dmg, negated,
                                           seen_attribute, cancels, NEGATED_CHARACTERISTICS,
                                           item_denied,
                                           ON_OBJECTS, use_checks, object_check_mods, object_usable, check_object_target, object_effects,
                                           object_used, ObjectEffect, use_psis, object_choices, user_choice_trait, use_effects, object_trait_args,
                                           strength, meta_ene, area_dmg_bonus, structure_dmg, moves_as_mover, breathes_underwater,
                                           walks_on_walls, Stance,
                                           melee_stances, area_def, wounded_reply, death_reply, meta_void, activation_over, ranged_contest,
                                           wounds_counted, ene_pool, spend_ene_pool, area_attack_done, senses,
                                           resonates, substance_terms, stress_hits,
                                           stress_defense, stress_protections, invocation_fumble_floor,
                                           death_explosions, item_blasts,
                                           fumble_blasts, own_fumble_blasts, own_meta_immune, wounded_stress, scatter_reroll,
                                           Suppressed, suppress_bonuses, lift_suppression, Leap, leap,
                                           BonusLossDue, BonusLost, owe_bonus_loss, bonus_options, bonus_loss_due,
                                           lose_bonus, bonus_loss_activation_start, bonus_loss_activation_end,
                                           volley_weapons, critical_rolled, weapon_cost_terms, fortune_uses,
                                           stable_table, hook_carriers, carries_on, own_carries_on, menu_table, traits_kept,
                                           MENU_GATE_TYPES, CARRIER_TYPES)

# the handler modules register themselves on import
from wartime.rules.traits import (area, auras, combat_numbers, costs, criticals, elite, flight,  # noqa: F401
                                  equipment, lifecycle, limbs, movement, psychology, stealth, weapons)
from wartime.rules.traits import ammo, bursts, firing, handling  # noqa: F401  (weapon ammo and fire traits, issue 12)
from wartime.rules.traits.metahabilities import (hack_dmg, meta_grants, meta_handlers, meta_kind,  # noqa: F401
                                                 meta_kind_trait, hostile_grants, lent_bonuses,
                                                 meta_schools, not_living, reactions_barred, stress_for_ene)
from wartime.rules.traits import protections  # noqa: F401,E402  (traits of protections, issue 12)
from wartime.rules.traits.protections import delivered  # noqa: F401,E402  (what a weapon delivers: rules.areas)
from wartime.rules.traits.protections import check_negated, check_reach_negated  # noqa: F401,E402  (TRT-NEGATE: RNG, MOV, ENE)
from wartime.rules.traits import race_more  # noqa: F401  (issue 12: more race traits)
from wartime.rules.traits import race_feats  # noqa: F401,E402  (issue 12: Rematador, Saltador, Artillero, ...)
from wartime.rules.traits import race_extra  # noqa: F401,E402  (issue 12: Mulo, Artificiero, Pez, Maestro rúnico...)
from wartime.rules.traits import objects  # noqa: F401,E402  (after the others: it names traits they register)
from wartime.rules.traits import transport  # noqa: F401,E402  (transport traits; after the modules it extends)
from wartime.rules.traits.vehicles import (drive_strain, ejection, extra_turn, hover, sees_hidden,  # noqa: F401,E402
                                           move_board, sees_target, sight_through, strip_needed,
                                           turn_limit, walks, water_as_land, wreck_blast,
                                           wreck_fires, Wreck, wrecked)  # (issue 16: transport traits)
from wartime.rules.traits.spells import check_meta_target, forced_reach, meta_used  # noqa: F401,E402  (issue 16)
from wartime.rules.traits import weapons_more  # noqa: F401,E402  (more weapon traits, issue 12; after protections)
from wartime.rules.traits import stims  # noqa: F401,E402  (stims: objects taken before a fight)
from wartime.rules.traits import frenzy, psychic, substances  # noqa: F401,E402  (issue 12 group A)
from wartime.rules.traits import devices  # noqa: F401,E402  (issue 12 group C: aiming and marking devices)
from wartime.rules.traits import battle_cries  # noqa: F401,E402  (issue 12, group B: battle cries)
from wartime.rules.traits import combat_feats  # noqa: F401,E402  (issue 12, group D: combat feats)
from wartime.rules.traits import combat_feats2  # noqa: F401,E402  (issue 12: Guardaespaldas, Serpiente, ...)
from wartime.rules.traits import kinds  # noqa: F401,E402  (traits on more archetype kinds; after the modules it extends)
from wartime.rules.traits import scenery  # noqa: F401,E402  (issue 12/16: Luz, Campo de oscuridad; after devices)
from wartime.rules.traits import mines  # noqa: F401,E402  (issue 12: items left on the table)
from wartime.rules.traits.telekinesis import object_mover  # noqa: F401,E402  (issue 16: Magia: telekinesis)
from wartime.rules.traits import kinds2  # noqa: F401,E402  (issue 16: more traits on objects / metahabilities)
from wartime.rules.traits import fortune  # noqa: F401,E402  (issue 12: Fortuna; after objects: it names itself there)
from wartime.rules.traits.registry import (ProximityTrigger, placed_charge, proximity_trigger,  # noqa: F401,E402
                                           remote_trigger)
