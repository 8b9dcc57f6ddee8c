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
