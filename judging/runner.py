"""The worker side of judging: one engine Judge (one browser) per worker process, and heartbeats.

Starting Chromium costs about a second, so each worker process opens one Judge on its first task
and keeps it for the next ones; it is closed when the process shuts down, or thrown away after an
infrastructure error so that a broken browser never judges the next task.
"""
import logging
import os
import signal
import threading
import time
from contextlib import ExitStack
from pathlib import Path

from celery.signals import worker_process_shutdown, worker_shutting_down
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connections

logger = logging.getLogger(__name__)

_process = {"stack": None, "judge": None}


def judge_options():
    from judging.engine.options import JudgeOptions, LLMModels

    llm = LLMModels.from_env()
    return JudgeOptions(backend="llm" if llm else "offline", llm=llm,
                        cache_dir=Path(settings.VAR_DIR) / "judge-cache", dino_path=_dino_path(),
                        page_memory_mb=settings.JUDGE_PAGE_MEMORY_MB)


def _dino_path():
    """JUDGE_DINO_PATH, checked here: a worker that cannot read it must say so, not judge with another similarity."""
    path = settings.JUDGE_DINO_PATH
    if path and not (Path(path) / "config.json").is_file():
        raise ImproperlyConfigured(f"JUDGE_DINO_PATH={path!r} is not a DINOv2 folder (no config.json in it)")
    return path


def process_judge():
    if _process["judge"] is None:
        from judging.engine import Judge

        stack = ExitStack()
        _process["judge"] = stack.enter_context(Judge(judge_options()))
        _process["stack"] = stack
    return _process["judge"]


def close_judge(**_signal):
    stack, _process["stack"], _process["judge"] = _process["stack"], None, None
    if stack is not None:
        try:
            stack.close()
        except Exception:  # a browser that already died cannot be closed cleanly; nothing is lost
            logger.warning("closing the judge failed", exc_info=True)


worker_process_shutdown.connect(close_judge)


def bound_the_stop(how, **_signal):
    """A warm stop waits for the jobs in hand however long they take, and a pool process lost at the
    wrong moment leaves one that never ends: after JUDGE_STOP_SECONDS the stop turns cold, which
    cancels them. Nothing is lost: a cancelled job comes back (late acknowledgement), or its run
    through the reaper once its heartbeat is stale."""
    if how != "Warm":
        return
    timer = threading.Timer(settings.JUDGE_STOP_SECONDS, os.kill, (os.getpid(), signal.SIGQUIT))
    timer.daemon = True
    timer.start()


worker_shutting_down.connect(bound_the_stop)


class Heartbeat:
    """Calls `beat()` every `interval` seconds from a thread while the engine works."""

    def __init__(self, beat, interval):
        self.beat, self.interval = beat, interval
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, name="judge-heartbeat", daemon=True)

    def _loop(self):
        try:
            while not self.stop.wait(self.interval):
                try:
                    self.beat()
                except Exception:  # a missed beat is retried next interval; the reaper allows several
                    logger.warning("heartbeat failed", exc_info=True)
        finally:
            connections.close_all()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def judge(task_dir, site_dir, out_dir, beat):
    """Run the engine on one task with heartbeats; returns (TaskResult, seconds inside the engine)."""
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    with Heartbeat(beat, settings.JUDGE_HEARTBEAT_SECONDS):
        started = time.monotonic()
        try:
            result = process_judge().run(task_dir, site_dir, out_dir)
        except Exception:
            close_judge()
            raise
        return result, time.monotonic() - started
