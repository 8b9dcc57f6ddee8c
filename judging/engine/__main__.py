"""python -m judging.engine TASK_DIR SITE_DIR --out DIR [--backend offline|llm]"""
import argparse
import json
import sys

from . import JudgeOptions, LLMModels, TaskError, judge


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m judging.engine",
                                     description="Judge a generated site on one IWR-Bench task (protocol iwr-v1).")
    parser.add_argument("task_dir", help="task folder in the official layout (checkpoints/, assets/, task.json)")
    parser.add_argument("site_dir", help="folder with the generated index.html")
    parser.add_argument("--out", required=True, help="where result.json, eval.json and screenshots/ go")
    parser.add_argument("--backend", choices=("offline", "llm"), default="offline")
    parser.add_argument("--dino", metavar="PATH", help="local DINOv2 folder for the image similarity")
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds for the whole replay")
    args = parser.parse_args(argv)

    llm = LLMModels.from_env()
    if args.backend == "llm" and llm is None:
        parser.error("--backend llm needs JUDGE_LLM_BASE_URL and JUDGE_EVAL_MODEL (JUDGE_GROUNDING_MODEL is "
                     "gpt-4o unless set; JUDGE_LLM_API_KEY; see the README)")
    options = JudgeOptions(backend=args.backend, llm=llm if args.backend == "llm" else None,
                           dino_path=args.dino, task_time_limit=args.time_limit)
    try:
        result = judge(args.task_dir, args.site_dir, args.out, options=options)
    except TaskError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps({k: getattr(result, k) for k in ("task_id", "success_step", "total_step", "stop_reason",
                                                     "ifs", "lfs", "hfs", "vfs", "final")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
