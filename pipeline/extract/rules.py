"""The rule-based extractor: the default, offline way from a session's turns to claims.

Only the user's own words (role "user", not injected, outside quotes and pasted text) give
`stated` claims. Claims about privileges are taken from every turn and every quote, as
`access_role` with `untrusted_origin` set, for the reconcile stage to quarantine. Fiction,
hypotheses and examples ("In the story, I ...") assert nothing. Sentences of one turn are
read together (across.py: "Moved there in August" dates the sentence before). The
session view (`RuleExtractor.extract`) also applies corrections made later in the session;
`extract_turn` looks at one turn alone, for the cheap online pass. Both are pure: the time
reference is each turn's `at`, never the clock.
"""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache
from typing import cast

from pipeline.extract.across import link_sentences
from pipeline.extract.move_times import date_told_moves, left_places_as_history
from pipeline.extract.business import without_business_hobbies
from pipeline.extract.carry_over import carry_titles
from pipeline.extract.changes import told_changes
from pipeline.extract.clause_times import lends_time, related_time, spare_for, topic_of
from pipeline.extract.clauses import (
    Sentence,
    normalise_text,
    restore_subject,
    sentences,
    split_sentences,
    strip_lead,
)
from pipeline.extract.corrections import SentenceClaims, apply_corrections
from pipeline.extract.figurative import without_figures
from pipeline.extract.first_as import first_as_title
from pipeline.extract.dated_events import dated_events
from pipeline.extract.derive import derive
from pipeline.extract.grammar import Rule
from pipeline.extract.here import resolve_here, resolve_left
from pipeline.extract.home_place import home_in_turn
from pipeline.extract.matching import (
    CLAUSE_RULES,
    FUTURE_SENSITIVE,
    SENTENCE_RULES,
    Found,
    match_rules,
    without_contradictions,
)
from pipeline.extract.mood import clause_span
from pipeline.extract.naming import name_pets
from pipeline.extract.notice import notice_claims, one_employer_name, role_ends_with_job
from pipeline.extract.job_won import won_jobs
from pipeline.extract.offer_title import offer_titles
from pipeline.extract.parse import parsed_facts
from pipeline.extract.passing import passing_facts
from pipeline.extract.passing_people import presupposed
from pipeline.extract.language_lists import sibling_languages
from pipeline.extract.peers import PEER_CONFIDENCE, peer_title
from pipeline.extract.planned import (
    dated_plan,
    names_a_target,
    plan_date_for,
    plan_of,
    told_ahead,
)
from pipeline.extract.projects import named_projects
from pipeline.extract.proposal import proposal_in_turn
from pipeline.extract.speaking_from import resolve_speaking_from
from pipeline.extract.starts_ahead import said_ahead, start_ahead
from pipeline.extract.status_aspect import planned_stops, status_changes
from pipeline.extract.still_working import still_claims
from pipeline.extract.timeexpr import as_utc, future_starts, local_time, resolve_in
from pipeline.extract.trust import (
    find_access_roles,
    framed,
    is_remember_request,
    split_untrusted,
    starts_question,
    strip_remember_request,
)
from pipeline.extract.used_name import name_in_turn
from pipeline.extract.within_turn import settle_turn
from pipeline.extract.workplace_city import workplace_city
from pipeline.vocabulary import SENSITIVE_PREDICATES, SINGLE_VALUED
from schemas.records import Claim, ClaimOp, Transcript, Turn

VERSION = "rules-2"

#: Confidence of a privilege claim: it is only ever quarantined.
ACCESS_CONFIDENCE = 0.3
#: Confidence of a home city read from where the user works ("at the hospital in Tampere").
PLACE_AT_WORK_CONFIDENCE = 0.75

_SINGLE = SINGLE_VALUED
_AIMS = frozenset({"current_goal", "plan"})
_ACCESS_WORDS = re.compile(r"admin|root|moderator|super ?user|access|permission|privilege"
                           r"|authori[sz]", re.IGNORECASE)
