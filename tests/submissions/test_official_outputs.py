"""What a researcher takes away to compare with the paper, from submissions judged by real workers:
the official result/ tree and report, recomputed here by the official rules; and DINOv2 wherever a
worker has it configured, ranked apart from the default similarity.

The official rules below are written from DESIGN.md ("Scoring") in this file on purpose: they
must agree with the judge's own, which live elsewhere.
"""
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from judging.engine import official
from leaderboard import constants as states
from leaderboard.models import Submission
from tests.conftest import Worker
from tests.engine.chat_server import ScriptedChat
from tests.engine.tiny_dino import make_tiny_dino
from tests.factories import make_submission
from tests.submissions.test_worker import finished
from tests.waits import wait_for
from tests.submissions.zips import site_zip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
TASKS = 6  # samples/bench
OFFICIAL_KEYS = {"total_step", "success_step", "screenshot_paths_to_eval", "all_mllm_scores", "all_dino_scores",
                 "all_ocr_scores", "all_avg_scores", "mllm_score", "dino_score", "ocr_score", "avg_score",
                 "all_mllm_res", "all_ocr_texts", "assertion_results"}


def judged_by(worker_env, celery_worker, tmp_path, env, submit):
    """Run `submit()` with only a worker of this environment taking jobs; returns the finished submission."""
    celery_worker.stop()
    worker = Worker({**worker_env, **env}, tmp_path / "worker.log").start()
    try:
        submission = submit()
        wait_for(lambda: finished(submission), what="the submission to finish", worker=worker)
    finally:
        worker.stop()
        celery_worker.start()
    return submission


def official_row(evaluation):
    """A task's row by the official aggregation, from its eval.json."""
    success = evaluation["success_step"]
    ifs = success / evaluation["total_step"]
    cut = {k: evaluation[k][:success + 1] for k in ("all_ocr_scores", "all_dino_scores", "all_mllm_scores")}
    ocr, dino, hfs = (sum(values) / len(values) if values else 0 for values in cut.values())
    lfs = (ocr + dino) / 2
    vfs = 0.5 * lfs + 0.5 * hfs
    return {"ifs": ifs, "ocr": ocr, "dino": dino, "lfs": lfs, "hfs": hfs, "vfs": vfs, "final": 0.7 * ifs + 0.3 * vfs}


def download(user, url):
    client = Client()
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200, url
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_the_official_tree_of_an_llm_judged_run_gives_back_the_board_numbers(
        sample_catalog_committed, celery_worker, worker_env, alice_api, tmp_path):
    model = "Acme/Judge-VL"
    folder = official.model_dir(model)
    with ScriptedChat(score=73) as chat:
        env = {"JUDGE_LLM_BASE_URL": chat.base_url, "JUDGE_LLM_API_KEY": "test-key",
               "JUDGE_GROUNDING_MODEL": "grounding-model", "JUDGE_EVAL_MODEL": "eval-model"}
        # sample-tabs is rebuilt perfectly; in sample-modal the scripted model finds no field for
        # "Type 'Ana Silva' into …" (its first quoted phrase), so that task stops after one action.
        archive = site_zip(tmp_path / "run.zip", perfect=["sample-tabs", "sample-modal"])
        submission = judged_by(worker_env, celery_worker, tmp_path, env, lambda: upload_as(alice_api, archive, model))
    runs = {r.task.task_id: r for r in submission.runs.select_related("task")}
    assert all(r.status == states.DONE and r.backend == "llm" and r.hfs is not None for r in runs.values())
    assert runs["sample-modal"].success_steps == 1 < runs["sample-modal"].total_steps

    tree = zipfile.ZipFile(io.BytesIO(download(alice_api.user, f"/submissions/{submission.pk}/result.zip")))
    rows = {}
    for task_id, run in runs.items():
        evaluation = json.loads(tree.read(f"{task_id}/{folder}/eval.json"))
        assert set(evaluation) == OFFICIAL_KEYS
        assert evaluation["screenshot_paths_to_eval"] and evaluation["all_mllm_scores"]
        referenced = evaluation["screenshot_paths_to_eval"] + [
            a[key] for a in evaluation["assertion_results"] if a for key in ("prev_img_path", "curr_img_path")]
        for path in referenced:
            assert path.startswith("evalpoints/")
            engine_copy = Path(settings.MEDIA_ROOT) / run.out_dir / "screenshots" / Path(path).name
            assert tree.read(f"{task_id}/{folder}/{path}") == engine_copy.read_bytes()
        rows[task_id] = row = official_row(evaluation)
        for name in ("ifs", "lfs", "hfs", "vfs", "final"):
            assert row[name] == pytest.approx(getattr(run, name), abs=1e-9), (task_id, name)

    # The board: ours over the whole benchmark (a missing task counts 0), the official over the judged.
    submission.refresh_from_db()
    for name in ("ifs", "lfs", "hfs", "vfs", "final"):
        assert sum(r[name] for r in rows.values()) / TASKS == pytest.approx(getattr(submission, name), abs=1e-9)
        official_mean = sum(r[name] for r in rows.values()) / len(rows)
        assert official_mean == pytest.approx(submission.partial_scores()[name], abs=1e-9)

    report = tree.read(f"reports/{folder}_metrics.md").decode()
    lines = report.splitlines()
    assert lines[:4] == [f"# model: {model.replace('/', '__')} result", "",
                         "| task | IFS(%) | OCR(%) | CONTENT-SSIM(%) | LFS(%) | HFS(%) | VFS(%) | Final(%) |",
                         "|---|---:|---:|---:|---:|---:|---:|---:|"]
    expected = [(task_id, rows[task_id]) for task_id in sorted(rows)]
    expected.append(("avg", {k: sum(r[k] for r in rows.values()) / len(rows) for k in rows["sample-tabs"]}))
    assert lines[4:] == [f"| {task_id} | " + " | ".join(f"{row[k] * 100:.2f}" for k in
                                                        ("ifs", "ocr", "dino", "lfs", "hfs", "vfs", "final")) + " |"
                         for task_id, row in expected]
    assert download(alice_api.user, f"/submissions/{submission.pk}/metrics.md").decode() == report


