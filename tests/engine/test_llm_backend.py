"""The llm back-end against a real OpenAI-compatible HTTP server with scripted answers in the official
formats: two models, the official prompts, parameters and readings of answers, malformed ones too."""
import json
import shutil

import pytest

from judging.engine import Judge, JudgeOptions
from judging.engine.llm import parse_assertion, parse_index, parse_score, parse_type
from judging.engine.options import LLMConfig, LLMModels
from judging.engine.result import ACTION_NOT_FOUND, ASSERTION_FAILED, COMPLETED

from .chat_server import ScriptedChat
from .conftest import BENCH, SITES

pytestmark = pytest.mark.browser
TABS = BENCH / "sample-tabs"
SPECS = "The Specifications panel is shown, listing a battery life of 40 hours and a weight of 265 g."
PRICING = "The Pricing panel is shown with the price $199 and a 'Buy now' button."
WARRANTY = "The checkbox is ticked and the price changes from $199 to $238."


def _options(chat, cache_dir):
    return JudgeOptions(backend="llm", cache_dir=cache_dir, action_timeout=3.0, llm=LLMModels(
        grounding=LLMConfig(base_url=chat.base_url, model="grounder", api_key="test-key"),
        judging=LLMConfig(base_url=chat.base_url, model="judge", api_key="test-key")))


def test_two_models_are_asked_what_the_official_evaluation_asks(cache_dir, tmp_path):
    with ScriptedChat(score=73, needs_screenshot={"Pricing"}) as chat, Judge(_options(chat, cache_dir)) as judge:
        result = judge.run(TABS, SITES / "sample-tabs", tmp_path)
    assert (result.stop_reason, result.ifs) == (COMPLETED, 1.0), result.stop_detail
    assert [s.element.name for s in result.steps] == ["Specifications", "Pricing", "Extended warranty (2 years, +$39)",
                                                      "Overview"]
    # Grounding: the text model at temperature 0 with the tree and the numbered list; "Pricing" needed
    # the second look, a marked JPEG screenshot, sent without a temperature as there.
    clicks, looks = chat.of("click"), chat.of("click-vision")
    assert {r["model"] for r in clicks + looks} == {"grounder"} and len(clicks) == 4 and len(looks) == 1
    assert all(r["params"] == {"temperature": 0} and r["images"] == 0 for r in clicks)
    assert "The browser Accessibility Tree: " in clicks[0]["text"] and "tab 'Specifications'" in clicks[0]["text"]
    state = json.loads(clicks[0]["text"].split("The browser State: ")[1].split("\n")[0])
    assert state[0]["index"] == 0 and {"index", "tag", "text"} <= set(state[0])
    assert looks[0]["images"] == 1 and looks[0]["params"] == {}
    # Judging: the other model; assertions and the rubric with their temperatures and token limits.
    assertions, rubrics = chat.of("assertion"), chat.of("rubric")
    assert {r["model"] for r in assertions + rubrics} == {"judge"}
    assert len(assertions) == 3 and all(r["params"] == {"temperature": 0, "max_tokens": 4096} for r in assertions)
    assert len(rubrics) == len(result.points) == 3
    assert all(r["params"] == {"temperature": 0.0, "max_tokens": 16384} and r["images"] == 2 for r in rubrics)
    assert result.hfs == pytest.approx(0.73) and result.vfs == pytest.approx(0.5 * result.lfs + 0.5 * 0.73)
    assert result.versions["llm"] == "grounding: openai-chat grounder; judging: openai-chat judge"
    official = result.eval_dict()
    assert official["all_mllm_scores"] == [0.73] * 3 and len(official["all_mllm_res"]) == 3
    assert official["assertion_results"][0] == {
        "result": "Yes", "prev_img_path": "evalpoints/0.png", "curr_img_path": "evalpoints/1.png",
        "response": '```json\n{"think": "scripted", "result": "Yes"}\n```', "assertion": SPECS, "thinking": "scripted"}


