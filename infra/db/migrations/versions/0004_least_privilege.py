"""least privilege: the all-namespaces scope belongs to the administrative role alone

Revision ID: 0004
Revises: 0003

Migration 0002 let any transaction that declared `reverie.namespace = '*'` see every
namespace, `reverie_app` included: a request path that set it (or any SQL that reached
`set_config`) read every tenant. Now each namespaced table has two policies instead of one:

- `reverie_tenant`, for `reverie_app`: the transaction's own namespace, nothing else
  (`'*'` and an unset namespace match no row);
- `reverie_admin_all`, for the NOLOGIN group `reverie_admin`: its namespace, or every one
  with `'*'` (sweeper, nightly batch, reprocess selection, dead letters, data migrations).

Superusers bypass RLS whatever the policies say, which is why the application's login must
not be one (`infra.db.roles`): it is an ordinary member of `reverie_app`, and the
administrative login (`DATABASE_ADMIN_URL`) is a superuser or a member of `reverie_admin`.
A non-superuser that runs the migrations becomes a member of `reverie_admin` here.
"""
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

APP, ADMIN = "reverie_app", "reverie_admin"
OLD_POLICY = "reverie_namespace_isolation"
_OWN = "namespace = current_setting('reverie.namespace', true)"
_ANY = f"{_OWN} OR current_setting('reverie.namespace', true) = '*'"


def _namespaced_tables() -> list[str]:
    rows = op.get_bind().exec_driver_sql(
        "SELECT c.table_name FROM information_schema.columns c "
        "JOIN information_schema.tables t ON t.table_schema = c.table_schema "
        " AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE' "
        "WHERE c.table_schema = current_schema() AND c.column_name = 'namespace' "
        "ORDER BY c.table_name").all()
    return [r[0] for r in rows]


def upgrade() -> None:
    op.execute(f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ADMIN}') THEN
        BEGIN
            CREATE ROLE {ADMIN} NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE format('GRANT {ADMIN} TO %I', current_user);
    END IF;
END $$""")
    op.execute(f"GRANT USAGE ON SCHEMA public TO {ADMIN}")
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {ADMIN}")
    op.execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA public "
               f"GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {ADMIN}")
    for table in _namespaced_tables():
        op.execute(f'DROP POLICY IF EXISTS {OLD_POLICY} ON "{table}"')
        op.execute(f'CREATE POLICY reverie_tenant ON "{table}" FOR ALL TO {APP} '
                   f'USING ({_OWN}) WITH CHECK ({_OWN})')
        op.execute(f'CREATE POLICY reverie_admin_all ON "{table}" FOR ALL TO {ADMIN} '
                   f'USING ({_ANY}) WITH CHECK ({_ANY})')


def downgrade() -> None:
    for table in _namespaced_tables():
        op.execute(f'DROP POLICY IF EXISTS reverie_tenant ON "{table}"')
        op.execute(f'DROP POLICY IF EXISTS reverie_admin_all ON "{table}"')
        op.execute(f'CREATE POLICY {OLD_POLICY} ON "{table}" FOR ALL '
                   f'USING ({_ANY}) WITH CHECK ({_ANY})')
