"""request paths on the application's login: a presented key's namespace, dead letters

Revision ID: 0008
Revises: 0007

Two request paths still ran on the administrative login, because the namespace was not
known when their query ran:

- Verifying a presented API key (every HTTP and MCP request): the key names the namespace,
  so it was looked up under `'*'`. Now `reverie_key_namespace(prefix, secret_hash)`, a
  SECURITY DEFINER function of the migrations' owner, answers the namespace of the live or
  revoked key with that prefix *and* that hash (NULL otherwise: it tells a caller nothing
  a wrong key would not), and the rest of the check runs scoped to that namespace on the
  application's login (`api.keys.verify_key`). Its search_path is fixed, so no object of
  the caller's can stand in for the table.
- An operator's dead letters (the inspector): tasks recorded their failures without a
  namespace (the payload names a session), so the listing ran unscoped. Now a session's
  task is recorded under its session's namespace (`infra.stores.runs.RunStore.dead_letter`),
  and older records get theirs here: the session named by the payload's first argument (a
  sid, or the first of a list of them). A record of no session stays the admin login's.
"""
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("""
CREATE OR REPLACE FUNCTION reverie_key_namespace(key_prefix text, key_hash text)
RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
SET reverie.namespace = '*'
AS $$ SELECT namespace FROM public.api_keys
      WHERE prefix = key_prefix AND secret_hash = key_hash $$""")
    op.execute("REVOKE ALL ON FUNCTION reverie_key_namespace(text, text) FROM PUBLIC")
    op.execute("GRANT EXECUTE ON FUNCTION reverie_key_namespace(text, text) TO reverie_app")
    # A non-superuser owner is held by row-level security too: declare every namespace.
    op.execute("SELECT set_config('reverie.namespace', '*', true)")
    op.execute("""
UPDATE dead_letters d SET namespace = s.namespace
FROM sessions s
WHERE d.namespace IS NULL
  AND s.sid = CASE jsonb_typeof(d.payload -> 'args' -> 0)
                  WHEN 'array' THEN d.payload -> 'args' -> 0 ->> 0
                  ELSE d.payload -> 'args' ->> 0 END""")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS reverie_key_namespace(text, text)")
    # the namespace a dead letter gained is true either way: kept
