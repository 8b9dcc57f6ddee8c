"""Ranks with ties (LMArena's rank upper bound), the bootstrap interval, sorting and filters."""
import numpy as np
import pytest

from leaderboard.paper import paper_entries
from leaderboard.ranking import (
    PAPER_BACKEND, Entry, Filters, bootstrap_ci, parse_sort, rank_groups, ranks_with_ties, sort_entries,
)


def entry(model, final, low=None, high=None, protocol="iwr-v1", backend="offline", **kw):
    scores = {"lfs": final, "hfs": None, "ifs": final, "vfs": final, **kw}
    return Entry(model=model, model_type=kw.pop("model_type", "proprietary"), thinking=False,
                 protocol=protocol, backend=backend, final=final, ci_low=low, ci_high=high,
                 **{k: v for k, v in scores.items() if k != "model_type"})


def test_overlapping_intervals_share_a_rank_and_separated_ones_do_not():
    # A is clearly best; B and C overlap; D overlaps C but lies wholly below B.
    intervals = [(0.60, 0.70), (0.40, 0.50), (0.35, 0.45), (0.20, 0.38)]
    assert ranks_with_ties(intervals) == [1, 2, 2, 3]


def test_rank_counts_every_model_wholly_above():
    assert ranks_with_ties([(0.9, 0.95), (0.8, 0.85), (0.7, 0.75)]) == [1, 2, 3]
    assert ranks_with_ties([(0.5, 0.5), (0.5, 0.5)]) == [1, 1]


def test_bootstrap_interval_on_known_data_is_fixed_by_the_seed():
    scores = [0.0] * 50 + [1.0] * 50
    low, high = bootstrap_ci(scores)
    assert (low, high) == bootstrap_ci(scores), "same seed, same interval"
    # Mean 0.5, standard error sqrt(.25/100) = 0.05: the 95 % interval is about 0.5 +- 0.098.
    assert low == pytest.approx(0.40, abs=0.015) and high == pytest.approx(0.60, abs=0.015)
    assert low < 0.5 < high


def test_bootstrap_interval_of_constant_scores_is_a_point_and_of_nothing_is_zero():
    assert bootstrap_ci([0.3] * 113) == pytest.approx((0.3, 0.3))
    assert bootstrap_ci([]) == (0.0, 0.0)


def test_bootstrap_matches_a_direct_numpy_resampling_with_the_same_generator():
    scores = np.linspace(0, 1, 113)
    rng = np.random.default_rng(7)
    means = scores[rng.integers(0, 113, size=(500, 113))].mean(axis=1)
    assert bootstrap_ci(scores, resamples=500, seed=7) == pytest.approx(tuple(np.percentile(means, [2.5, 97.5])))


def test_groups_of_different_protocols_or_backends_are_ranked_apart_and_paper_last():
    entries = [entry("a", 0.3, 0.25, 0.35), entry("b", 0.5, 0.45, 0.55, backend="llm"),
               entry("c", 0.2, 0.15, 0.22), *paper_entries()]
    groups = rank_groups(entries)
    assert [g.key for g in groups] == ["iwr-v1/offline", "iwr-v1/llm", f"iwr-v1/{PAPER_BACKEND}"]
    assert [(e.model, e.rank) for e in groups[0].entries] == [("a", 1), ("c", 2)]
    assert groups[1].entries[0].rank == 1, "b is not ranked against a and c"
    paper = groups[2].entries
    assert len(paper) == 28 and paper[0].model == "GPT-5" and paper[0].rank == 1
    assert paper[0].final == pytest.approx(0.3635)


def test_sort_scores_best_first_text_a_to_z_and_flip():
    rows = [entry("b", 0.2, ifs=0.9), entry("a", 0.5, ifs=0.1), entry("c", 0.4, ifs=0.5)]
    assert [e.model for e in sort_entries(rows, "ifs")] == ["b", "c", "a"]
    assert [e.model for e in sort_entries(rows, "ifs", flipped=True)] == ["a", "c", "b"]
    assert [e.model for e in sort_entries(rows, "model")] == ["a", "b", "c"]
    assert parse_sort("-final") == ("final", True)
    assert parse_sort("password") == ("rank", False)


def test_missing_values_sort_last_either_way():
    rows = [entry("a", 0.5), entry("b", 0.4, hfs=0.9)]
    assert [e.model for e in sort_entries(rows, "hfs")] == ["b", "a"]
    assert [e.model for e in sort_entries(rows, "hfs", flipped=True)] == ["b", "a"]


def test_filters_keep_ranks_of_the_whole_group():
    groups = rank_groups([entry("GPT-x", 0.5, 0.45, 0.55), entry("Qwen", 0.3, 0.25, 0.35, model_type="open-source")])
    kept = Filters.from_query({"model_type": "open-source"}).apply(groups)
    assert [(e.model, e.rank) for g in kept for e in g.entries] == [("Qwen", 2)]
    assert Filters.from_query({"q": "gpt"}).apply(groups)[0].entries[0].model == "GPT-x"
    assert Filters.from_query({"group": "iwr-v1/llm"}).apply(groups) == []
    assert len(Filters.from_query({"thinking": "no"}).apply(groups)[0].entries) == 2
