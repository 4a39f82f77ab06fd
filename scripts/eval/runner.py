"""`reverie eval`: play multi-session scenarios through the real system and check it.

Every step goes through the real capture API, the real Celery tasks (in process without a
broker) and the real stores, with the system clock driven by the scenario's times: a turn is
at `started_at + offset_s` (default 30 s times its index), a step's `at` is now for that step,
and a check's `at` defaults to the time of the step before it.

A scenario that cannot be played as written, or whose step fails, fails alone (its checks
not yet run are reported failed, "not run"); the run stops only when a service is down.
"""
from __future__ import annotations

import importlib
import importlib.util
import time
import traceback
from collections.abc import Callable
from datetime import datetime, timedelta

from api.admin import correct
from infra.db.engine import DATABASE_DOWN
from schemas.errors import StoreUnavailable
from scripts.eval import match as m
from scripts.eval.checks import run_check, view_for
from scripts.eval.scenario import Scenario, Step, StepProblem, inline_claim, parse_time
from scripts.eval.stack import EvalStack, ScenarioEnv, ServiceDown
from workers.triggers import nightly_batch, sweep


def _fatal_errors() -> tuple[type[BaseException], ...]:
    errors: list[type[BaseException]] = [ServiceDown, StoreUnavailable, *DATABASE_DOWN,
                                         ConnectionError]
    try:  # a broker that went away
        from kombu.exceptions import OperationalError as BrokerDown
        errors.append(BrokerDown)
    except ImportError:  # pragma: no cover - kombu ships with celery
        pass
    return tuple(errors)


FATAL = _fatal_errors()


