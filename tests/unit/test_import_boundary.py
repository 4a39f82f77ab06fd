"""The import boundary is a check that can fail: pipeline/ stays free of I/O libraries."""
from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(cwd: Path, config: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--config", str(config)], cwd=cwd, capture_output=True,
                          text=True, env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"})


def test_the_repository_keeps_its_contracts():
    result = _lint(ROOT, ROOT / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_pipeline_module_importing_sqlalchemy_breaks_the_contract(tmp_path):
    for pkg in ("schemas", "pipeline", "infra", "workers", "scripts", "api", "server",
                "reverie_client"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "pipeline" / "leaky.py").write_text("import sqlalchemy\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode != 0
    assert "pipeline is pure" in result.stdout and "BROKEN" in result.stdout


def test_a_pipeline_module_importing_infra_breaks_the_layers(tmp_path):
    for pkg in ("schemas", "pipeline", "infra", "workers", "scripts", "api", "server",
                "reverie_client"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "infra" / "db.py").write_text("X = 1\n")
    (tmp_path / "pipeline" / "bad.py").write_text(textwrap.dedent("from infra import db\n"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode != 0, result.stdout
