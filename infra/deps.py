"""The dependency bundle: settings, clock, database, object store, extractor and embedder,
built once per process and handed to the API, the tasks and the CLI."""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import psycopg
import structlog
from sqlalchemy import Connection, Engine, event, make_url, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from infra.clock import Clock, FixedClock, SystemClock
from infra.deadline import remaining_ms
from infra.db.engine import make_engine, migrate, resolve_admin_url, to_psycopg_url
from infra.db.roles import (APP_LOGIN, APP_ROLE, app_login_password, login_privileges,
                            provision_app_login)
from infra.embedders import Embedder, make_embedder
from infra.settings import Settings
from infra.stores.audit import AuditStore, current_actor
from infra.stores.decisions import DecisionStore
from infra.stores.erasure import ErasureStore
from infra.stores.export import ExportReads
from infra.stores.facts import FactStore
from infra.stores.idempotency import IdempotencyStore
from infra.stores.fragments import FragmentStore
from infra.stores.items import ItemStore
from infra.stores.keys import ApiKeyStore
from infra.stores.objects import open_object_store
from infra.stores.profiles import ProfileStore
from infra.stores.recall import RecallReads, RecallStore, prepare_read_connection
from infra.stores.runs import RunStore
from infra.stores.inspection import InspectionStore
from infra.stores.scan import ContentScan
from infra.stores.sessions import SessionStore
from infra.stores.transcripts import TranscriptStore
from infra.stores.working_set import WorkingSetStore
from pipeline.extract.base import Extractor
from pipeline.vocabulary import Vocabulary
from schemas.enums import ExtractorKind
from schemas.errors import StoreUnavailable
from schemas.ids import check_namespace

log = structlog.get_logger(__name__)

#: The namespace setting of the admin and cross-namespace paths (administrative login only).
ALL_NAMESPACES = "*"
#: `Connection.info` key: a held connection that took no session-level lock.
NOTHING_HELD = "reverie_nothing_held"
#: A connection kept across units of work (`Deps.held_connection`), for type hints outside
#: infra.
HeldConnection = Connection


class UnitOfWork:
    """One transaction and the stores bound to it; `after_commit` callbacks run only once the
    transaction committed (nothing is enqueued for work that rolled back)."""

    def __init__(self, session: Session, deps: Deps) -> None:
        self.session = session
        self.sessions = SessionStore(session)
        self.facts = FactStore(session)
        self.items = ItemStore(session, short_lived_ttl_days=deps.settings.short_lived_ttl_days)
        self.fragments = FragmentStore(session)
        self.runs = RunStore(session)
        self.profiles = ProfileStore(session)
        self.audit = AuditStore(session)
        self.keys = ApiKeyStore(session)
        self.idempotency = IdempotencyStore(session)
        self.decisions = DecisionStore(session)
        self.working_set = WorkingSetStore(session)
        self.erasure = ErasureStore(session)
        self.recall = RecallStore(session)
        self.export = ExportReads(session)
        self.scan = ContentScan(session)
        self.inspection = InspectionStore(session)
        self.namespace: str | None = None
        self._after: list[Callable[[], None]] = []

    def after_commit(self, fn: Callable[[], None]) -> None:
        self._after.append(fn)

    def scope(self, namespace: str) -> None:
        """Limit the rest of this transaction to `namespace`, enforced by Postgres row-level
        security: the transaction runs as role `reverie_app` with `reverie.namespace` set.
        `"*"` (every namespace) keeps the login role: only the administrative login may use
        it (migration 0004; for `reverie_app` it matches nothing). Narrowing a `"*"` unit of
        work once the row that names the namespace is loaded is the normal use."""
        if namespace != ALL_NAMESPACES:
            check_namespace(namespace)
        # One round trip: set_config('role', ..., true) is SET LOCAL ROLE (same checks).
        narrowing = namespace != ALL_NAMESPACES and self.namespace in (None, ALL_NAMESPACES)
        role = "set_config('role', :role, true), " if narrowing else ""
        self.session.execute(text(f"SELECT {role}set_config('reverie.namespace', :ns, true)"),
                             {"ns": namespace, "role": APP_ROLE})
        self.namespace = namespace


