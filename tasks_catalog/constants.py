"""Names and limits of the task catalog, listed once."""
import re

# A task id becomes a folder name and a URL segment, so it is held to a safe alphabet.
TASK_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


# Fields of a data.jsonl entry that have their own columns; everything else is kept in `extra`.
KNOWN_ENTRY_KEYS = ("id", "action_sequence", "source_website")
KNOWN_RECORDING_KEYS = ("resolution",)
KNOWN_CLASSIFICATION_KEYS = ("domain", "sub_domain", "interaction_complexity", "visual_complexity")
KNOWN_STEP_KEYS = ("type", "parameters", "logical_assertion", "visual_evaluation_flag")

POSTER_WIDTH = 480
