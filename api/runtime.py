"""Process start: settings, dependencies and the Celery app, once."""
from __future__ import annotations

import logging
import time
from pathlib import Path

import structlog

from api.memory import Memory
from api.read import Reader
from infra.clock import Clock
from infra.deps import Deps, build_deps, set_deps
from infra.logs import configure_logging
from infra.settings import Settings
from workers.app import configure

log = structlog.get_logger(__name__)


class Runtime:
    """What a CLI command needs: the API objects over one dependency bundle."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.memory = Memory(deps)
        self.reader = Reader(self.memory)
        #: Seconds `warm_up` took; None until it ran.
        self.warmed_in_s: float | None = None

    @property
    def settings(self) -> Settings:
        return self.deps.settings

    # ---- warm-up (a process is ready before it answers) -----------------------------
    def warm_up(self) -> float:
        """Load the embedder (one text embedded: a local model loads its weights and runs
        its slow first pass) and open the read pool and the write pool, so the first recall
        costs what every later one does. Seconds taken; idempotent. A store that is down
        raises `StoreUnavailable`: the process is not ready."""
        started = time.monotonic()
        self.deps.warm_embedder()
        self.deps.open_pools()
        took = time.monotonic() - started
        if self.warmed_in_s is None:
            self.warmed_in_s = took
            log.info("runtime.warmed", seconds=round(took, 3), embedder=self.deps.embedder.name)
        return took

    @property
    def warm(self) -> bool:
        return self.warmed_in_s is not None

    def readiness(self) -> dict[str, bool]:
        """Whether this process may take traffic: the embedder loaded (a cold model is not
        loaded on a user's request), the database and the object store reachable."""
        return {"embedder": self.deps.embedder_warm,
                "database": self.deps.database_reachable(),
                "object_store": self.deps.object_store_reachable()}


def start(settings: Settings | None = None, *, clock: Clock | None = None,
          data_dir: Path | None = None, warm: bool = True, **overrides) -> Runtime:
    """The process's runtime, built once from `settings` (default: the environment). With
    `warm` (the default) it is ready when this returns (`Runtime.warm_up`); a one-shot
    command that never recalls can skip that with `warm=False`."""
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
    runtime = Runtime(deps)
    if warm:
        runtime.warm_up()
    return runtime
