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
# Rows per Final chart, and the characters of a model name an axis label keeps.
FINAL_ROWS = 40
LABEL_CHARS = 28


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
    """Final per model with its 95 % interval, for the rows of one panel (chart_panels), best at the top."""
    entries = sorted(entries, key=lambda e: (e.final, e.model.lower()), reverse=True)
    paper = bool(entries) and entries[0].from_paper
    colour = PAPER_COLOUR if paper else JUDGED_COLOUR
    labels = [_label(e) for e in entries]
    fig = go.Figure(go.Scatter(
        x=[_pct(e.final) for e in entries], y=labels, mode="markers",
        name="Reported in the paper" if paper else "Judged here (95 % confidence interval)",
        marker={"color": colour, "symbol": "diamond" if paper else "circle", "size": 9},
        error_x={"type": "data", "symmetric": False, "visible": not paper,
                 "array": [_pct(e.interval[1] - e.final) for e in entries],
                 "arrayminus": [_pct(e.final - e.interval[0]) for e in entries], "color": colour},
        hovertext=[escape(e.model) for e in entries],
        hovertemplate="%{hovertext}<br>Final %{x:.2f} %<extra></extra>",
    ))
    # Plotly draws the first category at the bottom: the reversed list puts the best row on top.
    return _layout(fig, max(160, 22 * len(entries) + 90),
                   xaxis={"title": {"text": "Final (%) — higher is better"}, "range": [0, 100]},
                   yaxis={"type": "category", "automargin": True, "categoryorder": "array",
                          "categoryarray": list(reversed(labels))}, showlegend=False)


def _label(entry):
    """A short axis label (the hover shows the full name): a long name would squeeze the plot."""
    name = entry.model if len(entry.model) <= LABEL_CHARS else entry.model[:LABEL_CHARS - 1] + "…"
    return escape(name) + ("" if entry.from_paper else f" #{entry.submission_id}")


def ifs_against_vfs(entries, paper=False):
    """IFS against VFS for the rows of one panel."""
    fig = go.Figure(go.Scatter(
        x=[_pct(e.vfs) for e in entries], y=[_pct(e.ifs) for e in entries], mode="markers",
        hovertext=[escape(e.model) for e in entries],
        hovertemplate="%{hovertext}<br>VFS %{x:.2f} % · IFS %{y:.2f} %<extra></extra>",
        marker={"size": 10, "symbol": "diamond" if paper else "circle", "opacity": 0.85,
                "color": PAPER_COLOUR if paper else JUDGED_COLOUR},
    ))
    return _layout(fig, 380, xaxis={"title": {"text": "VFS (%) — visual fidelity"}, "range": [0, 100]},
                   yaxis={"title": {"text": "IFS (%) — interaction"}, "range": [0, 100]}, showlegend=False)


def category_heatmap(matrix, limit):
    """compare.by_category's matrix, its first `limit` rows (best first, drawn on top)."""
    rows = list(reversed(matrix["rows"][:limit]))
    metric = matrix["metric"]
    fig = go.Figure(go.Heatmap(
        z=[[_pct(v) for v in row["values"]] for row in rows],
        x=[escape(c) for c in matrix["columns"]], y=[_label(row["entry"]) for row in rows],
        colorscale="Blues", zmin=0, zmax=100, colorbar={"title": {"text": f"{metric} %"}},
        hovertemplate=f"%{{y}}<br>%{{x}}: {metric} %{{z:.2f}} %<extra></extra>", xgap=2, ygap=2,
    ))
    return _layout(fig, max(300, 30 * len(rows) + 120), xaxis={"type": "category", "automargin": True},
                   yaxis={"type": "category", "automargin": True})


def win_rate_heatmap(entries, rates):
    """rates[i][j]: share of tasks entry i wins against entry j (compare.win_rates); best model on top."""
    labels = [_label(e) for e in entries]
    fig = go.Figure(go.Heatmap(
        z=[[_pct(v) for v in row] for row in reversed(rates)], x=labels, y=list(reversed(labels)),
        colorscale="RdBu", zmin=0, zmax=100, colorbar={"title": {"text": "wins %"}},
        hovertemplate="%{y} beats %{x}<br>on %{z:.1f} % of tasks (ties half)<extra></extra>", xgap=2, ygap=2,
    ))
    return _layout(fig, max(320, 32 * len(entries) + 160),
                   xaxis={"type": "category", "automargin": True, "tickangle": -40, "title": {"text": "against"}},
                   yaxis={"type": "category", "automargin": True})


def head_to_head(pairs, a_label, b_label):
    """Per-task difference in Final (A − B), largest in A's favour first."""
    fig = go.Figure(go.Bar(
        x=[escape(p.task_id) for p in pairs], y=[_pct(p.difference) for p in pairs],
        marker={"color": [JUDGED_COLOUR if p.difference > 0 else PAPER_COLOUR for p in pairs]},
        hovertemplate="Task %{x}<br>Final difference %{y:.2f} points<extra></extra>",
    ))
    return _layout(fig, 340, xaxis={"type": "category", "title": {"text": "Task"}, "tickangle": -60},
                   yaxis={"title": {"text": f"Final (%): {escape(a_label)} − {escape(b_label)}"}})


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
