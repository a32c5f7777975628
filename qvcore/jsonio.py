"""Strict JSON for the bridges the browser calls: text in, text out, nothing coerced.

Shared by every game's bridge (``qvcore.jsapi``, ``qvcore.palatinus.jsapi``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .errors import RuleError

#: how deep JSON input may nest; real actions, terms and saves need under ten levels
MAX_DEPTH = 32
#: the largest whole number JavaScript holds exactly (Number.MAX_SAFE_INTEGER)
MAX_SAFE_INTEGER = 2 ** 53 - 1


def reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def strict_loads(text: Any) -> Any:
    """Strict JSON: text only, no NaN/Infinity, no number too large, nested at most
    ``MAX_DEPTH`` deep (ValueError otherwise, never RecursionError)."""
    if not isinstance(text, str):
        raise ValueError("JSON must be given as text")
    depth = 0
    deepest = 0
    in_string = escaped = False
    for char in text:  # a cheap scan before the parser can recurse
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                raise ValueError("JSON nested too deep")
        elif char in "]}":
            depth -= 1
    try:
        value = json.loads(text, parse_constant=reject_constant, parse_float=finite_float)
    except RecursionError as error:
        raise ValueError("JSON nested too deep") from error
    return value


def finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large")
    return value


def whole(value: Any, rule: str, what: str) -> int:
    """A whole number from the page: a real int, never a float, bool or string (R4)."""
    if type(value) is not int or not -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        raise RuleError(rule, "bad_input", f"{what} must be a whole number",
                        value=repr(value)[:40])
    return value


def reply(run: Callable[[], dict[str, Any]]) -> str:
    try:
        return json.dumps({"ok": True, **run()}, allow_nan=False)
    except RuleError as error:
        data = error.to_dict()
        try:
            return json.dumps({"ok": False, "error": data}, allow_nan=False)
        except (ValueError, TypeError):  # a param the page cannot parse: send it as text
            data["params"] = {k: repr(v)[:40] for k, v in data["params"].items()}
            return json.dumps({"ok": False, "error": data})
