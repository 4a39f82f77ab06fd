"""An employer read off the tree: an organisation the user's work stands at.

People name where they work inside a sentence about something else, and in shapes no phrase
list holds: "Our team at Vesilinja got a new boss", "I walked into my boss's office at
Tupinambá Metalúrgica", "I'm the producer of the morning news show at Radio Chimú", "I do
operations at Kilele Expeditions", "I drive one of the cranes at the port for Coral Sea
Stevedoring". What they share is a capitalised name (passing_work.org_at: not a place of
note, a part of town or a language) after "at", "for" or "with", and, up the noun phrase it
hangs from, one of three anchors of the user's work:

- a work noun the user owns: "my/our team, boss, office, shift, desk, colleagues" (through
  a chain of owners: "my boss's office"); a past or wished one ("my old team", "my dream
  job") is no anchor;
- a title the user says they are: "I'm a/the <occupation> ... at X", present tense;
- a work verb of the user's own, present: "I drive/do/run/manage ... at/for X", where "do"
  needs a field of work ("operations", "the accounts"): "I do yoga at X" is no job.

The governing clause must not be negated, modal, conditional or wished (parse_work's check;
its tense does not matter for an owned work noun: what happened to "our team" last week is
still told of where the user works), and the clause's mood (mentions.own) must agree.
A client or supplier ("we do a lot of work for X, our biggest client") is left to the phrase
readers, which refuse it; a charity, a shop or a team one supports has none of these
anchors. Part of parse.py's pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pipeline.extract import lexicon as lx
from pipeline.extract.mentions import Found
from pipeline.extract.mood import mood_at
from pipeline.extract.parse_clause import asserted_now, is_user, subject_of
from pipeline.extract.parse_work import clause_holds, own_sentence
from pipeline.extract.passing_work import org_at

Token = Any  # a spaCy Token
Doc = Any

#: Confidence of an employer found through one of the anchors.
CONFIDENCE = 0.75

#: Nouns of the user's own work that an organisation can be "at": "my team at X".
WORK_NOUNS = frozenset("""
team boss manager supervisor office desk shift shifts colleague colleagues coworker coworkers
co-worker co-workers department unit crew lab workshop job role position post contract
internship placement rota payslip badge squad ward depot warehouse studio kitchen
""".split())
#: People of the user's work who own a work noun: "my boss's office".
_WORK_PEOPLE = frozenset({"boss", "manager", "supervisor", "team", "colleague", "coworker",
                          "department", "unit", "crew"})
#: Owned work nouns that are not now: "my old team at X", "my dream job at X".
_NOT_NOW = frozenset({"old", "former", "previous", "last", "first", "dream", "next", "future",
                      "ideal", "summer", "weekend", "side", "temporary", "holiday", "ex"})
#: Verbs that are doing a job when the user does them at or for an organisation.
_WORK_VERBS = frozenset({"work", "drive", "teach", "nurse", "cook", "clean", "code", "design",
                         "deliver", "dispatch", "edit", "translate", "program", "develop",
                         "manage", "run", "lead", "supervise", "coordinate", "operate",
                         "produce", "engineer", "answer", "serve", "bake", "brew", "guide",
                         "staff", "crew", "present", "report", "research", "intern"})
#: Fields of work "I do ... at X" names a job by: "operations", "the accounts".
_FIELDS = frozenset("""
operations ops marketing sales logistics accounts accounting books bookkeeping payroll admin
administration hr it support research engineering design finance compliance procurement
recruitment recruiting bookings reception maintenance security communications comms pr
fundraising outreach programming scheduling dispatch qa testing analytics content copywriting
customer service dev devops infrastructure legal audit auditing tax taxes invoicing
""".split())
_PREPS = frozenset({"at", "for", "with"})
#: Work nouns that are also places: "our office at Canary Wharf" names where the office is,
#: so the name must look like an organisation's (`_org_shaped`).
_PLACE_NOUNS = frozenset({"office", "desk", "studio", "workshop", "depot", "warehouse",
                          "kitchen", "lab", "ward", "unit"})
#: Titles that are no staff: "I'm a student at Aarhus University" studies there.
_NOT_STAFF = frozenset({"student", "pupil", "volunteer", "patient", "customer", "member",
                        "regular", "resident", "guest", "visitor", "fan", "user", "trainee"})
#: Last words of an organisation's name beyond lexicon.ORG_HEADS: trades told by a gerund or
#: a noun of action ("Coral Sea Stevedoring", "Nore Valley Restoration"), and the words
#: firms end in across languages.
_ORG_SUFFIX = re.compile(r"(?:ing|tion|sion|ics|ries|ware|works|s)$")
_FOREIGN_HEADS = frozenset("""
Metalúrgica Metalurgica Industrial Industrias Indústria Comercial Logística Engenharia
Ingeniería Construcciones Construções Gruppe Werke Verlag Bau Oy Oyj AB ASA SA Ltda Srl SpA
BV NV KG Kft Sdn Bhd Pty
Orchard Farm Vineyard Vineyards Winery Mill Factory Plant Mine Quarry Shipyard Hotel Resort
Lodge Inn Observatory Seeds Co. Clinic Station Port Zoo Aquarium Hospice
""".split())
#: Words before a surname: "for Miss Patel" is a person.
_HONORIFICS = frozenset({"mr", "mrs", "miss", "ms", "dr", "mx", "sir", "madam", "auntie",
                         "uncle", "aunt"})
_GATE = re.compile(r"\b(?:at|for|with)\s+(?:the\s+)?(?-i:[A-Z])|\b(?:has|have|had|put|puts|keeps?"
                   r"|kept)\s+me\s+on\b|(?-i:[A-Z])[\w'-]+\s+(?:rota"
                   r"|roster|team|crew|staff|payroll|office|department)\b", re.I)
_USER_WORD = re.compile(r"\b(?:i|i'm|i've|my|our|we|we're|me)\b|^\W*being\s+an?\b", re.I)


def wanted(text: str) -> bool:
    """Cheap gate: a first-person word and a capitalised name after "at", "for" or "with"."""
    return bool(_GATE.search(text) and _USER_WORD.search(text))


def facts(doc: Doc, text: str) -> Iterator[Found]:
    seen: set[str] = set()
    for found in (*_hired(doc, text), *_named_before(doc, text), *_has_me_on(doc, text),
                  *_being_a(doc, text)):
        seen.add(found[1])
        yield found
    for token in doc:
        if token.dep_ != "pobj" or token.pos_ != "PROPN" or token.head.lower_ not in _PREPS:
            continue
        first = _first_word(token)
        org = org_at(text, first.idx)
        if org is None or org in seen or not org.endswith(token.text):
            continue
        if first.i > 0 and first.doc[first.i - 1].lower_ in ("a", "an", "any", "another"):
            continue  # "a pharmacist at a Dr.Max": one branch of a chain, as objects.org reads it
        anchor = _anchored(token.head, _org_shaped(org))
        if anchor == _OWNED and _presupposed(first, text) or anchor == _OTHER and own_sentence(
                first, text):
            seen.add(org)
            yield "employer", org, "assert", CONFIDENCE, first.idx


#: Verbs of an organisation taking the user on: "Zlatna Loza took me back as pastry chef",
#: "Harbour Lane Bakery hired me as a baker".
_HIRING = frozenset({"hire", "employ", "recruit", "rehire", "take", "appoint", "sign"})
#: ... "take" and "sign" only with the particle that makes them hiring.
_HIRING_PARTICLES = frozenset({"back", "on", "up"})


def _hired(doc: Doc, text: str) -> Iterator[Found]:
    for verb in doc:
        if verb.pos_ != "VERB" or verb.lemma_.lower() not in _HIRING:
            continue
        if not any(c.dep_ == "dobj" and c.lower_ == "me" for c in verb.children):
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"),
                       None)
        if subject is None or not clause_holds(verb) or not asserted_now(verb, tense=False):
            continue
        as_title = next((o for p in verb.children if p.dep_ == "prep" and p.lower_ == "as"
                         for o in p.children if o.dep_ == "pobj" and o.pos_ == "NOUN"), None)
        if verb.lemma_.lower() in ("take", "sign") and not any(
                c.lower_ in _HIRING_PARTICLES for c in verb.children):
            continue  # "X took me to lunch" is no hiring
        first = _first_word(subject)
        org = org_at(text, first.idx)
        if org is None or not org.endswith(subject.text) or (
                len(org.split()) < 2 and not _org_shaped(org)) or not own_sentence(first, text):
            continue
        yield "employer", org, "assert", CONFIDENCE, first.idx
        if as_title is not None and (as_title.lower_ in lx.OCCUPATIONS or as_title.lower_ in (
                "chef", "cook", "baker")) and as_title.lower_ not in _NOT_STAFF:
            words = [t.text for t in as_title.subtree
                     if t.i <= as_title.i and t.dep_ in ("compound", "amod") or t.i == as_title.i]
            yield "job_title", " ".join(words).lower(), "assert", CONFIDENCE, first.idx


#: Work nouns a name can stand before: "the Cerro Pangue Observatory rota", "our Kestrel
#: Analytics team".
_NAMED_NOUNS = WORK_NOUNS | {"rota", "roster", "payroll", "staff"}


#: What an organisation "has me on" or "put me on" when it employs the user: "Kurzemes
#: Tilti has me on the winter round", "Ombili put me on nights".
_PUT_ON = frozenset({"round", "rounds", "rota", "roster", "shift", "shifts", "nights", "days",
                     "project", "case", "account", "site", "desk", "route", "line", "team",
                     "contract", "payroll", "ward", "job"})


def _has_me_on(doc: Doc, text: str) -> Iterator[Found]:
    for verb in doc:
        if verb.lemma_.lower() not in ("have", "put", "keep") or verb.pos_ not in ("VERB", "AUX"):
            continue
        if not any(c.dep_ == "dobj" and c.lower_ == "me" for c in verb.children):
            continue
        on = [o for p in verb.children if p.dep_ == "prep" and p.lower_ == "on"
              for o in p.children if o.dep_ == "pobj"]
        if not any(o.lemma_.lower() in _PUT_ON or o.lower_ in _PUT_ON for o in on):
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"),
                       None)
        if subject is None or not clause_holds(verb) or not asserted_now(verb, tense=False):
            continue
        first = _first_word(subject)
        org = org_at(text, first.idx)
        if org is None or not org.endswith(subject.text) or len(org.split()) < 2 and not (
                _org_shaped(org)) or not own_sentence(first, text):
            continue
        yield "employer", org, "assert", CONFIDENCE, first.idx


_AGENT = re.compile(r"\w{3,}(?:er|or|ist|ian)$")


def _being_a(doc: Doc, text: str) -> Iterator[Found]:
    """"Being a tea taster at Hantane Tea Brokers sounds romantic until ...": the user's
    own work told as what it is like, the title and the organisation it is at."""
    for being in doc:
        if being.lower_ != "being" or being.dep_ not in ("csubj", "advcl", "ROOT"):
            continue
        title = next((c for c in being.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        if title is None or title.lower_ in _NOT_STAFF or not (
                title.lower_ in lx.OCCUPATIONS or _AGENT.search(title.lower_)):
            continue
        if any(c.dep_ in ("nsubj", "poss") for c in being.children) or being.i > being.sent.start + 1:
            continue  # "my sister being a nurse at X", "imagine being a nurse at X"
        org_tok = next((o for p in title.children if p.dep_ == "prep" and p.lower_ == "at"
                        for o in p.children if o.dep_ == "pobj" and o.pos_ == "PROPN"), None)
        if org_tok is None:
            continue
        first = _first_word(org_tok)
        org = org_at(text, first.idx)
        if org is None or not org.endswith(org_tok.text) or not own_sentence(being, text):
            continue
        yield "employer", org, "assert", CONFIDENCE - 0.05, first.idx
        words = [t.text for t in title.subtree if t.i <= title.i and t.dep_ == "compound"]
        yield "job_title", " ".join([*words, title.text]).lower(), "assert", CONFIDENCE - 0.05, \
            first.idx


def _named_before(doc: Doc, text: str) -> Iterator[Found]:
    """"I'm on the Cerro Pangue Observatory rota", "our Vesilinja Analytics team meets on
    Mondays": an organisation's name compounded before a work noun the user is on or owns."""
    for noun in doc:
        if noun.pos_ != "NOUN" or noun.lemma_.lower() not in _NAMED_NOUNS:
            continue
        names = [c for c in noun.children if c.dep_ == "compound" and c.pos_ == "PROPN"
                 and c.i < noun.i]
        if not names:
            continue
        first = names[0]  # children come in order: the leftmost word of the name
        org = org_at(text, first.idx)
        if org is None or not _org_shaped(org):
            continue
        on_it = (noun.dep_ == "pobj" and noun.head.lower_ == "on" and noun.head.head.lemma_ == "be"
                 and _user_be(noun.head.head))
        if not (on_it and own_sentence(first, text) or _owned_work_noun(noun) and _presupposed(
                first, text)):
            continue
        yield "employer", org, "assert", CONFIDENCE, first.idx


