"""The import boundaries are checks that can fail: pipeline/ stays free of I/O libraries,
layers point one way, the client stands alone, and SQL and the ORM stay inside infra/.
Each case adds one module to a skeleton of the packages and says which contract it breaks
(None: it keeps them all)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")
PURE, LAYERS = "pipeline is pure", "Layers point one way"
CLIENT, STORES = "the Python client stands alone", "stores own every query"

#: (module added, its source, the contract it breaks or None)
CASES = [
    ("pipeline/leaky.py", "import sqlalchemy\n", PURE),
    ("pipeline/bad.py", "from infra import clock\n", LAYERS),
    ("schemas/up.py", "from pipeline import fence\n", LAYERS),
    ("reverie_client/inner.py", "from schemas import records\n", CLIENT),
    ("workers/task.py", "from infra import stores\n", None),
    ("infra/more_sql.py", "from sqlalchemy import select\n", None),
    ("workers/task.py", "from sqlalchemy import select\n", STORES),
    ("api/export.py", "from infra.db.models import FactRow\n", STORES),
    ("server/route.py", "import sqlalchemy.orm\n", STORES),
    ("scripts/tool.py", "from infra.db import models\n", STORES),
]


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
    (tmp_path / "infra" / "clock.py").write_text("X = 1\n")
    (tmp_path / "pipeline" / "fence.py").write_text("X = 1\n")
    (tmp_path / "schemas" / "records.py").write_text("X = 1\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")


def test_the_repository_keeps_its_contracts():
    result = _lint(ROOT, ROOT / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(("module", "source", "broken"), CASES)
def test_a_module_keeps_or_breaks_its_contract(tmp_path, module, source, broken):
    _layout(tmp_path)
    (tmp_path / module).write_text(source)
    result = _lint(tmp_path, tmp_path / "pyproject.toml")
    if broken is None:
        assert result.returncode == 0, result.stdout + result.stderr
        return
    assert result.returncode != 0, result.stdout
    assert _verdict(result.stdout, broken) == "BROKEN", result.stdout


def _verdict(report: str, contract: str) -> str:
    """KEPT or BROKEN, as the report says of the contract (a long name wraps its line)."""
    words = " ".join(report.split())
    after = words[words.index(contract) + len(contract):]
    found = {v: after.find(v) for v in ("KEPT", "BROKEN") if v in after}
    return min(found, key=found.__getitem__)
