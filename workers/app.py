"""The Celery app and its configuration (from Settings, at process start)."""
from __future__ import annotations

from celery import Celery
from celery.schedules import crontab
from kombu import Queue

from infra.settings import Settings
from workers.redis_transport import transport_for

app = Celery("reverie", include=["workers.tasks"])
#: The stage each pipeline task belongs to, for its queue (`Settings.stage_queues`).
STAGE_OF_TASK = {"dream.extract.v1": "extract", "dream.session.v1": "extract",
                 "dream.consolidate.v1": "consolidate", "dream.forget.v1": "forget"}


def queues_of(settings: Settings) -> dict[str, str]:
    """Queue role -> broker queue name: the three stages, and "triggers" (sweeper, nightly
    batch) on `Settings.queue`."""
    return {**settings.stage_queues(), "triggers": settings.queue}


#: The broker queues this process's worker consumes (`serve`), None outside a worker.
_served: frozenset[str] | None = None


def serve(names: list[str]) -> None:
    """Record the queues `reverie worker` consumes, before its pool forks (the children
    inherit it): a task may then run a later stage itself (`workers.dreaming`)."""
    global _served
    _served = frozenset(names)


def serves(settings: Settings, *roles: str) -> bool:
    """Whether this process is a worker consuming the queues of every role in `roles`."""
    if _served is None:
        return False
    queues = queues_of(settings)
    return all(queues[role] in _served for role in roles)


def resolve_queues(settings: Settings, names: str | None) -> list[str]:
    """Broker queue names for `reverie worker --queues` (roles like "extract", or queue
    names; comma-separated; None: every queue). ValueError names what is unknown."""
    roles = queues_of(settings)
    if not names:
        return list(roles.values())
    out = []
    for name in (n.strip() for n in names.split(",") if n.strip()):
        if name in roles:
            out.append(roles[name])
        elif name in roles.values():
            out.append(name)
        else:
            raise ValueError(f"unknown queue {name!r}: use {', '.join(roles)} "
                             "(or their queue names)")
    return list(dict.fromkeys(out))


def configure(settings: Settings) -> Celery:
    """Point the app at the broker, or run tasks in process when there is none.

    Safe to call again in one process (the scenario runner and the tests do): connections,
    producer pools and queue routing made under the previous configuration are dropped, or
    messages would still go to the old broker and queue."""
    eager = settings.broker_url is None
    app._pool = None  # kombu keeps its own pool per broker URL; only our reference goes
    app.__dict__.pop("amqp", None)  # cached: holds the producer pool and the queue table
    app.conf.update(
        # In process: an in-memory broker, named with a host (a bare "memory://" made kombu
        # warn "No hostname was supplied" on every command).
        broker_url=settings.broker_url or "memory://localhost//",
        # redis://: kombu's transport with one Redis client per channel, not per command
        broker_transport=transport_for(settings.broker_url),
        result_backend=None,
        task_always_eager=eager,
        task_eager_propagates=True,
        task_acks_late=True,                 # a task lost with its worker runs again ...
        task_reject_on_worker_lost=True,     # ... and every stage is idempotent for that
        task_acks_on_failure_or_timeout=True,
        worker_prefetch_multiplier=settings.worker_prefetch,
        task_time_limit=settings.task_time_limit_s,
        task_soft_time_limit=max(1, int(settings.task_time_limit_s * 0.9)),
        # Redis re-delivers unacknowledged messages after the visibility timeout: it must
        # exceed the longest task, or a slow task would run twice at the same time.
        broker_transport_options={
            "visibility_timeout": max(settings.visibility_timeout_s or
                                      settings.task_time_limit_s + 30,
                                      settings.task_time_limit_s + 5),
            # How soon a task orphaned by a dead worker is re-delivered once its visibility
            # timeout passed (kombu's default check runs only every ~100 s).
            "unacked_restore_interval": settings.unacked_restore_interval_s,
            "unacked_restore_throttle": 1,
        },
        task_default_queue=settings.queue,
        # Every queue is declared: a worker started without -Q serves them all.
        task_queues=[Queue(name) for name in queues_of(settings).values()],
        task_routes={task: {"queue": settings.stage_queues()[stage]}
                     for task, stage in STAGE_OF_TASK.items()},
        broker_connection_retry_on_startup=True,
        task_serializer="json",
        accept_content=["json"],
        worker_hijack_root_logger=False,
        # Task events cost worker CPU on every task; Flower switches them on when it runs.
        worker_send_task_events=settings.task_events,
        task_send_sent_event=settings.task_events,
        timezone="UTC",
        beat_schedule={
            "sweep-idle-sessions": {"task": "dream.sweep_idle.v1",
                                    "schedule": settings.sweep_every_s},
            "nightly-batch": {"task": "dream.nightly.v1",
                              "schedule": _cron(settings.nightly_cron)},
        },
    )
    return app


def broker_unreachable(settings: Settings) -> str | None:
    """Why the broker cannot be reached within `Settings.broker_start_timeout_s` (one line),
    or None when it answers. Checked before a worker or beat starts."""
    from kombu import Connection
    deadline = settings.broker_start_timeout_s
    try:
        with Connection(settings.broker_url, connect_timeout=min(5.0, deadline)) as conn:
            conn.ensure_connection(max_retries=None, interval_start=0.5, interval_step=1,
                                   interval_max=2, timeout=deadline)
    except Exception as exc:  # noqa: BLE001 — refused, auth, vhost, timeout: all "cannot run"
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"{type(exc).__name__}: {reason}"
    return None


def _cron(expr: str) -> crontab:
    minute, hour, dom, month, dow = expr.split()
    return crontab(minute=minute, hour=hour, day_of_month=dom, month_of_year=month,
                   day_of_week=dow)
