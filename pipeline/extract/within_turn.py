"""What a turn says across its sentences, once each sentence has been read: one pet for a
named dog and its species, a repeated claim at the date it was given, the undated city of
a turn that says when the move was. Pure; inputs are not modified.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.timeexpr import resolve_in
from schemas.records import Claim


def settle_turn(found: list[SentenceClaims], at: datetime) -> list[SentenceClaims]:
    """The turn's sentence claims with the three cross-sentence readings applied."""
    return _dated_quit(_dated_move(_dated_repeats(_named_pets_absorb(found), at), at), at)


#: A move told without its destination, with its time: "We moved two weeks ago and ...".
_BARE_MOVE = re.compile(r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|only\s+)?(?:moved"
                        r"|relocated)\b(?!\s+(?:to|into|from|in|out|back\s+to|over\s+to)\b)", re.I)


def _dated_move(found: list[SentenceClaims], at: datetime) -> list[SentenceClaims]:
    """"Hello from Ljubljana! We moved two weeks ago": the undated city of the turn moved
    then. Only a move with no destination of its own dates the place named elsewhere."""
    def undated(c: Claim) -> bool:
        return c.predicate in ("city", "country") and c.op == "assert" and c.valid_from == at
    if not any(undated(c) for s in found for c in s.claims):
        return found  # nothing to date: spare the search
    return _redated(found, _first_past_date(found, at, _BARE_MOVE, from_end=False), undated)


def _first_past_date(found: list[SentenceClaims], at: datetime, pattern: re.Pattern[str], *,
                     from_end: bool) -> datetime | None:
    """The past date told with the first match of `pattern` in the turn (read from the match's
    start, or from its end when the match itself holds no date), or None."""
    for s in found:
        m = pattern.search(s.text)
        if m and (resolved := resolve_in(s.text[m.end() if from_end else m.start():], at)
                  ) is not None and resolved < at:
            return resolved
    return None


def _redated(found: list[SentenceClaims], when: datetime | None,
             undated: Callable[[Claim], bool]) -> list[SentenceClaims]:
    """The turn's claims with `undated` ones starting at `when` (unchanged without one)."""
    if when is None:
        return found
    return [replace(s, claims=tuple(c.model_copy(update={"valid_from": when}) if undated(c)
                                    else c for c in s.claims)) for s in found]


#: A quit told without its object: "Six weeks today without a cigarette. I stopped on March
#: 7th". Not a stop somewhere ("I stopped at the shop") nor another habit ("stopped drinking").
_BARE_QUIT = re.compile(r"\b(?:i|i've|i\s+have)\s+(?:finally\s+|actually\s+|just\s+)?(?:stopped|quit"
                        r"|gave\s+up|given\s+up)\b(?:\s+(?:smoking|cigarettes|for\s+good))?"
                        r"(?!\s+(?:at|by|for|to|off|with|from|here|there|\w+ing)\b)", re.I)


def _dated_quit(found: list[SentenceClaims], at: datetime) -> list[SentenceClaims]:
    """The turn's undated non-smoker status, dated by a bare quit with a past date in the
    same turn. Only re-dates a status the turn already holds; asserts nothing itself."""
    def undated(c: Claim) -> bool:
        return (c.predicate == "smoking_status" and c.object == "non-smoker" and c.op == "assert"
                and (c.valid_from is None or c.valid_from.date() == at.date()))
    if not any(undated(c) for s in found for c in s.claims):
        return found  # nothing to date: spare the search
    return _redated(found, _first_past_date(found, at, _BARE_QUIT, from_end=True), undated)


def _dated_repeats(found: list[SentenceClaims], at: datetime) -> list[SentenceClaims]:
    """A turn that says a thing twice, once with its date ("I'm back on meat ... I started
    eating meat again at the beginning of October"), says it once, at that date."""
    dated: dict[tuple[str, str, str], Claim] = {}
    for s in found:
        for c in s.claims:
            if c.valid_from is not None and c.valid_from != at:
                dated.setdefault((c.predicate, c.object.casefold(), c.op), c)
    if not dated:
        return found
    seen: set[tuple[str, str, str]] = set()
    out = []
    for s in found:
        kept = []
        for c in s.claims:
            key = (c.predicate, c.object.casefold(), c.op)
            if key in seen:
                continue
            seen.add(key)
            # A date still to come keeps its mood: "We bought a house in Tartu. We move in
            # on the 4th" is Tartu planned from the 4th, not Tartu held from the 4th.
            kept.append(c.model_copy(update={"valid_from": dated[key].valid_from,
                                             "modality": dated[key].modality})
                        if key in dated and c.valid_from == at else c)
        out.append(replace(s, claims=tuple(kept)))
    return out


def _named_pets_absorb(found: list[SentenceClaims]) -> list[SentenceClaims]:
    """A turn that names its dog ("we have a dog ... Kobus barks at the lift") keeps one pet,
    "dog named Kobus", not also a bare "dog"."""
    named = {c.object.split(" named ", 1)[0].casefold() for s in found for c in s.claims
             if c.predicate == "pet" and c.op == "assert" and " named " in c.object}
    if not named:
        return found
    return [replace(s, claims=tuple(c for c in s.claims if not (
        c.predicate == "pet" and c.op == "assert" and _bare_pet(c.object) in named)))
        for s in found]


def _bare_pet(value: str) -> str:
    words = value.casefold().split()
    return words[-1] if words and words[0] in ("a", "an", "one", "our", "my") else value.casefold()
