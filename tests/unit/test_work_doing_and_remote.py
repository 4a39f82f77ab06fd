"""Employer said with the work rather than the job: "doing QA at Acme", "work remotely as an
editor for the Alpine Society" (pipeline/extract/patterns_work.py). Each beside its trap: an
activity done somewhere, someone else's job, a client, an application."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 5, 4, 18, tzinfo=UTC)


def facts(text: str, predicate: str) -> set[str]:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", text=text, at=AT),))
    return {c.object for c in RuleExtractor().extract(transcript)
            if c.predicate == predicate and c.op == "assert"}


@pytest.mark.parametrize("text, employer", [
    ("I've been doing support at Brightline Labs for three years.", "Brightline Labs"),
    ("We've been doing accounts for Mersey Tiles since 2019.", "Mersey Tiles"),
    ("I'm stuck doing payroll for Carrow Logistics, sadly.", "Carrow Logistics"),
    ("Honestly I'm still doing data science work at Quillfeather, and it pays the rent.",
     "Quillfeather"),
])
def test_doing_a_line_of_work_at_an_organisation_names_the_employer(text, employer):
    assert facts(text, "employer") == {employer}


@pytest.mark.parametrize("text", [
    "I'm doing yoga at Studio Flow now.",
    "I've been doing a workshop at Brightline Labs.",
    "My brother has been doing QA at Brightline Labs for years.",
    "I'm applying to do QA at Brightline Labs.",
])
def test_an_activity_a_talk_someone_elses_work_or_an_application_is_no_employer(text):
    assert facts(text, "employer") == set()


@pytest.mark.parametrize("text, employer, title", [
    ("I work remotely as an editor for the Alpine Botanical Society.",
     "Alpine Botanical Society", "editor"),
    ("I work from home as a translator for Verbix Language Services.",
     "Verbix Language Services", "translator"),
])
def test_working_from_home_as_a_title_for_an_organisation(text, employer, title):
    assert facts(text, "employer") == {employer}
    assert facts(text, "job_title") == {title}


def test_a_client_said_beside_the_title_is_no_employer():
    text = "I work from home as a designer for a client in Basel."
    assert facts(text, "employer") == set()
    assert facts(text, "job_title") == {"designer"}
    assert facts("My wife works remotely as an editor for the Alpine Botanical Society.",
                 "employer") == set()


def planned(text: str) -> set[tuple[str, str, datetime | None]]:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", text=text, at=AT),))
    return {(c.predicate, c.object, c.valid_from) for c in RuleExtractor().extract(transcript)
            if c.op == "assert" and c.modality == "planned"}


def test_a_new_job_said_with_the_place_described_keeps_its_title_from_its_day():
    day = datetime(2026, 5, 5, tzinfo=UTC)
    assert planned("Tomorrow I start at Pinewood Games, a tiny studio by the river, as a level "
                   "designer.") == {("employer", "Pinewood Games", day),
                                    ("job_title", "level designer", day)}


@pytest.mark.parametrize("text", [
    "My sister starts at Pinewood Games tomorrow, a tiny studio, as a level designer.",
    "I'm applying at Pinewood Games, a tiny studio, as a level designer.",
])
def test_someone_elses_new_job_or_an_application_keeps_no_title(text):
    assert facts(text, "job_title") == set()
