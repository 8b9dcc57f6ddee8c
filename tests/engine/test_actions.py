"""Each action as the official evaluation runs it, on a page built for the rule."""
import json
import shutil

import pytest

from judging.engine import Judge, JudgeOptions
from judging.engine.result import ACTION_FAILED, COMPLETED

from .conftest import BENCH, make_site

pytestmark = pytest.mark.browser
SEARCH = BENCH / "sample-search"

# Two fields; what each holds is echoed in big letters, so the screenshot shows it.
FIELDS = """<!doctype html><style>body { font: 40px "DejaVu Sans", sans-serif; margin: 30px; }
input { font: inherit; width: 700px; display: block; margin: 20px 0; }</style>
<input id="one" value="%s"><input id="two" value=""><p id="echo"></p>
<script>
const echo = () => document.getElementById("echo").textContent =
  "First: " + document.getElementById("one").value + " / Second: " + document.getElementById("two").value;
for (const f of document.querySelectorAll("input")) f.addEventListener("input", echo);
echo();
</script>"""


def task_with(tmp_path, first_step):
    """sample-search with its first step replaced, no assertion (the rule is what is tested)."""
    task = tmp_path / "task"
    shutil.copytree(SEARCH, task)
    entry = next(json.loads(line) for line in (BENCH.parent / "data.jsonl").read_text().splitlines()
                 if json.loads(line)["id"] == "sample-search")
    entry["action_sequence"] = [first_step, {"type": "Press", "parameters": {"description": "Press Enter", "key": "Enter"},
                                             "visual_evaluation_flag": True}]
    (task / "task.json").write_text(json.dumps(entry))
    return task


def test_type_clears_the_field_before_typing(judge, tmp_path):
    task = task_with(tmp_path, {"type": "Type", "parameters": {"description": "Type into the first box",
                                                                "text": "wireless mouse"}})
    result = judge.run(task, make_site(tmp_path / "site", FIELDS % "old words"), tmp_path / "out")
    assert result.stop_reason == COMPLETED
    assert "First: wireless mouse / Second:" in result.points[1].ocr_text
    assert "old" not in result.points[1].ocr_text


def test_type_with_an_element_index_types_into_that_interactive_element(judge, tmp_path):
    task = task_with(tmp_path, {"type": "Type", "parameters": {"description": "Type the query",
                                                                "text": "lamp", "element_index": 1}})
    result = judge.run(task, make_site(tmp_path / "site", FIELDS % ""), tmp_path / "out")
    assert result.steps[0].element.box["y"] > 100  # the second field, below the first
    assert "Second: lamp" in result.points[1].ocr_text


def test_an_element_index_that_is_not_listed_fails_the_action(judge, tmp_path):
    task = task_with(tmp_path, {"type": "Type", "parameters": {"description": "Type", "text": "x", "element_index": 7}})
    result = judge.run(task, make_site(tmp_path / "site", FIELDS % ""), tmp_path / "out")
    assert result.success_step == 0 and "element_index 7 is not among the 2" in result.steps[0].detail


def test_press_presses_the_key_it_names(judge, tmp_path):
    page = FIELDS % "" + """<script>addEventListener("keydown", (e) =>
      document.getElementById("echo").textContent = "Key " + e.key);</script>"""
    task = task_with(tmp_path, {"type": "Press", "parameters": {"description": "Press the escape key", "key": "Escape"}})
    result = judge.run(task, make_site(tmp_path / "site", page), tmp_path / "out")
    assert result.steps[0].detail == "pressed Escape" and "Key Escape" in result.points[1].ocr_text


# A word grid with no field: the page reads the keys themselves, the way word games are built.
GRID = """<!doctype html><style>body { font: 40px "DejaVu Sans", sans-serif; margin: 30px; }
.row { display: flex; gap: 8px; } .row div { width: 60px; height: 60px; border: 2px solid #999; text-align: center; }
</style><div class="row">%s</div><p id="echo">Guess: </p>
<script>let typed = "";
%s
</script>""" % ("<div></div>" * 5, "%s")
HEARS_KEYS = """document.addEventListener("keydown", (e) => {
  if (/^[a-z]$/i.test(e.key) && typed.length < 5) typed += e.key.toUpperCase();
  document.querySelectorAll(".row div").forEach((d, i) => d.textContent = typed[i] || "");
  document.getElementById("echo").textContent = "Guess: " + typed;
});"""
TYPE_A_WORD = {"type": "Type", "parameters": {"description": "Type the word 'CRANE' on the keyboard", "text": "CRANE"}}


def test_type_on_a_page_that_reads_keys_and_has_no_field_types_on_the_keyboard(judge, tmp_path):
    result = judge.run(task_with(tmp_path, TYPE_A_WORD), make_site(tmp_path / "site", GRID % HEARS_KEYS), tmp_path / "out")
    assert result.steps[0].outcome == "ok" and "on the keyboard" in result.steps[0].detail
    assert "Guess: CRANE" in result.points[1].ocr_text


def test_type_on_a_page_with_no_field_that_hears_no_keys_finds_nothing_to_type_in(judge, tmp_path):
    result = judge.run(task_with(tmp_path, TYPE_A_WORD), make_site(tmp_path / "site", GRID % ""), tmp_path / "out")
    assert result.success_step == 0
    assert result.steps[0].detail == "no editable field on the page, and nothing on it listens for keys"

# A cell that turns into a field when clicked, as spreadsheets do; a search field elsewhere.
CELL = """<!doctype html><style>body { font: 40px "DejaVu Sans", sans-serif; margin: 30px; }
td { border: 1px solid #999; width: 400px; height: 60px; } input { font: inherit; width: 380px; }</style>
<input id="search" placeholder="Search"><table><tr><td id="name">Untitled</td></tr></table><p id="echo"></p>
<script>document.getElementById("name").addEventListener("click", (e) => {
  const cell = e.currentTarget; if (cell.querySelector("input")) return;
  cell.innerHTML = '<input value="Untitled">'; const field = cell.querySelector("input"); field.focus(); field.select();
  field.addEventListener("input", () => document.getElementById("echo").textContent = "Name: " + field.value);
});</script>"""


def test_a_type_step_that_says_to_click_first_types_where_the_click_put_the_caret(judge, tmp_path):
    step = {"type": "Type", "parameters": {"description": "Click the grey 'Untitled' name and type a category name",
                                           "text": "Gym"}}
    result = judge.run(task_with(tmp_path, step), make_site(tmp_path / "site", CELL), tmp_path / "out")
    assert result.steps[0].detail == "typed 3 characters where the click put the caret"
    assert "Name: Gym" in result.points[1].ocr_text


def test_an_action_over_its_time_limit_fails(cache_dir, tmp_path):
    """The official evaluation gives each action 30 s; here 1 s, on a button whose handler runs 3 s."""
    page = """<!doctype html><button id="b" style="font-size:40px">Search</button>
    <script>document.getElementById("b").addEventListener("click", () => {
      const end = performance.now() + 3000; while (performance.now() < end) {} });</script>"""
    task = task_with(tmp_path, {"type": "Click", "parameters": {"description": "Click the 'Search' button"}})
    with Judge(JudgeOptions(cache_dir=cache_dir, step_time_limit=1.0, action_timeout=5.0)) as judge:
        result = judge.run(task, make_site(tmp_path / "site", page), tmp_path / "out")
    assert (result.stop_reason, result.success_step) == (ACTION_FAILED, 0)
    assert result.steps[0].detail == "the action did not finish within 1s"
