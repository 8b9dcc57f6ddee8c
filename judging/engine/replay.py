"""Judging a site: replay the task's actions in Chromium, verify assertions, score the visuals.

One `Judge` keeps one browser for its life (a Celery worker keeps one per process) and gives each
task a fresh browser context. The work runs on a private asyncio loop: every browser call is
bounded by `asyncio.wait_for`, so a page that hangs its renderer costs its own task, never the
worker. OCR and image comparison run on worker threads while the browser goes on.
"""
import asyncio
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from importlib import resources
from importlib.metadata import version
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright

from . import actions, assertions, browser, fonts, llm, official, recording, scoring
from .isolation import ORIGIN, Sandbox, entry_page
from .ocr import Reader, text_of
from .options import JudgeOptions
from .result import (ACTION_FAILED, AFTER_STOP, ASSERTION_FAILED, COMPLETED, CRASHED, MEMORY, NAVIGATED_AWAY,
                     NO_ENTRY_PAGE, TIMEOUT, StepTrace, TaskResult, VisualPoint)
from .settle import settle
from .similarity import make_similarity
from .task import load_task
from .version import JUDGE_VERSION

INSTRUMENT_JS = resources.files(__package__).joinpath("js/instrument.js").read_text(encoding="utf-8")
PROBE_JS = resources.files(__package__).joinpath("js/probe.js").read_text(encoding="utf-8")
# Judge-only Chromium flags (authoring tools share browser.LAUNCH_ARGS): a heap cap makes a memory
# hog crash its own renderer quickly; wheel scrolling lands at once instead of animating.
JUDGE_ARGS = ["--disable-smooth-scrolling"]
# Seconds a browser gets to start, or to set up a task's page, on a loaded machine.
BROWSER_START_LIMIT = 60
OCR_NICENESS = 10


def _lower_priority():
    """Lower the calling thread's scheduling priority (Linux: a thread id is a process id to setpriority)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), OCR_NICENESS)
    except (AttributeError, OSError):  # not Linux, or not allowed: OCR keeps the default priority
        pass


class SiteStop(Exception):
    """The replay ends here, for a reason that is the site's (a stop id of result.py)."""

    def __init__(self, reason, detail, trace=None):
        super().__init__(detail)
        self.reason, self.detail, self.trace = reason, detail, trace


@dataclass
class Replay:
    states: dict = field(default_factory=dict)     # state k -> PNG bytes
    prepared: dict = field(default_factory=dict)   # state k -> future of the similarity's prepared image
    ocr: dict = field(default_factory=dict)        # state k -> future of its OCR lines
    probes: dict = field(default_factory=dict)     # step k -> (State before, State after), offline assertions
    steps: list = field(default_factory=list)
    executed: int = 0                              # actions performed: states 0..executed exist
    stop_reason: str = COMPLETED
    stop_detail: str = ""


