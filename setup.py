"""Build hook: compile the committed gettext catalogs (.po) into .mo files.

The .mo files are build products and are never committed.  They are written
next to their .po file (so a source checkout or an editable install finds
them) and into the built package as ``explainer/locales`` (so a wheel works).
"""
from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def compile_catalogs(target_root: Path | None = None) -> list[Path]:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po_path in sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as handle:
            catalog = read_po(handle)
        relative = po_path.relative_to(ROOT / "locales").with_suffix(".mo")
        targets = [po_path.with_suffix(".mo")]
        if target_root is not None:
            targets.append(target_root / relative)
        for mo_path in targets:
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            with mo_path.open("wb") as handle:
                write_mo(handle, catalog)
            written.append(mo_path)
    return written


class BuildPyWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        target = None if getattr(self, "editable_mode", False) else Path(self.build_lib) / "explainer" / "locales"
        compile_catalogs(target)


setup(cmdclass={"build_py": BuildPyWithCatalogs})
