"""Opening context: what to say about the gap since the last session."""
from __future__ import annotations

from datetime import datetime

from collections.abc import Sequence

from pipeline.fence import hold_back, own_only

#: Beyond this many days, time-sensitive details are treated as possibly outdated.
RECENT_DAYS = 30


def opening_context(last_ended_at: datetime | None, open_thread: str | None, *,
                    now: datetime) -> str:
    """Empty under a day; 'N day(s) ago' with the open thread up to 30 days; then the
    'it has been a while' posture."""
    if last_ended_at is None:
        return ""
    gap_days = (now - last_ended_at).days
    if gap_days < 1:
        return ""
    if gap_days <= RECENT_DAYS:
        thread = f" Open thread: {open_thread}." if open_thread else ""
        return (f"Last conversation was {gap_days} day(s) ago.{thread} "
                "Reference it only if the user's message relates to it.")
    return ("It has been a while since the last conversation. Treat time-sensitive details "
            "as possibly outdated and confirm before relying on them.")


def summarize_thread(user_texts: list[str], *, max_chars: int = 200,
                     held: Sequence[tuple[str, str]] = ()) -> str | None:
    """The open thread of a session: its most substantive user statements, shortened. It is
    shown without labels, so only the user's own words count: pasted text and instructions
    to the assistant are left out (`pipeline.fence.own_only`), and so are the sentences of
    `held` claims, (evidence, value), quarantined for review."""
    texts = [" ".join(hold_back(t, held, mark="").split())
             for t in (own_only("user", u) for u in user_texts)]
    texts = [t for t in texts if t]
    if not texts:
        return None
    ranked = sorted(texts, key=len, reverse=True)[:2]
    ordered = [t for t in texts if t in ranked]
    summary = " / ".join(ordered)
    return summary if len(summary) <= max_chars else summary[: max_chars - 1] + "…"
