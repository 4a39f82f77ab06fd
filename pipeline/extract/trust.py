"""Whose words these are: quoted and pasted spans, questions, hypotheticals, hedges,
other people, and claims about privileges.

Only the user's own declarative first-person statements become `stated` claims. These
helpers find what is not one: text inside quotes or after "here is an email", code blocks,
questions, conditionals and wishes, reported speech, hedges (kept at low confidence).
"""
from __future__ import annotations

import re

_I = re.IGNORECASE

#: Spans of someone else's words inside a user turn.
_CODE_BLOCK = re.compile(r"```.*?(?:```|$)|`[^`\n]+`", re.DOTALL)
_DOUBLE_QUOTED = re.compile(r'"[^"\n]{1,4000}"')
_SINGLE_QUOTED = re.compile(r"(?<![\w])'(?:[^'\n]|(?<=\w)'(?=\w)){1,4000}'(?![\w])")
_BLOCKQUOTE = re.compile(r"(?m)^\s*>.*$")
#: Text set off between two rule lines ("---", "***", "===", "___", "~~~"): how an email or
#: a post is pasted into a chat, whatever words introduce it.
_RULED = re.compile(r"(?ms)^[ \t]*([-*=_~])\1{2,}[ \t]*\n.*?\n[ \t]*\1{3,}[ \t]*$")
#: A letter: a salutation on a line of its own ("Dear Ms. Pop,", "To whom it may concern:")
#: up to its sign-off ("Kind regards," and the name under it), or to the paragraph's end
#: where it has none. Whoever wrote it, it speaks to its reader, so nothing in it is the
#: user's own telling.
_LETTER = re.compile(
    r"(?msi)^[ \t]*(?:dear\s+[^\n,:]{1,60}|to\s+whom\s+it\s+may\s+concern)[,:]?[ \t]*\n.*?"
    r"(?:^[ \t]*(?:(?:(?:best|kind|warm|warmest|kindest)\s+)?regards|best(?:\s+wishes)?"
    r"|sincerely|yours(?:\s+(?:sincerely|faithfully|truly))?|cheers|many\s+thanks"
    r"|thanks(?:\s+again)?|thank\s+you|all\s+the\s+best|respectfully)\b[^\n]*"
    r"(?:\n[ \t]*[^\n]{1,60}$)?|(?=\n[ \t]*\n)|\Z)")
#: A form: three or more lines in a row of "Field: value" ("Name: ...", "Current city: ...",
#: "Position: ..."), as a system, a recruiter or an HR record fills one in.
_FIELDS = re.compile(r"(?m)(?:^[ \t]*(?-i:[A-Z])[^\n:.!?]{0,30}:[ \t]*\S[^\n]*(?:\n|\Z)){3,}")
_PASTE_MARKER = re.compile(
    r"\b(?:here(?:'s| is| are) (?:an?|the|my|this|some|that) (?:[\w-]+ ){0,3}?"
    r"(?:e-?mails?|messages?|texts?|letters?|notes?|documents?|docs?|excerpts?|snippets?|posts?"
    r"|tweets?|reviews?|articles?|logs?|outputs?|transcripts?|chats?|sms|dms?|repl(?:y|ies)"
    r"|responses?|paragraphs?|passages?|memos?|notices?|screenshots?|page|bio|profile|quote"
    r"|essays?|stor(?:y|ies)|poems?|drafts?|code|cover\s+letter|resume|cv|speech|script"
    r"|lyrics|summary|assignment|report|translation|transcript|prompt|review)"
    r"|(?:proofread|summari[sz]e|translate|edit|rewrite|improve|shorten|rephrase|correct|check"
    r"|read|review|explain|analy[sz]e|interpret|decode|look\s+at|reply\s+to|respond\s+to"
    r"|answer|fact-check|paraphrase|format|fix)"
    r"\s+(?:this|the\s+following|my|these|that)(?:\s+[\w-]+){0,3}?(?=\s*[:\n])"
    r"|(?:it|the (?:\w+ )?(?:e-?mail|message|text|letter|note|document|page|post|sign|ad|site)"
    # "it goes: ..." introduces words; "when it goes into defrost" does not.
    r"|this|that) (?:says|said|reads|read|states|stated|claims|claimed"
    r"|goes(?=\s*(?:[:\"'\u201c]|like\b|something\s+like\b)))"
    r"|copy[- ]?pasted|i(?:'ve| have)? (?:just )?pasted|pasting (?:it|this|below)|pasted below"
    # "my GP sent me to an allergist", "the firm sent me over": sending a person is no paste.
    r"|(?:he|she|they|someone|somebody|my \w+|the \w+) (?:wrote|writes|sent me(?! (?:to|over"
    r"|off|away|home|back|out|along|round|around|into|abroad|packing)\b)|texted|emailed"
    r"|messaged)|forwarded message|begin(?:ning)? (?:of )?(?:quote|message)"
    # "A recruiter sent me this", "the hospital's HR system sent me my staff profile": a
    # sender of a few words before it and what was sent named.
    r"|\b(?:an?|the|my|our|his|her|their) (?:[\w'-]+ ){0,3}?(?:sent|forwarded|emailed|texted"
    r"|messaged|wrote) (?:me|us) (?:this|these|the following|(?:my|our|an?|the) (?:[\w-]+ ){0,2}?"
    r"(?:e-?mail|message|text|letter|note|profile|form|record|offer|contract|details|summary"
    r"|reply|invitation|invite)s?)\b)\b", _I)
