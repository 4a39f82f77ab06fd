"""Structured logs: JSON in production, readable on a terminal. Task lines carry namespace,
user, session and stage (bound by the stages)."""
from __future__ import annotations

import logging
import sys

import structlog


def configure_logging(level: str = "WARNING", *, json: bool = False) -> None:
    lvl = getattr(logging, level.upper(), logging.WARNING)
    logging.basicConfig(level=lvl, stream=sys.stderr, format="%(message)s")
    renderer = (structlog.processors.JSONRenderer() if json
                else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty()))
    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars,
                    structlog.processors.add_log_level,
                    structlog.processors.TimeStamper(fmt="iso", utc=True),
                    renderer],
        wrapper_class=structlog.make_filtering_bound_logger(lvl),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        cache_logger_on_first_use=False)