def test_a_no_stops_the_count_but_the_replay_goes_on_and_an_error_does_not_stop(cache_dir, tmp_path):
    answers = {SPECS: "I am not sure what to say.", PRICING: "Yes, the pricing panel is shown."}
    with ScriptedChat(false_assertions={WARRANTY}, answers=answers) as chat, Judge(_options(chat, cache_dir)) as judge:
        result = judge.run(TABS, SITES / "sample-tabs", tmp_path)
    # An answer that is not JSON and holds neither "Yes" nor "No" (case-sensitive: "not" is not "No", as
    # the official code reads it) is an Error, which does not stop the count.
    assert [s.assertion.result if s.assertion else None for s in result.steps] == ["Error", "Yes", "No", None]
    assert (result.stop_reason, result.success_step) == (ASSERTION_FAILED, 2)
    assert [s.outcome for s in result.steps] == ["ok", "ok", ASSERTION_FAILED, "after-stop"]
    assert len(result.steps) == 4 and len(result.screenshots) == 5  # the replay went to the end


def test_a_click_answer_that_is_not_a_bare_index_finds_nothing(cache_dir, tmp_path):
    with ScriptedChat(click_reply="Index: 3") as chat, Judge(_options(chat, cache_dir)) as judge:
        result = judge.run(TABS, SITES / "sample-tabs", tmp_path)
    assert (result.stop_reason, result.success_step) == (ACTION_NOT_FOUND, 0)
    assert len(chat.of("click")) == len(chat.of("click-vision")) == 1


def test_type_with_an_element_index_skips_the_model_and_press_without_a_key_asks_it(cache_dir, tmp_path):
    task = tmp_path / "task"
    shutil.copytree(BENCH / "sample-search", task)
    entry = next(json.loads(line) for line in (BENCH.parent / "data.jsonl").read_text().splitlines()
                 if json.loads(line)["id"] == "sample-search")
    entry["action_sequence"][0]["parameters"]["element_index"] = 0
    del entry["action_sequence"][1]["parameters"]["key"]
    (task / "task.json").write_text(json.dumps(entry))
    with ScriptedChat(key="Enter") as chat, Judge(_options(chat, cache_dir)) as judge:
        result = judge.run(task, SITES / "sample-search", tmp_path / "out")
    assert result.steps[0].detail == "typed 14 characters" and result.steps[0].element.tag == "input"
    assert chat.of("type") == [] and len(chat.of("key")) == 1 and result.steps[1].detail == "pressed Enter"
    assert chat.of("key")[0]["params"] == {"temperature": 0}


def test_official_readings_of_answers():
    assert parse_index(" 12\n") == 12 and parse_index("-1") is None and parse_index("Index 3") is None
    assert parse_type('4,"wireless mouse"') == (4, "wireless mouse") and parse_type('-1,""') is None
    assert parse_type("4, wireless mouse") is None
    with pytest.raises(ValueError):
        parse_type('four,"x"')
    assert parse_assertion('```json\n{"think": "t", "result": "No"}\n```') == ("No", "t")
    assert parse_assertion('{"think": "t", "result": "yes"}') == ("Error", "t")  # JSON read, not Yes or No
    assert parse_assertion("Yes, it is shown.") == ("Yes", "") and parse_assertion("No.") == ("No", "")
    assert parse_assertion("Nothing like it") == ("No", "")  # "No" as a substring, as there
    assert parse_assertion("unclear") == ("Error", "")
    assert parse_score("Comments: ok\nScore: 85/100") == 85 and parse_score("score: 7/100") == 7
    assert parse_score("Score: 85 / 100") == 0 and parse_score("Score:\n85/100") == 0 and parse_score("none") == 0
    assert parse_score("Score: 140/100") == 100


def test_llm_backend_needs_configured_models():
    with pytest.raises(ValueError, match="LLMModels"):
        JudgeOptions(backend="llm")
    assert LLMModels.from_env({}) is None
    both = LLMModels.from_env({"JUDGE_LLM_BASE_URL": "http://x/v1", "JUDGE_EVAL_MODEL": "judge", "JUDGE_LLM_API_KEY": "k"})
    assert (both.grounding.model, both.judging.model, both.grounding.api_key) == ("gpt-4o", "judge", "k")
    apart = LLMModels.from_env({"JUDGE_EVAL_BASE_URL": "http://j/v1", "JUDGE_EVAL_MODEL": "judge",
                                "JUDGE_GROUNDING_BASE_URL": "http://g/v1", "JUDGE_GROUNDING_MODEL": "grounder"})
    assert (apart.grounding.base_url, apart.grounding.model, apart.judging.base_url) == ("http://g/v1", "grounder",
                                                                                         "http://j/v1")
