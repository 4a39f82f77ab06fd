"""Facts whose time, subject or name is told in the clause or sentence around them: a "since"
after the clause, a sentence opening on its date, a pet named in a later clause, a partner
named in the sentence after the relationship, a stop of smoking after the smoking, an old
employer taking the user back, a city left said where an employer goes. The traps: someone
named opening the sentence moves, a home told in the past, "not me" as a correction, a date
said again. Sentences of our own."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 11, 10, 19, 0, tzinfo=UTC)  # a Tuesday


def _claims(*texts: str, at: datetime = AT) -> list[Claim]:
    turns = [Turn(index=i, role="user", text=t, at=at) for i, t in enumerate(texts)]
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=turns)
    return [c for c in RuleExtractor().extract(transcript) if c.subject == "user"]


def _of(predicate: str, *texts: str) -> list[tuple[str, str, str]]:
    return [(c.object, c.modality, c.valid_from.date().isoformat())
            for c in _claims(*texts) if c.predicate == predicate and c.op == "assert"]


def test_a_since_after_the_clause_dates_it() -> None:
    assert _of("city", "We're back in Tarragona, since Saturday the 3rd of October.") == [
        ("Tarragona", "asserted", "2026-10-03")]


def test_a_sentence_opening_on_its_date_dates_the_clause() -> None:
    assert _of("city", "Last Saturday, the 7th of November, we finally moved into a flat in "
                       "Tarragona, close to the port.") == [("Tarragona", "asserted", "2026-11-07")]


@pytest.mark.parametrize("text", [
    "Dorotea moved to Tarragona in May.",
    "Dorotea did move to Tarragona in the end.",
    "Our home was still in Tarragona back then.",
])
def test_someone_elses_move_or_a_past_home_is_no_city_now(text: str) -> None:
    assert _of("city", text) == []


def test_not_me_corrects_who_not_a_value() -> None:
    values = [c.object for c in _claims("At home I speak Armenian with my aunt.",
                                        "Tarragona is Dorotea, not me!")]
    assert "Armenian" in values and not any("Dorotea" in v for v in values)


def test_a_pet_named_in_a_later_clause() -> None:
    assert [v for v, *_ in _of("pet", "Since October we have a puppy, brown with white paws, "
                                      "the kids named him Bruc, and he chews everything.")] == [
        "puppy named Bruc"]


def test_a_partner_named_in_the_sentence_after_the_relationship() -> None:
    text = "I'm in a relationship! Since the harvest fair, with Quim, he's a cooper."
    assert [v for v, *_ in _of("partner_name", text)] == ["Quim"]


def test_a_stop_of_smoking_told_after_the_smoking() -> None:
    claims = _claims("I'm a smoker, a pack a day. So: I'm stopping on Monday the 30th of "
                     "November, my birthday.")
    planned = [(c.object, c.valid_from.date().isoformat()) for c in claims
               if c.predicate == "smoking_status" and c.modality == "planned"]
    assert planned == [("non-smoker", "2026-11-30")]


def test_an_old_employer_taking_the_user_back() -> None:
    assert [v for v, *_ in _of("employer", "Cooperativa Falset took me back, same cellar.")] == [
        "Cooperativa Falset"]
    assert _of("employer", "If Cooperativa Falset took me back I would cry.") == []


def test_a_city_left_is_no_employer() -> None:
    claims = _claims("So we left Tarragona in the end.")
    assert not any(c.predicate == "employer" for c in claims)
    assert any(c.predicate == "employer" and c.object == "Google"
               for c in _claims("I start at Google next month."))


def test_a_move_day_said_again_counts() -> None:
    planned = [(c.object, c.valid_from.date().isoformat())
               for c in _claims("The firm is moving me to the Reus office. We move on Saturday "
                                "the 12th of December, no wait, Sunday the 13th.")
               if c.predicate == "city" and c.modality == "planned"]
    assert planned == [("Reus", "2026-12-13")]
