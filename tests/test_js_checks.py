"""The page's typed contract: the protocol's TypedDicts as TypeScript, read by the checker."""

from __future__ import annotations

import subprocess
import typing
from pathlib import Path

import pytest

from qvcore import protocol
from tools import js_checks, protocol_types
from tools.paths import CACHE


def protocol_shapes() -> dict[str, object]:
    """Every TypedDict of qvcore/protocol.py by name."""
    return {name: value for name, value in vars(protocol).items()
            if protocol_types.is_typed_dict(value)}


def test_every_protocol_shape_and_key_is_declared() -> None:
    text = protocol_types.declarations()
    for name, shape in protocol_shapes().items():
        block = text.split(f"export interface {name} {{", 1)[1].split("\n}", 1)[0]
        for key in typing.get_type_hints(shape, vars(protocol)):
            assert f"\n  {protocol_types.property_name(key)}" in block, (name, key)


def test_optional_keys_are_optional_and_required_ones_are_not() -> None:
    text = protocol_types.declarations()
    view = text.split("export interface View {", 1)[1].split("\n}", 1)[0]
    assert "\n  log?: LogLine[];" in view  # NotRequired
    assert "\n  stage: Stage;" in view
    terms = text.split("export interface TermsData {", 1)[1].split("\n}", 1)[0]
    assert "\n  split?: boolean;" in terms  # total=False


@pytest.fixture(scope="module")
def js_tools() -> Path:
    """The pinned checkers (build.py test installs them before pytest runs)."""
    return js_checks.ensure_installed(CACHE)


def check(js_tools: Path, tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """Run the page's TypeScript check over one module under a scratch web/."""
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "probe.js").write_text(source, encoding="utf-8")
    command = js_checks.tsc_command(js_tools, tmp_path, tmp_path / "config")
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


def test_the_checker_accepts_a_key_of_the_view(js_tools: Path, tmp_path: Path) -> None:
    done = check(js_tools, tmp_path, '/** @param {import("qvcore-protocol").View} view */\n'
                 "export const stageOf = (view) => view.stage;\n")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_checker_refuses_a_key_the_view_does_not_have(js_tools: Path, tmp_path: Path) -> None:
    done = check(js_tools, tmp_path, '/** @param {import("qvcore-protocol").View} view */\n'
                 "export const stageOf = (view) => view.no_such_key;\n")
    assert done.returncode != 0
    assert "no_such_key" in done.stdout


def test_every_page_module_is_type_checked() -> None:
    """No module of the page opts out of the checker: each one's JSDoc types pass tsc."""
    web = Path(__file__).resolve().parent.parent / "web"
    skipped = [str(path.relative_to(web)) for path in sorted(web.rglob("*.js"))
               if "@ts-nocheck" in path.read_text(encoding="utf-8")]
    assert not skipped, f"modules that skip the type checker: {skipped}"
