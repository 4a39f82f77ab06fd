#!/usr/bin/env bash
# Create .venv and install Reverie with the CPU build of torch (never a CUDA build).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
# torch first, pinned: the package index may otherwise pick a multi-GB CUDA build.
.venv/bin/python -m pip install -q "torch==2.13.0" || \
  .venv/bin/python -m pip install -q "torch==2.13.0" --index-url https://download.pytorch.org/whl/cpu
.venv/bin/python -m pip install -q -e ".[test]" "$@"