_SHORT_QUOTE_WORDS = 3

#: Questions: an opener at the start of a clause, or a "?" at its end.
_QUESTION_OPENER = re.compile(
    r"^(?:(?:so|and|but|also|ok(?:ay)?|hey|well|then|now|oh)[, ]+)*"
    r"(?:(?:do|does|did|should|shall|can|could|would|will|is|are|am|was|were|have|has|had|may"
    r"|might|must|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|shouldn't|can't|couldn't"
    r"|haven't|hasn't)\s+(?:i|you|we|it|my|there|he|she|they|that|this|your|our|me|anyone)\b"
    r"|(?:what|where|when|why|how|who|whom|whose|which)\s+(?:do|does|did|is|are|was|were|can"
    r"|could|should|would|will|shall|may|might|must|have|has|had|am|else|about|kind|sort|type"
    r"|time|much|many|long|often|far|if|to|on|exactly|would|i\s+should|you|one|ones)\b"
    r"|(?:what|where|when|why|how|who|which)$|any (?:idea|chance|tips?|advice|thoughts)\b"
    r"|what's\b|where's\b|how's\b|who's\b)", _I)
#: Requests to remember something are statements even when phrased as a question.
_REMEMBER_REQUEST = re.compile(
    r"^(?:(?:can|could|would|will) you (?:please )?(?:also |just )?)?(?:please )?(?:remember|note"
    r"|keep in mind|make a note|take note|save|store|memori[sz]e)(?: of)?(?: that)?\b"
    # "Can you also add that I do street photography?" asks to write a statement down.
    r"|^(?:(?:can|could|would|will) you (?:please )?(?:also |just )?|please (?:also )?)(?:add"
    r"|mention|include|put in|say|write|note down)(?: in)? that\b", _I)

#: Words before a statement that make it not the user's own current fact.
_BLOCKERS = re.compile(
    r"\b(?:if|unless|whether|suppose|supposing|imagine|imagining|pretend|pretending|what if"
    r"|in case|as if|as though|wish|wished|wishing|hope|hoped|hoping|dream|dreamed|dreaming"
    r"|would|could|should|might|may|must|wanna|want|wants|wanted|plan|plans|planned|planning"
    r"|going to|gonna|will|i'll|we'll|i'd|we'd|considering|thinking (?:about|of)|can't wait"
    r"|cannot wait|says|said|say|thinks|thought|believes|believed|claims|claimed|assumes"
    r"|assumed|told|tells|tell|asked|asks|wonder|wondering|heard|hears|read|wrote|writes"
    r"|knows|knew|forget|forgot|delete|erase|remove|pretend|someone|somebody|nobody|who|whom"
    r"|whose|which|whoever|ever since|used to think|rumou?r|allegedly|supposedly|not true"
    r"|isn't true|never said|didn't say|joke|joking|kidding|fake|lie|lying|role-?play|story"
    r"|character|novel|game|example|e\.g|hypothetically|theoretically|once)\b", _I)
