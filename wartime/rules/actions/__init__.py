"""Actions, one module per family (movement, combat, generic); importing this package registers them."""
from wartime.rules.actions import combat, generic, movement  # noqa: F401
from wartime.rules.actions.base import REGISTRY, Action

__all__ = ["REGISTRY", "Action"]
