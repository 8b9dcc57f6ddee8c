"""Everything a judgment can be tuned by, passed in by the caller (never read from Django).

This module is the engine's one reader of the environment (CHROMIUM_PATH, IWR_JUDGE_CACHE and the
JUDGE_LLM_* family), for callers that pass nothing: its command line, authoring tools, tests, and
the workers, whose Django settings do not read these variables again.
"""
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BACKENDS = ("offline", "llm")

# Calibrated on samples/bench by benchmarks/assertion_calibration.py (README, "Judging") with the
# content-ssim image similarity: correct states scored 1.0 against their checkpoint on the reference
# sites and 0.577-0.905 on rebuilt sites (lowest: the sample-tabs rebuild, the most loosely rebuilt);
# blank pages stayed at or below 0.056. 0.53 lies between. States that miss the checkpoint reach
# 0.836 and the page before an action 0.867, static images of a checkpoint 0.898 (their words are its
# words; they perform no action): the direction and number rules reject those, not this threshold.
DEFAULT_ASSERTION_THRESHOLD = 0.53
DEFAULT_GROUNDING_MODEL = "gpt-4o"     # the official evaluation's default OPENAI_MODEL_NAME
# The judge's browser: Debian's chromium package unless CHROMIUM_PATH names another.
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"


@dataclass(frozen=True)
class LLMConfig:
    """One OpenAI-compatible chat endpoint and the model asked there."""
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = 240.0


@dataclass(frozen=True)
class LLMModels:
    """The official evaluation's two models: `grounding` finds the element an action means
    (its OPENAI_MODEL_NAME, gpt-4o by default), `judging` answers assertions and scores the rubric
    (its MODEL_FOR_EVAL). They may be one model on one endpoint."""
    grounding: LLMConfig
    judging: LLMConfig

    @classmethod
    def from_env(cls, environ=os.environ):
        """JUDGE_EVAL_MODEL (or JUDGE_LLM_MODEL) on JUDGE_LLM_BASE_URL, or None when not configured.

        Each model may have an endpoint of its own: JUDGE_GROUNDING_BASE_URL / _API_KEY and
        JUDGE_EVAL_BASE_URL / _API_KEY override JUDGE_LLM_BASE_URL / JUDGE_LLM_API_KEY."""
        shared_url, shared_key = environ.get("JUDGE_LLM_BASE_URL", ""), environ.get("JUDGE_LLM_API_KEY", "")
        shared_model = environ.get("JUDGE_LLM_MODEL", "")
        judging_model = environ.get("JUDGE_EVAL_MODEL") or shared_model
        judging_url = environ.get("JUDGE_EVAL_BASE_URL") or shared_url
        if not judging_model or not judging_url:
            return None
        return cls(
            grounding=LLMConfig(base_url=environ.get("JUDGE_GROUNDING_BASE_URL") or shared_url or judging_url,
                                model=environ.get("JUDGE_GROUNDING_MODEL") or shared_model or DEFAULT_GROUNDING_MODEL,
                                api_key=environ.get("JUDGE_GROUNDING_API_KEY") or shared_key),
            judging=LLMConfig(base_url=judging_url, model=judging_model,
                              api_key=environ.get("JUDGE_EVAL_API_KEY") or shared_key))


@dataclass(frozen=True)
class JudgeOptions:
    backend: str = "offline"
    llm: LLMModels | None = None
    dino_path: str | None = None          # a local DINOv2 folder (config + weights); None: default similarity
    cache_dir: Path = field(default_factory=lambda: Path(
        os.environ.get("IWR_JUDGE_CACHE") or Path(tempfile.gettempdir()) / "iwr-judge-cache"))
    chromium_path: str | None = None
    task_time_limit: float = 120.0        # seconds for the whole replay of one task
    action_timeout: float = 5.0           # seconds for one browser operation before the site is deemed hung
    step_time_limit: float = 30.0         # seconds for one whole action, as the official evaluation allows
    load_timeout: float = 15.0
    settle_quiet_ms: int = 32             # no short timer; no DOM change, scroll or request this long
    settle_cap_ms: int = 2000
    assertion_threshold: float = DEFAULT_ASSERTION_THRESHOLD
    # A script filling its heap meets V8's cap and crashes its renderer (site:crashed); memory outside
    # the heap (ArrayBuffers, images, canvases) is what the judge's own limit catches (site:memory).
    # The cap is below the limit so that each hog meets the one meant for it.
    js_heap_mb: int = 384
    page_memory_mb: int = 512             # a renderer's own memory over this is killed (browser.MemoryGuard)
    max_candidates: int = 4000
    browser_tasks: int = 50               # tasks judged on one browser before it is started afresh

    def __post_init__(self):
        if self.backend not in BACKENDS:
            raise ValueError(f"backend {self.backend!r} is not one of {', '.join(BACKENDS)}")
        if self.backend == "llm" and self.llm is None:
            raise ValueError("backend 'llm' needs LLMModels (JUDGE_LLM_BASE_URL and JUDGE_EVAL_MODEL)")
