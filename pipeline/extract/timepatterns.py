"""The time expressions a clause may hold, as one table of regular expressions.

Each kind names how it resolves (timeexpr.py): an explicit `date`, a span `ago`, a day of a
month left implicit (`dom`), a `future` period, a `part` of a month or year, a `season`, a
`rel`ative period ("last week"), a weekday (`wday`), a `holiday`, a `day` ("yesterday"), a
`month`, a `year` and a duration (`dur`). Kept apart from the resolution so that each stays
small; the order of the table is the order of precedence where two kinds overlap. Days are
said in figures or words ("the 3rd", "the first of March", "on the twenty-second"); a word
ordinal is a day only where a date stands ("on the first", not "the first time").
"""
from __future__ import annotations

import re

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|march|mar|apr(?:il)?|may|june?|july?|aug(?:ust)?"
          r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?")
WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
NUM = (r"(?:\d+|half an?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
        r"|thirteen|fourteen|sixteen|seventeen|eighteen|nineteen|forty|fifty"
        r"|fifteen|twenty|thirty|a few|a couple(?: of)?|couple of|several|few)(?: and a half)?")
_UNIT = r"(?:day|week|fortnight|month|year|decade)s?(?: and a half)?"
_YEAR = r"(?:19|20)\d\d"
_DAYNUM = r"(?:[0-3]?\d)(?:st|nd|rd|th)?"
#: A day said as a word: "the first of March", "on the twenty-second".
ORDINAL = (r"(?:(?:twenty|thirty)[\s-](?:first|second|third|fourth|fifth|sixth|seventh|eighth"
           r"|ninth)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh"
           r"|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth"
           r"|nineteenth|twentieth|thirtieth)")
_SEASON = r"(?:summer|winter|spring|autumn|fall)"
_ABOUT = r"(?:about|around|almost|nearly|over|more than|roughly|close to|at least|just over) "

