"""Clean values: one normaliser for every path that writes an object."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.replay import with_defaults
from pipeline.values import MAX_VALUE_CHARS, check_value, clean_value, strip_controls
from schemas.records import Claim, Transcript, Turn


@pytest.mark.parametrize(("predicate", "raw", "clean"), [
    ("employer", "Hal\u202eloran\u202c Ltd", "Halloran Ltd"),           # bidi override
    ("employer", "\x1b[1;32mFjord Bank\x1b[0m", "Fjord Bank"),          # ANSI colour
    ("employer", "Fjord\u200b Bank\ufeff", "Fjord Bank"),               # zero-width
    ("city", "Trondheim\x07", "Trondheim"),                             # control
    ("city", "here in Trondheim", "Trondheim"),
    ("city", "Trondheim now", "Trondheim"),
    ("city", "Trondheim, which is colder than I hoped", "Trondheim"),
    ("employer", "Fjord Bank and I like it there", "Fjord Bank"),
    ("hobby", "bouldering these days", "bouldering"),
    ("hobby", "bouldering too", "bouldering"),
    ("smoking_status", "Non smoker", "non-smoker"),
    ("smoking_status", "nonsmoker", "non-smoker"),
    ("pronouns", "He / Him", "he/him"),
    ("language_spoken", "portuguese", "Portuguese"),
    ("employer", "Marks and Spencer", "Marks and Spencer"),              # "and" inside a name
    ("employer", "Procter & Gamble", "Procter & Gamble"),
    ("pet", "a dog named Biscuit", "a dog named Biscuit"),
    ("city", "São Paulo", "São Paulo"),
])
def test_clean_value(predicate: str, raw: str, clean: str) -> None:
    assert clean_value(predicate, raw) == clean


def test_strip_controls_keeps_text_and_joins_lines() -> None:
    assert strip_controls("two\nlines\tand\u202d a\x1b]0;title\x07 tail") == \
        "two lines and a tail"


@pytest.mark.parametrize(("predicate", "obj", "message"), [
    ("Employer", "Fjord", "invalid predicate"),
    ("employer; drop", "Fjord", "invalid predicate"),
    ("", "Fjord", "invalid predicate"),
    ("employer", "\u202e\u202c", "empty value"),
    ("employer", "   ", "empty value"),
    ("employer", "x" * (MAX_VALUE_CHARS + 1), "over"),
])
def test_check_value_refuses_with_a_reason(predicate: str, obj: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_value(predicate, obj)


def test_check_value_allows_an_empty_removal() -> None:
    assert check_value("employer", "", allow_empty=True) == ""


def test_every_extracted_claim_is_cleaned_and_empty_ones_dropped() -> None:
    at = datetime(2027, 3, 2, 10, 0, tzinfo=UTC)
    transcript = Transcript(namespace="ns", user_id="u", session_id="s1", started_at=at,
                            ended_at=at, turns=(Turn(index=0, role="user", text="x", at=at),))
    claims = [Claim(predicate="employer", object="\u202eFjord Bank now", turn=0),
              Claim(predicate="city", object="\x1b[0m", turn=0),
              Claim(predicate="pet", object="", op="retract", turn=0)]
    out = with_defaults(claims, transcript)
    assert [(c.predicate, c.object) for c in out] == [("employer", "Fjord Bank"), ("pet", "")]
