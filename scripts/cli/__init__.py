"""`reverie`: the operator's command line (the Typer app in `scripts.cli.app`)."""
from scripts.cli.app import app, main

__all__ = ["app", "main"]
