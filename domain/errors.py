"""Refusals raised by deciders.

    FracasError
    ├── Refused                 a command that changes nothing; never stored
    │   ├── RuleViolation       a game rule refused it (``rule`` is a rule ID)
    │   ├── CheckFailed         a table check refused it (``rule`` names the check)
    │   └── Forbidden           the sender's role may not do this
    └── EngineError             a bug: the command fails whole, answered ``internal``

``rule`` is what a client shows next to the message: a catalogue rule ID such
as ``VDA-GRAP-07`` or a table check such as ``table.combatant-unknown``.
"""

from __future__ import annotations


class FracasError(Exception):
    """Base of every error the domain raises on purpose."""


class Refused(FracasError):
    code = "refused"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class EngineError(FracasError):
    """The engine caught a decider breaking one of its promises (a refusal after a
    die was drawn). The command writes nothing and its sender is told only that
    the server failed: naming the rule would tell what the dice were."""


class RuleViolation(Refused):
    code = "rule"


class CheckFailed(Refused):
    code = "invalid"


class Forbidden(Refused):
    code = "forbidden"


def require(condition: bool, rule: str, message: str) -> None:
    """Refuse with a :class:`RuleViolation` unless ``condition`` holds."""
    if not condition:
        raise RuleViolation(rule, message)


def check(condition: bool, rule: str, message: str) -> None:
    """Refuse with a :class:`CheckFailed` unless ``condition`` holds."""
    if not condition:
        raise CheckFailed(rule, message)
