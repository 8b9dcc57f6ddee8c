"""The llm back-end against a real OpenAI-compatible HTTP server with scripted answers."""
import pytest

from judging.engine import Judge, JudgeOptions, LLMConfig
from judging.engine.result import ASSERTION_FAILED, COMPLETED

from .chat_server import ScriptedChat
from .conftest import BENCH, SITES

pytestmark = pytest.mark.browser
TABS = BENCH / "sample-tabs"
PRICING = "The Pricing panel is shown with the price $199 and a 'Buy now' button."


def _options(chat, cache_dir):
    return JudgeOptions(backend="llm", cache_dir=cache_dir, action_timeout=3.0,
                        llm=LLMConfig(base_url=chat.base_url, model="judge-model", api_key="test-key"))


def test_llm_grounds_asserts_and_scores_hfs(cache_dir, tmp_path):
    with ScriptedChat(score=73, needs_screenshot={"Pricing"}) as chat, Judge(_options(chat, cache_dir)) as judge:
        result = judge.run(TABS, SITES / "sample-tabs", tmp_path / "ok")
        assert (result.stop_reason, result.ifs) == (COMPLETED, 1.0)
        assert [s.element.name for s in result.steps] == ["Specifications", "Pricing", "Extended warranty (2 years, +$39)", "Overview"]
        assert result.hfs == pytest.approx(0.73) and result.hfs_note == ""
        assert result.vfs == pytest.approx(0.5 * result.lfs + 0.5 * 0.73)
        assert result.backends["hfs"] == "llm" and result.versions["llm"] == "openai-chat judge-model"
        assert result.steps[0].assertion.backend == "llm" and result.steps[0].assertion.verdict
        grounding = [r for r in chat.requests if "Which element" in r["text"]]
        # Pricing was asked twice: from the element list alone, then again with the screenshot.
        assert [r["images"] for r in grounding] == [0, 0, 1, 0, 0]
        assert sum("Score:" in r["text"] for r in chat.requests) == len(result.points) == 3
        assert result.eval_dict()["all_mllm_scores"] == [0.73, 0.73, 0.73]

        chat.false_assertions.add(PRICING)
        failed = judge.run(TABS, SITES / "sample-tabs", tmp_path / "no")
        assert (failed.stop_reason, failed.success_step) == (ASSERTION_FAILED, 1)
        assert failed.eval_dict()["assertion_results"][1]["result"] == "No"
        assert len(failed.points) == 2  # state 0 and step 1; the step judged false is not reached


def test_llm_backend_needs_a_configured_endpoint():
    with pytest.raises(ValueError, match="LLMConfig"):
        JudgeOptions(backend="llm")
    assert LLMConfig.from_env({}) is None
    assert LLMConfig.from_env({"JUDGE_LLM_BASE_URL": "http://x/v1", "JUDGE_LLM_MODEL": "m"}).model == "m"
