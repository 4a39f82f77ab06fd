"""A title inferred from the user's peers ("one of the other nurses"), kept only when the
user said none (pipeline/extract/peers.py)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.peers import peer_title
from pipeline.extract.rules import RuleExtractor
from pipeline.reconcile import reconcile
from schemas.plan import InsertFact
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 3, 9, 10, 0, tzinfo=UTC)


def _claims(*texts: str) -> list[Claim]:
    turns = [Turn(index=i, role="user", text=t, at=AT) for i, t in enumerate(texts)]
    return RuleExtractor().extract(Transcript(namespace="n", user_id="u", session_id="s9",
                                              started_at=AT, ended_at=AT, turns=turns))


def _titles(*texts: str) -> list[str]:
    plan = reconcile(_claims(*texts), [], namespace="n", user_id="u", session_id="s9", now=AT)
    return [op.fact.object for op in plan.ops
            if isinstance(op, InsertFact) and op.fact.predicate == "job_title"]


@pytest.mark.parametrize(("text", "title"), [
    ("Rough week. One of the other teachers, Mr Aziz, is off sick, so I'm covering.",
     "teacher"),
    ("Two of the other paramedics on my shift caught the flu.", "paramedic"),
    ("The other electricians on my crew want a pay rise.", "electrician"),
    ("My fellow pharmacists think the new rota is mad.", "pharmacist"),
    ("As a fellow accountant, you'll appreciate this one.", "accountant"),
    ("One of the other night nurses brought cake.", "night nurse"),
])
def test_the_users_peers_tell_the_title(text, title):
    assert _titles(text) == [title]


@pytest.mark.parametrize("text", [
    "Is one of the other teachers moving to Leeds?",
    "My sister says one of the other nurses quit.",
    "One of the other nurses on her ward is moving to Leeds.",
    "One of the other parents at the school gate is a dentist.",
    "My fellow passengers were furious about the delay.",
    "If one of the other guests asks, tell them no.",
])
def test_no_title_from_someone_elses_group_or_no_occupation(text):
    assert _titles(text) == []


def test_a_stated_title_wins_over_one_inferred_from_peers():
    assert _titles("I'm a charge nurse at the Royal Infirmary.",
                   "One of the other nurses quit today.") == ["charge nurse"]


def test_plural_forms():
    assert peer_title("one of the other secretaries") == "secretary"
    assert peer_title("one of the other coaches") == "coach"
    assert peer_title("one of the other heads of year") is None