def _user_be(be: Token) -> bool:
    subject = next((c for c in be.children if c.dep_ == "nsubj"), None)
    return (subject is not None and subject.lower_ in ("i", "we") and be.tag_ in ("VBP", "VBZ")
            and asserted_now(be, tense=False) and clause_holds(be))


def _first_word(token: Token) -> Token:
    """The first word of the name `token` ends: the capitalised run of its own subtree
    before it ("Coral Sea Stevedoring", "St. Brigid's Hospital", "Radio Chimú")."""
    first = token
    doc = token.doc
    while first.i > token.left_edge.i:
        before = doc[first.i - 1]
        if not (before.text[:1].isupper() or before.text in ("'s", "&", "-")):
            break
        first = before
    return first


def _org_shaped(name: str) -> bool:
    """The name looks like an organisation's, not a person's or a part of town's: its last
    word is one firms end in, or it is a "Radio X"."""
    words = name.split()
    last = words[-1]
    if words[0].lower().rstrip(".") in _HONORIFICS:
        return False
    return (last in lx.ORG_HEADS or last in _FOREIGN_HEADS or words[0] == "Radio" or (
        len(words) > 1 and len(last) > 4 and not last.endswith("'s")
        and _ORG_SUFFIX.search(last) is not None))


#: What `_anchored` found: a work noun the user owns (which presupposes the work whatever
#: the clause reports: "I told my manager at Hoshino that I'm leaving"), or another anchor.
_OWNED, _OTHER = "owned", "other"


