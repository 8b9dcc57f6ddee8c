"""Judged submissions for the leaderboard tests: alice owns the public ones, bob a private one,
bob is anonymous. The actors come from tests/conftest.py, the builders from tests/factories.py."""
import pytest

from tests.factories import make_submission, make_task


@pytest.fixture
def tasks(db):
    return [make_task("101", "Shopping", "L1"), make_task("102", "Travel", "L2"), make_task("103", "Travel", "L3")]


@pytest.fixture
def board(alice, bob, tasks):
    """Three public offline submissions, one public llm one, and bob's private one."""
    t1, t2, t3 = tasks
    return {
        "strong": make_submission(alice, "Strong-VL", {t1: (2, 0.9), t2: (2, 0.8), t3: (1, 0.7)}, thinking=True),
        "weak": make_submission(alice, "Weak-VL", {t1: (0, 0.2), t2: (1, 0.3)}, model_type="open-source"),
        "evil": make_submission(alice, "<script>alert(1)</script>", {t1: (1, 0.5), t2: (1, 0.5), t3: (1, 0.5)}),
        "llm": make_submission(alice, "Judge-LLM", {t1: (2, 1.0), t2: (2, 1.0), t3: (2, 1.0)}, backend="llm"),
        "private": make_submission(bob, "Secret-VL", {t1: (2, 1.0)}, public=False),
    }
