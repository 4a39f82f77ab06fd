"""`VectorBytes`: a vector in pgvector's binary format, decoded when numpy asks for it."""
from __future__ import annotations

import struct

import numpy as np

from infra.db.vectors import VectorBytes


def _send(values):
    # pgvector's vector_send: int16 dimension, int16 unused, big-endian float4s.
    return struct.pack(f">hh{len(values)}f", len(values), 0, *values)


def test_decodes_to_the_floats_sent_and_stacks_like_an_array():
    a, b = VectorBytes(_send([1.0, -2.5, 3.0])), VectorBytes(_send([0.0, 0.5, 1.0]))
    assert np.asarray(a).tolist() == [1.0, -2.5, 3.0]
    assert np.asarray(a).dtype == np.float32
    m = np.vstack([a, b]).astype(np.float64)
    assert m.shape == (2, 3) and m[1].tolist() == [0.0, 0.5, 1.0]
    assert np.asarray(a, dtype=np.float64).dtype == np.float64
