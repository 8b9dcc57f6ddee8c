"""The About page sets the official evaluation and this judge side by side, rule by rule."""
import re

import pytest

from judging.engine import JudgeOptions

pytestmark = pytest.mark.django_db
RULES = ["Finding the page", "A task without a page", "Viewport", "Replay timings", "Click", "Type", "Press",
         "Scroll", "Assertions", "success_step", "Visual points and the cut", "OCR similarity", "Image similarity",
         "LFS, HFS, VFS, Final", "The two models", "Fonts", "Outputs"]


def test_every_scoring_rule_is_a_row_and_the_deliberate_differences_are_marked(client):
    html = client.get("/about/").content.decode()
    table = html.split('data-testid="rules"')[1].split("</table>")[0]
    rows = re.findall(r'<tr id="rule-[^"]+"><th scope="row">(.*?)</th>(.*?)</tr>', table, re.S)
    assert [re.sub(r"<[^>]+>", "", name) for name, _ in rows] == RULES
    deliberate = {re.sub(r"<[^>]+>", "", name) for name, cells in rows if "deliberate</span>" in cells}
    assert deliberate == {"Finding the page", "A task without a page", "Replay timings", "OCR similarity",
                          "Image similarity"}
    cells = dict((re.sub(r"<[^>]+>", "", name), body) for name, body in rows)
    assert "No network for uploaded pages" in cells["Finding the page"]
    assert "RapidOCR" in cells["OCR similarity"] and "EasyOCR" in cells["OCR similarity"]
    assert "JUDGE_DINO_PATH" in cells["Image similarity"] and "DINOv2-base" in cells["Image similarity"]
    # The cap is quoted from the judge's options, not written twice.
    assert f"at most {JudgeOptions().settle_cap_ms} ms" in cells["Replay timings"]
    assert "1 s" in cells["Replay timings"] and "0.5 s" in cells["Replay timings"]


REPORT = """judge_validation: 18 judgments x 1 run(s); built in 1 s, judged in 40 s (2.22 s each, 2 process(es))
== part tune, checkpoints before-action: 2 tasks
variant    IFS min  median     max    mean VFS mean Final mean
perfect       1.00    1.00    1.00    1.00    0.989      0.993
blank         0.00    0.00    0.00    0.00    0.044      0.013
reading inferred from the task alone (the recording says it, and is used): right in 9 of 10 judgments with an assertion
checks: 31 of 32 hold (96.9 %)
  FAILS va-calculator: rebuild-a IFS >= 0.75: IFS 0.33 (step 3: 'The display reads 7 × 8.' judged false)
== part holdout, checkpoints after-action: 1 tasks
variant    IFS min  median     max    mean VFS mean Final mean
perfect       1.00    1.00    1.00    1.00    0.900      0.950
checks: 16 of 16 hold (100.0 %)
== all: 47 of 48 checks hold (97.9 %)
"""


def test_about_shows_the_judges_measured_validity_from_the_validation_report(client, settings, tmp_path):
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "judge_validation.txt").write_text(REPORT, encoding="utf-8")
    settings.BASE_DIR = tmp_path
    html = client.get("/about/").content.decode()
    section = html.split('id="validity"')[1].split("</section>")[0]
    assert "47 of 48 checks hold" in section and "(97.9 %)" in section
    assert "Tuning part, checkpoints before-action: 2 tasks, 31 of 32 checks hold" in " ".join(section.split())
    assert "Held-out part, checkpoints after-action: 1 tasks, 16 of 16 checks hold" in " ".join(section.split())
    assert "<td>blank</td>" in section and '<td class="num">0.044</td>' in section
    assert "va-calculator: rebuild-a IFS &gt;= 0.75" in section
    assert "right in 9 of 10 judgments" in section


def test_about_says_when_the_validation_was_not_run(client, settings, tmp_path):
    settings.BASE_DIR = tmp_path
    section = client.get("/about/").content.decode().split('id="validity"')[1].split("</section>")[0]
    assert "has not been run" in section and "checks hold" not in section


def test_pages_name_the_asset_placeholder_the_engine_defines(client, monkeypatch):
    from judging.engine import official

    monkeypatch.setattr(official, "ASSETS_PLACEHOLDER", "__SOME_OTHER_BASE__/")
    assert "<code>__SOME_OTHER_BASE__/</code>" in client.get("/about/").content.decode()
