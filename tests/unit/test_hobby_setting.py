"""Where a pastime is done is no part of it, and someone else's pastime is not the user's.

Sentences of our own.
"""
from __future__ import annotations

import pytest

from tests.unit.test_rules_support import asserted


@pytest.mark.parametrize(("text", "hobby"), [
    ("My old mate Priya and I started roasting coffee out of her garage.", "roasting coffee"),
    ("I started brewing beer in my garage.", "brewing beer"),
    ("I took up baking bread at the weekends.", "baking bread"),
    ("I've started running with a club on Sundays.", "running"),
])
def test_the_setting_is_trimmed_from_the_pastime(text: str, hobby: str) -> None:
    assert asserted(text, "hobby") == [hobby]


@pytest.mark.parametrize("text", [
    "My wife started knitting in her studio.",
    "He started roasting coffee out of his shed.",
    "My husband has been roasting coffee out of his shed, and he's obsessed.",
    "My son took up fencing at school.",
])
def test_someone_elses_pastime_is_not_the_users(text: str) -> None:
    assert asserted(text, "hobby") == []
