"""Everything a judgment can be tuned by, passed in by the caller (never read from Django)."""
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BACKENDS = ("offline", "llm")

# Calibrated on samples/bench by benchmarks/assertion_calibration.py (README, "Judging"): correct
# states scored 0.919-1.0 against their checkpoint on the reference sites and 0.717-0.971 on
# rebuilt sites; blank pages and static images of the initial state stayed at or below 0.499.
# 0.6 lies between the two, and above 0.5, the most a page without text can score (a picture of
# the checkpoint). States that miss the checkpoint reach 0.925 and the
# page before an action 0.975: the direction and number rules reject those, not this threshold.
DEFAULT_ASSERTION_THRESHOLD = 0.6


@dataclass(frozen=True)
class LLMConfig:
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = 120.0

    @classmethod
    def from_env(cls, environ=os.environ):
        """JUDGE_LLM_BASE_URL / JUDGE_LLM_MODEL / JUDGE_LLM_API_KEY, or None when not configured."""
        base_url, model = environ.get("JUDGE_LLM_BASE_URL"), environ.get("JUDGE_LLM_MODEL")
        if not base_url or not model:
            return None
        return cls(base_url=base_url, model=model, api_key=environ.get("JUDGE_LLM_API_KEY", ""))


@dataclass(frozen=True)
class JudgeOptions:
    backend: str = "offline"
    llm: LLMConfig | None = None
    dino_path: str | None = None          # a local DINOv2 folder (config + weights); None: default similarity
    cache_dir: Path = field(default_factory=lambda: Path(
        os.environ.get("IWR_JUDGE_CACHE") or Path(tempfile.gettempdir()) / "iwr-judge-cache"))
    chromium_path: str | None = None
    task_time_limit: float = 120.0        # seconds for the whole replay of one task
    action_timeout: float = 5.0           # seconds for one browser operation before the site is deemed hung
    load_timeout: float = 15.0
    settle_quiet_ms: int = 32             # no short timer; no DOM change, scroll or request this long
    settle_cap_ms: int = 2000
    assertion_threshold: float = DEFAULT_ASSERTION_THRESHOLD
    js_heap_mb: int = 512                 # a page allocating past this crashes alone, not the worker
    max_candidates: int = 4000
    browser_tasks: int = 50               # tasks judged on one browser before it is started afresh

    def __post_init__(self):
        if self.backend not in BACKENDS:
            raise ValueError(f"backend {self.backend!r} is not one of {', '.join(BACKENDS)}")
        if self.backend == "llm" and self.llm is None:
            raise ValueError("backend 'llm' needs an LLMConfig (JUDGE_LLM_BASE_URL and JUDGE_LLM_MODEL)")
