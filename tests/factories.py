"""Judged submissions built the way the judge leaves them: runs with scores, result JSON, screenshots
and the submitted site on disk. Shared by the leaderboard and security tests."""
import hashlib
import json
from pathlib import Path

from django.conf import settings
from PIL import Image

from judging.engine import scoring
from leaderboard import constants as states
from leaderboard import runs
from leaderboard.models import Submission, TaskRun
from tasks_catalog.models import Checkpoint, Task

RED, WHITE = (200, 30, 30), (255, 255, 255)


def png(path, size=(64, 36), colour=WHITE, box=None):
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, colour)
    if box:
        image.paste(RED, box)
    image.save(path)
    return path


def make_task(task_id, domain="Shopping", complexity="L1", steps=2):
    task = Task.objects.create(task_id=task_id, resolution="64x36", domain=domain, interaction_complexity=complexity,
                               step_count=steps, checkpoint_count=2)
    for index in range(2):
        Checkpoint.objects.create(task=task, index=index, width=64, height=36)
        png(task.directory() / "checkpoints" / f"step_{index}.png")
    return task


def result_for(task, success, differ_box=None):
    """An engine TaskResult.to_dict() with two visual points; state 1 differs inside `differ_box`. A run
    that reached fewer than every step stopped at step 1, whose assertion was judged No."""
    completed = success == task.step_count
    points = [
        {"state": 0, "checkpoint": 0, "screenshot": "shots/state_0.png", "ocr": 1.0, "image": 0.9, "mllm": None,
         "ocr_text": "Shop", "checkpoint_text": "Shop", "mllm_response": None},
        {"state": 1, "checkpoint": 1, "screenshot": "shots/state_1.png", "ocr": 0.5, "image": 0.7, "mllm": None,
         "ocr_text": "Cart <b>1</b>", "checkpoint_text": "Cart 2", "mllm_response": None},
    ]
    steps = [{"number": 1, "action": "Click", "description": "Click the cart",
              "outcome": "ok" if completed else "site:assertion-failed",
              "element": {"index": 3, "tag": "button", "role": "button", "name": "Cart",
                          "box": {"x": 10, "y": 5, "width": 20, "height": 10}, "score": 0.93},
              "detail": "", "screenshot": "shots/state_1.png",
              "assertion": {"text": "The cart opens", "result": "Yes" if completed else "No", "backend": "offline",
                            "detail": {}}, "timings_ms": {}}]
    return {"task_id": task.task_id, "protocol": "iwr-v1", "points": points, "steps": steps, "success_step": success,
            "backends": {"grounding": "offline", "image_similarity": "content-ssim"},
            "screenshots": ["shots/state_0.png", "shots/state_1.png"],
            "stop_reason": "completed" if completed else "site:assertion-failed", "total_step": task.step_count,
            "stop_detail": "", "blocked_requests": {"https://evil.example/track.js": 2},
            "console_errors": ["TypeError: x is undefined"], "hfs_note": "offline back-end: no MLLM"}


def write_eval(out_dir, success, total, ocr, image, mllm=()):
    """The engine's eval.json for these per-point scores (mllm as fractions), and the screenshot of each point."""
    shots = [f"screenshots/{k}.png" for k in range(len(ocr))]
    for shot in shots:
        png(out_dir / shot)
    avg = [(m + d + o) / 3 for m, d, o in zip(mllm, image, ocr)]
    mean = lambda xs: sum(xs) / len(xs) if xs else 0  # noqa: E731
    (out_dir / "eval.json").write_text(json.dumps({
        "total_step": total, "success_step": success, "screenshot_paths_to_eval": shots,
        "all_mllm_scores": list(mllm), "all_dino_scores": image, "all_ocr_scores": ocr, "all_avg_scores": avg,
        "mllm_score": mean(mllm), "dino_score": mean(image), "ocr_score": mean(ocr), "avg_score": mean(avg),
        "all_mllm_res": [], "all_ocr_texts": [], "assertion_results": [None] * total}))


def make_submission(owner, name, scores, public=True, backend="offline", thinking=False, model_type="proprietary"):
    """scores: {task: (success_steps, lfs)}; tasks not in it are left unjudged (failed)."""
    digest = hashlib.sha256(f"{name}{owner.pk}{backend}{sorted(scores.items(), key=str)}".encode()).hexdigest()
    submission = Submission.objects.create(
        owner=owner, model_name=name, model_type=model_type, thinking=thinking, is_public=public,
        layout="run", upload_name="run.zip", upload_bytes=1, sha256=digest, storage=digest[:32],
        status=states.RUNNING)
    for task in Task.objects.all():
        if task not in scores:
            TaskRun.objects.create(submission=submission, task=task, status=states.FAILED,
                                   failure_reason=states.FAILURE_ERROR)
            continue
        success, lfs = scores[task]
        s = scoring.task_scores(success, task.step_count, [lfs], [lfs])
        run = TaskRun.objects.create(submission=submission, task=task, status=states.DONE, protocol="iwr-v1",
                                     backend=backend, success_steps=success, total_steps=task.step_count,
                                     blocked_requests=1, result=result_for(task, success), **s.to_dict())
        run.out_dir = str((run.results_dir() / "1-job").relative_to(settings.MEDIA_ROOT))
        run.save(update_fields=["out_dir"])
        folder = Path(settings.MEDIA_ROOT) / run.out_dir / "shots"
        png(folder / "state_0.png")
        png(folder / "state_1.png", box=(20, 10, 30, 20))
        write_eval(Path(settings.MEDIA_ROOT) / run.out_dir, success, task.step_count, [lfs], [lfs])
        site = run.site_dir()
        site.mkdir(parents=True, exist_ok=True)
        (site / "index.html").write_text("<h1>site</h1><script>document.title = 'ran'</script>")
    runs.finish_submission_if_complete(submission.pk)
    submission.refresh_from_db()
    return submission
