"""One typed Settings object, loaded once at process start (never read at import)."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from schemas.enums import ExtractorKind, RunMode


class Settings(BaseSettings):
    """Everything configurable. Environment names: `REVERIE_<FIELD>`, plus the service URLs
    under their conventional names (`DATABASE_URL`, `DATABASE_ADMIN_URL`, `BROKER_URL`,
    `OBJECT_STORE_URL`)."""

    model_config = SettingsConfigDict(env_prefix="REVERIE_", extra="ignore")

    #: Where the embedded Postgres data and the default object-store folder live.
    data_dir: Path = Path("~/.reverie").expanduser()
    #: Unset: an embedded Postgres with pgvector under `data_dir/pg`.
    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_URL", "REVERIE_DATABASE_URL"))
    #: The administrative login: migrations, and the only connection on which the
    #: all-namespaces scope works (sweeper, nightly batch, reprocess selection, dead
    #: letters). Unset: `database_url`'s login (one login for both: set this, and point
    #: `database_url` at an ordinary role, for least privilege); with neither set, the
    #: embedded server's superuser, and the application logs in as `reverie_app_login`.
    database_admin_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("DATABASE_ADMIN_URL", "REVERIE_DATABASE_ADMIN_URL"))
    #: Celery broker (Redis or RabbitMQ). Unset: tasks run in process.
    broker_url: str | None = Field(
        default=None, validation_alias=AliasChoices("BROKER_URL", "REVERIE_BROKER_URL"))
    #: Seconds `reverie worker` and `reverie beat` wait for the broker at start before they
    #: exit non-zero (a supervisor then restarts them; Celery alone would retry for ~30 min
    #: while the node looks up).
    broker_start_timeout_s: float = Field(30.0, gt=0)
    #: `s3://bucket/prefix` or `file:///path`. Unset: `data_dir/objects`.
    object_store_url: str | None = Field(
        default=None, validation_alias=AliasChoices("OBJECT_STORE_URL", "REVERIE_OBJECT_STORE_URL"))
    #: Endpoint for MinIO or any S3-compatible store (unset: AWS).
    object_store_endpoint: str | None = Field(
        default=None,
        validation_alias=AliasChoices("OBJECT_STORE_ENDPOINT", "REVERIE_OBJECT_STORE_ENDPOINT"))
    object_store_region: str = "us-east-1"

    #: none (no memory) | online (per-turn working set only) | full (plus consolidation)
    mode: RunMode = RunMode.FULL

    # capture limits
    #: A turn is stored whole up to this size (a pasted document, a long log) and cut into
    #: fragments for recall; a session's transcript up to `max_transcript_bytes`.
    max_transcript_bytes: int = 16_000_000
    max_turn_chars: int = 400_000
    max_turns_per_session: int = 5_000
    #: Seconds a client's turn or session time may run ahead of this process's clock; a
    #: later time is refused (it would make its facts current from the future).
    max_clock_skew_s: float = Field(default=300.0, ge=0)

    # triggers
    idle_timeout_minutes: float = 30.0
    nightly_cron: str = "0 3 * * *"
    sweep_every_s: float = 60.0
    #: Minutes after its end (and between tries) before the sweeper sends the event of a
    #: session whose pipeline has not finished again: a message lost with the broker, or a
    #: publish that failed, is re-sent within this plus one sweep.
    resend_after_minutes: float = Field(5.0, gt=0)

    # extraction
    extractor: ExtractorKind = ExtractorKind.RULES
    llm_model: str = "gpt-4o-mini"
    llm_api_base: str | None = None
    llm_api_key: str | None = None
    #: Per-task token budget: the prompt is cut to this many (estimated) tokens ...
    llm_token_budget: int = 60_000
    #: ... and the completion capped at this many.
    llm_max_completion_tokens: int = 4_000
    #: Per-task time budget of one extraction's model call: waits for the provider's
    #: limits, attempts and backoff together; past it the task retries later.
    llm_deadline_s: float = Field(default=120.0, gt=0)
    #: One attempt's timeout, and the retries of 429s, 5xx and timeouts (with backoff).
    llm_timeout_s: float = Field(default=30.0, gt=0)
    llm_max_retries: int = Field(default=4, ge=0)
    #: Provider limits, per provider and worker process (0: none): model calls in flight,
    #: and tokens (prompt + completion) per minute.
    llm_max_concurrency: int = Field(default=64, ge=0)
    llm_tokens_per_minute: int = Field(default=0, ge=0)
    #: Hedged calls (`infra.llm_hedge`): a second call once the first has run past this
    #: percentile of the process's recent answered calls (e.g. 90: about a tenth more
    #: calls, each paid for); 0: never.
    llm_hedge_percentile: float = Field(default=0.0, ge=0, lt=100)
    #: How an OpenAI-compatible endpoint (model "openai/<name>" at `llm_api_base`) is
    #: called: "auto" over a lean HTTP transport (`infra.llm_http`: a seventh of
    #: litellm's CPU per call) unless a litellm callback or a proxy applies, "http" always,
    #: "litellm" never. Every other model goes through litellm.
    llm_transport: Literal["auto", "litellm", "http"] = "auto"
    extra_single_valued: list[str] = []
    extra_multi_valued: list[str] = []

    # read path
    #: local | hash | litellm/<model> (`EmbedderKind.of` tells which)
    embedder: str = "local"
    embedding_dim: int = 384
    recall_deadline_ms: int = 300
    #: Server-side statement timeout of the read pool's connections (a recall with a
    #: deadline sets a shorter one for its own statement).
    read_statement_timeout_ms: int = Field(2000, ge=0)
    #: Failures in a row that open safe_recall's circuit breaker, and the seconds before
    #: one probe is let through again.
    recall_breaker_failures: int = Field(3, ge=1)
    recall_breaker_reset_s: float = Field(10.0, ge=0)
    recall_k: int = 5
    recall_token_budget: int = 600

    # expiry (TTLs, decay, quotas)
    decay_half_life_days: float = 90.0
    short_lived_ttl_days: int = 14
    namespace_quota_items: int = 100_000
    #: Key for tombstone hashes and (when `encrypt_transcripts`) the transcript key-encryption key.
    #: Seconds from an erasure to the purge that rewrites the tables and retires the WAL
    #: (erasures within it share one purge): with a broker, the bound on erased bytes in
    #: Postgres's files (in process the purge follows the erasure at once).
    erasure_purge_delay_s: float = Field(300.0, ge=0)
    secret_key: str = "reverie-development-key-change-me"
    encrypt_transcripts: bool = False
    redact_pii: bool = False

    # inspector (the web page of `reverie serve`, under /inspect)
    #: The address people reach the server at: the base of the links `reverie link` prints.
    public_url: str = "http://127.0.0.1:8420"
    #: Hours an operator's inspector session lasts after the API-key login.
    operator_session_hours: float = Field(default=8.0, gt=0, le=24 * 7)

    # workers
    task_time_limit_s: int = 300
    #: Redis only: seconds before a task whose worker died (never acknowledged) is delivered
    #: again. It must exceed the longest task time limit, or Redis would re-deliver tasks
    #: still running; unset: the time limit plus 30 s (not kombu's hour). RabbitMQ
    #: re-delivers at once, when the dead worker's connection closes.
    visibility_timeout_s: int | None = None
    max_retries: int = 5
    #: Seconds between checks for orphaned (unacknowledged, timed-out) tasks to re-deliver.
    unacked_restore_interval_s: int = 10
    #: Send Celery task events (Flower turns them on itself when it connects).
    task_events: bool = False
    #: Celery queue of the triggers (sweeper, nightly batch); the stages' queues are named
    #: after it unless set (separate deployments can share one broker).
    queue: str = "reverie"
    #: The stages' queues (`reverie worker --queues extract,...`); unset: `<queue>.<stage>`.
    extract_queue: str | None = None
    consolidate_queue: str | None = None
    forget_queue: str | None = None
    worker_prefetch: int = 1
    #: Database connections a process keeps (plus 10 on demand). `reverie worker --pool
    #: threads` raises it to its concurrency (up to 20) unless set: threads share the pool.
    db_pool_size: int = Field(default=5, ge=1)
    #: Sessions one `dream.consolidate.v1` run reconciles and consolidates together: the
    #: event's own session plus up to this many minus one other extracted sessions of its
    #: namespace, their users claimed so no other worker takes them; each stage then runs
    #: once for all of them in one transaction. 1 turns batching off.
    dream_batch_size: int = Field(default=16, ge=1, le=500)
    #: First delay (seconds) before a consolidate event whose user another worker holds,
    #: or whose user's earlier session is still being extracted, is looked at again; it
    #: doubles per deferral, up to a minute.
    dream_defer_s: float = Field(default=1.0, gt=0)
    #: How long a consolidate event waits for a user another worker holds (its database
    #: work is short) before it defers itself instead.
    consolidate_claim_wait_s: float = Field(default=2.0, ge=0)
    #: Prometheus endpoint of `reverie worker` (0: none); `reverie metrics` defaults to +1.
    metrics_port: int = 9464
    #: Address the metrics endpoints bind: loopback unless told otherwise ("0.0.0.0" for a
    #: Prometheus on another host).
    metrics_host: str = "127.0.0.1"

    # HTTP service (`reverie serve`)
    #: Largest request body accepted, in bytes (a whole transcript import must fit).
    max_request_bytes: int = Field(default=4_000_000, ge=1024)
    #: Seconds a verified API key is trusted without asking the database again (so a
    #: revocation reaches other server processes within this time); 0: ask every time.
    api_key_cache_s: float = Field(default=10.0, ge=0)
    #: Seconds an Idempotency-Key's record is kept (a retry after that runs again).
    idempotency_ttl_s: int = Field(default=86_400, ge=60)

    log_json: bool = False
    log_level: str = "WARNING"

    def stage_queues(self) -> dict[str, str]:
        """Stage -> the broker queue its task is routed to."""
        return {"extract": self.extract_queue or f"{self.queue}.extract",
                "consolidate": self.consolidate_queue or f"{self.queue}.consolidate",
                "forget": self.forget_queue or f"{self.queue}.forget"}

    @property
    def object_store_location(self) -> str:
        return self.object_store_url or (self.data_dir / "objects").resolve().as_uri()
