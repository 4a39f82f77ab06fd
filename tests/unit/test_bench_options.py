"""`reverie bench consolidate` refuses bad options before it starts anything."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from scripts.cli import app


@pytest.mark.parametrize("args, says", [
    (["--store", "0,0"], "names a value twice"),
    (["--workers", "1,1"], "names a value twice"),
    (["--workers", "one"], "comma-separated integers"),
    (["--store", "-1"], "non-negative"),
    (["--workers", "0"], "at least one worker"),
    (["--embedder", "gpt"], "local or hash"),
    (["--batch-size", "0"], "at least 1"),
    (["--users", "0"], "at least 1"),
])
def test_bad_options_get_a_clear_error(args, says):
    result = CliRunner().invoke(app, ["bench", "consolidate", *args])
    assert result.exit_code == 2
    assert says in " ".join(result.output.split())
