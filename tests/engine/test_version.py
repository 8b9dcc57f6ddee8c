"""Web processes show the judge's version and read its formats: none of that loads the judging."""
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("cv2", "playwright")


def imported_heavy(statement):
    code = f"import sys\n{statement}\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout.split()


def test_the_judge_version_is_read_without_loading_the_browser_or_opencv():
    assert imported_heavy("from judging.engine.version import JUDGE_VERSION") == []
    assert imported_heavy("from judging.engine import JUDGE_VERSION, JudgeOptions, TaskResult") == []


def test_the_judge_itself_still_loads_them_when_asked_for():
    assert imported_heavy("from judging.engine import Judge") == list(HEAVY)
