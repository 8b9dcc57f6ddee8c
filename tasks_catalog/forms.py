from django import forms

from tasks_catalog.models import Task

SORTS = {
    "id": ("Task id", ["task_id"]),
    "steps": ("Most steps", ["-step_count", "task_id"]),
    "fewest": ("Fewest steps", ["step_count", "task_id"]),
    "interaction": ("Interaction complexity", ["interaction_complexity", "task_id"]),
    "visual": ("Visual complexity", ["visual_complexity", "task_id"]),
    "domain": ("Domain", ["domain", "sub_domain", "task_id"]),
    "source": ("Source website", ["source_website", "task_id"]),
}
FACETS = {"domain": "domain", "interaction": "interaction_complexity", "visual": "visual_complexity"}


class CatalogFilters(forms.Form):
    """The catalog's search, filters and sort; the API reads the same parameters."""
    q = forms.CharField(required=False, label="Search", max_length=100)
    domain = forms.ChoiceField(required=False, label="Domain")
    interaction = forms.ChoiceField(required=False, label="Interaction")
    visual = forms.ChoiceField(required=False, label="Visual")
    sort = forms.ChoiceField(required=False, label="Sort by", choices=[(k, label) for k, (label, _) in SORTS.items()])

    def __init__(self, data=None, tasks=None):
        super().__init__(data)
        tasks = Task.objects.all() if tasks is None else tasks
        for name, field in FACETS.items():
            self.fields[name].choices = [("", "All")] + [(v, v) for v in tasks.facet_values(field)]

    def apply(self, tasks):
        """Filter and order `tasks`; parameters that are not valid choices are ignored."""
        self.is_valid()
        values = getattr(self, "cleaned_data", {})
        for name, field in FACETS.items():
            if values.get(name):
                tasks = tasks.filter(**{field: values[name]})
        tasks = tasks.search(values.get("q"))
        return tasks.order_by(*SORTS[values.get("sort") or "id"][1])

    def cache_key(self):
        """The valid parameters in a fixed order: equal filters share one cached result list."""
        self.is_valid()
        values = getattr(self, "cleaned_data", {})
        return "&".join(f"{name}={values.get(name) or ''}" for name in ("q", *FACETS, "sort"))

    @property
    def active(self):
        return any(getattr(self, "cleaned_data", {}).get(name) for name in ("q", *FACETS))
