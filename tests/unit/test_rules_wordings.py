"""More ways to say a fact and their look-alikes: promotions, tastes, languages, names,
goals, in-session corrections, relative time expressions, removals, and what an apology
or a story about someone else must not assert."""
from __future__ import annotations

import pytest

from pipeline.extract.timeexpr import resolve_in
from tests.unit.test_rules_support import (
    AT,
    asserted,
    claims_of,
    lowered,
    retracted,
    session,
)


@pytest.mark.parametrize(("text", "predicate", "expected"), [
    ("They bumped me up to staff engineer last month!", "job_title", "staff engineer"),
    ("I got bumped up to senior designer.", "job_title", "senior designer"),
    ("I'm their head of data now.", "job_title", "head of data"),
    ("I've really grown to love jazz, though.", "likes", "jazz"),
    ("I'm three weeks cigarette-free now!", "smoking_status", "non-smoker"),
    ("Heads up, I've got a few allergies: penicillin and tree nuts.", "allergy", "tree nuts"),
    ("I grew up speaking Portuguese.", "language_spoken", "Portuguese"),
    ("Could we keep our chats in Portuguese, please?", "language", "Portuguese"),
    ("Please keep your replies in English.", "language", "English"),
    ("I'm using they/them now.", "pronouns", "they/them"),
    ("I'd like to go by Sasha.", "preferred_name", "Sasha"),
    ("New goal: learn to swim properly by August.", "current_goal", "learn to swim"),
    ("Next project: I'm building a shed.", "current_project", "building a shed"),
    ("I'm engaged to Marco, the wedding's planned for next spring.", "relationship_status",
     "engaged"),
    ("I'm really into trail running these days.", "hobby", "trail running"),
])
def test_other_wordings(text: str, predicate: str, expected: str) -> None:
    found = lowered(asserted(text, predicate))
    assert any(expected.lower() in v for v in found), found


@pytest.mark.parametrize(("text", "predicate"), [
    ("I love spring rolls.", "hobby"),
    ("I'm getting married next month.", "relationship_status"),
    ("I start at Google next month.", "employer"),
    ("They moved me to the Berlin office.", "job_title"),
    ("I'd like to go by she/her.", "preferred_name"),
])
def test_other_wordings_negative(text: str, predicate: str) -> None:
    assert asserted(text, predicate) == []


def test_by_a_month_is_a_deadline_not_a_start() -> None:
    found = claims_of("New goal: learn to swim properly by August.")
    assert found[0].valid_from.date().isoformat() == "2026-11-10"


@pytest.mark.parametrize(("turns", "expected"), [
    ((("user", "I work for Hooli as a backend developer."),
      ("user", "Sorry, I meant frontend developer, not backend.")),
     [("employer", "Hooli"), ("job_title", "frontend developer")]),
    ((("user", "We live in Graz."), ("user", "wait, no, it's Linz. Long week.")),
     [("city", "Linz")]),
    ((("user", "I live in Graz."), ("user", "Hang on, no - it's Linz.")),
     [("city", "Linz")]),
])
def test_in_session_corrections(turns: tuple, expected: list) -> None:
    assert [(c.predicate, c.object) for c in session(*turns)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("a couple of months back", "2026-09-10"), ("back in the spring", "2026-03-01"),
    ("at the start of the year", "2026-01-01"), ("mid-September", "2026-09-15"),
    ("since the summer", "2026-06-01"), ("over Christmas", "2025-12-20"),
    ("a fortnight ago", "2026-10-27"), ("the other week", "2026-11-03"),
    ("late last year", "2025-10-01"), ("in the summer of 2024", "2024-06-01"),
    ("a month or so ago", "2026-10-10"), ("half a year ago", "2026-05-10"),
])
def test_more_time_expressions(text: str, expected: str) -> None:
    value = resolve_in(text, AT)
    assert value is not None and value.date().isoformat() == expected


