"""Scores are stored as fractions in [0, 1] (the engine's unit); every page, export and API answer
gives them in percent, so a reader never has to guess which of the two a number is."""

# Every field, in any of our rows, that holds a score, an interval end or a coverage.
PERCENT_FIELDS = frozenset({"ifs", "lfs", "hfs", "vfs", "final", "ocr", "image", "ci_low", "ci_high", "coverage",
                            "final_over_judged", "final_ci", "mean_final", "difference", "low", "high"})
# Enough digits to recompute an aggregate from its rows; pages round to two.
DIGITS = 4


def percent(value):
    return None if value is None else round(value * 100, DIGITS)


def in_percent(data):
    """A copy of `data` with every score field in percent, nested dicts and lists of scores included."""
    out = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out[key] = in_percent(value)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            out[key] = [in_percent(v) for v in value]
        elif key in PERCENT_FIELDS and isinstance(value, (list, tuple)):
            out[key] = [percent(v) for v in value]
        elif key in PERCENT_FIELDS and isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = percent(value)
        else:
            out[key] = value
    return out