class RunAborted(Exception):
    """The run cannot go on (a service is down); names the file and the step."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")


# ---- steps --------------------------------------------------------------------------------
def play_session(env: ScenarioEnv, body: dict, ns: str, user: str) -> datetime:
    memory, clock = env.runtime.memory, env.clock
    sid = body["id"]
    started = parse_time(body["started_at"], "started_at")
    clock.set(started)
    memory.start_session(ns, user, sid, started)
    last = started
    for i, turn in enumerate(body.get("turns", [])):
        at = started + timedelta(seconds=turn.get("offset_s", 30 * i))
        clock.set(at)
        memory.append_turn(ns, user, sid, turn["role"], turn["text"], at)
        last = max(last, at)
    clock.set(last)
    for i, claim in enumerate(body.get("claims", [])):
        memory.remember(ns, user, sid, inline_claim(claim, i))
    if body.get("end", "event") == "event":
        memory.end_session(ns, user, sid, at=last)
    return last


def play_forget(env: ScenarioEnv, body: dict, ns: str, user: str, at: datetime) -> None:
    if importlib.util.find_spec("api.erasure") is None:
        raise StepProblem("forget is not available: api/erasure.py (forget) does not exist "
                          "yet, so erasure cannot be played")
    forget = getattr(importlib.import_module("api.erasure"), "forget", None)
    if forget is None:
        raise StepProblem("forget is not available: api.erasure has no forget()")
    kwargs = {k: body[k] for k in ("text", "predicate", "object", "fact_id", "all") if k in body}
    forget(env.runtime.memory, ns, user, at=at, **kwargs)


def play_step(env: ScenarioEnv, step: Step, ns: str, user: str) -> datetime:
    """Play one non-check step; returns its time (the default `at` of the next check)."""
    body = step.body
    if step.kind == "session":
        return play_session(env, body, ns, user)
    at = parse_time(body["at"], "at")
    env.clock.set(at)
    deps = env.runtime.deps
    if step.kind == "sweep":
        sweep(deps, at)
    elif step.kind == "nightly":
        nightly_batch(deps, at)
    elif step.kind == "forget":
        play_forget(env, body, ns, user, at)
    elif step.kind == "correct":
        correct(env.runtime.memory, ns, user, body["predicate"], body["object"], at)
    else:
        raise StepProblem(f"unknown step kind {step.kind!r}")
    return at


# ---- checks -------------------------------------------------------------------------------
def check_result(step: Step, at: datetime | None, passed: bool, seen=None) -> dict:
    """{kind, passed, seen (on failure), the check's own fields, at, step}."""
    body = step.body
    result: dict = {"kind": str(body.get("kind", "?")), "passed": bool(passed)}
    if not passed:
        result["seen"] = seen
    result.update({k: v for k, v in body.items() if k not in ("kind", "passed", "seen")})
    if at is not None:
        result["at"] = at.isoformat().replace("+00:00", "Z")
    result["step"] = step.index + 1
    return result


def not_run(scenario: Scenario, after: int, reason: str) -> list[dict]:
    return [check_result(s, None, False, f"not run: {reason}")
            for s in scenario.checks if s.index > after]


def play(env: ScenarioEnv, scenario: Scenario, mode: str) -> dict:
    """Play every step; returns {checks, error?, traceback?}."""
    ns, user = env.ns(scenario.namespace), scenario.user
    view = view_for(mode, env, ns, user)
    previous: datetime | None = None
    checks: list[dict] = []
    for step in scenario.steps:
        try:
            if step.kind != "check":
                before = env.states(ns, user)
                previous = play_step(env, step, ns, user)
                env.settle(ns, user, before)
                continue
            if "at" in step.body:
                previous = parse_time(step.body["at"], "at")
            if previous is None:
                raise StepProblem("a check before any timed step needs its own 'at'")
            env.clock.set(previous)
            try:
                passed, seen = run_check(step.body, previous, view, env, scenario.namespace)
            except FATAL:
                raise
            except Exception as exc:  # the system failed this check; the others still run
                passed, seen = False, f"error: {type(exc).__name__}: {exc}"
            checks.append(check_result(step, previous, passed, seen))
        except FATAL as exc:
            raise RunAborted(f"{scenario.path}, {step.label}", str(exc)) from exc
        except Exception as exc:
            reason = f"{step.label}: {exc if isinstance(exc, StepProblem) else repr(exc)}"
            out = {"checks": checks + not_run(scenario, step.index - 1, reason),
                   "error": reason}
            if not isinstance(exc, StepProblem):
                out["traceback"] = traceback.format_exc()
            return out
    return {"checks": checks}


# ---- a run --------------------------------------------------------------------------------
def run_mode(scenarios: list[Scenario], stack: EvalStack, mode: str,
             on_scenario: Callable[[dict], None] | None = None) -> dict:
    """Play every scenario in `mode`; the report (FORMAT.md, "The report")."""
    settings = stack.base
    report: dict = {"format": 1, "mode": mode, "extractor": settings.extractor,
                    "embedder": settings.embedder, "scenarios": []}
    for index, scenario in enumerate(scenarios):
        started = time.monotonic()
        result: dict = {"name": scenario.name, "file": str(scenario.path),
                        "namespace": scenario.namespace, "user": scenario.user}
        if scenario.problem is not None:
            played = {"checks": not_run(scenario, -1, scenario.problem),
                      "error": scenario.problem}
        else:
            try:
                env = stack.open(mode, index, scenario.name)
            except FATAL as exc:
                raise RunAborted(f"{scenario.path}, setup", str(exc)) from exc
            try:
                if "extractor_version" not in report:
                    report["extractor_version"] = env.runtime.deps.extractor.version
                    report["embedder_model"] = env.runtime.deps.embedder.name
                played = play(env, scenario, mode)
            finally:
                stack.release(env)
            if env.database:
                result["database"] = env.database
            if env.suffix:  # shared with the workers: the namespace the stores hold
                result["system_namespace"] = env.ns(scenario.namespace)
            result["objects"] = env.objects
        result["passed"] = sum(c["passed"] for c in played["checks"])
        result["failed"] = len(played["checks"]) - result["passed"]
        result["seconds"] = round(time.monotonic() - started, 2)
        result.update(played)
        report["scenarios"].append(result)
        if on_scenario:
            on_scenario(result)
    report["totals"] = m.totals(report["scenarios"])
    return report
