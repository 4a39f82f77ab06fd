"""`reverie eval` end to end: the dev scenario set, the report, and the runner's contract.

The dev set's pass count is reported (printed), not asserted: it measures the system, and
this file tests the runner.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scripts.cli import app
from scripts.eval import SAMPLES

SHARED_DEV = Path(__file__).resolve().parents[2].parent / "shared" / "eval" / "dev"
#: The shared dev set when it is beside the repository, else the samples shipped with it.
DEV = SHARED_DEV if SHARED_DEV.is_dir() else SAMPLES
TOTALS = re.compile(r"^\d+ passed, \d+ failed$")
T0 = "2026-03-01T10:00:00Z"


def invoke(args: list[str], **env):
    base = {"BROKER_URL": None, "OBJECT_STORE_URL": None, "REVERIE_EMBEDDER": "hash",
            "REVERIE_LOG_LEVEL": "ERROR"}
    return CliRunner().invoke(app, ["eval", *args], env={**base, **env})


def last_line(result) -> str:
    return result.stdout.strip().splitlines()[-1]


def check_steps(path: Path) -> list[dict]:
    return [s["check"] for s in json.loads(path.read_text())["steps"] if "check" in s]


def assert_report_adds_up(report: dict) -> None:
    assert {"mode", "extractor", "embedder", "scenarios", "totals"} <= set(report)
    n = 0
    for scenario in report["scenarios"]:
        assert scenario["passed"] + scenario["failed"] == len(scenario["checks"])
        for check in scenario["checks"]:
            assert isinstance(check["kind"], str) and isinstance(check["passed"], bool)
            assert check["passed"] or "seen" in check
            n += 1
    totals = report["totals"]
    assert totals["passed"] + totals["failed"] == totals["total"] == n
    assert sum(k["total"] for k in totals["by_kind"].values()) == n
    assert sum(k["passed"] for k in totals["by_kind"].values()) == totals["passed"]


# ---- the dev set --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def dev_run(pg_server_url, tmp_path_factory):
    if not DEV.is_dir():
        pytest.skip(f"no dev scenarios at {DEV}")
    report = tmp_path_factory.mktemp("eval") / "report.json"
    result = invoke([str(DEV), "--report", str(report)], DATABASE_URL=pg_server_url)
    return result, report


def test_dev_set_runs_and_reports_every_scenario_and_check(dev_run):
    result, report_path = dev_run
    assert result.exit_code == 0, result.output
    report = json.loads(report_path.read_text())
    assert report["mode"] == "full"
    files = sorted(DEV.glob("*.json"))
    names = [json.loads(p.read_text())["name"] for p in files]
    assert [s["name"] for s in report["scenarios"]] == names
    for path, scenario in zip(files, report["scenarios"]):
        assert [c["kind"] for c in scenario["checks"]] == [c["kind"] for c in check_steps(path)]
    assert_report_adds_up(report)
    assert TOTALS.match(last_line(result)), result.stdout
    totals = report["totals"]
    assert last_line(result) == f"{totals['passed']} passed, {totals['failed']} failed"
    for name in names:  # one progress line per scenario
        assert re.search(rf"(PASS|FAIL) {re.escape(name)}  \d+ passed, \d+ failed", result.stdout)
    print(f"\ndev set (full mode): {last_line(result)}")
    for kind, row in totals["by_kind"].items():
        print(f"  {kind:15} {row['passed']}/{row['total']}")


# ---- the runner's contract on small scenarios ---------------------------------------------
def scenario(name: str, user: str, *steps) -> dict:
    return {"format": 1, "name": name, "namespace": "acme", "user": user, "steps": list(steps)}


def session(sid: str, *texts: str, end: str = "event", at: str = T0) -> dict:
    turns = [{"role": "user" if i % 2 == 0 else "assistant", "text": t}
             for i, t in enumerate(texts)]
    return {"session": {"id": sid, "started_at": at, "turns": turns, "end": end}}


@pytest.fixture(scope="module")
def small_run():
    """Five small scenarios on the embedded Postgres, with --data-dir and --report."""
    # Not under pytest's tmp_path: the embedded server runs as another system user when the
    # tests run as root, and pytest keeps its own folders private to the current user.
    root = Path(tempfile.mkdtemp(prefix="reverie-eval-test-"))
    folder = root / "scenarios"
    folder.mkdir()
    docs = {
        "a-good.json": scenario(
            "good", "u-1", session("s1", "I'm planning a trip to Zanzibar.", "Nice."),
            {"check": {"kind": "gone", "at": "2026-03-02T00:00:00Z", "text": "Zanzibar"}},
            {"check": {"kind": "absent", "predicate": "pet"}},
            {"check": {"kind": "opening", "expect_empty": True}}),
        "b-unknown-step.json": scenario(
            "unknown-step", "u-2", session("s1", "hello"), {"teleport": {"at": T0}},
            {"check": {"kind": "absent", "predicate": "city"}}),
        "c-unknown-check.json": scenario(
            "unknown-check", "u-3", session("s1", "hello"),
            {"check": {"kind": "absent", "predicate": "city"}},
            {"check": {"kind": "vibes", "predicate": "city"}}),
        "d-idle-open.json": scenario(
            "idle-open", "u-4", session("s1", "I live in Oslo.", "Nice.", end="idle"),
            session("s2", "I live in Oslo.", end="open", at="2026-03-01T11:55:00Z"),
            {"sweep": {"at": "2026-03-01T12:00:00Z"}},
            {"check": {"kind": "opening", "at": "2026-03-05T12:00:00Z",
                       "expect_empty": False, "must_include": ["day"]}}),
        # Said at 21:00 in Winnipeg, when UTC is already the next day: the runner passes
        # the turn's offset on, and "tomorrow" is Thursday there, not Friday.
        "e-local-evening.json": scenario(
            "local-evening", "u-5",
            session("s1", "I start at Norwind Labs tomorrow.", "Good luck!",
                    at="2026-03-04T21:00:00-06:00"),
            {"check": {"kind": "current", "at": "2026-03-05T09:00:00-06:00",
                       "predicate": "employer", "expect": ["Norwind"]}}),
    }
    for name, doc in docs.items():
        (folder / name).write_text(json.dumps(doc))
    data_dir, report = root / "state", root / "report.json"
    result = invoke([str(folder), "--data-dir", str(data_dir), "--report", str(report)],
                    DATABASE_URL=None)
    yield result, json.loads(report.read_text()) if report.exists() else None, data_dir
    shutil.rmtree(root, ignore_errors=True)


def by_name(report: dict) -> dict[str, dict]:
    return {s["name"]: s for s in report["scenarios"]}


def test_unknown_step_or_check_kind_fails_only_that_scenario(small_run):
    result, report, _ = small_run
    assert result.exit_code == 0, result.output
    assert_report_adds_up(report)
    s = by_name(report)
    assert "unknown step kind 'teleport'" in s["unknown-step"]["error"]
    assert "unknown check kind 'vibes'" in s["unknown-check"]["error"]
    for name in ("unknown-step", "unknown-check"):
        assert s[name]["checks"] and not any(c["passed"] for c in s[name]["checks"])
        assert all(c["seen"].startswith("not run") for c in s[name]["checks"])
    assert "error" not in s["good"] and "error" not in s["idle-open"]
    assert [c["passed"] for c in s["local-evening"]["checks"]] == [True]
    assert [c["kind"] for c in s["good"]["checks"]] == ["gone", "absent", "opening"]
    assert s["good"]["checks"][1]["passed"] and s["good"]["checks"][2]["passed"]
    assert TOTALS.match(last_line(result))


def test_gone_finds_text_the_user_never_asked_to_forget(small_run):
    _, report, _ = small_run
    gone = by_name(report)["good"]["checks"][0]
    assert gone["passed"] is False
    assert any(w.startswith("object transcripts/acme/u-1/") for w in gone["seen"])
    assert any(w.startswith("database fragments.") for w in gone["seen"])


def test_idle_session_ends_by_the_sweeper_and_open_one_stays_open(small_run):
    _, report, data_dir = small_run
    assert by_name(report)["idle-open"]["checks"][0]["passed"]  # "4 day(s) ago"
    # The kept state is inspectable: restart its Postgres (a fresh process, as a user would).
    database = by_name(report)["idle-open"]["database"]
    probe = f"""
