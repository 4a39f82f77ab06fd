"""The user's view: reached by a signed link (`/inspect/u/<token>/`) that shows one user only.

Routes are thin: they verify the link, call the use cases in api/ and render a template.
Every form posts back under the same link with its CSRF token; a write answers with a
redirect to the page (so a reload does not repeat it), an erasure with its receipt.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from api import quarantine
from api.admin import correct
from api.erasure import forget, preview
from api.export import export_user
from api.inspection import on_day, overview
from api.links import Grant, LinkRefused, verify_user
from api.runtime import Runtime
from infra.stores.audit import acting_as
from schemas.errors import InvalidInput, ReverieError
from server.inspector.web import HEADERS, csrf_ok, csrf_token, page

#: Notes a redirect may ask the page to show (by key: no text travels in the URL).
NOTES = {
    "corrected": "Your correction is saved. It outranks anything Reverie extracted.",
    "removed": "That value is removed from the list.",
    "accepted": "Accepted: the claim is now a fact you confirmed.",
    "rejected": "Rejected: the claim stays out of your memory.",
}
AXES = {"valid": "What was true on", "known": "What Reverie believed on"}


def user_router(runtime: Runtime) -> APIRouter:
    router = APIRouter(prefix="/u/{token}")
    secret = runtime.settings.secret_key

    def grant_of(token: str) -> Grant:
        return verify_user(secret, token, now=runtime.deps.now())

    def refused(request: Request, exc: Exception) -> Response:
        return page(request, "refused.html", status=403, reason=str(exc))

    def home(request: Request, token: str, note: str | None = None) -> RedirectResponse:
        url = request.url_for("inspect_user", token=token).include_query_params(
            **({"note": note} if note else {}))
        return RedirectResponse(str(url), status_code=303, headers=HEADERS)

    def view(request: Request, token: str, grant: Grant, *, status: int = 200,
             error: str | None = None, note: str | None = None, day: date | None = None,
             axis: str = "valid") -> Response:
        data = overview(runtime.reader, grant.namespace, grant.subject)
        held = quarantine.list_quarantined(runtime.memory, grant.namespace, grant.subject)
        on = (on_day(runtime.reader, grant.namespace, grant.subject, day, axis=axis)
              if day else None)
        return page(request, "user/overview.html", status=status, data=data, held=held,
                    grant=grant, csrf=csrf_token(secret, token), error=error,
                    note=NOTES.get(note or ""), day=day, axis=axis, axes=AXES, on=on)

    def guarded(request: Request, token: str, sent: str | None):
        """The link's grant when the link and the form's CSRF token are valid."""
        grant = grant_of(token)
        if not csrf_ok(request, secret, token, sent):
            raise LinkRefused("this form was not sent from your inspector page; reload the "
                              "page and try again")
        return grant

    @router.get("/", name="inspect_user")
    def show(request: Request, token: str, note: str | None = None, day: date | None = None,
             axis: str = "valid") -> Response:
        try:
            grant = grant_of(token)
        except LinkRefused as exc:
            return refused(request, exc)
        if axis not in AXES:
            axis = "valid"
        if request.headers.get("hx-request") and day is not None:
            on = on_day(runtime.reader, grant.namespace, grant.subject, day, axis=axis)
            return page(request, "user/on_day.html", on=on, day=day, axis=axis, axes=AXES)
        return view(request, token, grant, note=note, day=day, axis=axis)

    def posted(request: Request, token: str, csrf: str,
               act: Callable[[Grant], Response]) -> Response:
        """Every form's post: the link and the form's CSRF token checked, then `act` with the
        link's grant; a refused link answers with the refusal page, a refused action with the
        page again, saying why."""
        try:
            grant = guarded(request, token, csrf)
        except LinkRefused as exc:
            return refused(request, exc)
        try:
            return act(grant)
        except ReverieError as exc:
            return view(request, token, grant, status=400, error=str(exc))

    @router.post("/correct")
    def correct_value(request: Request, token: str, predicate: str = Form(...),
                      value: str = Form(""), remove: str = Form(""),
                      csrf: str = Form("")) -> Response:
        def act(grant: Grant) -> Response:
            with acting_as("inspector"):
                correct(runtime.memory, grant.namespace, grant.subject, predicate, value,
                        remove=bool(remove))
            return home(request, token, "removed" if remove else "corrected")
        return posted(request, token, csrf, act)

    @router.post("/held/{quarantine_id}")
    def review(request: Request, token: str, quarantine_id: str, action: str = Form(...),
               csrf: str = Form("")) -> Response:
        def act(grant: Grant) -> Response:
            with acting_as("inspector"):
                quarantine.resolve(runtime.memory, grant.namespace, grant.subject,
                                   quarantine_id, action)
            return home(request, token, f"{action}ed")
        return posted(request, token, csrf, act)

    def _erasure(mode: str, fact_id: str, text: str) -> dict:
        if mode == "fact":
            return {"fact_id": fact_id or None}
        if mode == "text":
            return {"text": text}
        if mode == "all":
            return {"all": True}
        raise InvalidInput(f"nothing to forget by {mode!r}: choose a fact, a phrase or "
                           "everything")

    @router.post("/forget/preview")
    def forget_preview(request: Request, token: str, mode: str = Form(...),
                       fact_id: str = Form(""), text: str = Form(""), label: str = Form(""),
                       csrf: str = Form("")) -> Response:
        def act(grant: Grant) -> Response:
            planned = preview(runtime.memory, grant.namespace, grant.subject,
                              **_erasure(mode, fact_id, text))
            return page(request, "user/forget_confirm.html", grant=grant, planned=planned,
                        mode=mode, fact_id=fact_id, text=text, label=label,
                        csrf=csrf_token(secret, token))
        return posted(request, token, csrf, act)

    @router.post("/forget")
    def forget_now(request: Request, token: str, mode: str = Form(...),
                   fact_id: str = Form(""), text: str = Form(""), label: str = Form(""),
                   confirm: str = Form(""), csrf: str = Form("")) -> Response:
        def act(grant: Grant) -> Response:
            if confirm != "yes":
                return home(request, token)
            with acting_as("inspector"):
                receipt = forget(runtime.memory, grant.namespace, grant.subject,
                                 **_erasure(mode, fact_id, text))
            return page(request, "user/receipt.html", grant=grant, receipt=receipt, mode=mode,
                        text=text, label=label)
        return posted(request, token, csrf, act)

    @router.get("/export")
    def download(request: Request, token: str) -> Response:
        try:
            grant = grant_of(token)
        except LinkRefused as exc:
            return refused(request, exc)
        with acting_as("inspector"):
            doc = export_user(runtime.memory, grant.namespace, grant.subject)
        name = f"reverie-{grant.namespace}-{grant.subject}.json"
        return Response(json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True),
                        media_type="application/json",
                        headers={**HEADERS, "Content-Disposition": f'attachment; filename="{name}"'})

    return router