def _anchored(prep: Token, org_shaped: bool) -> str | None:
    """Up from the preposition, through the noun phrase it hangs from, to an anchor of the
    user's work. A person ("a team with Anna Berg", "I cook for Maria Lopez") or a place
    ("our office at Canary Wharf") passes only where no name of an organisation is needed."""
    node = prep.head
    for _ in range(4):
        if node.pos_ in ("NOUN", "PROPN", "NUM", "PRON"):
            if _owned_work_noun(node) and (org_shaped or (
                    prep.lower_ != "with" and node.lemma_.lower() not in _PLACE_NOUNS)):
                return _OWNED
            if _title_of_user(node):
                return _OTHER
            if node.dep_ in ("pobj", "dobj") and node.head.pos_ in ("ADP", "VERB", "AUX"):
                node = node.head if node.dep_ == "dobj" else node.head.head
                continue
            return None
        if node.pos_ in ("VERB", "AUX"):
            # "I told my manager at Hoshino Ceramics ...": the tree hangs "at" from the verb;
            # an owned work noun right before it is what it belongs to.
            before = prep.doc[prep.i - 1] if prep.i > 0 else None
            if before is not None and before.dep_ == "dobj" and before.head.i == node.i and (
                    _owned_work_noun(before)) and prep.lower_ == "at" and (
                    org_shaped or before.lemma_.lower() not in _PLACE_NOUNS):
                return _OWNED
            if prep.lower_ != "with" and org_shaped and _work_verb_of_user(node, prep):
                return _OTHER
            return None
        return None
    return None


