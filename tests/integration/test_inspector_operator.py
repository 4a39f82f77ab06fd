"""The operator's view: an API-key login (a signed session cookie), the namespace's users
with counts and the pipeline's health, a user's sessions with each stage's checkpoint, and
dead letters with a retry that works. In headless Chromium (screenshots) and over HTTP."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from sqlalchemy import text

from api.keys import create_key, revoke_key
from tests.integration.inspector_stack import (
    break_bobs_session, inspector_app, play_story, serving,
)
from tests.integration.test_inspector_browser import browser, shot  # noqa: F401 (fixture)


@pytest.fixture
def site(runtime, clock, ns):
    play_story(runtime, clock, ns)
    sid = break_bobs_session(runtime, ns)
    _, key = create_key(runtime.deps, ns, "ops")
    with serving(inspector_app(runtime)) as base:
        yield base, key, sid


def _state(runtime, sid) -> str:
    with runtime.deps.engine.connect() as c:
        return c.execute(text("SELECT state FROM sessions WHERE sid = :sid"),
                         {"sid": sid}).scalar_one()


def test_an_operator_logs_in_and_sees_the_pipeline(runtime, ns, site, browser):  # noqa: F811
    base, key, sid = site
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(f"{base}/inspect/operator/")
    assert page.url.endswith("/inspect/operator/login")
    page.get_by_label("API key").fill("rv_nothing_here")
    page.get_by_role("button", name="Log in").click()
    assert "unknown API key" in page.inner_text("[role=alert]")
    page.get_by_label("API key").fill(key)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Pipeline health and users").wait_for()
    health = page.inner_text("[data-testid=health]")
    assert "Consolidation success\n66.7 %" in health  # ada's two sessions, bob's failed one
    assert "Quarantine rate" in health and "Degraded recall" in health
    users = page.inner_text("[data-testid=users]")
    assert re.search(r"ada\s+2\s+0\s+3\s+\d+\s+1", users)  # 2 sessions, 3 facts, 1 held back
    assert re.search(r"bob\s+1\s+1\s+1", users)
    assert "Memory size over time" in page.inner_text("main")
    shot(page, "operator-home")

    page.get_by_role("link", name="ada").click()
    sessions = page.inner_text("[data-testid=sessions]")
    assert "s1" in sessions and "s2" in sessions and "consolidated" in sessions
    assert sessions.count("✓") == 8  # four stages of two sessions
    shot(page, "operator-user")

    page.get_by_role("link", name="Dead letters").click()
    dead = page.inner_text("[data-testid=dead-letters]")
    assert "dream.session.v1" in dead and "the extractor gave up" in dead
    shot(page, "operator-dead-letters")
    page.get_by_role("button", name="Retry").click()
    page.get_by_text("Sent again.").wait_for()
    assert "No dead letters." in page.inner_text("main")
    assert _state(runtime, sid) == "consolidated"  # the task ran again, and this time worked
    assert [f.object for f in runtime.reader.current(ns, "bob", "city")] == ["Paris"]
    page.get_by_role("button", name="Log out").click()
    page.goto(f"{base}/inspect/operator/")
    assert page.url.endswith("/inspect/operator/login")
    context.close()


@contextmanager
def _logged_in(base: str, key: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=f"{base}/inspect/operator/") as client:
        form = client.get("login")
        csrf = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        assert client.post("login", data={"key": key, "csrf": csrf}).status_code == 303
        yield client


def test_the_session_is_the_keys_namespace_only_and_ends_with_the_key(runtime, ns, site):
    base, key, _ = site
    other = f"{ns}x"
    play_story(runtime, runtime.deps.clock, other, user="zoe", other="yan")
    other_key_record, other_key = create_key(runtime.deps, other, "theirs")
    with _logged_in(base, other_key) as theirs:
        home = theirs.get("").text
        assert "zoe" in home and "ada" not in home and "bob" not in home
        assert "No dead letters." in theirs.get("dead-letters").text  # bob's is not theirs
        revoke_key(runtime.deps, other_key_record.key_id)
        assert theirs.get("").headers["location"].endswith("/inspect/operator/login")
    with _logged_in(base, key) as ours:
        assert "ada" in ours.get("").text


def test_forged_cookies_and_forms_are_refused(runtime, ns, site):
    base, key, sid = site
    with httpx.Client(base_url=f"{base}/inspect/operator/") as client:
        client.cookies.set("reverie_operator", f"{ns}.forged", path="/inspect")
        assert client.get("").headers["location"].endswith("/login")
        form = client.get("login")
        assert client.post("login", data={"key": key, "csrf": "forged"}).status_code == 403
    with _logged_in(base, key) as ours:
        [dead_id] = re.findall(r'action="dead-letters/([^/"]+)/retry"',
                               ours.get("dead-letters").text)
        refused = ours.post(f"dead-letters/{dead_id}/retry", data={"csrf": "forged"})
        assert refused.status_code == 403
        assert _state(runtime, sid) == "failed"  # nothing was sent
        assert form.status_code == 200
