"""The page's JavaScript checks: ESLint and the TypeScript checker over JSDoc types (no emit).

The pinned tools (``tools/jstools/package.json`` and its lock) are installed once with
``npm ci`` into ``.cache/jstools-<lock hash>/``. The checker reads the protocol's types generated
from ``qvcore/protocol.py`` (``tools/protocol_types.py``), so the page's JSDoc
``import("qvcore-protocol").View`` is the engine's own ``View``. Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from qvcore.palatinus import protocol as palatinus_protocol
from tools import protocol_types

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "tools" / "jstools"
PINNED_FILES = ("package.json", "package-lock.json", "eslint.config.mjs")
#: the module name the page's JSDoc imports the protocol's types from
PROTOCOL_MODULE = "qvcore-protocol"
#: the same for the Palatinus engine's types (``qvcore/palatinus/protocol.py``)
PALATINUS_PROTOCOL_MODULE = "qvcore-palatinus-protocol"


class JsToolsError(Exception):
    """The pinned JavaScript tools could not be installed; the message says why."""


def tools_dir(cache: Path) -> Path:
    """Where this set of pins is installed: one folder per lock file."""
    digest = hashlib.sha256((PINS / "package-lock.json").read_bytes()).hexdigest()[:12]
    return cache / f"jstools-{digest}"


def ensure_installed(cache: Path) -> Path:
    """Install the pinned tools with ``npm ci`` unless they are there; return their folder."""
    folder = tools_dir(cache)
    done = folder / ".installed"
    if not done.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        for name in PINNED_FILES:
            shutil.copyfile(PINS / name, folder / name)
        npm = shutil.which("npm")
        if npm is None:
            raise JsToolsError("npm is needed to install the page's checkers (ESLint, tsc)")
        code = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=folder, check=False, timeout=900).returncode
        if code != 0:
            raise JsToolsError(f"npm ci failed in {folder} (exit {code})")
        done.write_text("ok\n")
    return folder


def write_tsconfig(folder: Path, root: Path = ROOT) -> Path:
    """Write into folder the protocol's declarations and a tsconfig that checks the JavaScript
    under root/web/; return the tsconfig's path."""
    types = folder / "types" / f"{PROTOCOL_MODULE}.d.ts"
    types.parent.mkdir(parents=True, exist_ok=True)
    types.write_text(protocol_types.declarations(), encoding="utf-8")
    palatinus = types.parent / f"{PALATINUS_PROTOCOL_MODULE}.d.ts"
    palatinus.write_text(protocol_types.declarations(palatinus_protocol), encoding="utf-8")
    config = {
        "compilerOptions": {
            "allowJs": True,
            "checkJs": True,
            "noEmit": True,
            "target": "es2022",
            "module": "esnext",
            "moduleResolution": "bundler",
            "lib": ["es2023", "dom", "dom.iterable"],
            "skipLibCheck": True,
            "strict": False,
            "types": [],
            "paths": {PROTOCOL_MODULE: [f"./types/{types.name}"],
                      PALATINUS_PROTOCOL_MODULE: [f"./types/{palatinus.name}"]},
        },
        "include": [str(root / "web" / "**" / "*.js")],
    }
    path = folder / "tsconfig.json"
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return path


def eslint_command(folder: Path, root: Path = ROOT) -> list[str]:
    """ESLint over web/ with the pinned config."""
    return [str(folder / "node_modules" / ".bin" / "eslint"), "--no-config-lookup",
            "--config", str(folder / "eslint.config.mjs"), "--max-warnings", "0",
            str(root / "web")]


def tsc_command(folder: Path, root: Path = ROOT, config_dir: Path | None = None) -> list[str]:
    """The TypeScript checker over root/web/'s JSDoc types, emitting nothing; its tsconfig is
    written into config_dir (default: the tools' folder)."""
    config = write_tsconfig(config_dir or folder, root)
    return [str(folder / "node_modules" / ".bin" / "tsc"), "--project", str(config),
            "--pretty", "false"]
