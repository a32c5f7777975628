"""Strict JSON for the bridges the page calls: text only, no NaN or Infinity, bounded size
and nesting, so that no input can crash the parser or cost more than its length allows.

Both bridges (``jsapi.Table`` for the game, ``bots.bridge.BotHost`` for the bots) read
their input with :func:`loads` and write their replies with :func:`dumps`.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads("[NaN]")
Traceback (most recent call last):
...
qvcore.strictjson.NotStrictJSON: NaN is not JSON
"""

from __future__ import annotations

import json
import re
from typing import Any

#: how deep JSON input may nest; real actions, terms, views and saves need under ten levels
MAX_DEPTH = 32
#: the longest JSON text accepted, in characters: a long V3 series' save or a seat's view with
#: its log is well under a tenth of it; anything longer is refused before it is parsed
MAX_INPUT_CHARS = 2_000_000
#: the largest whole number JavaScript holds exactly (Number.MAX_SAFE_INTEGER)
MAX_SAFE_INTEGER = 2 ** 53 - 1

#: a JSON string, or an unterminated one up to the end: every match attempt succeeds, so the
#: scan stays linear (a pattern that could fail would be retried from every later quote)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SAME_BRACKETS = str.maketrans("{}", "[]")


class NotStrictJSON(ValueError):
    """Input that is not strict JSON within the limits; ``limit`` is set when it is too long."""

    def __init__(self, message: str, limit: int | None = None) -> None:
        super().__init__(message)
        self.limit = limit


def loads(text: Any) -> Any:
    """Parse strict JSON: text of at most ``MAX_INPUT_CHARS`` characters, nested at most
    ``MAX_DEPTH`` deep, with no NaN, Infinity or number too large for a float. Raises
    :class:`NotStrictJSON` (never RecursionError) otherwise."""
    if not isinstance(text, str):
        raise NotStrictJSON("JSON must be given as text")
    if len(text) > MAX_INPUT_CHARS:
        raise NotStrictJSON(f"the text is longer than {MAX_INPUT_CHARS} characters",
                            limit=MAX_INPUT_CHARS)
    if not _nesting_within(text, MAX_DEPTH):
        raise NotStrictJSON("JSON nested too deep")
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except NotStrictJSON:
        raise
    except (ValueError, RecursionError) as error:
        raise NotStrictJSON(f"not valid JSON: {error}") from error


def dumps(value: Any) -> str:
    """Strict JSON text (ValueError on NaN or Infinity, which JavaScript's JSON.parse refuses)."""
    return json.dumps(value, allow_nan=False)


def _nesting_within(text: str, limit: int) -> bool:
    """Whether no bracket outside strings opens deeper than ``limit`` (an unclosed bracket
    counts as open to the end). Works on whole strings (regular expressions and
    ``str.replace``), never character by character in Python."""
    if text.count("[") + text.count("{") <= limit:
        return True
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_SAME_BRACKETS)
    for _ in range(limit):  # each pass removes the innermost pairs: one level of nesting
        inner = brackets.replace("[]", "")
        if len(inner) == len(brackets):
            break
        brackets = inner
    return "[" not in brackets


def _reject_constant(name: str) -> Any:
    raise NotStrictJSON(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise NotStrictJSON(f"{text} is too large")
    return value
