from django.core.management.base import BaseCommand, CommandError

from judging.engine.scoring import PROTOCOL
from leaderboard import constants as states
from leaderboard import services
from leaderboard.models import Submission


class Command(BaseCommand):
    help = ("Judge submissions again from scratch: the given ids, every submission judged under another "
            f"protocol than the engine's current one ({PROTOCOL}) with --outdated, or everything with --all.")

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="submission ids")
        which = parser.add_mutually_exclusive_group()
        which.add_argument("--outdated", action="store_true", help=f"submissions with results not under {PROTOCOL}")
        which.add_argument("--all", action="store_true", help="every submission that is not cancelled")
        parser.add_argument("--dry-run", action="store_true", help="list what would be re-judged, change nothing")

    def handle(self, ids, outdated, all, dry_run, **options):
        if bool(ids) + outdated + all != 1:
            raise CommandError("give submission ids, or --outdated, or --all (exactly one of them)")
        if ids:
            chosen = Submission.objects.filter(pk__in=ids)
            missing = sorted(set(ids) - set(chosen.values_list("pk", flat=True)))
            if missing:
                raise CommandError(f"no submission with id {', '.join(map(str, missing))}; nothing changed")
        elif outdated:
            chosen = services.outdated_submissions()
        else:
            chosen = Submission.objects.exclude(status=states.CANCELLED)
        chosen = list(chosen.order_by("pk"))
        for submission in chosen:
            if not dry_run:
                services.rejudge_submission(submission, reason=f"manage.py rejudge (protocol {PROTOCOL})")
            self.stdout.write(f"{'would re-judge' if dry_run else 're-judging'} #{submission.pk} "
                              f"{submission.model_name} ({submission.runs.count()} tasks)")
        self.stdout.write(f"{len(chosen)} submission(s) {'selected' if dry_run else 'queued for judging'}.")
