from django import forms

from leaderboard.models import Submission
from leaderboard.services import METADATA_FIELDS
from tasks_catalog.models import Task


class PreflightForm(forms.Form):
    """The zip and what it holds: all a pre-flight check needs, and the upload part of a submission."""

    task = forms.ModelChoiceField(
        Task.objects.all(), to_field_name="task_id", required=False,
        empty_label="Whole run: one folder per task id",
        help_text="Pick a task when the zip holds one site (index.html at its root or inside one folder). "
                  "Leave it for a whole run: <task_id>/<model_dir>/index.html or <task_id>/index.html.")
    archive = forms.FileField(label="Zip file", widget=forms.ClearableFileInput(attrs={"accept": ".zip"}))


class SubmissionForm(PreflightForm, forms.ModelForm):
    # A link typed without a scheme is read as https (Django 6's default).
    paper_url = forms.URLField(label="Paper link", required=False, assume_scheme="https")
    code_url = forms.URLField(label="Code link", required=False, assume_scheme="https")

    class Meta:
        model = Submission
        fields = METADATA_FIELDS
        labels = {"model_name": "Model name", "parameters_billions": "Parameters (billions)",
                  "thinking": "Thinking mode on",
                  "is_public": "Show on the public leaderboard once judged"}
        help_texts = {"thinking": "", "is_public": "Private submissions are seen only by you and the admins."}
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def metadata_fields(self):
        """The short model fields laid out in a grid; the description gets its own row."""
        return [self[name] for name in METADATA_FIELDS if name != "description"]