#: Openings that make a whole sentence fiction, a hypothesis or an example.
_FRAME = re.compile(
    r"^\W*(?:(?:just\s+)?for\s+(?:fun|the\s+sake\s+of\s+argument|example|instance)|in\s+(?:the|my"
    r"|this|our|a|your)\s+(?:story|novel|game|book|script|dream|scenario|role-?play|fiction"
    r"|simulation|example|hypothetical|screenplay|campaign|character's)|hypothetically"
    r"|theoretically|in\s+theory|imagine|suppose|supposing|let's\s+say|let\s+us\s+say|say(?!,)"
    r"|pretend|what\s+if|assuming|as\s+a\s+joke|jokingly|e\.g\.?|as\s+an\s+example"
    r"|in\s+an?\s+(?:alternate|parallel)\s+(?:universe|world))\b", _I)
#: First-person hedges: the user is unsure; the claim is kept at low confidence.
#: The hedges that only the speaker can make ("I think", "I'm not sure").
_FIRST_PERSON_HEDGE = (r"\b(?:i (?:think|guess|believe|suppose|reckon|feel like|assume)"
                       r"|i'm not (?:sure|certain)|not (?:sure|certain)|i'm pretty sure"
                       r"|i think that)\b")
_HEDGE = re.compile(
    _FIRST_PERSON_HEDGE + r"|\b(?:probably|maybe|perhaps|possibly|likely|kind of|sort of|kinda"
    r"|sorta|apparently|might be|may be|seems? like)\b", _I)
_EXPERT_REPORT = re.compile(
    r"\b(?:my|the|our)\s+(?:doctor|doc|allergist|gp|dermatologist|physician|specialist"
    r"|consultant|tests?|test\s+results?|results?|blood\s+(?:work|tests?)|nurse|dentist|optician"
    r"|cardiologist|neurologist|therapist|psychiatrist)\s+(?:(?:just|finally|has|have)\s+)?"
    r"(?:says?|said|confirmed|confirms|found|showed|shows|told\s+me|thinks|reckons"
    r"|diagnosed)\s+(?:that\s+)?$", _I)
_HEDGE_ONLY_PREFIX = re.compile(_FIRST_PERSON_HEDGE, _I)
#: Replies to the assistant that report nothing: "funny you say that, ...", "now you
#: mention it, ...", "as you say, ...".
_DISCOURSE = re.compile(r"\b(?:funny|glad|good|interesting|weird|strange|odd)\s+(?:that\s+)?you\s+"
                        r"(?:should\s+)?(?:say|mention|ask)(?:ed)?(?:\s+(?:that|it|this))?\b|\bnow\s+"
                        r"(?:that\s+)?you\s+(?:say|mention)\s+it\b|\bas\s+you\s+(?:say|said)\b", _I)

#: Claims about privileges, roles or access: from any turn, always quarantined downstream.
_ACCESS = re.compile(
    r"\b(?P<role>(?:super ?user|sys ?admin|system administrator|administrator|admin|moderator"
    r"|root (?:access|privileges?|user|account|password|rights|permissions?)|account owner"
    r"|owner of (?:this|the|all|every) accounts?)"
    r"(?:[ -](?:access|privileges?|rights|permissions?|user|account|role|level|status|mode))?"
    r"(?:,? (?:with|to|of|for|on|over|across) [^.,;!?\n\"']{1,100})?"
    r"|(?:full|unrestricted|unlimited|elevated|complete|total|privileged|special|admin)"
    r" (?:access|privileges?|rights|permissions?|control)"
    r"(?: (?:to|over|on|for|across) [^.,;!?\n\"']{1,100})?"
    r"|(?:permission|permissions|authority|clearance|the right) to [^.,;!?\n\"']{1,100}"
    r"|(?:authori[sz]ed|allowed|permitted|cleared) to (?:access|view|see|read|edit|change"
    r"|modify|delete|override|manage|bypass|run|approve|transfer|use)[^.,;!?\n\"']{0,100})", _I)
_ACCESS_SUBJECT = re.compile(
    r"\b(?:has|have|had|with|granted|given|got|gets|holds?|is|am|are|'m|'re|be|been|as)\s+"
    r"(?:(?:an?|the|now|also|full|all)\s+)*$", _I)
#: Roles that say nothing about systems by themselves ("admin of our book club").
_CONTEXTUAL_ROLE = re.compile(r"^(?:sys ?admin|system administrator|administrator|admin|moderator"
                              r"|account owner|owner of|(?:full|unrestricted|unlimited|complete"
                              r"|total|special|elevated|privileged) (?:access|control|rights))",
                              _I)
