"""People, pets, lists and status changes said naturally (pipeline/extract/passing_people.py,
patterns_constraints.py), each beside its trap: someone else's, a question, a negation."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 4, 9, 18, tzinfo=UTC)  # a Thursday


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


# --- smoking: a span since the last cigarette; a relapse told by what happened since ----------
@pytest.mark.parametrize("text", [
    "Quick update, it's been almost three weeks since my last cigarette and I'm cranky.",
    "It has been two months now since my last smoke, the patches helped.",
    "It's been a year since I last smoked, can you believe it.",
])
def test_a_span_since_the_last_cigarette_is_a_non_smoker(text):
    assert of("smoking_status", text) == {("assert", "non-smoker")}


@pytest.mark.parametrize("text", [
    "My uncle says it's been a year since his last cigarette.",   # someone else's
    "Has it been a month since my last cigarette, do you think?",  # a question
    "If it's been a week since my last cigarette, can I stop the patches?",  # a condition
])
def test_someone_elses_last_cigarette_or_a_question_is_no_status(text):
    assert of("smoking_status", text) == set()


@pytest.mark.parametrize("text", [
    "After the exam I smoked two cigarettes with Tariq and I've had a few every day since.",
    "Ugh, I'm back on the cigarettes since the move.",
    "I've started smoking again, don't judge me.",
])
def test_a_relapse_is_a_smoker(text):
    assert of("smoking_status", text) == {("assert", "smoker")}


def test_someone_elses_relapse_is_theirs():
    assert of("smoking_status", "My brother is smoking again, which worries me.") == set()


# --- an allergy list given in answer to a form -----------------------------------------------
def test_the_allergies_a_form_asks_for_are_the_users():
    got = of("allergy", "The physio's intake sheet asks about allergies. I usually put "
                        "aspirin, my GP never quite believed it, and bee stings.")
    assert got == {("assert", "aspirin"), ("assert", "bee stings")}


@pytest.mark.parametrize("text", [
    # someone else's form
    "The nursery form asks for allergies. I put sesame on Amir's form, he reacts badly.",
    # no form: "put" is cooking
    "I always put mustard and garlic in the dressing.",
    # nothing listed
    "The form asks for allergies and I put none, obviously.",
])
def test_no_form_or_someone_elses_form_lists_nothing(text):
    assert of("allergy", text) == set()


def test_someone_elses_allergy_after_the_users_list_stays_theirs():
    got = of("allergy", "The clinic form asks for allergies. I put latex, and my husband is "
                        "allergic to shellfish so that goes on his.")
    assert got == {("assert", "latex")}


# --- pets: named by their care or beside another pet; a pet that died -------------------------
def test_a_name_the_vet_cares_for_is_a_pet():
    got = of("pet", "Can you book around the vet on Friday? Biscuit needs his jabs and he "
                    "howls the whole way in the carrier.")
    assert got == {("assert", "Biscuit")}


def test_a_childs_booster_at_the_doctors_is_no_pet():
    assert of("pet", "Put the GP on Friday: Aisha needs her booster before school.") == set()


def test_a_name_beside_a_pet_doing_what_pets_do_is_a_pet():
    got = of("pet", "The dog hates thunder: Bruno barks at every rumble, while Saffron just "
                    "sleeps through it on the radiator.")
    assert ("assert", "Saffron") in got


def test_a_person_beside_a_pet_laughing_is_no_pet():
    got = of("pet", "Our dog Bruno barks at the postman, while Jonas just laughs at him.")
    assert got == {("assert", "dog named Bruno")}


@pytest.mark.parametrize("text", [
    "We had Pepper put to sleep on Monday, she was fifteen.",
    "Biscuit died on Sunday and the house is so quiet.",
])
def test_a_pet_that_died_is_removed(text):
    assert ("retract", text.split()[2] if text.startswith("We had") else "Biscuit") in of(
        "pet", text)


# --- languages for whom; pronouns told as "mine" ---------------------------------------------
def test_languages_told_by_who_they_are_for():
    got = of("language_spoken", "I'm sending the wedding invitations this week: Tamil for my "
                                "grandparents, English for everyone else.")
    assert got == {("assert", "Tamil"), ("assert", "English")}


def test_a_language_joined_to_one_spoken():
    got = of("language_spoken", "I speak to my dad in Greek and English with everyone else.")
    assert got == {("assert", "Greek"), ("assert", "English")}


@pytest.mark.parametrize("text", [
    "My flatmate is taking Spanish for beginners.",
    "I'm texting my sister, she needs French for her exam.",
    "I'm answering my nephew, his Portuguese for the exam is better than mine.",
])
def test_someone_elses_language_or_a_course_is_no_language(text):
    assert of("language_spoken", text) == set()


def test_pronouns_told_as_mine():
    got = of("pronouns", "The new payroll system lets you add pronouns, so mine say "
                         "she/her now.")
    assert got == {("assert", "she/her")}


def test_someone_elses_pronouns_beside_mine():
    assert of("pronouns", "Kit's pronouns are they/them and mine are he/him.") == {
        ("assert", "he/him")}
    assert of("pronouns", "Her pronouns are they/them, please use them with her.") == set()


# --- pastimes: a slot kept for one, its verb, its end; a wish is no goal -----------------------
def test_a_slot_kept_for_a_pastime():
    assert of("hobby", "Friday nights are out, that's my salsa class.") == {("assert", "salsa")}


@pytest.mark.parametrize("text", [
    "Tuesday evenings are out, that's my daughter's football.",
    "Saturday mornings are out, that's when my husband does yoga.",
])
def test_someone_elses_slot_is_no_pastime(text):
    assert of("hobby", text) == set()


def test_a_pastime_by_its_verb_and_the_one_it_replaced():
    got = of("hobby", "The running is done for good after the knee op, so I cycle with a "
                      "club in Ealing instead.")
    assert got == {("retract", "running"), ("assert", "cycling")}


@pytest.mark.parametrize("text", [
    "I don't swim, the water here is freezing.",
    "My son cycles at the velodrome on Sundays.",
    "The hoovering is done, finally.",
])
def test_no_pastime_from_a_negation_someone_else_or_a_chore(text):
    assert of("hobby", text) == set()


def test_a_wish_put_off_is_no_goal():
    assert of("current_goal", "I'd love to learn the cello someday, if I ever had the time.") == (
        set())
    assert of("current_goal", "I'd love to run a half marathon this autumn.") != set()


# --- diets: started on a day, told as a thing that lasted --------------------------------------
def test_a_diet_started_on_a_day():
    assert of("dietary_restriction", "I went pescatarian on the 2nd, mainly for my "
                                     "cholesterol.") == {("assert", "pescatarian")}


def test_a_diet_told_as_a_thing_that_lasted():
    assert ("retract", "keto") in of("dietary_restriction",
                                     "Honestly the keto thing only lasted till February, I "
                                     "missed bread.")


def test_someone_elses_diet_that_lasted_is_theirs():
    assert of("dietary_restriction", "My flatmate's keto thing lasted till February, I "
                                     "never tried.") == set()


# --- where the user works, said beside something else ------------------------------------------
def test_an_employer_by_the_pay_or_a_role_held_there():
    assert ("assert", "Harbourline") in of("employer", "Rent is fine, but my salary at "
                                                       "Harbourline barely covers it.")
    assert ("assert", "Pinecone Games") in of(
        "employer", "The pitch is for Pinecone Games, I'm a level designer there and we "
                    "demo on Friday.")


@pytest.mark.parametrize("text", [
    "My sister's salary at Deloitte is twice mine.",
    "My brother works for Hadley Foods, he's a chef there.",
    "We flew to Lisbon, I'm a tour guide there in the summer.",
])
def test_someone_elses_employer_or_a_place_is_no_employer(text):
    assert of("employer", text) == set()


def test_an_introduction_after_a_lead_in_like_a_form():
    got = claims("Some background before we start: Ilse, 44, radiographer at Rigshospitalet.")
    assert ("assert", "job_title", "radiographer") in got


def test_someone_elses_introduction_after_a_lead_in_is_theirs():
    got = claims("My new flatmate, for context: Dana, 29, nurse at St Mary's in Leeds.")
    assert not {p for _, p, _ in got} & {"job_title", "employer", "city"}


def test_a_pet_that_went_with_the_ex_is_removed():
    got = of("pet", "Marta and I broke up in the spring. She kept Pixel, our cat, and I miss "
                    "her terribly.")
    assert ("retract", "Pixel") in got
    assert of("pet", "She kept Emma's bike after the divorce.") == set()


def test_a_pet_named_before_its_kind():
    assert of("pet", "Ziggy, our whippet, ate a whole baguette.") == {
        ("assert", "whippet named Ziggy")}
    assert of("pet", "Luna, my neighbour's cat, sleeps on my car.") == set()


def test_the_instrument_sold_ends_its_playing():
    assert of("hobby", "I sold the cello last month, no time for it.") == {("retract", "cello")}
    assert of("hobby", "I sold my guitar and bought a much better one.") == set()


def test_taken_to_a_pastime_and_kept_at_it():
    assert of("hobby", "Funny you mention it, my neighbour dragged me to ceramics and I've "
                       "been going every Thursday since.") == {("assert", "ceramics")}
    assert of("hobby", "My sister dragged me to a spin class once and I've been avoiding it "
                       "since.") == set()
    # "funny you say that" reports nothing; what the sister says still does.
    assert of("dietary_restriction", "Funny you say that, my sister says I'm vegan now.") == set()


# --- partners and children -------------------------------------------------------------------
def test_a_break_up_with_the_partner_named_in_it():
    got = claims("My girlfriend Priya and I broke up on Saturday, it was mutual.")
    assert ("assert", "relationship_status", "single") in got
    assert ("assert", "partner_name", "Priya") not in got


def test_children_named_as_a_list():
    assert of("child_name", "We have twins, Ada and Rui, and they never stop.") == {
        ("assert", "Ada"), ("assert", "Rui")}
    assert of("child_name", "My sister has twins, Ada and Rui.") == set()


def test_a_smoke_free_span_without_its_subject():
    assert of("smoking_status", "Five weeks cigarette-free as of this morning!") == {
        ("assert", "non-smoker")}
    assert of("smoking_status", "My dad is five weeks cigarette-free, so proud.") == set()


# --- figures of speech; an allergy that was none ---------------------------------------------
@pytest.mark.parametrize("text", [
    "I'm not moving anywhere, I just like daydreaming about it.",
    "Ignore me, I just like overthinking things.",
])
def test_a_figure_of_speech_is_no_pastime_or_taste(text):
    got = claims(text)
    assert not {p for _, p, _ in got} & {"hobby", "likes"}


def test_a_real_pastime_after_a_denial_still_counts():
    assert ("assert", "likes", "painting") in claims("I'm no pro, I just like painting.")


def test_an_allergy_that_was_none():
    got = of("allergy", "Turns out the hives weren't the amoxicillin after all, so I'm not "
                        "allergic.")
    assert got == {("retract", "amoxicillin")}
    assert of("allergy", "I'm not allergic, I just hate the taste of prawns.") == set()


def test_the_kind_said_again_with_the_name():
    assert of("pet", "We rescued a dog at the weekend, a whippet called Olive.") == {
        ("assert", "whippet named Olive")}
    assert of("pet", "I got a kitten! A ginger tabby called Biscuit.") == {
        ("assert", "tabby named Biscuit")}
    assert of("pet", "We got a dog. My neighbour has a collie called Bran.") == {
        ("assert", "dog")}


def test_someone_the_user_is_seeing_named_after():
    assert of("partner_name", "I've been seeing someone for a few weeks, her name is Ines.") == {
        ("assert", "Ines")}
    assert of("partner_name", "My brother is seeing someone new, her name is Ines.") == set()
