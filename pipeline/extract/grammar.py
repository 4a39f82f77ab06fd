"""The shape of a rule and the grammar macros rule patterns are written in.

A rule is data: a predicate, a few trigger patterns written with macros (`<BE>` for "I'm /
I am / we're / I've been" with adverbs and an optional negation, `<DO>` for "I / we" + a
verb, `<OBJ>` for the captured object), what a negation means, a confidence and an object
normaliser. Named groups are predicates ("employer", "job_title"), so one pattern may yield
several claims; `obj` is the rule's own predicate; `neg` marks a negation; `x_*` groups are
context for normalisers only.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import ahocorasick

_ADVERBS = (
    r"still|now|currently|also|actually|really|just|recently|finally|officially|definitely"
    r"|already|only|even|both|all|mostly|happily|newly|technically|basically|presently"
    r"|fortunately|unfortunately|sadly|luckily|obviously|honestly|seriously|literally|probably"
    r"|maybe|possibly|perhaps|kind of|sort of|kinda|sorta|apparently|totally|completely"
    r"|absolutely|truly|genuinely|usually|generally|normally|mainly|primarily|proudly"
    r"|permanently|temporarily|strictly|fully|pretty much|very|quite|pretty|so|super|always"
    r"|originally|officially|legally|currently|once again|again|happily|gladly|thankfully"
)
#: Any other adverb of manner or degree by its form: a lower-case word in -ly ("properly",
#: "strictly", "severely"), but not the -ly words that are no adverbs here ("family",
#: "early", "lonely", "July", names typed in lower case), nor those that take the statement
#: back ("nearly moved", "supposedly vegan", "hopefully a nurse by June").
LY_ADVERB = (r"(?-i:(?!(?:family|early|friendly|lonely|lovely|ugly|silly|holy|jolly|belly|jelly"
             r"|bully|rally|ally|reply|supply|apply|italy|july|lily|molly|holly|sally|kelly|emily"
             r"|billy|polly|dolly|shelly|elderly|curly|chilly|hilly|likely|unlikely|fly|assembly"
             r"|anomaly|monopoly|daily|weekly|monthly|yearly|nightly|hourly|only|nearly|hardly"
             r"|barely|scarcely|supposedly|allegedly|reportedly|hopefully|ideally|potentially"
             r"|theoretically|hypothetically|jokingly|seemingly|formerly|previously|briefly"
             r"|initially|originally|eventually|nominally|partly|partially)\b)[a-z]{2,}ly)")
ADV = rf"(?:(?:{_ADVERBS}|{LY_ADVERB})\s+)*"

#: Where an object that is a closed-class word ends ("vegetarian", "married", "deaf").
END = (r"(?=\s*$|\s*[,;.!?)]|\s+(?:now|too|as\s+well|anymore|any\s+more|any\s+longer|again"
       r"|at\s+home|these\s+days|since|for|and|but|so|because|though|although|myself|btw|lol|haha"
       r"|by\s+the\s+way|actually|right\s+now|at\s+the\s+moment|currently|yet|either|already"
       r"|in|last|this|back|with|to|after|before|recently|officially|finally|ago|nowadays"
       r"|full[- ]time|part[- ]time|then|i|which|who|if|when|unless|or|though|myself|anyway"
       r"|\d+|a\s+few|several|one|two|three|four|five|six|seven|eight|nine|ten|mostly|mainly"
       # a date after "on": "I went vegan on the first", "... on Monday"
       r"|on\s+(?:the\s+)?(?:\d+(?:st|nd|rd|th)?|first|second|third|fourth|fifth|sixth|seventh"
       r"|eighth|ninth|tenth|(?:new\s+year'?s?|christmas|boxing)\s+day|(?:mon|tues|wednes|thurs"
       r"|fri|satur|sun)day))\b)")

#: A stricter end for words that also start phrases ("liberal with the salt").
END_STRICT = (r"(?=\s*$|\s*[,;.!?)]|\s+(?:now|too|as\s+well|anymore|any\s+more|again|these\s+days"
              r"|and|but|so|because|though|although|myself|btw|lol|by\s+the\s+way|actually"
              r"|since|ago|anyway|now|either|i|which|if|or)\b)")

MACROS: dict[str, str] = {
    "<BE>": (r"\b(?:i'm|im|i\s+am|we're|we\s+are|i\s+are|i(?:'ve|\s+have)\s+been|we(?:'ve"
             r"|\s+have)\s+been)\s+" + ADV + r"(?P<neg>(?:not|no\s+longer|never)\s+)?" + ADV),
    "<DO>": (r"\b(?:i|we)\s+" + ADV + r"(?P<neg>(?:don't|do\s+not|dont|didn't|did\s+not"
             r"|no\s+longer|never|can't|cannot|can\s+not|won't|used\s+to)\s+)?" + ADV),
    "<HAVE>": r"\b(?:i|we)(?:'ve|\s+have)(?P<neg>n't|\s+not|\s+never)?\s+" + ADV,
    "<PAST>": r"\b(?:i|we)(?:'ve|\s+have|\s+had|'d)?\s+" + ADV,
    "<MY>": r"\b(?:my|our)\s+",
    "<OBJ>": r"(?P<obj>.+)",
    "<END>": END,
}


@dataclass(frozen=True)
class Action:
    """What a match does: assert or retract, optionally another predicate or a fixed value
    (a template where "{}" is the object)."""

    op: str
    predicate: str | None = None
    value: str | None = None

    @classmethod
    def parse(cls, spec: str) -> Action:
        """'assert', 'retract', 'skip', 'assert:dislikes', 'assert:smoking_status=non-smoker'."""
        op, _, rest = spec.partition(":")
        predicate, _, value = rest.partition("=")
        return cls(op=op, predicate=predicate or None, value=value or None)


@dataclass(frozen=True)
class Rule:
    """One predicate's way of being said: trigger patterns plus what they mean."""

    name: str
    predicate: str
    patterns: tuple[str, ...]
    #: Lower-case substrings; the rule runs only on clauses containing one (a cheap gate).
    keys: tuple[str, ...]
    #: Normaliser for the `obj` group (default: the predicate's, see objects.PREDICATE_KIND).
    kind: str | None = None
    #: A fixed object ("smoker"); the captured words then only trigger.
    value: str | None = None
    op: str = "assert"
    #: What a negation means ("I don't live in X" retracts X).
    on_neg: str = "retract"
    #: What a cessation means ("not ... anymore", "no longer", "used to"); default on_neg.
    on_stop: str | None = None
    confidence: float = 0.92
    #: Object template ("moving to {}").
    template: str = "{}"
    #: The object must look like a proper noun (capitalised), unless typed in lower case.
    proper: bool = False
    #: "clause" (default) or "sentence": what text the patterns run on.
    scope: str = "clause"
    #: Rules about plans may mention the future; others are skipped for future clauses.
    future_ok: bool = False
    #: A regex that must also match the text (e.g. a residence verb for a district).
    requires: str | None = None
    #: A regex that must not match the sentence (e.g. a trip for "I'm in Rome now").
    unless: str | None = None
    #: Allowed in a question ("Could you answer in German?" is a request).
    in_question: bool = False
    compiled: tuple[re.Pattern[str], ...] = field(init=False, repr=False, compare=False)
    requires_rx: re.Pattern[str] | None = field(init=False, repr=False, compare=False)
    unless_rx: re.Pattern[str] | None = field(init=False, repr=False, compare=False)
    keys_rx: re.Pattern[str] = field(init=False, repr=False, compare=False)
    actions: dict[str, Action] = field(init=False, repr=False, compare=False)

    def triggered(self, lowered: str) -> bool:
        """True when the lower-cased text holds one of the rule's keys (the cheap gate)."""
        return any(k in lowered for k in self.keys)

    def __post_init__(self) -> None:
        object.__setattr__(self, "compiled", tuple(compile_pattern(p) for p in self.patterns))
        object.__setattr__(self, "keys", tuple(k.lower() for k in self.keys))
        object.__setattr__(self, "keys_rx", re.compile(
            "|".join(re.escape(k) for k in sorted(self.keys, key=len, reverse=True)),
            re.IGNORECASE))
        object.__setattr__(self, "requires_rx",
                           re.compile(self.requires, re.IGNORECASE) if self.requires else None)
        object.__setattr__(self, "unless_rx",
                           re.compile(self.unless, re.IGNORECASE) if self.unless else None)
        object.__setattr__(self, "actions", {
            "pos": Action.parse(self.op), "neg": Action.parse(self.on_neg),
            "stop": Action.parse(self.on_stop or self.on_neg)})


