"""The operator's use cases (api/operations) on the real stores: counts per user, sessions
with their checkpoints, health figures, and dead letters kept to their namespace and retried
for real (the task runs again), or put back with the reason when the retry fails."""
from __future__ import annotations

import pytest
from sqlalchemy import text

from api import operations
from schemas.errors import NotFound
from tests.integration.inspector_stack import T_OPEN, break_bobs_session, play_story


@pytest.fixture
def story(runtime, clock, ns):
    play_story(runtime, clock, ns)
    return break_bobs_session(runtime, ns)


def test_users_sessions_and_health(runtime, ns, story):
    deps = runtime.deps
    users = {u["user_id"]: u for u in operations.users(deps, ns)}
    assert (users["ada"]["sessions"], users["ada"]["facts"], users["ada"]["held_back"]) == (2, 3, 1)
    assert (users["bob"]["sessions"], users["bob"]["failed"]) == (1, 1)
    [space] = operations.namespaces(deps, ns)
    assert (space["users"], space["sessions"], space["facts"]) == (2, 3, 4)
    sessions = operations.user_sessions(deps, ns, "ada")
    assert [s.session_id for s, _ in sessions] == ["s2", "s1"]  # newest first
    for _, marks in sessions:
        assert sorted(m["stage"] for m in marks) == ["consolidate", "forget", "reconcile",
                                                     "replay"]
        assert all(m["current"] for m in marks)
    health = operations.health(deps, ns, days=7)
    assert (health.consolidated, health.failed) == (2, 1)
    assert health.consolidation_success == pytest.approx(2 / 3)
    assert health.quarantine_rate == pytest.approx(1 / health.decisions)
    assert 0 < health.correction_rate < 1
    assert [d["day"] for d in health.memory_size][-1] == T_OPEN.date()
    assert len(health.memory_size) == 7 and health.memory_size[-1]["facts"] >= 4


def test_dead_letters_stay_in_their_namespace(runtime, ns, story):
    assert [d["task_name"] for d in operations.dead_letters(runtime.deps, ns)] == [
        "dream.session.v1"]
    assert operations.dead_letters(runtime.deps, f"{ns}x") == []
    [dead] = operations.dead_letters(runtime.deps, ns)
    with pytest.raises(NotFound):
        operations.retry_dead_letter(runtime.deps, f"{ns}x", dead["dead_letter_id"])


def test_older_dead_letters_get_their_sessions_namespace(runtime, ns, story):
    """Records written before a task's failure carried its session's namespace (migration
    0008 fills it in): the operator, on the application's login, sees them."""
    from alembic import command
    from alembic.config import Config

    from infra.db.engine import _MIGRATIONS
    with runtime.deps.engine.begin() as c:
        c.execute(text("UPDATE dead_letters SET namespace = NULL WHERE payload->'args'->>0 = "
                       ":sid"), {"sid": story})
        c.execute(text("INSERT INTO dead_letters VALUES ('old-batch', 'dream.consolidate_many"
                       ".v1', NULL, CAST(:p AS jsonb), 'r', now())"),
                  {"p": '{"args": [["%s"]], "kwargs": {}}' % story})
    assert operations.dead_letters(runtime.deps, ns) == []
    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    with runtime.deps.engine.begin() as c:
        cfg.attributes["connection"] = c
        command.downgrade(cfg, "0007")
        command.upgrade(cfg, "head")
    assert sorted(d["task_name"] for d in operations.dead_letters(runtime.deps, ns)) == [
        "dream.consolidate_many.v1", "dream.session.v1"]


def test_a_retry_runs_the_task_again(runtime, ns, story):
    [dead] = operations.dead_letters(runtime.deps, ns)
    operations.retry_dead_letter(runtime.deps, ns, dead["dead_letter_id"])
    assert operations.dead_letters(runtime.deps, ns) == []
    with runtime.deps.engine.connect() as c:
        assert c.execute(text("SELECT state FROM sessions WHERE sid = :sid"),
                         {"sid": story}).scalar_one() == "consolidated"
    with pytest.raises(NotFound, match="already retried"):
        operations.retry_dead_letter(runtime.deps, ns, dead["dead_letter_id"])


def test_a_retry_that_fails_again_keeps_the_failure(runtime, ns, story):
    with runtime.deps.unit_of_work() as uow:
        uow.runs.dead_letter("dream.session.v1", {"args": ["no-such-session"], "kwargs": {}},
                             "NotFound: gone", runtime.deps.now(), namespace=ns)
    [dead] = [d for d in operations.dead_letters(runtime.deps, ns)
              if d["payload"]["args"] == ["no-such-session"]]
    with pytest.raises(operations.RetryFailed):
        operations.retry_dead_letter(runtime.deps, ns, dead["dead_letter_id"])
    again = [d for d in operations.dead_letters(runtime.deps, ns)
             if d["payload"]["args"] == ["no-such-session"]]
    assert again and again[0]["reason"].startswith("retry failed:")
