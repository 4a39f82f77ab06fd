"""The context block an assistant puts in its prompt: profile, opening context, recalled
memories with provenance and conflict marks, and the rendered text.

Memory is an enhancement: recall runs through `safe_recall` (deadline and circuit breaker),
and when the store cannot answer, every part of the block is empty and `degraded` says so;
the assistant answers without memory instead of failing.
"""
from __future__ import annotations

from datetime import datetime

import structlog

from api.read import Reader, render_context
from api.safe import safe_recall
from schemas.errors import TransientError
from schemas.ids import check_ident, check_namespace
from schemas.records import ContextBlock, RecallResult

log = structlog.get_logger(__name__)

#: Largest k and token budget a caller may ask for (bounded work per request).
MAX_K = 50
MAX_BUDGET_TOKENS = 8_000


def render_block(profile: str, opening: str, memories: str) -> str:
    """The prompt text: one labelled section per non-empty part, in the order a model
    reads best (who the user is, where the last session left off, what bears on this turn)."""
    parts = []
    if profile:
        parts.append(f"## What you know about the user\n{profile}")
    if opening:
        parts.append(f"## Since the last conversation\n{opening}")
    if memories:
        parts.append(f"## Memories relevant to this message\n{memories}")
    return "\n\n".join(parts)


def context_block(reader: Reader, namespace: str, user_id: str, query: str, *,
                  k: int | None = None, budget_tokens: int | None = None,
                  at: datetime | None = None) -> ContextBlock:
    """Everything the assistant injects for one user turn (`query`), degraded to empty."""
    check_namespace(namespace), check_ident(user_id, "user id")
    result: RecallResult = safe_recall(reader, namespace, user_id, query, k=k,
                                       token_budget=budget_tokens)
    if result.degraded:
        return ContextBlock(degraded=True, text="", note="memory is unavailable right now; "
                            "answer without it (nothing was recalled)")
    try:
        profile, opening = reader.profile_and_opening(namespace, user_id, at)
    except TransientError as exc:
        log.warning("context.degraded", namespace=namespace, user=user_id, error=str(exc))
        return ContextBlock(degraded=True, text="", note="memory is unavailable right now; "
                            "answer without it (nothing was recalled)")
    memories = render_context(result)
    return ContextBlock(profile=profile, opening=opening, memories=result.hits,
                        truncated=result.truncated,
                        text=render_block(profile, opening, memories))
