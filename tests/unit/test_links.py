"""Signed links: what verifies, what is refused (tampered, expired, another user or purpose)."""
from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest
from typer.testing import CliRunner

from api.links import (
    LINK, OPERATOR, LinkRefused, parse_ttl, sign, user_link, user_token, verify, verify_user,
)
from infra.settings import Settings
from schemas.errors import InvalidInput

SECRET = "test-secret"
NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def _payload(token: str) -> str:
    payload = token.split(".")[0]
    return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode()


def _with_payload(token: str, text: str) -> str:
    """The same signature over another payload (what a forger can build without the key)."""
    payload = base64.urlsafe_b64encode(text.encode()).rstrip(b"=").decode()
    return f"{payload}.{token.split('.')[1]}"


def test_a_fresh_link_grants_its_user_until_expiry():
    token = user_token(SECRET, "acme", "ada", now=NOW, ttl=timedelta(hours=1))
    grant = verify_user(SECRET, token, now=NOW + timedelta(minutes=59))
    assert (grant.namespace, grant.subject) == ("acme", "ada")
    assert grant.expires_at == NOW + timedelta(hours=1)


def _tampered(token: str) -> dict[str, str]:
    ns, user, expiry = _payload(token).split("\x1f")
    payload, sig = token.split(".")
    flip = "A" if sig[5] != "A" else "B"
    return {
        "another user": _with_payload(token, f"{ns}\x1fbob\x1f{expiry}"),
        "another namespace": _with_payload(token, f"globex\x1f{user}\x1f{expiry}"),
        "a later expiry": _with_payload(token, f"{ns}\x1f{user}\x1f{int(expiry) + 86400}"),
        "a changed signature": f"{payload}.{sig[:5]}{flip}{sig[6:]}",
        "a cut signature": f"{payload}.{sig[:-4]}",
        "no signature": payload,
        "empty": "",
        "garbage": "not-a-token.at-all",
    }


@pytest.mark.parametrize("case", list(_tampered(user_token(SECRET, "acme", "ada", now=NOW))))
def test_a_changed_link_is_refused(case):
    token = _tampered(user_token(SECRET, "acme", "ada", now=NOW))[case]
    with pytest.raises(LinkRefused, match="not valid"):
        verify_user(SECRET, token, now=NOW)


def test_an_expired_link_is_refused_at_the_second_it_expires():
    token = user_token(SECRET, "acme", "ada", now=NOW, ttl=timedelta(minutes=5))
    verify_user(SECRET, token, now=NOW + timedelta(minutes=5) - timedelta(seconds=1))
    with pytest.raises(LinkRefused, match="expired"):
        verify_user(SECRET, token, now=NOW + timedelta(minutes=5))


def test_a_link_is_worthless_under_another_key_or_purpose():
    token = user_token(SECRET, "acme", "ada", now=NOW)
    with pytest.raises(LinkRefused):
        verify_user("another-secret", token, now=NOW)
    with pytest.raises(LinkRefused):
        verify(SECRET, OPERATOR, token, now=NOW)
    operator = sign(SECRET, OPERATOR, "acme", "key-1", NOW + timedelta(hours=1))
    with pytest.raises(LinkRefused):
        verify(SECRET, LINK, operator, now=NOW)


@pytest.mark.parametrize("text,expected", [
    ("90s", timedelta(seconds=90)), ("30m", timedelta(minutes=30)), ("1h", timedelta(hours=1)),
    (" 2 h ", timedelta(hours=2)), ("7d", timedelta(days=7)), ("30d", timedelta(days=30)),
])
def test_lifetimes(text, expected):
    assert parse_ttl(text) == expected


@pytest.mark.parametrize("text", ["", "1", "h", "0h", "-1h", "1w", "31d", "1.5h"])
def test_bad_lifetimes_are_refused(text):
    with pytest.raises(InvalidInput):
        parse_ttl(text)


def test_ids_are_checked_before_signing():
    with pytest.raises(InvalidInput):
        user_token(SECRET, "bad namespace", "ada", now=NOW)
    with pytest.raises(InvalidInput):
        user_token(SECRET, "acme", "ada/../bob", now=NOW)


def test_the_url_starts_with_the_public_address():
    settings = Settings(secret_key=SECRET, public_url="https://memory.example.org/")
    url = user_link(settings, "acme", "ada", now=NOW)
    assert url.startswith("https://memory.example.org/inspect/u/") and url.endswith("/")
    token = url.rsplit("/", 2)[1]
    assert verify_user(SECRET, token, now=NOW).subject == "ada"


def test_reverie_link_prints_a_working_link(monkeypatch):
    from scripts.cli import app
    monkeypatch.setenv("REVERIE_SECRET_KEY", SECRET)
    monkeypatch.delenv("REVERIE_PUBLIC_URL", raising=False)
    result = CliRunner().invoke(app, ["link", "acme", "ada", "--ttl", "2h"])
    assert result.exit_code == 0, result.output
    url = result.output.strip()
    assert url.startswith("http://127.0.0.1:8420/inspect/u/")
    grant = verify_user(SECRET, url.rsplit("/", 2)[1], now=datetime.now(UTC))
    assert (grant.namespace, grant.subject) == ("acme", "ada")
    assert timedelta(hours=1, minutes=59) < grant.expires_at - datetime.now(UTC) <= timedelta(hours=2)


def test_reverie_link_refuses_a_bad_lifetime_in_one_line():
    from scripts.cli import app
    result = CliRunner().invoke(app, ["link", "acme", "ada", "--ttl", "forever"])
    assert result.exit_code == 2
    assert "invalid lifetime" in result.output and "Traceback" not in result.output
