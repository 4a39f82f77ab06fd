"""A work title said to continue across an employer change ("I start at Nordlys Energi on
1 July, same job title", "Moving to Acme next month. Same role, better pay.").

Reconcile closes a title when the employer changes: a title not mentioned with the switch
is not known to hold at the new place. When the user says it does, the employer claims of
that sentence (or, for a sentence that says only that, of the sentence before it in the
turn) carry `job_title` over. The title itself is not restated: the one held goes on.
A question ("same role?"), a difference ("not the same role", "a different title") or a
sentence without the user's own employer change carries nothing.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pipeline.extract.corrections import SentenceClaims
from schemas.records import Claim, changes_user_facts

#: "same job title", "the same role", "same position", "same job", "doing the same thing",
#: "in the same role", "keeping my title", "kept my job title", "my title stays the same".
_SAME = re.compile(
    r"\b(?:(?:the\s+)?same\s+(?:job\s+)?(?:title|role|position|job)\b(?!\s+(?:at|as)\s+(?:my|his|her|their)\b)"
    r"|doing\s+the\s+same\s+(?:thing|job|work|role)\b"
    r"|(?:keep(?:ing)?|kept|keeps)\s+my\s+(?:job\s+)?(?:title|role|position)\b"
    r"|my\s+(?:job\s+)?(?:title|role|position)\s+(?:stays|is\s+staying|remains)\s+the\s+same\b)",
    re.IGNORECASE)
#: The same phrase denied or contrasted: "not the same role", "never the same job".
_DENIED = re.compile(r"\b(?:not|n't|never|no\s+longer)\s+(?:\w+\s+){0,2}(?:the\s+)?same\b"
                     r"|\bn't\s+(?:keep|be\s+keeping)\b", re.IGNORECASE)
_CHANGE = frozenset({"employer"})
_KEPT = ("job_title",)


def says_title_continues(text: str) -> bool:
    """True when `text` says the user's title goes on unchanged."""
    match = _SAME.search(text)
    return match is not None and not _DENIED.search(text[:match.end()])


def _changes_work(claim: Claim) -> bool:
    return claim.predicate in _CHANGE and changes_user_facts(claim)


def _marked(claims: tuple[Claim, ...]) -> tuple[Claim, ...]:
    return tuple(c.model_copy(update={"carries_over": tuple({*c.carries_over, *_KEPT})})
                 if _changes_work(c) else c for c in claims)


def carry_titles(found: Sequence[SentenceClaims],
                 asked: Mapping[str, bool]) -> list[SentenceClaims]:
    """`found` (one turn's sentences) with the employer change that a sentence says keeps
    the title marked to carry it over."""
    out = list(found)
    for i, sentence in enumerate(out):
        if asked.get(sentence.text, False) or not says_title_continues(sentence.text):
            continue
        if any(_changes_work(c) for c in sentence.claims):
            out[i] = SentenceClaims(sentence.turn, sentence.text, _marked(sentence.claims))
        elif i > 0 and not any(c.predicate == "job_title" for c in sentence.claims):
            before = out[i - 1]
            out[i - 1] = SentenceClaims(before.turn, before.text, _marked(before.claims))
    return out
