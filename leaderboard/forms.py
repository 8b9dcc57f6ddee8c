from django import forms
from django.conf import settings

from leaderboard.models import Submission
from leaderboard.services import METADATA_FIELDS
from tasks_catalog.models import Task


class PreflightForm(forms.Form):
    """The zip and what it holds: all a pre-flight check needs, and the upload part of a submission."""

    task = forms.ModelChoiceField(
        Task.objects.all(), to_field_name="task_id", required=False, label="What the zip holds",
        empty_label="Whole run: one folder per task id",
        help_text="Pick a task when the zip holds one site (index.html at its root or inside one folder). "
                  "Leave it for a whole run: <task_id>/<model_dir>/index.html or <task_id>/index.html.")
    archive = forms.FileField(label="Zip file", widget=forms.ClearableFileInput(attrs={"accept": ".zip"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        mb = 1024 * 1024
        self.fields["archive"].widget.attrs["data-max-bytes"] = settings.SUBMISSION_MAX_UPLOAD_BYTES
        self.fields["archive"].help_text = (
            f"Up to {settings.SUBMISSION_MAX_UPLOAD_BYTES // mb} MB; unpacked, at most "
            f"{settings.SUBMISSION_MAX_UNPACKED_BYTES // mb} MB, {settings.SUBMISSION_MAX_FILES} files and "
            f"{settings.SUBMISSION_MAX_FILE_BYTES // mb} MB per file.")

    def upload_fields(self):
        """The zip and what it holds, as the submit page lays them out below the model's details."""
        return [self["task"], self["archive"]]


class SubmissionForm(PreflightForm, forms.ModelForm):
    # A link typed without a scheme is read as https (Django 6's default).
    paper_url = forms.URLField(label="Paper link", required=False, assume_scheme="https",
                               max_length=Submission._meta.get_field("paper_url").max_length)
    code_url = forms.URLField(label="Code link", required=False, assume_scheme="https",
                              max_length=Submission._meta.get_field("code_url").max_length)

    class Meta:
        model = Submission
        fields = METADATA_FIELDS
        labels = {"model_name": "Model name", "parameters_billions": "Parameters (billions)",
                  "thinking": "Thinking mode on",
                  "is_public": "Show on the public leaderboard once judged"}
        help_texts = {"thinking": "", "is_public": "Private submissions are seen only by you and the admins."}
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The browser's maxlength would cut a pasted long name without a word; the page counts the
        # characters against the server's limit instead (static/leaderboard/limits.js) and the server says no.
        for field in self.fields.values():
            if isinstance(field, forms.CharField) and field.max_length:
                field.widget.attrs.pop("maxlength", None)
                field.widget.attrs["data-limit"] = field.max_length
                field.help_text = f"{field.help_text} Up to {field.max_length} characters.".strip()

    def metadata_fields(self):
        """The short model fields laid out in a grid; the description gets its own row."""
        return [self[name] for name in METADATA_FIELDS if name != "description"]

    def description_row(self):
        return [self["description"]]
