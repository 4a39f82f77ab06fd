"""Process start: settings, dependencies and the Celery app, once."""
from __future__ import annotations

import logging
from pathlib import Path

from api.memory import Memory
from api.read import Reader
from infra.clock import Clock
from infra.deps import Deps, build_deps, set_deps
from infra.logs import configure_logging
from infra.settings import Settings
from workers.app import configure


class Runtime:
    """What a CLI command needs: the API objects over one dependency bundle."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.memory = Memory(deps)
        self.reader = Reader(self.memory)

    @property
    def settings(self) -> Settings:
        return self.deps.settings


def start(settings: Settings | None = None, *, clock: Clock | None = None,
          data_dir: Path | None = None, **overrides) -> Runtime:
    settings = settings or Settings()
    if data_dir is not None:
        overrides["data_dir"] = data_dir
    if overrides:
        settings = settings.model_copy(update=overrides)
    configure_logging(settings.log_level, json=settings.log_json)
    logging.getLogger("alembic").setLevel(logging.WARNING)
    configure(settings)
    deps = build_deps(settings, clock=clock)
    set_deps(deps)
    return Runtime(deps)
