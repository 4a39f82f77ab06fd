"""Real services for the tests, started by the test run itself.

- Postgres with pgvector: DATABASE_URL, or the embedded server (one database per xdist
  worker, migrations applied once per database).
- Redis: REDIS_URL (default redis://127.0.0.1:6379/0); if nothing answers, a local
  redis-server is started on a free port.
- RabbitMQ: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672//), or a private
  rabbitmq-server; skipped when neither can run, except in CI.
- S3: moto's server on a free loopback port, reached by boto3 over HTTP.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest

from scripts.bench.services import free_port

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def _worker_id(request) -> str:
    return getattr(request.config, "workerinput", {}).get("workerid", "main")


@pytest.fixture(scope="session")
def pg_server_url(tmp_path_factory) -> str:
    """A Postgres URL (admin) for this test session."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    from infra.db.engine import embedded_database_url
    # One embedded server shared by all xdist workers: its data dir lives beside the repo's
    # temp root, keyed by the run, so workers join the same server.
    base = Path(tempfile.gettempdir()) / f"reverie-test-pg-{os.getppid()}"
    base.mkdir(exist_ok=True)
    # "delete": the last test process to exit stops the server and removes its data.
    return embedded_database_url(base, cleanup="delete")


@pytest.fixture(scope="session")
def database_url(pg_server_url, request) -> str:
    """A migrated database for this xdist worker."""
    from sqlalchemy import create_engine, text
    from infra.db.engine import make_engine, migrate, to_psycopg_url
    admin = create_engine(to_psycopg_url(pg_server_url), isolation_level="AUTOCOMMIT")
    name = f"reverie_test_{_worker_id(request)}_{os.getpid()}"
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        c.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    base, _, query = to_psycopg_url(pg_server_url).partition("?")
    url = base.rsplit("/", 1)[0] + "/" + name + (("?" + query) if query else "")
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()
    return url


@pytest.fixture(scope="session")
def app_database_url(database_url) -> str:
    """The same database through the application's ordinary login (`reverie_app_login`),
    as the embedded default provisions it: row-level security holds it to one namespace."""
    from infra.db.engine import make_engine
    from infra.db.roles import app_login_password, provision_app_login
    from infra.settings import Settings
    admin = make_engine(database_url)
    try:
        return provision_app_login(admin, app_login_password(Settings().secret_key))
    finally:
        admin.dispose()


@pytest.fixture(scope="session")
def redis_url() -> str:
    from scripts.bench.services import redis_server
    services = contextlib.ExitStack()
    try:
        url = services.enter_context(
            redis_server(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")))
    except RuntimeError as exc:
        pytest.fail(str(exc))
    with services:
        yield url


@pytest.fixture(scope="session")
def amqp_url() -> str:
    """RabbitMQ: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672//), else a private
    rabbitmq-server; skipped when neither can run, but never in CI (`CI` set): it fails."""
    from scripts.bench.services import rabbitmq_server
    services = contextlib.ExitStack()
    try:
        url = services.enter_context(
            rabbitmq_server(os.environ.get("AMQP_URL", "amqp://guest:guest@127.0.0.1:5672//")))
    except RuntimeError as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    with services:
        yield url


@pytest.fixture(scope="session")
def s3_endpoint() -> str:
    """moto's S3 server over real HTTP on a free loopback port."""
    from moto.server import ThreadedMotoServer
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")
    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def clock():
    from infra.clock import FixedClock
    return FixedClock(datetime(2026, 1, 1, 9, 0, tzinfo=UTC))


@pytest.fixture
def settings(database_url, app_database_url, tmp_path):
    from infra.settings import Settings
    return Settings(data_dir=tmp_path, database_url=app_database_url,
                    database_admin_url=database_url, broker_url=None,
                    object_store_url=(tmp_path / "objects").as_uri(), embedder="hash",
                    mode="full")


@pytest.fixture
def runtime(settings, clock):
    """The whole stack in process (eager tasks) on the real Postgres and a file store."""
    from api.runtime import start
    rt = start(settings, clock=clock)
    yield rt
    rt.deps.dispose()


@pytest.fixture
def ns() -> str:
    """A fresh namespace per test: tests share a database, never data."""
    return f"t{uuid.uuid4().hex[:12]}"


@pytest.fixture
def no_ended_leftovers(runtime, ns):
    """Sessions a test leaves ended would be dreamed by other tests' nightly batch (which
    takes every namespace), with their transcripts gone with that test's folder: the worker
    tests delete theirs (`pytestmark = pytest.mark.usefixtures("no_ended_leftovers")`)."""
    yield
    from sqlalchemy import text
    with runtime.deps.engine.begin() as c:
        c.execute(text("DELETE FROM sessions WHERE namespace = :ns AND state = 'ended'"),
                  {"ns": ns})
