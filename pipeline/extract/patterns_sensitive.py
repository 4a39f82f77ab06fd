"""Rule tables for the sensitive categories: health conditions, religion, political views and
sexual orientation (kept only when the user states them directly; see DESIGN.md "Trust
rules"). Read after the other life rules (patterns_life.RULES_LIFE).
"""
from __future__ import annotations

from pipeline.extract import lexicon as lx
from pipeline.extract.grammar import END_STRICT, Rule

_HEALTH = lx.alt(lx.HEALTH_CONDITIONS)
_HEALTH_ADJ = lx.alt(tuple(lx.HEALTH_ADJECTIVES))
_RELIGION = lx.alt(tuple(k for k in lx.RELIGIONS if not k.endswith(("ism", "ity", "islam"))))
_FAITHS = (r"(?:islam|judaism|buddhism|hinduism|christianity|catholicism|sikhism|taoism"
           r"|jainism|paganism)")
_POLITICS = lx.alt(tuple(lx.POLITICS))
_ORIENT = lx.alt(tuple(lx.ORIENTATIONS))

SENSITIVE: tuple[Rule, ...] = (
    Rule("health.have", "health_condition", (
        r"<DO>(?:have|suffer\s+from|live\s+with|struggle\s+with|deal\s+with|battle)\s+(?P<obj>"
        r"(?:(?:mild|severe|chronic|bad|early|stage\s+\w+)\s+)*(?:" + _HEALTH + r"))\b",
        r"<HAVE>got\s+(?P<obj>(?:(?:mild|severe|chronic|bad)\s+)*(?:" + _HEALTH + r"))\b",
        r"<BE>(?:living|dealing|struggling|battling|coping)\s+with\s+(?P<obj>(?:(?:mild|severe"
        r"|chronic)\s+)*(?:" + _HEALTH + r"))\b",
        r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|officially\s+)*(?:been\s+"
        r"|was\s+|got\s+|get\s+)?diagnosed\s+with\s+<OBJ>",
    ), keys=("have", "suffer", "live with", "struggle", "deal", "battl", "got", "living",
             "dealing", "coping", "diagnos"), kind="health"),
    Rule("health.adjective", "health_condition", (
        r"<BE>(?:an?\s+)?(?P<obj>" + _HEALTH_ADJ + r")" + END_STRICT,
    ), keys=tuple(sorted({k.split()[0].split("-")[0] for k in lx.HEALTH_ADJECTIVES})),
        kind="health_adj"),
    Rule("religion", "religion", (
        r"<BE>(?:(?:an?|practicing|practising|devout|observant|non-practicing|lapsed|born-again"
        r"|devoted|proud|strict)\s+)*(?P<obj>" + _RELIGION + r")" + END_STRICT,
        r"<DO>(?:practi[cs]e|follow|observe|believe\s+in)\s+(?P<obj>" + _FAITHS + r")\b",
        r"\bmy\s+(?:religion|faith)\s+is\s+<OBJ>",
    ), keys=("christian", "catholic", "protestant", "evangelical", "baptist", "methodist",
             "lutheran", "anglican", "mormon", "muslim", "sunni", "shia", "jew", "hindu",
             "buddhis", "sikh", "jain", "atheist", "agnostic", "pagan", "wiccan", "quaker",
             "taoist", "orthodox", "religio", "spiritual", "witness", "islam", "faith",
             "practi", "observe", "follow", "believe"), kind="religion"),
    Rule("politics", "political_view", (
        r"<BE>(?:(?:an?|lifelong|staunch|committed|registered|proud|card-carrying|pretty|fairly"
        r"|very|quite|socially|fiscally|politically)\s+)*(?P<obj>" + _POLITICS + r")" + END_STRICT,
        r"\bpolitically,?\s+(?:i'm|i\s+am|i'd\s+say\s+i'm)\s+(?:(?:pretty|fairly|very|quite)\s+)?"
        r"(?P<obj>" + _POLITICS + r")\b",
    ), keys=("democrat", "republican", "liberal", "conservative", "socialist", "communist",
             "libertarian", "progressive", "centrist", "leftist", "left", "right", "anarchist",
             "tory", "labour", "green", "marxist", "feminist", "moderate", "politic"),
        kind="politics"),
    Rule("politics.vote", "political_view", (
        r"<DO>(?:always\s+|usually\s+|generally\s+)?vote\s+(?:for\s+)?(?:the\s+)?"
        r"(?P<obj>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)",
        r"<DO>(?:support|back)\s+the\s+(?P<obj>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?\s+"
        r"(?:party|Party))",
        r"<BE>(?:an?\s+)?member\s+of\s+the\s+(?P<obj>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?"
        r"\s+(?:party|Party))",
        r"<DO>lean\s+(?P<obj>left|right)\b",
    ), keys=("vote", "support", "back", "member", "lean"), kind="voting"),
    Rule("orientation", "sexual_orientation", (
        r"<BE>(?:(?:an?|openly|proudly|completely|totally)\s+)*(?P<obj>" + _ORIENT
        + r")(?:\s+(?:man|woman|guy|girl|person|dude))?" + END_STRICT,
        r"<DO>identify\s+as\s+(?:an?\s+)?(?P<obj>" + _ORIENT + r")\b",
        r"\bmy\s+(?:sexual\s+)?orientation\s+is\s+<OBJ>",
        r"<PAST>came\s+out\s+as\s+(?P<obj>" + _ORIENT + r")\b",
    ), keys=("gay", "lesbian", "bi", "pansexual", "asexual", "straight", "hetero",
             "homo", "queer", "demisexual", "identify", "orientation", "came out"),
        kind="orientation"),
)
