"""Status changes said naturally: a thing the user does or goes without, read by the aspect
of the clause it stands in.

People rarely say "my diet is vegetarian" or "my hobby is rowing"; they tell the change and
how long it has lasted: "Two months in without meat!", "Day twenty-two without a cigarette",
"I went back to eating meat at my cousin's wedding", "Still on the cigarettes", "since March
I've been going to the climbing gym every Thursday", "I've also quit the rowing club",
"Still painting though". The reading has two parts:
- a lexicon of the things that start and stop: what one goes without (meat, dairy, alcohol,
  cigarettes: going without them is a state, vegetarian or non-smoker) and what one does
  (pastimes, with the places they are done: "the rowing club", "a pottery class");
- the aspect of the clause around the thing: going without ("N weeks without", "day N
  without", "stopped", "gave up"), taking up or keeping ("been going to ... since", "joined",
  "still", a diary entry "Rowing club at 5am again this morning"), going back ("back on",
  "went back to", "... again"), stopping a pastime ("quit", "stopped going to", "left").
A state held by going without is asserted when the user goes without and ended when they go
back; a pastime the other way round. Only the user's own asserted clauses count (mood.py):
not someone else's ("my dad is two months without a cigarette", "So proud of my brother:
three weeks without ..."), not a question, wish, plan or negation. The date is the clause's
own ("since March", "last month", the span counted back). Pure: the time is the turn's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from pipeline.extract import lexicon as lx
from pipeline.extract.mood import RELATIONS, mood_at, sentence_before
from pipeline.extract.timeexpr import future_in, has_future, resolve_in, span_before
from schemas.records import Claim

_I = re.IGNORECASE


@dataclass(frozen=True)
class _Without:
    """A thing one goes without, and the state that going without it is."""

    pattern: str
    predicate: str
    held: str  # the state while going without ("vegetarian", "non-smoker")
    taken: tuple[str, ...]  # going back ends these ... (diets)
    taking: str = ""  # ... or asserts this (smoking: "smoker")


_WITHOUT: tuple[_Without, ...] = (
    _Without(r"(?:any\s+|red\s+)?meat(?:\s+(?:and|or)\s+fish)?", "dietary_restriction",
             "vegetarian", ("vegetarian", "vegan", "pescatarian", "plant-based")),
    _Without(r"(?:all\s+|any\s+)?animal\s+products", "dietary_restriction", "vegan",
             ("vegan", "plant-based")),
    _Without(r"(?:any\s+)?dairy", "dietary_restriction", "dairy-free", ("dairy-free",)),
    _Without(r"(?:any\s+)?gluten", "dietary_restriction", "gluten-free", ("gluten-free",)),
    _Without(r"(?:any\s+)?(?:alcohol|booze)", "dietary_restriction", "no alcohol",
             ("no alcohol", "teetotal")),
    _Without(r"(?:a\s+single\s+|a\s+|any\s+|the\s+)?(?:cigarettes?|cigs?|smokes?|smoking|tobacco|fags?"
             r"|nicotine)(?!\s+(?:break|alarm|detector|machine|bomb|screen|signal|shop))",
             "smoking_status", "non-smoker", (), "smoker"),
)

#: Pastimes: the lexicon's, the gerunds of pastimes done, and the arts people name by medium.
_PASTIMES = frozenset(
    {a for a in lx.ACTIVITIES if not a.startswith("the ")}
    | set(lx.PASTIME_DONE.values())
    | {"watercolour", "watercolours", "watercolor", "watercolors", "oil painting",
       "life drawing", "rowing", "bouldering", "climbing", "running", "swimming", "choir",
       "ceramics", "pottery", "knitting", "crochet", "spinning", "rock climbing", "kayaking",
       "orienteering", "woodworking", "quilting", "embroidery", "birdwatching", "karaoke"})
#: Pastimes whose bare name is also watched or said of other things ("football tonight",
#: "running late"): only with a place they are done at ("running club").
_AMBIGUOUS = frozenset({"football", "soccer", "basketball", "baseball", "rugby", "cricket",
                        "hockey", "ice hockey", "tennis", "golf", "volleyball", "bridge",
                        "pool", "bass", "darts", "running", "boxing", "sewing", "fishing",
                        "snooker", "baking", "skating", "handball", "lacrosse", "softball",
                        "netball", "swimming", "cycling", "climbing", "dancing", "singing",
                        "drawing", "painting", "bowling"})
_VENUE = (r"(?:club|gym|class|classes|lessons?|group|team|studio|wall|league|course|sessions?"
          r"|practice|training|night|squad|crew)")
_PASTIME = r"(?P<act>" + lx.alt(tuple(_PASTIMES)) + r")"
_PLACE = _PASTIME + r"(?:\s+(?P<venue>" + _VENUE + r"))?"
_THE = r"(?:(?:the|a|an|my|our|this|that)\s+)?(?:(?:local|new|old|weekly|evening|beginners'?)\s+)?"

_NUMBER = (r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
           r"|\w+teen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s]\w+)?"
           r"|a\s+few|a\s+couple\s+of|several)")
_UNITS = r"(?:days?|weeks?|months?|years?)"
_NO = r"(?:without|off|with\s+no|free\s+of|clear\s+of|of\s+no)"

#: Going without, by the span counted: "Two months in without meat", "six weeks off meat".
_SPAN_WITHOUT = (r"(?P<span>(?:(?:about|almost|nearly|over|just\s+over)\s+)?" + _NUMBER + r"\s+"
                 + r"(?:and\s+a\s+half\s+)?" + _UNITS + r")(?:\s+(?:in|now|today|and\s+counting|straight))*,?\s+" + _NO
                 + r"\s+")
#: ... by the day numbered: "Day twenty-two without a cigarette".
_DAY_WITHOUT = r"\bday\s+(?P<day>" + _NUMBER + r")\s+" + _NO + r"\s+"
#: ... by the stopping: "I stopped eating meat", "gave up the cigarettes".
_STOPPED = (r"\b(?:stopped|quit|quitted|gave\s+up|given\s+up|cut\s+out|packed\s+in|kicked"
            r"|ditched)\s+(?:eating\s+|drinking\s+|having\s+|on\s+)?")
#: Going back: "back on cigarettes", "went back to eating meat", "eating meat again".
_BACK = r"\bback\s+(?:to|on)\s+(?:eating\s+|drinking\s+|smoking\s+|having\s+)?(?:the\s+)?"
_AGAIN_VERB = r"\b(?:eating|having|smoking|drinking|eat|have|smoke|drink)\s+"
#: ... told as what one has done since: "we've been eating meat since Christmas Day", "I
#: started smoking again in March".
_BEEN_TAKING = (r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:been|started|begun)\s+(?:eating|smoking"
                r"|drinking|having)\s+")
_STILL_ON = r"\bstill\s+(?:on\s+|smoking\s+)(?:the\s+)?"
_SPAN = (r"(?:(?:about|almost|nearly|over|just\s+over)\s+)?" + _NUMBER + r"\s+" + _UNITS)
#: ... counted from the last one: "Three weeks today since my last cigarette".
_SINCE_LAST = (r"(?P<span>" + _SPAN + r")(?:\s+(?:today|now|already))?\s+since\s+(?:i\s+had\s+)?"
               r"my\s+(?:very\s+)?last\s+")
#: ... told as a negated perfect: "I haven't had a single cigarette since Easter".
_NOT_SINCE = (r"\b(?:haven't|have\s+not|hasn't|not)\s+(?:once\s+)?(?:had|touched|eaten|smoked"
              r"|drunk)\s+(?:a\s+single\s+|a\s+|any\s+|one\s+|so\s+much\s+as\s+a\s+)?")
_NOT_SMOKED_SINCE = r"\b(?:haven't|have\s+not|not)\s+(?:once\s+)?smoked\s+(?=since\b)"
#: A count a day where cigarettes are spoken of: "I'm still on about ten a day".
_PER_DAY = (r"\b(?:i'm|i\s+am|i've\s+been|back\s+to|still\s+on|down\s+to|up\s+to|at)\s+"
            r"(?:about\s+|around\s+|maybe\s+|roughly\s+|like\s+)?" + _NUMBER + r"\s+a\s+day\b")
_SMOKING_WORD = re.compile(r"\b(?:smok\w*|cigarettes?|cigs?|fags?|tobacco|nicotine)\b", _I)
#: The habit before it stopped: "I stopped on New Year's Day after twelve years of twenty a day".
_YEARS_OF = re.compile(r"\bafter\s+(?P<span>" + _SPAN + r")\s+of\s+(?:smoking|" + _NUMBER
                       + r"\s+a\s+day|a\s+pack\s+a\s+day|cigarettes)\b", _I)
_DIET = lx.alt(tuple(lx.DIETS))
#: A diet counted: "Day five of keto", "three weeks into being vegan".
_DAY_OF = r"\bday\s+(?P<day>" + _NUMBER + r")\s+(?:of|on|into)\s+(?:the\s+|my\s+|being\s+)?"
_SPAN_INTO = r"(?P<span>" + _SPAN + r")\s+(?:in|into)\s+(?:the\s+|my\s+|being\s+)?"
#: A diet's end told as what it did not outlast: "the keto thing didn't survive July".
_NOT_OUTLAST = (r"(?:\s+(?:thing|phase|diet|experiment|kick|streak))?\s+(?:didn't|did\s+not"
                r"|never)\s+(?:survive|last|outlast|make\s+it\s+(?:past|through|to|beyond))\s+")

#: ... or told as over: "the vegan thing ended at Easter", "the keto phase is over".
_ENDED = (r"\s+(?:thing|phase|diet|experiment|kick|streak)\s+(?:ended|is\s+over|was\s+over|stopped"
          r"|finished|is\s+finished|was\s+finished|died|fizzled\s+out)\b")

#: Taking up or keeping a pastime.
_TAKEN_UP = (r"\b(?:(?:been|started|start|kept|keep)\s+(?:going\s+to|doing|taking|attending"
             r"|playing)|joined|signed\s+up\s+(?:for|to|with)|took\s+up|taken\s+up|picked\s+up"
             r"|got\s+into|gotten\s+into)\s+" + _THE)
#: A group the user has or belongs to: "I miss my skating crew", "I have a skating group".
_BELONG = (r"\b(?:(?:i|we)\s+(?:have|'ve\s+got|have\s+got|found|joined)\s+(?:a|an|my|our)"
           r"|(?<!\bold\s)(?<!\bformer\s)(?:my|our))\s+(?=(?:[\w-]+\s+){0,2}" + _VENUE + r"\b)"
           r"(?:(?:new|local|lovely|weekly|roller|inline)\s+)?")
_STILL = r"\bstill\s+(?:doing\s+|going\s+to\s+|playing\s+|at\s+)?" + _THE
#: A diary entry of the user's day: "Rowing club at 5am again this morning", "Then
#: watercolour in the afternoon", "Chess club tonight".
_DIARY_TAIL = (r"(?=\s+(?:again\s+)?(?:at\s+\d+(?:[:.]\d\d)?\s*(?:am|pm|h)?"
               r"|this\s+(?:morning|afternoon|evening)|in\s+the\s+"
               r"(?:morning|afternoon|evening)|tonight|again|before\s+work|after\s+work"
               r"|every\s+\w+day|on\s+\w+days)(?!\w))")
_DIARY_HEAD = r"^\W*(?:(?:then|and\s+then|and|more|plus|also)\s+)?"
_LOVED = (r"(?=[^.;]{0,60}?,?\s*(?:which|that|it)\s+(?:is|'s)\s+(?:honestly\s+|still\s+)?my\s+"
          r"(?:actual\s+|real\s+|absolute\s+|total\s+)?(?:happy\s+place|favourite\s+thing"
          r"|favorite\s+thing|escape|therapy|sanity|passion|joy)\b)")
#: Stopping a pastime: "I've also quit the rowing club", "stopped going to the climbing gym".
_DROPPED = (r"\b(?:quit|left|stopped\s+going\s+to|stopped\s+doing|stopped\s+playing|stopped"
            r"|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|dropped\s+out\s+of|dropped|packed\s+in"
            r"|ditched|cancelled\s+my\s+membership\s+(?:at|of|to|with))\s+" + _THE)

#: A pastime told by its verb in the habitual present, with how often or with whom, and no
#: object ("I run with the Kololo hash club every Saturday"; not "I run the payroll ...").
_HABIT_VERBS = {"run": "running", "swim": "swimming", "climb": "climbing", "row": "rowing",
                "cycle": "cycling", "paint": "painting", "dance": "dancing", "sing": "singing",
                "hike": "hiking", "surf": "surfing", "sail": "sailing", "knit": "knitting",
                "skate": "skating", "ski": "skiing", "boulder": "bouldering", "jog": "jogging",
                "kayak": "kayaking", "sketch": "sketching", "bake": "baking"}
_HABIT = (r"\b(?:i|we)\s+(?:(?:usually|still|also|now|regularly|normally|mostly|always)\s+)?"
          r"(?P<verb>" + "|".join(_HABIT_VERBS) + r")\s+(?=(?:with|at|in|on|along|around|before"
          r"|after|every|most|twice|once|three|four|whenever)\b[^.;]{0,50}?\b(?:every\s+\w+"
          r"|on\s+\w+days|(?:twice|once|three\s+times|four\s+times)\s+a\s+week|most\s+(?:mornings"
          r"|evenings|days|weekends|nights)|with\s+(?:the|a|my|our)\s+[^.;,]{0,30}?\b(?:club|group"
          r"|team|crew|choir|squad)))")
#: A pastime being learnt: "I've started learning the adungu", "learning to play the oud".
_LEARNING = (r"\b(?:started|start|been|began|am|i'm|we're)\s+(?:learning|taking\s+lessons\s+in"
             r"|having\s+lessons\s+(?:in|on))\s+(?:to\s+play\s+)?the\s+(?P<x>[a-z][a-z-]{2,20})\b")
_NOT_LEARNT = frozenset({"ropes", "basics", "job", "system", "language", "lingo", "process",
                         "codebase", "trade", "names", "way", "hard", "rules", "routine",
                         "area", "city", "layout", "software", "tools", "stack"})

_THIRD_PARTY = re.compile(r"\b(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?(?:" + RELATIONS
                          + r")s?\b", _I)
_USER_NAMED = re.compile(r"\b(?:i|i'm|i've|i'd|we|we're|we've|me|myself|us)\b", _I)
#: A wish or plan before the thing: "I'll sign up for the pottery class".
_UNREAL = re.compile(r"\b(?:will|'ll|shall|gonna|going\s+to\s+(?!the\b)|plan\w*|want\w*|hop\w+"
                     r"|try(?:ing)?\s+to|need\s+to|might|could|should|would|'d|maybe|thinking"
                     r"|considering|tempted|ha(?:ve|s)\s+to|must|supposed\s+to|told\s+me\s+to"
                     r"|how\s+to|help\s+me|when\s+i\s+was|back\s+when"
                     r"|as\s+a\s+(?:kid|child|teen\w*)"
                     r"|in\s+my\s+(?:teens|twenties|thirties))\b", _I)
#: After an ambiguous pastime, words that make it something else: "still running late",
#: "swimming in paperwork", "stopped painting the house".
_NOT_PASTIME_AFTER = re.compile(r"\s+(?:late|in\b|into|out|around|after|behind|over|through"
                                r"|away|low|high|a\b|an\b|the\b|my\b|our\b|his\b|her\b|their\b"
                                r"|this\b|that\b|errands|things|on\s+empty)", _I)
#: Learning a pastime is told with its lessons: "learning the adungu with a teacher".
_LESSONS = re.compile(r"[^.;]{0,40}?\b(?:teacher|lessons?|tutor|class|classes|course|on\s+\w+days"
                      r"|every\s+\w+|online|on\s+youtube)\b", _I)
_SEGMENT = re.compile(r"[,;:.!?()]|\s[-\u2013\u2014]\s")


@dataclass(frozen=True)
class _Reading:
    predicate: str
    value: str
    op: str
    pos: int
    span: str = ""  # the span counted back to the start ("two months")
    day: str = ""  # the day numbered ("twenty-two")
    time_at: int = -1  # where the time of the change is told, when apart from the cue
    before: str = ""  # the span the opposite state lasted before ("twelve years")


def status_changes(text: str, found: list[Claim], at: datetime, base: tuple[str, int, str], *,
                   question: bool) -> list[Claim]:
    """The status changes sentence `text` tells (see the module doc), beside `found`, the
    claims read from it already: a predicate those claims decide is left to them."""
    if question:
        return []
    have = {(c.predicate, c.object.casefold()) for c in found}
    single = {c.predicate for c in found if c.predicate == "smoking_status"}
    out: list[Claim] = []
    for r in _readings(text):
        if (r.predicate, r.value.casefold()) in have or r.predicate in single:
            continue
        if any(p == r.predicate and _overlap(v, r.value.casefold()) for p, v in have):
            continue  # "I took up baking bread": the rules' "baking bread" says it better
        if not _own(text, r.pos):
            continue
        when = _when(text, r, at)
        if when is None:
            continue
        have.add((r.predicate, r.value.casefold()))
        session_id, turn, evidence = base
        taking_from = span_before(r.before, when) if r.before else None
        if taking_from is not None:  # the habit before it stopped, then the stop
            out.append(Claim(predicate=r.predicate, object="smoker", valid_from=taking_from,
                             source="stated", confidence=0.7, session_id=session_id,
                             turn=turn, evidence=evidence))
        out.append(Claim(predicate=r.predicate, object=r.value, op=r.op,  # type: ignore[arg-type]
                         modality="ended" if r.op == "retract" else "asserted",
                         valid_from=when, source="stated", confidence=0.8,
                         session_id=session_id, turn=turn, evidence=evidence))
    return out


#: A stop the user sets a day for: "from Monday the 12th I stop", "I'm giving up the smokes
#: on my 40th, which is Sunday the 26th of October", "my quit date is the 1st".
_STOP_AHEAD = re.compile(
    r"\b(?:(?:i'm|i\s+am)\s+(?:quitting|stopping|giving\s+up|packing\s+in)"
    r"|(?:i'll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to|i'm\s+gonna)\s+(?:quit|stop|give\s+up)"
    r"|(?<!\bif\s)\bi\s+(?:quit|stop|give\s+up)(?=\s*(?:[.!;,]|$|for\s+good|smoking|the\s+|then\b))"
    r"|\bmy\s+quit\s+(?:date|day)\s+is)\b", _I)
#: ... of smoking: the object said, or nothing said in a sentence about it.
_STOP_OBJECT = re.compile(r"^\s*(?:smoking|the\s+(?:smokes|cigarettes|cigs|fags)|cigarettes|cigs"
                          r"|fags|tobacco|for\s+good|[.!;,]|$|on\b|from\b|then\b)", _I)


def planned_stops(text: str, at: datetime, base: tuple[str, int, str], *,
                  question: bool, turn_text: str = "") -> list[Claim]:
    """A stop of smoking the user sets a day for: `planned` non-smoker from that day (it
    supersedes the smoker only then). No day, someone else's stop, a question or a
    condition plans nothing. The smoking may be told in the sentence before, in the same
    turn ("I'm a smoker, a pack a day. So: I'm stopping on Monday the 1st of June")."""
    if question or not (_SMOKING_WORD.search(text) or _SMOKING_WORD.search(
            sentence_before(turn_text, text))):
        return []
    for m in _STOP_AHEAD.finditer(text):
        if not _STOP_OBJECT.match(text[m.end():]) and not text[m.start():m.end()].lower(
                ).startswith("my"):
            continue
        mood = mood_at(text, m.start(), question=False)
        if mood.subject != "user" or mood.modality in ("question", "hypothetical", "negated"):
            continue
        when = future_in(text, at)
        if when is None or when <= at:
            continue
        session_id, turn, evidence = base
        # One stops what one does: a smoker until that day.
        return [Claim(predicate="smoking_status", object="smoker", valid_from=at,
                      source="inferred", confidence=0.7, session_id=session_id, turn=turn,
                      evidence=evidence),
                Claim(predicate="smoking_status", object="non-smoker", modality="planned",
                      valid_from=when, source="stated", confidence=0.75,
                      session_id=session_id, turn=turn, evidence=evidence)]
    return []


def _overlap(a: str, b: str) -> bool:
    """One value names the other ("baking bread", "baking"; "rowing club", "rowing")."""
    return bool(a) and bool(b) and (f" {b} " in f" {a} " or f" {a} " in f" {b} ")


def _readings(text: str) -> list[_Reading]:
    out: list[_Reading] = []
    for thing in _WITHOUT:
        t = r"(?:" + thing.pattern + r")\b"
        for m in re.finditer(_SPAN_WITHOUT + t, text, _I):
            out.append(_Reading(thing.predicate, thing.held, "assert", m.start(),
                                span=m.group("span")))
        for m in re.finditer(_DAY_WITHOUT + t, text, _I):
            out.append(_Reading(thing.predicate, thing.held, "assert", m.start(),
                                day=m.group("day")))
        for m in re.finditer(_SINCE_LAST + t, text, _I):
            out.append(_Reading(thing.predicate, thing.held, "assert", m.start(),
                                span=m.group("span")))
        for rx in (_NOT_SINCE + t + r"\s+(?=since\b)",
                   *((_NOT_SMOKED_SINCE,) if thing.taking else ())):
            for m in re.finditer(rx, text, _I):
                out.append(_Reading(thing.predicate, thing.held, "assert", m.start(),
                                    time_at=m.end()))
        for m in re.finditer(_STOPPED + t, text, _I):
            out.append(_Reading(thing.predicate, thing.held, "assert", m.start()))
        back = [m.start() for rx in (_BACK + t, _AGAIN_VERB + t + r"\s+again\b",
                                     _BEEN_TAKING + t + r"\s+(?:again|since|from)\b")
                for m in re.finditer(rx, text, _I)]
        if thing.taking:
            back += [m.start() for m in re.finditer(_STILL_ON + t, text, _I)]
        if thing.taking and _SMOKING_WORD.search(text):
            back += [m.start() for m in re.finditer(_PER_DAY, text, _I)]
        for pos in sorted(back)[:1]:
            if thing.taking:
                out.append(_Reading(thing.predicate, thing.taking, "assert", pos))
            out.extend(_Reading(thing.predicate, v, "retract", pos) for v in thing.taken)
    out = _with_years_of(text, out)
    for m in re.finditer(r"(?:" + _DAY_OF + r"|" + _SPAN_INTO + r")(?P<diet>" + _DIET
                         + r")(?:\s+diet)?\b(?!\s+(?:festival|fair|market|restaurant|cafe|caf\u00e9"
                         r"|cookbook|place|party|event|food\s+truck))", text, _I):
        day, span = m.group("day") or "", m.group("span") or ""
        out.append(_Reading("dietary_restriction", lx.DIETS[m.group("diet").lower()], "assert",
                            m.start(), span=span, day=day))
    for m in re.finditer(r"\b(?P<diet>" + _DIET + r")" + _ENDED, text, _I):
        out.append(_Reading("dietary_restriction", lx.DIETS[m.group("diet").lower()],
                            "retract", m.start(), time_at=m.end()))
    for m in re.finditer(r"\b(?P<diet>" + _DIET + r")" + _NOT_OUTLAST, text, _I):
        out.append(_Reading("dietary_restriction", lx.DIETS[m.group("diet").lower()],
                            "retract", m.start(), time_at=m.end()))
    for rx, op in ((_TAKEN_UP + _PLACE, "assert"), (_BELONG + _PLACE, "assert"),
                   (_STILL + _PLACE, "assert"),
                   (_DIARY_HEAD + _PLACE + _DIARY_TAIL, "assert"), (_PLACE + _LOVED, "assert"),
                   (_DROPPED + _PLACE, "retract")):
        for m in re.finditer(rx + r"\b", text, _I):
            act, venue = m.group("act").lower(), m.group("venue")
            if not venue and (rx.startswith(_BELONG) or act in _AMBIGUOUS and (
                    not _done(rx, m) or _NOT_PASTIME_AFTER.match(text, m.end()))):
                continue
            if venue and venue.lower() == "team" and act in _AMBIGUOUS:
                continue  # "my football team lost again": a fan's, not a pastime
            out.append(_Reading("hobby", _pastime(act), op, m.start()))
    for m in re.finditer(_HABIT, text, _I):
        out.append(_Reading("hobby", _HABIT_VERBS[m.group("verb").lower()], "assert", m.start()))
    for m in re.finditer(_LEARNING, text, _I):
        x = m.group("x").lower()
        if x not in _NOT_LEARNT and (x in _PASTIMES or "to play" in m.group(0).lower()
                                     or _LESSONS.match(text, m.end())):
            out.append(_Reading("hobby", x, "assert", m.start()))
    return out


def _with_years_of(text: str, out: list[_Reading]) -> list[_Reading]:
    """A smoker who stopped "after twelve years of twenty a day" smoked for those years."""
    years = _YEARS_OF.search(text)
    if years is None:
        return out
    return [r if r.predicate != "smoking_status" or r.value != "non-smoker" else _Reading(
        r.predicate, r.value, r.op, r.pos, r.span, r.day, r.time_at, years.group("span"))
        for r in out]


def _done(rx: str, m: re.Match[str]) -> bool:
    """An ambiguous pastime read without a place is still one when the cue says it is done:
    "still painting", "started climbing" (not "football tonight", "running late")."""
    cue = m.group(0)[:m.start("act") - m.start()].lower()
    if rx.startswith(_DROPPED):  # "I've stopped running for good"; not "left running"
        return not cue.strip().startswith("left")
    return rx.startswith(_STILL) and cue.strip() == "still" or bool(
        re.search(r"\b(?:doing|playing|took\s+up|taken\s+up|picked\s+up|got\s+into|started)\s+"
                  r"(?:\w+\s+)?$", cue))


def _pastime(act: str) -> str:
    act = " ".join(act.split())
    return {"watercolours": "watercolour", "watercolors": "watercolor"}.get(act, act)


def _own(text: str, pos: int) -> bool:
    """The user's own asserted statement: by its clause's mood, and a fragment without a
    subject of its own is not after someone else named ("So proud of my brother: ...")."""
    mood = mood_at(text, pos, question=False)
    if mood.subject != "user" or mood.modality not in ("asserted",):
        return False
    start = _segment_start(text, pos)
    lead = text[start:pos]
    if _UNREAL.search(lead) or (_THIRD_PARTY.search(lead) and not _USER_NAMED.search(lead)):
        return False  # "Honestly my flatmate is six weeks without smoking"
    before = text[:start]
    if before and not _USER_NAMED.search(text[start:pos]):
        last = _SEGMENT.split(before.rstrip(" ,;:-"))[-1] if before.strip(" ,;:-") else ""
        if _THIRD_PARTY.search(last) and not _USER_NAMED.search(last):
            return False
    return True


def _segment_start(text: str, pos: int) -> int:
    start = 0
    for m in _SEGMENT.finditer(text):
        if m.end() <= pos:
            start = m.end()
        else:
            break
    return start


def _when(text: str, r: _Reading, at: datetime) -> datetime | None:
    """When the change happened: the span counted back, the day numbered, or the time its
    segment of the sentence names; None for a time still to come (a plan, not a change)."""
    day0 = at.replace(hour=0, minute=0, second=0, microsecond=0)
    if r.span:  # "one day without meat" is a habit of the week, not a change of status
        start = span_before(r.span, at) or day0
        return start if r.op == "retract" or at - start >= timedelta(days=_LEAST_SPAN) else None
    if r.day:  # day one is today
        n = _count(r.day)
        return day0 - timedelta(days=n - 1) if n else day0
    if r.time_at >= 0:
        rest = text[r.time_at:r.time_at + 40]  # "since Easter", "survive July"
        told = resolve_in(rest, at) or resolve_in(f"in {rest}", at)
        if told is None and _LIFE_STAGE.match(rest):
            return at  # "I haven't eaten meat since uni": long held, from before we knew
        if told is None or told > at:
            return None
        # "haven't had a cigarette since lunch" is a craving, not a change of status
        return told if r.op == "retract" or at - told >= timedelta(days=_LEAST_DAYS) else None
    start = _segment_start(text, r.pos)
    nxt = _SEGMENT.search(text, r.pos)
    segment = text[start:nxt.start() if nxt else len(text)]
    if has_future(segment):
        return None
    when = resolve_in(segment, at)
    if when is None:
        return at
    return when if when <= at else None


#: A time of life a since-clause may name instead of a date.
_LIFE_STAGE = re.compile(r"since\s+(?:(?:i\s+was\s+)?(?:at\s+)?(?:uni|university|college|school"
                         r"|a\s+kid|a\s+child|a\s+teenager|little|young|\w+teen)|childhood"
                         r"|my\s+teens"
                         r"|my\s+twenties|forever|birth)\b", _I)
#: The shortest span counted that is a change of status ("three days without a cigarette").
_LEAST_SPAN = 3
#: The shortest abstinence told by a date ("since Easter") that is a change of status.
_LEAST_DAYS = 7

_UNITS_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}


def _count(words: str) -> int:
    """A day's number in digits or words ("22", "twenty-two")."""
    words = words.lower().strip()
    if words.isdigit():
        return int(words)
    total = 0
    for w in re.split(r"[-\s]+", words):
        total += _TENS.get(w, _UNITS_WORDS.get(w, 0))
    return total