def upload_as(api, archive, model):
    with open(archive, "rb") as fh:
        response = api.post("/api/submissions/", {"model_name": model, "model_type": "proprietary",
                                                  "is_public": True, "archive": fh}, format="multipart")
    assert response.status_code == 201, response.content
    return Submission.objects.get(pk=response.json()["id"])


def test_a_worker_with_judge_dino_path_scores_with_dinov2_ranked_apart(
        sample_catalog_committed, celery_worker, worker_env, alice_api, tmp_path):
    dino = make_tiny_dino(tmp_path / "dinov2-tiny")
    archive = site_zip(tmp_path / "run.zip", perfect=["sample-tabs"])
    with_dino = judged_by(worker_env, celery_worker, tmp_path, {"JUDGE_DINO_PATH": str(dino)},
                          lambda: upload_as(alice_api, archive, "Dino-Judged"))
    run = with_dino.runs.get()
    assert run.status == states.DONE and run.result["backends"]["image_similarity"] == "dinov2"
    assert "dinov2" in run.result["versions"]["similarity"] and run.backend == "offline+dinov2"
    assert run.final == pytest.approx(1.0, abs=0.01)  # a page against its own checkpoint: cosine 1
    default = make_submission(alice_api.user, "Default-Judged", {t: (t.step_count, 0.9) for t in bench_tasks()})

    board = Client().get("/api/leaderboard/").json()["results"]
    groups = {row["model"]: (row["group"], row["group_label"]) for row in board if not row["from_paper"]}
    assert groups == {
        "Dino-Judged": ("iwr-v1/offline+dinov2", "Protocol iwr-v1, offline back-end, DINOv2 image similarity"),
        "Default-Judged": ("iwr-v1/offline", "Protocol iwr-v1, offline back-end, content-ssim image similarity")}
    assert {row["rank"] for row in board if not row["from_paper"]} == {1}  # each first of its own table

    dino_report = download(alice_api.user, f"/submissions/{with_dino.pk}/metrics.md").decode()
    assert "| DINO(%) |" in dino_report.splitlines()[2]
    default_report = download(alice_api.user, f"/submissions/{default.pk}/metrics.md").decode()
    assert "DINO" not in default_report and "| CONTENT-SSIM(%) |" in default_report
    csv_text = download(alice_api.user, f"/submissions/{with_dino.pk}/results.csv").decode()
    assert "image,image_similarity" in csv_text.splitlines()[0] and ",dinov2," in csv_text


def bench_tasks():
    from tasks_catalog.models import Task

    return list(Task.objects.all())
