"""People, names, allergies and languages told in natural speech, through the rule
extractor: allergies told by a reaction or a test result, the name the user goes by beside
the one on their papers, children and partners named in apposition, the languages of the
home, pronouns written on a form; and what is no fact of the user's (a child's allergy, a
product in a list after a child's name, a sister's language, a question, a hypothesis).
Sentences written for this test, not taken from a scenario."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 11, 3, 8, 0, tzinfo=UTC)


def _claims(*texts: str) -> set[tuple[str, str, str]]:
    turns = [Turn(index=i, role="user", text=t, at=AT) for i, t in enumerate(texts)]
    claims = RuleExtractor().extract(Transcript(namespace="n", user_id="u", session_id="s",
                                                started_at=AT, ended_at=AT, turns=turns))
    return {(c.predicate, c.object, c.op) for c in claims if c.subject == "user"
            and c.modality in ("asserted", "ended", "planned")}


def _of(predicate: str, *texts: str) -> set[tuple[str, str]]:
    return {(v, op) for p, v, op in _claims(*texts) if p == predicate}


# --- allergies told by a reaction or a test result -------------------------------------------
@pytest.mark.parametrize(("text", "allergen"), [
    ("Strawberries bring me out in hives every single time.", "strawberries"),
    ("Penicillin gives me a horrible rash, so I avoid it.", "penicillin"),
    ("I come out in hives whenever I touch nickel, so cheap earrings are out.", "nickel"),
    ("Honestly wasps are my nightmare, one sting and my whole arm swells up, and sesame"
     " makes my throat itch.", "sesame"),
    ("I've always assumed I'm allergic to mango since a bad night in Goa.", "mango"),
])
def test_a_reaction_of_the_users_tells_the_allergy(text, allergen):
    assert (allergen, "assert") in _of("allergy", text)


def test_a_second_allergen_after_a_relative_clause():
    found = _of("allergy", "I'm allergic to aspirin, which is a pain with headaches, and to"
                           " kiwi, which nobody believes.")
    assert found == {("aspirin", "assert"), ("kiwi", "assert")}


def test_no_second_allergen_when_the_first_is_denied():
    found = _of("allergy", "I'm not allergic to aspirin, which is lucky, and to kiwi either.")
    assert ("kiwi", "assert") not in found


def test_a_clear_result_ends_the_allergy_and_a_confirmed_one_keeps_it():
    found = _of("allergy", "Back from the allergy clinic. The nickel patch test came back"
                           " negative, which is a relief.",
                "Sesame is real though, they confirmed that one on the skin-prick.")
    assert ("nickel", "retract") in found
    assert ("sesame", "assert") in found
    assert ("sesame", "retract") not in found


def test_a_positive_result_and_an_adverb_after_the_allergen():
    found = _of("allergy", "Skin-prick results: only grass pollen came up positive.",
                "I'm allergic to wasps, seriously, I carry two pens.")
    assert found == {("grass pollen", "assert"), ("wasps", "assert")}


def test_a_challenge_that_came_back_clear_ends_it():
    found = _of("allergy", "Allergy update: they did a food challenge and the peanuts came back"
                           " completely clear, I ate three right there.")
    assert ("peanuts", "retract") in found


@pytest.mark.parametrize("text", [
    "My daughter's egg test came back clear, thank goodness.",
    "Does penicillin give you a rash too?",
    "If latex brought me out in hives I'd have noticed by now.",
    "My husband says pollen brings him out in hives.",
    "Latex brings my son out in a rash, so we use nitrile gloves.",
    "Gluten doesn't bring me out in hives, it just bloats me.",
    "The bloods came back clear.",
    "My son Ezra has a proper peanut allergy, EpiPen and everything.",
])
def test_no_allergy_of_the_users(text):
    assert {v for v, op in _of("allergy", text) if op == "assert"} == set()


def test_someone_elses_clear_result_ends_nothing():
    assert _of("allergy", "I'm allergic to eggs.",
               "My daughter's egg test came back clear, thank goodness.") == {("eggs", "assert")}


# --- the name the user goes by -----------------------------------------------------------------
@pytest.mark.parametrize(("text", "used"), [
    ("The visa form wants my 'name as on passport', which is Siobhan, a name nobody has used"
     " since school; it's Shiv to everyone, even my gran.", "Shiv"),
    ("My passport name is Kwabena, though it's Kobby at work and at home.", "Kobby"),
    ("My legal name is Margarethe, which nobody uses; it's Grete to everyone.", "Grete"),
])
def test_the_used_name_beside_the_official_one(text, used):
    assert _of("preferred_name", text) == {(used, "assert")}


@pytest.mark.parametrize(("text", "used"), [
    ("Hiya! Margaret, or Mags, I don't mind.", "Mags"),
    ("I'm Oluwaseun, but it's Seun to everyone at the club.", "Seun"),
])
def test_the_short_form_offered(text, used):
    assert _of("preferred_name", text) == {(used, "assert")}


def test_two_days_offered_are_no_name():
    assert _of("preferred_name", "Tuesday or Wednesday, I don't mind.") == set()


def test_someone_elses_official_name_is_theirs():
    assert _of("preferred_name", "My son's passport name is Alexander but it's Sasha to"
                                 " everyone.") == set()


# --- children and partners ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "names"), [
    ("Antek, my son, he is nine, says I should take up vaping.", {"Antek"}),
    ("Maya, my youngest, has just started nursery.", {"Maya"}),
    ("My son Ezra has a proper peanut allergy, EpiPen and everything.", {"Ezra"}),
    ("My daughter Lina loves Lego, Minecraft and Paw Patrol.", {"Lina"}),
    ("Our kids, Mia and Leo, love it here.", {"Mia", "Leo"}),
    ("I'll ring my wee girl Isla tonight, she's seven.", {"Isla"}),
    ("My son Ade, 7, and my daughter Femi, 4, both have colds.", {"Ade", "Femi"}),
])
def test_children_named(text, names):
    assert {v for v, _ in _of("child_name", text)} == names


@pytest.mark.parametrize("text", [
    "Jonas, my sister's son, is staying with us this week.",
    "Leo, my friend's boy, came over to play.",
    "My sister's girl Ruby is staying over.",
    "My best friend boy Sam is lovely.",
    "Is Maya, your youngest, at nursery yet?",
])
def test_no_child_of_the_users(text):
    assert _of("child_name", text) == set()


def test_a_partners_name_said_with_a_possessive():
    assert _of("partner_name", "Totally unrelated: my boyfriend Eamon's birthday is on Friday.") == {
        ("Eamon", "assert")}


def test_a_partner_named_in_a_plan_is_a_partner_now():
    assert _of("partner_name", "I'm going to Paris with my girlfriend Amélie next week.") == {
        ("Amélie", "assert")}


@pytest.mark.parametrize("text", [
    "I'll introduce my wife-to-be Sara next week.",
    "My friend Sarah's husband Mike is allergic to penicillin.",
    "My colleague Priya is married to a guy named Arjun.",
])
def test_no_partner_of_the_users(text):
    assert _of("partner_name", text) == set()


# --- a pet named in apposition ----------------------------------------------------------------
@pytest.mark.parametrize(("text", "pet"), [
    ("We adopted a retired greyhound three weeks ago, Juniper, and she howls all day.",
     "retired greyhound named Juniper"),
    ("We rescued a cat in March, Biscuit, who hates everyone.", "cat named Biscuit"),
])
def test_a_pet_named_after_the_time(text, pet):
    assert _of("pet", text) == {(pet, "assert")}


def test_a_pet_named_in_a_wish_is_a_pet_now():
    assert _of("pet", "I'm thinking of a weekend away, with my dog Pepper staying at my"
                      " mum's.") == {("dog named Pepper", "assert")}


def test_a_pet_named_in_a_question_is_not_told():
    assert _of("pet", "Should my cat Pipoca come on the trip?") == set()


def test_a_break_up_dated_at_the_end_of_a_month():
    assert ("relationship_status", "single", "assert") in _claims(
        "So, Sölvi and I broke up at the end of March.")


@pytest.mark.parametrize("text", [
    "We got a dog last week, Tom and I are smitten.",
    "My neighbour has a dog, Rex, and it barks all night.",
])
def test_no_pet_named_by_someone_elses_name(text):
    assert not any(" named " in v for v, _ in _of("pet", text))


# --- languages of the home ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "langs"), [
    ("He already counts in Welsh, Spanish and English, which is how we talk at home.",
     {"Welsh", "Spanish", "English"}),
    ("At home it's Catalan, but I speak Valencian with my gran and I speak Spanish at work.",
     {"Valencian", "Spanish"}),
    ("At home we speak isiXhosa, and at work it's English.", {"isiXhosa", "English"}),
    ("She told her whole class in Farsi and English, which is what we speak at home.",
     {"Farsi", "English"}),
    ("The engineers only use English, my Polish is perfect of course, but my technical"
     " English is weak.", {"Polish"}),
])
def test_languages_of_the_user(text, langs):
    assert {v for v, _ in _of("language_spoken", text)} >= langs


@pytest.mark.parametrize("text", [
    "My sister speaks Italian at home.",
    "Should we speak Dutch at home?",
    "She learned Japanese, Korean and Mandarin, which is impressive.",
    "My neighbours speak Greek, Turkish and Arabic, which is how they talk at home.",
])
def test_no_language_of_the_users(text):
    assert _of("language_spoken", text) == set()


# --- pronouns written on a form ----------------------------------------------------------------
def test_pronouns_written_on_a_form():
    assert _of("pronouns", "perfect. the form also has a pronouns box, I put she/her.") == {
        ("she/her", "assert")}


def test_pronouns_put_on_someone_elses_form_are_theirs():
    assert _of("pronouns", "The school form has a pronouns box, I put he/him for my son.") == set()


# --- values that are no fact -------------------------------------------------------------------
def test_a_bare_verb_is_no_goal():
    assert _of("current_goal", "I want to stop, I need a plan.") == set()
