"""Database roles: the application logs in as an ordinary role; administration is apart.

- `reverie_app` (NOLOGIN): the tenant role. Row-level security lets it see and write only
  rows of the namespace its transaction declared (`reverie.namespace`); `'*'` matches
  nothing for it (migration 0004). Every unit of work on a request path runs as it.
- `reverie_admin` (NOLOGIN): the administrative group; its members (and superusers) may
  declare `'*'`. Only the administrative login (`Settings.database_admin_url`) is one.
- `reverie_app_login` (LOGIN): what the embedded setup gives the application: a member of
  `reverie_app` and nothing else (no SUPERUSER, no BYPASSRLS, no CREATEROLE, owns no
  table), so neither `SET ROLE`, `RESET ROLE` nor any setting takes it past its namespace.
"""
from __future__ import annotations

import hashlib
import hmac

from sqlalchemy import Engine, make_url, text

APP_ROLE = "reverie_app"
ADMIN_ROLE = "reverie_admin"
APP_LOGIN = "reverie_app_login"


def app_login_password(secret_key: str) -> str:
    """The application login's password, derived from the secret key: every process of a
    deployment computes the same one, and none is written to disk."""
    return hmac.new(secret_key.encode(), b"reverie-app-login", hashlib.sha256).hexdigest()[:32]


def provision_app_login(admin: Engine, password: str) -> str:
    """Create `reverie_app_login` with `password` (once: roles are cluster-wide) through
    the administrative engine (needs CREATEROLE; the embedded superuser has it) and return
    the application's URL: the admin URL with that login. Idempotent."""
    with admin.begin() as conn:
        quoted = conn.execute(text("SELECT quote_literal(:p)"), {"p": password}).scalar()
        # Parallel processes (other databases of the server too) may race here: the
        # loser of a race finds the role there, which is all it wanted.
        conn.exec_driver_sql(f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_LOGIN}') THEN
        BEGIN
            CREATE ROLE {APP_LOGIN} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB
                NOREPLICATION INHERIT PASSWORD {quoted};
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    IF NOT pg_has_role('{APP_LOGIN}', '{APP_ROLE}', 'MEMBER') THEN
        BEGIN
            GRANT {APP_ROLE} TO {APP_LOGIN};
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
END $$""")
    return app_login_url(admin.url, password)


def app_login_url(admin_url, password: str) -> str:
    """`admin_url` (a URL string or SQLAlchemy URL) with the application login instead."""
    return make_url(admin_url).set(username=APP_LOGIN, password=password) \
        .render_as_string(hide_password=False)


def login_privileges(engine: Engine) -> dict:
    """What the engine's login may do beyond an ordinary role (for the start-up warning
    and the tests): superuser, bypassrls, and admin-group membership."""
    with engine.connect() as conn:
        row = conn.execute(text(
            "SELECT rolsuper, rolbypassrls, "
            "  EXISTS (SELECT 1 FROM pg_roles a WHERE a.rolname = :admin "
            "          AND pg_has_role(current_user, a.oid, 'USAGE')) "
            "FROM pg_roles WHERE rolname = current_user"), {"admin": ADMIN_ROLE}).one()
    return {"superuser": row[0], "bypassrls": row[1], "admin": row[2]}
