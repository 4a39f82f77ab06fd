"""The deployment files parse, wire the services together, and the dashboard only queries
metrics that infra/metrics.py defines (Docker cannot run here, so this is the check)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from infra.metrics import exposed_names

DEPLOY = Path(__file__).resolve().parents[2] / "infra" / "deploy"
SERVICES = {"postgres", "redis", "minio", "minio-init", "worker", "beat", "flower",
            "prometheus", "grafana", "metrics"}
#: PromQL words that look like metric names but are not.
_PROMQL = {"sum", "rate", "increase", "max", "min", "avg", "by", "without", "scalar",
           "histogram_quantile", "le"}


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


@pytest.fixture(scope="module")
def dashboard() -> dict:
    return json.loads((DEPLOY / "grafana" / "reverie-dashboard.json").read_text())


def _exprs(dashboard: dict) -> list[str]:
    return [t["expr"] for p in dashboard["panels"] for t in p.get("targets", [])]


def test_compose_has_every_service(compose):
    assert SERVICES <= set(compose["services"])


def test_postgres_is_pgvector_and_app_services_reach_the_stack(compose):
    services = compose["services"]
    assert services["postgres"]["image"] == "pgvector/pgvector:pg16"
    for name in ("worker", "beat", "metrics"):
        env = services[name]["environment"]
        assert env["DATABASE_URL"].startswith("postgresql://")
        assert "@postgres:" in env["DATABASE_URL"]
        assert env["BROKER_URL"].startswith("redis://redis:")
        assert env["OBJECT_STORE_URL"].startswith("s3://")
        assert env["OBJECT_STORE_ENDPOINT"] == "http://minio:9000"
        assert services[name]["build"]["dockerfile"] == "infra/deploy/Dockerfile"
    assert services["worker"]["command"][0] == "worker"
    assert services["metrics"]["command"][:1] == ["metrics"]


def test_bucket_is_created_before_the_app_starts(compose):
    init = " ".join(compose["services"]["minio-init"]["command"])
    assert "mc mb" in init and "local/reverie" in init
    bucket = compose["services"]["worker"]["environment"]["OBJECT_STORE_URL"]
    assert bucket.split("/")[2] == "reverie"
    deps = compose["services"]["worker"]["depends_on"]
    assert deps["minio-init"]["condition"] == "service_completed_successfully"


def test_mounted_files_exist(compose):
    for name in ("prometheus", "grafana"):
        for volume in compose["services"][name]["volumes"]:
            source = volume.split(":")[0]
            if source.startswith("./"):
                assert (DEPLOY / source).exists(), f"{name} mounts missing {source}"


def test_prometheus_scrapes_the_workers_and_the_metrics_command(compose):
    config = yaml.safe_load((DEPLOY / "prometheus.yml").read_text())
    jobs = {j["job_name"]: j for j in config["scrape_configs"]}
    worker_sd = jobs["reverie-worker"]["dns_sd_configs"][0]
    assert worker_sd["names"] == ["worker"] and worker_sd["port"] == 9464
    assert jobs["reverie-metrics"]["static_configs"][0]["targets"] == ["metrics:9465"]
    assert compose["services"]["metrics"]["command"][-1] == "9465"


def test_grafana_provisioning_points_at_prometheus_and_the_dashboard(dashboard):
    ds = yaml.safe_load((DEPLOY / "grafana/provisioning/datasources/prometheus.yaml")
                        .read_text())["datasources"][0]
    assert ds["type"] == "prometheus" and ds["url"] == "http://prometheus:9090"
    for panel in dashboard["panels"]:
        assert panel["datasource"]["uid"] == ds["uid"]


def test_dashboard_queries_only_defined_metrics(dashboard):
    defined = exposed_names()
    used = set()
    for expr in _exprs(dashboard):
        expr = re.sub(r"\{[^}]*\}", "", expr)      # label matchers
        expr = re.sub(r"\[[^\]]*\]", "", expr)     # range selectors
        expr = re.sub(r"\((?:kind|task|le|namespace|queue|direction|model|reason|outcome|"
                      r"state)(?:,\s*\w+)*\)", "", expr)  # by (...) clauses
        used |= {w for w in re.findall(r"[a-z_][a-z0-9_]*", expr) if w not in _PROMQL}
    assert used, "the dashboard queries nothing"
    assert {u for u in used if not u.startswith("reverie_")} == set()
    assert used <= defined, f"undefined metrics: {sorted(used - defined)}"


def test_dashboard_covers_the_issue_metrics(dashboard):
    text = " ".join(_exprs(dashboard))
    for name in ("reverie_sessions_consolidated_total", "reverie_sessions_failed_total",
                 "reverie_decisions_total", "reverie_recall_requests_total",
                 "reverie_recall_degraded_total", "reverie_llm_tokens_total",
                 "reverie_llm_cost_usd_total", "reverie_memory_items_live",
                 "reverie_queue_depth", "reverie_task_duration_seconds_bucket"):
        assert name in text, name


def test_dockerfile_installs_cpu_torch():
    text = (DEPLOY / "Dockerfile").read_text()
    assert 'torch==2.13.0' in text
    assert "download.pytorch.org/whl/cpu" in text
    assert re.search(r"^ENTRYPOINT \[\"reverie\"\]", text, re.M)
