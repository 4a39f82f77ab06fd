"""keep vectors inline: recall reads every live row of a user, vector included

Revision ID: 0003
Revises: 0002

pgvector stores `vector` with EXTERNAL storage: once a row passes ~2 kB (a 384-dim vector is
1.5 kB, so any fragment with a few hundred characters of text does), Postgres moves the
vector to the TOAST table, and every distance computed at recall costs an extra index probe
and page read. Recall computes the distance for every live row of the user, so this is on
the hot path. Rows now stay inline up to a full page (`toast_tuple_target`), and the vector
is the last column to leave it (`STORAGE MAIN`). Existing rows move when next rewritten
(`VACUUM FULL` or re-embedding); new rows are written inline.
"""
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

_TABLES = ("memory_items", "fragments")


def upgrade() -> None:
    for table in _TABLES:
        op.execute(f"ALTER TABLE {table} ALTER COLUMN embedding SET STORAGE MAIN")
        op.execute(f"ALTER TABLE {table} SET (toast_tuple_target = 8160)")


def downgrade() -> None:
    for table in _TABLES:
        op.execute(f"ALTER TABLE {table} RESET (toast_tuple_target)")
        op.execute(f"ALTER TABLE {table} ALTER COLUMN embedding SET STORAGE EXTERNAL")
