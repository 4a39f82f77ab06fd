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
    (["--llm-sim", "--concurrency", "0"], "at least one thread"),
    (["--llm-sim", "--concurrency", "8,8"], "names a value twice"),
    (["--llm-sim", "--llm-latency-ms", "0"], "must be positive"),
    (["--llm-sim", "--layout", "both"], "split or single"),
    (["--llm-sim", "--hedge", "100"], "a percentile"),
    (["--llm-sim", "--long-runs", "0"], "at least 1"),
])
def test_bad_options_get_a_clear_error(args, says):
    result = CliRunner().invoke(app, ["bench", "consolidate", *args])
    assert result.exit_code == 2
    assert says in " ".join(result.output.split())


def test_the_model_bound_is_the_calls_in_flight_at_most_one_per_session():
    from scripts.bench.consolidate_llm import model_bound
    assert model_bound(256, 1.2, 64) == pytest.approx(4.8)
    assert model_bound(30, 1.2, 64) == pytest.approx(1.2)  # 30 sessions: 30 calls at once
    assert model_bound(8, 1.2, 1) == pytest.approx(9.6)
