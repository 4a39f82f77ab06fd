"""Text set off between two rule lines ("---", "***", "===") is someone else's words, however
the user introduces it ("a recruiter sent me this"): it must never give the user's facts,
while the user's own sentences around it still count."""
from __future__ import annotations

import pytest

from pipeline.extract.trust import split_untrusted


@pytest.mark.parametrize("text", [
    "Now something silly. A recruiter sent me this:\n\n---\nDear Ms. Pop,\nFollowing your move "
    "to Timisoara, please confirm your address.\n---\n\nI have never lived there.",
    "Got this from an agency, no idea why.\n***\nCongratulations on your new job at Acme in Graz!"
    "\n***\nIs it a scam?",
    "Look what landed in my inbox\n===\nWe hear you moved to Oslo last spring.\n===\nWeird, no?",
])
def test_text_between_rule_lines_is_pasted(text: str) -> None:
    own, pasted = split_untrusted(text)
    assert len(pasted) == 1
    assert not any(city in own for city in ("Timisoara", "Graz", "Oslo"))


def test_a_single_rule_line_between_own_paragraphs_fences_nothing() -> None:
    text = "I live in Linz.\n---\nAnyway, what should I cook tonight?"
    assert split_untrusted(text) == (text, [])
