"""TypeScript declarations generated from the engine's protocol (``qvcore/protocol.py``).

The TypedDicts there are the one contract between Python and the page; this module writes them
as a ``.d.ts`` file that the TypeScript checker reads when it checks the page's JSDoc types
(``build.py test``; ``python3 build.py types`` writes it for an editor). Nothing is written by
hand twice: a new key in ``protocol.py`` is a new property for the page's checker.

    python3 -m tools.protocol_types > protocol.d.ts
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

from qvcore import protocol

HEADER = ("// Generated from qvcore/protocol.py by tools/protocol_types.py: do not edit.\n"
          "// The JSON shapes of docs/protocol.md, for the page's JSDoc types.\n")


class UnsupportedType(TypeError):
    """A protocol annotation this generator cannot write in TypeScript."""


def is_typed_dict(value: object) -> bool:
    """True for a TypedDict class."""
    return isinstance(value, type) and issubclass(value, dict) and hasattr(value, "__total__")


def ts_type(annotation: object, names: dict[object, str]) -> str:
    """The TypeScript spelling of a protocol annotation."""
    if annotation in names:
        return names[annotation]
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin in (Required, NotRequired):
        return ts_type(args[0], names)
    if annotation is Any or annotation is object:
        return "unknown"
    if annotation is type(None) or annotation is None:
        return "null"
    if annotation is bool:
        return "boolean"
    if annotation in (int, float):
        return "number"
    if annotation is str:
        return "string"
    if origin is Literal:
        return " | ".join(literal(arg) for arg in args)
    if origin in (Union, types.UnionType):
        return " | ".join(ts_type(arg, names) for arg in args)
    if origin is list:
        inner = ts_type(args[0], names)
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is dict:
        return f"Record<{ts_type(args[0], names)}, {ts_type(args[1], names)}>"
    if is_typed_dict(annotation):
        return names.setdefault(annotation, getattr(annotation, "__name__", "Anonymous"))
    raise UnsupportedType(f"no TypeScript spelling for {annotation!r}")


def literal(value: object) -> str:
    """A literal type: JSON strings, numbers, booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, int):
        return str(value)
    raise UnsupportedType(f"no TypeScript literal for {value!r}")


def property_name(key: str) -> str:
    """A property key, quoted when it is not a plain identifier."""
    return key if key.isidentifier() else f'"{key}"'


def interface(name: str, cls: Any, names: dict[object, str],
              module: types.ModuleType = protocol) -> str:
    """One TypedDict as an exported interface; optional keys get ``?``."""
    hints = typing.get_type_hints(cls, vars(module), include_extras=True)
    optional_keys: frozenset[str] = cls.__optional_keys__
    doc = (cls.__doc__ or "").replace("``", "`").strip().splitlines()
    lines = [f"/** {doc[0]} */"] if doc and not doc[0].startswith(name + "(") else []
    lines.append(f"export interface {name} {{")
    for key, annotation in hints.items():
        origin = get_origin(annotation)
        # NotRequired/Required inside string annotations escape __optional_keys__ on 3.11
        is_optional = origin is NotRequired or (key in optional_keys and origin is not Required)
        optional = "?" if is_optional else ""
        lines.append(f"  {property_name(key)}{optional}: {ts_type(annotation, names)};")
    lines.append("}")
    return "\n".join(lines)


def aliases(module: types.ModuleType) -> Iterator[tuple[str, object]]:
    """The module's public type aliases and TypedDicts, in source order."""
    for name, value in vars(module).items():
        if name.startswith("_") or isinstance(value, types.ModuleType):
            continue
        if is_typed_dict(value) or get_origin(value) is Literal:
            yield name, value


def declarations(module: types.ModuleType = protocol) -> str:
    """The whole ``.d.ts`` text for a protocol module."""
    found = list(aliases(module))
    names: dict[object, str] = {value: name for name, value in found}
    header = HEADER if module is protocol else HEADER.replace(
        "qvcore/protocol.py", module.__name__.replace(".", "/") + ".py").replace(
        "docs/protocol.md", "docs/palatinus-protocol.md")
    parts = [header.rstrip("\n")]
    for name, value in found:
        if is_typed_dict(value):
            parts.append(interface(name, value, names, module))
        else:
            parts.append(f"export type {name} = {ts_type(value, {})};")
    return "\n\n".join(parts) + "\n"


def main() -> int:
    """Print the declarations."""
    sys.stdout.write(declarations())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
