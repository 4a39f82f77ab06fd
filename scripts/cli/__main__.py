"""`python -m scripts.cli`: the same command line as `reverie` (worker subprocesses use it)."""
from scripts.cli.app import main

main()
