"""Who a stretch of a sentence is about, and in what mood it was said.

A fact named in passing ("the farmers market here in Portland", "as a QA lead at Lumenfold
I ...") belongs to the user only when the clause it stands in is the user's own statement:
not a question or a wish ("should I move to Lisbon?", "what if I quit?"), not negated ("I'm
not allergic"), not somebody else's news ("my sister just moved to Lyon", "she's up in
Braga"), not backstory ("I lived in Montreal for ten years before coming here"). This module
answers that for a position in a sentence; passing.py finds the things named.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_I = re.IGNORECASE

#: Clause boundaries inside one sentence: punctuation and the conjunctions that start a new
#: statement. Offsets are kept so that a mention can be placed in its clause.
_BOUNDARY = re.compile(
    r"[;:()\"]|,(?!\d)|\s[-\u2013\u2014]\s|\s(?=(?:but|because|cause|so|which|while|whereas"
    r"|although|though|and|or|if|unless|when|whenever|until|after|before|since|where)\s)", _I)

#: Third parties: people a clause may be about instead of the user.
RELATIONS = (
    r"sister|brother|mum|mom|mother|dad|father|parents?|friend|boss|colleague|coworker"
    r"|co-worker|neighbou?r|cousin|aunt|uncle|niece|nephew|grandma|grandmother|grandpa"
    r"|grandfather|roommate|flatmate|housemate|manager|director|team lead|teammate|client"
    r"|landlord|landlady|doctor|therapist|ex|son|daughter|kids?|children|husband|wife"
    r"|partner|boyfriend|girlfriend|fianc[eé]e?|in-laws?|mother-in-law|father-in-law"
    r"|sister-in-law|brother-in-law|stepmum|stepdad|godmother|godfather|bestie|best friend"
    r"|buddy|mate|classmate|student|patient|customer|guest")
_OTHER_SUBJECT = re.compile(
    # A sentence adverb before the subject leaves the subject who it is ("Funnily enough my
    # cousin has just moved to Galway", "by the way my boss ...").
    r"^(?:(?:and|but|so|also|oh|well|then|now|plus|meanwhile|apparently|anyway|incidentally"
    r"|by\s+the\s+way|(?-i:[a-zA-Z])[a-z]+ly(?:\s+enough)?),?\s+)*"
    r"(?:(?:my|our|his|her|their|your)\s+(?:[\w-]+\s+)?(?:" + RELATIONS + r")s?\b(?!\s+and\s+i\b)"
    r"|(?:he|she|they|you)(?:'s|'re|'ve|'d|'ll)?\b"
    r"|(?!(?:we|i|my|our|it|this|that|there|then|now|so|and|but|also)\b)(?-i:[A-Z][a-z]+)\s+"
    r"(?:(?:still|also|now|always|never)\s+)?(?:has|had|is|was|got"
    r"|just|moved|lives|works|went|said|says|told|wants|thinks|started|joined|left|quit"
    r"|announced|is|'s)\b)", _I)
_USER_SUBJECT = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|im|me|my|we|we're|we've|we'd|our|us)\b",
                           _I)
_QUESTION_OPENER = re.compile(
    r"^(?:(?:and|but|so|also|oh|ok|okay|well|anyway|quick one)\W+)*(?:should|shall|would|could"
    r"|can|do|does|did|is|are|am|was|were|will|what|how|why|where|when|which|who|whom|any"
    r"|have|has|is there|are there)\b", _I)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|what if|whether|suppose|supposing|imagine|hypothetically|thinking (?:about|of)"
    r"|considering|might|would|could|should|wonder(?:ing)?|dream(?:ing)? (?:of|about)"
    r"|fantasi[sz]\w*|maybe|perhaps|someday|one day|plan(?:ning)? to|want(?:ing)? to|hope to"
    r"|hoping to|tempted|torn between|deciding|decide|or not|thinking|debating|weighing"
    r"|offered|unless|in case|pretend|joke|joking|kidding|love to|like to|\w+'d"
    # An intention is not yet a fact: "we've decided to move to Perth", "I'm going to join".
    r"|decided to|agreed to|intend(?:ing)? to|aim(?:ing)? to|gonna|about to|set to"
    # ... and what nearly happened did not: "I was supposed to move to Oslo", "we nearly
    # moved to Cork", "I was going to take the job at Globex".
    r"|supposed to|meant to|(?:was|were) going to|had (?:planned|hoped|wanted|meant) to"
    r"|(?:nearly|almost) (?:moved|took|accepted|went|joined|quit|left|relocated|signed|started"
    r"|bought|got)|(?:nearly|almost)(?=\s*$)"
    r"|going to (?!(?:the|a|an|my|our|be in|be at|his|her|their)\b))\b", _I)
_HYPOTHETICAL_OPENER = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay|honestly|seriously)\W+)*(?:if|what if|should i|should we"
    r"|suppose|imagine|hypothetically|in theory|thinking (?:about|of)|i'm thinking|we're thinking"
    r"|considering|i wonder|maybe i|maybe we)\b", _I)
_NEGATION = re.compile(r"\b(?:not|never|no|nor|n't|neither|hardly|without)\b|n't\b", _I)
#: "for ten years" is backstory in the past simple ("I lived in Toronto for ten years"),
#: not in the perfect ("I've lived in Halifax for three years" still does).
_SPAN = re.compile(r"\b(?:for|after) (?:\w+ ){0,2}(?:years?|decades?)\b", _I)
_PERFECT = re.compile(r"\b(?:i've|we've|i have|we have|has|have)\s+(?:\w+\s+)?(?:been|lived|worked)\b",
                      _I)
_FOR_NOW = re.compile(r"\b(?:now|still|these days)\b", _I)
#: "what we're used to", "getting used to" is being accustomed, not a past habit.
_USED_TO = (r"(?<!'re )(?<!'m )(?<!'s )(?<!\bare )(?<!\bam )(?<!\bis )(?<!\bget )(?<!\bgot )"
            r"(?<!getting )(?<!\bbe )(?<!been )used to")
_BACKSTORY = re.compile(
    r"\b(?:" + _USED_TO + r"|grew up|born|years? (?:in|at)"
    r"|before (?:coming|moving|we moved|i moved|that)|until (?:last|i|we)|back then|as a kid"
    r"|as a child|originally|formerly|previously|ex-)\b", _I)


@dataclass(frozen=True)
class Mood:
    """The mood of the clause a mention stands in."""

    modality: str  # asserted | question | hypothetical | negated | backstory
    subject: str  # "user" or "other"


def clause_span(text: str, pos: int) -> tuple[int, int]:
    """Start and end of the clause of `text` that contains offset `pos`."""
    start, end = 0, len(text)
    for m in _BOUNDARY.finditer(text):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            end = m.start()
            break
    return start, end


def mood_at(text: str, pos: int, *, question: bool) -> Mood:
    """The mood of the clause of sentence `text` around offset `pos` (the mention's start).
    `question`: the sentence ends with a question mark."""
    start, end = clause_span(text, pos)
    before = text[start:pos]
    subject = "other" if _OTHER_SUBJECT.match(before.strip()) else "user"
    if question and (_QUESTION_OPENER.match(text.strip()) or end >= len(text.rstrip(" ?!.")) - 1
                     or _QUESTION_OPENER.match(before.strip())):
        return Mood("question", subject)
    if _HYPOTHETICAL.search(before) or _HYPOTHETICAL_OPENER.match(text):
        return Mood("hypothetical", subject)
    if _NEGATION.search(before):
        return Mood("negated", subject)
    clause = text[start:end]
    if _BACKSTORY.search(clause) or (_SPAN.search(clause) and not _PERFECT.search(clause)
                                     and not _FOR_NOW.search(clause)):
        return Mood("backstory", subject)
    return Mood("asserted", subject)


def about_other(opening: str) -> bool:
    """True when a clause opening with `opening` is about someone else ("my aunt lived")."""
    return bool(_OTHER_SUBJECT.match(opening.strip()))


def users_own(text: str, pos: int, *, question: bool) -> bool:
    """True when the clause around `pos` is the user's own asserted statement."""
    mood = mood_at(text, pos, question=question)
    return mood.modality == "asserted" and mood.subject == "user"


def sentence_before(turn_text: str, text: str) -> str:
    """The sentence of `turn_text` right before its sentence `text` ("" when there is none):
    what a sentence that goes on from it ("So: I'm stopping on the 1st") is about."""
    pos = turn_text.find(text)
    if pos <= 0:
        return ""
    return re.split(r"(?<=[.!?])\s+", turn_text[:pos].rstrip())[-1]
