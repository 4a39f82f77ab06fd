"""The import boundaries are checks that can fail: pipeline/ stays free of I/O libraries,
and SQL and the ORM stay inside infra/."""
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


def _layout(tmp_path: Path) -> None:
    """A skeleton of the packages the contracts name, with one store importing the ORM."""
    for pkg in ("schemas", "pipeline", "infra", "infra/db", "workers", "scripts", "api",
                "server", "reverie_client"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "infra" / "db" / "models.py").write_text("import sqlalchemy\n")
    (tmp_path / "infra" / "stores.py").write_text("from infra.db import models\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")


def test_the_repository_keeps_its_contracts():
    result = _lint(ROOT, ROOT / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_pipeline_module_importing_sqlalchemy_breaks_the_contract(tmp_path):
    _layout(tmp_path)
    (tmp_path / "pipeline" / "leaky.py").write_text("import sqlalchemy\n")
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode != 0
    assert "pipeline is pure" in result.stdout and "BROKEN" in result.stdout


def test_a_pipeline_module_importing_infra_breaks_the_layers(tmp_path):
    _layout(tmp_path)
    (tmp_path / "infra" / "clock.py").write_text("X = 1\n")
    (tmp_path / "pipeline" / "bad.py").write_text(textwrap.dedent("from infra import clock\n"))
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode != 0, result.stdout


def test_sql_inside_infra_keeps_the_contract(tmp_path):
    _layout(tmp_path)
    (tmp_path / "workers" / "task.py").write_text("from infra import stores\n")
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_worker_importing_sqlalchemy_breaks_the_store_contract(tmp_path):
    _layout(tmp_path)
    (tmp_path / "workers" / "task.py").write_text("from sqlalchemy import select\n")
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode != 0
    assert "stores own every query" in result.stdout and "BROKEN" in result.stdout


def test_an_api_module_importing_the_orm_models_breaks_the_store_contract(tmp_path):
    _layout(tmp_path)
    (tmp_path / "api" / "export.py").write_text("from infra.db.models import FactRow\n")
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode != 0
    assert "stores own every query" in result.stdout and "BROKEN" in result.stdout