@pytest.mark.parametrize(("text", "predicate", "expected"), [
    # allergies said around the word
    ("Peanuts are a no-go for me, I'm allergic.", "allergy", "peanuts"),
    ("I can't eat peanuts - allergy.", "allergy", "peanuts"),
    ("Add shellfish to my allergies.", "allergy", "shellfish"),
    ("The allergist says I react to shellfish too.", "allergy", "shellfish"),
    ("I break out in hives if I eat shellfish.", "allergy", "shellfish"),
    ("I developed an allergy to shellfish.", "allergy", "shellfish"),
    ("I've recently become allergic to shellfish.", "allergy", "shellfish"),
    # names
    ("I'm Katherine - Kate for short.", "preferred_name", "Kate"),
    ("Name's Katherine; Kate is fine.", "preferred_name", "Kate"),
    ("I prefer Kate over Katherine.", "preferred_name", "Kate"),
    ("Please address me as Kate.", "preferred_name", "Kate"),
    ("Kate is what I go by.", "preferred_name", "Kate"),
    ("Most people know me as Kate.", "preferred_name", "Kate"),
    # jobs
    ("Junior accountant at Acme Ltd here.", "employer", "Acme Ltd"),
    ("New job! Senior analyst at Globex.", "job_title", "senior analyst"),
    ("I've just begun working at Globex as a senior analyst.", "employer", "Globex"),
    ("I accepted a position as senior analyst at Globex.", "job_title", "senior analyst"),
    ("I now work for Globex, as a senior analyst.", "job_title", "senior analyst"),
    ("Globex hired me as a senior analyst.", "employer", "Globex"),
    ("I've taken a senior analyst role at Globex.", "job_title", "senior analyst"),
    ("Globex is my new employer.", "employer", "Globex"),
    ("I'm now a senior analyst over at Globex.", "employer", "Globex"),
    # moves
    ("Since August, home has been Leipzig.", "city", "Leipzig"),
    ("I'm a Leipzig resident now, moved in August.", "city", "Leipzig"),
    ("We swapped Munich for Berlin.", "city", "Berlin"),
    ("We've made the move to Berlin.", "city", "Berlin"),
    ("Leipzig has been home since August.", "city", "Leipzig"),
    ("My new address is in Leipzig.", "city", "Leipzig"),
    # smoking
    ("I'm on about ten cigarettes a day.", "smoking_status", "smoker"),
    ("I have the occasional cigarette.", "smoking_status", "smoker"),
    ("Still smoking, roughly half a pack daily.", "smoking_status", "smoker"),
    ("I finally put down the cigarettes for good last month.", "smoking_status", "non-smoker"),
    ("Last month I smoked my last cigarette.", "smoking_status", "non-smoker"),
    ("I've been off cigarettes for a month now.", "smoking_status", "non-smoker"),
    ("I quit last month - no more smoking for me.", "smoking_status", "non-smoker"),
    # relationships
    ("I'm in the middle of divorcing my husband.", "relationship_status", "divorc"),
    ("Sam proposed and I said yes!", "partner_name", "Sam"),
    ("Sam and I got married last weekend.", "partner_name", "Sam"),
    ("I'm a newlywed!", "relationship_status", "married"),
    ("I'm dating a guy named Leo.", "partner_name", "Leo"),
    ("My husband passed away last year.", "relationship_status", "widowed"),
    ("I have a girlfriend now, her name is Mia.", "partner_name", "Mia"),
    # pets and kids
    ("We have a dog, a lab called Bruno.", "pet", "lab named Bruno"),
    ("I share my flat with a rabbit named Clover.", "pet", "rabbit named Clover"),
    ("My cat's called Luna.", "pet", "cat named Luna"),
    ("I'm a proud mum to Noah.", "child_name", "Noah"),
    # tastes and hobbies
    ("Hiking is my favourite thing to do.", "likes", "hiking"),
    ("Spicy food isn't for me.", "dislikes", "spicy food"),
    ("I'm a keen cyclist.", "hobby", "cycling"),
    ("I run marathons.", "hobby", "running"),
    ("I spend my weekends gardening.", "hobby", "gardening"),
    ("Weekends are for climbing.", "hobby", "climbing"),
    ("I've started doing yoga.", "hobby", "yoga"),
    # goals and projects
    ("This year's goal: read 30 books.", "current_goal", "read 30 books"),
    ("I'd love to finally learn Italian this year.", "current_goal", "learn Italian"),
    ("I'm determined to lose 10 kilos.", "current_goal", "lose 10 kilos"),
    ("Right now I'm knee-deep in a kitchen renovation.", "current_project", "kitchen renovation"),
    ("I've just started a podcast about urban gardening.", "current_project", "podcast"),
    ("I'm in the middle of writing a cookbook.", "current_project", "cookbook"),
    # diets and languages
    ("I eat plant-based now.", "dietary_restriction", "plant-based"),
    ("Meat's off the table for me.", "dietary_restriction", "vegetarian"),
    ("I'm a native speaker of Polish.", "language_spoken", "Polish"),
    ("I can get by in German.", "language_spoken", "German"),
    ("I'd like the answers in French.", "language", "French"),
])
def test_more_wordings(text: str, predicate: str, expected: str) -> None:
    found = lowered(asserted(text, predicate))
    assert any(expected.lower() in v for v in found), found


