"""The one rule for a name inside a folder, and the one sha256 of a file."""
import hashlib
import io

from judging.engine.files import file_inside, inside, sha256_file, sha256_of


def test_a_name_that_climbs_out_or_links_out_of_its_folder_is_not_inside(tmp_path):
    root = tmp_path / "site"
    (root / "css").mkdir(parents=True)
    (root / "css" / "a.css").write_text("x")
    (tmp_path / "secret.txt").write_text("s")
    (root / "link").symlink_to(tmp_path / "secret.txt")
    assert inside(root, "css/a.css") == (root / "css" / "a.css").resolve()
    assert inside(root, "new/page.html") == (root / "new" / "page.html").resolve()  # need not exist yet
    assert inside(root, "../secret.txt") is None
    assert inside(root, "/etc/passwd") is None
    assert inside(root, "link") is None
    assert inside(root, "bad\0name") is None


def test_only_an_existing_file_inside_is_served(tmp_path):
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "a.css").write_text("x")
    assert file_inside(tmp_path, "css/a.css") == (tmp_path / "css" / "a.css").resolve()
    assert file_inside(tmp_path, "css") is None
    assert file_inside(tmp_path, "css/missing.css") is None
    assert file_inside(tmp_path, "../" + tmp_path.name + "/css/a.css") is not None  # back in: still inside


def test_the_sha256_of_a_file_and_of_a_stream_agree_with_hashlib(tmp_path):
    data = b"\x00\x01" * (1 << 20) + b"end"
    path = tmp_path / "blob.bin"
    path.write_bytes(data)
    expected = hashlib.sha256(data).hexdigest()
    assert sha256_file(path) == expected and sha256_of(io.BytesIO(data)) == expected