class TriggerIndex:
    """Every rule's cheap gate (`Rule.triggered`) for one text in a single pass.

    Checking each of ~70 rules' ~700 keys one by one was most of the rule extractor's time;
    here an Aho-Corasick automaton (pyahocorasick, in C) finds every key in the text in one
    walk, and a rule fires when one of its keys was seen. Same answer as `Rule.triggered`."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        keys = sorted({k for r in rules for k in r.keys})
        bit = {k: i for i, k in enumerate(keys)}
        self._automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        for key in keys:
            self._automaton.add_word(key, bit[key])
        if keys:  # an empty automaton cannot be built (nor searched)
            self._automaton.make_automaton()
        # Each rule's keys as a bit mask over `keys`: a rule fires when its mask meets the
        # mask of the keys seen.
        self._masks = [sum(1 << bit[k] for k in set(r.keys)) for r in rules]

    def triggered(self, lowered: str) -> list[bool]:
        """For each rule, in order: does the lower-cased text hold one of its keys?"""
        seen = 0
        if not self._masks or not lowered or self._automaton.kind != ahocorasick.AHOCORASICK:
            return [False] * len(self._masks)
        for _end, i in self._automaton.iter(lowered):
            seen |= 1 << i
        return [bool(mask & seen) for mask in self._masks]


def expand(pattern: str) -> str:
    """The pattern with its macros written out."""
    for token, body in MACROS.items():
        pattern = pattern.replace(token, body)
    return pattern


def compile_pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(expand(pattern), re.IGNORECASE)
