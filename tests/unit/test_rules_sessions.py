"""Session view: corrections later in the session, lists, several facts per sentence,
repeats, and the per-turn (online) helper."""
from __future__ import annotations

import pytest

from pipeline.extract.base import Extractor
from pipeline.extract.clauses import split_clauses, split_sentences
from pipeline.extract.corrections import parse_correction
from pipeline.extract.rules import RuleExtractor, extract_turn
from schemas.records import Turn
from tests.unit.test_rules_support import AT, claims_of, session


def facts(claims: list) -> list[tuple[str, str, str]]:
    return [(c.predicate, c.object, c.op) for c in claims]


def test_conforms_to_the_extractor_protocol() -> None:
    extractor: Extractor = RuleExtractor()
    assert extractor.name == "rules" and extractor.version.startswith("rules-")


@pytest.mark.parametrize(("turns", "expected"), [
    ((("user", "I work at Initech."), ("assistant", "Got it."),
      ("user", "What's a good way to structure my week?"), ("assistant", "Try time blocking."),
      ("user", "Sorry, I misspoke earlier: I work at Initrode, not Initech.")),
     [("employer", "Initrode", "assert")]),
    ((("user", "I live in Lyon."), ("assistant", "Nice."),
      ("user", "Sorry, I meant Lille, not Lyon.")),
     [("city", "Lille", "assert")]),
    ((("user", "I'm allergic to peanuts."), ("user", "Oops, I meant walnuts.")),
     [("allergy", "walnuts", "assert")]),
    ((("user", "I live in Lyon."), ("user", "Actually I live in Lille.")),
     [("city", "Lille", "assert")]),
    ((("user", "I have a dog named Rex."), ("user", "No wait, his name is Max, not Rex.")),
     [("pet", "dog named Max", "assert")]),
    ((("user", "I work at Initech."), ("user", "It's not Initech, it's Initrode.")),
     [("employer", "Initrode", "assert")]),
    ((("user", "I work at Initech."), ("user", "Not Initech - Initrode.")),
     [("employer", "Initrode", "assert")]),
    ((("user", "My name is Katherine."), ("user", "Actually, it's Kate, not Katherine.")),
     # One name is what to call the user, not a full name: the correction leaves "Kate".
     [("preferred_name", "Kate", "assert")]),
    ((("user", "I moved to Lyon in August. Sorry, I mean Lille."),),
     [("city", "Lille", "assert")]),
    ((("user", "I work at Globex as a junior analyst."),
      ("user", "Correction: senior analyst, not junior analyst.")),
     [("employer", "Globex", "assert"), ("job_title", "senior analyst", "assert")]),
])
def test_corrections_replace_what_they_correct(turns: tuple, expected: list) -> None:
    assert facts(session(*turns)) == expected


def test_correction_keeps_the_original_valid_time() -> None:
    claim = session(("user", "I moved to Lyon in August."), ("user", "Sorry, I meant Lille."))[0]
    assert (claim.object, claim.valid_from.month, claim.turn) == ("Lille", 8, 1)


def test_correction_of_a_fact_from_an_earlier_session_retracts_it() -> None:
    assert facts(session(("user", "I'm allergic to walnuts, not peanuts."))) == [
        ("allergy", "peanuts", "retract"), ("allergy", "walnuts", "assert")]


@pytest.mark.parametrize("text", [
    "Sorry, it's been a long day.", "Sorry, I'm tired.", "Actually, that's fine.",
    "Oops, wrong window.",
])
def test_apologies_that_correct_nothing_change_nothing(text: str) -> None:
    assert facts(session(("user", "My name is Sam Okafor."), ("user", text))) == [
        ("full_name", "Sam Okafor", "assert"), ("preferred_name", "Sam Okafor", "assert")]


def test_extract_turn_does_no_correction_handling() -> None:
    turn = Turn(index=0, role="user", text="Sorry, I meant Lille, not Lyon.", at=AT)
    assert extract_turn(turn, session_id="s1") == []


