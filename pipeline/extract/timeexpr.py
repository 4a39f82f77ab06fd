"""Time expressions in a clause, resolved against the time the turn was said.

Never reads the clock: the reference is always the turn's `at`. Periods resolve to their
start ("in August" is August 1, "last week" its Monday, "since 2019" January 1, 2019), a
part of a month to that part ("at the end of August" is August 31, "mid-June" the 15th), a
holiday to its own day (Easter by its date that year, "Christmas Eve" the 24th).
Relative and month expressions are computed here (deterministic and cheap); explicit
calendar dates go to `dateparser` (RELATIVE_BASE = turn time, PREFER_DATES_FROM = past),
cached, and only when the clause holds a time-looking token at all.
"""
from __future__ import annotations

import re
from calendar import monthrange
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache

from dateutil.easter import easter

from pipeline.extract.timepatterns import HINT, NUM_UNIT, TIME_RE, WEEKDAY

__all__ = ["TIME_RE"]  # re-exported: the objects and plans trim at a time expression


_DEADLINE = re.compile(r"(?:by|until|till)\b", re.IGNORECASE)
#: ... also past a weekday: "until Friday the 29th of May" ends on that date.
_DEADLINE_BEFORE = re.compile(r"\b(?:by|until|till)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day"
                              r",?\s+)?(?:the\s+)?$", re.IGNORECASE)
_PERFECT = re.compile(r"\b(?:i've|we've|i have|we have|has|been|i'd|had)\b", re.IGNORECASE)

_MONTHS = {m: i for i, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
    ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
    ("oct", "october"), ("nov", "november"), ("dec", "december")), start=1) for m in names}
