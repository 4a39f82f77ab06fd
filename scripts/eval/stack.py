"""The services an evaluation run plays on, and how scenarios are kept apart.

One Postgres server for the whole run (the embedded one under the data dir, or the one
DATABASE_URL names). Tasks in process (no BROKER_URL): every scenario gets a fresh database
copied from a template migrated once (CREATE DATABASE ... TEMPLATE, a fraction of a second),
its own object-store folder and its own runtime, so sweeps and nightly batches, which act on
every user, never touch another scenario. With BROKER_URL the Celery workers are bound to the
database and object store of their own environment, so all scenarios share them: each one
plays in a namespace of its own (the scenario's namespace plus a run suffix) and the runner
waits for the workers after every step that publishes work.
"""
from __future__ import annotations

import re
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from api.runtime import Runtime, start
from infra.clock import FixedClock
from infra.db.engine import (
    DATABASE_DOWN, embedded_database_url, make_engine, migrate, run_admin, stop_embedded,
    to_psycopg_url,
)
from infra.db.roles import app_login_password, app_login_url
from infra.settings import Settings
from schemas.enums import RunMode, SessionState
from schemas.errors import SetupError, StoreUnavailable

#: How long the runner waits for real workers to finish a step's pipeline runs.
SETTLE_TIMEOUT_S = 180.0


class ServiceDown(Exception):
    """A service the run needs cannot be reached or started."""


@dataclass
class ScenarioEnv:
    """Where one scenario plays: a runtime, the clock it drives, its namespaces."""

    runtime: Runtime
    clock: FixedClock
    shared: bool          # True: the database and object store hold other scenarios too
    suffix: str           # appended to every namespace of the scenario ('' when not shared)
    database: str | None  # the scenario's own database (None when shared)
    objects: str          # the object-store location it writes

    def ns(self, namespace: str) -> str:
        """The namespace the system sees for a scenario namespace."""
        if not self.suffix:
            return namespace
        return namespace[: 64 - len(self.suffix)] + self.suffix

    def states(self, namespace: str, user: str) -> dict[str, str]:
        """Session key -> state for the user (what `settle` compares against)."""
        if not self.shared:
            return {}
        with self.runtime.deps.unit_of_work() as uow:
            return {s.sid: s.state for s in uow.sessions.for_user(namespace, user)}

    def settle(self, namespace: str, user: str, before: dict[str, str]) -> None:
        """Wait until real workers finished the pipeline runs the last step published.

        Those are the user's sessions now waiting for consolidation (state `ended`) or whose
        state changed during the step; each is done when consolidated (or failed) and its
        last stage has a checkpoint for the transcript it was published with."""
        if not self.shared or self.runtime.settings.mode != RunMode.FULL:
            return
        after = self.states(namespace, user)
        waiting = {sid for sid, state in after.items()
                   if state != SessionState.OPEN
                   and (state == SessionState.ENDED or before.get(sid) != state)}
        deadline = time.monotonic() + SETTLE_TIMEOUT_S
        while waiting:
            with self.runtime.deps.unit_of_work() as uow:
                for sid in list(waiting):
                    s = uow.sessions.get_by_sid(sid)
                    if s.state == SessionState.FAILED or (
                            s.state == SessionState.CONSOLIDATED and uow.runs.finished(
                                sid, "forget", s.transcript_checksum or "")):
                        waiting.discard(sid)
            if not waiting:
                return
            if time.monotonic() > deadline:
                raise ServiceDown(
                    f"no worker finished {len(waiting)} published session(s) within "
                    f"{SETTLE_TIMEOUT_S:.0f} s: is `reverie worker` running with the same "
                    "BROKER_URL, DATABASE_URL and OBJECT_STORE_URL?")
            time.sleep(0.2)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:30] or "scenario"


def _with_database(url: str, name: str) -> str:
    base, _, query = to_psycopg_url(url).partition("?")
    return base.rsplit("/", 1)[0] + "/" + name + (("?" + query) if query else "")


def _sub_location(location: str, name: str) -> str:
    return location.rstrip("/") + "/" + name


