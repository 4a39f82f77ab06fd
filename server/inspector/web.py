"""The inspector's page plumbing: templates, the static files, security headers and CSRF.

Pages are rendered on the server (Jinja2, autoescaped); htmx, vendored beside the templates,
only spares reloads. Every response forbids third-party content (a strict CSP), framing and
caching (the pages hold personal data), and sends no referrer to other sites (a user link is a
credential).
"""
from __future__ import annotations

import hmac
from datetime import date, datetime
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape

from api.links import CSRF, mac

HERE = Path(__file__).parent
#: The only files /inspect/static serves, with their types.
STATIC = {"htmx.min.js": "text/javascript", "inspector.css": "text/css"}
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
    # Not "no-referrer": browsers then send `Origin: null` on the page's own forms.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def when(at: datetime | str | None) -> str:
    if isinstance(at, str):  # an ISO time from a report
        at = datetime.fromisoformat(at)
    return at.strftime("%Y-%m-%d %H:%M UTC") if at else ""


def short(at: datetime | None) -> str:
    return at.strftime("%-d %b %H:%M") if at else ""


def day(at: datetime | date | None) -> str:
    return at.strftime("%-d %b %Y") if at else ""


def words(name: str | None) -> str:
    return (name or "").replace("_", " ")


def span(timeline, start: datetime, end: datetime | None) -> tuple[float, float]:
    """(x, width) in percent of `timeline`'s span of a bar from `start` to `end` (None: to
    the span's end); at least a sliver, so an instant still shows."""
    total = (timeline.end - timeline.start).total_seconds() or 1.0
    x = (start - timeline.start).total_seconds() / total * 100
    w = ((end or timeline.end) - start).total_seconds() / total * 100
    return round(max(0.0, x), 2), round(max(0.6, min(w, 100 - x)), 2)


_env = Environment(loader=FileSystemLoader(HERE / "templates"),
                   autoescape=select_autoescape(["html"]), trim_blocks=True,
                   lstrip_blocks=True)
_env.filters.update(when=when, day=day, short=short, words=words)
_env.globals.update(span=span)


def page(request: Request, template: str, status: int = 200, **context) -> HTMLResponse:
    """Render a template with the headers every inspector page carries."""
    html = _env.get_template(template).render(request=request, **context)
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def static_file(name: str) -> Response:
    if name not in STATIC:
        return Response("not found", status_code=404, media_type="text/plain")
    return FileResponse(HERE / "static" / name, media_type=STATIC[name],
                        headers={**HEADERS, "Cache-Control": "public, max-age=3600"})


def csrf_token(secret: str, scope: str) -> str:
    """The token a form of `scope` (a user link, an operator session) must send back."""
    return mac(secret, CSRF, scope)


def csrf_ok(request: Request, secret: str, scope: str, sent: str | None) -> bool:
    """The form carried its scope's token, and came from this site (when the browser says
    where it came from: Origin, Sec-Fetch-Site)."""
    origin = request.headers.get("origin")
    if origin and origin != "null" and urlsplit(origin).netloc != request.headers.get("host"):
        return False
    if request.headers.get("sec-fetch-site") not in (None, "same-origin", "none"):
        return False
    return bool(sent) and hmac.compare_digest(sent.encode(), csrf_token(secret, scope).encode())
