"""Finish: the home page's figures come from the database, 404 and 500 are pages of the site, the API
reference has real response schemas and a curl line per endpoint, and the account page copies the
token and gives a ready curl line."""
import re

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error
from playwright.sync_api import expect
from rest_framework.authtoken.models import Token

from tasks_catalog.models import ActionStep
from tests.browser import log_in
from tests.factories import make_submission, make_task


def figures(html):
    block = html.split('data-testid="figures"')[1].split("</section>")[0]
    return {label.strip(): int(n) for n, label in re.findall(r"<b>(\d+)</b>([a-z ]+)", block)}


@pytest.mark.django_db
def test_home_figures_are_counted_from_the_database(client, alice):
    tasks = [make_task("101"), make_task("102")]
    for index in (1, 2, 3):
        ActionStep.objects.create(task=tasks[0], index=index, type="Click", description="Click it")
    make_submission(alice, "Home-VL", {tasks[0]: (2, 0.9)})
    make_submission(alice, "Private-VL", {tasks[0]: (2, 0.9)}, public=False)
    counts = figures(client.get("/").content.decode())
    assert counts["tasks"] == 2 and counts["actions"] == 3
    assert counts["judged public submission"] == 1
    assert counts["models on the board"] == 28 + 1  # the paper's rows and Home-VL


@pytest.mark.django_db
def test_a_missing_page_is_a_page_of_the_site(client):
    response = client.get("/no/such/page/")
    html = response.content.decode()
    assert response.status_code == 404 and 'data-testid="not-found"' in html
    assert 'href="/leaderboard/"' in html and "/no/such/page/" in html and 'aria-label="Main"' in html


def test_a_server_error_is_a_page_of_the_site_that_needs_no_database():
    response = server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert response.status_code == 500 and 'data-testid="server-error"' in html and "site.css" in html


@pytest.mark.django_db
def test_the_api_reference_has_real_response_schemas_and_a_curl_line_per_endpoint(client):
    schema = client.get("/api/schema/?format=json").json()
    operations = [(path, method, op) for path, methods in schema["paths"].items() for method, op in methods.items()]
    assert len(operations) > 10
    for path, method, operation in operations:
        curl = operation["x-codeSamples"][0]["source"]
        assert curl.startswith("curl ") and "https://HOST/api/" in curl, (path, method)
        status, ok = next((k, v) for k, v in operation["responses"].items() if k.startswith("2"))
        assert status == "204" or "content" in ok, (path, method)
    upload = schema["paths"]["/api/submissions/"]["post"]
    assert "-F archive=@run.zip" in upload["x-codeSamples"][0]["source"]
    assert "409" in upload["responses"] and "429" in upload["responses"]
    components = schema["components"]["schemas"]
    preflight = schema["paths"]["/api/submissions/preflight/"]["post"]["responses"]["200"]
    assert preflight["content"]["application/json"]["schema"]["$ref"].endswith("/PreflightReport")
    assert {"ok", "errors", "warnings", "tasks"} <= set(components["PreflightReport"]["properties"])
    board = schema["paths"]["/api/leaderboard/"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert components[board["$ref"].rsplit("/", 1)[1]]["properties"]["results"]["type"] == "array"
    assert {"code", "detail", "choices"} <= set(components["Error"]["properties"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_the_account_page_copies_the_token_and_gives_a_ready_curl_line(alice, browser_context, live_server, shot):
    token = Token.objects.create(user=alice)
    log_in(browser_context, alice, live_server.url)
    browser_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = browser_context.new_page()
    page.goto("/accounts/profile/")
    expect(page.get_by_test_id("curl-line")).to_contain_text(f"export IWR_TOKEN={token.key}")
    expect(page.get_by_test_id("curl-line")).to_contain_text(f"-F archive=@run.zip {live_server.url}/api/submissions/")
    page.get_by_role("button", name="Copy the token").click()
    expect(page.get_by_test_id("copy-status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == token.key
    page.get_by_role("button", name="Copy the curl line").click()
    assert page.evaluate("navigator.clipboard.readText()").startswith(f"export IWR_TOKEN={token.key}\ncurl ")
    shot(page, "account")
    page.goto("/")
    shot(page, "home")
    page.goto("/no/such/page/")
    expect(page.get_by_role("heading", name="This page does not exist")).to_be_visible()
    shot(page, "not-found")
    page.goto("/api/docs/")
    expect(page.get_by_text("curl -X POST").first).to_be_attached(timeout=15_000)
    shot(page, "api-docs")
