"""Comparing objects: when two statements name the same value."""
from __future__ import annotations

import re

_PUNCT = re.compile(r"[^\w\s-]")
_SPACE = re.compile(r"\s+")
_ARTICLE = re.compile(r"^(the|a|an)\s+")


def norm(value: str) -> str:
    """Lower-case, without punctuation, articles or plural s: the comparison key."""
    v = _SPACE.sub(" ", _PUNCT.sub(" ", value.lower())).strip()
    v = _ARTICLE.sub("", v)
    words = [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
             for w in v.split(" ")]
    return " ".join(words)


def same_value(a: str, b: str) -> bool:
    """'Berlin' names the same value as 'berlin' and as 'Berlin, Germany'."""
    na, nb = norm(a), norm(b)
    if not na or not nb:
        return False
    return na == nb or na.startswith(nb + " ") or nb.startswith(na + " ")