class Judge:
    def __init__(self, options=None):
        self.options = options or JudgeOptions()
        self._loop = self._playwright = self._browser = None
        self._tasks_on_browser = 0
        # OCR is the slow part: it gets threads of its own so that light work (image comparison
        # for assertions, LLM calls) never queues behind it; two, so that one screenshot's lines
        # are recognised while the next one's are found (ocr.Reader). They run at a lower
        # priority: the replay waits for the browser, OCR waits for nothing until the replay ends,
        # so OCR takes the CPU the replay leaves idle instead of slowing it down.
        self._ocr_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="judge-ocr", initializer=_lower_priority)
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="judge-work")
        self._reader = Reader(self.options.cache_dir)
        self._similarity = make_similarity(self.options.dino_path)
        models = self.options.llm if self.options.backend == "llm" else None
        self._grounding = llm.Grounding(models.grounding) if models else None
        self._judging = llm.Judging(models.judging) if models else None

    # -- life cycle -------------------------------------------------------------------------
    def __enter__(self):
        self._loop = asyncio.new_event_loop()
        self._loop.run_until_complete(self._start())
        return self

    def __exit__(self, *exc):
        try:
            self._loop.run_until_complete(self._stop())
        finally:
            self._loop.close()
            self._pool.shutdown(wait=True)
            self._ocr_pool.shutdown(wait=True)

    async def _start(self):
        self._ocr(self._reader.warm_up)
        self._playwright = await async_playwright().start()
        await self._launch()

    async def _launch(self):
        args = JUDGE_ARGS + [f"--js-flags=--max-old-space-size={self.options.js_heap_mb}"]
        self._browser = await browser.launch(self._playwright, self.options.chromium_path, extra_args=args)
        self._tasks_on_browser = 0

    async def _stop(self):
        if self._browser is not None and self._browser.is_connected():
            await self._browser.close()
        if self._playwright is not None:
            await self._playwright.stop()

    async def _browser_for_next_task(self):
        """The browser, started afresh when the last task took it down, and every `browser_tasks`
        tasks with Playwright's driver: both keep caches and heaps that grow in steps over hundreds
        of tasks, and a worker must hold the same memory after a thousand tasks as after ten."""
        if self._tasks_on_browser >= self.options.browser_tasks:
            await self._stop()
            self._playwright = await async_playwright().start()
            await self._launch()
        elif not self._browser.is_connected():
            await self._launch()
        self._tasks_on_browser += 1

    def run(self, task_dir, site_dir, out_dir):
        if self._loop is None:
            raise RuntimeError("use Judge as a context manager: with Judge(options) as judge: ...")
        return self._loop.run_until_complete(self._run(Path(task_dir), Path(site_dir), Path(out_dir)))

    def forget(self):
        """Forget the OCR texts kept in memory, as a worker would meeting sites it has not seen."""
        self._reader.forget()

    # -- helpers ------------------------------------------------------------------------------
    def _blocking(self, function, *args):
        return self._loop.run_in_executor(self._pool, function, *args)

    def _ocr(self, function, *args):
        return self._loop.run_in_executor(self._ocr_pool, function, *args)

    def _versions(self):
        versions = {"judge": JUDGE_VERSION, "chromium": self._browser.version, "playwright": version("playwright"),
                    "ocr": self._reader.version(), "similarity": self._similarity.version()}
        versions["fonts"] = fonts.version()
        if self._judging is not None:
            versions["llm"] = f"grounding: {self._grounding.version()}; judging: {self._judging.version()}"
        return versions

    # -- one task -----------------------------------------------------------------------------
    async def _run(self, task_dir, site_dir, out_dir):
        started = time.monotonic()
        task = load_task(task_dir)
        (out_dir / "screenshots").mkdir(parents=True, exist_ok=True)
        checkpoints = [task.checkpoint_path(j) for j in range(task.checkpoint_count)]
        truth = assertions.Truth(
            [p.read_bytes() for p in checkpoints],
            [self._blocking(self._similarity.prepare, p) for p in checkpoints],
            [self._ocr(self._reader.read_cached, p) for p in checkpoints])
        sandbox, replay = await self._bounded_replay(task, site_dir, out_dir)
        replay_ms = round((time.monotonic() - started) * 1000)

        # As the official evaluation: every executed step's assertion is judged after the replay,
        # and the first "No" decides how many steps count.
        await self._judge_assertions(task, replay, truth)
        verdicts = [None] * len(task.steps)
        for trace in replay.steps:
            if trace.assertion is not None:
                verdicts[trace.number - 1] = trace.assertion.result
        success = official.success_step(replay.executed, verdicts)
        self._mark_stop(replay, success, verdicts)
        # A page that never showed (no entry page, killed or gone while loading) has no state 0: no points.
        point_states = [k for k in official.visual_point_states(task.flags, replay.executed, verdicts)
                        if k in replay.states]
        points = await self._score(point_states, replay, checkpoints, truth)
        counted = official.cut(points, success)
        scores = scoring.task_scores(success, len(task.steps), [p.ocr for p in counted], [p.image for p in counted],
                                     [p.mllm for p in counted] if self._judging else None)
        result = TaskResult(
            task_id=task.id, protocol=scoring.PROTOCOL,
            backends={"grounding": self.options.backend, "assertions": self.options.backend,
                      "hfs": "llm" if self._judging else None,
                      "image_similarity": self._similarity.name, "ocr": "rapidocr"},
            versions=self._versions(), viewport=str(task.viewport),
            total_step=len(task.steps), success_step=success,
            stop_reason=replay.stop_reason, stop_detail=replay.stop_detail,
            steps=replay.steps, points=points,
            screenshots=[f"screenshots/{k}.png" for k in sorted(replay.states)],
            ifs=scores.ifs, lfs=scores.lfs, hfs=scores.hfs, vfs=scores.vfs, final=scores.final,
            hfs_note="" if self._judging else "not measured: no LLM configured, so VFS = LFS",
            blocked_requests=dict(sandbox.blocked), console_errors=sandbox.console_errors,
            dialogs=sandbox.dialogs, popups_closed=sandbox.popups_closed,
            timings_ms={"replay": replay_ms, "total": round((time.monotonic() - started) * 1000)},
        )
        (out_dir / "result.json").write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False), encoding="utf-8")
        (out_dir / "eval.json").write_text(json.dumps(result.eval_dict(), indent=2, ensure_ascii=False), encoding="utf-8")
        return result

    @staticmethod
    def _mark_stop(replay, success, verdicts):
        """Name why the counted steps end: the first assertion judged "No", else how the replay ended."""
        if success >= replay.executed:
            return
        number = success + 1
        if number - 1 < len(verdicts) and verdicts[number - 1] == official.NO:
            for trace in replay.steps:
                if trace.number == number:
                    trace.outcome = ASSERTION_FAILED
                elif trace.number > number and trace.outcome == "ok":
                    trace.outcome = AFTER_STOP
            text = next(t.assertion.text for t in replay.steps if t.number == number)
            replay.stop_reason, replay.stop_detail = ASSERTION_FAILED, f"step {number}: {text!r} judged false"

    async def _bounded_replay(self, task, site_dir, out_dir):
        """(sandbox, replay) of the task, on a browser started afresh and replayed once more if the first
        try outlives the task's time limit: every call to the page is bounded, so only a browser in
        trouble (a driver or a context that stopped answering) does, and a site is not judged by it."""
        for attempt in range(2):
            sandbox, replay = Sandbox(site_dir, task.assets_dir), Replay()
            try:
                await asyncio.wait_for(self._browser_for_next_task(), BROWSER_START_LIMIT)
                await asyncio.wait_for(self._replay(task, sandbox, out_dir, replay),
                                       self.options.task_time_limit + BROWSER_START_LIMIT)
                return sandbox, replay
            except asyncio.TimeoutError:
                await self._abandon_browser()
        raise RuntimeError(f"the browser stopped answering twice while replaying task {task.id}")

    async def _abandon_browser(self):
        """Leave a browser that stopped answering: the next try starts a new driver and browser."""
        for owner in (self._browser, self._playwright):
            try:
                await asyncio.wait_for(owner.close() if owner is self._browser else owner.stop(), 15)
            except (asyncio.TimeoutError, PlaywrightError):
                pass      # what does not close in time is left to the operating system with its driver
        self._playwright = await asyncio.wait_for(async_playwright().start(), BROWSER_START_LIMIT)
        await asyncio.wait_for(self._launch(), BROWSER_START_LIMIT)

    async def _replay(self, task, sandbox, out_dir, replay):
        entry = entry_page(sandbox.site_dir)
        if entry is None:
            replay.stop_reason, replay.stop_detail = NO_ENTRY_PAGE, "the site has no index.html"
            return
        deadline = time.monotonic() + self.options.task_time_limit
        context = await self._browser.new_context(**browser.context_options(task.viewport))
        try:
            await sandbox.attach(context)
            await context.add_init_script(INSTRUMENT_JS)
            page = await context.new_page()
            sandbox.watch(page)
            async with browser.MemoryGuard(self._browser, self.options.page_memory_mb) as memory:
                session = _Session(self, task, sandbox, page, out_dir, replay, deadline, memory)
                await session.run(entry)
        finally:
            try:
                await asyncio.wait_for(context.close(), 15)
            except (asyncio.TimeoutError, PlaywrightError):
                # A context that cannot close means a browser in trouble: start the next task afresh.
                await asyncio.wait_for(self._browser.close(), 15)

    def _lines(self, replay, state):
        """The OCR lines of a state's screenshot (a future), read once."""
        if state not in replay.ocr:
            replay.ocr[state] = self._ocr(self._reader.read_lines, replay.states[state])
        return replay.ocr[state]

    async def _text(self, replay, state):
        return text_of(await self._lines(replay, state))

    async def _judge_assertions(self, task, replay, truth):
        judged = [t for t in replay.steps if task.steps[t.number - 1].assertion and t.number <= replay.executed]
        if not judged:
            return
        if self._judging is not None:
            async def ask(trace):
                text = task.steps[trace.number - 1].assertion
                trace.assertion = await self._blocking(assertions.llm, self._judging, text,
                                                       replay.states[trace.number - 1], replay.states[trace.number])
            await asyncio.gather(*(ask(t) for t in judged))
            return
        states = {k: assertions.Seen(replay.states[k], await replay.prepared[k], await self._text(replay, k),
                                     await self._lines(replay, k))
                  for k in sorted(replay.states)}
        judge = assertions.OfflineJudge(task, truth, states, replay.probes, self._similarity,
                                        self.options.assertion_threshold)
        await judge.load()
        for trace in judged:
            trace.assertion = judge.verdict(task.steps[trace.number - 1], acted=trace.element.name if trace.element else "")

    async def _score(self, point_states, replay, checkpoints, truth):
        async def one(j, state):
            shot_text, truth_text = await self._text(replay, state), await truth.text[j]
            image = self._similarity.compare(await truth.image[j], await replay.prepared[state])
            mllm = response = None
            if self._judging is not None:
                mllm, response = await self._blocking(self._judging.rubric, truth.png[j], replay.states[state])
            return VisualPoint(state=state, checkpoint=j, screenshot=f"screenshots/{state}.png",
                               ocr=round(scoring.ocr_similarity(truth_text, shot_text), 6), image=round(image, 6),
                               mllm=mllm, ocr_text=shot_text, checkpoint_text=truth_text, mllm_response=response)
        return list(await asyncio.gather(*(one(j, state) for j, state in enumerate(point_states))))


