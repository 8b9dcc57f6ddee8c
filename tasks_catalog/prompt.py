"""The instruction a model is given with a task's video and assets."""
from judging.engine.official import ASSETS_PLACEHOLDER

PROMPT = """\
You are given a screen recording (video.mp4) of a person using a web page, and the image assets
that page uses (the assets/ folder; stitched_assets/ shows them on labelled contact sheets).

Write one self-contained HTML file, index.html, with its CSS and JavaScript inline, that
reproduces the page: it must look like the page in the video at a viewport of {width}x{height}
pixels, and respond to the same clicks, typing, key presses and scrolling in the same way.

Refer to every asset by the prefix {placeholder} followed by its file name, for example
<img src="{placeholder}{example}">. Do not load anything from the network.

Available assets:
{assets}

Answer with the complete contents of index.html only.
"""


def generation_prompt(resolution, asset_names):
    width, height = resolution.split("x")
    listing = "\n".join(f"- {name}" for name in asset_names) or "- (none: the page uses no images)"
    return PROMPT.format(width=width, height=height, placeholder=ASSETS_PLACEHOLDER,
                         example=asset_names[0] if asset_names else "asset001.png", assets=listing)
