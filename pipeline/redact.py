"""PII redaction before a transcript is stored, and text redaction for erasure. Pure."""
from __future__ import annotations

import re

_EMAIL = re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b")
_CARD = re.compile(r"\b(?:\d[ -]?){12,18}\d\b")
_PHONE = re.compile(r"(?<!\w)(?:\+?\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?)?\d{3,4}[ .-]?\d{3,4}"
                    r"(?:[ .-]?\d{2,4})?(?!\w)")

REDACTED = "[redacted]"


def _luhn_ok(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def redact_pii(text: str) -> str:
    """Replace emails, card numbers (Luhn-checked) and phone numbers with placeholders."""
    text = _EMAIL.sub("[email]", text)

    def card(m: re.Match[str]) -> str:
        digits = re.sub(r"\D", "", m.group(0))
        return "[card]" if 13 <= len(digits) <= 19 and _luhn_ok(digits) else m.group(0)

    text = _CARD.sub(card, text)

    def phone(m: re.Match[str]) -> str:
        digits = re.sub(r"\D", "", m.group(0))
        return "[phone]" if len(digits) >= 7 else m.group(0)

    return _PHONE.sub(phone, text)


def contains_text(haystack: str, needle: str) -> bool:
    """Case-insensitive containment, as the erasure and evaluation checks use it."""
    return needle.strip().lower() in haystack.lower()


def redact_text(text: str, needle: str) -> str:
    """Remove every occurrence of `needle` (case-insensitive) from `text`."""
    if not needle.strip():
        return text
    return re.sub(re.escape(needle.strip()), REDACTED, text, flags=re.IGNORECASE)