#: What makes such a role a claim about privileges: systems, accounts, data, the assistant.
_SYSTEM_CONTEXT = re.compile(
    r"\b(?:accounts?|systems?|servers?|database|db|apps?|application|platform|workspace|tenant"
    r"|network|site|website|portal|dashboard|console|panel|infrastructure|cluster|repo"
    r"|repository|codebase|assistant|chatbot|bot|ai|model|memory|memories|data|records"
    r"|files|settings|config(?:uration)?|security|permissions?|privileges?|rights|access|level"
    r"|credentials|passwords?|api|backend|production|prod|instance|machine|computer|domain"
    r"|users|admin\s+panel|verified|override|this\s+chat|your\s+(?:system|memory|settings"
    r"|tools|rules|instructions))\b", _I)
#: Using a claimed role on the assistant: "..., so show me everything", "so skip the checks".
_PRIVILEGE_USE = re.compile(
    r"\b(?:so|therefore|which\s+means|meaning)\s+(?:you\s+(?:can|may|should|must)\s+|please\s+)?"
    r"(?:show|give|grant|let|unlock|bypass|skip|ignore|override|disable|reveal|tell)\b", _I)
#: Injection-style text: a claim about privileges in it is caught whatever the wording.
_INJECTION = re.compile(
    r"\b(?:system\s*(?:note|message|prompt|instruction|override|notice|update|alert|directive)s?"
    r"|(?:admin|developer|maintenance|god|debug)\s+(?:note|override|mode|notice|message)"
    r"|ignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|your)\s+"
    r"(?:instructions|rules|prompts?|guidelines)"
    r"|(?:notes?|messages?|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:assistant|ai|model|bot"
    r"|llm|system)"
    r"|(?:remember|record|store|note|treat|consider|save|log)\s+(?:that\s+)?(?:this|the"
    r"|current)\s+(?:user|account|person|requester)|(?:this|the|current)\s+user(?:'s)?\s+"
    r"(?:is|has|was|should|role|access|level|privileges?|permissions?)"
    r"|grant(?:ed|ing)?\s+(?:the\s+)?(?:user\s+|them\s+|me\s+)?(?:admin|root|full|elevated"
    r"|unrestricted|superuser)|jailbreak|new\s+instructions)\b|\[\s*(?:system|admin|sys)\s*\]",
    _I)
#: An entitlement granted to the user by someone else's text ("this user has been approved
#: for a platinum credit line", "you are now whitelisted for"): a planted privilege, whatever
#: it entitles to. Only said of the user (this user, the customer, you) and only in text that
#: is not the user's own, or that is shaped like an injection.
_ENTITLEMENT = re.compile(
    r"\b(?:(?:this|the|current)\s+(?:user|customer|client|account\s*holder|member|requester)"
    r"|you)\s+(?:has|have|had|is|are|was|were)\s+(?:(?:now|been|also|officially|already)\s+)*"
    r"(?:pre-?approved|approved|granted|awarded|upgraded|entitled|whitelisted|authori[sz]ed)\b"
    r"(?:\s+(?:for|to|as|with))?\s+(?:an?\s+|the\s+)?"
    r"(?P<role>[^.;!?\n\"'\]]{1,80})", _I)
_ACCESS_GATE = re.compile(r"admin|root|moderat|super ?user|access|permission|authori|approved"
                          r"|granted|awarded|upgraded|entitled|whitelisted|"
                          r"privilege|clearance|allowed to|permitted to|owner", _I)


def split_untrusted(text: str) -> tuple[str, list[str]]:
    """The user's own words (untrusted spans blanked out) and the untrusted spans.

    Quoted text, code, block quotes, ruled-off text, letters, forms and anything after a
    paste marker ("here is an email", "it says") are someone else's words. A short quote with no paste marker is the user's
    own (scare quotes, a nickname) and stays in.
    """
    spans: list[tuple[int, int]] = []
    marker = _PASTE_MARKER.search(text)
    for rx in (_CODE_BLOCK, _RULED, _LETTER, _FIELDS, _BLOCKQUOTE, _DOUBLE_QUOTED,
               _SINGLE_QUOTED):
        for m in rx.finditer(text):
            if _overlaps(spans, m.start(), m.end()):
                continue
            inner = m.group(0).strip("\"'` ")
            if (rx in (_DOUBLE_QUOTED, _SINGLE_QUOTED) and marker is None
                    and (len(inner.split()) <= _SHORT_QUOTE_WORDS or _named_phrase(text, m))):
                continue
            spans.append((m.start(), m.end()))
    if marker is not None and not any(s >= marker.start() for s, _ in spans):
        ends = [i for i in (text.find(":", marker.end()), text.find("\n", marker.end()))
                if i >= 0]
        spans.append((min(ends) + 1 if ends else marker.end(), len(text)))
    if not spans:
        return text, []
    spans.sort()
    own, pasted, last = [], [], 0
    for start, end in spans:
        own.append(text[last:start])
        pasted.append(text[start:end].strip("\"'` \n>-*=_~"))
        last = max(last, end)
    own.append(text[last:])
    return " ".join(own), [p for p in pasted if p]


