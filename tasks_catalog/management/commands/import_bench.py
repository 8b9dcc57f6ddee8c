from django.core.management.base import BaseCommand, CommandError

from tasks_catalog.bench import BenchError
from tasks_catalog.importer import import_bench


class Command(BaseCommand):
    help = ("Import a benchmark in the official IWR-Bench layout (data.jsonl and data/<id>/ beside it). "
            "Re-importing updates tasks in place; any error leaves the catalog as it was.")

    def add_arguments(self, parser):
        parser.add_argument("path", help="the folder holding data.jsonl, or the data.jsonl file")

    def handle(self, path, verbosity=1, **options):
        progress = self.stdout.write if verbosity >= 1 else (lambda message: None)
        try:
            import_bench(path, progress=progress)
        except BenchError as exc:
            raise CommandError(f"import failed, nothing changed: {exc}") from None
