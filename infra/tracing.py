"""Optional OpenTelemetry traces: spans when `opentelemetry` is importable, no-ops otherwise.

OpenTelemetry is not a dependency. With only its API installed the spans cost nothing; with
the SDK and an OTLP exporter installed and `OTEL_EXPORTER_OTLP_ENDPOINT` set,
`configure_tracing` ships them (the standard OTEL_* variables apply).
"""
from __future__ import annotations

import os
from contextlib import AbstractContextManager, nullcontext

try:  # pragma: no cover - depends on what is installed
    from opentelemetry import trace as _trace
except ImportError:  # the normal case: no tracing
    _trace = None


def enabled() -> bool:
    return _trace is not None


def configure_tracing(service_name: str = "reverie") -> bool:
    """Install an SDK tracer provider exporting over OTLP; False when that is not possible."""
    if _trace is None or not os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        return False
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        return False
    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    _trace.set_tracer_provider(provider)
    return True


def span(name: str, **attributes) -> AbstractContextManager:
    """A span around a block (the current span becomes its parent); a no-op without OTel."""
    if _trace is None:
        return nullcontext()
    attrs = {k: v for k, v in attributes.items() if isinstance(v, (str, int, float, bool))}
    return _trace.get_tracer("reverie").start_as_current_span(name, attributes=attrs)
