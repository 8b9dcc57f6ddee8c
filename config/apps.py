"""What a process of the site needs on disk, made when it starts: importing settings writes nothing."""
import os
import secrets

from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def generated_secret_key(path):
    """The key in `path`, written first if there is none. Processes starting at once each write a
    candidate and link it into place: the first one wins, and none reads a half-written file."""
    if not path.exists():
        candidate = path.with_name(f".{path.name}.{os.getpid()}")
        with open(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as fh:
            fh.write(secrets.token_urlsafe(50))
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass
        finally:
            candidate.unlink()
    return path.read_text().strip()


class SiteConfig(AppConfig):
    name = "config"
    verbose_name = "Site"

    def ready(self):
        for folder in settings.LOCAL_FOLDERS:
            folder.mkdir(parents=True, exist_ok=True)
        try:
            settings.SECRET_KEY
        except ImproperlyConfigured:
            # Empty: the embedded mode's first start (config.settings); later starts read the file.
            settings.SECRET_KEY = generated_secret_key(settings.GENERATED_SECRET_KEY_FILE)
