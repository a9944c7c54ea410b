"""Errors every layer raises: rule violations (name the rule) and data errors (name file, field, problem)."""
from __future__ import annotations


class WartimeError(Exception):
    """Base class of the errors the engine reports to a user (never a traceback)."""


class RuleViolation(WartimeError):
    """An action or decision that breaks a rule; `rule_id` names the rule (e.g. ``CMB-10``)."""

    def __init__(self, rule_id: str, message: str):
        self.rule_id = rule_id
        self.message = message
        super().__init__(f"{rule_id}: {message}")


class NotImplementedRule(RuleViolation):
    """A rule the engine does not implement yet: refused clearly, never silently skipped."""

    def __init__(self, rule_id: str, what: str):
        super().__init__(rule_id, f"{what} is not implemented yet")


class RefusedContent(NotImplementedRule):
    """Content a game would field that the engine does not play (traits, metahabilities, objects, transports):
    every occurrence at once, each line naming its rule ID (``problems``: (rule ID, line))."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = list(problems)
        RuleViolation.__init__(self, self.problems[0][0], "the engine refuses what these lists field:\n"
                               + "\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [f"{rid}: {why}" for rid, why in self.problems]


class DataError(WartimeError):
    """One or more problems in a data file: each is (file, field, problem)."""

    def __init__(self, problems: list[tuple[str, str, str]]):
        self.problems = list(problems)
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [f"{f}: {field}: {problem}" for f, field, problem in self.problems]

    @classmethod
    def one(cls, file: str, field: str, problem: str) -> "DataError":
        return cls([(str(file), field, problem)])
