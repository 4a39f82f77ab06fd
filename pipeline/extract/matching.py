"""The grammar tables (patterns.py) applied to one clause or sentence: which rules fire,
what their matches mean (assert, retract, another predicate), and the claimed values,
normalised. Pure; rules.py decides who said it, in what mood and when.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from pipeline.extract import lexicon
from pipeline.extract.clauses import Sentence
from pipeline.extract.grammar import Rule, TriggerIndex
from pipeline.extract.kinds import NORMALISERS, PREDICATE_KIND
from pipeline.extract.mood import RELATIONS, about_other, clause_span
from pipeline.extract.objects import ObjCtx
from pipeline.extract.patterns import RULES
from pipeline.extract.timeexpr import TIME_RE, future_starts
from pipeline.extract.trust import blocked, hedged
from pipeline.vocabulary import SENSITIVE_PREDICATES

#: (predicate, object, op, confidence): what one rule match claims.
Found = tuple[str, str, str, float]

#: Confidence cap for hedged statements ("I think I'm ...", "probably").
HEDGED_CONFIDENCE = 0.5
#: States a future time changes: "I start at Google next month" is not a current employer.
FUTURE_SENSITIVE = frozenset({
    "city", "country", "district", "employer", "job_title", "relationship_status",
    "smoking_status", "dietary_restriction", "pet", "partner_name", "current_project",
    "hobby", "health_condition", "accessibility_need"})
_COMMON_NOUNS = frozenset({"likes", "dislikes", "hobby", "allergy", "dietary_restriction"})
_PROPER_WORDS = frozenset(
    w.lower() for w in (*lexicon.LANGUAGES, *lexicon.COUNTRY_BY_LOWER.values(),
                        *lexicon.CITIES))
CLAUSE_RULES = tuple(r for r in RULES if r.scope == "clause")
SENTENCE_RULES = tuple(r for r in RULES if r.scope == "sentence")
#: One-pass gates of the two rule sets every sentence runs through (by the tuple's id).
_GATES = {id(rules): TriggerIndex(rules) for rules in (CLAUSE_RULES, SENTENCE_RULES)}
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|mine|myself|we|we're|we've|our|us)\b",
                           re.IGNORECASE)
_THIRD_PARTY = re.compile(r"\b(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?(?:" + RELATIONS
                          + r")s?\b", re.IGNORECASE)
_USER_NAMED = re.compile(r"\b(?:i|i'm|i've|i'd|we|we're|we've|me|myself|us)\b", re.IGNORECASE)
#: A clause opening with a day is no one's: "Today is day nine without a cigarette".
_TIME_OPENING = re.compile(r"^(?:today|tonight|tomorrow|yesterday|this|next|last|every|each"
                           r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE)
_STOP = re.compile(r"\b(?:anymore|any\s+more|any\s+longer|no\s+longer|used\s+to|not\s.*\bagain"
                   r"|these\s+days\s+not)\b", re.IGNORECASE)


def match_rules(rules: tuple[Rule, ...], text: str, sentence: Sentence, *,
                question: bool) -> list[Found]:
    """What the `rules` make of `text` (a clause, or a whole sentence for sentence rules)."""
    if rules is CLAUSE_RULES or rules is SENTENCE_RULES:
        return list(_match_table(rules is CLAUSE_RULES, text, sentence, question))
    return _match(rules, text, sentence, question=question)


@lru_cache(maxsize=8192)
def _match_table(clause_rules: bool, text: str, sentence: Sentence,
                 question: bool) -> tuple[Found, ...]:
    # The tables are fixed and matching is pure: a clause read twice (the online pass and
    # the session's, a clause put in the present, the replies people repeat) is matched once.
    # Keyed by which table, not by the tuple: hashing 400 rules per call would cost more.
    rules = CLAUSE_RULES if clause_rules else SENTENCE_RULES
    return tuple(_match(rules, text, sentence, question=question))


def _match(rules: tuple[Rule, ...], text: str, sentence: Sentence, *,
           question: bool) -> list[Found]:
    lowercase = sentence.lowercase
    out: list[Found] = []
    futures: list[int] | None = None
    lowered = text.lower()
    gate = _GATES.get(id(rules))
    fired = gate.triggered(lowered) if gate else [r.triggered(lowered) for r in rules]
    for rule, on in zip(rules, fired, strict=True):
        if not on:
            continue
        if question and not rule.in_question:
            continue
        if rule.requires_rx is not None and not rule.requires_rx.search(sentence.text):
            continue
        if rule.unless_rx is not None and rule.unless_rx.search(sentence.text):
            continue
        sensitive = not rule.future_ok and rule.predicate in FUTURE_SENSITIVE
        if sensitive and futures is None:
            futures = future_starts(text)
        for rx in rule.compiled:
            m = rx.search(text)
            if m is None or blocked(TIME_RE.sub(" ", text[:m.start()]),
                                    expert_ok=rule.predicate not in SENSITIVE_PREDICATES):
                continue
            if sensitive and futures and _in_future(futures, text, m.start()):
                continue
            if _someone_elses(text, m, sentence.text):
                continue
            built = _build(rule, m, text, lowercase)
            if built:
                out.extend(built)
                break
    return out


def _someone_elses(text: str, m: re.Match[str], said: str) -> bool:
    """True when a match that names no subject of its own ("three months without a
    cigarette", "no more meat") stands in a clause about someone else: "my brother is three
    months without a cigarette" leaves the user's smoking alone, as "my friend's been two
    weeks off sugar" leaves their diet. A match with no opening at all takes its subject
    from the stretch before it in the sentence `said` ("So proud of my brother: three months
    without a cigarette"), unless that names the user too. A match that says "I", "my" or
    "we" is judged as before (blocked() reads what comes before it)."""
    if _FIRST_PERSON.search(m.group(0)):
        return False
    start, _ = clause_span(text, m.start())
    opening = text[start:m.start()].strip()
    if opening:
        return not _TIME_OPENING.match(opening) and about_other(opening)
    at = said.find(text) if text else -1
    before = text[:start] if start else said[:at] if at > 0 else ""
    before = before[clause_span(before, max(0, len(before.rstrip(" ,;:-")) - 1))[0]:]
    return bool(_THIRD_PARTY.search(before)) and not _USER_NAMED.search(before)


def _in_future(futures: list[int], text: str, start: int) -> bool:
    """True when a future time applies to the statement starting at `start`: before it, or
    after it up to the next comma ("I'm engaged to Marco, the wedding's next spring" is not
    a future engagement; "I start at Google next month" is a future job)."""
    comma = text.find(",", start)
    end = comma if comma >= 0 else len(text)
    return any(f < end for f in futures)


def without_contradictions(found: list[Found]) -> list[Found]:
    """In one clause a removal wins: "my dog Rex died" names the dog and says it is gone."""
    gone = {(p, v.lower()) for p, v, op, _ in found if op == "retract"}
    return [f for f in found if f[2] == "retract" or not any(
        p == f[0] and (f[1].lower() == v or f[1].lower().endswith(f" named {v}"))
        for p, v in gone)]


def _build(rule: Rule, m: re.Match[str], text: str, lowercase: bool) -> list[Found]:
    groups = m.groupdict()
    neg = groups.get("neg")
    state = "pos" if not neg else (
        "stop" if _STOP.search(text) or re.match(r"no\s+longer|used\s+to", neg, re.I) else "neg")
    action = rule.actions[state]
    if action.op == "skip":
        return []
    confidence = min(rule.confidence, HEDGED_CONFIDENCE) if hedged(text) else rule.confidence
    ctx = ObjCtx(predicate=rule.predicate, lowercase=lowercase, proper=rule.proper,
                 groups=groups, text=text)
    out: list[Found] = []
    captured = {g: v for g, v in groups.items()
                if v is not None and g != "neg" and not g.startswith("x_")}
    if rule.value is not None or "obj" not in captured:
        captured.pop("obj", None)
        values: list[tuple[str, str]] = ([(rule.predicate, rule.value)]
                                         if rule.value is not None else [])
    else:
        kind = rule.kind or PREDICATE_KIND.get(rule.predicate, "phrase")
        values = [(p or rule.predicate, v)
                  for p, v in NORMALISERS[kind](captured.pop("obj"), ctx)]
    if groups.get("obj") is not None and m.start("obj") == 0:
        # "Gardening is my thing": a sentence-initial common noun loses its capital.
        values = [(p, _decapitalise(v) if p in _COMMON_NOUNS else v) for p, v in values]
    for predicate, value in values:
        value = rule.template.format(value) if predicate == rule.predicate else value
        if action.predicate:
            predicate = action.predicate
        if action.value:
            value = action.value.format(value)
        out.append((predicate, value, action.op, confidence))
    if action.predicate is None:
        for group, raw in captured.items():
            kind = PREDICATE_KIND.get(group, "phrase")
            for p, v in NORMALISERS[kind](raw, replace(ctx, predicate=group)):
                out.append((p or group, v, action.op, confidence))
    return out


def _decapitalise(value: str) -> str:
    """A sentence-initial common noun loses its capital; proper nouns keep theirs."""
    first = value.split(" ", 1)[0]
    if (len(first) > 1 and first[0].isupper() and first[1:].islower()
            and first.lower() not in _PROPER_WORDS):
        return first.lower() + value[len(first):]
    return value
