"""The inspector's user view over real HTTP (no browser): CSRF on every form, the headers
that keep the page to itself, the export download, forgetting a fact or everything, and
rejecting a held-back claim."""
from __future__ import annotations

import json
import re

import httpx
import pytest

from api.links import user_token
from tests.integration.inspector_stack import inspector_app, play_story, serving


@pytest.fixture
def site(runtime, clock, ns):
    play_story(runtime, clock, ns)
    token = user_token(runtime.settings.secret_key, ns, "ada", now=clock.now())
    with serving(inspector_app(runtime)) as base:
        with httpx.Client(base_url=f"{base}/inspect/u/{token}/") as client:
            yield client


def _csrf(client: httpx.Client) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', client.get("").text).group(1)


def test_the_page_keeps_to_itself(site):
    page = site.get("")
    assert page.status_code == 200
    csp = page.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert page.headers["cache-control"] == "no-store"
    assert page.headers["referrer-policy"] == "same-origin"
    assert not re.findall(r'(?:src|href)="(?:https?:)?//', page.text)  # nothing third-party
    root = str(site.base_url).split("/inspect/")[0]
    script = site.get(f"{root}/inspect/static/htmx.min.js")
    assert script.status_code == 200 and "htmx" in script.text[:200]
    assert site.get(f"{root}/inspect/static/web.py").status_code == 404


@pytest.mark.parametrize("headers,token", [
    ({}, ""), ({}, "forged"), ({"origin": "https://evil.example"}, None),
    ({"sec-fetch-site": "cross-site"}, None),
])
def test_a_form_without_its_token_or_from_elsewhere_changes_nothing(runtime, ns, site,
                                                                     headers, token):
    form = {"predicate": "city", "value": "Hamburg",
            "csrf": _csrf(site) if token is None else token}
    answer = site.post("correct", data=form, headers=headers)
    assert answer.status_code == 403 and "not sent from your inspector page" in answer.text
    assert [f.object for f in runtime.reader.current(ns, "ada", "city")] == ["Berlin"]


def test_the_export_downloads_as_json(site, ns):
    answer = site.get("export")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == (
        f'attachment; filename="reverie-{ns}-ada.json"')
    doc = json.loads(answer.text)
    assert (doc["namespace"], doc["user_id"]) == (ns, "ada")
    assert any(f["object"] == "Berlin" for f in doc["facts"])


def test_forgetting_a_fact_names_it_then_takes_every_version(runtime, ns, site):
    [berlin] = runtime.reader.current(ns, "ada", "city")
    form = {"csrf": _csrf(site), "mode": "fact", "fact_id": berlin.fact_id,
            "label": "city: Berlin"}
    confirm = site.post("forget/preview", data=form)
    assert confirm.status_code == 200 and "Forget city: Berlin?" in confirm.text
    assert runtime.reader.current(ns, "ada", "city")  # a preview removes nothing
    receipt = site.post("forget", data={**form, "confirm": "yes"})
    assert "city: Berlin is erased" in receipt.text and "fact versions" in receipt.text
    assert not runtime.reader.current(ns, "ada", "city")
    assert [f.object for f in runtime.reader.history(ns, "ada", "city")] == ["Munich"]


def test_forgetting_everything_leaves_nothing(runtime, ns, site):
    form = {"csrf": _csrf(site), "mode": "all"}
    assert "Forget everything about ada?" in site.post("forget/preview", data=form).text
    assert site.post("forget", data=form).status_code == 303  # not confirmed: nothing
    assert runtime.reader.current(ns, "ada")
    receipt = site.post("forget", data={**form, "confirm": "yes"})
    assert "Everything about ada is erased" in receipt.text
    assert not runtime.reader.history(ns, "ada") and not runtime.reader.profile(ns, "ada")
    assert [f.object for f in runtime.reader.current(ns, "bob")] == ["Paris"]


def test_rejecting_a_held_back_claim_keeps_it_out(runtime, ns, site):
    page = site.get("").text
    [qid] = re.findall(r'action="held/([^"]+)"', page)
    answer = site.post(f"held/{qid}", data={"csrf": _csrf(site), "action": "reject"})
    assert answer.status_code == 303 and answer.headers["location"].endswith("?note=rejected")
    page = site.get(answer.headers["location"]).text
    assert "Rejected: the claim stays out" in page and "Nothing is held back" in page
    assert not runtime.reader.current(ns, "ada", "employer")


def test_bad_input_is_one_line_on_the_page(site):
    answer = site.post("forget/preview", data={"csrf": _csrf(site), "mode": "text",
                                               "text": "x"})
    assert answer.status_code == 400
    assert "needs at least 2 characters" in answer.text and "Traceback" not in answer.text
