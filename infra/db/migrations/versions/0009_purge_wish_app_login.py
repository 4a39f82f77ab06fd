"""the erasure's purge wish is the application's to record

Revision ID: 0009
Revises: 0008

An erasure (a request path) records that it wants a purge (`infra.db.purge.want_purge`:
the `purge_wanted` row of `maintenance_runs`), so the sweeper or the nightly batch purges
should the purge task be lost. That was the last statement a request path sent on the
administrative login. Now `reverie_app` may read and write that one row, and nothing else
of the table (row-level security, not forced: the owner and superusers are unaffected);
`reverie_admin` members keep the whole table. The row holds a time, no tenant's data.
"""
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

_WISH = "name = 'purge_wanted'"


def upgrade() -> None:
    op.execute("ALTER TABLE maintenance_runs ENABLE ROW LEVEL SECURITY")
    op.execute(f"CREATE POLICY reverie_purge_wish ON maintenance_runs FOR ALL TO reverie_app "
               f"USING ({_WISH}) WITH CHECK ({_WISH})")
    op.execute("CREATE POLICY reverie_admin_all ON maintenance_runs FOR ALL TO reverie_admin "
               "USING (true) WITH CHECK (true)")
    op.execute("GRANT SELECT, INSERT, UPDATE ON maintenance_runs TO reverie_app")


def downgrade() -> None:
    op.execute("REVOKE ALL ON maintenance_runs FROM reverie_app")
    op.execute("DROP POLICY IF EXISTS reverie_purge_wish ON maintenance_runs")
    op.execute("DROP POLICY IF EXISTS reverie_admin_all ON maintenance_runs")
    op.execute("ALTER TABLE maintenance_runs DISABLE ROW LEVEL SECURITY")
