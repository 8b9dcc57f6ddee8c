"""Ranking: bootstrap confidence intervals, ranks with ties, and the leaderboard's sort and filters.

Scores come in already computed (judging.engine.scoring is the one place for the formulas);
this module only decides order. Ranks follow LMArena's "rank (upper bound)": a model's rank is
one plus the number of models that are better beyond doubt, i.e. whose interval lies wholly
above its own. Overlapping intervals therefore share a rank.
"""
from bisect import bisect_right
from dataclasses import dataclass, field, fields

import numpy as np

from judging.engine.similarity import DEFAULT as DEFAULT_SIMILARITY
from judging.engine.similarity import display_name
from leaderboard.units import in_percent

# Fixed so that a submission's interval is the same on every machine and every re-judge.
BOOTSTRAP_SEED = 20250929
BOOTSTRAP_RESAMPLES = 2000
CONFIDENCE = 0.95

PAPER_BACKEND = "paper"
# The paper's benchmark size: a row judged on fewer tasks says so beside its own count.
PAPER_TASKS = 113
SIMILARITY_SEPARATOR = "+"


def bootstrap_ci(per_task_scores, resamples=BOOTSTRAP_RESAMPLES, seed=BOOTSTRAP_SEED, confidence=CONFIDENCE):
    """Percentile bootstrap interval of the mean over tasks: tasks are resampled with replacement.

    `per_task_scores` must hold one value per catalog task (missing tasks already scored 0), so
    that a submission covering fewer tasks gets a wider, lower interval rather than a flattering one.
    """
    values = np.asarray(list(per_task_scores), dtype=float)
    if values.size == 0:
        return (0.0, 0.0)
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, values.size, size=(resamples, values.size))].mean(axis=1)
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return (float(low), float(high))


def ranks_with_ties(intervals):
    """Rank (upper bound) for each (low, high): 1 + how many others have low > this high.

    A point estimate without an interval is passed as (value, value).
    """
    lows = sorted(low for low, _ in intervals)
    return [1 + len(lows) - bisect_right(lows, high) for _, high in intervals]


@dataclass
class Entry:
    """One leaderboard row: a judged public submission or a row reported in the paper.

    Scores are fractions in [0, 1]; templates, exports and the API turn them into percentages.
    """
    model: str
    model_type: str
    thinking: bool
    protocol: str
    backend: str
    lfs: float
    hfs: float | None
    ifs: float
    vfs: float
    final: float
    ci_low: float | None = None
    ci_high: float | None = None
    coverage: float | None = None
    organisation: str = ""
    parameters: str = ""
    finished: object = None
    submission_id: int | None = None
    verified: bool = False        # an admin checked the submission
    # The official evaluation's averaging, over the judged tasks alone ({"final": …, …}), with
    # their number; shown beside ours (missing tasks count 0) when coverage is below 100 %.
    over_judged: dict | None = None
    tasks_judged: int | None = None
    tasks_total: int | None = None   # the benchmark's size when the row was judged
    owner_id: int | None = None
    # Every version of this model (one_row_per_model), oldest first: {"submission_id", "final", "finished"}.
    history: list = field(default_factory=list)
    rank: int = field(default=0)

    @property
    def partial(self):
        return self.over_judged is not None and self.coverage is not None and self.coverage < 1

    @property
    def final_over_judged(self):
        return self.over_judged["final"] if self.over_judged else None

    @property
    def from_paper(self):
        return self.backend == PAPER_BACKEND

    @property
    def smaller_than_paper(self):
        """Judged on a benchmark of another size than the paper's, so its n of N is not n of 113."""
        return self.tasks_total is not None and self.tasks_total != PAPER_TASKS

    @property
    def group(self):
        return (self.protocol, self.backend)

    @property
    def interval(self):
        if self.ci_low is None or self.ci_high is None:
            return (self.final, self.final)
        return (self.ci_low, self.ci_high)

    def as_dict(self):
        """The row as the API and the CSV give it: scores in percent, and no account id."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "owner_id"}
        data["from_paper"] = self.from_paper
        data["final_over_judged"] = self.final_over_judged
        if self.finished is not None:
            data["finished"] = self.finished.isoformat()
        return in_percent(data)


def backend_name(model_backend, similarity):
    """The judging set-up a result ranks within: the model back-end (offline or llm), plus the image
    similarity when it is not the default, since DINOv2 and the default's scores are not comparable."""
    if similarity and similarity != DEFAULT_SIMILARITY:
        return f"{model_backend}{SIMILARITY_SEPARATOR}{similarity}"
    return model_backend


def group_label(protocol, backend):
    if backend == PAPER_BACKEND:
        return "Reported in the paper (authors' judge, not re-judged here)"
    setups = []
    for part in backend.split(","):  # a submission whose runs were judged by several set-ups
        model_backend, _, similarity = part.partition(SIMILARITY_SEPARATOR)
        setups.append(f"{model_backend} back-end, {display_name(similarity or DEFAULT_SIMILARITY)} image similarity")
    return f"Protocol {protocol}, {' + '.join(setups)}"


@dataclass
class Group:
    """Entries judged the same way, ranked among themselves and never against another group."""
    protocol: str
    backend: str
    entries: list
    total: int = 0          # rows in the group before a page cut them

    def __post_init__(self):
        self.total = self.total or len(self.entries)

    @property
    def label(self):
        return group_label(self.protocol, self.backend)

    @property
    def key(self):
        return f"{self.protocol}/{self.backend}"

    @property
    def from_paper(self):
        return self.backend == PAPER_BACKEND


@dataclass
class Panel:
    """Rows that may share a chart axis: one judging set-up on one benchmark size."""
    key: str
    label: str
    entries: list
    from_paper: bool = False


