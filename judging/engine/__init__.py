"""The judge engine: no Django here. Give it a task folder and a site folder, get a TaskResult.

    from judging.engine import Judge, JudgeOptions, judge
    result = judge(task_dir, site_dir, out_dir, options=JudgeOptions(backend="offline"))
    with Judge(JudgeOptions()) as j:          # one browser kept for many tasks
        result = j.run(task_dir, site_dir, out_dir)
"""
from .options import JudgeOptions, LLMConfig, LLMModels
from .replay import JUDGE_VERSION, Judge, judge
from .result import TaskResult
from .task import TaskError

__all__ = ["JUDGE_VERSION", "Judge", "JudgeOptions", "LLMConfig", "LLMModels", "TaskError", "TaskResult", "judge"]
