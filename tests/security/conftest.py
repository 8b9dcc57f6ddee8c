"""alice's private submission, judged, with every file a page can serve: screenshots, results, site."""
import pytest

from tests.factories import make_submission, make_task


@pytest.fixture
def tasks(db):
    return [make_task("101"), make_task("102")]


@pytest.fixture
def private(alice, tasks):
    t1, t2 = tasks
    return make_submission(alice, "Private-VL", {t1: (2, 0.9), t2: (1, 0.5)}, public=False)


@pytest.fixture
def public(alice, tasks):
    t1, t2 = tasks
    return make_submission(alice, "Public-VL", {t1: (1, 0.6), t2: (1, 0.4)}, public=True)
