"""Times on the command line: ISO-8601, a time without a zone taken as UTC."""
from __future__ import annotations

from datetime import UTC, datetime

import typer


def parse_time(value: str | None) -> datetime | None:
    """ISO-8601; a time without a zone is taken as UTC."""
    if value is None:
        return None
    try:
        at = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise typer.BadParameter(
            f"not an ISO-8601 time: {value!r} (e.g. 2026-08-17T09:00:00Z)") from None
    return at if at.tzinfo else at.replace(tzinfo=UTC)
