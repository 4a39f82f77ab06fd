"""Scenario loading: a bad file stops the run, a bad step fails only its scenario."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.eval import SAMPLES

from scripts.eval.scenario import (
    CHECK_KINDS, ScenarioFileError, load_all, load_scenario, scenario_files,
)

SHARED_DEV = Path(__file__).resolve().parents[2].parent / "shared" / "eval" / "dev"
#: The shared dev set when it is beside the repository, else the samples shipped with it.
DEV = SHARED_DEV if SHARED_DEV.is_dir() else SAMPLES


def _write(tmp_path: Path, doc, name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def _doc(*steps) -> dict:
    return {"format": 1, "name": "x", "namespace": "acme", "user": "u-1", "steps": list(steps)}


SESSION = {"session": {"id": "s1", "started_at": "2026-01-01T10:00:00Z",
                       "turns": [{"role": "user", "text": "I live in Oslo."}]}}


@pytest.mark.skipif(not DEV.is_dir(), reason="shared/eval/dev not beside the repo")
def test_every_dev_scenario_loads_without_problems():
    scenarios = load_all([DEV])
    assert len(scenarios) == len(list(DEV.glob("*.json")))
    assert [s.problem for s in scenarios] == [None] * len(scenarios)
    kinds = {c.body["kind"] for s in scenarios for c in s.checks}
    assert kinds <= set(CHECK_KINDS)


@pytest.mark.parametrize("raw, message", [
    ("{not json", "not valid JSON"),
    ("[]", "JSON object"),
    (json.dumps({"namespace": "a", "steps": []}), "missing top-level 'user'"),
    (json.dumps({"format": 2, "namespace": "a", "user": "u", "steps": []}), "format 2"),
])
def test_a_file_that_is_not_a_scenario_names_the_file(tmp_path, raw, message):
    path = _write(tmp_path, raw, "broken.json")
    with pytest.raises(ScenarioFileError, match=message) as info:
        load_scenario(path)
    assert "broken.json" in str(info.value)


@pytest.mark.parametrize("step, message", [
    ({"teleport": {"at": "2026-01-01T00:00:00Z"}}, "unknown step kind 'teleport'"),
    ({"check": {"kind": "vibes"}}, "unknown check kind 'vibes'"),
    ({"check": {"kind": "current", "predicate": "city"}}, "needs 'expect'"),
    ({"sweep": {"at": "yesterday"}}, "not an ISO-8601 time"),
    ({"session": {"id": "s", "started_at": "2026-01-01T00:00:00Z", "end": "later"}},
     "session end must be one of"),
    ({"session": {"id": "s", "started_at": "2026-01-01T00:00:00Z",
                  "turns": [{"role": "robot", "text": "hi"}]}}, "role must be one of"),
    ({"session": {"id": "s", "started_at": "2026-01-01T00:00:00Z",
                  "claims": [{"predicate": "city", "object": "Oslo", "confidence": 3}]}},
     "claim 0"),
    ({"forget": {"at": "2026-01-01T00:00:00Z"}}, "forget needs"),
    ({"a": {}, "b": {}}, "exactly one key"),
])
def test_a_step_the_runner_cannot_play_fails_only_its_scenario(tmp_path, step, message):
    scenario = load_scenario(_write(tmp_path, _doc(SESSION, step)))
    assert scenario.problem is not None and message in scenario.problem
    assert scenario.problem.startswith("step 2 ")


def test_a_good_scenario_keeps_its_steps_in_order(tmp_path):
    check = {"check": {"kind": "current", "predicate": "city", "expect": ["Oslo"]}}
    scenario = load_scenario(_write(tmp_path, _doc(SESSION, check)))
    assert scenario.problem is None
    assert [s.kind for s in scenario.steps] == ["session", "check"]
    assert scenario.checks[0].label == "step 2 (check: current)"


def test_folders_expand_to_their_json_files_in_order(tmp_path):
    for name in ("b.json", "a.json", "notes.txt"):
        _write(tmp_path, _doc(), name)
    assert [p.name for p in scenario_files([tmp_path])] == ["a.json", "b.json"]
    with pytest.raises(ScenarioFileError, match="no such file"):
        scenario_files([tmp_path / "missing"])
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ScenarioFileError, match="no \\*.json"):
        scenario_files([empty])
