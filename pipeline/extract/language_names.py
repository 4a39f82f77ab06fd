"""Language names from maintained offline resources (pycountry's ISO 639-1 table, and the
English names of Unicode CLDR's languages from Babel, both shipped inside the pinned
packages), so "I speak Tigrinya and Amharic" or "my grandmother's Aromanian" needs no hand
list.

Only the ISO 639-1 languages (about 180, those with a two-letter code) are taken, their
qualifiers dropped ("Malay (macrolanguage)" is Malay); names that are more often a word, a
country or a place than a language are left out. Loaded once at import; no network.
"""
from __future__ import annotations

import re

import pycountry
from babel import Locale

#: ISO 639-1 names people far more often mean as something else (a word, a country, a
#: people), or that nobody says when telling what they speak.
_NOT_SAID = frozenset({
    "Afar", "Ewe", "Ido", "Komi", "Kongo", "Ganda", "Nauru", "Sango", "Tonga", "Venda", "Cree",
    "Herero", "Pali", "Avestan", "Church Slavic", "Hiri Motu", "Interlingue", "Interlingua",
    "Volapük", "Sichuan Yi", "Ndonga", "Kuanyama", "Luba-Katanga", "Marshallese", "Fulah",
    "Limburgan", "Rundi", "Swati", "Chamorro", "Avaric", "Modern Greek", "Haitian", "Manx",
    "Komi", "Oriya", "Pushto", "Panjabi", "Kirghiz", "Uighur", "Divehi", "Kanuri", "Tatar",
})
_QUALIFIER = re.compile(r"\s*\(.*\)$")


def iso_languages() -> frozenset[str]:
    """ISO 639-1 language names, cleaned, minus the ones in `_NOT_SAID`."""
    names = set()
    for language in pycountry.languages:
        if not hasattr(language, "alpha_2"):
            continue
        name = _QUALIFIER.sub("", language.name)
        if name not in _NOT_SAID and re.fullmatch(r"[A-Z][\w'-]+(?: [A-Z][\w'-]+)?", name):
            names.add(name)
    return frozenset(names)


#: CLDR names that are more often a place, a people, a word or an adjective of food and
#: style than a language someone says they speak, or that are constructed or dead languages.
_CLDR_NOT_SAID = frozenset({
    # places of the gazetteer (towns of 5,000 and more, countries, US states)
    "Alabama", "Bafia", "Bafut", "Banjar", "Cherokee", "Cheyenne", "Chickasaw", "Choctaw",
    "Delaware", "Duala", "Ganda", "Gorontalo", "Lamba", "Lombard", "Makasar", "Masai", "Mende",
    "Mongo", "Nauru", "Pahlavi", "Seneca", "Taita", "Tigre", "Tuvalu",
    # words, peoples and adjectives ("Sicilian pizza", "Balinese massage", "Gothic")
    "Slave", "Gothic", "Prussian", "Picard", "Dakota", "Osage", "Caddo", "Carib", "Arawak",
    "Mohawk", "Rombo", "Langi", "Lunda", "Sicilian", "Venetian", "Neapolitan", "Bavarian",
    "Hawaiian", "Piedmontese", "Ligurian", "Emilian", "Romagnol", "Balinese", "Colognian",
    "Zeelandic", "Jutish", "Walser", "Mossi", "Kongo", "Sango", "Venda", "Herero", "Swati",
    "Rundi", "Avaric", "Avestan", "Tatar", "Divehi", "Kanuri", "Chamorro", "Marshallese",
    "Kuanyama", "Ndonga",
    # constructed, ancient or liturgical
    "Klingon", "Lojban", "Novial", "Kotava", "Afrihili", "Blissymbols", "Interlingua",
    "Interlingue", "Phoenician", "Sumerian", "Hittite", "Akkadian", "Elamite", "Ugaritic",
    "Khotanese", "Sogdien", "Chagatai", "Coptic", "Syriac", "Mandaic",
})
#: Short CLDR names are too often a given name or a word ("Fon", "Kom", "Nama", "Mari").
_CLDR_MIN_LENGTH = 5


def cldr_languages() -> frozenset[str]:
    """CLDR's English one-word language names (a hyphen allowed: "Kara-Kalpak"), minus the
    ones in `_CLDR_NOT_SAID` and `_NOT_SAID`."""
    names = set()
    for code, name in Locale("en").languages.items():
        if ("_" not in code and len(name) >= _CLDR_MIN_LENGTH
                and name not in _CLDR_NOT_SAID and name not in _NOT_SAID
                and re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z]?[a-z]+)?", name)):
            names.add(name)
    return frozenset(names)
