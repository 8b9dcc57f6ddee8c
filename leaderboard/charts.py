"""The leaderboard's Plotly figures, built in Python and handed to the page as JSON data.

The site's Content-Security-Policy allows no inline script without a nonce, so instead of
Plotly's to_html fragment (an inline script) a figure travels as data in a json_script element and
static/leaderboard/board/charts.js draws it with plotly.js from our static files. Model names are
user input and Plotly renders a subset of HTML in labels and hover text, so every name goes in
HTML-escaped: Plotly turns the entities back into literal characters on screen, never into tags.
"""
import json
from html import escape

import plotly.graph_objects as go

PLOT_CONFIG = {"displaylogo": False, "responsive": True,
               "modeBarButtonsToRemove": ["select2d", "lasso2d", "toImage"]}
JUDGED_COLOUR, PAPER_COLOUR = "#2456d6", "#a1793b"
GROUP_COLOURS = ["#2456d6", "#1a7f45", "#b42318", "#7c3aed", "#0e7490"]


def _pct(value):
    return None if value is None else round(value * 100, 2)


def _layout(fig, height, **extra):
    fig.update_layout(template="plotly_white", height=height, margin={"l": 10, "r": 10, "t": 30, "b": 40},
                      font={"family": "system-ui, sans-serif", "size": 12}, **extra)
    return fig


def render(fig):
    """Plain JSON-ready data (Plotly's encoder turns numpy values into lists) for json_script."""
    return {**json.loads(fig.to_json()), "config": PLOT_CONFIG}


def final_with_ci(entries):
    """Final score per model with its 95 % interval; paper rows as a separate, interval-less series."""
    entries = sorted(entries, key=lambda e: e.final)
    fig = go.Figure()
    for label, members, colour, symbol in (
        ("Judged here (95 % CI)", [e for e in entries if not e.from_paper], JUDGED_COLOUR, "circle"),
        ("Reported in the paper", [e for e in entries if e.from_paper], PAPER_COLOUR, "diamond"),
    ):
        if not members:
            continue
        fig.add_trace(go.Scatter(
            x=[_pct(e.final) for e in members], y=[_label(e) for e in members], mode="markers", name=label,
            marker={"color": colour, "symbol": symbol, "size": 9},
            error_x={"type": "data", "symmetric": False,
                     "array": [_pct(e.interval[1] - e.final) for e in members],
                     "arrayminus": [_pct(e.final - e.interval[0]) for e in members], "color": colour},
            hovertemplate="%{y}<br>Final %{x:.2f}<extra></extra>",
        ))
    return _layout(fig, max(320, 22 * len(entries) + 80), xaxis_title="Final (%) — higher is better",
                   yaxis={"type": "category", "automargin": True}, legend={"orientation": "h", "y": 1.06})


def _label(entry):
    suffix = " (paper)" if entry.from_paper else f" #{entry.submission_id}"
    return escape(entry.model) + suffix


def ifs_against_vfs(groups):
    """One trace per judging group so that different protocols are told apart by colour."""
    fig = go.Figure()
    for index, group in enumerate(groups):
        paper = group.from_paper
        fig.add_trace(go.Scatter(
            x=[_pct(e.vfs) for e in group.entries], y=[_pct(e.ifs) for e in group.entries],
            mode="markers", name=escape(group.label),
            hovertext=[escape(e.model) for e in group.entries],
            hovertemplate="%{hovertext}<br>VFS %{x:.2f} · IFS %{y:.2f}<extra></extra>",
            marker={"size": 10, "symbol": "diamond" if paper else "circle", "opacity": 0.85,
                    "color": PAPER_COLOUR if paper else GROUP_COLOURS[index % len(GROUP_COLOURS)]},
        ))
    return _layout(fig, 460, xaxis_title="VFS (%) — visual fidelity", yaxis_title="IFS (%) — interaction",
                   legend={"orientation": "h", "y": -0.2})


def ifs_heatmap(matrix):
    """matrix: {"columns": [category...], "rows": [{"label": str, "values": [fraction|None...]}]}."""
    rows = list(reversed(matrix["rows"]))   # best model on top
    fig = go.Figure(go.Heatmap(
        z=[[_pct(v) for v in row["values"]] for row in rows],
        x=[escape(c) for c in matrix["columns"]], y=[escape(row["label"]) for row in rows],
        colorscale="Blues", zmin=0, zmax=100, colorbar={"title": {"text": "IFS %"}},
        hovertemplate="%{y}<br>%{x}: IFS %{z:.2f}<extra></extra>", xgap=2, ygap=2,
    ))
    return _layout(fig, max(300, 30 * len(rows) + 120), xaxis={"type": "category", "automargin": True},
                   yaxis={"type": "category", "automargin": True})


def task_difficulty(tasks):
    """tasks: [{"task_id", "mean_final", "solved"}...] hardest first; bars red where nobody solves it."""
    fig = go.Figure(go.Bar(
        x=[escape(str(t["task_id"])) for t in tasks], y=[_pct(t["mean_final"]) for t in tasks],
        marker={"color": ["#b42318" if not t["solved"] else JUDGED_COLOUR for t in tasks]},
        customdata=[t["solved"] for t in tasks],
        hovertemplate="Task %{x}<br>mean Final %{y:.2f}<br>solved by %{customdata}<extra></extra>",
    ))
    return _layout(fig, 360, xaxis={"type": "category", "title": "Task (hardest first)", "tickangle": -60},
                   yaxis_title="Mean Final (%)")