@dataclass
class Deps:
    """`engine` is the administrative login's (migrations, `"*"`, maintenance);
    `app_engine` the application's (every unit of work scoped to one namespace, and the
    read pool): an ordinary role that row-level security holds to that namespace. They are
    one engine when one login serves both (`Settings.database_admin_url` unset)."""

    settings: Settings
    clock: Clock
    engine: Engine
    transcripts: TranscriptStore
    extractor: Extractor
    vocabulary: Vocabulary
    _embedder: Embedder | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    #: Held while the embedder warms up (seconds for a local model), apart from `_lock`.
    _warm_lock: threading.Lock = field(default_factory=threading.Lock)
    _read_engine: Engine | None = None
    _embedder_warm: bool = False
    app_engine: Engine | None = None
    _read_pool_open: bool = False

    def __post_init__(self) -> None:
        if self.app_engine is None:
            self.app_engine = self.engine
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._app_sessions = sessionmaker(self.app_engine, expire_on_commit=False)

    @property
    def embedder(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                s = self.settings
                self._embedder = make_embedder(s.embedder, s.embedding_dim,
                                               api_base=s.llm_api_base, api_key=s.llm_api_key)
            return self._embedder

    def warm_embedder(self) -> None:
        """Load the embedder and embed one text (a local model loads its weights and runs
        its first, slowest pass here). Idempotent; callers after the first return at once,
        or wait for a load another thread started."""
        if self._embedder_warm:
            return
        embedder = self.embedder
        with self._warm_lock:
            if not self._embedder_warm:
                embedder.embed(["warm up"])
                self._embedder_warm = True

    @property
    def embedder_warm(self) -> bool:
        return self._embedder_warm

    def open_pools(self) -> None:
        """Open one connection of the write pool and one of the read pool (each pool keeps
        it): the first recall and the first write do not pay the connect."""
        try:
            with self.app_engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        except OperationalError as exc:
            raise StoreUnavailable(f"database unavailable: {exc.orig or exc}") from exc
        self.open_read_pool()

    def open_read_pool(self) -> None:
        """One connection of the read pool opened (and prepared), once per process."""
        if self._read_pool_open:
            return
        try:
            fairy = self.read_engine.raw_connection()
        except (OperationalError, psycopg.OperationalError) as exc:
            raise StoreUnavailable(f"database unavailable: {getattr(exc, 'orig', exc)}") from exc
        fairy.close()
        self._read_pool_open = True

    @property
    def read_pool_open(self) -> bool:
        return self._read_pool_open

    def now(self):
        return self.clock.now()

    def database_reachable(self) -> bool:
        """Readiness (a request path): the application's login, never the admin one."""
        try:
            with self.app_engine.connect() as conn:
                conn.execute(text("SELECT 1"))
            return True
        except Exception:  # any failure means "not reachable": this only reports
            return False

    def object_store_reachable(self) -> bool:
        try:
            self.transcripts.objects.exists(".reverie-readiness-probe")
            return True
        except Exception:  # as above: a readiness probe reports, it never raises
            return False

    @property
    def fixed_clock(self) -> bool:
        return isinstance(self.clock, FixedClock)

    @contextmanager
    def unit_of_work(self, namespace: str | None = None, *,
                     connection: Connection | None = None,
                     undeclared: bool = False) -> Iterator[UnitOfWork]:
        """One transaction. With a namespace it runs on the application's login, scoped
        (see `UnitOfWork.scope`); with `"*"` or none on the administrative login, none
        being the unscoped admin path (`reverie.namespace = '*'`, only the application's
        filters). With `connection` (from `held_connection`) the transaction runs on it
        instead of a pooled one. `undeclared`: on the application's login, as
        `reverie_app`, declaring no namespace (row-level security shows it no row): for the
        lookup that finds a presented key's namespace (`ApiKeyStore.namespace_of`)."""
        if undeclared:
            session = self._app_sessions()
        elif connection is not None:
            session = self._sessions(bind=connection)
        elif namespace is None or namespace == ALL_NAMESPACES:
            session = self._sessions()
        else:
            session = self._app_sessions()
        uow = UnitOfWork(session, self)
        try:
            if undeclared:
                session.execute(text("SELECT set_config('role', :role, true), "
                                     "set_config('reverie.namespace', '', true)"),
                                {"role": APP_ROLE})
            elif namespace is not None:
                uow.scope(namespace)
            else:
                session.execute(text("SELECT set_config('reverie.namespace', '*', true)"))
            yield uow
            session.commit()
        except OperationalError as exc:
            session.rollback()
            raise StoreUnavailable(f"database unavailable: {exc.orig or exc}") from exc
        except BaseException:
            session.rollback()
            raise
        finally:
            session.close()
        for fn in uow._after:
            fn()

    @property
    def read_engine(self) -> Engine:
        """The read pool of the assistant's recall (`recall_reads`): its connections run as
        `reverie_app` for their whole session, so they are never lent to other code."""
        with self._lock:
            if self._read_engine is None:
                self._read_engine = make_engine(self.app_engine.url)
                event.listen(self._read_engine, "connect",
                             lambda conn, _rec: prepare_read_connection(
                                 conn, APP_ROLE, self.settings.read_statement_timeout_ms))
            return self._read_engine

    @contextmanager
    def recall_reads(self, namespace: str) -> Iterator[RecallReads]:
        """The assistant's recall: statements on a connection of the read pool (see
        `RecallReads`)."""
        check_namespace(namespace)
        try:
            fairy = self.read_engine.raw_connection()
        except (OperationalError, psycopg.OperationalError) as exc:  # raw: unwrapped errors
            raise StoreUnavailable(f"database unavailable: {getattr(exc, 'orig', exc)}") from exc
        conn = fairy.driver_connection
        try:
            yield RecallReads(conn, namespace, current_actor(),
                              statement_timeout_ms=remaining_ms())
        except psycopg.OperationalError as exc:
            fairy.invalidate()  # a broken or cancelled connection must not be reused
            raise StoreUnavailable(f"database unavailable: {exc}") from exc
        except BaseException:
            fairy.invalidate()  # its session state (namespace, timeout) is unknown now
            raise
        finally:
            fairy.close()

    @contextmanager
    def held_connection(self) -> Iterator[Connection]:
        """One connection kept for several units of work, for the session-level advisory
        locks a dream batch claims its sessions with (they outlive each stage's commit).

        The locks go with the connection: released on exit, and by the server if the
        process dies (the connection closes). A connection whose release failed is
        discarded rather than pooled with locks still held. A caller that knows it took no
        lock says so with `conn.info[NOTHING_HELD] = True` (spares the release)."""
        conn = self.engine.connect()
        try:
            yield conn
        finally:
            try:
                if conn.in_transaction():
                    conn.rollback()
                if not conn.info.pop(NOTHING_HELD, False):
                    conn.execute(text("SELECT pg_advisory_unlock_all()"))
                    conn.commit()
            except Exception:
                conn.invalidate()
            conn.close()

    def limit_transactions_to_deadline(self) -> None:
        """From now on every transaction of the application's engine (`app_engine`)
        carries a Postgres `statement_timeout` of the time left before the caller's
        deadline (`infra.deadline`), when one is set: the database gives up when the
        caller has."""
        if not event.contains(self.app_engine, "begin", _set_statement_timeout):
            event.listen(self.app_engine, "begin", _set_statement_timeout)

    def dispose(self) -> None:
        self.engine.dispose()
        if self.app_engine is not self.engine:
            self.app_engine.dispose()
        if self._read_engine is not None:
            self._read_engine.dispose()


def _set_statement_timeout(conn: Connection, *_args) -> None:
    """Engine `begin` hook: a transaction may not outlive the caller's deadline."""
    ms = remaining_ms()
    if ms is None:
        return
    conn.exec_driver_sql(f"SET LOCAL statement_timeout = {ms}")


def make_extractor(settings: Settings) -> Extractor:
    if settings.extractor == ExtractorKind.LLM:
        from infra.llm import LiteLLMClient
        from infra.llm_limits import limits_for
        from pipeline.extract.llm import LLMExtractor
        s = settings
        limits = limits_for(f"{s.llm_api_base or ''}|{s.llm_model.split('/')[0]}",
                            s.llm_max_concurrency, s.llm_tokens_per_minute)
        client = LiteLLMClient(s.llm_model, api_base=s.llm_api_base, api_key=s.llm_api_key,
                               timeout_s=s.llm_timeout_s, max_retries=s.llm_max_retries,
                               limits=limits, deadline_s=s.llm_deadline_s,
                               max_completion_tokens=s.llm_max_completion_tokens,
                               hedge_percentile=s.llm_hedge_percentile,
                               transport=s.llm_transport)
        return LLMExtractor(client, token_budget=settings.llm_token_budget)
    from pipeline.extract.rules import RuleExtractor
    return RuleExtractor()


def build_deps(settings: Settings | None = None, *, clock: Clock | None = None,
               run_migrations: bool = True, embedder: Embedder | None = None) -> Deps:
    settings = settings or Settings()
    engine = make_engine(resolve_admin_url(settings), pool_size=settings.db_pool_size)
    if run_migrations:
        migrate(engine)
    app_engine = _application_engine(settings, engine)
    objects = open_object_store(settings.object_store_location,
                                endpoint_url=settings.object_store_endpoint,
                                region=settings.object_store_region)
    if hasattr(objects, "ensure_bucket"):
        objects.ensure_bucket()
    transcripts = TranscriptStore(
        objects, max_bytes=settings.max_transcript_bytes,
        encrypt_with=settings.secret_key if settings.encrypt_transcripts else None)
    vocab = Vocabulary.with_extensions(settings.extra_single_valued,
                                       settings.extra_multi_valued)
    return Deps(settings=settings, clock=clock or SystemClock(), engine=engine,
                transcripts=transcripts, extractor=make_extractor(settings), vocabulary=vocab,
                _embedder=embedder, app_engine=app_engine)


def _application_engine(settings: Settings, admin: Engine) -> Engine:
    """The application's login: `DATABASE_URL` when set (the admin engine itself when no
    separate admin URL is), else the ordinary role provisioned for it (embedded server).
    A `DATABASE_URL` naming `reverie_app_login` next to an admin URL is provisioned with
    the URL's password; a privileged application login is warned about."""
    if settings.database_url is None:
        return make_engine(provision_app_login(admin, app_login_password(settings.secret_key)),
                           pool_size=settings.db_pool_size)
    if settings.database_admin_url is None:
        app = admin
    else:
        url = make_url(to_psycopg_url(settings.database_url))
        if url.username == APP_LOGIN and url.password:
            provision_app_login(admin, url.password)
        app = make_engine(url, pool_size=settings.db_pool_size)
    try:
        privileged = login_privileges(app)
    except OperationalError:  # the first unit of work reports it
        return app
    if any(privileged.values()):
        log.warning("database.app_login_privileged", **privileged,
                    hint="point DATABASE_URL at an ordinary role and DATABASE_ADMIN_URL at "
                         "the owner (README: Faults and privileges)")
    return app


_current: Deps | None = None
_current_lock = threading.Lock()


def set_deps(deps: Deps | None) -> None:
    global _current
    _current = deps


def current_deps() -> Deps:
    """The process's bundle, built from the environment on first use (worker processes)."""
    global _current
    with _current_lock:
        if _current is None:
            _current = build_deps()
        return _current
