"""The offline judge's measured validity, for the About page: the last output of
benchmarks/judge_validation.py (committed beside it), read into tables."""
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

PART = re.compile(r"^== part (\w+), checkpoints ([\w-]+): (\d+) tasks$")
CHECKS = re.compile(r"^checks: (\d+) of (\d+) hold")
OVERALL = re.compile(r"^== all: (\d+) of (\d+) checks hold")
# The report's columns after the variant's name, in its order.
COLUMNS = ("IFS min", "IFS median", "IFS max", "IFS mean", "VFS mean", "Final mean")


@dataclass
class Part:
    name: str
    reading: str
    tasks: int
    variants: list = field(default_factory=list)   # [name, figures...]
    notes: list = field(default_factory=list)
    held: int = 0
    checked: int = 0
    failures: list = field(default_factory=list)

    @property
    def share(self):
        return 100 * self.held / self.checked if self.checked else 0.0


@dataclass
class Validity:
    summary: str
    parts: list
    held: int
    checked: int

    @property
    def share(self):
        return 100 * self.held / self.checked if self.checked else 0.0


def report_path():
    return Path(settings.BASE_DIR) / "benchmarks" / "judge_validation.txt"


def parse(text):
    """The report's parts, variant rows, checks and failures; None for a text that is not one."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("judge_validation:"):
        return None
    parts, held, checked = [], 0, 0
    for line in lines[1:]:
        if match := PART.match(line):
            parts.append(Part(match[1], match[2], int(match[3])))
        elif match := OVERALL.match(line):
            held, checked = int(match[1]), int(match[2])
        elif not parts:
            continue
        elif line.startswith("variant"):
            continue
        elif match := CHECKS.match(line):
            parts[-1].held, parts[-1].checked = int(match[1]), int(match[2])
        elif line.startswith("  FAILS "):
            parts[-1].failures.append(line[len("  FAILS "):])
        elif parts[-1].checked == 0 and re.match(r"^[a-z][\w-]* +[\d.]", line):
            parts[-1].variants.append(line.split())
        elif line.strip():
            parts[-1].notes.append(line.strip())
    return Validity(lines[0], parts, held, checked)


def measured_validity():
    path = report_path()
    return parse(path.read_text(encoding="utf-8")) if path.is_file() else None
