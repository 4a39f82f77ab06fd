"""The operator's view (`/inspect/operator/`): log in with an API key, then see the key's
namespace: its users with counts, a user's sessions with each stage's checkpoint, dead
letters with a retry, and the pipeline's health.

The login sets a signed, expiring session cookie (HttpOnly, SameSite=Strict) naming the
namespace and the key; every page checks it and that the key is still live (a revoked key
ends its sessions). Forms carry a CSRF token bound to the session.
"""
from __future__ import annotations

import secrets
from datetime import timedelta

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from api import operations
from api.keys import list_keys, verify_key
from api.links import OPERATOR, Grant, LinkRefused, sign, verify
from api.runtime import Runtime
from infra.stores.audit import acting_as
from schemas.errors import ReverieError
from server.inspector.web import HEADERS, csrf_ok, csrf_token, page

SESSION_COOKIE = "reverie_operator"
LOGIN_COOKIE = "reverie_login"
COOKIE_PATH = "/inspect"


def operator_router(runtime: Runtime) -> APIRouter:
    router = APIRouter(prefix="/operator")
    deps = runtime.deps
    secret = runtime.settings.secret_key

    def session_of(request: Request) -> tuple[Grant, str]:
        """The operator's grant and cookie; LinkRefused when not logged in (or the key was
        revoked since)."""
        cookie = request.cookies.get(SESSION_COOKIE, "")
        if not cookie:
            raise LinkRefused("log in with an API key of your namespace")
        grant = verify(secret, OPERATOR, cookie, now=deps.now())
        live = {k.key_id for k in list_keys(deps, grant.namespace) if k.revoked_at is None}
        if grant.subject not in live:
            raise LinkRefused("the API key of this session was revoked; log in again")
        return grant, cookie

    def to(request: Request, name: str, **params) -> RedirectResponse:
        return RedirectResponse(str(request.url_for(name, **params)), status_code=303,
                                headers=HEADERS)

    def login_page(request: Request, error: str | None = None, status: int = 200) -> Response:
        nonce = secrets.token_urlsafe(16)
        response = page(request, "operator/login.html", status=status, error=error,
                        csrf=csrf_token(secret, f"login:{nonce}"))
        response.set_cookie(LOGIN_COOKIE, nonce, httponly=True, samesite="strict",
                            path=COOKIE_PATH, secure=request.url.scheme == "https")
        return response

    def render(request: Request, template: str, grant: Grant, cookie: str, **context):
        return page(request, template, grant=grant, csrf=csrf_token(secret, cookie),
                    **context)

    @router.get("/login", name="inspect_login")
    def login_form(request: Request) -> Response:
        return login_page(request)

    @router.post("/login")
    def login(request: Request, key: str = Form(""), csrf: str = Form("")) -> Response:
        nonce = request.cookies.get(LOGIN_COOKIE, "")
        if not nonce or not csrf_ok(request, secret, f"login:{nonce}", csrf):
            return login_page(request, "the login form expired; try again", 403)
        try:
            found = verify_key(deps, key.strip())
        except ReverieError as exc:
            return login_page(request, str(exc), 401)
        hours = runtime.settings.operator_session_hours
        cookie = sign(secret, OPERATOR, found.namespace, found.key_id,
                      deps.now() + timedelta(hours=hours))
        response = to(request, "inspect_operator")
        response.set_cookie(SESSION_COOKIE, cookie, max_age=int(hours * 3600), httponly=True,
                            samesite="strict", path=COOKIE_PATH,
                            secure=request.url.scheme == "https")
        response.delete_cookie(LOGIN_COOKIE, path=COOKIE_PATH)
        return response

    @router.post("/logout", name="inspect_logout")
    def logout(request: Request, csrf: str = Form("")) -> Response:
        cookie = request.cookies.get(SESSION_COOKIE, "")
        if cookie and not csrf_ok(request, secret, cookie, csrf):
            return to(request, "inspect_operator")  # another site cannot log you out
        response = to(request, "inspect_login")
        response.delete_cookie(SESSION_COOKIE, path=COOKIE_PATH)
        return response

    @router.get("/", name="inspect_operator")
    def home(request: Request) -> Response:
        try:
            grant, cookie = session_of(request)
        except LinkRefused:
            return to(request, "inspect_login")
        ns = grant.namespace
        return render(request, "operator/home.html", grant, cookie,
                      namespaces=operations.namespaces(deps, ns),
                      users=operations.users(deps, ns), health=operations.health(deps, ns),
                      dead=len(operations.dead_letters(deps, ns)))

    @router.get("/users/{user_id}", name="inspect_operator_user")
    def user(request: Request, user_id: str) -> Response:
        try:
            grant, cookie = session_of(request)
        except LinkRefused:
            return to(request, "inspect_login")
        try:
            sessions = operations.user_sessions(deps, grant.namespace, user_id)
        except ReverieError as exc:
            return render(request, "operator/error.html", grant, cookie, error=str(exc))
        return render(request, "operator/user.html", grant, cookie, user_id=user_id,
                      sessions=sessions, stages=("replay", "reconcile", "consolidate",
                                                 "forget"))

    @router.get("/dead-letters", name="inspect_dead_letters")
    def dead_letters(request: Request, note: str | None = None) -> Response:
        try:
            grant, cookie = session_of(request)
        except LinkRefused:
            return to(request, "inspect_login")
        return render(request, "operator/dead_letters.html", grant, cookie,
                      dead=operations.dead_letters(deps, grant.namespace),
                      note="Sent again." if note == "retried" else None)

    @router.post("/dead-letters/{dead_letter_id}/retry")
    def retry(request: Request, dead_letter_id: str, csrf: str = Form("")) -> Response:
        try:
            grant, cookie = session_of(request)
        except LinkRefused:
            return to(request, "inspect_login")
        if not csrf_ok(request, secret, cookie, csrf):
            return render(request, "operator/error.html", grant, cookie, status=403,
                          error="this form was not sent from the inspector; reload and retry")
        try:
            with acting_as(f"key:{grant.subject}"):
                operations.retry_dead_letter(deps, grant.namespace, dead_letter_id)
        except ReverieError as exc:
            return render(request, "operator/dead_letters.html", grant, cookie, status=400,
                          dead=operations.dead_letters(deps, grant.namespace), error=str(exc))
        url = request.url_for("inspect_dead_letters").include_query_params(note="retried")
        return RedirectResponse(str(url), status_code=303, headers=HEADERS)

    return router
