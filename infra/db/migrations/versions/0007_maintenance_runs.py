"""maintenance runs: when the erasure purge last started

Revision ID: 0007
Revises: 0006

One row per maintenance job (`purge_erased`, see `infra.db.purge`): a purge asked for by an
erasure is skipped when one started after that erasure. No namespace: the administrative
login's alone (`reverie_app` has no privilege on it).
"""
import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("maintenance_runs",
                    sa.Column("name", sa.String(64), primary_key=True),
                    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False))
    op.execute("REVOKE ALL ON TABLE maintenance_runs FROM reverie_app")


def downgrade() -> None:
    op.drop_table("maintenance_runs")
