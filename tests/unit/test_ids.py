"""Identifier rules: whole strings are checked (a trailing newline is not a valid end)."""
from __future__ import annotations

import pytest

from schemas.errors import InvalidInput
from schemas.ids import check_ident, check_namespace

BAD = ["tenant-a\n", "tenant-a\r\n", "\ntenant-a", "tenant a", "", "-a", "a;drop", "a\x00",
       "a" * 200]


@pytest.mark.parametrize("value", BAD)
def test_bad_namespaces_are_refused(value):
    with pytest.raises(InvalidInput, match="invalid namespace"):
        check_namespace(value)


@pytest.mark.parametrize("value", BAD)
def test_bad_idents_are_refused(value):
    with pytest.raises(InvalidInput, match="invalid user id"):
        check_ident(value, "user id")


@pytest.mark.parametrize("value", ["tenant-a", "a", "t.1_x", "a" * 64])
def test_good_namespaces_pass_unchanged(value):
    assert check_namespace(value) == value


@pytest.mark.parametrize("value", ["u-1", "alice@example.com", "s:2026-01-01", "a" * 128])
def test_good_idents_pass_unchanged(value):
    assert check_ident(value, "user id") == value
