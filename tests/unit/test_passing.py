"""Facts named in passing, and the traps beside them: the rule extractor on one turn, with
sentences written for this test (other people, places and employers than the dev sets)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.gazetteer import lookup
from pipeline.extract.mood import mood_at
from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2026, 6, 10, 18, 0, tzinfo=UTC)


def facts(text: str) -> set[tuple[str, str, str]]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return {(c.predicate, c.object, c.op) for c in extract_turn(turn, session_id="s")}


def values(text: str, predicate: str) -> set[str]:
    return {v for p, v, op in facts(text) if p == predicate and op == "assert"}


@pytest.mark.parametrize("text,predicate,value", [
    ("Stuck on the tram again here in Krakow, so forgive the typos.", "city", "Krakow"),
    ("The move to Lyon took it out of me, but the flat is lovely.", "city", "Lyon"),
    ("Greetings from Montevideo! The coffee here is strong.", "city", "Montevideo"),
    ("We've been in Aarhus since March and I still get lost.", "city", "Aarhus"),
    ("The bakery near our apartment in Lisbon does the best pastries.", "city", "Lisbon"),
    ("Three weeks into Quillfeather Labs and I already have a nickname.", "employer",
     "Quillfeather Labs"),
    ("As a data analyst at Harborline Shipping I live in spreadsheets.", "employer",
     "Harborline Shipping"),
    ("As a data analyst at Harborline Shipping I live in spreadsheets.", "job_title",
     "data analyst"),
    ("I'm at Northwind Bank now, mostly doing compliance.", "employer", "Northwind Bank"),
    ("My team at Bluestem Analytics ships on Fridays, which is brave.", "employer",
     "Bluestem Analytics"),
    ("I'm a physiotherapist at Meadowbank Clinic, so I know my knees.", "job_title",
     "physiotherapist"),
    ("My husband Tariq keeps buying plants we have no room for.", "partner_name", "Tariq"),
    ("My husband Tariq keeps buying plants we have no room for.", "relationship_status",
     "married"),
    ("My fiancée Ines picked the venue without me.", "relationship_status", "engaged"),
    ("My six-year-old Oskar wants a snake for his birthday.", "child_name", "Oskar"),
    ("Our kids are wild today: Mila painted the cat and Teo ate the crayons.", "child_name",
     "Mila"),
    ("Our cat Pistache knocked my coffee over again.", "pet", "cat named Pistache"),
    ("Everyone at the lab calls me Bea, even though it's Beatriz on paper.", "preferred_name",
     "Bea"),
    ("Alexandra here, but Sasha is fine.", "preferred_name", "Sasha"),
    ("I work from German and Italian, mostly legal texts.", "language_spoken", "Italian"),
    ("Honestly, my Portuguese is decent after two years of classes.", "language_spoken",
     "Portuguese"),
    ("I very much do have an allergy: peanuts, so no satay please.", "allergy", "peanuts"),
    ("I joined a climbing club near the station last month.", "hobby", "climbing"),
    ("Could you also add that I do landscape photography on weekends?", "hobby",
     "landscape photography"),
])
def test_named_in_passing(text, predicate, value):
    assert value in values(text, predicate), facts(text)


@pytest.mark.parametrize("text,predicate", [
    ("My sister just moved to Lyon and loves it.", "city"),
    ("Should I move to Lisbon or stay put?", "city"),
    ("What if I quit and joined Quillfeather Labs instead?", "employer"),
    ("I lived in Toronto for ten years before coming here.", "city"),
    ("I'd love to live in Kyoto one day.", "city"),
    ("I'm in Oslo this week for a conference.", "city"),
    ("We stayed at a hotel in Split for the weekend.", "city"),
    ("My friend got a job at Copperline Media, good for her.", "employer"),
    ("She said she lives in Porto now.", "city"),
    ("My starter is called Bruno and he's very bubbly.", "pet"),
    ("I'm not allergic to gluten, I just feel bloated.", "allergy"),
    ("I'm an avid photographer.", "job_title"),
    ("Please forget that I live in Leipzig.", "city"),
    ("My ex-husband Karl still has the dog.", "partner_name"),
])
def test_traps_assert_nothing(text, predicate):
    assert not values(text, predicate), facts(text)


@pytest.mark.parametrize("text,predicate,value", [
    ("I stopped being vegetarian after the holidays.", "dietary_restriction", "vegetarian"),
    ("They ran a penicillin test and I'm not allergic to it at all.", "allergy", "penicillin"),
    ("I quit the rowing club once the season ended.", "hobby", "rowing"),
    ("We lost Biscuit in the spring, she was fifteen.", "pet", "Biscuit"),
])
def test_endings_said_naturally_remove(text, predicate, value):
    assert (predicate, value, "retract") in facts(text), facts(text)


def test_ended_claims_carry_their_mood():
    turn = Turn(index=0, role="user", text="I stopped being vegan.", at=AT)
    [claim] = extract_turn(turn, session_id="s")
    assert (claim.op, claim.modality) == ("retract", "ended")


@pytest.mark.parametrize("name,kind", [
    ("Krakow", "city"), ("Kraków", "city"), ("Ghent", "city"), ("Norway", "country"),
    ("Quillfeather Labs", None), ("March", None), ("Nico", None),
])
def test_gazetteer_names_places_and_not_words(name, kind):
    place = lookup(name)
    assert (place.kind if place else None) == kind


@pytest.mark.parametrize("text,word,modality,subject", [
    ("Should I move to Lisbon?", "Lisbon", "question", "user"),
    ("My brother moved to Lisbon.", "Lisbon", "asserted", "other"),
    ("I'm not moving to Lisbon.", "Lisbon", "negated", "user"),
    ("If I moved to Lisbon I'd surf.", "Lisbon", "hypothetical", "user"),
    ("We moved to Lisbon in May.", "Lisbon", "asserted", "user"),
])
def test_mood_of_a_clause(text, word, modality, subject):
    mood = mood_at(text, text.index(word), question=text.endswith("?"))
    assert (mood.modality, mood.subject) == (modality, subject)


def _dated(text: str) -> dict[tuple[str, str, str], str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return {(c.predicate, c.object, c.op): c.valid_from.date().isoformat()
            for c in extract_turn(turn, session_id="s")}


def test_a_bare_move_dates_the_city_named_beside_it():
    found = _dated("Greetings from Montevideo! We moved three weeks ago and it's lovely.")
    assert found[("city", "Montevideo", "assert")] == "2026-05-20"


def test_a_removal_said_twice_takes_the_date_it_was_given():
    found = _dated("Confession: I'm back on meat. I started eating meat again in April.")
    assert found[("dietary_restriction", "vegetarian", "retract")] == "2026-04-01"


def test_a_named_dog_is_one_pet_not_also_a_bare_dog():
    pets = values("We have a dog now. Pickle barks at every bus.", "pet")
    assert pets == {"dog named Pickle"}


@pytest.mark.parametrize("text,day", [
    ("She said yes! I proposed last night on the pier.", 9),
    ("He said yes!! I popped the question on the beach on Sunday.", 7),
    ("I proposed to Imke on Friday at the lighthouse. She said yes!", 5),
    ("I asked Noor to marry me on Friday and she said yes!", 5),
    ("I popped the question on Saturday and he said yes.", 6),
    ("We got engaged over the weekend.", 6),
])
def test_an_engagement_told_as_an_event_is_dated_by_its_day(text, day):
    dated = _dated(text)
    assert ("relationship_status", "engaged", "assert") in dated
    assert dated[("relationship_status", "engaged", "assert")] == f"2026-06-{day:02d}"


@pytest.mark.parametrize("text", [
    "She said yes to the job offer.",
    "She said yes! I asked her to cover my shift on Friday.",
    "My brother proposed last night. She said yes!",
    "My brother proposed and she said yes.",
    "I proposed on Friday at the lighthouse. She said yes to the ring, not the date.",
    "I proposed a new budget and the board said yes.",
    "Should I propose? She said yes to moving in, at least.",
    "I'm going to propose in June.",
    "I want to propose to Marta at Christmas.",
])
def test_a_yes_that_is_no_proposal_of_the_users_is_no_engagement(text):
    assert "engaged" not in values(text, "relationship_status")


@pytest.mark.parametrize("text,name", [
    ("Officially I'm Alexandra, but it's Sasha to everyone.", "Sasha"),
    ("My passport says Jonathan, everyone calls me Jon.", "Jon"),
    ("Legally Margarethe \u2014 Grete to my friends.", "Grete"),
    ("I'm Robert on paper, Bobby at home.", "Bobby"),
    ("Technically my name is Theodore, but it's Teddy to everybody.", "Teddy"),
    ("My legal name is Oluwaseun, but I'm Seun to everyone at work.", "Seun"),
    ("On my birth certificate I'm Eleanor, but I go by Nell.", "Nell"),
])
def test_the_name_used_wins_over_the_official_one(text, name):
    assert values(text, "preferred_name") == {name}


@pytest.mark.parametrize("text", [
    "My boss is officially Dr. Kaur but everyone calls her Jas.",
    "My boss is officially Kaur, but it's Jas to everyone.",
    "My sister is legally Katharina, but it's Kat to everyone.",
    "Officially I'm on leave until Monday.",
    "Everyone calls me lazy, which is fair.",
])
def test_an_official_name_that_is_not_the_users_names_nothing(text):
    assert values(text, "preferred_name") == set()


def test_a_used_name_that_is_no_name_leaves_the_official_one():
    assert values("Officially I'm Alexandra, but everyone calls me lazy.",
                  "preferred_name") == {"Alexandra"}
