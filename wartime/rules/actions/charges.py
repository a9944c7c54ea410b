"""The action a placed charge gives its controller (TRT-REMOTE-CONTROL): Detonar a distancia, ENE 1, no check, no
line of sight: in its own activation the character who placed a bomb with Control remoto sets it off (rules/placed.py
``set_off``). Offered only to a character with such a charge on the table (``trait_gated``).

TRT-REMOTE-CONTROL's prerequisite Vulnerable cannot be asked: the source catalogue lost that trait (traits notes G9:
it lies outside A-L and no archetype can carry it), so Control remoto is fielded without it (ruling, as with
Atadura's Titiritero)."""
from __future__ import annotations

from wartime.core.errors import RuleViolation
from wartime.rules import placed
from wartime.rules.actions.base import Action, any_of, register
from wartime.rules.placed import PlacedCharge
from wartime.rules.actions.params import Candidate, Param

#: TRT-REMOTE-CONTROL: "Se activará cuando quiera su controlador (ENE 1)".
ENE = 1


@register
class SetOffCharge(Action):
    """TRT-REMOTE-CONTROL: its controller (ruling: the character who placed it) sets off an operative placed charge
    whenever it wants in its own activation, for ENE 1, without line of sight; it goes off centred on the item."""
    key = "set_off_charge"
    world_reads = (PlacedCharge,)

    def world_gate(self, gs):
        """TRT-REMOTE-CONTROL: no charge is placed on the table (issue 20)."""
        return any_of(gs, PlacedCharge)

    rule = "TRT-REMOTE-CONTROL"
    category = "generic"
    trait_gated = True

    params = (Param("item", "choice", "TRT-REMOTE-CONTROL: the entity id of an operative remote charge it placed"),)

    def candidates(self, gs, actor, space):
        for c in placed.remote_charges(gs, actor):
            yield Candidate(self.key, lambda c=c: {"item": c}, label=f"set off charge {c}")

    def available(self, gs, actor):
        if not placed.remote_charges(gs, actor):
            raise RuleViolation(self.rule, f"{gs.name(actor)} controls no operative remote charge")

    def validate(self, gs, actor, params):
        if params.get("_window") is not None:
            raise RuleViolation(self.rule, "a remote charge is set off in its controller's own activation")
        return placed.need_remote(gs, actor, params, self.rule)

    def cost(self, gs, actor, params, prepared):
        return ENE

    def resolve(self, gs, ctx, charge):
        placed.set_off(gs, ctx, charge, None, self.rule)
