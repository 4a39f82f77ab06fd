"""Profile rendering and opening context: deterministic, bounded, gap-aware."""
from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from pipeline.opening import opening_context, summarize_thread
from pipeline.profile import facts_digest, render_profile
from pipeline.rank import estimate_tokens
from schemas.records import Fact

T = datetime(2026, 1, 1, tzinfo=UTC)


def f(pred, obj, card="single", **kw):
    return Fact(fact_id=f"{pred}{obj}", namespace="n", user_id="u", predicate=pred, object=obj,
                cardinality=card, valid_from=T, asserted_at=T, source="stated",
                confidence=0.9, **kw)


def test_sections_in_order_and_only_current_values():
    facts = [f("city", "Berlin"), f("employer", "Globex"), f("allergy", "peanuts", "multi"),
             f("allergy", "shellfish", "multi"), f("preferred_name", "Kate"),
             f("city", "Munich").model_copy(update={"valid_to": T})]
    text = render_profile(facts)
    assert text.splitlines()[0].startswith("Identity: preferred name: Kate")
    assert "Location: city: Berlin" in text and "Munich" not in text
    assert "allergy: peanuts, shellfish" in text
    assert text.index("Location") < text.index("Work") < text.index("Constraints")


def test_render_is_deterministic_whatever_the_input_order():
    facts = [f("allergy", f"a{i}", "multi") for i in range(5)] + [f("city", "Oslo")]
    shuffled = facts[:]
    random.Random(7).shuffle(shuffled)
    assert render_profile(facts) == render_profile(shuffled)
    assert facts_digest(facts) == facts_digest(shuffled)


def test_a_user_with_100_facts_stays_under_400_tokens():
    multi = ["allergy", "dietary_restriction", "accessibility_need", "language_spoken",
             "hobby", "likes", "pet", "child_name", "plan", "dislikes"]
    facts = [f(multi[i % len(multi)], f"a fairly long value number {i}", "multi")
             for i in range(90)]
    facts += [f(p, f"value of {p}") for p in ("city", "country", "employer", "job_title",
                                              "preferred_name", "pronouns", "language",
                                              "timezone", "current_project", "current_goal")]
    text = render_profile(facts)
    assert len(facts) == 100
    assert estimate_tokens(text) < 400 and len(text.split()) < 400


def test_sensitive_facts_need_consent():
    facts = [f("religion", "buddhist", "multi", sensitive="religion"), f("city", "Oslo")]
    assert "buddhist" not in render_profile(facts)
    # Sensitive categories are not profile sections unless consented and listed; the digest
    # still changes with consent so the cached render is refreshed.
    assert facts_digest(facts) != facts_digest(facts, sensitive_consent=True)


def test_opening_is_empty_under_a_day():
    assert opening_context(T, "trip to Japan", now=T + timedelta(hours=6)) == ""
    assert opening_context(None, None, now=T) == ""


def test_opening_names_the_gap_and_the_open_thread_up_to_30_days():
    text = opening_context(T, "planning a trip to Japan", now=T + timedelta(days=4, hours=3))
    assert "Last conversation was 4 day(s) ago" in text and "Japan" in text
    assert "only if" in text
    assert "30 day(s)" in opening_context(T, None, now=T + timedelta(days=30))


def test_opening_after_a_long_gap_asks_to_confirm():
    text = opening_context(T, "Japan", now=T + timedelta(days=31))
    assert "while" in text and "confirm" in text and "Japan" not in text


def test_thread_summary_keeps_substantive_statements_in_order():
    s = summarize_thread(["hi", "I'm planning a trip to Japan and need help with the itinerary.",
                          "thanks"])
    assert "Japan" in s
    assert summarize_thread([]) is None
