"""Where and as what the user works, told in passing: notice periods and last days with
their end dates (pipeline/extract/notice.py), an organisation doing something for "us" at
work and a title said as who one is (pipeline/extract/parse_work.py), and a dated start;
the traps are other people's jobs, questions, wishes, negations, backstory and pasted offers.
Sentences of our own (other names, places and word order than any scenario set)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 5, 6, 19, 0, tzinfo=UTC)  # a Wednesday


def _claims(text: str, at: datetime = AT) -> list[Claim]:
    turn = Turn(index=0, role="user", text=text, at=at)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=[turn])
    return [c for c in RuleExtractor().extract(transcript)
            if c.predicate in ("employer", "job_title") and c.subject == "user"]


def _now(text: str, predicate: str = "employer", at: datetime = AT) -> list[str]:
    """Values asserted as holding when told."""
    return [c.object for c in _claims(text, at) if c.predicate == predicate
            and c.op == "assert" and c.modality == "asserted" and c.valid_from <= at]


def _ends(text: str, at: datetime = AT) -> list[tuple[str, str]]:
    """(employer, first day it no longer holds) of the planned endings."""
    return [(c.object, c.valid_from.date().isoformat()) for c in _claims(text, at)
            if c.predicate == "employer" and c.op == "retract" and c.modality == "planned"]


# --- notice: still employed until the end, which is planned -----------------------------------
@pytest.mark.parametrize(("text", "org", "end"), [
    ("Okay so I finally did the scary thing: I gave notice at Caravela Logistics on Monday. "
     "It's two months here, which is brutal, so I'm with them until the 30th of June and then "
     "I start at Farol Analytics on Monday the 6th of July as a lead data engineer.",
     "Caravela Logistics", "2026-07-01"),
    ("I handed in my notice at Brightwater Foods yesterday, so I'm there until the end of June.",
     "Brightwater Foods", "2026-07-01"),
    ("I'm working my notice at Quayside Dental until Friday the 29th of May, then a break.",
     "Quayside Dental", "2026-05-30"),
    ("Big step today, I've handed my resignation in at Ostberg Maritime and they want "
     "four weeks' notice.", "Ostberg Maritime", "2026-06-04"),
    ("Told my manager this morning and I gave a month's notice at Kilnworth Pottery.",
     "Kilnworth Pottery", "2026-06-07"),
    ("Handed in my notice at Tern Valley Brewing this morning: the notice period is two "
     "weeks.", "Tern Valley Brewing", "2026-05-21"),
])
def test_notice_keeps_the_job_until_its_end(text, org, end):
    assert org in _now(text)
    assert (org, end) in _ends(text) or ("", end) in _ends(text)


def test_the_planned_start_follows_the_notice():
    text = ("I gave notice at Caravela Logistics on Monday. It's two months here, so I'm with "
            "them until the 30th of June and then I start at Farol Analytics on Monday the 6th "
            "of July as a lead data engineer.")
    planned = {(c.predicate, c.object, c.valid_from.date().isoformat())
               for c in _claims(text) if c.modality == "planned" and c.op == "assert"}
    assert ("employer", "Farol Analytics", "2026-07-06") in planned
    assert ("job_title", "lead data engineer", "2026-07-06") in planned
    assert "Farol Analytics" not in _now(text)


@pytest.mark.parametrize(("text", "at", "org", "end"), [
    ("Ten days left at Caravela! The handover doc is now a small novel.",
     datetime(2026, 6, 20, 9, 0, tzinfo=UTC), "Caravela", "2026-07-01"),
    ("Two weeks left at Marlow & Finch and my replacement starts shadowing me on Monday.",
     AT, "Marlow & Finch", "2026-05-21"),
])
def test_days_left_at_work(text, at, org, end):
    assert org in _now(text, at=at)
    assert (org, end) in _ends(text, at=at)


@pytest.mark.parametrize("text", [
    "My sister handed in her notice at Deloitte Digital last week.",
    "Should I hand in my notice at Brightwater Foods before the bonus lands?",
    "If I gave notice at Kestrel Digital now I'd be out by July.",
    "I haven't handed in my notice at Ostberg Maritime yet, I'm still thinking.",
    "Ten days left at the Hotel Miramar and then back to the grind.",
    "Three days left in Lisbon, I'm going to miss the custard tarts.",
    "Jonas has two weeks left at Kobold Games and then he's off to Berlin.",
])
def test_no_notice_for_others_questions_wishes_or_holidays(text):
    assert _now(text) == []
    assert _ends(text) == []


# --- an organisation doing something for "us" at work ----------------------------------------
@pytest.mark.parametrize(("text", "org"), [
    ("Back from the clinic. Tayside Sports Physio has finally got us a second treatment room, "
     "so I'm not doing assessments in the storage cupboard any more.", "Tayside Sports Physio"),
    ("Harbour Street Vets just gave us all a pay rise, which I did not expect after the audit.",
     "Harbour Street Vets"),
    ("Northwind Bank moved our whole team to the new office by the docks, and my commute "
     "doubled.", "Northwind Bank"),
    ("Greystone Labs is sending us to a training course in Porto next month.",
     "Greystone Labs"),
])
def test_an_organisation_doing_things_for_us_at_work(text, org):
    assert _now(text) == [org]


@pytest.mark.parametrize("text", [
    "Ryanair Holdings lost our bags again on the way back from Malaga.",
    "Harbour Street Vets finally got us an appointment for the dog's teeth.",
    "Did Northwind Bank move your team to the new office too?",
    "My friend Tomás just got hired at Banco Atlântico as a risk analyst.",
    "Greystone Labs would never give us a pay rise.",
    "Kobold Games gave them all a bonus, lucky them.",
])
def test_no_employer_from_a_customer_a_question_or_someone_else(text):
    assert _now(text) == []


# --- a title said as who one is ---------------------------------------------------------------
@pytest.mark.parametrize(("text", "title"), [
    ("Latex brings me out in hives, which is annoying because I'm a dentist's receptionist "
     "and gloves are everywhere.", "dentist's receptionist"),
    ("Funny thing is I'm a children's librarian and I can't stand noise.",
     "children's librarian"),
    ("I'm the hospital's only paediatric pharmacist, so holidays are a negotiation.",
     "paediatric pharmacist"),
    ("I'm the school's librarian, so the summer is quiet.", "librarian"),
])
def test_a_title_said_as_identity(text, title):
    assert title in _now(text, "job_title")


def test_a_title_and_the_studio_in_passing():
    text = ("I've been in Leipzig since March and I'm now a level designer at Pixelhain, the "
            "studio that did the lighthouse puzzle game.")
    assert _now(text, "job_title") == ["level designer"]
    assert _now(text) == ["Pixelhain"]


@pytest.mark.parametrize("text", [
    "My mum was a dentist's receptionist for forty years.",
    "I used to be a school librarian before all this.",
    "What if I became a pilot's instructor?",
    "I'm not a dentist's receptionist, I just answer the phone for my uncle.",
    "I'm a nervous wreck about the interview.",
    # a part played among one's own people, not a post: "the unit's", "the team's"
    "I speak Tagalog and Ilocano, so I'm the ward's translator now.",
    "Since the party I'm the team's photographer, apparently.",
])
def test_no_title_for_others_the_past_or_wishes(text):
    assert _now(text, "job_title") == []


# --- pasted offers are never the user's -------------------------------------------------------
def test_a_pasted_offer_is_not_the_users_job():
    text = ("Also, look at this thing that landed in my inbox, is this a scam?\n\n---\nDear Ms "
            "Okafor,\nWe are pleased to confirm your appointment as Head of Rehabilitation at "
            "Harbourline Health, Aberdeen, starting 1 May 2026. To secure your position please "
            "send a fee.\n---\n\nI've never applied to anything called Harbourline.")
    assert [c for c in _claims(text) if c.op == "assert"] == []


def test_an_unfenced_offer_letter_line_is_not_the_users_job():
    text = ("We are pleased to confirm your appointment as Head of Rehabilitation at "
            "Harbourline Health, starting 1 May.")
    assert [c for c in _claims(text) if c.op == "assert"] == []


# --- a job done for an employer, a job at one, a job still going -----------------------------
@pytest.mark.parametrize(("text", "org", "title"), [
    ("I'm doing the books for Tui Creek Orchards as their accounts assistant and they want "
     "me to learn Xero.", "Tui Creek Orchards", "accounts assistant"),
    ("I drive buses for Clydeline on the number 9 route.", "Clydeline", "bus driver"),
    ("I moved to Curitiba in February for a job at Araucária Games as a sound designer.",
     "Araucária Games", "sound designer"),
    ("Still a revenue analyst at Lotus Air, still eating at my desk.", "Lotus Air",
     "revenue analyst"),
    ("Still at Hraun, still on call every fourth week, she finds the pager hilarious.",
     "Hraun", None),
    ("Tarang Fintech approved my transfer to the Bengaluru office, same role.",
     "Tarang Fintech", None),
])
def test_work_told_by_what_is_done_and_where(text, org, title):
    assert org in _now(text)
    if title:
        assert title in _now(text, "job_title")


@pytest.mark.parametrize("text", [
    "I applied for a job at Kobold Games as a level designer.",
    "My sister moved to Leeds for a job at Harrow Health.",
    "I'm cooking for Anna tonight as a thank you.",
    "I used to drive buses for Clydeline.",
    "I'd love a job at Pixelhain as a level designer.",
    "I turned down the job at Lumen Labs.",
    "Northwind Bank approved my mortgage last week.",
    "Still at Gran's, the Wi-Fi is terrible.",
    "She's still with Kobold Games, and the job is fine.",
    "Still with Vodafone, the contract ends in June.",
])
def test_no_job_applied_for_wished_ended_or_someone_elses(text):
    assert _now(text) == []
    assert _now(text, "job_title") == []


def test_the_part_of_the_firm_and_the_clause_after_the_title_are_no_value():
    text = ("Since I joined Lotus Air's cargo team in February as a revenue analyst I've been "
            "eating lunch at my desk every day.")
    assert _now(text, at=datetime(2026, 3, 10, tzinfo=UTC)) == ["Lotus Air"]
    assert _now(text, "job_title", at=datetime(2026, 3, 10, tzinfo=UTC)) == ["revenue analyst"]


def test_one_employer_named_two_ways_in_a_turn_is_one_value():
    text = ("I've got three months' notice at Zefir Logistics, so I'm there until 30 November. "
            "I've been a logistics analyst at Zefir for five years.")
    claims = [c for c in _claims(text, datetime(2026, 9, 3, tzinfo=UTC)) if c.op == "assert"]
    assert {c.object for c in claims if c.predicate == "employer"} == {"Zefir Logistics"}


def test_a_machine_that_goes_into_a_mode_pastes_nothing():
    text = ("The heat pump makes this clicking noise when it goes into defrost, and the house "
            "is freezing. Still with Tui Creek, by the way, they let me keep the job remotely.")
    assert _now(text) == ["Tui Creek"]