_OTHERS = re.compile(r"^(?:(?:my|our|his|her|their|your)\s+(?!(?:move|job|new|last|first)\b)\w+"
                     r"|(?:he|she|they|you)\b|(?-i:[A-Z])[a-z]+\s+(?:came|visited|said|told|was"
                     r"|is|has|had|went|got))", re.IGNORECASE)
#: A clause whose future time is the fact's own: a change, or the future tense.
_CHANGE = re.compile(r"\b(?:start\w*|begin\w*|began|join\w*|mov(?:e|es|ed|ing)|relocat\w*"
                     r"|switch\w*|transfer\w*|becom\w*|marr\w*|wedding|hired|onboard\w*"
                     r"|new (?:job|role|position|place|flat|house|home)|first day|will|'ll"
                     r"|going to|gonna|from|until|till|by|adopt\w*|pick(?:ing)? up|get|getting)\b",
                     re.IGNORECASE)
_REMEMBER_LEAD = re.compile(r"^(?:(?:please|hey|ok|okay|so|and|also)[, ]+)*", re.IGNORECASE)


#: Confidence of a language named beside one the sentence gives the user.
SIBLING_CONFIDENCE = 0.75

class RuleExtractor:
    """Grammar tables over the user's own sentences; no model, no I/O."""

    name = "rules"
    version = VERSION

    def extract(self, transcript: Transcript) -> list[Claim]:
        """Claims the session supports, with later corrections in the session applied."""
        found: list[SentenceClaims] = []
        for turn in transcript.turns:
            found.extend(analyse_turn(turn, session_id=transcript.session_id))
        return [_in_utc(c) for c in apply_corrections(name_pets(found))]


def extract_turn(turn: Turn, *, session_id: str) -> list[Claim]:
    """Claims from one turn alone (the online pass): no session context, no corrections."""
    return [_in_utc(c) for s in name_pets(analyse_turn(turn, session_id=session_id))
            for c in s.claims]


def _in_utc(claim: Claim) -> Claim:
    """`claim` with its times in UTC: days were counted in the turn's own offset (the
    user's calendar), but what leaves the extractor is UTC, as the stores keep it."""
    times = {k: as_utc(t) for k in ("valid_from", "valid_to")
             if (t := getattr(claim, k)) is not None and t.utcoffset()}
    return claim.model_copy(update=times) if times else claim


def match_rule(rule: Rule, text: str) -> list[tuple[str, str, str]]:
    """What one rule alone makes of a sentence (its first clause that gives anything):
    (predicate, object, op) triples. For per-rule tests and for explaining a claim."""
    sentence = sentences(text)[0]
    bodies = [sentence.text.rstrip(" .!?")] if rule.scope == "sentence" else [
        restore_subject(strip_lead(c)) for c in sentence.clauses]
    for body in bodies:
        found = match_rules((rule,), body, sentence, question=False)
        if found:
            return [(p, v, op) for p, v, op, _ in found]
    return []


def analyse_turn(turn: Turn, *, session_id: str) -> list[SentenceClaims]:
    """One turn's claims, sentence by sentence."""
    if turn.injected:
        return []  # memory Reverie injected itself is never re-extracted
    text = normalise_text(turn.text)
    if turn.role != "user":
        return _access_claims(text, turn, session_id, origin=turn.role)
    own, pasted = _own_and_pasted(text)
    out: list[SentenceClaims] = []
    for span in pasted:
        out.extend(_access_claims(span, turn, session_id, origin="quoted"))
    said = sentences(own)
    for sentence in said:
        # Sentences without claims stay: a bare correction ("sorry, I meant Lille") acts
        # on earlier claims in the session.
        claims = _sentence_claims(sentence, turn, session_id, own)
        out.append(SentenceClaims(turn.index, sentence.text, tuple(claims)))
    at = local_time(turn.at)
    linked = left_places_as_history(
        date_told_moves(link_sentences(out, at, session_id=session_id), at), at)
    linked = resolve_here(resolve_left(linked, at, session_id=session_id), at,
                          session_id=session_id)
    linked = home_in_turn(resolve_speaking_from(linked, at, session_id=session_id), at,
                          session_id=session_id)
    linked = derive(linked)
    asked = {s.text: s.question for s in said}
    settled = name_in_turn(settle_turn(linked, at), asked, at, session_id=session_id)
    proposed = proposal_in_turn(settled, asked, at, session_id=session_id)
    taken = without_business_hobbies(carry_titles(proposed, asked))
    return offer_titles(one_employer_name(won_jobs(taken, at, session_id=session_id)))


