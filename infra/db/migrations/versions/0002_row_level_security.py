"""row-level security: the namespace enforced a second time, by Postgres

Revision ID: 0002
Revises: 0001

The application runs its units of work as the NOLOGIN role `reverie_app` (no BYPASSRLS) and
sets `reverie.namespace` per transaction (`SET LOCAL ROLE reverie_app` and
`set_config('reverie.namespace', ns, true)`, see `infra.deps.UnitOfWork.scope`). Every table
with a `namespace` column gets ROW LEVEL SECURITY, FORCEd so that even the owner is subject
to it, and one policy: a row is visible and writable only when its namespace is the
transaction's, or when the transaction declared `'*'` (the admin / cross-namespace paths:
sweeper, nightly batch, reprocess selection, migrations of data, evaluation scans).
Without the setting a transaction sees nothing.

Superusers bypass RLS whatever FORCE says; that is why the application switches role.
A later migration that adds a table with a `namespace` column must enable RLS on it the
same way, and a data migration run by a non-superuser owner must first
`SELECT set_config('reverie.namespace', '*', true)`.
"""
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

ROLE = "reverie_app"
POLICY = "reverie_namespace_isolation"
_PREDICATE = ("namespace = current_setting('reverie.namespace', true) "
              "OR current_setting('reverie.namespace', true) = '*'")


def _namespaced_tables() -> list[str]:
    rows = op.get_bind().exec_driver_sql(
        "SELECT c.table_name FROM information_schema.columns c "
        "JOIN information_schema.tables t ON t.table_schema = c.table_schema "
        " AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE' "
        "WHERE c.table_schema = current_schema() AND c.column_name = 'namespace' "
        "ORDER BY c.table_name").all()
    return [r[0] for r in rows]


def upgrade() -> None:
    # Roles are cluster-wide: another database (or a parallel test worker) may create it first.
    op.execute(f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
        BEGIN
            CREATE ROLE {ROLE} NOLOGIN NOBYPASSRLS;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
END $$""")
    # The login role must be allowed to SET ROLE to it (a superuser always may).
    op.execute(f"""
DO $$
BEGIN
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE format('GRANT {ROLE} TO %I', current_user);
    END IF;
END $$""")
    op.execute(f"GRANT USAGE ON SCHEMA public TO {ROLE}")
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {ROLE}")
    op.execute(f"REVOKE ALL ON TABLE alembic_version FROM {ROLE}")
    op.execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA public "
               f"GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {ROLE}")
    for table in _namespaced_tables():
        op.execute(f'ALTER TABLE "{table}" ENABLE ROW LEVEL SECURITY')
        op.execute(f'ALTER TABLE "{table}" FORCE ROW LEVEL SECURITY')
        op.execute(f'DROP POLICY IF EXISTS {POLICY} ON "{table}"')
        op.execute(f'CREATE POLICY {POLICY} ON "{table}" FOR ALL '
                   f'USING ({_PREDICATE}) WITH CHECK ({_PREDICATE})')


def downgrade() -> None:
    for table in _namespaced_tables():
        op.execute(f'DROP POLICY IF EXISTS {POLICY} ON "{table}"')
        op.execute(f'ALTER TABLE "{table}" NO FORCE ROW LEVEL SECURITY')
        op.execute(f'ALTER TABLE "{table}" DISABLE ROW LEVEL SECURITY')
    op.execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA public "
               f"REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM {ROLE}")
    op.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {ROLE}")
    # The role itself stays: it is cluster-wide and other databases may use it.
