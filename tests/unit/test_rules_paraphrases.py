"""Facts said in other words than the dev set: chat style, missing subjects, other verbs."""
from __future__ import annotations

import pytest

from tests.unit.test_rules_support import asserted, claims_of, lowered, retracted

PARAPHRASES: list[tuple[str, str, str]] = [
    ("Quick update - I relocated to Copenhagen a few weeks ago.", "city", "Copenhagen"),
    ("We finally settled in Porto after months of searching.", "city", "Porto"),
    ("These days I'm living in Valencia.", "city", "Valencia"),
    ("Currently based out of Austin, Texas.", "city", "Austin"),
    ("Our new place is in Brighton.", "city", "Brighton"),
    ("I'm in Berlin for good now.", "city", "Berlin"),
    ("I've been in Berlin for three years.", "city", "Berlin"),
    ("Since August I've been living in Leipzig.", "city", "Leipzig"),
    ("Berlin is my new home.", "city", "Berlin"),
    ("Yep, Prague is still home.", "city", "Prague"),
    ("I'm from Cork originally, but I live in Dublin now.", "city", "Dublin"),
    ("My parents live in Madrid and I live in Barcelona.", "city", "Barcelona"),
    ("I live in berlin.", "city", "Berlin"),
    ("I accepted an offer at Stripe and start Monday.", "employer", "Stripe"),
    ("I've been at Shopify for three years now.", "employer", "Shopify"),
    ("I work in marketing at Unilever.", "employer", "Unilever"),
    ("New job: I'm at Globex now.", "employer", "Globex"),
    ("I live in Berlin and now I work at Siemens.", "employer", "Siemens"),
    ("They made me team lead last week.", "job_title", "team lead"),
    ("I'm a software engineer at Spotify.", "job_title", "software engineer"),
    ("My new role is product manager.", "job_title", "product manager"),
    ("My wife and I are getting divorced.", "relationship_status", "divorce"),
    ("I'm separating from my husband.", "relationship_status", "separating"),
    ("I've been with my partner Jordan for six years.", "partner_name", "Jordan"),
    ("Our twins, Ava and Ella, start school next week.", "child_name", "Ella"),
    ("We've got a beagle called Scout.", "pet", "beagle named Scout"),
    ("Our cat Mochi is 12 years old.", "pet", "cat named Mochi"),
    ("Shellfish makes me break out in hives.", "allergy", "shellfish"),
    ("Penicillin allergy here.", "allergy", "penicillin"),
    ("I'm allergic to nuts and eggs and also to cats.", "allergy", "cats"),
    ("I found out I have a shellfish allergy.", "allergy", "shellfish"),
    ("I'm vegan and also allergic to soy.", "allergy", "soy"),
    ("I don't eat meat and I live in Madrid.", "dietary_restriction", "vegetarian"),
    ("I went vegetarian last year.", "dietary_restriction", "vegetarian"),
    ("I stopped eating meat.", "dietary_restriction", "vegetarian"),
    ("I avoid gluten.", "dietary_restriction", "gluten-free"),
    ("I can't have dairy.", "dietary_restriction", "dairy-free"),
    ("I quit drinking last year.", "dietary_restriction", "no alcohol"),
    ("I kicked the habit two years ago, no more cigarettes.", "smoking_status", "non-smoker"),
    ("Haven't touched a cigarette since January.", "smoking_status", "non-smoker"),
    ("I've been smoke-free since March.", "smoking_status", "non-smoker"),
    ("I'm not smoking anymore.", "smoking_status", "non-smoker"),
    ("I've been smoking for 10 years.", "smoking_status", "smoker"),
    ("Can you help me plan a trip to Japan?", "plan", "Japan"),
    ("I'm organising a trip to Japan.", "plan", "trip to Japan"),
    ("Everyone calls me Kate.", "preferred_name", "Kate"),
    ("I go by my middle name, Grace.", "preferred_name", "Grace"),
    ("Spanish is my first language.", "language_spoken", "Spanish"),
    ("I'm learning to play the piano.", "hobby", "piano"),
    ("I'm learning Japanese.", "hobby", "learning Japanese"),
    ("Gardening is my thing.", "likes", "gardening"),
    ("Mushrooms are disgusting.", "dislikes", "mushrooms"),
    ("I've been into woodworking lately.", "hobby", "woodworking"),
    ("I'm partially sighted.", "accessibility_need", "partially sighted"),
    ("I'm nonbinary and use they/them.", "pronouns", "they/them"),
    ("Just so you know, peanuts give me a severe allergic reaction.", "allergy", "peanuts"),
    ("Anyway, home for me is Bergen.", "city", "Bergen"),
    ("Hamburg is where I live.", "city", "Hamburg"),
    ("Update: I've left Acme and joined Globex, where I'm now a senior analyst.", "job_title",
     "senior analyst"),
    ("We have a golden retriever called Biscuit and a cat, Mittens.", "pet", "cat named Mittens"),
    ("I'm fluent in Spanish, and I'd prefer you answer in Spanish.", "language", "Spanish"),
    ("We welcomed a baby girl last week, her name is Sofia!", "child_name", "Sofia"),
    ("Big news - I married my partner Alex in May!", "relationship_status", "married"),
    ("Big news - I married my partner Alex in May!", "partner_name", "Alex"),
    ("I'm a mom of two boys, Sam and Theo.", "child_name", "Theo"),
    ("About me:\n- I live in Berlin\n* allergic to nuts", "allergy", "nuts"),
    ("**I'm vegan** and I live in *Lisbon*!!!", "dietary_restriction", "vegan"),
    ("I'm allergic to peanuts (severe) and shellfish (mild).", "allergy", "shellfish"),
    ("I LIVE IN BERLIN", "city", "Berlin"),
    ("Hey! So, long story short: we moved to Porto last month, I started at Farfetch, and my "
     "partner Rui and I adopted a puppy called Nata.", "pet", "puppy named Nata"),
]


