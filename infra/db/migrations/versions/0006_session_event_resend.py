"""session-end events survive a lost publish: when to send an ended session's event again

Revision ID: 0006
Revises: 0005

`sessions.resend_at` is written with the session's end, in the same transaction: the time
after which, if the session's pipeline has not finished (an event of its chain lost with the
broker, or a publish that failed), the sweeper sends the session-end event again
(`workers.triggers.resend_stranded`); the forget stage clears it with its checkpoint. The
partial index holds only the sessions on their way. Ended sessions already waiting at this
migration are due at once.
"""
import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sessions", sa.Column("resend_at", sa.DateTime(timezone=True)))
    op.create_index("ix_sessions_resend", "sessions", ["resend_at"],
                    postgresql_where=sa.text("resend_at IS NOT NULL"))
    op.execute("UPDATE sessions SET resend_at = now() WHERE state = 'ended'")


def downgrade() -> None:
    op.drop_index("ix_sessions_resend", table_name="sessions")
    op.drop_column("sessions", "resend_at")
