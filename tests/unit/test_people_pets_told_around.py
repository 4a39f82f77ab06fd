"""People, pets, pastimes, diets and allergies told around something else: children named by
their age, a birth told with its weight, a pet described after its name, a pastime's gear
sold and its outings started, a diet told as a spell that ended, a list that goes on after
a bracketed aside, a sentence ending in a possessive. Each beside its trap (someone else's,
a question, a wish, the past)."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.clauses import split_clauses, split_sentences
from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 6, 6, 18, tzinfo=UTC)


def claims(*texts: str) -> set[tuple[str, str, str]]:
    """(op, predicate, object) of the user's turns, assistant turns between them."""
    turns, index = [], 0
    for text in texts:
        if turns:
            turns.append(Turn(index=index, role="assistant", text="I see.", at=AT))
            index += 1
        turns.append(Turn(index=index, role="user", text=text, at=AT))
        index += 1
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=tuple(turns))
    return {(c.op, c.predicate, c.object) for c in RuleExtractor().extract(transcript)
            if c.predicate != "access_role"}


def of(predicate: str, *texts: str) -> set[tuple[str, str]]:
    return {(op, obj) for op, p, obj in claims(*texts) if p == predicate}


# --- children named with their age, in a turn about the user's children ------------------------
@pytest.mark.parametrize("text, names", [
    ("The kids are finishing the term at their school here. Minh is nine and An is six; An "
     "wants to know about jellyfish.", {"Minh", "An"}),
    ("My two boys are growing fast: Kofi just turned ten and Yaw is seven.", {"Kofi", "Yaw"}),
    ("Our kids are Sara (6) and Leo (4), and both hate the car.", {"Sara", "Leo"}),
    ("The children are at camp. Tomás, who's seven, and Lucía, who is four years old, share a "
     "tent.", {"Tomás", "Lucía"}),
])
def test_children_told_by_age_are_the_users(text, names):
    assert {v for op, v in of("child_name", text) if op == "assert"} == names


@pytest.mark.parametrize("text", [
    "My sister's kids are visiting; Tom is nine and Jess is six.",   # hers
    "My niece Lila is six and the kids adore her.",                   # a niece
    "Is Tom nine already? The kids keep asking.",                     # a question
    "The kids are asleep. I wish Tom was nine again.",                # a wish, no age now
    "Minh is nine and An is six.",                                    # no children of the user's
    "The kids are excited. The trip is six weeks away.",              # no name
])
def test_an_age_that_is_not_the_users_childs_names_no_child(text):
    assert of("child_name", text) == set()


@pytest.mark.parametrize("text, names", [
    ("My kids Minh and An love the beach.", {"Minh", "An"}),
    ("Our children, Oskar and Lena, start school in September.", {"Oskar", "Lena"}),
    ("My daughters, Esi and Ama, want a dog.", {"Esi", "Ama"}),
    ("I have two kids, Minh and An.", {"Minh", "An"}),
])
def test_children_named_as_a_list_after_the_users_word_for_them(text, names):
    assert {v for op, v in of("child_name", text) if op == "assert"} == names


@pytest.mark.parametrize("text", [
    "My sister's kids Tom and Jess are staying with us.",  # hers
    "My brother came over with the kids, Tom and Jess.",   # his
    "Me and the girls, Ana and Bea, went out dancing.",    # friends
    "Are the kids, Tom and Jess, too young for the zoo?",  # a question
])
def test_a_list_of_someone_elses_children_or_friends_names_no_child(text):
    assert of("child_name", text) == set()


# --- a birth told with its weight --------------------------------------------------------------
@pytest.mark.parametrize("text, name", [
    ("She's here! Amparo was born on the 9th, 3.2 kilos, and we're all exhausted.", "Amparo"),
    ("Tiago arrived on Tuesday, 3.6kg of pure noise.", "Tiago"),
    ("Little Noor was born early, 2 kilograms, but she's doing great.", "Noor"),
])
def test_a_birth_told_with_its_weight_names_the_users_child(text, name):
    assert ("assert", name) in of("child_name", text)


@pytest.mark.parametrize("text", [
    "My sister had her baby! Leo was born on Monday, 3.4 kilos.",
    "Six weeks today, since the day my niece Capucine was born, because holding a newborn "
    "while smoking felt wrong.",
    "Our friends welcomed their first: Ayo was born on the 2nd, 3 kilos.",
])
def test_someone_elses_baby_is_no_child_of_the_users(text):
    assert of("child_name", text) == set()


def test_a_name_picked_for_a_baby_to_come_is_no_child_yet():
    assert of("child_name", "We've picked Amparo if it's a girl.") == set()


# --- a pet described after its name; the kind without the age ----------------------------------
@pytest.mark.parametrize("text, pet", [
    ("It's freezing and Biscuit still wants his walk - he's a thirteen-year-old beagle.",
     "beagle named Biscuit"),
    ("Mochi is a rescue greyhound and she hates the rain.", "greyhound named Mochi"),
    ("Pepper, she's a collie, sleeps all day.", "collie named Pepper"),
])
def test_a_name_said_to_be_an_animal_is_the_users_pet(text, pet):
    assert ("assert", pet) in of("pet", text)


