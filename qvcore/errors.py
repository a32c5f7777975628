"""The one exception the engine raises for bad input."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .protocol import ErrorData


class RuleError(ValueError):
    """An action, option or save that the rules do not allow.

    ``str(error)`` starts with the rule it breaks, e.g.
    ``"R6.2: leaving office 8 needs 1 more consent"``; ``code`` is a stable
    machine-readable name and ``params`` holds the values in the message.
    """

    def __init__(self, rule: str, code: str, message: str, **params: Any) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.code = code
        self.message = message
        self.params = params

    def to_dict(self) -> ErrorData:
        """The error as JSON-ready data for a front end."""
        return {"rule": self.rule, "code": self.code, "message": str(self), "params": self.params}
