"""API keys and idempotency records of the HTTP service

Revision ID: 0005
Revises: 0004

`api_keys`: one row per key, bound to one namespace. Only a SHA-256 of the secret is stored
(the secret is shown once, at creation); `prefix` is the public part a key is listed and
revoked by. `idempotency_keys`: the response a write gave under a client's
`Idempotency-Key`, so a retry replays it instead of writing twice. Both carry `namespace`
and get the row-level security policies of migration 0004 (the key's own namespace for
`reverie_app`; every namespace under `'*'` for `reverie_admin`, which verifies presented
keys before their namespace is known).
"""
import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)
APP, ADMIN = "reverie_app", "reverie_admin"
_OWN = "namespace = current_setting('reverie.namespace', true)"
_ANY = f"{_OWN} OR current_setting('reverie.namespace', true) = '*'"


def _isolate(table: str) -> None:
    op.execute(f'ALTER TABLE "{table}" ENABLE ROW LEVEL SECURITY')
    op.execute(f'ALTER TABLE "{table}" FORCE ROW LEVEL SECURITY')
    op.execute(f'CREATE POLICY reverie_tenant ON "{table}" FOR ALL TO {APP} '
               f'USING ({_OWN}) WITH CHECK ({_OWN})')
    op.execute(f'CREATE POLICY reverie_admin_all ON "{table}" FOR ALL TO {ADMIN} '
               f'USING ({_ANY}) WITH CHECK ({_ANY})')


def upgrade() -> None:
    op.create_table(
        "api_keys",
        sa.Column("key_id", sa.String(36), primary_key=True),
        sa.Column("namespace", sa.String(64), nullable=False),
        sa.Column("prefix", sa.String(32), nullable=False, unique=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("label", sa.Text),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("revoked_at", TS),
        sa.Column("last_used_at", TS),
    )
    op.create_index("ix_api_keys_namespace", "api_keys", ["namespace"])
    op.create_table(
        "idempotency_keys",
        sa.Column("namespace", sa.String(64), primary_key=True),
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("status_code", sa.Integer),
        sa.Column("body", sa.dialects.postgresql.JSONB),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("completed_at", TS),
    )
    op.create_index("ix_idempotency_keys_created_at", "idempotency_keys", ["created_at"])
    for table in ("api_keys", "idempotency_keys"):
        _isolate(table)


def downgrade() -> None:
    op.drop_table("idempotency_keys")
    op.drop_table("api_keys")
