"""What recall answers: k answers (constraints apart, labelled), the past only on request and
labelled with its valid time, and the fact a short personal question names."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from api.read import ANSWERS_LABEL, PAST_LABEL, PINNED_LABEL, render_context

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def _session(rt, ns, sid, at, said):
    rt.deps.clock.set(at)
    rt.memory.start_session(ns, "u1", sid, at)
    for i, text in enumerate(said):
        rt.memory.append_turn(ns, "u1", sid, "user", text, at + timedelta(seconds=40 * i))
        rt.memory.append_turn(ns, "u1", sid, "assistant", "Got it.",
                              at + timedelta(seconds=40 * i + 20))
    rt.deps.clock.set(at + timedelta(minutes=10))
    rt.memory.end_session(ns, "u1", sid, at + timedelta(minutes=10))


def _life(rt, ns):
    _session(rt, ns, "s1", T0, [
        "I work at TD Bank as an analyst.", "I live in Toronto.",
        "I'm allergic to peanuts.", "I am allergic to shellfish.", "I'm vegetarian.",
        "I adopted a golden retriever named Churro last spring.",
        "My favourite board game is Catan.", "I play chess on Sundays."])
    _session(rt, ns, "s2", datetime(2026, 6, 15, 9, 0, tzinfo=UTC), [
        "Big news: I just started a new job at Shopify.", "We went hiking near Banff.",
        "The weather has been lovely and the dogs at the park were having fun."])
    rt.deps.clock.set(datetime(2026, 9, 1, 9, 0, tzinfo=UTC))


def test_k_answers_and_the_constraints_apart(runtime, ns):
    _life(runtime, ns)
    for k in (1, 2, 3):
        result = runtime.reader.recall(ns, "u1", "any good restaurant for dinner?", k=k)
        assert len(result.hits) <= k
        assert not any(h.pinned for h in result.hits)
        assert {h.predicate for h in result.pinned} >= {"allergy", "dietary_restriction"}
        context = render_context(result)
        assert context.startswith(PINNED_LABEL)
        answers = context.split(ANSWERS_LABEL)[1] if ANSWERS_LABEL in context else ""
        assert answers.count("\n- ") == len(result.hits) <= k


def test_before_x_returns_the_superseded_value_labelled_with_its_time(runtime, ns):
    _life(runtime, ns)
    assert [f.object for f in runtime.reader.current(ns, "u1", "employer")] == ["Shopify"]
    for question in ("Where did I work before Shopify?", "where did I use to work?",
                     "What was my previous employer?", "where did I work in 2025?"):
        result = runtime.reader.recall(ns, "u1", question, k=5)
        past = [h.text for h in result.past]
        assert any(t.startswith("until June 2026: TD Bank") for t in past), (question, past)
        context = render_context(result)
        head, _, tail = context.partition(PAST_LABEL)
        assert "until June 2026: TD Bank" in tail
        assert "TD Bank" not in head, head  # never presented as current


def test_a_plain_question_never_sees_the_past(runtime, ns):
    _life(runtime, ns)
    for question in ("where do I work?", "who is my employer?", "what's my job?"):
        result = runtime.reader.recall(ns, "u1", question, k=5)
        assert result.past == ()
        context = render_context(result)
        assert "TD Bank" not in context and PAST_LABEL not in context
        assert "Shopify" in context


def test_the_dog_question_finds_the_pet(runtime, ns):
    _life(runtime, ns)
    for question in ("what's my dog called", "what is the name of my dog?",
                     "remind me what my pup's name is"):
        result = runtime.reader.recall(ns, "u1", question, k=3)
        assert result.hits and "Churro" in result.hits[0].text, (question, result.hits)
    city = runtime.reader.recall(ns, "u1", "where do I live", k=3)
    assert "Toronto" in city.hits[0].text
