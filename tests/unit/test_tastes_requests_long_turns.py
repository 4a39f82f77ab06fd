"""Preferences and self-descriptions inside long chatty turns: a taste whose object is named
before the verb ("... loves salty liquorice and I can't stand it", "Coriander, I can't stand
it"), pronouns written on a form in a clause after someone else's asking, a doubled "??"
after a statement, and requests to the assistant ("I want to write her card in Hungarian")
that are no goal of the user's life nor their language. Each beside its traps."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.clauses import sentences
from pipeline.extract.rules import RuleExtractor
from pipeline.extract.trust import own_clause_prefix
from schemas.records import Transcript, Turn

AT = datetime(2026, 6, 6, 18, tzinfo=UTC)


def of(predicate: str, text: str) -> set[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(turn,))
    return {c.object for c in RuleExtractor().extract(transcript)
            if c.predicate == predicate and c.op == "assert"}


# --- a dislike of a thing named before the verb --------------------------------------------
@pytest.mark.parametrize("text, thing", [
    ("One cultural note: the whole lab loves salty liquorice and I can't stand it.", "liquorice"),
    ("Everyone at the office raves about durian but I honestly can't stand it.", "durian"),
    ("My flatmate cooks with coriander every day and I can't stand it.", "coriander"),
    ("My husband puts olives on everything and I really hate them.", "olives"),
    ("Can you give me Thai phrases for ordering food without coriander? I can't stand the "
     "stuff and it's in everything here.", "coriander"),
    ("Durian? I can't stand it.", "durian"),
])
def test_a_dislike_points_back_to_the_thing_named(text, thing):
    assert any(thing in v for v in of("dislikes", text))


@pytest.mark.parametrize("text, predicate, thing", [
    ("Liquorice I can't stand.", "dislikes", "liquorice"),
    ("Coriander, I can't stand it.", "dislikes", "coriander"),
    ("Raw onion I really can't stomach.", "dislikes", "raw onion"),
    ("Sushi I love.", "likes", "sushi"),
])
def test_a_fronted_object_is_the_taste(text, predicate, thing):
    assert thing in of(predicate, text)


@pytest.mark.parametrize("text", [
    "The noise from the bar downstairs is constant and I hate it.",  # the subject: no taste
    "My boss is a micromanager and I can't stand it.",  # a predicate noun describes him
    "I hate it when people are late.",  # a situation
    "We moved to Porto and I hate it.",  # a place
    "My sister hates coriander, she can't stand it.",  # hers
    "The kids love the new puppy but I can't stand it.",  # a pet
    "Would I hate it? My mum loves natto.",  # a question, and someone else's taste
    "Porto I love.",
    "My dog I adore.",
    "Honestly I hate it.",
    "If I tried durian I would hate it.",
])
def test_no_taste_from_a_subject_a_person_a_place_or_a_situation(text):
    assert not of("dislikes", text) and not of("likes", text)


def test_a_new_job_loved_is_no_taste():
    assert not of("likes", "I started the new job and I love it.")


# --- pronouns written after someone else's asking ------------------------------------------
@pytest.mark.parametrize("text, pronouns", [
    ("Small admin thing: the lab wiki asks everyone for pronouns, and I put she/her, which "
     "I'd never thought about writing down before.", "she/her"),
    ("The form asked for my pronouns and I wrote they/them.", "they/them"),
    ("HR wants everyone's pronouns on the badge, so I picked he/him.", "he/him"),
])
def test_pronouns_written_after_the_asking(text, pronouns):
    assert of("pronouns", text) == {pronouns}


@pytest.mark.parametrize("text", [
    "The form asks for pronouns, should I put she/her?",
    "The form has a pronouns box and I put he/him for my son.",
    "If the form asks for pronouns, I'll put they/them.",
])
def test_pronouns_asked_or_for_someone_else_are_not_the_users(text):
    assert not of("pronouns", text)


@pytest.mark.parametrize("prefix, governing", [
    ("the wiki asks everyone for pronouns, and ", ""),
    ("My brother says I should move, but ", ""),
    ("If we move to Oslo, ", "If we move to Oslo, "),
    ("In the game I'm a knight and ", "In the game I'm a knight and "),
])
def test_only_a_sentence_frame_reaches_past_a_new_first_person_clause(prefix, governing):
    assert own_clause_prefix(prefix) == governing


# --- a doubled mark after a statement ------------------------------------------------------
@pytest.mark.parametrize("text, asks", [
    ("two weeks into the job at Oak Bay Dental and I love it??", False),
    ("I got the flat?!", False),
    ("We're engaged!?", False),
    ("Why do I always end up working at places like Globex??", True),
    ("Should I move to Lisbon??", True),
    ("I moved to Oslo?", True),
])
def test_a_doubled_mark_after_a_statement_is_emphasis(text, asks):
    assert sentences(text)[0].question is asks


def test_a_statement_with_a_doubled_mark_gives_its_fact():
    assert of("employer", "I got the job at Lumen?!") == {"Lumen"}
    assert not of("city", "Should we move to Lisbon??")


# --- a request to the assistant is no goal and no language of the conversation -------------
@pytest.mark.parametrize("text", [
    "My grandmother in Turda turns eighty on Sunday and I want to write her card in Hungarian.",
    "I want to write a birthday message to my aunt in Spanish.",
    "I want to write a short thank-you note to my team.",
    "I'd love to write a cover letter that doesn't sound desperate.",
    "I want to buy her a present before Friday.",
])
def test_a_task_for_the_assistant_is_no_goal(text):
    assert not of("current_goal", text)
    assert not of("language", text)


@pytest.mark.parametrize("text, goal", [
    ("I want to write a novel.", "write a novel"),
    ("I want to finish my thesis by June.", "finish my thesis"),
    ("I'd love to learn Danish properly.", "learn Danish"),
])
def test_an_aim_of_the_users_life_is_still_a_goal(text, goal):
    assert any(goal in v for v in of("current_goal", text))


def test_a_language_preference_is_still_one():
    assert of("language", "I prefer to write in German.") == {"German"}


# --- the name asked for after the official one ---------------------------------------------
@pytest.mark.parametrize("text, name", [
    ("Hi, first time using this. My passport says Teodora but nobody has called me that since "
     "my christening, so Teo, please.", "Teo"),
    ("Officially I'm Margarethe, but please just Grete.", "Grete"),
    ("My passport says Jonathan, but Jon is fine.", "Jon"),
])
def test_a_bare_name_asked_for_after_the_official_one(text, name):
    assert of("preferred_name", text) == {name}


def test_a_place_asked_for_is_no_name():
    assert not of("preferred_name", "My passport says Jonathan. So, Paris, please.")
