"""The baselines of `reverie bench retrieval`, over the same raw turns the system captured:
BM25 and dense retrieval with the system's own embedder (vectors cached on disk)."""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

class Bm25Index:
    """BM25 (bm25s, Lucene variant, English stopwords) over raw turn texts."""

    def __init__(self, texts: Sequence[str]) -> None:
        import logging

        import bm25s
        logging.getLogger("bm25s").setLevel(logging.WARNING)
        self._bm25s = bm25s
        self._n = len(texts)
        self._model = bm25s.BM25()
        self._model.index(self._tok(texts), show_progress=False)

    def _tok(self, texts: Sequence[str]) -> list[list[str]]:
        return self._bm25s.tokenize(list(texts), stopwords="en", show_progress=False,
                                    return_ids=False)

    def rank(self, query: str, k: int) -> list[int]:
        docs, scores = self._model.retrieve(self._tok([query]), k=min(k, self._n),
                                            show_progress=False)
        return [int(d) for d, s in zip(docs[0], scores[0]) if s > 0]


class DenseIndex:
    """Cosine similarity over normalised embeddings of raw turns."""

    def __init__(self, vectors: np.ndarray) -> None:
        self._m = vectors

    def rank(self, qvec: Sequence[float], k: int) -> list[int]:
        sims = self._m @ np.asarray(qvec, dtype=np.float32)
        top = np.argsort(-sims, kind="stable")[:k]
        return [int(i) for i in top]


class VectorCache:
    """Embeddings of baseline texts on disk, keyed by embedder and text (None: no cache)."""

    def __init__(self, folder: Path | None, embedder) -> None:
        self.folder, self.embedder = folder, embedder

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        path = None
        if self.folder is not None:
            digest = hashlib.sha1("\x1e".join(texts).encode()).hexdigest()[:20]
            path = self.folder / f"{self.embedder.name}-{digest}.npy"
            if path.exists():
                return np.load(path)
        vectors = np.asarray(self.embedder.embed(list(texts)), dtype=np.float32)
        vectors = vectors.reshape(len(texts), -1)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        vectors = vectors / np.where(norms == 0, 1.0, norms)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, vectors)
        return vectors
