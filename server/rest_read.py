"""REST reads: the context block for a prompt, facts on both time axes, and why they are
believed."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path, Query

from api.context import MAX_BUDGET_TOKENS, MAX_K, context_block
from api.explain import explain
from server.auth import Caller, audited, caller
from server.bodies import PREDICATE, Moment, Text, UserId
from schemas.errors import InvalidInput
from schemas.records import ContextBlock, Fact

router = APIRouter(prefix="/v1/users/{user}", tags=["read"])


@router.get("/context", response_model=ContextBlock,
            summary="The memory block for the assistant's prompt (empty when degraded)")
def get_context(user: str = UserId,
                query: Text = Query(max_length=4_000, description="The user's message."),
                k: int | None = Query(None, ge=1, le=MAX_K),
                budget_tokens: int | None = Query(None, ge=1, le=MAX_BUDGET_TOKENS),
                who: Caller = Depends(caller)):
    with audited(who):
        return context_block(who.runtime.reader, who.namespace, user, query, k=k,
                             budget_tokens=budget_tokens)


@router.get("/facts", response_model=list[Fact],
            summary="Current facts, or what was true at valid_at, believed at known_at, "
                    "or every version (history)")
def list_facts(user: str = UserId, valid_at: Moment | None = None,
               known_at: Moment | None = None, history: bool = False,
               predicate: str | None = Query(None, pattern=PREDICATE),
               who: Caller = Depends(caller)):
    if sum(x is not None and x is not False for x in (valid_at, known_at, history)) > 1:
        raise InvalidInput("give at most one of valid_at, known_at and history")
    r, ns = who.runtime.reader, who.namespace
    with audited(who):
        if valid_at is not None:
            return r.as_of(ns, user, valid_at, predicate)
        if known_at is not None:
            return r.believed_as_of(ns, user, known_at, predicate)
        if history:
            return r.history(ns, user, predicate)
        return r.current(ns, user, predicate)


@router.get("/facts/{predicate}/explain", response_model=list[dict[str, Any]],
            summary="Why each value of a predicate is or was believed (quotes, sessions, "
                    "decisions)")
def explain_predicate(user: str = UserId, predicate: str = Path(pattern=PREDICATE),
                      who: Caller = Depends(caller)):
    with audited(who):
        return explain(who.runtime.memory, who.namespace, user, predicate)
