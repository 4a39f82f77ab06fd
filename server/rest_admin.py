"""REST for the user's own control of their memory: corrections, erasure, export, and the
review of quarantined claims."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path, Request

from api.admin import correct
from api.erasure import forget, preview
from api.export import export_user
from api.quarantine import list_quarantined, resolve
from server.auth import Caller, audited, caller
from server.bodies import (
    IDENT, CorrectionIn, CorrectionOut, ErasureReceipt, ForgetIn, QuarantineAction,
    QuarantineEntry, UserId,
)
from server.writes import write

router = APIRouter(prefix="/v1/users/{user}", tags=["control"])


@router.post("/corrections", response_model=CorrectionOut,
             summary="Correct a fact as the user (outranks anything extracted)")
async def post_correction(request: Request, body: CorrectionIn, user: str = UserId,
                          who: Caller = Depends(caller)):
    def action():
        plan = correct(who.runtime.memory, who.namespace, user, body.predicate, body.value,
                       remove=body.remove)
        return {"decisions": [d.model_dump(include={"kind", "rule", "reason", "predicate",
                                                    "fact_id"}) for d in plan.decisions]}
    return await write(request, who, 200, body, action)


@router.post("/forget", response_model=ErasureReceipt,
             summary="Erase content from every store; returns the erasure receipt")
async def post_forget(request: Request, body: ForgetIn, user: str = UserId,
                      who: Caller = Depends(caller)):
    run = preview if body.dry_run else forget
    return await write(request, who, 200, body, lambda: run(
        who.runtime.memory, who.namespace, user, text=body.text, predicate=body.predicate,
        object=body.object, fact_id=body.fact_id, all=body.all))


@router.get("/export", response_model=dict[str, Any],
            summary="Everything held for the user, as one JSON document")
def get_export(user: str = UserId, who: Caller = Depends(caller)):
    with audited(who):
        return export_user(who.runtime.memory, who.namespace, user)


@router.get("/quarantine", response_model=list[QuarantineEntry],
            summary="Claims held back for review")
def get_quarantine(user: str = UserId, who: Caller = Depends(caller)):
    with audited(who):
        return list_quarantined(who.runtime.memory, who.namespace, user)


@router.post("/quarantine/{quarantine_id}", response_model=QuarantineEntry,
             summary="Accept (it becomes the user's statement) or reject a held-back claim")
async def post_quarantine(request: Request, body: QuarantineAction, user: str = UserId,
                          quarantine_id: str = Path(pattern=IDENT),
                          who: Caller = Depends(caller)):
    return await write(request, who, 200, body, lambda: resolve(
        who.runtime.memory, who.namespace, user, quarantine_id, body.action))