class _Session:
    """The replay of one task in one page: every action in order until one cannot be executed."""

    def __init__(self, judge, task, sandbox, page, out_dir, replay, deadline, memory):
        self.judge, self.options, self.memory = judge, judge.options, memory
        self.task, self.sandbox, self.page, self.out_dir = task, sandbox, page, out_dir
        self.replay, self.deadline = replay, deadline
        self.step_deadline = float("inf")
        self.viewport = (task.viewport.width, task.viewport.height)
        self.offline = self.options.backend == "offline"
        self.grounder = actions.Grounder(self.options.backend, judge._grounding, judge._blocking,
                                         cues=judge._blocking(recording.read_cues, task) if self.offline else None)

    async def guard(self, awaitable, seconds=None):
        """Await a browser call, bounded by the per-call timeout, the step's and the task's time limits."""
        now = time.monotonic()
        limit, which = min((seconds or self.options.action_timeout, "call"), (self.deadline - now, "task"),
                           (self.step_deadline - now, "step"))
        if limit <= 0:
            self._over(which)
        try:
            return await asyncio.wait_for(awaitable, limit)
        except asyncio.TimeoutError:
            if self.sandbox.crashed:
                raise SiteStop(*self.classify(None)) from None
            self._over(which)

    def _over(self, which):
        if which == "task":
            raise SiteStop(TIMEOUT, f"the task's time limit of {self.options.task_time_limit:g}s ran out")
        if which == "step":
            raise actions.StepFailure(ACTION_FAILED, f"the action did not finish within "
                                                     f"{self.options.step_time_limit:g}s")
        raise SiteStop(TIMEOUT, "the page stopped responding (an endless loop?)")

    def classify(self, error):
        if self.memory.exceeded:
            return MEMORY, (f"the page used {self.memory.exceeded:.0f} MB of memory; the limit is "
                            f"{self.options.page_memory_mb} MB")
        if self.sandbox.crashed or "crash" in str(error).lower():
            return CRASHED, "the page crashed (out of memory?)"
        if self.sandbox.away_url:
            return NAVIGATED_AWAY, f"the page navigated away to {self.sandbox.away_url[:200]}"
        return ACTION_FAILED, str(error).splitlines()[0][:300]

    async def settle(self):
        return await self.guard(settle(self.page, self.sandbox, self.options.settle_quiet_ms, self.options.settle_cap_ms),
                                self.options.settle_cap_ms / 1000 + self.options.action_timeout)

    async def shoot(self, state):
        png = await self.guard(self.page.screenshot(type="png", animations="disabled", caret="hide",
                                                    timeout=self.options.action_timeout * 1000))
        (self.out_dir / "screenshots" / f"{state}.png").write_bytes(png)
        self.replay.states[state] = png
        self.replay.prepared[state] = self.judge._blocking(self.judge._similarity.prepare, png)
        if self.offline or state == 0 or (state < len(self.task.steps) and self.task.steps[state].flagged):
            # Visual points need the text of their states, and offline assertions that of every state.
            self.judge._lines(self.replay, state)
        return png

    async def probe(self):
        mutations, url, text, page_text, changed, boxes = await self.guard(self.page.evaluate(PROBE_JS))
        return assertions.State(mutations, url, await self.guard(actions.scroll_state(self.page)), text, page_text,
                                changed, tuple(map(tuple, boxes)))

    async def run(self, entry):
        replay = self.replay
        try:
            try:
                await self.guard(self.page.goto(f"{ORIGIN}/{entry}", wait_until="load"), self.options.load_timeout)
                await self.settle()
                # Left during the load or just after (settling waits for its short timers): what
                # shows now is not the site, often the browser's own error page, and is never scored.
                if self.sandbox.away_url:
                    raise SiteStop(NAVIGATED_AWAY, f"the page navigated away to {self.sandbox.away_url[:200]} "
                                                   "while loading")
                await self.shoot(0)
            except PlaywrightError as error:
                raise SiteStop(*self.classify(error)) from None
            for step in self.task.steps:
                replay.steps.append(await self.step(step))
                replay.executed = step.number
        except SiteStop as stop:
            if stop.trace is not None:
                replay.steps.append(stop.trace)
            replay.stop_reason, replay.stop_detail = stop.reason, stop.detail

    async def act(self, step, trace):
        """Perform the step's action (the part the official 30 s limit covers)."""
        if step.type in ("Click", "Type"):
            candidates = await self.guard(actions.collect(self.page, self.options.max_candidates))
            if self.offline and actions.clicks_first(step):
                # The recording clicked, then typed where the click put the caret (a cell that opens a
                # field): so does a person replaying it.
                chosen, score, _ = await self.guard(
                    self.grounder.pick(self.page, replace(step, type="Click"), candidates, self.viewport,
                                       self.replay.states[step.number - 1]), self.options.step_time_limit)
                trace.element, _ = await self.guard(actions.click(self.page, chosen, score, self.viewport))
                await self.settle()
                typed = await self.guard(actions.type_where_focused(self.page, actions.typed_text(step)))
                if typed is not None:
                    trace.detail = typed
                    await self.settle()
                    return
                candidates = await self.guard(actions.collect(self.page, self.options.max_candidates))
            if step.type == "Type" and not any(c.get("editable") and c.get("visible") for c in candidates):
                trace.element, trace.detail = await self.guard(actions.type_on_keyboard(self.page, actions.typed_text(step)))
                await self.settle()
                return
            chosen, score, text = await self.guard(
                self.grounder.pick(self.page, step, candidates, self.viewport, self.replay.states[step.number - 1]),
                self.options.step_time_limit)
            trace.timings_ms["ground"] = round((time.monotonic() - self.step_started) * 1000)
            if step.type == "Click":
                operation = actions.click(self.page, chosen, score, self.viewport)
            else:
                operation = actions.type_text(self.page, chosen, score, text, self.viewport)
            trace.element, trace.detail = await self.guard(operation)
            await self.settle()
        elif step.type == "Press":
            ask = None if self.offline else lambda: self.judge._blocking(self.judge._grounding.key, step.description)
            trace.element, trace.detail = await self.guard(actions.press(self.page, step, ask), self.options.step_time_limit)
            await self.settle()
        else:
            trace.element, trace.detail = await self.guard(
                actions.scroll(self.page, self.viewport, self.settle),
                self.options.settle_cap_ms / 1000 + self.options.action_timeout)

    async def step(self, step):
        trace = StepTrace(number=step.number, action=step.type, description=step.description, outcome="ok")
        self.step_started = time.monotonic()
        try:
            before = await self.probe() if self.offline and step.assertion else None
            self.step_deadline = time.monotonic() + self.options.step_time_limit
            try:
                await self.act(step, trace)
            finally:
                self.step_deadline = float("inf")
            trace.timings_ms["act"] = round((time.monotonic() - self.step_started) * 1000)
            if self.sandbox.away_url:
                raise actions.StepFailure(NAVIGATED_AWAY, f"the page navigated away to {self.sandbox.away_url[:200]}",
                                          trace.element)
            # Probed before the screenshot: taking one injects styles, which the DOM counter would see.
            if before is not None:
                self.replay.probes[step.number] = (before, await self.probe())
            await self.shoot(step.number)
            trace.screenshot = f"screenshots/{step.number}.png"
            trace.timings_ms["total"] = round((time.monotonic() - self.step_started) * 1000)
            return trace
        except actions.StepFailure as failure:
            trace.outcome, trace.detail, trace.element = failure.reason, failure.detail, failure.element or trace.element
            raise SiteStop(failure.reason, f"step {step.number}: {failure.detail}", trace) from None
        except SiteStop as stop:
            if stop.trace is None:
                trace.outcome, trace.detail = stop.reason, stop.detail
                stop.trace = trace
            raise
        except PlaywrightError as error:
            trace.outcome, trace.detail = self.classify(error)
            raise SiteStop(trace.outcome, f"step {step.number}: {trace.detail}", trace) from None


def judge(task_dir, site_dir, out_dir, options=None):
    """Judge one site on one task with a browser of its own (workers keep a `Judge` instead)."""
    with Judge(options) as j:
        return j.run(task_dir, site_dir, out_dir)
