from django.core.management.base import BaseCommand, CommandError

from judging.engine import official
from tasks_catalog.authoring import build_task
from tasks_catalog.bench import BenchError


class Command(BaseCommand):
    help = ("Record a task from a reference site: drive Chromium through ACTIONS_JSON on SITE_DIR and write "
            "OUT_DIR/data/<id>/ (video.mp4, assets, stitched_assets, checkpoints, metadata.json) and its "
            "line in OUT_DIR/data.jsonl.")

    def add_arguments(self, parser):
        parser.add_argument("site_dir", help="folder with index.html and assets/")
        parser.add_argument("actions_json", help="a data.jsonl entry whose steps may carry a `selector`")
        parser.add_argument("out_dir", help="benchmark root (data.jsonl and data/ go here)")
        parser.add_argument("--pause", type=float, default=None, help="seconds the video holds each state")
        parser.add_argument("--reading", choices=official.READINGS, default=official.OFFICIAL_READING,
                            help="which state checkpoint j shows: the one in which the j-th flagged action is "
                                 "performed (the official evaluation's pairing, the default) or the one after it")

    def handle(self, site_dir, actions_json, out_dir, pause, reading, **options):
        extra = {"reading": reading} if pause is None else {"pause": pause, "reading": reading}
        try:
            build_task(site_dir, actions_json, out_dir, progress=self.stdout.write, **extra)
        except BenchError as exc:
            raise CommandError(str(exc)) from None
