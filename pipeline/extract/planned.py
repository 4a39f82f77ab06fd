"""Dated plans: a change the user says will happen at a known future time.

"I start at Bluegum on Monday the 11th", "we're moving to Oslo next spring", "I'll be working
at Caldera from June": the same facts the rules read in the past tense, true from that date.
The clause is put in the tense the rules know ("I started at Bluegum", "we moved to Oslo")
and its claims become `planned`, with `valid_from` at the date. Without a date the rules can
resolve ("soon", "one day", "at some point") nothing is planned: an undated intention is not
a fact to switch to. Pure; the time reference is the turn's `at`.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from pipeline.extract.dated_events import event_end
from pipeline.extract.timeexpr import TIME_RE, future_in, local_time
from pipeline.vocabulary import SHORT_LIVED_PREDICATES
from schemas.records import Claim

#: Verbs of a change of state, in the tense-shifted form the rules read.
#: (A wedding date is not one: it moves, and the rules keep "engaged" until it is told.)
_PAST = {"start": "started", "begin": "began", "join": "joined", "move": "moved",
         "relocate": "relocated", "take": "took", "retire": "retired", "leave": "left",
         "switch": "switched", "work": "work", "live": "live"}
#: Verbs whose present simple is not a plan ("I work at X from Monday to Friday").
_STATE_VERBS = frozenset({"work", "live"})
_ING = {"starting": "start", "beginning": "begin", "joining": "join", "moving": "move",
        "relocating": "relocate", "taking": "take", "retiring": "retire", "leaving": "leave",
        "switching": "switch", "working": "work", "living": "live"}
_VERB = "|".join(sorted((*_PAST, *_ING), key=len, reverse=True)).replace(" ", r"\s+")
_FUTURE_VERB = re.compile(
    r"\b(?P<subj>i|we)(?P<aux>'ll|\s+will|\s+shall|'m|\s+am|'re|\s+are|'ve|\s+have)?\s+"
    r"(?:(?:now|still|actually|finally|definitely|officially|also|then)\s+)?"
    r"(?P<to>(?:going|planning|due|set|scheduled|about|hoping|decided|agreed)\s+to\s+)?"
    r"(?:be\s+)?"
    rf"(?P<verb>{_VERB})\b", re.IGNORECASE)
#: "I'd start", "if I move", "should I move": conditions and questions plan nothing.
_UNREAL = re.compile(r"\b(?:if|unless|whether|might|(?-i:may)|could|would|should|maybe|perhaps"
                     r"|thinking\s+(?:of|about)|considering|wonder)\b|'d\b", re.IGNORECASE)


def plan_unreal(clause: str) -> bool:
    """True when `clause` plans nothing: a condition, a question, a maybe."""
    return bool(_UNREAL.search(clause))


#: A home's lease starting is the move: "the lease on our new flat in Ghent starts on 1 April",
#: "my tenancy in Leeds begins on the 3rd". Only one's own (my/our) home: "my sister's lease"
#: and "the lease on her place" are someone else's; the present tense keeps "started" out.
_LEASE_START = re.compile(
    r"\b(?i:(?P<own>my|our)\s+(?:new\s+)?(?:lease|tenancy|rental\s+contract)"
    r"|the\s+(?:lease|tenancy|rental\s+contract)\s+(?:on|for)\s+(?P<own2>my|our)\s+new\s+"
    r"(?:place|flat|apartment|house|home))"
    r"\s+(?:in|at)\s+(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)"
    r"\s+(?i:starts|begins|runs\s+from|kicks\s+in)\b")


def _lease_move(clause: str) -> str | None:
    """"We moved to <place>" when `clause` starts the lease of one's own new home."""
    m = _LEASE_START.search(clause)
    if m is None:
        return None
    subj = "We" if (m.group("own") or m.group("own2")) == "our" else "I"
    return f"{subj} moved to {m.group('place')}{clause[m.end():]}"


def shift_to_past(clause: str) -> str | None:
    """`clause` with its future change verb in the tense the rules read, or None when it
    has none ("I'm starting at X" -> "I started at X", "we move to Oslo" -> "we moved to
    Oslo", "I'll be working at X" -> "I work at X")."""
    if _UNREAL.search(clause):
        return None
    lease = _lease_move(clause)
    if lease is not None:
        return lease
    m = _FUTURE_VERB.search(clause)
    if m is None:
        return None
    verb = " ".join(m.group("verb").lower().split())
    aux = (m.group("aux") or "").strip().lower()
    base = _ING.get(verb, verb)
    if verb in _ING and aux not in ("'m", "am", "'re", "are", "'ll", "will", "shall"):
        return None  # "I love moving": not a plan
    decided = (m.group("to") or "").lower().startswith(("decided", "agreed"))
    if aux in ("'ve", "have") and not decided:
        return None  # "I've moved": done, not planned
    if not aux and (base in _STATE_VERBS or m.group("to")) and not decided:
        return None
    if aux in ("'m", "am", "'re", "are") and verb not in _ING and not m.group("to"):
        return None  # "we're move", nonsense: leave it
    return f"{clause[:m.start()]}{m.group('subj')} {_PAST[base]}{clause[m.end():]}"


