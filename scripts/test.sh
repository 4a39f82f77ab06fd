#!/usr/bin/env bash
# Install, then run the import-boundary check and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
if ! command -v redis-server >/dev/null 2>&1 && ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  # The tests start a local redis-server when none answers; make sure one is installed.
  (apt-get update -qq && apt-get install -y -qq redis-server) >/dev/null 2>&1 || true
fi
if [ ! -x /usr/bin/chromium ]; then
  # The inspector's browser tests drive Debian's chromium (Playwright never downloads one).
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
    >/dev/null 2>&1 || true
fi
.venv/bin/lint-imports
.venv/bin/python -m pytest -n 2 -q "$@"