def _owned_work_noun(noun: Token) -> bool:
    if noun.lemma_.lower() not in WORK_NOUNS and noun.lower_ not in WORK_NOUNS:
        return False
    if any(c.lower_ in _NOT_NOW for c in noun.children):
        return False
    owner = noun
    for _ in range(3):
        poss = next((c for c in owner.children if c.dep_ == "poss"), None)
        if poss is None:
            return False
        if poss.lower_ in ("my", "our"):
            return _holds(noun)
        if poss.lemma_.lower() not in _WORK_PEOPLE:
            return False  # "my sister's team at X" is hers
        owner = poss
    return False


def _title_of_user(noun: Token) -> bool:
    """"I'm a vet tech at X", "I'm the producer of the show at X": the user's present "be"
    with an occupation as its attribute."""
    while noun.dep_ == "pobj" and noun.head.dep_ == "prep" and noun.head.head.pos_ == "NOUN":
        noun = noun.head.head  # "the producer of the show": up to the title
    if noun.dep_ != "attr" or noun.lower_ in lx.NOT_OCCUPATIONS or noun.lower_ in _NOT_STAFF or (
            noun.lower_ not in lx.OCCUPATIONS):
        return False
    be = noun.head
    subject = next((c for c in be.children if c.dep_ == "nsubj"), None) or subject_of(be)
    if subject is None or subject.lower_ != "i" or be.lemma_ != "be":
        return False
    if any(c.lower_ in ("former", "ex", "old", "future", "aspiring", "retired")
           for c in noun.children):
        return False
    return be.tag_ in ("VBP", "VBZ") and asserted_now(be, tense=False) and clause_holds(be)


