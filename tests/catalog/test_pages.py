"""The catalog and task pages, and the inputs download, as a visitor uses them."""
import html as entities
import io
import json
import re
import zipfile

import pytest

from tasks_catalog.models import Task


def cards(response):
    return re.findall(r'<li class="card task-card" data-testid="task-card">.*?</li>', response.content.decode(), re.S)


def card_ids(response):
    return re.findall(r"Task (sample-[a-z]+)</p>", response.content.decode())


@pytest.fixture
def catalog(db, sample_catalog):
    """Read-only tests share one import of the sample benchmark."""


def test_catalog_shows_every_task_with_its_facts(client, catalog):
    response = client.get("/tasks/")
    assert response.status_code == 200
    assert len(cards(response)) == 6
    card = next(c for c in cards(response) if "sample-cart" in c)
    for fact in ('src="/tasks/sample-cart/media/poster.jpg"', "Trailhead Outfitters", "E-commerce", "L4", "V3",
                 "<dd>5</dd>", "1280x800", 'href="/tasks/sample-cart/"'):
        assert fact in card, fact
    assert client.get("/tasks/sample-cart/media/poster.jpg")["Content-Type"] == "image/jpeg"


@pytest.mark.parametrize("query, expected", [
    ("domain=E-commerce", ["sample-cart", "sample-search", "sample-tabs"]),
    ("interaction=L2", ["sample-accordion", "sample-scroll", "sample-tabs"]),
    ("domain=E-commerce&interaction=L3", ["sample-search"]),
    ("visual=V1", ["sample-accordion"]),
    ("q=coffee", ["sample-scroll"]),
    ("q=wireless+mouse", ["sample-search"]),
    ("q=CART", ["sample-cart"]),
    ("domain=Nonexistent", ["sample-accordion", "sample-cart", "sample-modal", "sample-scroll", "sample-search",
                            "sample-tabs"]),
    ("sort=steps", ["sample-cart", "sample-accordion", "sample-modal", "sample-scroll", "sample-search", "sample-tabs"]),
    ("sort=source", ["sample-scroll", "sample-search", "sample-accordion", "sample-tabs", "sample-modal", "sample-cart"]),
])
def test_catalog_filters_searches_and_sorts(client, catalog, query, expected):
    response = client.get(f"/tasks/?{query}")
    assert response.status_code == 200
    ids = card_ids(response)
    assert (ids if "sort=" in query else sorted(ids)) == expected


def test_catalog_filter_menus_offer_the_values_present(client, catalog):
    html = client.get("/tasks/").content.decode()
    assert '<option value="Food &amp; Drink">Food &amp; Drink</option>' in html
    assert re.search(r'<select name="interaction"[^>]*>\s*<option value="" selected>All</option>\s*<option value="L2">', html)


def test_catalog_says_when_nothing_matches(client, catalog):
    assert "No task matches these filters" in client.get("/tasks/?q=zzz").content.decode()


def test_empty_catalog_says_how_to_import(client, catalog):
    Task.objects.all().delete()  # undone with the test's transaction
    assert "The catalog is empty" in client.get("/tasks/").content.decode()


def test_catalog_page_runs_a_fixed_number_of_queries(client, catalog, django_assert_max_num_queries):
    # Six for the catalog; three for the board's version and the solve rates, which it caches.
    with django_assert_max_num_queries(9):
        first = client.get("/tasks/?q=a&sort=steps")
    with django_assert_max_num_queries(7):
        again = client.get("/tasks/?q=a&sort=steps")
    assert first.status_code == again.status_code == 200
    assert first.content.decode().count('data-testid="task-card"') == again.content.decode().count('data-testid="task-card"') == 6


def test_task_page_has_video_timeline_checkpoints_and_assets(client, catalog):
    response = client.get("/tasks/sample-search/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<source src="/tasks/sample-search/media/video.mp4" type="video/mp4">' in html
    assert 'poster="/tasks/sample-search/media/poster.jpg"' in html
    timeline = entities.unescape(re.search(r'data-testid="timeline">(.*?)</ol>', html, re.S).group(1))
    steps = re.findall(r'<li id="step-\d+">', timeline)
    assert len(steps) == 4
    assert "Type 'wireless mouse' into the search box" in timeline and "<code>wireless mouse</code>" in timeline
    assert "<kbd>Enter</kbd>" in timeline
    assert "Assert:</b> A list of 3 results" in timeline
    assert timeline.count("visual check") == 3
    assert 'data-seek="' in timeline
    gallery = re.search(r'data-testid="checkpoints">(.*?)</ul>', html, re.S).group(1)
    assert [int(i) for i in re.findall(r'checkpoints/step_(\d+)\.png"', gallery)][::2] == [0, 1, 2, 3]
    # The official pairing: step_1 is the page Press Enter (step 2) is performed in, after step 1.
    assert "the page after step 1, in which step 2 is performed: Press Enter to submit the search" in gallery
    assets = re.search(r'data-testid="assets">(.*?)</table>', html, re.S).group(1)
    assert assets.count("<tr>") == 7  # header + six assets
    assert "stitched_assets/stitched_image_1.png" in html
    assert 'href="/tasks/sample-search/inputs.zip"' in html


def test_task_page_for_unknown_task_is_404(client, db):
    assert client.get("/tasks/nope/").status_code == 404


def test_task_page_shows_unknown_fields(client, db, small_bench):
    from tasks_catalog.importer import import_bench
    small_bench.edit("sample-tabs", lambda e: e.update(annotation_notes="checked twice"))
    import_bench(small_bench.root)
    assert "checked twice" in client.get("/tasks/sample-tabs/").content.decode()


def test_download_inputs_holds_what_a_model_is_given(client, catalog):
    response = client.get("/tasks/sample-cart/inputs.zip")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="iwr-sample-cart-inputs.zip"'
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    names = set(archive.namelist())
    assert {"sample-cart/video.mp4", "sample-cart/prompt.txt", "sample-cart/inputs.json",
            "sample-cart/stitched_assets/stitched_image_1.png"} <= names
    assert {f"sample-cart/assets/asset00{i}.png" for i in range(1, 7)} <= names
    assert not any("checkpoints" in n or "task.json" in n for n in names), "the ground truth is not an input"
    assert json.loads(archive.read("sample-cart/inputs.json")) == {"id": "sample-cart", "resolution": "1280x800"}
    prompt = archive.read("sample-cart/prompt.txt").decode()
    assert "1280x800" in prompt and "__PLACEHOLDER_ASSETS_BASE_DIR__/" in prompt and "- asset006.png" in prompt
    task = Task.objects.get(task_id="sample-cart")
    assert archive.read("sample-cart/video.mp4") == (task.directory() / "video.mp4").read_bytes()


def test_catalog_shows_a_reimport_at_once(client, db, small_bench):
    from tasks_catalog.importer import import_bench
    import_bench(small_bench.root)
    assert "Lumen Rebrand" not in client.get("/tasks/").content.decode()
    small_bench.edit("sample-tabs", lambda e: e.update(source_website="Lumen Rebrand"))
    import_bench(small_bench.root)
    assert "Lumen Rebrand" in client.get("/tasks/").content.decode()
