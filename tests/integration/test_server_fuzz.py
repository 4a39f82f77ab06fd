"""Property-based fuzzing of the whole REST API from its own OpenAPI spec (schemathesis):
no 5xx, and every response — status, content type, body — is the one the spec documents.

Each operation gets its own Hypothesis run (schemathesis' strategy for it, over real HTTP);
the pytest plugin's parametrization is not used (it does not run on this pytest).
"""
from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance, response_schema_conformance, status_code_conformance,
)

from api.keys import create_key
from tests.integration.service import served

#: Examples per operation: 15 operations, a few hundred requests in all.
EXAMPLES = 25
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


def test_the_api_answers_every_generated_request_as_its_spec_says(runtime, ns):
    runtime.memory.start_session(ns, "u1", "s1")
    runtime.memory.append_turn(ns, "u1", "s1", "user", "I live in Munich.")
    headers = {"Authorization": f"Bearer {create_key(runtime.deps, ns)[1]}"}
    with served(runtime) as base:
        schema = schemathesis.openapi.from_url(f"{base}/openapi.json")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) >= 15
        calls: dict[str, int] = {}
        for operation in operations:
            label = f"{operation.method.upper()} {operation.path}"

            @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                      suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy())
            def fuzz(case):
                case.call_and_validate(base_url=base, headers=headers, checks=CHECKS,
                                       timeout=30)
                calls[label] = calls.get(label, 0) + 1
            fuzz()
    total = sum(calls.values())
    print(f"schemathesis: {total} requests over {len(calls)} operations")
    assert len(calls) == len(operations) and total >= 200