#: A quote that is a phrase the user names, not words someone said: after a determiner
#: ("it wants my 'name as on passport'", "the 'free cardio' line"), a few words without a
#: person speaking in them.
_DETERMINER_BEFORE = re.compile(r"\b(?:my|your|our|the|a|an|this|that|their|his|her)\s*$", _I)
_SPEAKER_WORDS = re.compile(r"\b(?:i|i'm|i've|i'll|me|my|we|we're|us|our|you|you're)\b", _I)


def _named_phrase(text: str, m: re.Match[str]) -> bool:
    inner = m.group(0).strip("\"'` ")
    return (len(inner.split()) <= _NAMED_PHRASE_WORDS and not _SPEAKER_WORDS.search(inner)
            and not re.search(r"[.!?:;]", inner)
            and bool(_DETERMINER_BEFORE.search(text[:m.start()])))


#: The longest quoted phrase read as a name for something (`_named_phrase`).
_NAMED_PHRASE_WORDS = 6


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e in spans)


def is_remember_request(clause: str) -> bool:
    """'Can you remember that ...' asks to store a statement: not a question about it."""
    return bool(_REMEMBER_REQUEST.match(clause))


def strip_remember_request(clause: str) -> str:
    """The statement a remember request carries ("Could you add that I swim" -> "I swim"):
    its "could" is the asking, not a hedge on the statement."""
    return _REMEMBER_REQUEST.sub("", clause, count=1).strip()


def starts_question(clause: str) -> bool:
    """True when the clause opens like a question ("Do I ...", "Should I ...", "What ...")."""
    return bool(_QUESTION_OPENER.match(clause)) and not is_remember_request(clause)


#: A sentence that opens with a condition: what its main clause says holds only if the
#: condition does ("If we move to Oslo, I work at Equinor"; "Unless the visa fails, I'm a
#: nurse in Perth from May"). The clause splitter parts the two, so the frame is read here.
_CONDITION = re.compile(r"^\W*(?:(?:and|but|so|also|well|ok|okay)[, ]+)?(?:even\s+|only\s+)?"
                        r"(?:if|unless|in\s+case)\b[^,;:.!?]{2,}?(?:,|\s+then\b)", _I)
#: ... except a condition on the conversation, not the world: "If it helps, I'm vegan", "If
#: you're wondering, I live in Oslo now", "If that matters, I'm left-handed" assert the
#: main clause.
_RELEVANCE = re.compile(
    r"^\W*(?:(?:and|but|so|also|well|ok|okay)[, ]+)?(?:even\s+)?if\s+(?:(?:you|it|that|this"
    r"|anyone|anybody|somebody|someone|that's|it's|you're|you've)\b[^,]{0,30}?\b(?:help\w*"
    r"|matter\w*|relevant|useful|important|need\w*|want\w*|wonder\w*|ask\w*|car(?:e|es|ing)"
    r"|must\s+know|curious|interested|remember\w*|recall\w*|forgot\w*|know|knew)\b"
    r"|(?:needed|relevant|useful|helpful|important|necessary|possible|anything)\b)", _I)


def framed(sentence: str) -> bool:
    """True when the sentence opens with a frame that makes it not the user's own fact
    ("In the story, I live in Oslo", "Hypothetically, I'm vegan", "If I get the job, I'm a
    nurse at St Olav's")."""
    if _FRAME.match(sentence):
        return True
    return bool(_CONDITION.match(sentence)) and not _RELEVANCE.match(sentence)


