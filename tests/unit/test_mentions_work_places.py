"""Workplaces, homes and people told on the side: an introduction ("Name, title at Org in
City"), a firm's name without a work word, "at Org we ship...", a team at an org, the ways of
working for one (interning, freelancing), coming back to one's city, greetings from it, a
partner in apposition. Each family has its trap. Sentences are our own."""
import pytest

from tests.unit.test_mentions_lists_names import facts, of


@pytest.mark.parametrize("text, title, employer, city", [
    ("Hello! Ines, product designer at Typeform in Barcelona.", "product designer", "Typeform",
     "Barcelona"),
    ("I'm Oskar, a physiotherapist in Malmö.", "physiotherapist", None, "Malmö"),
])
def test_an_introduction_gives_title_workplace_and_city(text, title, employer, city):
    found = facts(text)
    assert of(found, "job_title") == {title}
    assert of(found, "employer") == ({employer} if employer else set())
    assert of(found, "city") == {city}


def test_a_greeting_word_is_no_name_in_an_introduction():
    assert of(facts("Thanks, a manager in Leeds said no."), "job_title") == set()


@pytest.mark.parametrize("text, employer", [
    ("I'm at Halcyon Analytics, have been since the spring.", "Halcyon Analytics"),
    ("At Parcelwise we deploy twice a day, which keeps me on my toes.", "Parcelwise"),
    ("I'm on the payments team at Monzo, so Fridays are tense.", "Monzo"),
    ("I'm interning at Rolls-Royce until September.", "Rolls-Royce"),
    ("I freelance for Bloomsbury as a copy editor.", "Bloomsbury"),
])
def test_a_workplace_named_on_the_side(text, employer):
    assert of(facts(text), "employer") == {employer}


@pytest.mark.parametrize("text", [
    "I'm at Barclays Bank waiting in the queue.",
    "At Ikea we bought a sofa that does not fit.",
])
def test_a_firm_one_only_visits_is_no_employer(text):
    assert of(facts(text), "employer") == set()


def test_a_shop_one_runs_in_a_city_gives_both():
    found = facts("We run a tiny bookshop in Porto called Estante.")
    assert of(found, "employer") == {"Estante"} and of(found, "city") == {"Porto"}


@pytest.mark.parametrize("text, city", [
    ("Finally got back to Vilnius after three weeks on the road.", "Vilnius"),
    ("Greetings from foggy Gdańsk!", "Gdańsk"),
    ("As someone who lives in Nantes, I never need an umbrella less than in August.",
     "Nantes"),
])
def test_home_told_by_coming_back_greeting_or_aside(text, city):
    assert of(facts(text), "city") == {city}


@pytest.mark.parametrize("text", [
    "My dad back home in Kumasi rings every Sunday.",
    "Back home in Limerick nobody would eat this.",
])
def test_the_home_left_behind_is_not_where_one_lives(text):
    assert of(facts(text), "city") == set()


@pytest.mark.parametrize("text, name", [
    ("Tariq, my husband, refuses to assemble furniture.", "Tariq"),
    ("My girlfriend of three years, Noor, is moving in.", "Noor"),
    ("Me and Jaime (my partner) are painting the hall.", "Jaime"),
])
def test_a_partner_named_in_apposition(text, name):
    assert of(facts(text), "partner_name") == {name}


def test_someone_elses_partner_is_not_the_users():
    assert of(facts("Maya, my brother's wife, is a dentist."), "partner_name") == set()


def test_naming_the_baby_is_no_job_title():
    assert of(facts("We named the baby Rosa after my grandmother."), "job_title") == set()


@pytest.mark.parametrize("text", [
    "Bergen rents are insane, I'd never move there.",
    "The trams in Vienna are always on time, unlike here.",
])
def test_daily_life_of_a_city_one_does_not_live_in(text):
    assert of(facts(text), "city") == set()


