"""Vectors written in pgvector's binary format.

pgvector's SQLAlchemy type binds a vector as text: 384 floats formatted in Python (~60 us a
vector, ~0.7 ms of a consolidated session's CPU) and parsed again by the server. Here the
column type hands psycopg a `pgvector.Vector`, which every engine connection dumps in the
binary format (`on_connect`); recall's statements use the same adapters for their query
vector, and read fragment vectors as raw bytes (`VectorBytes`)."""
from __future__ import annotations

from typing import Any

import numpy as np

from pgvector import Vector as PgVector
from pgvector.psycopg.vector import VectorDumper, register_vector_info
from pgvector.sqlalchemy import Vector as _Vector
from psycopg.types import TypeInfo


class BinaryVector(_Vector):
    """`pgvector.sqlalchemy.Vector`, bound as a `pgvector.Vector` (see the module doc)."""

    cache_ok = True

    def bind_processor(self, dialect: Any) -> Any:
        def process(value: Any) -> PgVector | None:
            if value is None or isinstance(value, PgVector):
                return value
            return PgVector(value)
        return process


def register_vector_adapters(conn: Any) -> bool:
    """pgvector's adapters on a psycopg connection, once per connection: `pgvector.Vector`
    and numpy arrays dumped binary, vectors loaded as `pgvector.Vector` (the SQLAlchemy
    type turns those into lists as it does text). Before the vector type exists (a fresh
    database, before its migrations) `pgvector.Vector` goes as text of unknown type, typed
    by the server from the column, and False is returned (asked again next time)."""
    if getattr(conn, "_reverie_vector", False):
        return True
    info = TypeInfo.fetch(conn, "vector")
    if info is None:
        conn.adapters.register_dumper(PgVector, VectorDumper)
        return False
    register_vector_info(conn, info)
    conn._reverie_vector = True
    return True


def on_connect(conn: Any, _record: Any = None) -> None:
    """Engine `connect` hook: the adapters, and the connection left idle (the type lookup
    opened a transaction)."""
    register_vector_adapters(conn)
    if not conn.autocommit:
        conn.rollback()


class VectorBytes:
    """A vector in pgvector's binary format (`vector_send`: dimension, unused, big-endian
    float4s), decoded only when numpy asks for it: recall reads the vectors of its fragment
    rows, and needs those of the few it keeps."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        dim = int.from_bytes(self.data[:2], "big")
        return np.frombuffer(self.data, dtype=">f4", count=dim, offset=4).astype(
            dtype or np.float32)
