"""The dependency-parse pass (pipeline/extract/parse*.py) on the real spaCy model, with
sentences written for this test: what it attaches to the user, what it leaves (someone
else's, negated, asked, conditional, wished, past), that the rule extractor uses it
only where its own families found nothing for the predicate, and the one-line error when
the model is missing."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract import parse
from pipeline.extract.parse import ParserMissing, parsed_facts, wanted
from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2026, 9, 14, 19, 0, tzinfo=UTC)


def found(text: str, turn: str = "") -> set[tuple[str, str]]:
    question = text.rstrip().endswith("?")
    return {(p, v) for p, v, op, _, _ in parsed_facts(text, question=question,
                                                     turn_text=turn or text)
            if op == "assert"}


@pytest.mark.parametrize("text,fact", [
    ("I live a short walk from the old harbour in Gdansk, which is handy.", ("city", "Gdansk")),
    ("We rent a narrow flat above a tailor's shop in Valencia.", ("city", "Valencia")),
    ("My wife and I live just off the ring road in Leipzig.", ("city", "Leipzig")),
    ("I've lived on the quiet side of the river in Cork for six years.", ("city", "Cork")),
    ("I work in the maternity ward of the big hospital in Tartu.", ("city", "Tartu")),
    ("The night trams in Graz are always late, so I cycle.", ("city", "Graz")),
    ("Honestly the rents in Lisbon are insane and I earn in euros.", ("city", "Lisbon")),
    ("Pickle, the hamster, escaped again and I found him in my shoe.",
     ("pet", "hamster named Pickle")),
    ("Our tortoise, Gus, has been hibernating in a box since October.",
     ("pet", "tortoise named Gus")),
    ("Our boys, Tiago and Rui, start swimming lessons this week.", ("child_name", "Rui")),
    ("Anneke, my wife, has taken over the garden.", ("partner_name", "Anneke")),
    ("At home we speak mostly Tagalog, so the kids pick it up.",
     ("language_spoken", "Tagalog")),
    ("I was raised near Porto, so Portuguese at home and French at work.",
     ("language_spoken", "French")),
    ("Honestly I love my job at Brambleworth Analytics, the people are great.",
     ("employer", "Brambleworth Analytics")),
    ("I drive a tram in the mornings, so I'm up at four.", ("job_title", "tram driver")),
    ("Whatever happens I'll keep my job at Quillon Freight, it's remote.",
     ("employer", "Quillon Freight")),
    ("Our kids keep me busy, Maja is nine and Emil is three.", ("child_name", "Emil")),
])
def test_the_parse_attaches_the_users_facts(text, fact):
    assert fact in found(text)


@pytest.mark.parametrize("text", [
    # someone else's
    "My brother lives a short walk from the old harbour in Gdansk.",
    "My neighbour's cat, Pickle, keeps coming in through the window and I feed him.",
    "My brother drives a tram in Lisbon and I think it's a great job.",
    "I think my sister's job at Brambleworth Analytics sounds dull.",
    # negated
    "I don't live anywhere near the harbour in Gdansk.",
    "I never speak Tagalog at work.",
    # asked
    "Do I really live closer to the harbour in Gdansk than you do?",
    # conditional, modal, wished
    "If we lived on the quiet side of the river in Cork I would sleep better.",
    "We might rent a narrow flat above a shop in Valencia.",
    "I want to live a short walk from the harbour in Gdansk.",
    "I'm thinking about living near the old harbour in Gdansk.",
    # backstory
    "I lived a short walk from the old harbour in Gdansk for ten years.",
    "I used to live on the quiet side of the river in Cork.",
    "My old job at Brambleworth Analytics paid better.",
    "I'll take a job at Brambleworth Analytics if they ask.",
    "My sister has two kids, Maja is nine and Emil is three.",
    "I quit my job at Brambleworth Analytics and I feel free.",
    "I'm leaving my job at Brambleworth Analytics in May.",
    "We rent a little car in Valencia every summer.",
    "Sometimes I work from a cafe in Rome when I travel.",
    "Luna, the cat from next door, sleeps on our porch all day.",
    "Rex, our old dog, died last week and we are all sad.",
    "My job at Brambleworth Analytics ended in March.",
    "I drive a bus for fun on weekends at a museum.",
    "I'm living out of a suitcase in Singapore for a work trip this week.",
    "My late husband, Carl, loved this song.",
    "The buses in Quito were great when I visited my aunt.",
    "My sister says the rents in Lisbon are insane, and I believe her.",
    "The trams in Graz are lovely, I'd go back there in a heartbeat.",
    # a visit, a remote job, a firm's country
    "I'm staying at a hotel near the harbour in Gdansk, and the bed is awful.",
    "I work remotely for a small studio in Tallinn.",
])
def test_the_parse_leaves_what_is_not_the_users_current_fact(text):
    assert not {p for p, _ in found(text)} & {"city", "country", "pet", "employer",
                                              "job_title", "language_spoken"}


def test_a_pet_named_with_the_counts_only_in_a_turn_the_user_tells_of_themselves():
    text = "Pickle, the hamster, escaped again last night."
    assert ("pet", "hamster named Pickle") in found(text, "We have a hamster. " + text)
    assert not found(text, text)


def test_children_named_by_age_beside_the_kids_count_in_the_users_turn():
    text = "The hard part is the kids: Maja is nine and Emil is three, so bedtime is chaos."
    assert {("child_name", "Maja"), ("child_name", "Emil")} <= found(text, "We moved. " + text)
    assert not found(text, text)  # whose kids, nobody says


def test_the_gate_keeps_the_parser_off_sentences_that_could_give_nothing():
    assert wanted("Thanks, that helps a lot.", frozenset()) == frozenset()
    assert wanted("It is raining in Lisbon.", frozenset()) == frozenset()  # no first person
    assert "city" in wanted("I live near the park in Lisbon.", frozenset())
    # A predicate the sentence already has is not read again.
    assert "city" not in wanted("I live near the park in Lisbon.", frozenset({"city"}))


def _turn(text: str) -> set[tuple[str, str]]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return {(c.predicate, c.object) for c in extract_turn(turn, session_id="s")
            if c.op == "assert"}


def test_the_rule_extractor_uses_the_parse_where_its_families_found_nothing():
    got = _turn("I live two streets back from the seafront in Brighton, and I love it.")
    assert ("city", "Brighton") in got
    # Where the phrase families name the city, the parse adds no second one.
    got = _turn("I live in Brighton, two streets back from the seafront in Hove.")
    assert {v for p, v in got if p == "city"} == {"Brighton"}


def test_threads_share_one_model_and_read_what_one_thread_reads():
    from concurrent.futures import ThreadPoolExecutor
    texts = [f"I live a short walk from the {w} in Gdansk, honestly." for w in (
        "harbour", "station", "old town", "shipyard", "beach", "market", "museum", "park")]
    alone = [parse.parse(t).to_json()["tokens"] for t in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda t: parse.parse(t).to_json()["tokens"], texts))
    assert together == alone


def test_a_missing_model_fails_with_a_one_line_hint(monkeypatch):
    monkeypatch.setattr(parse, "MODEL", "no_such_spacy_model_package")
    monkeypatch.setattr(parse, "_loaded", [])
    with pytest.raises(ParserMissing, match="pip install spacy==3.8.16"):
        parse.parse("I live in Lisbon.")
