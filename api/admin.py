"""Inspection-side writes: a user's own correction of a stored fact."""
from __future__ import annotations

from datetime import datetime

from api.memory import Memory, _aware
from pipeline.values import check_value
from schemas.errors import InvalidInput
from schemas.ids import check_ident, check_namespace
from schemas.plan import Plan
from schemas.records import Claim
from workers import plans
from workers.plans import plan_claims


def correct(memory: Memory, namespace: str, user_id: str, predicate: str, obj: str,
            at: datetime | None = None, *, remove: bool = False) -> Plan:
    """A correction through the API: source `user_edit`, outranking anything extracted."""
    check_namespace(namespace), check_ident(user_id, "user id")
    try:
        obj = check_value(predicate, obj, allow_empty=remove)
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None
    deps = memory.deps
    now = _aware(at, deps.now())
    claim = Claim(predicate=predicate, object=obj, op="retract" if remove else "assert",
                  source="user_edit", confidence=1.0, valid_from=now,
                  evidence=f"user edit: {predicate} = {obj}")
    with deps.unit_of_work(namespace=namespace) as uow:
        uow.facts.lock_user(namespace, user_id)
        uow.audit.record(namespace, user_id, "revise", f"correct:{predicate}", now)
        plan = plan_claims([claim], uow.facts.history(namespace, user_id), namespace=namespace,
                           user_id=user_id, session_id=None, now=now, vocabulary=deps.vocabulary)
        plans.apply_plan(uow, deps, plan, now)
    return plan


def set_sensitive_consent(memory: Memory, namespace: str, user_id: str, consent: bool,
                          at: datetime | None = None) -> None:
    """The user's choice to let sensitive facts (health, sexuality, politics, religion)
    appear in their profile. Re-renders the profile and bumps the cache version."""
    check_namespace(namespace), check_ident(user_id, "user id")
    deps = memory.deps
    now = _aware(at, deps.now())
    with deps.unit_of_work(namespace=namespace) as uow:
        uow.facts.lock_user(namespace, user_id)
        uow.audit.record(namespace, user_id, "revise", f"sensitive-consent:{consent}", now)
        uow.profiles.set_consent(namespace, user_id, consent)
        plans.refresh_profile(uow, namespace, user_id, now)
