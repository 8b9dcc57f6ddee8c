from django import template

from leaderboard import constants as states

register = template.Library()


@register.simple_tag
def state_labels():
    """{state: label}, for scripts that show a state the server sends them."""
    return states.STATE_LABELS


@register.filter
def pct(value):
    """A fraction as a percentage with two decimals; a missing score as an en dash."""
    return "–" if value is None else f"{value * 100:.2f}"


@register.filter
def checkpoint_url(task, index):
    return task.media_url(f"checkpoints/step_{index}.png")


@register.filter
def lookup(mapping, key):
    """mapping[key], or None: a template cannot index a dict by a variable."""
    return mapping.get(key)
