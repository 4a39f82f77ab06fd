"""a buffered turn keeps the UTC offset its time was given in

Revision ID: 0010
Revises: 0009

`buffered_turns.at` is a timestamptz: the instant survives, the client's offset does not,
and a turn rebuilt in UTC put a plan said at 21:00 -06:00 for "tomorrow" a day late (the
UTC date had already turned). `at_offset_s` keeps the offset (seconds east of UTC; NULL
for UTC, as every turn buffered before this migration is taken), and the transcript
written at the session's end carries each turn's time in it.
"""
import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("buffered_turns", sa.Column("at_offset_s", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("buffered_turns", "at_offset_s")
