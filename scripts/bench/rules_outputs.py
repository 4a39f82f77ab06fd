"""The rule extractor's outputs and CPU, for changes that must not change a single claim.

`record` writes, for every session of the consolidate bench's generator (its seed, more
users) and of every scenario set given, the claims `RuleExtractor().extract` gives and those
`extract_turn` gives for each turn, as JSON lines; `compare` diffs two such files exactly.
`time` reports the extractor's CPU (time.process_time) per bench session: the first pass over
the sessions in a fresh process (cold caches, the bench's case) and a second pass (warm).

    PYTHONPATH=$PWD python -m scripts.bench.rules_outputs record OUT.jsonl [SCENARIO_DIR ...]
    PYTHONPATH=$PWD python -m scripts.bench.rules_outputs compare A.jsonl B.jsonl
    PYTHONPATH=$PWD python -m scripts.bench.rules_outputs time [--sessions 200] [--repeats 5]
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

BENCH_SEED = 7
BENCH_SESSIONS, BENCH_TURNS = 5, 20


def bench_transcripts(n: int) -> list:
    from scripts.bench.conversations import generate
    users = max(1, -(-n // BENCH_SESSIONS))
    return generate(BENCH_SEED, "rulesbench", users, BENCH_SESSIONS, BENCH_TURNS)[:n]


def scenario_transcripts(paths: list[Path]) -> list[tuple[str, object]]:
    """Every session step of the scenario files, as the eval runner captures it."""
    from schemas.records import Transcript, Turn
    from scripts.eval.scenario import parse_time, scenario_files
    out = []
    for path in scenario_files(paths):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for step in doc.get("steps", []):
            body = step.get("session") if isinstance(step, dict) else None
            if not isinstance(body, dict):
                continue
            started = parse_time(body["started_at"], "started_at")
            turns = tuple(Turn(index=i, role=t["role"], text=t["text"],
                               at=started + timedelta(seconds=t.get("offset_s", 30 * i)))
                          for i, t in enumerate(body.get("turns", [])))
            out.append((f"{path}#{body['id']}",
                        Transcript(namespace=str(doc["namespace"]), user_id=str(doc["user"]),
                                   session_id=body["id"], started_at=started,
                                   ended_at=turns[-1].at if turns else started, turns=turns)))
    return out


def _claims(claims) -> list:
    return [c.model_dump(mode="json") for c in claims]


def record(out: Path, dirs: list[Path]) -> None:
    from pipeline.extract.rules import RuleExtractor, extract_turn
    ex = RuleExtractor()
    sessions = [(f"bench#{t.user_id}/{t.session_id}", t) for t in bench_transcripts(200)]
    sessions += scenario_transcripts(dirs)
    with out.open("w", encoding="utf-8") as f:
        for key, t in sessions:
            row = {"key": key, "session": _claims(ex.extract(t)),
                   "turns": [_claims(extract_turn(turn, session_id=t.session_id))
                             for turn in t.turns]}
            f.write(json.dumps(row, sort_keys=True) + "\n")
    print(f"{len(sessions)} sessions recorded to {out}")


def compare(a: Path, b: Path) -> int:
    left = a.read_text(encoding="utf-8").splitlines()
    right = b.read_text(encoding="utf-8").splitlines()
    differing = [json.loads(x)["key"] for x, y in zip(left, right) if x != y]
    if len(left) != len(right):
        print(f"different session counts: {len(left)} against {len(right)}")
        return 1
    for key in differing[:20]:
        print("differs:", key)
    print(f"{len(left)} sessions compared, {len(differing)} differ")
    return 1 if differing else 0


def _one_timing(n: int) -> None:
    """In this (fresh) process: ms of CPU per session, first pass and second pass."""
    from pipeline.extract.rules import RuleExtractor
    from schemas.records import Transcript, Turn
    sessions = bench_transcripts(n)
    ex = RuleExtractor()
    # Warm-up on a text of no bench session: the gazetteer's data and the tables load once per
    # process, before a worker's first batch, not in it.
    at = sessions[0].started_at
    ex.extract(Transcript(namespace="warm", user_id="w", session_id="w", started_at=at,
                          ended_at=at, turns=(Turn(index=0, role="user", at=at,
                                                   text="Warming up: I moved to Quito in May."),)))
    passes = []
    for _ in range(2):
        t0 = time.process_time()
        for t in sessions:
            ex.extract(t)
        passes.append(1000 * (time.process_time() - t0) / len(sessions))
    print(json.dumps(passes))


def timing(n: int, repeats: int) -> None:
    cold, warm = [], []
    for _ in range(repeats):
        run = subprocess.run([sys.executable, "-m", "scripts.bench.rules_outputs", "_one", str(n)],
                             capture_output=True, text=True, check=True)
        first, second = json.loads(run.stdout.strip().splitlines()[-1])
        cold.append(first), warm.append(second)
    print(f"{n} bench sessions, {repeats} fresh processes: ms CPU/session first pass "
          f"median {statistics.median(cold):.2f} ({', '.join(f'{x:.2f}' for x in cold)}); "
          f"second pass median {statistics.median(warm):.2f}")


def main(argv: list[str]) -> int:
    cmd, rest = argv[0], argv[1:]
    if cmd == "record":
        record(Path(rest[0]), [Path(p) for p in rest[1:]])
    elif cmd == "compare":
        return compare(Path(rest[0]), Path(rest[1]))
    elif cmd == "_one":
        _one_timing(int(rest[0]))
    elif cmd == "time":
        opts = dict(zip(rest[::2], rest[1::2]))
        timing(int(opts.get("--sessions", 200)), int(opts.get("--repeats", 5)))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
