from django.views.generic import TemplateView

from judging import validity
from judging.engine import JUDGE_VERSION, JudgeOptions, official, scoring, similarity
from judging.engine.scoring import PROTOCOL


class AboutView(TemplateView):
    """The About page. Its table quotes the judge's own constants, so it cannot drift from them; its
    measured validity is the validation script's last committed output."""
    template_name = "about.html"
    extra_context = {"protocol": PROTOCOL, "judge_version": JUDGE_VERSION, "judge": JudgeOptions(),
                     "official": official, "scoring": scoring, "default_similarity": similarity.DEFAULT,
                     "validity_columns": validity.COLUMNS}

    def get_context_data(self, **kwargs):
        return super().get_context_data(validity=validity.measured_validity(), **kwargs)