@pytest.mark.parametrize(("text", "predicate", "obj"), [
    ("I've gone off coffee.", "likes", "coffee"),
    ("I'm back to eating meat.", "dietary_restriction", "vegetarian"),
    ("I gave up on the marathon goal.", "current_goal", "marathon"),
])
def test_more_removals(text: str, predicate: str, obj: str) -> None:
    assert obj in retracted(text, predicate)


@pytest.mark.parametrize(("text", "predicate"), [
    ("My brother is a keen cyclist.", "hobby"),
    ("My son goes by Bobby.", "preferred_name"),
    ("I prefer Berlin over Munich.", "preferred_name"),
    ("What if I switched from Acme to Globex?", "employer"),
    ("My friend left Google to join Stripe.", "employer"),
    ("My sister is in Vancouver now.", "city"),
    ("My colleague's cat Mittens passed away.", "pet"),
    ("My husband is three weeks cigarette-free.", "smoking_status"),
    ("Tom proposed to Anna and she said yes.", "partner_name"),
    ("In the story, I'm a keen cyclist named Bo.", "hobby"),
    ("In the story, I live in Oslo.", "city"),
    ("Hypothetically, I'm vegan - what would I eat?", "dietary_restriction"),
    ("For example, I'm allergic to nuts.", "allergy"),
    ("I'm set to start at Google.", "current_goal"),
    ("I'm an avid photographer.", "job_title"),
    ("Software engineer at Google asked me out.", "employer"),
    ("A teacher at my school is nice.", "job_title"),
    ("I have a cigarette lighter.", "smoking_status"),
    ("Cat allergy season is the worst.", "allergy"),
    ("My sister says I'm allergic to cats.", "allergy"),
])
def test_more_negatives(text: str, predicate: str) -> None:
    assert asserted(text, predicate) == []


@pytest.mark.parametrize(("turns", "expected"), [
    ((("user", "I work at Initech."), ("user", "Ugh, typo - Initrode, not Initech.")),
     [("employer", "Initrode")]),
    ((("user", "I work at Initech."), ("user", "Initrode, sorry, not Initech!")),
     [("employer", "Initrode")]),
    ((("user", "My dog is called Rex."), ("user", "Sorry, his name is Max.")),
     [("pet", "dog named Max")]),
    ((("user", "I moved to Lyon in May."), ("user", "Sorry, wrong city - Lille.")),
     [("city", "Lille")]),
    ((("user", "I'm a junior analyst at Globex."), ("user", "Correction: senior analyst.")),
     [("employer", "Globex"), ("job_title", "senior analyst")]),
    ((("user", "I have two kids, Mia and Leo."), ("user", "Oops, Leo is actually Theo.")),
     [("child_name", "Mia"), ("child_name", "Theo")]),
    ((("user", "I live in Lyon."), ("user", "No wait, that's wrong. I live in Lille.")),
     [("city", "Lille")]),
    ((("user", "We just got a puppy! His name is Pip."),), [("pet", "puppy named Pip")]),
])
def test_more_corrections(turns: tuple, expected: list) -> None:
    assert [(c.predicate, c.object) for c in session(*turns)] == expected