def plan_of(clause: str, at: datetime) -> tuple[str, datetime] | None:
    """(the clause in the past tense, the date it takes effect) when `clause` tells of a
    dated change still to come; None otherwise."""
    when = future_in(clause, at)
    if when is None:
        return None
    shifted = shift_to_past(clause)
    if shifted is None:
        return None
    # The date is said: the rules must not see a future time and hold the claim back.
    return " ".join(TIME_RE.sub(" ", shifted).split()), when


#: What a change verb is about: where one lives, or where one works.
_PLACE_VERBS = frozenset({"move", "relocate", "live"})
_PLACE_PREDICATES = frozenset({"city", "country", "district"})
_WORK_PREDICATES = frozenset({"employer", "job_title"})


def plan_date_for(clause: str, at: datetime) -> tuple[frozenset[str], datetime] | None:
    """(the predicates it dates, the date) when `clause` tells of a dated change still to
    come: "I start there on the 1st of April" beside "I took the job at Lumen" dates the
    job, not the acceptance; "we move on the 4th" dates the move. None otherwise."""
    plan = plan_of(clause, at)
    m = _FUTURE_VERB.search(clause)
    if plan is None or m is None:
        return None
    verb = _ING.get(m.group("verb").lower(), m.group("verb").lower())
    return (_PLACE_PREDICATES if verb in _PLACE_VERBS else _WORK_PREDICATES), plan[1]


_PAST_MARK = re.compile(r"\b(?:since|ago|last|back\s+in|earlier|used\s+to)\b", re.IGNORECASE)


def names_a_target(clause: str, at: datetime) -> bool:
    """True when the time in `clause` is one still to come ("I hope to start at Lumen in
    September" told in May): for a goal it is the target, not when the goal began."""
    return future_in(clause, at) is not None and not _PAST_MARK.search(clause)


#: A verb told ahead: "going to", "will", or a present progressive ("we're getting married").
_AHEAD_ASPECT = re.compile(
    r"\b(?:(?:i|we|i'm|we're|am|are|is)\s+(?:\w+\s+)?going\s+to|i'll|we'll|(?:i|we)\s+will"
    r"|(?:i'm|we're|i\s+am|we\s+are)\s+(?:\w+\s+)?(?!going\b)\w+ing)\b", re.IGNORECASE)


def told_ahead(clause: str, at: datetime) -> bool:
    """True when the verb of `clause` looks ahead and its time ("in June", "on Saturday")
    is one still to come: "we're getting married in June" told in March is this June's
    wedding, not last June's, and whatever holds now (engaged) holds from when it is told.
    A past mark ("since June", "last June", "two weeks ago") keeps the past reading."""
    return (bool(_AHEAD_ASPECT.search(clause)) and not _PAST_MARK.search(clause)
            and future_in(clause, at) is not None)


def dated_plan(claim: Claim, text: str, at: datetime) -> Claim:
    """A plan or appointment kept with its own date: from when it was said until the end
    of the day it names ("a trip on June 12" told on 1 May: this year's June 12), so it
    expires by that date, not by when it was processed. Other claims pass unchanged."""
    if (claim.predicate not in SHORT_LIVED_PREDICATES or claim.op != "assert"
            or claim.valid_to is not None):
        return claim  # a plan dated where it was read (dated_events.py) keeps its end
    # The plan's own date is the one told with it: "I start on 1 June, so I'm moving to
    # Penang on the 25th of May" dates the move by the 25th, not by the job's 1 June.
    pos = text.lower().find(claim.object.lower()[:40])
    own = text[pos:] if pos > 0 else text
    when = future_in(own, at) or future_in(text, at)
    text = own if future_in(own, at) is not None else text
    said = local_time(at)
    if when is None:
        # An undated plan holds from when it was said (a past date is not its start).
        return claim.model_copy(update={"valid_from": said})
    # "off to Kyoto on June 12 for two weeks": over when the trip is, not on June 12.
    end = event_end(text, when, at)
    return claim.model_copy(update={"valid_from": said, "valid_to": end + timedelta(days=1)})