from pathlib import Path
from sqlalchemy import create_engine, text
from infra.db.engine import embedded_database_url, stop_embedded, to_psycopg_url
root = Path({str(data_dir)!r})
base, _, query = to_psycopg_url(embedded_database_url(root)).partition("?")
engine = create_engine(base.rsplit("/", 1)[0] + "/{database}?" + query)
with engine.connect() as c:
    print(sorted(c.execute(text("SELECT session_id, state FROM sessions")).all()))
engine.dispose()
stop_embedded(root)
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[('s1', 'consolidated'), ('s2', 'open')]"


def test_data_dir_keeps_the_postgres_data_and_objects(small_run):
    _, report, data_dir = small_run
    assert (data_dir / "pg" / "PG_VERSION").is_file()
    good = by_name(report)["good"]
    objects = data_dir / "objects"
    assert objects.is_dir() and good["objects"].startswith(objects.resolve().as_uri())
    assert list(objects.rglob("r0.json"))


def test_report_file_is_the_json_report(small_run):
    result, report, _ = small_run
    assert report is not None and report["mode"] == "full"
    assert {s["name"] for s in report["scenarios"]} == {
        "good", "unknown-step", "unknown-check", "idle-open", "local-evening"}
    assert "report written to" in result.stdout


def test_malformed_json_stops_the_run_naming_the_file(tmp_path):
    (tmp_path / "fine.json").write_text(json.dumps(scenario("fine", "u-1")))
    (tmp_path / "broken.json").write_text('{"format": 1, "steps": [')
    result = invoke([str(tmp_path)])
    assert result.exit_code != 0
    assert "broken.json" in result.output and "not valid JSON" in result.output
    assert not TOTALS.match(result.stdout.strip().splitlines()[-1] if result.stdout.strip()
                            else "")


