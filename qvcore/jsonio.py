"""What every game's JSON bridge shares: strict input turned into documented refusals,
whole numbers from JavaScript, and replies as text.

Parsing itself is ``strictjson``'s (length, nesting, no NaN or Infinity); this module turns
its refusals into :class:`RuleError` s with the calling bridge's rule and code. Used by
``qvcore.jsapi`` (Quo Vadis) and ``qvcore.palatinus.jsapi``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import strictjson
from .errors import RuleError
from .strictjson import MAX_SAFE_INTEGER, NotStrictJSON

__all__ = ["NotStrictJSON", "loads", "reply", "strict_loads", "whole"]

#: strict JSON or :class:`NotStrictJSON` (a ValueError): for callers that word it themselves
strict_loads = strictjson.loads


def loads(text: Any, rule: str, code: str, what: str) -> Any:
    """Strict JSON from the page, or the call's documented refusal: ``params.limit`` says the
    text was refused for its length alone."""
    try:
        return strictjson.loads(text)
    except NotStrictJSON as error:
        if error.limit is not None:
            raise RuleError(rule, code, f"{what} is longer than {error.limit} characters",
                            limit=error.limit) from error
        raise RuleError(rule, code, f"{what} is not valid JSON") from error


def whole(value: Any, rule: str, what: str) -> int:
    """A whole number from the page: a real int, never a float, bool or string."""
    if type(value) is not int or not -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        raise RuleError(rule, "bad_input", f"{what} must be a whole number",
                        value=repr(value)[:40])
    return value


def reply(run: Callable[[], dict[str, Any]]) -> str:
    """``{"ok": true, ...}`` with what ``run`` returns, or ``{"ok": false, "error": ...}``
    for the RuleError it raised; always strict JSON text."""
    try:
        return strictjson.dumps({"ok": True, **run()})
    except RuleError as error:
        data = error.to_dict()
        try:
            return strictjson.dumps({"ok": False, "error": data})
        except (ValueError, TypeError):  # a param the page cannot parse: send it as text
            data["params"] = {k: repr(v)[:40] for k, v in data["params"].items()}
            return json.dumps({"ok": False, "error": data})
