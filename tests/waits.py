"""Waiting on a state, never on the clock alone, and finding a free port: for every test that starts a
server, a worker or a judgment and must see it reach a state."""
import socket
import time

JUDGE_TIMEOUT = 300


def wait_for(predicate, timeout=JUDGE_TIMEOUT, what="condition", worker=None, state=None):
    """The first truthy value of `predicate`; on timeout the failure names what was awaited, the last
    log lines of the worker (or of each of a tuple of workers) and `state()`, what the test sees then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    workers = worker if isinstance(worker, tuple) else (worker,) if worker else ()
    logs = "\n".join(f"-- {w.log_path}\n{w.output()[-3000:]}" for w in workers)
    seen = f"state: {state()}\n" if state else ""
    raise AssertionError(f"timed out waiting for {what}\n{seen}{logs}")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serving(proc, probe):
    """A predicate for wait_for: `probe()`'s answer once the server answers; fails at once if it exited."""
    def answered():
        assert proc.poll() is None, f"server exited with {proc.returncode}"
        try:
            return probe()
        except OSError:
            return None
    return answered