class EvalStack:
    """One run's services. `open` gives each scenario its place; `close` cleans up."""

    def __init__(self, settings: Settings, root: Path, *, keep: bool) -> None:
        self.base = settings
        self.root = root
        self.keep = keep
        self.shared = settings.broker_url is not None
        self.embedded = settings.database_url is None
        # Our own embedded server needs no unique names; a server others use does.
        self.tag = "" if self.embedded else uuid.uuid4().hex[:6] + "_"
        self._admin_url: str | None = None
        self._template: str | None = None
        self._databases: list[str] = []
        self._embedder = None
        self._shared_rt: dict[str, Runtime] = {}
        self.clock = FixedClock(datetime(2000, 1, 1, tzinfo=UTC))

    # ---- setup -------------------------------------------------------------------------
    def _admin(self) -> str:
        if self._admin_url is None:
            try:
                url = (self.base.database_admin_url or self.base.database_url
                       or embedded_database_url(self.root))
            except Exception as exc:  # the embedded server did not start
                raise ServiceDown(f"could not start the embedded Postgres under "
                                  f"{self.root / 'pg'}: {exc}") from exc
            self._admin_url = url
        return self._admin_url

    def _sql(self, *statements: str) -> None:
        try:
            run_admin(self._admin(), *statements)
        except StoreUnavailable as exc:
            raise ServiceDown(str(exc)) from exc

    def _ensure_template(self) -> str:
        if self._template is None:
            name = f"reverie_eval_{self.tag}template"
            self._sql(f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}"')
            self._databases.append(name)
            engine = make_engine(_with_database(self._admin_url, name))
            try:
                migrate(engine)
            except (StoreUnavailable, SetupError, *DATABASE_DOWN) as exc:
                raise ServiceDown(f"could not migrate the template database: {exc}") from exc
            finally:
                engine.dispose()  # a template must have no connections when it is copied
            self._template = name
        return self._template

    def _start(self, settings: Settings) -> Runtime:
        try:
            rt = start(settings, clock=self.clock)
        except (StoreUnavailable, SetupError) as exc:
            raise ServiceDown(str(exc)) from exc
        except DATABASE_DOWN as exc:
            raise ServiceDown(f"database unavailable: {getattr(exc, 'orig', None) or exc}") from exc
        # One embedding model for the whole run: loading it once per scenario costs seconds.
        if self._embedder is None:
            self._embedder = rt.deps.embedder
        else:
            rt.deps._embedder = self._embedder
        return rt

    # ---- per scenario ------------------------------------------------------------------
    def open(self, mode: str, index: int, name: str) -> ScenarioEnv:
        label = f"{mode}_{index + 1:02d}_{_slug(name)}"
        if self.shared:
            rt = self._shared_rt.get(mode)
            if rt is None:
                rt = self._start(self.base.model_copy(update={"mode": mode,
                                                              "data_dir": self.root}))
                self._shared_rt[mode] = rt
            suffix = f".ev{uuid.uuid4().hex[:6]}{mode[0]}{index + 1:02d}"
            return ScenarioEnv(rt, self.clock, True, suffix, None,
                               rt.settings.object_store_location)
        template = self._ensure_template()
        database = f"reverie_eval_{self.tag}{label}"[:63]
        self._sql(f'DROP DATABASE IF EXISTS "{database}"',
                  f'CREATE DATABASE "{database}" TEMPLATE "{template}"')
        self._databases.append(database)
        objects = (_sub_location(self.base.object_store_url, label)
                   if self.base.object_store_url
                   else (self.root / "objects" / label).resolve().as_uri())
        rt = self._start(self.base.model_copy(update={
            "mode": mode, "broker_url": None, "data_dir": self.root,
            **self._logins(database), "object_store_url": objects}))
        return ScenarioEnv(rt, self.clock, False, "", database, objects)

    def _logins(self, database: str) -> dict[str, str]:
        """The scenario database's two logins: the run's administrative one owns the schema
        (migrations, sweeps), and the application logs in as the ordinary role the runtime
        provisions (`reverie_app_login`), as in a deployment, never as the owner. A server
        given with one URL and no DATABASE_ADMIN_URL keeps that one login for both."""
        admin = _with_database(self._admin_url, database)
        if not (self.embedded or self.base.database_admin_url):
            return {"database_url": admin}
        return {"database_admin_url": admin,
                "database_url": app_login_url(admin, app_login_password(self.base.secret_key))}

    def release(self, env: ScenarioEnv) -> None:
        if not env.shared:
            env.runtime.deps.dispose()

    # ---- teardown ----------------------------------------------------------------------
    def close(self) -> None:
        for rt in self._shared_rt.values():
            rt.deps.dispose()
        if self._admin_url is not None and not self.embedded and not self.keep:
            try:  # a server others use: leave nothing behind
                self._sql(*(f'DROP DATABASE IF EXISTS "{d}"' for d in self._databases))
            except ServiceDown:
                pass
        if self.embedded and not self.shared and self._admin_url is not None:
            stop_embedded(self.root)  # (a shared embedded server is the workers' too)

    def database_url(self, database: str) -> str | None:
        return _with_database(self._admin_url, database) if self._admin_url else None
