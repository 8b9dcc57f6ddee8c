"""The judge engine: no Django here. Give it a task folder and a site folder, get a TaskResult.

    from judging.engine import Judge, JudgeOptions, judge
    result = judge(task_dir, site_dir, out_dir, options=JudgeOptions(backend="offline"))
    with Judge(JudgeOptions()) as j:          # one browser kept for many tasks
        result = j.run(task_dir, site_dir, out_dir)
"""
from .options import JudgeOptions, LLMConfig, LLMModels
from .result import TaskResult
from .task import TaskError
from .version import JUDGE_VERSION

__all__ = ["JUDGE_VERSION", "Judge", "JudgeOptions", "LLMConfig", "LLMModels", "TaskError", "TaskResult", "judge"]


def __getattr__(name):
    # Judging loads Playwright, OpenCV and the OCR: only code that judges pays for them, not every
    # import of a format, a score or the version.
    if name in ("Judge", "judge"):
        from . import replay

        return getattr(replay, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