_KINDS: tuple[tuple[str, str], ...] = (
    # A leading "on"/"from"/"since" belongs to the date (an object is trimmed before it).
    # A weekday before the date is the date's ("on Tuesday, October 13"), not a date itself.
    ("date", rf"\b(?:(?:on|from|since) )?(?:{WEEKDAY},? )?(?:\d{{4}}-\d\d-\d\d"
             rf"|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}"
             rf"|(?:the )?{_DAYNUM}(?: of)? {_MONTH}(?:,? {_YEAR})?"
             rf"|(?:the )?{ORDINAL} of {_MONTH}(?:,? {_YEAR})?"
             rf"|{_MONTH} {_DAYNUM}(?![\d:])(?:,? {_YEAR})?"
             # "March first", not "I may first ask": a capitalised month only
             rf"|(?-i:(?=[A-Z])){_MONTH} (?:the )?{ORDINAL}\b(?:,? {_YEAR})?)"),
    ("ago", rf"\b(?:{_ABOUT})?{NUM} {_UNIT}(?: or so)? (?:ago|back)\b"
            # "three weeks today since my last cigarette", "two years since we moved"
            rf"|\b(?:{_ABOUT})?{NUM} {_UNIT}(?: today| now| tomorrow)? since\b"),
    # "on the 5th", "Monday the 11th": a day of a month the speaker leaves implicit.
    ("dom", rf"\b(?:(?:on|from|by|until|starting) )?(?:(?:{WEEKDAY}),? )?the [0-3]?\d"
            rf"(?:st|nd|rd|th)\b(?!,? (?:of )?{_MONTH})"
            # "on the first", "the twenty-second of the month"; not "the first time"
            rf"|\b(?:on|from|by|until|starting|since) (?:(?:{WEEKDAY}),? )?the {ORDINAL}\b"
            rf"(?!,? (?:of )?{_MONTH})(?= of the month\b|\s*(?:[,.;:!?)]|$)|\s+(?:and|at|so|but"
            rf"|when|or|for|in|until|till)\b)"
            rf"|\bthe {ORDINAL} of the month\b"),
    ("future", rf"\b(?:next (?:week(?:end)?|month|year|{_SEASON}|{WEEKDAY}|{_MONTH})"
               rf"|tomorrow|the week after next|(?:in|after) the new year"
               rf"|in {NUM} {_UNIT}(?! ago)|soon|later this (?:week|month|year)"
               rf"|this coming \w+|upcoming|some ?day|one day|in the future"
               rf"|by (?:the (?:end|start) of )?(?:(?:this|next) )?(?:{_SEASON}|christmas"
               rf"|the weekend"
               rf"|(?:the )?(?:year|month|week)(?: end)?|year-end|new year|easter))\b"),
    ("part", rf"\b(?:(?:at|in) )?(?:the )?(?:(?:start|beginning|middle|end) of|early|late|mid-?)"
             rf" ?(?:the |this |last |)(?:year|month)\b"),
    ("season", rf"\b(?:(?:(?:way )?back|sometime) )?(?:in|during|since|over|from|around|through)"
               rf" (?:the )?(?:early |late )?{_SEASON}(?:,? (?:of )?{_YEAR})?\b"),
    ("rel", rf"\b(?:last|this past|past|earlier this|this|over the|during the) "
            rf"(?:week(?:end)?|month|year|{_SEASON}|{WEEKDAY}|{_MONTH})"),
    ("wday", rf"\b(?:on|from|starting|until|since) {WEEKDAY}\b"),
    ("holiday", r"\b(?:over|at|around|for|since|during|before|after|just after|right after) "
                r"(?:the )?(?:christmas(?: eve| day)?|xmas|easter(?: sunday| monday| weekend)?"
                r"|new year(?:'s)?(?: eve| day)?|thanksgiving|boxing day|the holidays)\b"
                # "on" only before a day ("on Christmas Eve"): "agree on Christmas" is a topic
                r"|\bon (?:christmas (?:eve|day)|new year's (?:eve|day)|boxing day"
                r"|easter (?:sunday|monday))\b"
                r"|\b(?:(?:since|over|at|around|during) )?last (?:christmas|xmas|easter"
                r"|thanksgiving)\b"),
    ("day", r"\b(?:the day before yesterday|the week before last|this time last year|yesterday|today|tonight|this (?:morning|afternoon"
            r"|evening)|earlier today|last night|the other (?:day|week|night))\b"),
    ("month", rf"\b(?:(?:(?:way )?back|sometime|somewhere) in|in (?:early|late|mid-?)|in|since"
              rf"|as of"
              rf"|during|around|from|early|late|mid-|mid|by|until|at the (?:start|end|beginning)"
              rf" of|end of|start of) ?{_MONTH}(?:,? {_YEAR}| (?:last|this) year)?"
              rf"|\b{_MONTH},? {_YEAR}\b"),
    ("year", rf"\b(?:(?:(?:back |way back )?in|since|from|around|during|as of|starting in|until)"
             rf"(?: (?:early|late|the middle of|the end of|the start of))?|in mid-?|mid-|mid"
             rf"|early|late) ?{_YEAR}\b"),
    ("dur", rf"\b(?:for|over) (?:the )?(?:past |last )?(?:{_ABOUT})?{NUM} {_UNIT}\b"
            r"|\bfor (?:years|months|ages|decades|a while|a long time|weeks)\b"),
)

#: Any time expression (the union of all kinds). Objects are trimmed where it starts.
TIME_RE = re.compile("|".join(f"(?P<{k}>{p})" for k, p in _KINDS), re.IGNORECASE)

#: Cheap gate: no match here means no time expression, and no regex or dateparser work.
HINT = re.compile(rf"\d|ago\b|last|since|day|tonight|week|month|year|past|back"
                   rf"|earlier|this|next|tomorrow|soon|for|other|christmas|xmas|easter"
                   rf"|thanksgiving|holidays|fortnight|boxing|{ORDINAL}|{_MONTH}|{_SEASON}|{WEEKDAY}",
                   re.IGNORECASE)
#: A count and its unit ("three weeks", "a couple of months"): spans and offsets.
NUM_UNIT = re.compile(rf"({NUM}) ({_UNIT})", re.IGNORECASE)
