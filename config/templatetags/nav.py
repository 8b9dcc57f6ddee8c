"""Site-wide template filters."""
from django import template

register = template.Library()


@register.filter
def within(path, section):
    """The page at `path` is `section`'s own or one below it: the main menu marks that section current."""
    return bool(section) and path.startswith(section)
