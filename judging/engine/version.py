"""The judge's version, in a module of its own so that web processes read it without loading the
browser, OpenCV and the OCR that judging needs."""
JUDGE_VERSION = "1.0.0"