def test_compare_modes_prints_a_table_per_check_kind(tmp_path, pg_server_url):
    doc = scenario("oslo", "u-1", session("s1", "I live in Oslo.", "Nice."),
                   {"check": {"kind": "absent", "at": "2026-03-02T00:00:00Z",
                              "predicate": "pet"}})
    (tmp_path / "oslo.json").write_text(json.dumps(doc))
    report = tmp_path / "compare.json"
    result = invoke([str(tmp_path), "--compare-modes", "--report", str(report)],
                    DATABASE_URL=pg_server_url)
    assert result.exit_code == 0, result.output
    runs = json.loads(report.read_text())["runs"]
    assert list(runs) == ["none", "online", "full"]
    for run in runs.values():
        assert_report_adds_up(run)
    assert re.search(r"absent\W+1/1\W+1/1\W+1/1", result.stdout), result.stdout
    assert TOTALS.match(last_line(result))
    assert last_line(result) == "3 passed, 0 failed"


def test_eval_without_a_path_plays_the_shipped_samples(pg_server_url):
    """A fresh clone has scenarios to run: the samples inside the package."""
    assert sorted(SAMPLES.glob("*.json"))
    result = invoke([], DATABASE_URL=pg_server_url)
    assert result.exit_code == 0, result.output
    assert "sample scenarios" in result.output
    assert TOTALS.match(last_line(result))
    assert result.output.count("PASS") == len(list(SAMPLES.glob("*.json")))



def test_each_scenario_logs_the_application_in_as_an_ordinary_role(pg_server_url, tmp_path):
    """The schema is the administrative login's; the runtime a scenario plays on logs in as
    `reverie_app_login` (no superuser, no BYPASSRLS), which sees nothing with `'*'`."""
    from infra.db.roles import APP_LOGIN, login_privileges
    from infra.settings import Settings
    from scripts.eval.stack import EvalStack
    base = Settings(data_dir=tmp_path, database_url=pg_server_url,
                    database_admin_url=pg_server_url, broker_url=None, embedder="hash")
    stack = EvalStack(base, tmp_path, keep=False)
    try:
        env = stack.open("full", 0, "least privilege")
        deps = env.runtime.deps
        assert deps.app_engine.url.username == APP_LOGIN
        assert login_privileges(deps.app_engine) == {
            "superuser": False, "bypassrls": False, "admin": False}
        assert login_privileges(deps.engine)["superuser"]
        env.runtime.memory.start_session("acme", "u-1", "s1")
        with deps.app_engine.begin() as c:
            c.exec_driver_sql("SELECT set_config('reverie.namespace', '*', true)")
            assert c.exec_driver_sql("SELECT count(*) FROM sessions").scalar() == 0
        stack.release(env)
    finally:
        stack.close()