def test_a_weak_cue_after_an_unrelated_clause_still_counts():
    found = facts("The ferry was late again on the way home; Tallinn traffic is its own sport.")
    assert of(found, "city") == {"Tallinn"}


def test_a_colleagues_internship_is_not_the_users_job():
    found = facts("My colleague interns at Deliveroo.")
    assert of(found, "employer") == set() and of(found, "job_title") == set()


def test_fluent_in_a_language_is_neither_a_job_nor_an_employer():
    found = facts("I'm fluent in Amharic and Tigrinya.")
    assert of(found, "employer") == set() and of(found, "job_title") == set()
    assert of(found, "language_spoken") == {"Amharic", "Tigrinya"}


def test_a_like_keeps_no_qualifier_and_an_exception_is_no_like():
    assert of(facts("I love baking, especially sourdough."), "likes") == {"baking", "sourdough"}
    assert of(facts("I like most vegetables, except okra."), "likes") == {"most vegetables"}


@pytest.mark.parametrize("text, city", [
    ("Our first spring in Valencia has been wetter than promised.", "Valencia"),
    ("Three weeks into life in Antwerp and I already have a favourite bakery.", "Antwerp"),
    ("Ever since we arrived in Tampere the kids have been skating.", "Tampere"),
    ("We finally signed a lease in Cardiff on Friday.", "Cardiff"),
    ("We're still renting in Nantes until we find something.", "Nantes"),
])
def test_a_stretch_of_life_in_a_city_places_the_user(text, city):
    assert of(facts(text), "city") == {city}


def test_a_stretch_that_was_a_trip_places_nobody():
    assert of(facts("Our first week in Rome was amazing."), "city") == set()


def test_a_city_based_user_has_no_such_name():
    found = facts("I'm Dundee-based, for what it's worth.")
    assert of(found, "preferred_name") == set() and of(found, "city") == {"Dundee"}


def test_a_joke_about_leaving_keeps_the_weak_cue():
    found = facts("Harsh even by Oulu standards this morning, and if it keeps up I'm moving "
                  "somewhere warm.")
    assert of(found, "city") == {"Oulu"}


def test_someone_elses_move_is_not_the_users():
    found = facts("One of the night porters, Graham, is moving to Inverness in May.")
    assert of(found, "city") == set()


def test_a_shift_worked_at_an_org_names_the_employer_and_rain_places_the_user():
    found = facts("Three long nights on the cardiac ward at St Luke's Infirmary and it's "
                  "tipping it down in Dunedin.")
    assert of(found, "employer") == {"St Luke's Infirmary"} and of(found, "city") == {"Dunedin"}


def test_an_allergy_named_before_i_am_allergic():
    found = facts("I took amoxicillin for a chest infection and came out in a rash, the doctor "
                  "thinks I'm allergic.")
    assert of(found, "allergy") == {"amoxicillin"}


@pytest.mark.parametrize("text, spoken", [
    ("I've been speaking more Greek than Dutch since my aunt arrived.", {"Greek", "Dutch"}),
    ("I switch between Catalan, Spanish and French at work.", {"Catalan", "Spanish", "French"}),
])
def test_languages_told_through_their_use(text, spoken):
    assert of(facts(text), "language_spoken") == spoken


def test_a_proposal_that_was_accepted_is_an_engagement():
    found = facts("I proposed to Ines by the river last night and she said yes!")
    assert of(found, "relationship_status") == {"engaged"}


@pytest.mark.parametrize("text, hobby", [
    ("I've been kayaking on the estuary most Sundays this year.", {"kayaking"}),
    ("I've been working most weekends, sadly.", set()),
])
def test_a_pastime_told_by_its_habit(text, hobby):
    assert of(facts(text), "hobby") == hobby


@pytest.mark.parametrize("text", [
    "Right, the move to Aarhus is finally over.",
    "Honestly, moving to Aarhus was the best thing we did.",
])
def test_the_users_own_move_told_with_an_opener(text):
    assert of(facts(text), "city") == {"Aarhus"}
