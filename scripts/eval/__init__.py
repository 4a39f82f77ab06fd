"""The scenario runner (`reverie eval`): FORMAT.md v1 scenarios through the real stack."""
from pathlib import Path

#: A small scenario set shipped with the package: what `reverie eval` plays when given no
#: path, and what the tests use when the shared dev set is not beside the repository.
SAMPLES = Path(__file__).resolve().parent / "samples"
