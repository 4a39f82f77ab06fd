"""Signed, expiring tokens: the link that shows one user their own memory, and the operator's
session of the inspector.

A token is `<payload>.<signature>`: the payload is the purpose's fields (namespace, user or
key id, expiry) in URL-safe base64, the signature an HMAC-SHA256 over the purpose and the
payload with a key derived from `Settings.secret_key` (derived per purpose, so a link can
never pass for an operator session, nor either for a tombstone hash). Verification compares
in constant time and only then reads the fields; a token that was altered, has expired or
names another user is refused with the same one-line reason a person can act on.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from schemas.errors import InvalidInput, PermanentError
from schemas.ids import check_ident, check_namespace

#: A user link's default lifetime, and the longest one `user_link` grants.
DEFAULT_TTL = timedelta(hours=1)
MAX_TTL = timedelta(days=30)
#: Purposes with their own derived key: a token of one is worthless as the other.
LINK, OPERATOR, CSRF = "inspector-link", "inspector-operator", "inspector-csrf"

_SEP = "\x1f"
_TTL = re.compile(r"^\s*(\d+)\s*([smhd])\s*$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


class LinkRefused(PermanentError):
    """A signed token that is malformed, altered, expired, or for someone else."""


@dataclass(frozen=True)
class Grant:
    """What a verified token lets its bearer see: one namespace and (for a user link) one
    user, until `expires_at`."""

    purpose: str
    namespace: str
    subject: str
    expires_at: datetime


def _key(secret: str, purpose: str) -> bytes:
    return hmac.new(secret.encode(), f"reverie{_SEP}{purpose}".encode(), hashlib.sha256).digest()


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def mac(secret: str, purpose: str, message: str) -> str:
    """The URL-safe HMAC of `message` under the purpose's key."""
    return _b64(hmac.new(_key(secret, purpose), message.encode(), hashlib.sha256).digest())


def sign(secret: str, purpose: str, namespace: str, subject: str, expires_at: datetime) -> str:
    """A token granting `subject` of `namespace` until `expires_at` (whole seconds)."""
    check_namespace(namespace), check_ident(subject, "user id")
    payload = _b64(_SEP.join((namespace, subject, str(int(expires_at.timestamp())))).encode())
    return f"{payload}.{mac(secret, purpose, payload)}"


def verify(secret: str, purpose: str, token: str, *, now: datetime) -> Grant:
    """The grant a token carries; LinkRefused when it is not intact, or has expired."""
    payload, dot, signature = (token or "").partition(".")
    if not dot or not payload or not hmac.compare_digest(
            signature.encode(), mac(secret, purpose, payload).encode()):
        raise LinkRefused("this link is not valid (it was changed or cut short); ask for a "
                          "new one")
    try:
        namespace, subject, expiry = _unb64(payload).decode().split(_SEP)
        expires_at = datetime.fromtimestamp(int(expiry), UTC)
        check_namespace(namespace), check_ident(subject, "user id")
    except (ValueError, InvalidInput):  # signed by us, so only a change of format gets here
        raise LinkRefused("this link is not valid; ask for a new one") from None
    if now >= expires_at:
        raise LinkRefused(f"this link expired at {expires_at:%Y-%m-%d %H:%M} UTC; ask for a "
                          "new one")
    return Grant(purpose, namespace, subject, expires_at)


def parse_ttl(text: str) -> timedelta:
    """'90s', '30m', '1h' or '7d' (at most MAX_TTL); InvalidInput otherwise."""
    match = _TTL.match(text or "")
    if not match or int(match.group(1)) == 0:
        raise InvalidInput(f"invalid lifetime {text!r}: use a number and s, m, h or d "
                           "(e.g. 1h)")
    ttl = timedelta(**{_UNITS[match.group(2)]: int(match.group(1))})
    if ttl > MAX_TTL:
        raise InvalidInput(f"a link lives at most {MAX_TTL.days} days; got {text!r}")
    return ttl


def user_token(secret: str, namespace: str, user_id: str, *, now: datetime,
               ttl: timedelta = DEFAULT_TTL) -> str:
    """The token of a link that shows `user_id` of `namespace` their memory until now+ttl."""
    if not timedelta(0) < ttl <= MAX_TTL:
        raise InvalidInput(f"a link lives more than 0 seconds and at most {MAX_TTL.days} days")
    return sign(secret, LINK, namespace, user_id, now + ttl)


def user_link(settings, namespace: str, user_id: str, *, now: datetime,
              ttl: timedelta = DEFAULT_TTL) -> str:
    """The URL of the inspector that shows this one user their memory (`reverie link`)."""
    token = user_token(settings.secret_key, namespace, user_id, now=now, ttl=ttl)
    return f"{settings.public_url.rstrip('/')}{user_path(token)}"


def user_path(token: str) -> str:
    """The inspector's path of a user link (under the server's root)."""
    return f"/inspect/u/{token}/"


def verify_user(secret: str, token: str, *, now: datetime) -> Grant:
    """The user a link shows; LinkRefused when it is not a valid, unexpired user link."""
    return verify(secret, LINK, token, now=now)