@pytest.mark.parametrize("text", [
    "My neighbour's dog Rolo is lovely, he's a beagle.",   # the neighbour's
    "Sam is a dog person, unlike me.",                     # a person
    "My boss Greg is a total snake.",                      # an insult
    "Bella is a total cat lady, she has five.",            # a person
    "Ana is a dog groomer in town.",                       # a trade
    "Is Mochi a greyhound? The photo is blurry.",          # a question
    "If Luna is a husky she will need long walks.",        # a condition
])
def test_a_person_or_someone_elses_animal_is_no_pet(text):
    assert of("pet", text) == set()


@pytest.mark.parametrize("text, pet", [
    ("We adopted a three-year-old greyhound two weeks ago, her name is Pepper.",
     "greyhound named Pepper"),
    ("We got a 6-month-old kitten, her name is Mochi.", "kitten named Mochi"),
    ("We have an old dog called Rex.", "dog named Rex"),
])
def test_a_pets_age_is_no_part_of_its_kind(text, pet):
    assert ("assert", pet) in of("pet", text)


def test_a_pet_named_before_a_possessive_at_a_sentence_end_is_read():
    # "a friend's." ends the sentence: a lone letter after an apostrophe is no initial.
    text = "I'm thinking of a weekend trip with my cat Pipoca staying at a friend's. Is May good?"
    assert ("assert", "cat named Pipoca") in of("pet", text)
    assert split_sentences("It's at Sam's. Is that far?") == ["It's at Sam's.", "Is that far?"]
    assert split_sentences("J. R. wrote it. Fine.") == ["J. R. wrote it.", "Fine."]


# --- a pastime's gear sold; its outings started; done on its days ------------------------------
@pytest.mark.parametrize("text, hobby", [
    ("I also sold all the woodworking tools last month, I couldn't face the garage.",
     "woodworking"),
    ("We gave away our climbing gear when the baby came.", "climbing"),
    ("I got rid of my knitting supplies, no time anymore.", "knitting"),
])
def test_a_pastimes_gear_gone_ends_it(text, hobby):
    assert ("retract", hobby) in of("hobby", text)


@pytest.mark.parametrize("text", [
    "My brother sold all his fishing gear.",                       # his
    "I sold my old climbing gear and bought a better set.",        # replaced
    "Should I sell my woodworking tools?",                         # a question
])
def test_someone_elses_gear_or_a_replacement_ends_no_pastime(text):
    assert ("retract", "fishing") not in of("hobby", text)
    assert all(op != "retract" for op, _ in of("hobby", text))


@pytest.mark.parametrize("text, hobby", [
    ("Instead I've started going on the Saturday birding walks along the river.", "birding"),
    ("I've started going to a pottery class on Tuesdays.", "pottery"),
    ("We began going on the weekly cycling rides with the club.", "cycling"),
    ("Still birding on Saturdays, and the dog might come once she calms down.", "birding"),
])
def test_a_pastimes_outings_started_or_kept_are_a_hobby(text, hobby):
    assert ("assert", hobby) in of("hobby", text)


@pytest.mark.parametrize("text", [
    "My son has started going to a pottery class.",   # his
    "Should I start going on the birding walks?",     # a question
    "Still waiting on Mondays for the bus to come.",  # no pastime
    "I'm still working on Saturdays, sadly.",         # work
])
def test_outings_of_someone_else_or_work_are_no_hobby(text):
    assert all(op != "assert" for op, _ in of("hobby", text))


# --- a diet started by eating it; a diet told as a spell that ended; everything again ----------
@pytest.mark.parametrize("text, diet", [
    ("I started eating vegan on New Year's Day, partly for my health.", "vegan"),
    ("We began eating plant-based in March and it's been fine.", "plant-based"),
    ("I started eating vegetarian after the documentary.", "vegetarian"),
])
def test_a_diet_started_by_eating_it_is_held(text, diet):
    assert ("assert", diet) in of("dietary_restriction", text)


@pytest.mark.parametrize("text, diet", [
    ("Confession: the vegan experiment ended in August.", "vegan"),
    ("Well, my keto phase is over, pasta won.", "keto"),
    ("The vegetarian thing is officially done, I had a burger.", "vegetarian"),
])
def test_a_diet_told_as_a_spell_that_ended_ends(text, diet):
    assert ("retract", diet) in of("dietary_restriction", text)


def test_everything_again_ends_every_diet_of_choice():
    found = of("dietary_restriction", "I went to a wedding and that was that, I eat everything "
                                      "again now, no rules.")
    assert {("retract", "vegan"), ("retract", "vegetarian")} <= found
    assert ("retract", "gluten-free") not in found  # a medical diet is not chosen


