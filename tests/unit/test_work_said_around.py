"""Work told around the job rather than as "I work at X": leaving a job told ahead, a notice
told by its length, the next job dated "and then from <day>", an employer named after the
common noun it is ("at the municipality, Akureyrarbær"), "the studio" that names nobody, a
role told after where the work is done, the title of an offer taken with a dated start, a
project by the name it goes by, and a joke that is not a job (notice.py, clauses.py,
objects.py, passing_work.py, offer_title.py, projects.py, figurative.py). Sentences of our
own: other names, places and word order than any scenario; the traps are other people's
news, questions, negations, refusals and figures of speech."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 3, 4, 19, 0, tzinfo=UTC)  # a Wednesday


def _claims(text: str, at: datetime = AT) -> list[Claim]:
    turn = Turn(index=0, role="user", text=text, at=at)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=[turn])
    return [c for c in RuleExtractor().extract(transcript) if c.subject == "user"]


def _now(text: str, predicate: str = "employer", at: datetime = AT) -> list[str]:
    """Values asserted as holding when told."""
    return [c.object for c in _claims(text, at) if c.predicate == predicate
            and c.op == "assert" and c.modality == "asserted" and c.valid_from <= at]


def _planned(text: str, predicate: str = "employer", at: datetime = AT) -> list[tuple[str, str]]:
    return [(c.object, c.valid_from.date().isoformat()) for c in _claims(text, at)
            if c.predicate == predicate and c.op == "assert" and c.modality == "planned"]


def _ends(text: str, at: datetime = AT) -> list[tuple[str, str]]:
    return [(c.object, c.valid_from.date().isoformat()) for c in _claims(text, at)
            if c.predicate == "employer" and c.op == "retract" and c.modality == "planned"]


def _any(text: str, predicate: str, at: datetime = AT) -> list[str]:
    return [c.object for c in _claims(text, at) if c.predicate == predicate and c.op == "assert"]


# --- leaving a job, told ahead: still there until the last day --------------------------------
@pytest.mark.parametrize(("text", "org", "end"), [
    ("Huge day. I told my manager this morning that I'm leaving Harbourlight Pharmacy, and my "
     "last day is the 27th of March.", "Harbourlight Pharmacy", "2026-03-28"),
    ("My boss already knows I'm leaving Arden Vale Dental, and my last day is the 13th of "
     "March.", "Arden Vale Dental", "2026-03-14"),
    ("I'm leaving my job at the Leeds office of Corrin Mutual and my last day there is Friday "
     "the 20th.", "Corrin Mutual", "2026-03-21"),
    ("So it's official, I'm leaving Tallis & Crane. Three years as a paralegal there, and my "
     "last day is the 31st of March.", "Tallis & Crane", "2026-04-01"),
])
def test_leaving_keeps_the_job_until_the_last_day(text, org, end):
    assert org in _now(text)
    # a last day told in a later sentence ends the employer held (named or not)
    assert (org, end) in _ends(text) or ("", end) in _ends(text)


@pytest.mark.parametrize("text", [
    "My sister is leaving Harbourlight Pharmacy and her last day is the 27th of March.",
    "Should I tell them I'm leaving Corrin Mutual before my last day?",
    "I'm not leaving Tallis & Crane, whatever my boss thinks.",
    "I'm leaving Lisbon on the 27th of March after a week of meetings.",
    "I'm leaving Tomasz, we've been unhappy for a long time.",
    "Work is mad and I'm leaving Brandvik tomorrow for a conference, back on the 27th.",
    "If I'm leaving Corrin Mutual, my last day would be the 27th of March.",
])
def test_leaving_that_is_not_the_users_job(text):
    assert _now(text) == [] and _ends(text) == []


def test_a_notice_told_by_its_length_ends_the_job_left_earlier():
    text = ("I told Oona tonight that I'm leaving Brasserie Lune. I've been pastry chef there "
            "for six years and I've given my three weeks, so my last shift is the 21st of "
            "March, and then from Monday 6 April I'm head baker at Fournil Sud.")
    assert "Brasserie Lune" in _now(text)
    assert ("Brasserie Lune", "2026-03-22") in _ends(text)
    assert ("Fournil Sud", "2026-04-06") in _planned(text)
    assert ("head baker", "2026-04-06") in _planned(text, "job_title")
    assert "Fournil Sud" not in _now(text)


def test_pregnant_with_a_child_is_no_job():
    text = "I quit smoking when I was pregnant with Mila and never went back."
    assert _any(text, "employer") == [] and _any(text, "job_title") == []


def test_weeks_off_are_no_notice():
    text = "I'm taking my two weeks off at Easter, my last shift before it is the 27th."
    assert _now(text) == []


# --- an employer named after the common noun it is --------------------------------------------
@pytest.mark.parametrize(("text", "org"), [
    ("I left Stonebeck when we moved and I'm now a housing officer at the council, Fenmoor "
     "District Council.", "Fenmoor District Council"),
    ("I work at a small agency, Brightline, as a copywriter.", "Brightline"),
    ("These days I'm a lab technician at the university, Halden Tech.", "Halden Tech"),
])
def test_an_employer_named_after_its_noun(text, org):
    assert org in _now(text)


@pytest.mark.parametrize("text", [
    "Work at the studio is mad right now, we're mixing two albums at once.",
    "Work at the hospital has been brutal this week.",
    "I work at the office, Monday to Friday.",
])
def test_the_noun_alone_names_no_employer(text):
    assert _now(text) == []


def test_the_studio_does_not_replace_the_named_employer():
    text = ("I'm a sound engineer at a recording studio in Miraflores called Estudio Garza. "
            "Work at the studio is mad right now.")
    assert _now(text) == ["Estudio Garza"]


# --- a role told after where the work is done -------------------------------------------------
@pytest.mark.parametrize(("text", "title"), [
    ("I live and work in Gdańsk, as a radiographer at a private clinic, and I need a new GP.",
     "radiographer"),
    ("I work nights in Leeds as a porter at the infirmary.", "porter"),
    ("We both work in Ghent, as teachers at the same school.", None),
])
def test_a_role_after_the_place_of_work(text, title):
    titles = _any(text, "job_title")
    assert (title in titles) if title else True


@pytest.mark.parametrize("text", [
    "My brother lives and works in Porto, as a dentist.",
    "If I work in Oslo as a nurse, will I need Norwegian?",
    "I work with kids on Saturdays, as a volunteer at the library.",
])
def test_a_role_that_is_not_the_users_job(text):
    assert _any(text, "job_title") == []


# --- the title of an offer taken, from the day the job starts ---------------------------------
def test_the_offer_title_starts_with_the_job():
    text = ("Signed it! The Pelorus Labs offer, senior product designer, hybrid with an office "
            "in Salford. I've got two months' notice at Mereway Foods, so I'm there until 30 "
            "April and I start at Pelorus on 1 May. I've been a brand designer at Mereway for "
            "four years.")
    assert ("senior product designer", "2026-05-01") in _planned(text, "job_title")
    assert "brand designer" in _now(text, "job_title")
    assert ("Pelorus", "2026-05-01") in _planned(text)


def test_an_offer_from_as_a_title():
    text = ("I took the offer from Lumenfield as a data analyst, and I start at Lumenfield on the "
            "6th of April.")
    assert ("data analyst", "2026-04-06") in _planned(text, "job_title")


def test_an_offer_to_be_their_title():
    text = ("Big news: I accepted an offer from Quillmark to be their head of design. It's a "
            "month's notice here, and I start at Quillmark on the 4th of May.")
    assert ("head of design", "2026-05-04") in _planned(text, "job_title")


@pytest.mark.parametrize("text", [
    "My friend Bartek got the Pelorus Labs offer, senior product designer. I start at Pelorus "
    "on 1 May, as a tester.",
    "I turned down the Pelorus Labs offer, senior product designer. I start at Pelorus on 1 May.",
    "Got the Pelorus Labs offer, senior product designer, but I haven't decided yet.",
])
def test_an_offer_not_taken_gives_no_title(text):
    assert "senior product designer" not in [v for v, _ in _planned(text, "job_title")]
    assert "senior product designer" not in _now(text, "job_title")


# --- a project by the name it goes by ---------------------------------------------------------
@pytest.mark.parametrize(("text", "project"), [
    ("News: I've been asked to lead the new payments platform project at work, we're calling "
     "it Osprey, so expect questions.", "Osprey"),
    ("I'm running a data migration project at work, codenamed Heron.", "Heron"),
    ("I'm working on a project called Bluebird.", "Bluebird"),
    ("I'm leading the warehouse automation project at work.", "warehouse automation project"),
    ("Work update: my team is building an internal billing dashboard, we call it Lantern, and "
     "I present it next month.", "Lantern"),
    ("My team is building a new checkout flow.", "new checkout flow"),
])
def test_a_project_by_its_name(text, project):
    assert project in _any(text, "current_project")


@pytest.mark.parametrize("text", [
    "I was asked to lead the Heron project but I said no.",
    "My boss is leading the payments platform project, they're calling it Osprey.",
    "Should I lead the new billing project?",
    "My sister's team is building a rocket, they call it Kestrel.",
])
def test_a_project_that_is_not_the_users(text):
    assert _any(text, "current_project") == []


def test_a_name_inside_the_project_is_not_its_name():
    assert "Rex" not in _any("I'm writing a novel about a dog named Rex.", "current_project")


# --- a joke is not a job ----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "job", "joke"), [
    ("I drive trams for Metrolink. At this point I'm a professional crisp taster instead, I've "
     "eaten hundreds.", None, "professional crisp taster"),
    ("I'm a nurse at Ashcombe Hospital. I'm practically a full-time taxi driver for my kids too.",
     "nurse", "taxi driver"),
    ("I'm an accountant at Fenwick Ltd, and I might as well be a plumber after this week.",
     "accountant", "plumber"),
])
def test_a_figure_of_speech_gives_no_title(text, job, joke):
    titles = _any(text, "job_title")
    assert not any(joke in t for t in titles)
    assert job is None or job in titles


def test_married_to_the_job_is_no_marriage():
    text = "Honestly I'm married to my espresso machine at this point, my dad keeps asking."
    assert _any(text, "relationship_status") == [] and _any(text, "partner_name") == []


def test_a_name_before_the_figure_stays():
    text = "My boyfriend Tariq says I'm married to the ER at this point, which, fair."
    assert "Tariq" in _any(text, "partner_name")
    assert "married" not in _any(text, "relationship_status")


def test_at_this_point_in_a_career_is_literal():
    text = "At this point in my career I'm a senior nurse at Ashcombe Hospital."
    assert "senior nurse" in _any(text, "job_title")