@pytest.mark.parametrize("text", [
    "Sorry, I meant to say thanks.", "Typo, ignore.", "Oops, wrong window.",
    "Correction: tomorrow.", "Scratch that idea.", "Did I say that? Haha.",
    "Sorry, my name is on the list.", "Correction: the meeting is at 3.",
])
def test_apologies_correct_nothing(text: str) -> None:
    assert [(c.predicate, c.object) for c in session(("user", "I live in Lyon."),
                                                     ("user", text))] == [("city", "Lyon")]


@pytest.mark.parametrize("text", [
    "The pharmacist asked about aspirin because my notes said allergy.",
    "My record showed allergy, which surprised me.",
    "My chart says allergy but nobody ever tested it.",
])
def test_a_record_that_mentions_an_allergy_names_no_allergen(text: str) -> None:
    assert asserted(text, "allergy") == []


@pytest.mark.parametrize(("text", "obj"), [
    ("My hazelnut allergy is acting up again.", "hazelnut"),
    ("Turns out I'm not allergic to latex at all, it was the powder.", "latex"),
])
def test_allergens_are_kept_without_filler(text: str, obj: str) -> None:
    found = [c.object for c in claims_of(text) if c.predicate == "allergy"]
    assert found == [obj]


def _dated(turns: tuple) -> list[tuple[str, str, str, str | None, str | None]]:
    return [(c.predicate, c.object, c.modality,
             c.valid_from.date().isoformat() if c.modality == "planned" and c.valid_from
             else None, c.valid_to.date().isoformat() if c.valid_to else None)
            for c in session(*turns) if c.predicate in ("plan", "city", "employer")]


@pytest.mark.parametrize(("turns", "expected"), [
    # Told on Tuesday 10 November 2026; the correction names only the new day.
    ((("user", "I've got a hearing test on the 19th."), ("assistant", "Noted."),
      ("user", "Actually it's the 23rd, not the 19th.")),
     [("plan", "hearing test", "asserted", None, "2026-11-24")]),
    ((("user", "We move to Arendal on the 2nd of December."), ("assistant", "Exciting!"),
      ("user", "Sorry, the 5th, not the 2nd.")),
     [("city", "Arendal", "planned", "2026-12-05", None)]),
    ((("user", "I start at Brannvik Foods on the 30th."), ("assistant", "Congrats!"),
      ("user", "Wait, no, it's the 1st of December, I misread the letter.")),
     [("employer", "Brannvik Foods", "planned", "2026-12-01", None)]),
])
def test_a_later_correction_of_only_the_date_moves_the_dated_claim(
        turns: tuple, expected: list) -> None:
    assert _dated(turns) == expected


@pytest.mark.parametrize(("turns", "expected"), [
    # a correction of a value, not a date: the date stays
    ((("user", "We move to Arendal on the 2nd of December."), ("assistant", "Exciting!"),
      ("user", "Sorry, I meant Grimstad, not Arendal.")),
     [("city", "Grimstad", "planned", "2026-12-02", None)]),
    # a date correction with nothing dated before it changes nothing
    ((("user", "I work at Brannvik Foods."), ("assistant", "Nice."),
      ("user", "Actually it's the 23rd, not the 19th.")),
     [("employer", "Brannvik Foods", "asserted", None, None)]),
])
def test_a_date_correction_leaves_values_and_undated_claims_alone(
        turns: tuple, expected: list) -> None:
    assert _dated(turns) == expected


@pytest.mark.parametrize(("text", "obj", "since"), [
    ("Good news, I've been bouldering again since last month, my forearms hate me.",
     "bouldering", "2026-10-01"),
    ("We've been kayaking for two years now and still capsize.", "kayaking", "2024-11-10"),
])
def test_a_pastime_kept_up_over_a_span_is_a_hobby_from_its_start(
        text: str, obj: str, since: str) -> None:
    found = [c for c in claims_of(text) if c.predicate == "hobby" and c.op == "assert"]
    assert [(c.object, c.valid_from.date().isoformat()) for c in found] == [(obj, since)]


@pytest.mark.parametrize("text", [
    "I've been working since May.", "I've been running late for weeks.",
    "My husband has been kayaking since March.", "Have I been swimming for long enough?",
])
def test_a_span_of_something_else_is_no_hobby(text: str) -> None:
    assert asserted(text, "hobby") == []
