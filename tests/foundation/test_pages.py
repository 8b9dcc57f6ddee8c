"""Every page extends the base template: navigation present, nothing loaded from a CDN."""
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CDN = re.compile(r"https?://(cdn\.|cdnjs|unpkg|jsdelivr|fonts\.googleapis|code\.jquery|cdn\.plot\.ly)")


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/about/", "/api/docs/"])
def test_page_renders_with_navigation(client, url):
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    for label, href in [("Tasks", "/tasks/"), ("Leaderboard", "/leaderboard/"), ("Submit", "/submit/"),
                        ("API", "/api/docs/"), ("About", "/about/")]:
        assert f'href="{href}"' in html and f">{label}</a>" in html
    assert not re.search(r'<(script|link)[^>]+(src|href)="https?://', html), "page loads a remote file"


def test_no_template_or_static_file_loads_from_a_cdn():
    offenders = [str(p) for folder in ("templates", "static") for p in (REPO / folder).rglob("*")
                 if p.is_file() and CDN.search(p.read_text(errors="ignore"))]
    assert offenders == []
