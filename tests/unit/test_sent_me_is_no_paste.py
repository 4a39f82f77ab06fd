"""An allergy disproved inside a long turn about other things. "My GP sent me to an
allergist" sends a person, it pastes nothing: the user's own words after it still count
("I'm not allergic to penicillin after all"), while "my GP sent me this: '...'" is still
someone else's text. Sentences of their own, beside a question and someone else's allergy.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.trust import split_untrusted
from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 3, 2, 19, 0, tzinfo=UTC)


def allergy(text: str) -> set[tuple[str, str]]:
    return {(c.op, c.object) for c in claims_of(text, at=AT) if c.predicate == "allergy"}


@pytest.mark.parametrize("text", [
    "Long week. My doctor sent me to a specialist about that old amoxicillin rash, and the "
    "patch test on Tuesday was clean. I'm not allergic to amoxicillin after all. Anyway, what "
    "should I cook for six on Saturday?",
    "Work sent me over to Porto for the audit, which was fun. Also, the clinic finally ran the "
    "tests: turns out I'm not allergic to amoxicillin. Can you suggest a light dinner?",
    "The hospital sent me home with a leaflet and a clean result, so it's official, I'm not "
    "allergic to amoxicillin. We're planning a picnic for Sunday, any ideas?",
])
def test_the_users_own_words_after_sending_a_person_still_count(text: str) -> None:
    assert allergy(text) == {("retract", "amoxicillin")}


@pytest.mark.parametrize("text", [
    "My GP sent me this: 'You are not allergic to amoxicillin, the test was clean.'",
    "My sister sent me to the shops and she's not allergic to amoxicillin after all.",
    "My doctor sent me to a specialist. Am I not allergic to amoxicillin after all?",
])
def test_pasted_text_someone_elses_allergy_or_a_question_change_nothing(text: str) -> None:
    assert allergy(text) == set()


@pytest.mark.parametrize(("text", "pasted"), [
    ("my landlord sent me: 'the flat is yours from May'", True),
    ("she wrote 'I live in Paris now'", True),
    ("my boss sent me to Leeds for a week and I'm vegan", False),
    ("the agency sent me abroad twice last year", False),
])
def test_only_a_message_sent_is_pasted(text: str, pasted: bool) -> None:
    assert bool(split_untrusted(text)[1]) is pasted