def _access_claims(text: str, turn: Turn, session_id: str, *,
                   origin: str) -> list[SentenceClaims]:
    out = []
    for sentence, roles in _roles_by_sentence(text):
        claims = tuple(
            Claim(predicate="access_role", object=role, source="inferred",
                  confidence=ACCESS_CONFIDENCE, valid_from=local_time(turn.at),
                  session_id=session_id, turn=turn.index, evidence=sentence,
                  untrusted_origin=origin)
            for role in roles)
        out.append(SentenceClaims(turn.index, sentence, claims))
    return out


# Text-only steps of a turn, pure, cached: a turn is read by the online pass and again with
# its session, and the assistant's and the user's short replies repeat.
@lru_cache(maxsize=4096)
def _roles_by_sentence(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The sentences of `text` that claim a role or privilege, with those roles."""
    return tuple((sentence, tuple(roles)) for sentence in split_sentences(text)
                 if (roles := find_access_roles(sentence)))


@lru_cache(maxsize=4096)
def _own_and_pasted(text: str) -> tuple[str, tuple[str, ...]]:
    own, pasted = split_untrusted(text)
    return own, tuple(pasted)


_SINCE_AFTER = re.compile(r"\s*,?\s*since\b", re.IGNORECASE)
_AHEAD_WORD = re.compile(r"\b(?:this|next|coming)\b", re.IGNORECASE)
#: A sentence's opening that is only a past time: "Last Saturday, the 24th of October, ".
_TIME_LEAD = re.compile(
    r"^\s*(?:(?:so|and|then|well|okay|ok|anyway)[,\s]+)?(?:(?:on|last|that|the|past)\s+)?"
    r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|weekend"
    r"|\d{1,2}(?:st|nd|rd|th)?|(?:of\s+)?(?:january|february|march|april|may|june|july|august"
    r"|september|october|november|december)|the|of|\d{4})[,\s]*){1,8}$", re.IGNORECASE)


def _passing_claims(sentence: Sentence, claims: list[Claim], base: tuple[str, int, str],
                    at: datetime, turn_text: str,
                    ahead: tuple[frozenset[str], datetime] | None = None) -> list[Claim]:
    """Facts named in passing that the phrase rules did not give (passing.py), each dated by
    its own clause; a clause about the future is left to the phrase rules' planned path."""
    single = {c.predicate for c in claims if c.predicate in _SINGLE}
    values = {(c.predicate, c.object.casefold()) for c in claims}
    # In one sentence a removal wins: "we had our old dog Rufus put down" names no new pet.
    gone = {(c.predicate, c.object.casefold()) for c in claims if c.op == "retract" and c.object}
    out: list[Claim] = []
    text = sentence.text
    found = list(_passing_found(text, sentence.question, turn_text))
    # The parse adds only predicates that neither the rules nor the phrase families gave.
    found += parsed_facts(text, question=sentence.question, turn_text=turn_text,
                          known=frozenset({c.predicate for c in claims} | {f[0] for f in found}))
    # A sentence that gives the user one language names the others of their life beside it.
    spoken = {c.object for c in claims if c.predicate == "language_spoken" and c.op == "assert"
              and c.subject == "user" and c.modality == "asserted"}
    spoken |= {f[1] for f in found if f[0] == "language_spoken" and f[2] == "assert"}
    found += [("language_spoken", word, "assert", SIBLING_CONFIDENCE, pos)
              for word, pos in sibling_languages(text, spoken, question=sentence.question)]
    for predicate, value, op, confidence, pos in found:
        if predicate in single or (predicate, value.casefold()) in values:
            continue
        if op == "assert" and any(p == predicate and value.casefold().endswith(name)
                                  for p, name in gone):
            continue
        start, end = clause_span(text, pos)
        clause = text[start:end]
        if (predicate in FUTURE_SENSITIVE and future_starts(clause) and _CHANGE.search(clause)
                and not presupposed(text, pos)):
            continue  # "my team at X ships next week" still works at X
        single.update({predicate} & _SINGLE)
        values.add((predicate, value.casefold()))
        if ahead is not None and predicate in ahead[0]:  # the job starts on its date
            out.extend(c.model_copy(update={"modality": "planned"}) for c in _to_claims(
                [(predicate, value, op, confidence)], base, ahead[1]))
            continue
        rest, later = _ahead([(predicate, value, op, confidence)], clause, at, base)
        out.extend(later)
        told = None if told_ahead(clause, at) else resolve_in(clause, at)
        told = None if told is not None and said_ahead(clause, at) else told
        if told is None and (since := _SINCE_AFTER.match(text, end)):
            # "We're back in Šibenik, since Saturday the 3rd of October": the "since" that
            # opens the next clause dates this one.
            told = resolve_in(text[since.start():since.end() + 60], at)
        if told is None and _TIME_LEAD.match(text[:start]) and not _AHEAD_WORD.search(text[:start]):
            # "Last Saturday, the 24th of October, we finally moved into a flat in Nabeul":
            # a sentence opening on its time dates the clause after it.
            told = resolve_in(text[:start], at)
        out.extend(_to_claims(rest, base, told or at))
    return out


@lru_cache(maxsize=4096)
def _passing_found(text: str, question: bool,
                   turn_text: str) -> tuple[tuple[str, str, str, float, int], ...]:
    # The phrase families are pure and cost the most of a sentence: a sentence read again
    # (the online pass, then the session's; the replies people repeat) is read once.
    return tuple(passing_facts(text, question=question, turn_text=turn_text))


def _sentence_claims(sentence: Sentence, turn: Turn, session_id: str,
                     turn_text: str = "") -> list[Claim]:
    at = local_time(turn.at)
    evidence = sentence.text
    claims: list[Claim] = []
    for role in find_access_roles(evidence, own=True):
        claims.append(Claim(predicate="access_role", object=role, source="inferred",
                            confidence=ACCESS_CONFIDENCE, valid_from=at, session_id=session_id,
                            turn=turn.index, evidence=evidence, untrusted_origin="user"))
    if framed(evidence):
        return _unique(claims)  # fiction, hypotheses and examples assert nothing
    clauses = list(sentence.clauses)
    remember = bool(clauses) and is_remember_request(_REMEMBER_LEAD.sub("", clauses[0]))
    if remember:
        clauses[0] = strip_remember_request(_REMEMBER_LEAD.sub("", clauses[0])) or clauses[0]
    # A question asserts nothing, except requests phrased as one ("Could you answer in
    # German?"); a statement before a final question still counts ("I'm vegan, any ideas?").
    asked = bool(clauses) and not remember and starts_question(strip_lead(clauses[0]))
    question = asked or (sentence.question and not remember)
    if question and not asked and clauses:
        last = clauses.pop()
        if "," in last:
            clauses.append(last.rsplit(",", 1)[0])
    base = (session_id, turn.index, evidence)
    # A clause without claims may still date the sentence's claims: "In August, I moved to
    # Leipzig", "I live in Leipzig now - moved there in August".
    pending: list[tuple[list[Found], datetime | None, str]] = []
    ahead: tuple[frozenset[str], datetime] | None = None
    for clause in clauses:
        body = restore_subject(strip_lead(clause))
        if not body:
            continue
        found = without_contradictions(match_rules(CLAUSE_RULES, body, sentence,
                                                     question=asked or starts_question(body)))
        when = resolve_in(body, at)
        if when is not None and said_ahead(body, at):
            when = None  # "the wedding's on the 18th of April" (in February): still to come
        if when is not None and found and {f[0] for f in found} <= _AIMS and names_a_target(
                body, at):
            when = None  # "I hope to start at Lumen in September": the aim is held now
        if when is not None and found and told_ahead(body, at):
            when = None  # "we're getting married in June" (in March): engaged from now
        if not (asked or starts_question(body)):
            found, later = _ahead(found, body, at, base)
            claims.extend(later)
            when = None if later else when  # the rest is told now, not on a past day
            claims.extend(_planned(body, found, at, base))
            # "I took the job at Lumen, I start there on the 1st": a start still to come
            # dates the job in the other clause, not the past resolution of its date.
            start = None if found else plan_date_for(body, at)
            ahead, when = (start, None) if start is not None else (ahead, when)
        # Someone else's dated news ("my sister came last week") dates nothing of the user's.
        pending.append((found, None if (when and not found and _OTHERS.match(body)) else when,
                        body))
    spare = next(((when, topic_of(body)) for found, when, body in pending
                  if not found and when is not None and lends_time(body)), None)
    for found, when, _ in pending:
        dated = when or spare_for(found, spare) or related_time(found, pending)
        if dated is None and ahead is not None:
            later = [f for f in found if f[0] in ahead[0]]
            found = [f for f in found if f not in later]
            claims.extend(c.model_copy(update={"modality": "planned"})
                          for c in _to_claims(later, base, ahead[1]))
        claims.extend(_to_claims(found, base, dated or at))
    text = sentence.text.rstrip(" .!?")
    found = match_rules(SENTENCE_RULES, text, sentence, question=asked)
    found, later = _ahead(found, text, at, base) if not question else (found, [])
    claims.extend(later)
    told = None if later or not found or said_ahead(text, at) else resolve_in(text, at)
    claims.extend(_to_claims(found, base, told or at))
    claims.extend(_passing_claims(sentence, claims, base, at, turn_text, ahead))
    first = None if question or any(c.predicate == "job_title" for c in claims) else (
        first_as_title(evidence))
    if first is not None:  # "First week as a full-time roaster!"
        claims.extend(_to_claims([("job_title", first, "assert", PEER_CONFIDENCE)], base, at))
    claims.extend(_peer_claims(evidence, claims, base, at, question=question))
    # As for the clauses: a statement before a final question still counts.
    told = evidence.rsplit(",", 1)[0] if question and not asked else evidence
    claims.extend(told_changes(told, claims, at, base, read=_read_present,
                               question=asked or (question and told == evidence),
                               turn_text=turn_text))
    claims.extend(status_changes(told, claims, at, base,
                                 question=asked or (question and told == evidence)))
    claims.extend(planned_stops(told, at, base, question=asked or (question and told == evidence),
                                turn_text=turn_text))
    # Notice given is not leaving: the employer holds until the end the turn tells.
    noticed = notice_claims(told, turn_text, at, base,
                            question=asked or (question and told == evidence))
    claims = role_ends_with_job(_name_the_ending(claims, noticed), told)
    if not any(c.predicate == "employer" for c in claims):  # "Still at Hraun, on call"
        claims.extend(still_claims(told, turn_text, at, base,
                                   question=asked or (question and told == evidence)))
    # After the endings: a closed workplace still places the user ("shut the Winnipeg depot").
    city = None if question else workplace_city(evidence, claims)
    if city is not None:  # "pharmacist at the hospital pharmacy in Tampere"
        claims.extend(_to_claims([("city", city, "assert", PLACE_AT_WORK_CONFIDENCE)], base, at))
    if len(claims) > 1 and any(c.predicate == "access_role" for c in claims):
        claims = [c for c in claims
                  if c.predicate == "access_role" or not _ACCESS_WORDS.search(c.object)]
    ends = {}
    for c in claims:  # one end told twice in a sentence ends when its clause dates it
        if c.op == "retract":
            key = (c.predicate, c.object.lower())
            ends[key] = min(ends.get(key, c.valid_from), c.valid_from)
    claims = [c for c in claims if c.op != "retract"
              or c.valid_from == ends[(c.predicate, c.object.lower())]]
    claims.extend(dated_events(evidence, claims, base, at, question=question))
    claims = named_projects(without_figures(claims, evidence), evidence)
    return _unique([dated_plan(c, evidence, at) for c in claims])


def _name_the_ending(claims: list[Claim], noticed: list[Claim]) -> list[Claim]:
    """`claims` with the notice's (`noticed`). A last day told beside the notice ("I handed
    in my notice at Derwent Ledger, my last day is the 13th") ends the employer the notice
    names, and after it is held: a blank ending, or one before the assertion, closed the earlier
    fact while the notice's assertion stayed current past the last day."""
    named = next((c.object for c in noticed
                  if c.predicate == "employer" and c.op == "assert" and c.object), None)
    if named is None:
        return [*claims, *noticed]
    # The employer held comes before its ending, so the ending closes the one held.
    held = [c for c in noticed if c.op == "assert"]
    rest = [c for c in noticed if c.op != "assert"]
    named_claims = [c.model_copy(update={"object": named})
                    if c.predicate == "employer" and c.op == "retract" and not c.object else c
                    for c in claims]
    first = next((i for i, c in enumerate(named_claims)
                  if c.predicate == "employer" and c.op == "retract"), len(named_claims))
    return [*named_claims[:first], *held, *named_claims[first:], *rest]


def _peer_claims(text: str, claims: list[Claim], base: tuple[str, int, str], at: datetime, *,
                 question: bool) -> list[Claim]:
    """A title inferred from the user's peers ("one of the other nurses", peers.py), when
    the sentence gives no title of its own; `inferred`, so a stated title always wins."""
    if question or any(c.predicate == "job_title" for c in claims):
        return []
    title = peer_title(text)
    if title is None:
        return []
    session_id, turn, evidence = base
    return [Claim(predicate="job_title", object=title, source="inferred",
                  confidence=PEER_CONFIDENCE, valid_from=at, session_id=session_id, turn=turn,
                  evidence=evidence)]


def _read_present(body: str) -> list[Found]:
    """What the clause rules make of `body`, a clause put in the present (changes.py)."""
    said = sentences(body)
    return match_rules(CLAUSE_RULES, body, said[0], question=False) if said else []


def _planned(body: str, found: list[Found], at: datetime,
             base: tuple[str, int, str]) -> list[Claim]:
    """The changes a clause dates in the future ("I start at Bluegum on the 11th"): claims
    `planned` from that date (pipeline.extract.planned), beside what the clause says now."""
    plan = plan_of(body, at)
    if plan is None:
        return []
    shifted, when = plan
    have = {(p, v.lower()) for p, v, *_ in found}
    said = sentences(shifted)[0]  # the rules' sentence-wide conditions read the shifted text
    later = [f for f in match_rules(CLAUSE_RULES, shifted, said, question=False)
             if f[0] in FUTURE_SENSITIVE and (f[0], f[1].lower()) not in have]
    return [c.model_copy(update={"modality": "planned"})
            for c in _to_claims(later, base, when)]

def _ahead(found: list[Found], body: str, at: datetime,
           base: tuple[str, int, str]) -> tuple[list[Found], list[Claim]]:
    """`found` split into what holds now and the changes `body` starts on a day still to
    come ("my new job at Kestrel starts on the 3rd": planned from the next 3rd, not dated
    by the 3rd just gone; starts_ahead.py)."""
    if not any(f[0] in FUTURE_SENSITIVE for f in found):
        return found, []
    soon = start_ahead(body, at)
    if soon is None:
        return found, []
    later = [f for f in found if f[0] in FUTURE_SENSITIVE and f[2] == "assert"]
    return ([f for f in found if f not in later],
            [c.model_copy(update={"modality": "planned"}) for c in _to_claims(later, base, soon)])


def _to_claims(found: list[Found], base: tuple[str, int, str],
               valid_from: datetime) -> list[Claim]:
    session_id, turn, evidence = base
    return [Claim(predicate=predicate, object=value, op=cast(ClaimOp, op),
                  modality="ended" if op == "retract" else "asserted",
                  confidence=confidence, valid_from=valid_from, source="stated",
                  session_id=session_id, turn=turn, evidence=evidence,
                  sensitive=SENSITIVE_PREDICATES.get(predicate))
            for predicate, value, op, confidence in found if value]


def _unique(claims: list[Claim]) -> list[Claim]:
    seen: set[tuple[str, str, str]] = set()
    out = []
    for c in claims:
        key = (c.predicate, c.object.lower(), c.op)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
