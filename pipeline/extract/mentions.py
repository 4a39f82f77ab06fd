"""What passing.py and passing_people.py share: how a name looks, which capitalised words
are no names, and whether a stretch of a sentence is the user's own statement.

Pure: no I/O beyond the gazetteer's packaged data (gazetteer.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.extract import lexicon as lx
from pipeline.extract.gazetteer import lookup
from pipeline.extract.mood import users_own
from pipeline.extract.trust import blocked

_I = re.IGNORECASE

#: A capitalised run: a name of one to five words ("Marlowe Seguros", "Kiln & Kettle").
CAP = (r"(?-i:(?!I\b|I')[A-Z][\w'.-]*(?:\s+(?:&\s+)?(?:(?!I\b|I')[A-Z][\w'.-]*|de|da|do|del|la"
        r"|le|van|von|of)){0,4})")
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
""".split())

Found = tuple[str, str, str, float, int]
#: "The doctor says it's a proper allergy": the finding, not the saying, follows "says".
_IT_IS = re.compile(r"(?:that\s+)?(?:it's|it is|it was|this is)\s+(?:an?\s+)?$", _I)


@dataclass(frozen=True)
class Cue:
    predicate: str
    rx: re.Pattern[str]
    op: str = "assert"
    confidence: float = 0.85


def cue(predicate: str, pattern: str, *, op: str = "assert", confidence: float = 0.85) -> Cue:
    return Cue(predicate, re.compile(pattern, _I), op, confidence)



def own(text: str, pos: int, question: bool, *, expert_ok: bool = False) -> bool:
    """The user's own asserted statement: its clause's mood, and the words before it in the
    sentence (trust.blocked: wished, planned, reported, "forget that ..."; with `expert_ok`
    a clinician's finding about the user counts)."""
    prefix = _IT_IS.sub("", text[:pos]) if expert_ok else text[:pos]
    return users_own(text, pos, question=question) and not blocked(prefix, expert_ok=expert_ok)


def is_name(word: str) -> bool:
    """A capitalised word that can be a person's or pet's name where the grammar expects one
    ("my husband Tariq"). Small towns share names with people (Mila, Marion): only a country
    or a big city is taken for a place here."""
    place = lookup(word)
    big_place = place is not None and (place.kind != "city" or place.population > 1_000_000)
    return (word not in NOT_NAMES and not big_place
            and word not in lx.LANGUAGES and not word.isupper())
