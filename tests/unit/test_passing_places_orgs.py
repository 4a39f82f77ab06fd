"""Places and organisations said in passing, with the trap beside each: "here" resolved to the
city the turn named, an employer told without a work noun, a venture named after it was
founded. Sentences written for this test (other people, places and firms than the dev sets)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2026, 6, 10, 18, 0, tzinfo=UTC)


def values(text: str, predicate: str) -> set[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return {c.object for c in extract_turn(turn, session_id="s")
            if c.predicate == predicate and c.op == "assert" and c.modality == "asserted"}


@pytest.mark.parametrize("text,city", [
    ("Should I take the job in Perth? I love Hamilton, the rent is fine and my whole life is "
     "here, but the pay is dreadful.", "Hamilton"),
    ("Leipzig in November, damp and dark by four. Still, everything I have is here.", "Leipzig"),
    ("Got the kids to nursery and the car to the garage before nine. Graz is small like that, "
     "and honestly we love it here.", "Graz"),
])
def test_here_is_the_city_the_turn_named(text: str, city: str) -> None:
    assert values(text, "city") == {city}


@pytest.mark.parametrize("text", [
    # someone else's city
    "My brother lives in Dundee and keeps asking me to come up, but my whole life is here.",
    # a visit
    "We had a week in Seville last spring. Honestly, though, everything we have is here.",
    # a question about the place
    "Would I ever leave Bremen? My whole life is here.",
    # the place one comes from
    "I moved over from Cork years ago and now my whole life is here.",
    # a negation of living here
    "Valencia is lovely but we don't live here, we're just passing through.",
    # a country named last: "here" is not a city
    "We came back to Portugal in May. Our whole life is here now.",
])
def test_here_without_a_city_of_the_users(text: str) -> None:
    assert values(text, "city") == set()


@pytest.mark.parametrize("text,employer", [
    ("I'm writing a guide to cold-chain logistics, which is my actual day job at Frostline "
     "Carriers, and I need an outline.", "Frostline Carriers"),
    ("My main job at Tallow & Finch is the payroll, the rest is firefighting.", "Tallow & Finch"),
    ("Six years doing the books for Marrow Haulage and the year end still catches me out.",
     "Marrow Haulage"),
    ("Nearly three years running the kitchen at Copperpot and I still love Saturdays.",
     "Copperpot"),
])
def test_employer_without_a_work_verb(text: str, employer: str) -> None:
    assert values(text, "employer") == {employer}


@pytest.mark.parametrize("text", [
    "Twelve years shopping at Aldmark and they still move the eggs every month.",  # a shop
    "My old job at Brightwell was far worse than this.",  # a past job
    "My dream job at Pixmoor would be character animation.",  # a wish
    "My sister has spent six years running the bar at Hollow Oak.",  # someone else's work
    "Before that I did eleven years on the docks at Carrow Brewing.",  # backstory
    "I met Dana at the gym, which is my sister's favourite place at Larkhill.",  # a relative
])
def test_no_employer_from_the_trap(text: str) -> None:
    assert values(text, "employer") == set()


def test_manner_after_an_employer_is_no_title() -> None:
    text = "I'm at Quayside Freight now, same planning work as before, just from home."
    assert values(text, "employer") == {"Quayside Freight"}
    assert values(text, "job_title") == set()


@pytest.mark.parametrize("text,employer", [
    ("I left Brindle last spring and set up a small agency with an old colleague. We're called "
     "Saltwater Creative and we have three clients already.", "Saltwater Creative"),
    ("Priya and I started a translation business in March, it's called Wordloom, and our "
     "first customers are publishers.", "Wordloom"),
])
def test_a_venture_named_after_its_founding(text: str, employer: str) -> None:
    assert values(text, "employer") == {employer}


@pytest.mark.parametrize("text", [
    "We started a book club at work, we're called the Page Turners.",  # not a business
    "My brother started a bakery in Leeds, it's called Crumb, and he sells out by ten.",
    "If we set up a company we'd pitch hard. We're called the Nguyens, by the way.",
    # a side venture is not where one works
    "My side thing took off: Dev and I started a candle business, we're called Wick & Ash, "
    "and we sold out twice.",
])
def test_no_venture_employer_from_the_trap(text: str) -> None:
    assert values(text, "employer") == set()


def cities(text: str) -> set[tuple[str, str]]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return {(c.object, c.modality) for c in extract_turn(turn, session_id="s")
            if c.predicate == "city" and c.op == "assert"}


@pytest.mark.parametrize("text,expected", [
    ("Well, we're done with Leicester. The van came on Monday and Norwich is so much quieter "
     "than we're used to.", {("Leicester", "ended"), ("Norwich", "asserted")}),
    ("We finally left Lagos behind in April. Accra suits us, the new flat has a balcony.",
     {("Lagos", "ended"), ("Accra", "asserted")}),
    # the city moved to is named elsewhere in the turn: only the one left is added
    ("Hello from Tartu! We moved last week. Tartu, not Tallinn, we're done with Tallinn.",
     {("Tallinn", "ended"), ("Tartu", "asserted")}),
])
def test_a_city_left_before_the_conversation(text: str, expected: set) -> None:
    assert cities(text) == expected


@pytest.mark.parametrize("text,expected", [
    # fed up, still there
    ("Honestly I'm so done with London, the rent is obscene.", set()),
    # not left yet
    ("We're done with Bristol, off to Valencia in May once the boxes are packed.", set()),
    # the mother's city left behind and a sister's city are not where the user lives now
    ("We're done with Derby. Mum is still in Derby and my sister's in York, but the new flat "
     "is great.", {("Derby", "ended")}),
    # someone else is done with it
    ("My cousin is done with Madrid and the boxes are everywhere.", set()),
    # a trip is over, not a home
    ("We're done with Prague for this trip, the boxes of souvenirs are packed.", set()),
])
def test_no_city_left_from_the_trap(text: str, expected: set) -> None:
    assert cities(text) == expected


def test_our_home_is_ours_whoever_the_clause_is_about() -> None:
    text = "My dad wants his retirement lunch at our house in Mysore, thirty guests at least."
    assert values(text, "city") == {"Mysore"}


@pytest.mark.parametrize("text", [
    "My sister would love our flat in Lyon if she ever visited.",  # unreal
    "My brother's flat in Lyon has a view of the river.",  # someone else's home
    "My boss thinks my commute in Leeds is a joke.",  # not a home, and his opinion
])
def test_no_home_from_the_trap(text: str) -> None:
    assert values(text, "city") == set()


def test_a_part_of_town_is_no_employer() -> None:
    text = "I'm still getting used to the Harbour District office, the lifts are a maze."
    assert values(text, "employer") == set()


def test_pay_at_an_org_is_the_users_employer_and_not_a_sisters() -> None:
    assert values("Rents here are fine, but my salary at Kestrel Ports isn't huge.",
                  "employer") == {"Kestrel Ports"}
    assert values("My sister's salary at Orrin Capital is obscene.", "employer") == set()


def retracted(text: str, predicate: str) -> set[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return {c.object for c in extract_turn(turn, session_id="s")
            if c.predicate == predicate and c.op == "retract"}


@pytest.mark.parametrize("text,employer", [
    ("Work at Quarry Lane has been mad this week, two people off sick.", "Quarry Lane"),
    ("The new job at Fenwick Marine is going well so far.", "Fenwick Marine"),
])
def test_work_told_as_scenery(text: str, employer: str) -> None:
    assert values(text, "employer") == {employer}


@pytest.mark.parametrize("text", [
    "Hemi loves his new job at the Dunedin Museum.",
    "Things at Orrin Capital have been mad since the merger, says my cousin.",
])
def test_no_employer_from_someone_elses_work(text: str) -> None:
    assert values(text, "employer") == set()


def test_life_in_a_city_told_in_the_present() -> None:
    assert values("Life in Tours is good, slow but good.", "city") == {"Tours"}
    assert values("Life in Tours must be lovely in spring.", "city") == set()
    assert values("Life in Tours was great when I was a student.", "city") == set()


def test_finishing_up_at_an_employer_with_its_date_ends_it() -> None:
    assert retracted("I finished up at Marlin Cargo at the end of March, no regrets.",
                     "employer") == {"Marlin Cargo"}
    assert retracted("I finished up at Lidl at ten and went straight home.", "employer") == set()
    assert retracted("My sister finished up at Orrin Capital in May.", "employer") == set()


@pytest.mark.parametrize("text,expected", [
    ("The move from Exeter to Plymouth went fine, the cat hated it.",
     {("Exeter", "ended"), ("Plymouth", "asserted")}),
    ("We swapped Turin for Bologna in March and the kids love it.",
     {("Turin", "ended"), ("Bologna", "asserted")}),
    # a plan, someone else's move, a question: no city is ended
    ("We're moving from Exeter to Bristol in May.", {("Bristol", "planned")}),
    ("My sister moved from Exeter to York.", set()),
    ("Should we swap Turin for Bologna?", set()),
])
def test_the_city_a_move_came_from(text: str, expected: set) -> None:
    turn = Turn(index=0, role="user", text=text, at=AT)
    assert {(c.object, c.modality) for c in extract_turn(turn, session_id="s")
            if c.predicate == "city" and c.op == "assert"} == expected


@pytest.mark.parametrize("text", [
    "We do a lot of work for Greenhalgh Homes, they're our main client.",  # a client
    "I do freelance work for Pellow Media, mostly retouching.",  # a client of a freelancer
    "I'm at Northwind Bank's branch to sort out the mortgage.",  # a customer at a bank
    "I just interviewed at Monzo and I think it went well.",  # applying, not working
    "Our biggest client, Harrow Foods, wants the report by Friday.",
    "I bought my bike from Evans Cycles and the gears are already slipping.",  # a shop
])
def test_no_employer_from_a_client_shop_or_interview(text: str) -> None:
    assert values(text, "employer") == set()


def test_working_for_a_firm_is_still_employment() -> None:
    assert values("I work for Greenhalgh Homes, mostly on site.", "employer") == {
        "Greenhalgh Homes"}


@pytest.mark.parametrize("text", [
    "Mum still lives in our old house in Derby.",  # a parent in the home left behind
    "Our old flat in Leeds had mould everywhere.",  # a former home
    "Priya still lives in Goa with her parents.",  # someone else, with an adverb
])
def test_no_city_from_a_home_left_behind(text: str) -> None:
    assert values(text, "city") == set()


@pytest.mark.parametrize("text,city", [
    ("I moved back in with my parents in Nashik last year to help out.", {"Nashik"}),
    ("We moved in with my mother-in-law in Braga while the house is built.", {"Braga"}),
    # someone else's move, a question, a maybe, a stay
    ("My brother moved in with his girlfriend in Derby.", set()),
    ("My sister moved back in with our parents in Lund.", set()),
    ("Should I move back in with my parents in Nashik?", set()),
    ("We might move in with my dad in Hull.", set()),
    ("I moved in with my parents in Nashik for a week during the holidays.", set()),
])
def test_moving_in_with_family_is_moving_there(text: str, city: set) -> None:
    assert values(text, "city") == city
