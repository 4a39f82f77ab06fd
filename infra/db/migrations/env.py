"""Alembic environment: runs on the connection handed in by `infra.db.engine.migrate`."""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from infra.db.models import Base

target_metadata = Base.metadata
config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is None:  # the plain `alembic` CLI: take the URL from the ini file
        engine = create_engine(config.get_main_option("sqlalchemy.url"))
        with engine.begin() as conn:
            context.configure(connection=conn, target_metadata=target_metadata)
            context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=target_metadata)
    context.run_migrations()


run()
