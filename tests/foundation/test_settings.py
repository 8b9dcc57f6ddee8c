"""Settings come from the environment; a bad value stops start-up and names the variable."""
import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# The environment's two readers: the settings (through config.env) and, for the engine, which
# imports no Django, its options.
SETTINGS_READERS = {"env", "envbool", "envint", "envlist", "envsecret"}
ENGINE_READER = REPO / "judging" / "engine" / "options.py"
READS_ENVIRONMENT = re.compile(r"os\.environ\.get\(|os\.environ\[|os\.getenv\(|\benviron\.get\(")


def embedded_env(var_dir, **env):
    """This environment in the embedded mode, keeping its files in var_dir."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "SECRET_KEY", "DEBUG", "CELERY_RESULT_BACKEND")}
    return {**clean, "IWR_VAR_DIR": str(var_dir), **env}


def manage_check(tmp_path, **env):
    return subprocess.run([sys.executable, "manage.py", "check"], cwd=REPO, env=embedded_env(tmp_path, **env),
                          capture_output=True, text=True, timeout=120)


def test_importing_settings_writes_nothing(tmp_path):
    var_dir = tmp_path / "var"
    done = subprocess.run([sys.executable, "-c", "import config.settings"], cwd=REPO, env=embedded_env(var_dir),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not var_dir.exists()


def test_first_start_makes_the_folders_and_the_key_that_settings_name(tmp_path):
    assert manage_check(tmp_path).returncode == 0
    for folder in ("broker/queue", "broker/processed", "broker/control", "celery-results"):
        assert (tmp_path / folder).is_dir(), folder
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("name, value", [
    ("DATABASE_URL", "not a url"),
    ("DATABASE_URL", "mysqlx://nowhere/db"),
    ("CELERY_BROKER_URL", "carrier-pigeon://loft"),
    ("DEBUG", "maybe"),
    ("DATABASE_CONN_MAX_AGE", "sixty"),
])
def test_malformed_setting_stops_startup_naming_the_variable(tmp_path, name, value):
    env = {name: value}
    if name == "DATABASE_URL":
        env["SECRET_KEY"] = "x"
    result = manage_check(tmp_path, **env)
    assert result.returncode != 0
    assert name in result.stderr


def test_production_without_secret_key_refuses_with_one_line_reason(tmp_path):
    result = manage_check(tmp_path, DATABASE_URL="postgres://postgres@127.0.0.1:5432/test", DEBUG="0")
    assert result.returncode != 0
    reason = [line for line in result.stderr.splitlines() if "SECRET_KEY" in line]
    assert reason and "SECRET_KEY is not set" in reason[-1]


def test_embedded_mode_generates_a_secret_key_once_and_keeps_it(tmp_path):
    assert manage_check(tmp_path).returncode == 0
    key = (tmp_path / "secret_key").read_text()
    assert len(key) >= 50
    assert manage_check(tmp_path).returncode == 0
    assert (tmp_path / "secret_key").read_text() == key


def test_secret_key_can_come_from_a_file(tmp_path):
    secret = tmp_path / "key.txt"
    secret.write_text("from-a-file-" + "x" * 40)
    result = manage_check(tmp_path, DATABASE_URL="postgres://postgres@127.0.0.1:5432/test",
                          SECRET_KEY_FILE=str(secret))
    assert result.returncode == 0, result.stderr


def test_workers_pass_judge_dino_path_to_the_engine_and_refuse_a_folder_without_a_model(settings, tmp_path):
    from django.core.exceptions import ImproperlyConfigured

    from judging.runner import judge_options

    settings.JUDGE_DINO_PATH = None
    assert judge_options().dino_path is None
    (tmp_path / "config.json").write_text("{}")
    settings.JUDGE_DINO_PATH = str(tmp_path)
    assert judge_options().dino_path == str(tmp_path)
    settings.JUDGE_DINO_PATH = str(tmp_path / "missing")
    with pytest.raises(ImproperlyConfigured, match="JUDGE_DINO_PATH"):
        judge_options()


def variables_read_by_settings():
    tree = ast.parse((REPO / "config" / "settings.py").read_text())
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in SETTINGS_READERS
            and node.args and isinstance(node.args[0], ast.Constant)]


def test_every_setting_is_read_once():
    names = variables_read_by_settings()
    assert names and sorted({name for name in names if names.count(name) > 1}) == []
    engine = set(re.findall(r'environ\.get\("(\w+)"', ENGINE_READER.read_text()))
    assert "CHROMIUM_PATH" in engine and "JUDGE_LLM_BASE_URL" in engine
    assert engine & set(names) == set(), "read by the settings and by the engine"


def test_the_environment_is_read_only_by_the_settings_and_the_engine_options():
    code = [*REPO.glob("*.py"), *(path for top in REPO.iterdir() if (top / "__init__.py").is_file() and top.name != "tests"
                                  for path in top.rglob("*.py"))]
    readers = {REPO / "config" / "env.py", ENGINE_READER}
    found = [str(path.relative_to(REPO)) for path in code if path not in readers and READS_ENVIRONMENT.search(path.read_text())]
    assert len(code) > 50 and found == []
