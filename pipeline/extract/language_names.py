"""Language names from a maintained offline resource (pycountry's ISO 639-1 table, shipped
inside the pinned package), so "I speak Tigrinya and Amharic" needs no hand list.

Only the ISO 639-1 languages (about 180, those with a two-letter code) are taken, their
qualifiers dropped ("Malay (macrolanguage)" is Malay); names that are more often a word, a
country or a place than a language are left out. Loaded once at import; no network.
"""
from __future__ import annotations

import re

import pycountry

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
