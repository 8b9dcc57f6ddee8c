"""Templates link by {% url %}, and every form's fields are rendered by one include, help text escaped."""
import re
from pathlib import Path

import pytest
from django import forms
from django.template.loader import render_to_string

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
FORM_FIELDS = "includes/form_fields.html"
HARD_CODED_PATH = re.compile(r"""\b(?:href|src|action)\s*=\s*["']/""")


def templates():
    return sorted(path for path in TEMPLATES.rglob("*") if path.suffix in (".html", ".txt"))


def test_templates_hard_code_no_paths():
    found = [f"{path.relative_to(TEMPLATES)}:{number}" for path in templates()
             for number, line in enumerate(path.read_text().splitlines(), 1) if HARD_CODED_PATH.search(line)]
    assert found == []


def test_only_the_form_include_renders_fields_help_text():
    found = [path.relative_to(TEMPLATES).as_posix() for path in templates() if "help_text" in path.read_text()]
    assert found == [FORM_FIELDS]


class Sample(forms.Form):
    name = forms.CharField(help_text="Names like <b>this</b> & that.")


def test_form_fields_escape_help_text():
    html = render_to_string(FORM_FIELDS, {"form": Sample()})
    assert "Names like &lt;b&gt;this&lt;/b&gt; &amp; that." in html
    assert 'id="id_name_helptext"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("path, section", [("/tasks/", "Tasks"), ("/leaderboard/charts/", "Leaderboard"),
                                           ("/about/", "About"), ("/accounts/login/", None)])
def test_the_menu_marks_the_section_of_the_page(client, path, section):
    html = client.get(path).content.decode()
    assert re.findall(r'aria-current="page">(\w+)</a>', html) == ([section] if section else [])
