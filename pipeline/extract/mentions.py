"""What passing.py and passing_people.py share: how a name looks, which capitalised words
are no names, and whether a stretch of a sentence is the user's own statement.

Pure: no I/O beyond the gazetteer's packaged data (gazetteer.py).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from pipeline.extract import lexicon as lx
from pipeline.extract.gazetteer import lookup, lookup_town
from pipeline.extract.mood import users_own
from pipeline.extract.trust import blocked, own_clause_prefix

_I = re.IGNORECASE

#: A capital letter of any Latin script ("Ísafjörður", "Łódź", "Škofja Loka" are names too):
#: the capitals of Latin-1, Latin Extended-A/B and Latin Extended Additional.
UPPER = "[A-Z" + "".join(
    ch for code in (*range(0xC0, 0x250), *range(0x1E00, 0x1F00))
    if (ch := chr(code)).isupper()) + "]"
#: A capitalised run: a name of one to five words ("Marlowe Seguros", "Kiln & Kettle").
CAP = (rf"(?-i:(?!I\b|I'){UPPER}[\w'.-]*(?:\s+(?:&\s+)?(?:(?!I\b|I')"
       rf"{UPPER}[\w'.-]*|(?:de|da|do|del|la|le|van|von|of)\b)){{0,4}})")
CAP_RUN = re.compile(CAP)
#: Capitalised words that start no name (sentence openers, pronouns, days, months).
NOT_NAMES = frozenset("""
I I'm I've I'd I'll The A An My Our His Her Their This That These Those It It's He She They We
You Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May
June July August September October November December Christmas Easter Thanksgiving Ramadan
Diwali God Mum Mom Dad Anyway Also And But So Oh Yes No Ok Okay Sorry Thanks Hi Hello Dr Mr Mrs
Ms Sir Madam Then Now Just Still Well Because If When Everyone Nobody Somebody Someone Team
Office University School Hospital Church Home Work Covid Zoom Slack Google Teams LinkedIn
WhatsApp Instagram Facebook Netflix Spotify Uber Airbnb Amazon Apple Christmas Xmas New Year
At In On After Before During Since From To With For By While Until Last Next Every Today
Tonight Yesterday Tomorrow Honestly Actually Luckily Sadly Apparently Anyway
""".split())

Found = tuple[str, str, str, float, int]
#: "The doctor says it's a proper allergy": the finding, not the saying, follows "says".
_WHICH_IS = re.compile(r"\bwhich\s+(?:is|'s)\s+(?:(?:also|now|actually|basically|still)\s+)?$",
                       _I)
_IT_IS = re.compile(r"(?:that\s+)?(?:it's|it is|it was|this is)\s+(?:an?\s+)?$", _I)


#: A capitalised given name ("Tariq", "Miisu", "Zoë"), where the grammar expects one.
#: One capitalised word of a name in any Latin script ("Tariq", "Łucja", "Bắp").
NAME_WORD = r"(?-i:[A-Z\u00c0-\u00d6\u00d8-\u00de\u0100-\u024f])[a-z\u00e0-\u024f\u1e00-\u1eff'-]+"
NAME = r"(?-i:[A-Z\u00c0-\u00d6\u00d8-\u00de\u0100-\u024f][a-z\u00e0-\u024f\u1e00-\u1eff'-]+)"


@dataclass(frozen=True)
class Cue:
    """One row of a phrase table: where `rx` matches, `predicate` gets a value with `op`
    (assert, or retract for an ending) and `confidence`. The value is `value` when it is a
    string ("married"), its result on the match when it is a function, else the match's
    group `group` (lowered with `lower`). With `name`, that group must look like a name;
    with `mine`, the clause must be the user's own (own(); `expert_ok` as there)."""

    predicate: str
    rx: re.Pattern[str]
    op: str = "assert"
    confidence: float = 0.85
    value: str | Callable[[re.Match[str]], str] | None = None
    group: str = "m"
    lower: bool = False
    name: bool = False
    mine: bool = True
    expert_ok: bool = False


def cue(predicate: str, pattern: str, *, flags: int = _I, **row: Any) -> Cue:
    return Cue(predicate, re.compile(pattern, flags), **row)


def scan(table: Iterable[Cue], text: str, question: bool) -> Iterator[Found]:
    """Every row of `table` on `text`, in table order: (predicate, value, op, confidence,
    offset) for each match that passes the row's checks."""
    for row in table:
        for m in row.rx.finditer(text):
            if row.name and not is_name(m.group(row.group)):
                continue
            if row.mine and not own(text, m.start(), question, expert_ok=row.expert_ok):
                continue
            if isinstance(row.value, str):
                value = row.value
            elif row.value is not None:
                value = row.value(m)
            else:
                value = m.group(row.group).lower() if row.lower else m.group(row.group)
            yield row.predicate, value, row.op, row.confidence, m.start()


def own(text: str, pos: int, question: bool, *, expert_ok: bool = False) -> bool:
    """The user's own asserted statement: its clause's mood, and the words before it in the
    sentence (trust.blocked: wished, planned, reported, "forget that ..."; with `expert_ok`
    a clinician's finding about the user counts)."""
    prefix = _IT_IS.sub("", text[:pos]) if expert_ok else text[:pos]
    # "a talk on demand forecasting, which is my day job at Saltmarsh": a relative "which is"
    # right before the mention describes a thing by the user's own words; the "which" that
    # blocks is the one before somebody else ("the firm which my sister runs").
    prefix = _WHICH_IS.sub(" ", prefix)
    prefix = own_clause_prefix(prefix)
    return users_own(text, pos, question=question) and not blocked(prefix, expert_ok=expert_ok)


def is_name(word: str) -> bool:
    """A capitalised word that can be a person's or pet's name where the grammar expects one
    ("my husband Tariq"). Small towns share names with people (Mila, Marion): only a country
    or a big city is taken for a place here."""
    place = lookup(word)
    big_place = place is not None and (place.kind != "city" or place.population > 1_000_000)
    return (word not in NOT_NAMES and not big_place
            and (word not in lx.LANGUAGES or word in lx.LANGUAGES_ALSO_NAMES)
            and not word.isupper())


def place_at(text: str, start: int, *, towns: bool = False) -> tuple[str, str] | None:
    """The longest place name starting at `start` ("Cebu City", then "Cebu") and its kind;
    with `towns`, a town of 5,000 people counts (gazetteer.lookup_town)."""
    m = CAP_RUN.match(text, start)
    if m is None:
        return None
    return longest_place(m.group(0).replace("-based", "").split(), towns=towns)


def longest_place(words: list[str], *, towns: bool = False) -> tuple[str, str] | None:
    """The longest leading run of `words` that the gazetteer knows, and its kind."""
    find = lookup_town if towns else lookup
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n]).rstrip(".,'")
        place = find(name)
        if place is not None and towns and place.within and lookup(name) is None:
            return place.within, place.kind  # a town that is a neighbourhood: its city
        if place is not None:
            return name, place.kind
    return None