_WEEKDAYS = {d: i for i, d in enumerate(
    ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
            "fifteen": 15, "twenty": 20, "thirteen": 13, "fourteen": 14, "sixteen": 16,
            "seventeen": 17, "eighteen": 18, "nineteen": 19, "forty": 40, "fifty": 50, "thirty": 30, "a few": 3, "few": 3, "a couple": 2,
            "a couple of": 2, "couple of": 2, "several": 3}
_SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_WORD = re.compile(r"[a-z]+|\d+")

@dataclass(frozen=True)
class TimeRef:
    """One time expression found in a clause."""

    text: str
    kind: str
    start: int
    end: int

    @property
    def future(self) -> bool:
        return self.kind == "future"


def as_utc(at: datetime) -> datetime:
    """`at` as a UTC-aware datetime (naive values are taken to be UTC)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def local_time(at: datetime) -> datetime:
    """`at` in the offset it was said in (naive values are taken to be UTC).

    Days count on the speaker's calendar: "tomorrow" said at 21:00 -06:00 is the next day
    there, though UTC has already reached it; a day resolves to its local midnight, an
    instant that sorts right against the turn's own time. The offset is the turn's, fixed:
    a date across a daylight-saving change is an hour off its midnight, never a day."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at


def find_times(text: str) -> list[TimeRef]:
    """Every time expression in `text`, in order; empty without a time-looking token."""
    return list(_find_times(text))


@lru_cache(maxsize=8192)
def _find_times(text: str) -> tuple[TimeRef, ...]:
    if not HINT.search(text):
        return ()
    return tuple(TimeRef(m.group(0), m.lastgroup or "", m.start(), m.end())
                 for m in TIME_RE.finditer(text))


def has_future(text: str) -> bool:
    """True when `text` places something in the future ("next month", "tomorrow")."""
    return any(t.future for t in find_times(text))


def future_starts(text: str) -> list[int]:
    """Where the future time expressions in `text` start ("next month", "tomorrow")."""
    return [t.start for t in find_times(text) if t.future]


def resolve_in(text: str, at: datetime) -> datetime | None:
    """The start of the first past period named in `text`, or None when none is named."""
    for ref in find_times(text):
        if ref.kind == "dur" and not _PERFECT.search(text):
            continue
        if _DEADLINE.match(ref.text) or _DEADLINE_BEFORE.search(text[:ref.start]):
            continue  # "by August", "until the end of March": an end, not a start
        value = resolve(ref, at)
        if value is not None:
            return value
    return None


def resolve(ref: TimeRef, at: datetime) -> datetime | None:
    """The start of the period `ref` names, relative to `at` (local midnight in `at`'s
    offset); None when it names none."""
    at = local_time(at)
    day0 = at.replace(hour=0, minute=0, second=0, microsecond=0)
    words = _WORD.findall(ref.text.lower())
    value: datetime | None
    if ref.kind == "future":
        return None
    if ref.kind == "date":
        value = _parse_date(ref.text, day0)
    elif ref.kind in ("ago", "dur"):
        value = _minus(ref.text, day0)
    elif ref.kind == "rel":
        value = _relative(words, day0)
    elif ref.kind == "day" and words[:4] == ["this", "time", "last", "year"]:
        value = day0.replace(year=day0.year - 1, day=min(day0.day, 28 if day0.month == 2
                                                               else day0.day))
    elif ref.kind == "day":
        value = day0 - timedelta(days=14 if words[:4] == ["the", "week", "before", "last"]
                                 else 2 if ("before" in words or words[-2:] == ["other", "day"])
                                 else 7 if words[-1] == "week" else
                                 1 if ("yesterday" in words or "night" in words) else 0)
    elif ref.kind == "part":
        value = _part(words, day0)
    elif ref.kind == "season":
        value = _season(words, day0)
    elif ref.kind == "holiday":
        value = _holiday(words, day0)
    elif ref.kind == "dom":
        value = _day_of_month(words, day0, step=-1)
    elif ref.kind == "wday":
        value = _weekday(words, day0, step=-1)
    elif ref.kind == "month":
        value = _month(words, day0)
    else:  # year: "in late 2019" is its autumn, "mid-2021" its summer
        month = (10 if "late" in words or "end" in words else
                 6 if "mid" in words or "middle" in words else 1)
        value = day0.replace(year=int(next(w for w in words if w.isdigit())), month=month,
                             day=1)
    if value is not None and value > at:
        return day0
    return value


def future_in(text: str, at: datetime) -> datetime | None:
    """The first future date named in `text` ("on the 11th", "next spring", "in March",
    "June 12" told on 1 May: this year's), relative to `at`; None when none is named or it
    is too vague to date ("soon", "one day", "later this year")."""
    for ref in find_times(text):
        if _DEADLINE.match(ref.text) or _DEADLINE_BEFORE.search(text[:ref.start]):
            continue  # "by June": a deadline, not when it starts
        value = resolve_future(ref, at)
        if value is not None:
            return value
    return None


def resolve_future(ref: TimeRef, at: datetime) -> datetime | None:
    """The start of the next period `ref` names after `at`, in `at`'s offset (None: it names
    none, or only a past one: "last week", "two days ago")."""
    day0 = local_time(at).replace(hour=0, minute=0, second=0, microsecond=0)
    words = _WORD.findall(ref.text.lower())
    value: datetime | None = None
    if words and (words[0] == "since" or "last" in words[:2]):
        return None  # "since Monday", "last Christmas", "since the 3rd": only ever behind
    if ref.kind == "future":
        value = _next(words, ref.text, day0)
    elif ref.kind == "date":
        value = _dateparse(_date_text(ref.text), day0.isoformat(), "future")
    elif ref.kind == "dom":
        value = _day_of_month(words, day0, step=1)
    elif ref.kind == "wday":
        value = _weekday(words, day0, step=1)
    elif ref.kind == "holiday" and "since" not in words:
        # "home for Christmas", "at Easter" told ahead: the next one
        value = _holiday_in(words, day0, day0.year)
        value = value if value > day0 else _holiday_in(words, day0, day0.year + 1)
    elif ref.kind == "part" and "last" not in words and words[-1] == "month":
        # "at the end of the month": this month's last day; "the start of the month": the next
        last = monthrange(day0.year, day0.month)[1]
        value = (day0.replace(day=last) if "end" in words or "late" in words
                 else day0.replace(day=15) if "mid" in words or "middle" in words
                 else _add_months(day0.replace(day=1), 1))
    elif ref.kind in ("month", "season", "year") or (ref.kind == "rel" and words[0] == "this"):
        unit = next((w for w in words if w in _MONTHS or w in _SEASON_START), None)
        years = [int(w) for w in words if w.isdigit() and len(w) == 4]
        if ref.kind == "year" or (unit is None and years):
            value = day0.replace(year=years[0], month=1, day=1) if years else None
        elif unit in _MONTHS:
            value = _upcoming(day0, _MONTHS[unit], years)
            if "end" in words or "late" in words or "mid" in words or "middle" in words:
                last = monthrange(value.year, value.month)[1]
                value = value.replace(day=last if "end" in words else 21 if "late" in words
                                      else 15)
        elif unit in _SEASON_START:
            value = _upcoming(day0, _SEASON_START[unit], years)
        elif unit in _WEEKDAYS:
            value = _weekday(words, day0, step=1)
    return value if value is not None and value > day0 else None


def _upcoming(day0: datetime, month: int, years: list[int]) -> datetime:
    """The first day of `month` next to come ("in March" told in April: next year's)."""
    if years:
        return day0.replace(year=years[0], month=month, day=1)
    year = day0.year if month > day0.month else day0.year + 1
    return day0.replace(year=year, month=month, day=1)


def _next(words: list[str], text: str, day0: datetime) -> datetime | None:
    """'tomorrow', 'next week', 'next spring', 'in three weeks': vague ones give None."""
    if words[0] == "tomorrow":
        return day0 + timedelta(days=1)
    if words[-3:] == ["week", "after", "next"]:
        return day0 - timedelta(days=day0.weekday()) + timedelta(days=14)
    if words[-2:] == ["new", "year"]:
        return day0.replace(year=day0.year + 1, month=1, day=1)
    m = NUM_UNIT.search(text)
    if words[0] == "in" and m is not None:
        span = day0 - (_minus(m.group(0), day0) or day0)
        return day0 + span if m.group(2).lower().rstrip("s") in ("day", "week", "fortnight") \
            else _add_months(day0, round(span.days / 30.4))
    if words[0] not in ("next", "this") or len(words) < 2:
        return None  # soon, some day, upcoming, by the end of the year
    unit = words[-1]
    if unit in ("week", "weekend"):
        monday = day0 - timedelta(days=day0.weekday()) + timedelta(days=7)
        return monday + timedelta(days=5) if unit == "weekend" else monday
    if unit == "month":
        return _add_months(day0.replace(day=1), 1)
    if unit == "year":
        return day0.replace(year=day0.year + 1, month=1, day=1)
    if unit in _SEASON_START:
        return _upcoming(day0, _SEASON_START[unit], [])
    if unit in _MONTHS:
        return _upcoming(day0, _MONTHS[unit], [])
    if unit in _WEEKDAYS:
        return _weekday(words, day0, step=1)
    return None


def _weekday(words: list[str], day0: datetime, *, step: int) -> datetime:
    """The named weekday nearest `day0` in the direction of `step` (today counts back)."""
    target = next(_WEEKDAYS[w] for w in words if w in _WEEKDAYS)
    if step < 0:
        return day0 - timedelta(days=(day0.weekday() - target) % 7)
    return day0 + timedelta(days=(target - day0.weekday()) % 7 or 7)


def _day_of_month(words: list[str], day0: datetime, *, step: int) -> datetime | None:
    """'the 11th' (or 'Monday the 11th'): the nearest such day in the direction of `step`
    (a weekday given picks the one that falls on it, within a year)."""
    day = _day_number(words)
    if day is None:
        return None
    weekday = next((_WEEKDAYS[w] for w in words if w in _WEEKDAYS), None)
    month = day0.replace(day=1)
    for shift in range(0, 13 * step, step):
        first = _add_months(month, shift)
        if day > monthrange(first.year, first.month)[1]:
            continue
        value = first.replace(day=day)
        if (value > day0 if step > 0 else value <= day0) and (
                weekday is None or value.weekday() == weekday):
            return value
    return None


_ORDINALS = {w: i for i, w in enumerate((
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth"), start=1)} | {"thirtieth": 30}
_TENS = {"twenty": 20, "thirty": 30}


def _day_number(words: list[str]) -> int | None:
    """The day of a month `words` name: "11" (from "11th"), "first", "twenty-second"."""
    for i, w in enumerate(words):
        if w.isdigit():
            return int(w)
        if w in _TENS and i + 1 < len(words) and words[i + 1] in _ORDINALS:
            return _TENS[w] + _ORDINALS[words[i + 1]]
        if w in _ORDINALS:
            return _ORDINALS[w]
    return None


def _part(words: list[str], day0: datetime) -> datetime:
    """'the start of the year', 'late last year', 'mid-month': the part's first day."""
    year = day0.year - (1 if "last" in words else 0)
    late, mid = ("end" in words or "late" in words), ("middle" in words or "mid" in words)
    if words[-1] == "year":
        return day0.replace(year=year, month=10 if late else 6 if mid else 1, day=1)
    start = day0.replace(day=1) if "last" not in words else _add_months(day0.replace(day=1), -1)
    return start.replace(day=21 if late else 11 if mid else 1)


def _season(words: list[str], day0: datetime) -> datetime:
    """'in the spring', 'since the summer': the most recent such season that has begun."""
    season = next(w for w in words if w in _SEASON_START)
    month = _SEASON_START[season]
    years = [int(w) for w in words if w.isdigit() and len(w) == 4]
    year = years[0] if years else day0.year if month <= day0.month else day0.year - 1
    return day0.replace(year=year, month=month, day=1)


_HOLIDAYS = {"christmas": (12, 20), "xmas": (12, 20), "easter": (4, 1), "new": (1, 1),
             "thanksgiving": (11, 20), "holidays": (12, 20), "boxing": (12, 26)}


def _holiday(words: list[str], day0: datetime) -> datetime:
    """'over Christmas', 'since New Year': the most recent one (Easter by its own date,
    which moves from late March to late April)."""
    value = _holiday_in(words, day0, day0.year)
    return value if value <= day0 else _holiday_in(words, day0, day0.year - 1)


def _holiday_in(words: list[str], day0: datetime, year: int) -> datetime:
    if "easter" in words:
        sunday = easter(year) + timedelta(days=1 if "monday" in words else 0)
        return day0.replace(year=year, month=sunday.month, day=sunday.day)
    month, day = next(_HOLIDAYS[w] for w in words if w in _HOLIDAYS)
    if "eve" in words or ("day" in words and words[-2:] != ["boxing", "day"]):
        # Christmas Eve and Day, New Year's Eve and Day: the day itself
        month, day = ((12, 24) if "christmas" in words and "eve" in words else
                      (12, 25) if "christmas" in words else
                      (12, 31) if "eve" in words else (1, 1))
    return day0.replace(year=year, month=month, day=day)


def _month(words: list[str], day0: datetime) -> datetime:
    month = next(_MONTHS[w] for w in words if w in _MONTHS)
    years = [int(w) for w in words if w.isdigit() and len(w) == 4]
    if years:
        year = years[0]
    elif words[-2:] in (["last", "year"], ["this", "year"]):
        year = day0.year - (1 if words[-2] == "last" else 0)
    else:
        # Told in November, "in August" is this year's; told in February, last year's.
        year = day0.year if month <= day0.month else day0.year - 1
    # "I left at the end of August" is its last day, "in late May" its last third, "mid-June"
    # its middle: a month's start would end a job or a stay weeks early.
    day = (monthrange(year, month)[1] if "end" in words else 21 if "late" in words
           else 15 if "mid" in words or "middle" in words else 1)
    return day0.replace(year=year, month=month, day=day)


def _relative(words: list[str], day0: datetime) -> datetime:
    unit = words[-1]
    this = words[0] in ("this", "earlier") and words[:2] != ["this", "past"]
    if unit in ("week", "weekend"):
        monday = day0 - timedelta(days=day0.weekday())
        start = monday if this else monday - timedelta(days=7)
        return start + timedelta(days=5) if unit == "weekend" else start
    if unit == "month":
        return day0.replace(day=1) if this else _add_months(day0.replace(day=1), -1)
    if unit == "year":
        return day0.replace(month=1, day=1, year=day0.year - (0 if this else 1))
    if unit in _SEASON_START:
        month = _SEASON_START[unit]
        year = day0.year if month <= day0.month else day0.year - 1
        if not this and month <= day0.month < month + 3:
            year -= 1
        return day0.replace(year=year, month=month, day=1)
    if unit in _WEEKDAYS:
        back = (day0.weekday() - _WEEKDAYS[unit]) % 7 or (0 if this else 7)
        return day0 - timedelta(days=back)
    month = _MONTHS[unit]
    year = day0.year if month < day0.month or (this and month == day0.month) else day0.year - 1
    return day0.replace(year=year, month=month, day=1)


def _minus(text: str, day0: datetime) -> datetime | None:
    m = NUM_UNIT.search(text)
    if m is None:
        return None
    raw = m.group(1).lower()
    unit = m.group(2).lower()
    if raw.endswith(" and a half"):  # "two and a half years": the same as "two years and a half"
        raw, unit = raw.removesuffix(" and a half"), f"{unit} and a half"
    if unit.endswith(" and a half"):  # "a year and a half ago": the half, then the whole
        unit = unit.removesuffix(" and a half").rstrip("s")
        whole = _minus(f"{raw} {unit}", day0)
        return _minus(f"half a {unit}", whole) if whole is not None else None
    unit = unit.rstrip("s")
    if raw.startswith("half"):
        return {"day": day0, "week": day0 - timedelta(days=3), "fortnight": day0 - timedelta(
            days=7), "month": day0 - timedelta(days=15), "year": _add_months(day0, -6)}.get(
            unit, _add_months(day0, -60))
    n = int(raw) if raw.isdigit() else _NUMBERS.get(raw, 1)
    if unit == "fortnight":
        return day0 - timedelta(weeks=2 * n)
    if unit == "day":
        return day0 - timedelta(days=n)
    if unit == "week":
        return day0 - timedelta(weeks=n)
    if unit == "month":
        return _add_months(day0, -n)
    return _add_months(day0, -12 * n * (10 if unit == "decade" else 1))


def _add_months(day: datetime, months: int) -> datetime:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return day.replace(year=year, month=month + 1,
                       day=min(day.day, monthrange(year, month + 1)[1]))


def _parse_date(text: str, day0: datetime) -> datetime | None:
    return _dateparse(_date_text(text), day0.isoformat(), "past")


def _date_text(text: str) -> str:
    """'the 8th of May' as dateparser reads it best: '8 may'."""
    cleaned = re.sub(r"\b(\d+)(?:st|nd|rd|th)\b", r"\1", text.strip().lower())
    cleaned = re.sub(r"\b(?:(?:twenty|thirty)[\s-])?[a-z]+(?:st|nd|rd|th)\b",
                     lambda m: str(_day_number(_WORD.findall(m.group(0))) or m.group(0)), cleaned)
    cleaned = re.sub(r"^(?:on|from|since) ", "", cleaned)
    cleaned = re.sub(rf"^{WEEKDAY},? ", "", cleaned)  # "Tuesday, October 13": the date rules
    return cleaned.replace(" of ", " ").removeprefix("the ")


@lru_cache(maxsize=4096)
def _dateparse(text: str, day0_iso: str, prefer: str) -> datetime | None:
    import dateparser  # heavy; imported on the first explicit date only

    day0 = datetime.fromisoformat(day0_iso)
    settings = {"RELATIVE_BASE": day0.replace(tzinfo=None), "PREFER_DATES_FROM": prefer,
                "TIMEZONE": "UTC", "RETURN_AS_TIMEZONE_AWARE": True}
    value = dateparser.parse(text, languages=["en"], settings=settings)
    if value is None:
        return None
    # dateparser reads the day on `day0`'s own (naive) calendar: the date is the speaker's.
    return as_utc(value).replace(hour=0, minute=0, second=0, microsecond=0,
                                 tzinfo=day0.tzinfo)


def span_before(text: str, end: datetime) -> datetime | None:
    """When a span named in `text` ("for six years", "three weeks") began, if it ran until
    `end`; None when `text` names no span."""
    m = NUM_UNIT.search(text)
    day0 = local_time(end).replace(hour=0, minute=0, second=0, microsecond=0)
    return _minus(m.group(0), day0) if m is not None else None