def test_parse_correction_shapes() -> None:
    fix = parse_correction("Sorry, I meant Lille, not Lyon.")
    assert fix is not None and (fix.y, fix.x) == ("Lille", "Lyon")
    fix = parse_correction("It's Kate, not Katherine.")
    assert fix is not None and (fix.y, fix.x) == ("Kate", "Katherine")
    assert parse_correction("I live in Oslo.") is None


def test_repeated_statement_in_a_session_is_one_claim() -> None:
    found = session(("user", "I live in Prague."), ("user", "As I said, I live in Prague."))
    assert facts(found) == [("city", "Prague", "assert")]
    assert found[0].turn == 0


def test_a_value_said_again_after_another_is_kept() -> None:
    found = session(("user", "I live in Prague."), ("user", "Now I live in Brno."),
                    ("user", "I live in Prague again."))
    assert [c.object for c in found] == ["Prague", "Brno", "Prague"]


@pytest.mark.parametrize(("text", "predicate", "expected"), [
    ("I'm allergic to penicillin and bee stings.", "allergy", ["penicillin", "bee stings"]),
    ("I'm allergic to penicillin, latex, and bee stings.", "allergy",
     ["penicillin", "latex", "bee stings"]),
    ("I speak French, German and Spanish.", "language_spoken", ["French", "German", "Spanish"]),
    ("I have two kids, Mia and Leo.", "child_name", ["Mia", "Leo"]),
    ("My hobbies are chess, climbing and baking.", "hobby", ["chess", "climbing", "baking"]),
    ("I hate cilantro and olives.", "dislikes", ["cilantro", "olives"]),
])
def test_lists(text: str, predicate: str, expected: list[str]) -> None:
    assert [c.object for c in claims_of(text) if c.predicate == predicate] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm vegetarian and I live in Madrid.",
     {("dietary_restriction", "vegetarian"), ("city", "Madrid")}),
    ("I work at Google and live in Zurich.", {("employer", "Google"), ("city", "Zurich")}),
    ("I'm vegan and allergic to nuts.", {("dietary_restriction", "vegan"), ("allergy", "nuts")}),
    ("I live in Munich, in the Schwabing district.",
     {("city", "Munich"), ("district", "Schwabing")}),
    ("Big news: I started a new job at Globex. I'm a senior analyst now.",
     {("employer", "Globex"), ("job_title", "senior analyst")}),
    ("I'm married to Sam and we have a dog named Rex.",
     {("relationship_status", "married"), ("partner_name", "Sam"), ("pet", "dog named Rex")}),
])
def test_several_facts_in_one_turn(text: str, expected: set) -> None:
    assert {(c.predicate, c.object) for c in claims_of(text) if c.op == "assert"} == expected


def test_provenance_fields() -> None:
    claim = session(("assistant", "Hi!"), ("user", "Thanks. I live in Oslo, by the way."))[0]
    assert claim.session_id == "s1" and claim.turn == 1
    assert claim.evidence == "I live in Oslo, by the way."
    assert claim.subject == "user"


def test_name_with_call_me_prefers_the_nickname() -> None:
    found = {(c.predicate, c.object)
             for c in claims_of("My name is Katherine but please call me Kate.")}
    assert ("preferred_name", "Kate") in found and ("preferred_name", "Katherine") not in found


def test_breakup_closes_partner_name() -> None:
    found = facts(claims_of("We broke up last week."))
    assert ("relationship_status", "single", "assert") in found
    assert ("partner_name", "", "retract") in found


def test_splitting() -> None:
    assert split_sentences("Dr. Smith lives in St. Louis. I live in Berlin!") == [
        "Dr. Smith lives in St. Louis.", "I live in Berlin!"]
    assert split_clauses("My sister is vegan and allergic to nuts.") == [
        "My sister is vegan and allergic to nuts"]
    assert split_clauses("I work at Google and live in Zurich.") == [
        "I work at Google", "I live in Zurich"]


def test_objects_are_normalised() -> None:
    assert [c.object for c in claims_of("I work at the BBC!!")] == ["BBC"]
    assert [c.object for c in claims_of("I'm a Senior Analyst.")] == ["senior analyst"]
    assert [c.object for c in claims_of("i live in berlin")] == ["Berlin"]
