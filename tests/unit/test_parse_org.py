"""An employer read off the tree through an anchor of the user's work (pipeline/extract
/parse_org.py): a work noun the user owns, a title the user says they are, a work verb of
their own; no anchor, or someone else's, a past, wished or asked one, gives nothing."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

AT = datetime(2026, 3, 30, 17, 0, tzinfo=UTC)


def _employers(text: str) -> set[str]:
    return {c.object for c in claims_of(text, at=AT)
            if c.predicate == "employer" and c.op == "assert" and c.subject == "user"}


@pytest.mark.parametrize(("text", "org"), [
    ("Our team at Vesilinja got a new boss last week, which nobody saw coming.", "Vesilinja"),
    ("Yesterday I walked into my boss's office at Tupinambá Metalúrgica and asked for a "
     "raise.", "Tupinambá Metalúrgica"),
    ("I'm the producer of the morning news show at Radio Chimú, so I'm up at four.",
     "Radio Chimú"),
    ("I'm basically a vet tech at Oldman River Animal Hospital, it's a lot of dogs.",
     "Oldman River Animal Hospital"),
    ("I do operations at Kilele Expeditions, so I'm the one sorting the vehicles.",
     "Kilele Expeditions"),
    ("I drive one of the straddle cranes down at the port for Coral Sea Stevedoring, "
     "nights mostly.", "Coral Sea Stevedoring"),
    ("The rota is brutal, my colleagues at Brightwater are lovely though.", "Brightwater"),
    ("I manage the orchard at Moutere Hills Orchard half an hour outside Nelson.",
     "Moutere Hills Orchard"),
    ("I'm on the Cerro Pangue Observatory rota, seven nights up the mountain.",
     "Cerro Pangue Observatory"),
    ("This afternoon I told my manager at Hoshino Ceramics that I'm leaving.",
     "Hoshino Ceramics"),
    ("Our Kestrel Analytics team meets on Mondays.", "Kestrel Analytics"),
])
def test_an_organisation_at_the_users_work(text, org):
    assert org in _employers(text)


@pytest.mark.parametrize("text", [
    "My sister's team at Vesilinja won an award.",
    "I'd love to work at Kilele Expeditions one day.",
    "My old team at Nordwind Analytics still texts me.",
    "I do yoga at Lotus Studio on Mondays.",
    "My husband works at Kilele Expeditions.",
    "Is your team at Vesilinja hiring?",
    "If I were the producer at Radio Chimú I'd quit.",
    "I manage a small team with Anna Berg.",
    "I cook for Maria Lopez every Sunday.",
    "Our office at Canary Wharf is freezing.",
    "I drive my kids to school for Miss Patel.",
    "We're raising money for Save the Children.",
    "My brother does operations at Kilele Expeditions.",
    "I don't do operations at Kilele Expeditions any more.",
    "My brother is on the Cerro Pangue Observatory rota.",
    "My sister said my manager at Hoshino Ceramics is leaving.",
    "I told my sister at Hoshino Ceramics.",
    "Would my manager at Hoshino Ceramics mind?",
])
def test_no_employer_without_an_anchor_of_the_users_own_work(text):
    assert _employers(text) == set()


@pytest.mark.parametrize(("text", "org", "title"), [
    ("Zlatna Loza took me back as pastry chef, so I'm doing weddings again.", "Zlatna Loza",
     "pastry chef"),
    ("Harbour Lane Bakery hired me as a baker in June.", "Harbour Lane Bakery", "baker"),
])
def test_an_organisation_taking_the_user_on(text, org, title):
    work = {(c.predicate, c.object) for c in claims_of(text, at=AT) if c.op == "assert"}
    assert {("employer", org), ("job_title", title)} <= work


@pytest.mark.parametrize("text", [
    "Harbour Lane Bakery took me to lunch.",
    "Harbour Lane Bakery didn't hire me.",
    "Harbour Lane Bakery might hire me as a baker.",
    "Nordhav Shipping hired my sister as a clerk.",
])
def test_no_employer_from_an_outing_a_refusal_a_maybe_or_someone_else(text):
    assert _employers(text) == set()


def test_the_organisation_pointed_back_to_is_no_name():
    assert _employers("Since June I'm the education officer at the Trust, no more tours.") == set()
    assert _employers("I'm a nurse at the Royal Infirmary.") == {"Royal Infirmary"}


@pytest.mark.parametrize(("text", "org"), [
    ("Kurzemes Tilti has me on the winter round of every bridge up to Ventspils.",
     "Kurzemes Tilti"),
    ("Being a tea taster at Hantane Tea Brokers sounds romantic until you spit out tea.",
     "Hantane Tea Brokers"),
])
def test_an_organisation_putting_the_user_on_work_or_the_users_work_as_it_is(text, org):
    assert org in _employers(text)


@pytest.mark.parametrize("text", [
    "Anna Berg has me on speed dial.",
    "Imagine being a tea taster at Hantane Tea Brokers.",
    "Being a member at Kestrel Gym is cheap.",
    "My sister being a nurse at Oldman River Hospital helps.",
])
def test_no_employer_from_a_friend_a_daydream_or_membership(text):
    assert _employers(text) == set()