@pytest.mark.parametrize(("text", "predicate", "expected"), PARAPHRASES)
def test_paraphrase(text: str, predicate: str, expected: str) -> None:
    found = lowered(asserted(text, predicate))
    assert any(expected.lower() in v for v in found), found


@pytest.mark.parametrize("text", [
    "I grew up in Leeds.", "I was born in Lagos.", "When I lived in Paris I was vegetarian.",
    "Back when I lived in Rome, I had a cat.", "If I were vegan, what would I eat?",
    "Pretend I'm a pirate living in Tortuga.",
    "Write a story about a girl who lives in Oslo and loves hiking.",
    "Let's say I live in Tokyo, what's the best area?", "Imagine I work at NASA.",
    "Suppose I'm allergic to peanuts.", "I'd never live in London.",
    "I wish I lived in Hawaii.", "I hope I'm not allergic to this.",
    "I don't know if I'm allergic to cats.", "My brother just moved to Boston.",
    "My friend Sarah works at Apple.", "My wife's allergic to shellfish.",
    "My colleague quit smoking.", "Are you vegetarian?", "You live in Berlin, right?",
    "I'm staying in Paris for a week.", "I'm getting a dog next week.",
    "I start at Google next month.", "I live near Munich.",
    "Can you proofread this: I live in Paris and work at Google.",
    "Where should I live, Berlin or Munich?", "How I ended up in Berlin is a long story.",
    "My address is 12 Baker Street, London.",
])
def test_not_a_current_fact_about_the_user(text: str) -> None:
    assert [c for c in claims_of(text) if c.op == "assert" and c.modality != "planned"] == []


def test_past_employer_before_a_new_one() -> None:
    assert retracted("I used to work at Google before joining Meta.", "employer") == ["Google"]


def test_pet_retraction_drops_adjectives() -> None:
    assert retracted("We lost our old dog Buster in March.", "pet") == ["dog named Buster"]


@pytest.mark.parametrize("text", [
    "Can you write me a poem about the sea?", "I'm looking for a good book to read.",
    "I'm so tired today.", "I have a question about taxes.", "I have a meeting at 3pm.",
    "I'm going to bed now.", "I'm going to the gym later.", "I like this answer better.",
    "I love that, thank you!", "I work best in the mornings.", "I live for the weekends.",
    "I'm at home right now.", "I'm at the airport.", "I'm on holiday in Spain.",
    "I'm on my way to work.", "I'm in love with this song.", "I'm a huge fan of your work.",
    "I'm trying to understand recursion.", "I want to know more about black holes.",
    "I speak too fast sometimes.", "I moved the meeting to Friday.",
    "I moved the files to the new folder.", "I joined the call late.",
    "I started a new book yesterday.", "I left my keys at home.", "I quit the game.",
    "I got a new phone.", "I got a cold.", "My name is on the list.", "Call me when you can.",
    "I use Linux.", "I need a wheelchair-accessible hotel in Rome for my mother.",
    "I do the dishes every night.", "I'm single-handedly running the project.",
    "I'm straight up exhausted.", "I have no idea.", "I'm not a morning person.",
    "I have a dog-friendly flat.",
])
def test_ordinary_chat_asserts_nothing(text: str) -> None:
    assert claims_of(text) == []
