"""The city as the scene the user speaks from: "classic Dundee March", "typical Glasgow
weather today", "welcome to Trondheim in November", "snowed in again in Reykjavík",
"Sunday evening in Graz and the house is finally quiet", "Aarhus itself is windier than
anyone warned me".

Nobody says these of a city they only read about: the weather or the hour of a place, told
in the present as the setting of the sentence, is where the speaker is. They are weak
evidence (home_place.py gives them a lower confidence, and only when nothing in the turn
says trip or visit) and they give nothing when the sentence is a question, a condition,
somebody else's clause, a report ("my sister says Oslo is freezing", "apparently Oslo is
freezing") or a comparison with another place ("Oslo is colder than Bergen", "than here").
Pure.
"""
from __future__ import annotations

import re

from pipeline.extract.mentions import NOT_NAMES, longest_place
from pipeline.extract.mood import mood_at

_I = re.IGNORECASE
_CITY = r"(?P<{g}>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){{0,2}})"
_MONTHS = (r"january|february|march|april|may|june|july|august|september|october|november"
           r"|december")
_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
#: Weather said of a place as it is now: "Aarhus itself is windier", "Oslo's freezing".
_WEATHER = (r"wind(?:y|ier)|cold(?:er)?|freezing|chilly|bitter|icy|snowy|rainy|wet(?:ter)?"
            r"|grey(?:er)?|gray(?:er)?|dark(?:er)?|foggy|misty|stormy|humid|muggy|sweltering"
            r"|boiling|baking|roasting|scorching|hot(?:ter)?|warm(?:er)?|sunny|sunnier")
_SCENERY = re.compile(
    r"\b(?:classic|typical|proper|quintessential|peak|standard|textbook|true|real)\s+"
    + _CITY.format(g="m") + r"\s+(?:(?:winter|summer|spring|autumn|fall|" + _DAYS
    + r"|weekend)\s+)?(?:weather|winters?|summers?|springs?|autumns?|fall|rain|drizzle"
    r"|downpour|fog|sunshine|heat|cold|wind|gales?|grey|skies|mornings?|evenings?|days?"
    r"|nights?|commute|traffic|" + _MONTHS + r")\b"
    # "It's dark at half three already, welcome to Trondheim in November."
    r"|\bwelcome\s+to\s+" + _CITY.format(g="m2") + r"\s+in\s+(?:the\s+)?(?:winter|summer"
    r"|spring|autumn|fall|rain|dark|" + _MONTHS + r")\b"
    # "Snowed in again in Reykjavík": kept at home by the weather, so home is there.
    r"|\b(?:snowed|iced|rained|frozen)\s+in\s+(?:(?:again|once\s+again|here)\s+)?in\s+"
    + _CITY.format(g="m3") + r"(?!\s+(?:airport|station|hotel|on\s+(?:a|the|our|my)))\b"
    # "Sunday evening in Graz and the house is quiet", "Another grey morning in Hull.": the
    # hour of the place opens the sentence, with no verb, as its setting.
    r"|^(?:(?:another|a|the|one|yet|late|early)\s+)*(?:(?:grey|gray|wet|rainy|cold|snowy"
    r"|sunny|windy|foggy|freezing|quiet|lazy|slow|dark|chilly|stormy|misty)\s+)?(?:(?:"
    + _DAYS + r")\s+)?(?:morning|afternoon|evening|night|" + _DAYS + r")\s+(?:here\s+)?in\s+"
    + _CITY.format(g="m4") + r"(?=\s*(?:[.!:;\u2013\u2014-]|,?\s*and\b|$))"
    # "Aarhus itself is windier than anyone warned me", "Oslo's freezing again".
    r"|(?:^|(?<=[,;:]\s)|(?<=\band\s)|(?<=\bbut\s))" + _CITY.format(g="m5")
    + r"(?:\s+itself)?(?:\s+is|'s)\s+(?:(?:so|really|very|properly|already|still|absolutely"
    r"|bitterly|much|even|way|far|a\s+lot|again|just)\s+)*(?:" + _WEATHER + r")\b",
    _I)
_GROUPS = ("m", "m2", "m3", "m4", "m5")
#: The sentence tells somebody else's word on the place, not the user's own.
_REPORTED = re.compile(r"\b(?:says?|said|tells?|told|heard|hear|read|apparently|according"
                       r"|news|forecast|reports?|reportedly|supposedly|texted|messaged)\b", _I)
#: Right after the weather: a comparison with another place ("than Bergen", "than here").
_THAN = re.compile(r"^[^,;.]*?\bthan\s+(?:here|home|at\s+home|back\s+home|where"
                   r"|(?-i:(?!I\b)[A-Z]))", _I)
#: Right after the weather: what the place is like in general ("Oslo is dark in winter").
_GENERIC = re.compile(r"^\s*(?:in\s+(?:the\s+)?(?:winter|summer|spring|autumn|fall|" + _MONTHS
                      + r")|all\s+year|every|most\s+of\s+the)\b", _I)


def scene_city(text: str) -> str | None:
    """The city sentence `text` speaks from as its scene, when the user's own statement."""
    question = text.rstrip().endswith("?")
    for m in _SCENERY.finditer(text):
        group = next(g for g in _GROUPS if m.group(g))
        city = _city_in(m.group(group))
        if city is None:
            continue
        if group == "m5" and (_REPORTED.search(text) or _THAN.match(text[m.end():])
                              or _GENERIC.match(text[m.end():])):
            continue
        mood = mood_at(text, m.start(), question=question)
        if mood.modality == "asserted" and mood.subject == "user":
            return city
    return None


def _city_in(run: str) -> str | None:
    """The longest leading part of `run` the gazetteer knows as a city (not a country)."""
    words = run.split()
    if words and words[0] in NOT_NAMES:
        words = words[1:]
    place = longest_place(words)
    return place[0] if place is not None and place[1] == "city" else None
