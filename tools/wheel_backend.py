"""The qvcore wheel, zipped byte-reproducibly, and the PEP 517/660 build backend around it.

``pyproject.toml`` names this module as its build backend, so ``pip install .``,
``pip install -e .`` and ``python -m build`` all run the code that ``build.py`` runs for the
site: the same sources give the same wheel, with no setuptools, no network and no ``build/``
or ``.egg-info`` left behind. Standard library only.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import tarfile
import tomllib
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: fixed timestamp for wheel entries, so equal sources give a byte-equal wheel
WHEEL_DATE = (1980, 1, 1, 0, 0, 0)
#: what an sdist holds besides the packages: enough to build the wheel again
SDIST_FILES = ("pyproject.toml", "README.md", "tools/wheel_backend.py")


class WheelError(Exception):
    """The project's metadata cannot make a wheel; the message says why."""


@dataclass(frozen=True)
class Project:
    """What the wheel needs from pyproject.toml."""

    name: str
    version: str
    summary: str
    requires_python: str
    dependencies: tuple[str, ...]
    extras: tuple[tuple[str, tuple[str, ...]], ...]
    packages: tuple[str, ...]

    @property
    def dist_name(self) -> str:
        """The distribution name as it appears in wheel file names (PEP 427)."""
        return self.name.replace("-", "_").replace(".", "_").lower()

    @property
    def dist_info(self) -> str:
        """The wheel's .dist-info directory."""
        return f"{self.dist_name}-{self.version}.dist-info"

    @property
    def wheel_name(self) -> str:
        """The wheel's file name: pure Python, any platform."""
        return f"{self.dist_name}-{self.version}-py3-none-any.whl"


def read_project(root: Path = ROOT) -> Project:
    """Read the project's name, version, dependencies and packages from pyproject.toml."""
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    packages = data.get("tool", {}).get("qvcore-wheel", {}).get("packages", [project["name"]])
    if not isinstance(packages, list) or not all(isinstance(p, str) for p in packages):
        raise WheelError("pyproject.toml needs [tool.qvcore-wheel] packages = [...] as names")
    extras = project.get("optional-dependencies", {})
    return Project(
        name=project["name"],
        version=project["version"],
        summary=project.get("description", ""),
        requires_python=project.get("requires-python", ""),
        dependencies=tuple(project.get("dependencies", [])),
        extras=tuple((name, tuple(reqs)) for name, reqs in sorted(extras.items())),
        packages=tuple(packages),
    )


def package_files(root: Path, packages: Sequence[str]) -> list[tuple[str, bytes]]:
    """Every file of the listed packages (sub-packages and data included, caches left out),
    once each: a listed sub-package of a listed package adds nothing twice."""
    files: dict[str, bytes] = {}
    for package in packages:
        base = root / package.replace(".", "/")
        if not base.is_dir():
            raise WheelError(f"package directory {base} is missing")
        for path in sorted(base.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                files.setdefault(path.relative_to(root).as_posix(), path.read_bytes())
    return sorted(files.items())


def metadata_text(project: Project) -> str:
    """The core metadata (METADATA, PKG-INFO): dependencies and each extra's."""
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project.name}",
        f"Version: {project.version}",
        f"Summary: {project.summary}",
    ]
    if project.requires_python:
        lines.append(f"Requires-Python: {project.requires_python}")
    lines += [f"Requires-Dist: {dep}" for dep in project.dependencies]
    for extra, requirements in project.extras:
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in requirements]
    return "\n".join(lines) + "\n"


def metadata_files(project: Project) -> list[tuple[str, bytes]]:
    """The METADATA and WHEEL files of the wheel's .dist-info directory."""
    wheel = ["Wheel-Version: 1.0", "Generator: qvcore wheel_backend", "Root-Is-Purelib: true",
             "Tag: py3-none-any"]
    return [
        (f"{project.dist_info}/METADATA", metadata_text(project).encode()),
        (f"{project.dist_info}/WHEEL", ("\n".join(wheel) + "\n").encode()),
    ]


def record_line(name: str, data: bytes) -> str:
    """One RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def zip_wheel(dest_dir: Path, project: Project, entries: list[tuple[str, bytes]]) -> Path:
    """Write entries plus METADATA, WHEEL and RECORD as the project's wheel in dest_dir."""
    entries = entries + metadata_files(project)
    record_name = f"{project.dist_info}/RECORD"
    record = [record_line(name, data) for name, data in entries] + [f"{record_name},,"]
    entries.append((record_name, ("\n".join(record) + "\n").encode()))
    dest_dir.mkdir(parents=True, exist_ok=True)
    wheel = dest_dir / project.wheel_name
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=WHEEL_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return wheel


def write_wheel(dest_dir: Path, root: Path = ROOT) -> Path:
    """Write the project's pure-Python wheel into dest_dir, byte-reproducibly, and return it."""
    project = read_project(root)
    return zip_wheel(dest_dir, project, package_files(root, project.packages))


def write_editable_wheel(dest_dir: Path, root: Path = ROOT) -> Path:
    """Write a PEP 660 editable wheel: a .pth file that puts the source tree on sys.path."""
    project = read_project(root)
    pth = (f"{project.dist_name}.pth", (str(root.resolve()) + "\n").encode())
    return zip_wheel(dest_dir, project, [pth])


def write_sdist(dest_dir: Path, root: Path = ROOT) -> Path:
    """Write a source archive that this backend can build the same wheel from."""
    project = read_project(root)
    base = f"{project.dist_name}-{project.version}"
    files = package_files(root, project.packages)
    files += [(name, (root / name).read_bytes()) for name in SDIST_FILES]
    files.append(("PKG-INFO", metadata_text(project).encode()))
    dest_dir.mkdir(parents=True, exist_ok=True)
    sdist = dest_dir / f"{base}.tar.gz"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(files):
            info = tarfile.TarInfo(f"{base}/{name}")
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    sdist.write_bytes(gzip.compress(buffer.getvalue(), mtime=0))  # reproducible too
    return sdist


# --- PEP 517 / PEP 660 hooks --------------------------------------------------------------------

ConfigSettings = Mapping[str, Any] | None


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    """Nothing beyond the standard library."""
    return []


def get_requires_for_build_sdist(config_settings: ConfigSettings = None) -> list[str]:
    """Nothing beyond the standard library."""
    return []


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    """Nothing beyond the standard library."""
    return []


def build_wheel(wheel_directory: str, config_settings: ConfigSettings = None,
                metadata_directory: str | None = None) -> str:
    """PEP 517: build the wheel the site ships; return its file name."""
    return write_wheel(Path(wheel_directory), Path.cwd()).name


def build_editable(wheel_directory: str, config_settings: ConfigSettings = None,
                   metadata_directory: str | None = None) -> str:
    """PEP 660: build an editable wheel; return its file name."""
    return write_editable_wheel(Path(wheel_directory), Path.cwd()).name


def build_sdist(sdist_directory: str, config_settings: ConfigSettings = None) -> str:
    """PEP 517: build the source archive; return its file name."""
    return write_sdist(Path(sdist_directory), Path.cwd()).name
