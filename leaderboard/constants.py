"""States of judging, listed once. Submissions and their task runs share them.

A failed run is one the judge could not judge (infrastructure, a stalled worker); a site that
loads nothing or breaks at the first step is a judged run with low scores, never a failure.
"""

QUEUED = "queued"
RUNNING = "running"
DONE = "done"
FAILED = "failed"
CANCELLED = "cancelled"

STATE_CHOICES = [
    (QUEUED, "Queued"),
    (RUNNING, "Running"),
    (DONE, "Done"),
    (FAILED, "Failed"),
    (CANCELLED, "Cancelled"),
]
STATE_LABELS = dict(STATE_CHOICES)
FINAL_STATES = (DONE, FAILED, CANCELLED)
ACTIVE_STATES = (QUEUED, RUNNING)

# How much of a worker's name and of an error's text a run keeps, and how much of the error the
# audit log repeats (the run has the rest).
WORKER_CHARS = 200
FAILURE_DETAIL_CHARS = 2000
AUDIT_DETAIL_CHARS = 500

# Stable ids for why a run failed: "judge:*" is our side, "task:*" the catalog's. The detail text
# beside them is for people; these ids are for code, the API and filters.
FAILURE_STALLED = "judge:stalled"
FAILURE_ERROR = "judge:error"
FAILURE_TASK_UNUSABLE = "task:unusable"
