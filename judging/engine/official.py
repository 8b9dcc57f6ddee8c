"""What the official IWR-Bench layout and evaluation define, owned here and imported by every part.

The action types, the asset placeholder, the name of a model's folder in a `result/` tree, and the
pairing of screenshots with checkpoints (DESIGN.md, "Scoring"). States are numbered as the replay
takes them: state 0 is the page as loaded, state k the page after k actions.

The pairing, as the official code runs it: point 0 is state 0; then, for each action i (0-based, in
order, stopping at the first assertion judged "No") that is flagged for visual evaluation and whose
state i exists, state i: the state *in which* that action is performed, before it acts. Point j is
compared with checkpoints/step_<j>.png. Before averaging, each per-point list is cut to its first
success_step + 1 entries.

The dataset describes checkpoints as "screenshots after each action step"; the code pairs checkpoint
j with the state before the j-th flagged action. Which one the recordings follow cannot be checked
here, so tasks can be recorded either way (`READINGS`); the pairing of visual points is the same.
"""
ACTION_TYPES = ("Click", "Scroll", "Type", "Press")

# Generated pages refer to task assets through this prefix; the official generate.py replaces it
# with a relative path to data/data/<id>/assets before the page is ever judged.
ASSETS_PLACEHOLDER = "__PLACEHOLDER_ASSETS_BASE_DIR__/"

# Checkpoint j shows the state in which the j-th flagged action is performed (the official code's
# pairing), or the state after it acted (the dataset's own description).
BEFORE_ACTION, AFTER_ACTION = "before-action", "after-action"
READINGS = (BEFORE_ACTION, AFTER_ACTION)
OFFICIAL_READING = BEFORE_ACTION

# Scroll: always half a viewport down; it succeeded only if window.scrollY moved by more than this.
SCROLL_SHARE = 0.5
SCROLL_MIN_MOVE = 5

YES, NO, ERROR = "Yes", "No", "Error"


def model_dir(model_name):
    """The folder of a model's page in the official result/<id>/ tree."""
    return model_name.lower().replace("/", "__")


def visual_flags(action_sequence):
    """Each step's visual_evaluation_flag: only JSON true flags a step (the catalog refuses any other value)."""
    return [step.get("visual_evaluation_flag") is True for step in action_sequence]


def flagged_steps(flags):
    """1-based numbers of the flagged steps, in order: the j-th is the step of checkpoint j."""
    return [number for number, flag in enumerate(flags, 1) if flag]


def checkpoint_of(flags):
    """{step number: j} for the flagged steps: the checkpoint each is paired with (j from 1)."""
    return {number: j for j, number in enumerate(flagged_steps(flags), 1)}


def checkpoint_states(flags, reading=OFFICIAL_READING):
    """The state each checkpoint shows: index j -> state number (checkpoint 0 is the loaded page)."""
    if reading not in READINGS:
        raise ValueError(f"unknown checkpoint reading {reading!r}; one of {', '.join(READINGS)}")
    shift = 1 if reading == BEFORE_ACTION else 0
    return [0] + [number - shift for number in flagged_steps(flags)]


def success_step(executed, verdicts):
    """Actions before the first "No" among the verdicts (index i: action i, 0-based), else those executed.
    An "Error" verdict does not stop the count."""
    for i, verdict in enumerate(verdicts):
        if verdict == NO:
            return min(i, executed)
    return executed


def visual_point_states(flags, executed, verdicts):
    """The state compared with checkpoint j, for j = 0, 1, ... (uncut: the official eval.json lists these).

    `flags[i]` is action i's visual_evaluation_flag, `executed` how many actions ran (states 0..executed
    exist), `verdicts[i]` action i's assertion verdict (YES, NO, ERROR or None)."""
    states = [0]
    for i, flag in enumerate(flags):
        if i < len(verdicts) and verdicts[i] == NO:
            break
        if flag and i <= executed:
            states.append(i)
    return states


def cut(values, success):
    """A per-point list as the official aggregation averages it: its first success_step + 1 entries."""
    return list(values)[:success + 1]
