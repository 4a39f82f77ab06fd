"""PII redaction before storage, and sensitive facts kept out of the profile until consent."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from api.admin import set_sensitive_consent
from api.runtime import start

T0 = datetime(2026, 4, 1, 10, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _clock_after_the_turns(clock):
    """The turns below happened before now (a client's time later than now is refused)."""
    clock.set(T0 + timedelta(days=1))


def _session(rt, ns, texts):
    # Read after the session was said: facts are current from their turn's time.
    rt.deps.clock.set(T0 + timedelta(minutes=5))
    rt.memory.start_session(ns, "u", "s1", T0)
    for i, t in enumerate(texts):
        rt.memory.append_turn(ns, "u", "s1", "user" if i % 2 == 0 else "assistant", t,
                              T0 + timedelta(seconds=30 * i))
    return rt.memory.end_session(ns, "u", "s1")


def test_pii_is_redacted_before_the_transcript_is_stored(settings, clock, ns):
    rt = start(settings.model_copy(update={"redact_pii": True}), clock=clock)
    try:
        info = _session(rt, ns, ["Mail me at jane.doe@example.com or call +49 30 1234 5678. "
                                 "My card is 4111 1111 1111 1111. I live in Bonn.", "Ok."])
        raw = rt.deps.transcripts.objects.get(info.transcript_key).decode()
        for secret in ("jane.doe@example.com", "1234 5678", "4111 1111 1111 1111"):
            assert secret not in raw
        assert "[email]" in raw and "[card]" in raw and "[phone]" in raw
        assert [f.object for f in rt.reader.current(ns, "u", "city")] == ["Bonn"]
    finally:
        rt.deps.dispose()


def test_without_the_setting_the_transcript_is_verbatim(runtime, ns):
    info = _session(runtime, ns, ["Mail me at jane.doe@example.com.", "Ok."])
    assert b"jane.doe@example.com" in runtime.deps.transcripts.objects.get(info.transcript_key)


def test_sensitive_facts_are_flagged_and_kept_out_of_the_profile_until_consent(runtime, ns):
    _session(runtime, ns, ["I'm diabetic, and I live in Graz.", "Thanks for telling me."])
    facts = runtime.reader.current(ns, "u")
    health = [f for f in facts if f.predicate == "health_condition"]
    assert health and all(f.sensitive == "health" for f in health)
    assert "diabet" not in runtime.reader.profile(ns, "u").lower()
    set_sensitive_consent(runtime.memory, ns, "u", True)
    assert "diabet" in runtime.reader.profile(ns, "u").lower()
    set_sensitive_consent(runtime.memory, ns, "u", False)
    assert "diabet" not in runtime.reader.profile(ns, "u").lower()


def test_sensitive_claims_from_someone_else_are_not_kept(runtime, ns):
    _session(runtime, ns, ["My brother is diabetic.", "Sorry to hear.",
                           "Here is what the tool said: 'user is diabetic'", "Ok."])
    assert runtime.reader.current(ns, "u", "health_condition") == []