def chart_panels(groups):
    """One panel per group and benchmark size, in the groups' order, the most rows first within a group:
    a six-task run and a 113-task row on one axis would look comparable when they are not."""
    panels = []
    for group in groups:
        by_size = {}
        for entry in group.entries:
            by_size.setdefault(entry.tasks_total, []).append(entry)
        for size, members in sorted(by_size.items(), key=lambda item: (-len(item[1]), -(item[0] or 0))):
            panels.append(Panel(f"{group.key}/{size}", f"{group.label} · {size}-task benchmark", members,
                                group.from_paper))
    return panels


# Which of a model's versions its row shows; "all" gives every submission a row of its own.
VERSION_CHOICES = {"best": "Best version", "latest": "Latest version", "all": "Every submission"}
DEFAULT_VERSIONS = "best"


def one_row_per_model(entries, choice=DEFAULT_VERSIONS):
    """A model's submissions, the same owner's under one name in one judging set-up, are versions of
    one row: the best (highest Final) or the latest shows, with the history of all of them."""
    if choice == "all":
        return list(entries)
    rows, models = [], {}
    for entry in entries:
        if entry.owner_id is None:
            rows.append(entry)
        else:
            models.setdefault((entry.group, entry.owner_id, entry.model.casefold()), []).append(entry)
    for versions in models.values():
        versions.sort(key=lambda e: (e.finished is not None, e.finished, e.submission_id or 0))
        shown = max(versions, key=lambda e: (e.final, e.submission_id or 0)) if choice == "best" else versions[-1]
        shown.history = [{"submission_id": e.submission_id, "final": e.final, "finished": e.finished}
                         for e in versions]
        rows.append(shown)
    return rows


def rank_groups(entries):
    """Split entries by (protocol, back-end), rank each group by Final with ties, paper last.

    Within a group entries come out ordered by Final, best first; ranks are set on the entries.
    """
    by_group = {}
    for entry in entries:
        by_group.setdefault(entry.group, []).append(entry)
    groups = []
    for (protocol, backend), members in by_group.items():
        members.sort(key=lambda e: (-e.final, e.model.lower()))
        for entry, rank in zip(members, ranks_with_ties([e.interval for e in members])):
            entry.rank = rank
        groups.append(Group(protocol, backend, members))
    # Largest judged group first: that is the list most readers come for.
    groups.sort(key=lambda g: (g.from_paper, -len(g.entries), g.key))
    return groups


# Columns a reader can sort by; scores sort best first, text columns A to Z.
SORT_COLUMNS = {
    "rank": ("rank", False),
    "model": ("model", False),
    "lfs": ("lfs", True),
    "hfs": ("hfs", True),
    "ifs": ("ifs", True),
    "vfs": ("vfs", True),
    "final": ("final", True),
    "tasks": ("tasks_judged", True),
    "finished": ("finished", True),
    "model_type": ("model_type", False),
}
DEFAULT_SORT = "rank"


def parse_sort(text, columns=SORT_COLUMNS, default=DEFAULT_SORT):
    """'-ifs' or 'ifs' -> (column, flipped from its natural order); unknown columns give the default."""
    text = (text or "").strip()
    column = text.lstrip("-")
    if column not in columns:
        return default, False
    return column, text.startswith("-")


def sort_headers(query, columns, current, flipped):
    """Header links that sort by a column; clicking the sorted column again flips it."""
    query = query.copy()
    headers = {}
    for column in columns:
        query["sort"] = f"-{column}" if column == current and not flipped else column
        headers[column] = {"url": f"?{query.urlencode()}", "active": column == current,
                           "aria": ("ascending" if flipped else "descending") if column == current else "none"}
    return headers


def sort_rows(rows, attribute, descending, tiebreak=None):
    """Sort by one attribute, rows missing it last whichever the direction; `tiebreak` orders equals."""
    present = [r for r in rows if getattr(r, attribute) is not None]
    missing = [r for r in rows if getattr(r, attribute) is None]

    def key(row):
        value = getattr(row, attribute)
        return value.lower() if isinstance(value, str) else value

    if tiebreak:
        present.sort(key=tiebreak)
    present.sort(key=key, reverse=descending)
    return present + missing


def sort_entries(entries, column, flipped=False):
    """Sort by one column in its natural direction (best first for scores), or flipped."""
    attribute, descending = SORT_COLUMNS[column]
    # Equal values keep the order of Final, then name, so the page is the same on every request.
    return sort_rows(entries, attribute, descending ^ flipped, tiebreak=lambda e: (-e.final, e.model.lower()))


@dataclass
class Filters:
    model_type: str = ""
    thinking: str = ""      # "", "yes", "no"
    group: str = ""         # "" or "<protocol>/<backend>"
    q: str = ""
    versions: str = ""      # a VERSION_CHOICES key; "" is the default

    @property
    def version_choice(self):
        return self.versions if self.versions in VERSION_CHOICES else DEFAULT_VERSIONS

    @classmethod
    def from_query(cls, query):
        return cls(**{f.name: (query.get(f.name) or "").strip() for f in fields(cls)})

    def as_query(self):
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}

    def keep(self, entry):
        if self.model_type and entry.model_type != self.model_type:
            return False
        if self.thinking in ("yes", "no") and entry.thinking != (self.thinking == "yes"):
            return False
        if self.group and f"{entry.protocol}/{entry.backend}" != self.group:
            return False
        if self.q:
            needle = self.q.lower()
            return needle in entry.model.lower() or needle in entry.organisation.lower()
        return True

    def apply(self, groups):
        """Filter entries inside ranked groups; ranks stay those of the whole group."""
        kept = [Group(g.protocol, g.backend, [e for e in g.entries if self.keep(e)]) for g in groups]
        return [g for g in kept if g.entries]