def _work_verb_of_user(verb: Token, prep: Token) -> bool:
    lemma = verb.lemma_.lower()
    subject = subject_of(verb)
    if subject is None or subject.lower_ != "i" or not is_user(subject):
        return False
    if verb.tag_ not in ("VBP", "VBZ", "VBG") or (verb.tag_ == "VBG" and not any(
            c.dep_ == "aux" and c.lower_ in ("'m", "am") for c in verb.children)):
        return False  # present simple or progressive: "I drive", "I'm running"
    if not (asserted_now(verb) and clause_holds(verb)):
        return False
    if lemma == "do":
        done = [c for c in verb.children if c.dep_ == "dobj"]
        return any(d.lower_ in _FIELDS or d.lemma_.lower() in _FIELDS or any(
            c.dep_ == "compound" and c.lower_ in _FIELDS for c in d.children) for d in done)
    if lemma == "work":
        return prep.lower_ in ("at", "for")
    return lemma in _WORK_VERBS


#: Verbs that end or look back on the work noun they govern: "I quit my job at X", "I
#: miss my team at X".
_ENDING = frozenset({"quit", "leave", "lose", "resign", "end", "finish", "drop", "miss",
                     "hand", "give", "lay", "fire", "sack", "terminate", "close", "shut"})


def _holds(noun: Token) -> bool:
    """The clause of an owned work noun is not negated, modal, conditional or wished, and
    its verb does not end the work ("I quit my job at X")."""
    node = noun
    for _ in range(8):
        if node.pos_ in ("VERB", "AUX") or node.head.i == node.i:
            break
        node = node.head
    if node.pos_ not in ("VERB", "AUX"):
        return True
    return node.lemma_.lower() not in _ENDING and clause_holds(node)


def _presupposed(first: Token, text: str) -> bool:
    """The sentence is the user's own and asserted up to the name (mood.py): someone
    else's report ("my sister said my manager at X ...") or a question is not."""
    start = first.sent.start_char
    sentence = text[start:first.sent.end_char]
    mood = mood_at(sentence, first.idx - start, question=sentence.rstrip().endswith("?"))
    return mood.modality == "asserted" and mood.subject == "user"
