"""Status changes, habits and work told naturally: any -ly adverb between the subject and
the state ("I'm properly allergic", "stopped being strictly vegan"), none of the habit since
a day ("no cigarettes since New Year's Eve"), a wish's time that dates nothing beside it
("I still smoke, and I'd like to stop before December"), a fronted date that opens a clause
of its own ("my last day is the 2nd, and on Monday 13 April I start at ..."), a title kept
("I stay a paramedic") or told by the span spent in it ("Five years as a credit analyst"),
the unit a job is in ("a job in the ICU at ..."), and a start told as a participle after
the job was taken ("I've accepted ..., starting on the 1st of August"). Sentences of our
own: other names, places and word orders than any scenario; the traps are someone else's,
a shop's stock, a past job, a hotel stay."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 3, 4, 19, 0, tzinfo=UTC)  # a Wednesday


def _claims(text: str, at: datetime = AT) -> list[Claim]:
    turn = Turn(index=0, role="user", text=text, at=at)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=[turn])
    return [c for c in RuleExtractor().extract(transcript) if c.subject == "user"]


def _now(text: str, predicate: str, at: datetime = AT) -> list[str]:
    return [c.object for c in _claims(text, at) if c.predicate == predicate
            and c.op == "assert" and c.modality == "asserted"]


def _ended(text: str, predicate: str) -> list[str]:
    return [c.object for c in _claims(text) if c.predicate == predicate and c.op == "retract"]


def _planned(text: str, predicate: str, at: datetime = AT) -> list[tuple[str, str]]:
    return [(c.object, c.valid_from.date().isoformat()) for c in _claims(text, at)
            if c.predicate == predicate and c.op == "assert" and c.modality == "planned"]


@pytest.mark.parametrize("text, value", [
    ("I'm genuinely allergic to shellfish, it's not a preference.", "shellfish"),
    ("Honestly I'm terribly allergic to wasps.", "wasps"),
    ("My flatmate has a dog and I'm properly allergic to dogs, itchy eyes in minutes.", "dogs"),
])
def test_any_ly_adverb_before_allergic(text: str, value: str) -> None:
    assert value in _now(text, "allergy")


def test_someone_elses_allergy_with_an_adverb_is_theirs() -> None:
    assert _now("Priya is properly allergic to cats.", "allergy") == []


@pytest.mark.parametrize("text, value", [
    ("I stopped being strictly vegan around Christmas.", "vegan"),
    ("Last spring I quit being fully vegetarian.", "vegetarian"),
    ("I gave up being completely pescatarian when we moved.", "pescatarian"),
])
def test_a_diet_ended_with_an_adverb(text: str, value: str) -> None:
    assert value in _ended(text, "dietary_restriction")


def test_an_ly_name_is_no_adverb() -> None:
    # "Emily" typed in lower case is a name, not an adverb to skip.
    assert "emily" not in " ".join(_now("i'm emily, a nurse in leeds", "job_title"))


@pytest.mark.parametrize("text", [
    "Big news: no cigarettes since Valentine's Day.",
    "Not a single cigarette in three weeks!",
    "No smokes for a month now, and I feel great.",
])
def test_none_of_the_habit_since_or_for_a_span(text: str) -> None:
    assert _now(text, "smoking_status") == ["non-smoker"]


def test_no_cigarettes_since_dates_the_stop() -> None:
    claims = [c for c in _claims("No cigarettes since the 1st of February.")
              if c.predicate == "smoking_status"]
    assert [(c.object, c.valid_from.date().isoformat()) for c in claims] == [
        ("non-smoker", "2026-02-01")]


@pytest.mark.parametrize("text", [
    "There were no cigarettes in the shop, so I bought gum.",
    "No cigarettes for me, thanks.",
    "My uncle: no cigarettes since March.",
])
def test_no_cigarettes_that_is_no_quitting(text: str) -> None:
    assert "non-smoker" not in _now(text, "smoking_status")


@pytest.mark.parametrize("text", [
    "I still smoke, around ten a day, and I'd like to be done before my wedding in December.",
    "I smoke, maybe a pack a week, and I want to stop by the summer.",
    "I'm still vegan, and we'd like to open a small cafe in January.",
])
def test_a_wish_lends_no_time(text: str) -> None:
    claims = [c for c in _claims(text) if c.predicate in ("smoking_status",
                                                          "dietary_restriction")]
    assert claims and all(c.valid_from == AT for c in claims)


def test_a_dated_clause_still_lends_its_time() -> None:
    claims = [c for c in _claims("In January, I went vegan.")
              if c.predicate == "dietary_restriction"]
    assert [c.valid_from.date().isoformat() for c in claims] == ["2026-01-01"]


@pytest.mark.parametrize("text, employer, day", [
    ("My notice is three weeks, so my last day is Friday 20 March, and on Monday 6 April I "
     "start at Harrow Freight as a planner.", "Harrow Freight", "2026-04-06"),
    ("I leave the clinic on the 13th, and from the 1st of May I'm working at Veldt Labs.",
     "Veldt Labs", "2026-05-01"),
    ("The old job ends this month, and on the 20th of April we start at Korvo.",
     "Korvo", "2026-04-20"),
])
def test_a_fronted_date_opens_its_own_clause(text: str, employer: str, day: str) -> None:
    assert (employer, day) in _planned(text, "employer")


@pytest.mark.parametrize("text, title", [
    ("The transfer went through, I stay an intensive care paramedic, just further south.",
     "intensive care paramedic"),
    ("After the merger I remain a senior accountant, only the logo changes.",
     "senior accountant"),
    ("I'll stay a teacher at Hillside for another year.", "teacher"),
])
def test_a_title_kept(text: str, title: str) -> None:
    assert title in _now(text, "job_title")


@pytest.mark.parametrize("text", [
    "I stay at a hotel near the station when I visit.",
    "My sister will stay a nurse.",
])
def test_staying_that_keeps_no_title(text: str) -> None:
    assert _now(text, "job_title") == []


@pytest.mark.parametrize("text, title", [
    ("Five years as a credit analyst is enough spreadsheets for anyone.", "credit analyst"),
    ("Twelve years as a nurse and I still love nights.", "nurse"),
    ("It's been ten years as a teacher now.", "teacher"),
])
def test_a_title_told_by_its_span(text: str, title: str) -> None:
    assert title in _now(text, "job_title")


@pytest.mark.parametrize("text", [
    "I spent five years as a nurse before I retrained.",
    "Three months as a vegetarian and I feel great.",
])
def test_a_span_that_tells_no_current_title(text: str) -> None:
    assert _now(text, "job_title") == []


@pytest.mark.parametrize("text, employer", [
    ("I've accepted a job in the ICU at Hospital Itzamna.", "Hospital Itzamna"),
    ("I got a role on the data platform team at Zalando.", "Zalando"),
    ("We took a job in the kitchen at Noma.", "Noma"),
])
def test_the_unit_a_job_is_in(text: str, employer: str) -> None:
    assert employer in _now(text, "employer")


@pytest.mark.parametrize("text, employer, day", [
    ("I've accepted a job at Ferrol Marine, starting on the 1st of May.", "Ferrol Marine",
     "2026-05-01"),
    ("I signed with Oakmoor, starting on the 2nd of April.", "Oakmoor", "2026-04-02"),
    ("We've accepted the offer from Brightwell, beginning on the 15th of June.", "Brightwell",
     "2026-06-15"),
])
def test_a_start_told_as_a_participle_after_taking_the_job(text: str, employer: str,
                                                           day: str) -> None:
    assert (employer, day) in _planned(text, "employer")


def test_a_start_that_is_past_keeps_its_past() -> None:
    assert _planned("I started at Lumen on the 3rd.", "employer") == []
    assert "Lumen" in _now("I started at Lumen on the 3rd.", "employer")


# ---- habits: a pastime by its verb and frequency, by its slot, by a club; ended by putting
# it away; an allergy a test names; a year since the last cigarette; a household's diet.

def _hobbies(text: str) -> list[str]:
    return _now(text, "hobby")


@pytest.mark.parametrize("text, value", [
    ("I row on the Douro three mornings a week before the office opens.", "rowing"),
    ("We swim in the lake every Sunday, whatever the weather.", "swimming"),
    ("I climb at the old quarry with Tomas on Thursdays.", "climbing"),
])
def test_a_pastime_by_its_verb_and_frequency(text: str, value: str) -> None:
    assert value in _hobbies(text)


@pytest.mark.parametrize("text", [
    "I swim to the shop sometimes when the bridge is shut.",
    "My wife rows on the river every Sunday.",
    "I ride the bus to work five days a week.",
])
def test_a_verb_without_a_habit_or_not_the_users(text: str) -> None:
    assert _hobbies(text) == []


@pytest.mark.parametrize("text, value", [
    ("Swimming is still twice a week, before the kids wake up.", "swimming"),
    ("What I do on weekends now is sailing, most Saturdays on the estuary.", "sailing"),
    ("What we love doing is hiking, every other weekend.", "hiking"),
])
def test_a_pastime_by_its_slot(text: str, value: str) -> None:
    assert value in _hobbies(text)


def test_a_living_is_no_pastime() -> None:
    assert _hobbies("What I do for a living is accounting.") == []


@pytest.mark.parametrize("text, value", [
    ("I've joined the city's open-water swimming club at last.", "swimming"),
    ("I found a climbing gym near the office, so lunchtimes are sorted.", "climbing"),
    ("We found a fencing club round the corner from the flat.", "fencing"),
])
def test_a_pastime_by_its_club(text: str, value: str) -> None:
    assert value in _hobbies(text)


@pytest.mark.parametrize("text, value", [
    ("I've been trail running in the hills above town since the autumn.", "trail running"),
    ("We've been sailing off the north coast for two summers.", "sailing"),
    ("I've been cycling along the canal since May.", "cycling"),
])
def test_a_pastime_kept_up_where_it_is_done(text: str, value: str) -> None:
    assert value in _hobbies(text)


def test_a_commute_is_no_pastime() -> None:
    assert _hobbies("I've been walking to work for years.") == []


@pytest.mark.parametrize("text, value", [
    ("I put the cello away for good after the spring concert.", "cello"),
    ("Honestly we packed the chess away for good last month.", "chess"),
    ("In March I put away my banjo for good.", "banjo"),
])
def test_a_pastime_put_away_for_good(text: str, value: str) -> None:
    assert value in _ended(text, "hobby")


def test_putting_things_away_ends_nothing() -> None:
    assert _ended("I put the dishes away for the night.", "hobby") == []


@pytest.mark.parametrize("text, value", [
    ("The allergy test came back on Monday and it's dust mites, not the cat.", "dust mites"),
    ("My skin-prick test showed cats, which explains a lot.", "cats"),
    ("The blood test results came in and it's peanuts after all.", "peanuts"),
])
def test_an_allergy_the_test_names(text: str, value: str) -> None:
    assert value in _now(text, "allergy")


def test_someone_elses_test_is_theirs() -> None:
    assert _now("Ana's allergy test came back and it's peanuts.", "allergy") == []


@pytest.mark.parametrize("text", [
    "On Friday it'll be exactly a year since my last cigarette.",
    "Next week it will be six months since my last smoke.",
    "Tomorrow it'll be a whole month since my last cigarette!",
])
def test_a_span_still_to_complete_since_the_last_cigarette(text: str) -> None:
    assert _now(text, "smoking_status") == ["non-smoker"]


@pytest.mark.parametrize("text, value", [
    ("We're vegetarian at home, always have been.", "vegetarian"),
    ("I'm vegan at home and flexible when we eat out.", "vegan"),
    ("We're strictly pescatarian at home.", "pescatarian"),
])
def test_a_household_diet(text: str, value: str) -> None:
    assert value in _now(text, "dietary_restriction")


@pytest.mark.parametrize("text", [
    "I just don't drink milk, never liked it.",
    "We don't drink coffee after noon.",
    "Honestly I don't drink juice, too sweet.",
])
def test_a_drink_not_drunk_is_a_taste_not_a_diet(text: str) -> None:
    assert _now(text, "dietary_restriction") == []


@pytest.mark.parametrize("text, value", [
    ("I don't drink alcohol at all.", "no alcohol"),
    ("I don't eat dairy, so no cheese please.", "dairy-free"),
    ("We don't eat meat at home.", "vegetarian"),
])
def test_what_is_not_eaten_or_drunk_that_is_a_diet(text: str, value: str) -> None:
    assert value in _now(text, "dietary_restriction")