@pytest.mark.parametrize("text", [
    "My sister's vegan phase is over.",
    "Is the keto phase over for you too?",
    "My son eats everything again.",
    "My wife started eating vegan in May.",
])
def test_someone_elses_diet_or_a_question_changes_no_diet(text):
    assert of("dietary_restriction", text) == set()


# --- a list that goes on after a bracketed aside -----------------------------------------------
def test_a_list_goes_on_after_a_bracketed_aside():
    text = ("I'm allergic to penicillin (a rash when I was a kid) and to walnuts, which is "
            "tragic at Christmas.")
    assert {("assert", "penicillin"), ("assert", "walnuts")} <= of("allergy", text)
    assert ("assert", "shellfish") in of("allergy", "I'm allergic to latex (found out the hard "
                                                    "way at the dentist) and shellfish.")


def test_an_asides_own_clause_is_still_read():
    assert split_clauses("I'm allergic to penicillin (a rash when I was a kid) and to walnuts") == [
        "I'm allergic to penicillin and to walnuts", "a rash", "I was a kid"]
    assert ("assert", "vegan") in of("dietary_restriction",
                                     "My partner (I'm vegan, she isn't) cooks on Sundays.")


def test_someone_elses_allergy_after_an_aside_is_theirs():
    text = "My son is allergic to eggs (we found out at two) and to sesame."
    assert of("allergy", text) == set()


# --- an allergy still held after a test, in other words ----------------------------------------
@pytest.mark.parametrize("text, allergen", [
    ("Results are in from the allergy clinic. Walnuts, though, are definitely still a no, "
     "that test lit up like a tram at night.", "walnuts"),
    ("Got my allergy test results back. Shellfish is still a problem, sadly.", "shellfish"),
    ("The skin prick test was yesterday: latex, unfortunately, is still very much a no.",
     "latex"),
])
def test_an_allergen_still_a_no_after_a_test_is_an_allergy(text, allergen):
    assert ("assert", allergen) in of("allergy", text)


@pytest.mark.parametrize("text", [
    "The allergist tested my son. Peanuts are still a no for my son.",  # his
    "Walnuts are still a no at the shop, they're sold out.",            # no test in the turn
    "Is shellfish still a no after the allergy test?",                  # a question
])
def test_still_a_no_that_is_no_test_of_the_users_is_no_allergy(text):
    assert all(op != "assert" for op, _ in of("allergy", text))


# --- working on a day is when, not what ----------------------------------------------------------
@pytest.mark.parametrize("text", [
    "I'm still working on Saturdays, sadly.",
    "I'm working on weekends now.",
    "I'm working on Monday, so no lunch.",
])
def test_working_on_a_day_is_no_project(text):
    assert of("current_project", text) == set()


def test_a_project_named_after_a_day_is_still_one():
    assert ("assert", "Saturday market app") in of("current_project",
                                                  "I'm working on the Saturday market app.")


# --- a pastime over "for me"; an instrument of one's own --------------------------------------
@pytest.mark.parametrize("text, hobby", [
    ("Cycling is over for me.", "cycling"),
    ("Honestly, climbing is done for me, my shoulder won't take it.", "climbing"),
    ("I haven't touched my guitar since March.", "guitar"),
])
def test_a_pastime_over_for_the_user_ends(text, hobby):
    assert ("retract", hobby) in of("hobby", text)


@pytest.mark.parametrize("text", [
    "My son says football is over for him.",
    "Is running over for me, doctor?",
    "My sister's pottery is done for good.",
])
def test_someone_elses_pastime_over_or_a_question_ends_none(text):
    assert all(op != "retract" for op, _ in of("hobby", text))


def test_playing_ones_own_instrument_is_a_hobby():
    assert ("assert", "guitar") in of("hobby", "I play my guitar most evenings.")


# --- "our dog Kalle" presupposes the pet whoever the clause is about -------------------------
@pytest.mark.parametrize("text", [
    "Our son Ole, he's seven, wants to know why our dog Kalle eats grass on every walk.",
    "My sister wants to borrow our dog Kalle for the weekend.",
    "The vet says our dog Kalle needs to lose a kilo.",
])
def test_the_users_named_pet_in_someone_elses_clause_is_the_users(text):
    assert ("assert", "dog named Kalle") in of("pet", text)


@pytest.mark.parametrize("text", [
    "My neighbour's dog Kalle barks all night.",
    "My sister says her dog Kalle is sick.",
    "Does our dog Kalle need a booster?",
])
def test_someone_elses_named_pet_or_a_question_is_no_pet(text):
    assert all(op != "assert" for op, _ in of("pet", text))


# --- a child's name after a word that is no role names no employer ---------------------------
@pytest.mark.parametrize("text", [
    "I quit smoking when I was pregnant with Ole and never went back.",
    "I was so patient with Ana all day, she was teething.",
    "When I was pregnant with Tomás I craved lemons.",
])
def test_a_name_after_an_adjective_and_with_is_no_employer(text):
    assert of("employer", text) == set()


def test_a_role_before_at_still_names_the_employer():
    assert ("assert", "Groote Schuur") in of("employer", "I'm a nurse at Groote Schuur.")
