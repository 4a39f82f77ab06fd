"""Vectors written in pgvector's binary format.

pgvector's SQLAlchemy type binds a vector as text: 384 floats formatted in Python (~60 us a
vector, ~0.7 ms of a consolidated session's CPU) and parsed again by the server. Here the
column type hands psycopg a `pgvector.Vector`, and each connection dumps that class in the
binary format once it knows the type's oid (a connection opened before the extension
existed sends text, typed by the server from the column, as before)."""
from __future__ import annotations

from typing import Any

from pgvector import Vector as PgVector
from pgvector.psycopg.vector import VectorBinaryDumper, VectorDumper
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


def register_vector_dumper(conn: Any) -> bool:
    """Teach a new psycopg connection to send `pgvector.Vector` binary (True), or as text
    of unknown type when the vector type does not exist yet (False)."""
    info = TypeInfo.fetch(conn, "vector")
    if not conn.autocommit:
        conn.rollback()  # the lookup opened a transaction: leave the connection idle
    if info is None:
        conn.adapters.register_dumper(PgVector, VectorDumper)
        return False
    conn.adapters.register_dumper(PgVector, type("VectorDumper", (VectorBinaryDumper,),
                                                 {"oid": info.oid}))
    return True
