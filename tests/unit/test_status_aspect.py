"""Status changes said naturally (pipeline/extract/status_aspect.py): a thing the user does or
goes without (a food, cigarettes, a pastime, a club), read with the aspect of its clause
(started, stopped, still, back on, N days without, since DATE), dated by the clause; each
beside its traps (someone else's, a question, a wish, a negation, a plan)."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 9, 14, 18, tzinfo=UTC)  # a Monday


def _claims(text: str, at: datetime = AT):
    turn = Turn(index=0, role="user", text=text, at=at)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=(turn,))
    return [c for c in RuleExtractor().extract(transcript) if c.predicate != "access_role"]


def of(predicate: str, text: str) -> set[tuple[str, str]]:
    return {(c.op, c.object) for c in _claims(text) if c.predicate == predicate}


def since(predicate: str, text: str, at: datetime = AT) -> set[str]:
    return {c.valid_from.date().isoformat() for c in _claims(text, at)
            if c.predicate == predicate}


# --- going without: a span counted, a day numbered, a thing stopped ---------------------------
@pytest.mark.parametrize("text", [
    "Two months in without meat! Feeling good about it.",
    "Six weeks off meat and honestly I don't miss it.",
    "Three weeks now with no meat, my butcher thinks I've died.",
])
def test_a_span_without_meat_is_vegetarian(text):
    assert of("dietary_restriction", text) == {("assert", "vegetarian")}


@pytest.mark.parametrize("text", [
    "Day twenty-two without a cigarette and I'm unbearable, ask anyone.",
    "Day 9 with no cigarettes, send snacks.",
    "Forty days without a smoke, the longest ever.",
])
def test_a_day_counted_without_cigarettes_is_a_non_smoker(text):
    assert of("smoking_status", text) == {("assert", "non-smoker")}


def test_the_span_dates_the_start():
    assert since("dietary_restriction", "Two months in without meat!",
                 datetime(2026, 3, 2, 17, tzinfo=UTC)) == {"2026-01-02"}
    assert since("smoking_status", "Day twenty-two without a cigarette and I'm cranky.",
                 datetime(2026, 2, 8, 8, tzinfo=UTC)) == {"2026-01-18"}


# --- taking it up again: the abstinence ends --------------------------------------------------
@pytest.mark.parametrize("text", [
    "Confession time: I went back to eating meat last month at my cousin's wedding.",
    "Caved at the barbecue in Porto and I'm eating meat again.",
    "I've gone back to meat since the new job, the canteen left me no choice.",
    "The fish thing is over: we've been eating meat since Christmas Day, the pair of us.",
    "I started eating meat again in the spring.",
])
def test_going_back_to_meat_ends_the_diet(text):
    got = of("dietary_restriction", text)
    assert ("retract", "vegetarian") in got and not any(op == "assert" for op, _ in got)


def test_the_return_is_dated_by_its_clause():
    assert since("dietary_restriction", "I went back to eating meat last month at my "
                 "cousin's wedding in August.") <= {"2026-08-01"}


@pytest.mark.parametrize("text", [
    "Still on the cigarettes, before you ask.",
    "I'm still smoking, about five a day.",
])
def test_still_on_cigarettes_is_a_smoker(text):
    assert of("smoking_status", text) == {("assert", "smoker")}


# --- pastimes: started, kept, dropped ---------------------------------------------------------
@pytest.mark.parametrize("text, hobby", [
    ("In other news, since March I've been going to the climbing gym every Thursday.",
     "climbing"),
    ("I've been going to a pottery class on Tuesdays since the spring.", "pottery"),
    ("Still painting though, more than ever.", "painting"),
    ("Then watercolour in the afternoon, which is my actual happy place.", "watercolour"),
    ("Rowing club at 5am again this morning, the harbour was like glass.", "rowing"),
    ("Chess club tonight, then bed.", "chess"),
])
def test_a_pastime_kept_or_started_is_a_hobby(text, hobby):
    assert ("assert", hobby) in of("hobby", text)


def test_since_dates_the_pastime():
    assert since("hobby", "Since March I've been going to the climbing gym every "
                 "Thursday.") == {"2026-03-01"}


@pytest.mark.parametrize("text, hobby", [
    ("I've also quit the rowing club, the 5am starts were too much.", "rowing"),
    ("I stopped going to the climbing gym after the shoulder thing.", "climbing"),
    ("Gave up chess club when the exams started.", "chess"),
])
def test_a_club_quit_ends_the_pastime(text, hobby):
    assert of("hobby", text) == {("retract", hobby)}


# --- the traps --------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "My dad is two months without a cigarette, so proud of him.",
    "So proud of my brother: three weeks without a cigarette.",
    "Should I go back to eating meat?",
    "If I stopped eating meat, would I get enough iron?",
    "I'm thinking about going a month without meat.",
    "My sister went back to eating meat at the wedding.",
    "Three weeks without a holiday and I'm fried.",
    "My dad has been eating meat since May, against doctor's orders.",
    "Have you been eating meat since Easter?",
])
def test_someone_elses_or_unreal_abstinence_is_nothing(text):
    assert of("dietary_restriction", text) == set()
    assert of("smoking_status", text) == set()


@pytest.mark.parametrize("text", [
    "My flatmate has been going to the climbing gym since March.",
    "Should I quit the rowing club?",
    "I'm thinking about joining a climbing gym.",
    "I haven't quit the choir, I just missed a week.",
    "Still no word from the climbing gym about my refund.",
    "The rowing club is closing in May, sadly.",
    "I'll try the pottery class next week.",
    "Is the chess club any good?",
])
def test_someone_elses_or_unreal_pastime_is_nothing(text):
    assert of("hobby", text) == set()


# --- more shapes: since the last one, a negated perfect, a count a day, a diet counted -------
@pytest.mark.parametrize("text", [
    "Three weeks today since my last cigarette, the depot is the worst bit.",
    "Update: I haven't had a single cigarette since Easter, so that's months now.",
    "The doctor nagged and I know, I'm still on about ten a day, smoking is my one vice.",
])
def test_more_smoking_shapes(text):
    got = of("smoking_status", text)
    assert len(got) == 1 and got <= {("assert", "non-smoker"), ("assert", "smoker")}


@pytest.mark.parametrize("text", [
    "My dad hasn't had a cigarette since Easter.",
    "I'm on about ten a day of these vitamin gummies.",
    "I have to stop smoking, the doctor says.",
])
def test_more_smoking_traps(text):
    assert not any(op == "assert" and v == "non-smoker" for op, v in of("smoking_status", text))
    if "gummies" in text:
        assert of("smoking_status", text) == set()


def test_a_diet_counted_and_one_not_outlasted():
    assert of("dietary_restriction", "Day five of keto, send bread.") == {("assert", "keto")}
    assert ("retract", "keto") in of("dietary_restriction",
                                     "Sadly the keto thing didn't survive July.")


def test_a_stop_after_years_of_smoking_was_a_smoker_before():
    got = {(c.object, c.valid_from.year) for c in _claims(
        "Three weeks today since my last cigarette, I stopped on New Year's Day after "
        "twelve years of twenty a day.", datetime(2026, 1, 22, 20, tzinfo=UTC))
        if c.predicate == "smoking_status"}
    assert got == {("smoker", 2014), ("non-smoker", 2026)}


@pytest.mark.parametrize("text, hobby", [
    ("I run with the Kololo hash club every Saturday.", "running"),
    ("I swim at the lido most mornings before work.", "swimming"),
    ("I've been learning the cello since January, slowly.", "cello"),
])
def test_a_pastime_by_its_verb_or_its_lessons(text, hobby):
    assert ("assert", hobby) in of("hobby", text)


@pytest.mark.parametrize("text", [
    "I run the payroll every Friday.",
    "My brother runs with a club every Sunday.",
    "I'm still learning the ropes at the new job.",
    "I paint the fence every spring, ugh.",
])
def test_no_pastime_from_a_chore_or_someone_else(text):
    assert of("hobby", text) == set()


def test_a_gerund_stopped_ends_the_pastime():
    assert of("hobby", "Since my knee op in June I've stopped running for good.") == {
        ("retract", "running")}


def test_a_break_up_at_the_end_of_a_month_is_single():
    assert ("assert", "single") in of("relationship_status",
                                      "So, Anouk and I broke up at the end of March.")


def test_an_abstinence_since_a_time_of_life_holds_now():
    assert of("dietary_restriction", "I haven't eaten meat since uni and my partner mostly "
                                     "followed along.") == {("assert", "vegetarian")}


@pytest.mark.parametrize("text, hobby", [
    ("I miss my skating crew a lot though.", "skating"),
    ("My chess club meets on Tuesdays.", "chess"),
])
def test_a_group_of_ones_own_is_a_pastime(text, hobby):
    assert of("hobby", text) == {("assert", hobby)}


@pytest.mark.parametrize("text", [
    "My old rowing club has a reunion in May.",
    "My running shoes are wrecked.",
    "My son's chess club meets on Tuesdays.",
])
def test_no_pastime_from_a_former_group_or_a_thing(text):
    assert of("hobby", text) == set()


# --- pets named in passing (passing_people.py, naming.py) --------------------------------------
@pytest.mark.parametrize("text, pet", [
    ("We adopted a retired greyhound three weeks ago, Juniper, and she howls all day.",
     "named Juniper"),
    ("Last week we adopted a kitten from the shelter, a little orange thing we've called "
     "Churro.", "kitten named Churro"),
    ("Mine are fighting over the sunny spot: Tofu, the little mutt, and the cat.",
     "named Tofu"),
])
def test_a_pet_named_in_apposition_or_described_again(text, pet):
    assert any(op == "assert" and v.endswith(pet) for op, v in of("pet", text))


@pytest.mark.parametrize("text", [
    "Paco, the neighbour's parrot, shouts all morning.",
    "I walked the neighbour's dog yesterday, Tom, and it was fine.",
])
def test_someone_elses_animal_is_no_pet(text):
    assert of("pet", text) == set()


# --- a stop with its day, a span with a half, a diet told as over -----------------------------
QUIT_AT = datetime(2026, 1, 8, 20, tzinfo=UTC)  # a Thursday


@pytest.mark.parametrize(("text", "day"), [
    ("I'm smoking the last pack now, slowly, and from Monday the 12th I stop.", "2026-01-12"),
    ("I've decided I'm giving up the smokes on my 40th, which is Sunday the 26th of October.",
     "2026-10-26"),
    ("I'm quitting smoking on Monday the 12th.", "2026-01-12"),
])
def test_a_stop_with_its_day_is_a_planned_non_smoker(text, day):
    planned = {(c.object, c.valid_from.date().isoformat()) for c in _claims(text, QUIT_AT)
               if c.predicate == "smoking_status" and c.modality == "planned"}
    assert planned == {("non-smoker", day)}


@pytest.mark.parametrize("text", [
    "My dad is quitting smoking on Monday the 12th.",
    "If I stop smoking on the 12th, will I gain weight?",
    "I want to quit smoking someday.",
])
def test_no_planned_stop_for_someone_else_a_condition_or_no_day(text):
    assert not any(c.modality == "planned" for c in _claims(text, QUIT_AT))


def test_a_span_with_a_half_and_a_single_cigarette():
    assert of("smoking_status", "Five and a half weeks without a single cigarette!") == {
        ("assert", "non-smoker")}


def test_a_diet_told_as_over_ends_it():
    assert of("dietary_restriction", "And the vegan thing ended at Easter, my gran saw to "
              "that.") == {("retract", "vegan")}
    assert of("dietary_restriction", "My sister's vegan thing ended at Easter.") == set()