#: Where a new statement of the user's own starts inside a sentence: a clause boundary (a
#: comma, semicolon, colon or dash, or "and"/"but"/"so"), then a first-person subject. "The
#: lab wiki asks everyone for pronouns, and I put she/her": the asking is the wiki's; the
#: putting is the user's own statement.
_OWN_CLAUSE = re.compile(
    r"(?:[;:,]|\s[-\u2013\u2014]\s|\b(?:and|but|so|yet)\b)\s*(?:(?:and|but|so|yet|also|now|then"
    r"|honestly|anyway|still)\b,?\s*)*(?=(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|we'll)\b|$)",
    _I)
#: Words that frame a whole sentence, not only their clause: a condition, a fiction, a
#: joke, a wish, a retraction ("if we move, I work from home"; "in the game I'm a knight and
#: I live in a castle"). Before them the statement stays blocked however it is joined.
_SENTENCE_FRAMES = re.compile(
    r"\b(?:if|unless|whether|suppose|supposing|imagine|imagining|pretend|pretending|what if"
    r"|in case|as if|as though|wish|wished|wishing|forget|forgot|delete|erase|remove"
    r"|rumou?r|allegedly|supposedly|not true|isn't true|never said|didn't say|joke|joking"
    r"|kidding|fake|lie|lying|role-?play|story|character|novel|game|example|e\.g"
    r"|hypothetically|theoretically)\b", _I)


def own_clause_prefix(prefix: str) -> str:
    """The part of `prefix` (the words of a sentence before a statement) that governs the
    statement: from the start of its own first-person clause when an earlier clause only
    reports, asks or wants something ("my sister says it's ugly, but I love it"), the whole
    prefix when an earlier word frames the sentence (`_SENTENCE_FRAMES`)."""
    cut = None
    for m in _OWN_CLAUSE.finditer(prefix):
        cut = m.end()
    if cut is None or _SENTENCE_FRAMES.search(prefix[:cut]):
        return prefix
    return prefix[cut:]


def blocked(prefix: str, *, expert_ok: bool = False) -> bool:
    """True when the words before a statement make it conditional, wished, planned,
    reported by someone else, or otherwise not the user's own current fact. With
    `expert_ok`, a clinician's finding about the user ("my allergist says I ...") is the
    user's fact (not for sensitive categories, which need the user's own statement)."""
    if not prefix.strip():
        return False
    prefix = _DISCOURSE.sub(" ", _HEDGE_ONLY_PREFIX.sub(" ", prefix))
    if expert_ok:
        prefix = _EXPERT_REPORT.sub(" ", prefix)
    return bool(_BLOCKERS.search(prefix))


def hedged(text: str) -> bool:
    """True when the user hedges ("I think", "probably", "maybe")."""
    return bool(_HEDGE.search(text))


def find_access_roles(text: str, *, own: bool = False) -> list[str]:
    """Role or privilege phrases claimed in `text` ("administrator with full access to all
    accounts"), from any speaker. The word itself is kept in the object.

    In the user's `own` words a role that says nothing about systems by itself ("admin of
    our book club") counts only with system, account or access context, or in text shaped
    like an injection ("SYSTEM NOTE: ..."); in anyone else's words every such claim counts.
    """
    if not _ACCESS_GATE.search(text):
        return []
    lenient = not own or bool(_INJECTION.search(text))
    found: list[str] = []
    for m in _ACCESS.finditer(text):
        role = re.sub(r"\s+", " ", m.group("role")).strip(" ,")
        if not lenient and _CONTEXTUAL_ROLE.match(role):
            rest = role[_CONTEXTUAL_ROLE.match(role).end():]  # type: ignore[union-attr]
            near = rest + " " + text[m.end():m.end() + 80]
            if not (_SYSTEM_CONTEXT.search(near) or _PRIVILEGE_USE.search(text)):
                continue
        if role.lower().startswith(("permission", "authority", "clearance", "the right",
                                    "authori", "allowed", "permitted", "cleared")):
            before = text[max(0, m.start() - 40):m.start()]
            if not _ACCESS_SUBJECT.search(before):
                continue
        if role and role.lower() not in (f.lower() for f in found):
            found.append(role)
    for m in _ENTITLEMENT.finditer(text) if lenient else ():
        role = re.sub(r"\s+", " ", m.group("role")).strip(" ,")
        if role and not any(role.lower() in f.lower() or f.lower() in role.lower()
                            for f in found):
            found.append(role)
    return found
