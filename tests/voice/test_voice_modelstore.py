"""Model manifest, download, verification and safe unpacking, against a server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import io
import json
import re
import stat
import threading
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from spoken_cribbage.app.voice_command import run_models
from spoken_cribbage.voice import models as modelstore
from spoken_cribbage.voice.models import ModelError, download, installed_vosk_model, list_models
from spoken_cribbage.words.notices import phrase
from testkit import ROOT


@contextlib.contextmanager
def refused(pattern: str):
    """Like pytest.raises(ModelError, match=pattern), on the sentence the player reads."""
    with pytest.raises(ModelError) as caught:
        yield
    assert re.search(pattern, phrase(caught.value)), phrase(caught.value)


def make_zip(entries: dict[str, bytes], symlink: str | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
        if symlink:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            z.writestr(info, "/etc/passwd")
    return buf.getvalue()


MODEL_FILES = {
    "tiny-model/am/final.mdl": b"acoustic model",
    "tiny-model/conf/model.conf": b"--beam=10",
    "tiny-model/graph/Gr.fst": b"graph",
    "tiny-model/README": b"a tiny fake vosk model",
}


class Server:
    """Serves byte strings at paths; ``/cut/...`` promises more bytes than it sends."""

    def __init__(self):
        self.files: dict[str, bytes] = {}
        files = self.files

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                path = self.path
                cut = path.startswith("/cut/")
                data = files.get(path[4:] if cut else path)
                if data is None:
                    self.send_error(404, "Not Found")
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data[: len(data) // 2] if cut else data)
                if cut:
                    self.wfile.flush()
                    self.connection.close()

            def log_message(self, *a):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def server():
    s = Server()
    yield s
    s.close()


def manifest_for(url: str, data: bytes, sha: str | None = None, size: int | None = None) -> dict:
    return {
        "version": 1,
        "models": {
            "tiny": {
                "engine": "vosk",
                "description": "tiny test model",
                "url": url,
                "size": len(data) if size is None else size,
                "sha256": hashlib.sha256(data).hexdigest() if sha is None else sha,
                "folder": "tiny-model",
            }
        },
    }


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_good_download_is_verified_unpacked_and_installed(server, tmp_path):
    data = make_zip(MODEL_FILES)
    server.files["/tiny.zip"] = data
    lines: list[str] = []
    path = download(
        "tiny",
        tmp_path,
        manifest=manifest_for(server.url + "/tiny.zip", data),
        progress=lambda n: lines.append(phrase(n)),
    )
    assert path == tmp_path / "tiny-model"
    assert (path / "am" / "final.mdl").read_bytes() == b"acoustic model"
    assert json.loads((path / modelstore.SOURCE_NAME).read_text())["sha256"] == hashlib.sha256(data).hexdigest()
    assert installed_vosk_model(tmp_path) == path
    assert leftovers(tmp_path) == ["tiny-model"]  # no .part, no unpack folder
    assert lines[0].startswith("Downloading")
    assert any("100%" in line for line in lines)
    assert lines[-1].startswith("Installed tiny")
    assert all("\r" not in line and "\x1b" not in line for line in lines)
    assert len(lines) <= 14  # occasional lines, not a flood
    # a second download says it is installed and changes nothing
    again: list[str] = []
    download(
        "tiny",
        tmp_path,
        manifest=manifest_for(server.url + "/tiny.zip", data),
        progress=lambda n: again.append(phrase(n)),
    )
    assert "already installed" in again[0]


def test_bad_checksum_installs_nothing(server, tmp_path):
    data = make_zip(MODEL_FILES)
    server.files["/tiny.zip"] = data
    with refused("checksum"):
        download(
            "tiny",
            tmp_path,
            manifest=manifest_for(server.url + "/tiny.zip", data, sha="0" * 64),
            progress=lambda s: None,
        )
    assert leftovers(tmp_path) == []
    assert installed_vosk_model(tmp_path) is None


@pytest.mark.parametrize(
    "evil", ["../escaped.txt", "/abs/escaped.txt", "tiny-model/../../escaped.txt", "tiny-model\\..\\..\\escaped.txt"]
)
def test_path_escape_archive_is_refused(server, tmp_path, evil):
    data = make_zip({**MODEL_FILES, evil: b"gotcha"})
    server.files["/evil.zip"] = data
    folder = tmp_path / "models"
    with refused("unsafe"):
        download("tiny", folder, manifest=manifest_for(server.url + "/evil.zip", data), progress=lambda s: None)
    assert not list(tmp_path.rglob("escaped.txt"))
    assert leftovers(folder) == []


def test_symlink_in_archive_is_refused(server, tmp_path):
    data = make_zip(MODEL_FILES, symlink="tiny-model/link")
    server.files["/link.zip"] = data
    with refused("unsafe"):
        download("tiny", tmp_path, manifest=manifest_for(server.url + "/link.zip", data), progress=lambda s: None)
    assert leftovers(tmp_path) == []


def test_truncated_download_never_looks_installed(server, tmp_path):
    data = make_zip({**MODEL_FILES, "tiny-model/graph/HCLr.fst": bytes(range(256)) * 2000})
    server.files["/big.zip"] = data
    with refused("incomplete|failed"):
        download("tiny", tmp_path, manifest=manifest_for(server.url + "/cut/big.zip", data), progress=lambda s: None)
    assert leftovers(tmp_path) == []
    assert installed_vosk_model(tmp_path) is None
    assert not any(m.installed for m in list_models(tmp_path) if m.name == "tiny")


def test_size_mismatch_is_refused_before_download(server, tmp_path):
    data = make_zip(MODEL_FILES)
    server.files["/tiny.zip"] = data
    with refused("manifest expects"):
        download(
            "tiny",
            tmp_path,
            manifest=manifest_for(server.url + "/tiny.zip", data, size=len(data) + 5),
            progress=lambda s: None,
        )
    assert leftovers(tmp_path) == []


def test_interrupted_leftovers_are_hidden_and_cleaned(server, tmp_path):
    (tmp_path / ".tiny.part").write_bytes(b"half a download")
    (tmp_path / ".unpack-x" / "tiny-model" / "am").mkdir(parents=True)
    (tmp_path / ".unpack-x" / "tiny-model" / "am" / "final.mdl").write_bytes(b"x")
    (tmp_path / ".unpack-x" / "tiny-model" / "graph").mkdir()
    assert installed_vosk_model(tmp_path) is None
    data = make_zip(MODEL_FILES)
    server.files["/tiny.zip"] = data
    download("tiny", tmp_path, manifest=manifest_for(server.url + "/tiny.zip", data), progress=lambda s: None)
    assert leftovers(tmp_path) == ["tiny-model"]


def test_missing_checksum_refuses_to_download(server, tmp_path):
    m = manifest_for(server.url + "/tiny.zip", b"")
    m["models"]["tiny"]["sha256"] = None
    with refused("no SHA-256"):
        download("tiny", tmp_path, manifest=m, progress=lambda s: None)


def test_http_error_and_unknown_model_are_one_sentence(server, tmp_path):
    data = make_zip(MODEL_FILES)
    with refused("404"):
        download("tiny", tmp_path, manifest=manifest_for(server.url + "/missing.zip", data), progress=lambda s: None)
    with refused("no model called nope"):
        download("nope", tmp_path, manifest=manifest_for(server.url, data), progress=lambda s: None)


def test_archive_without_a_model_is_refused(server, tmp_path):
    data = make_zip({"junk/readme.txt": b"not a model"})
    server.files["/junk.zip"] = data
    with refused("does not contain a vosk model"):
        download("tiny", tmp_path, manifest=manifest_for(server.url + "/junk.zip", data), progress=lambda s: None)
    assert leftovers(tmp_path) == []


def test_models_command_downloads_with_the_manifest_in_the_models_folder(server, tmp_path, monkeypatch, capsys):
    data = make_zip(MODEL_FILES)
    server.files["/tiny.zip"] = data
    (tmp_path / "manifest.json").write_text(json.dumps(manifest_for(server.url + "/tiny.zip", data)))
    monkeypatch.setenv(modelstore.ENV_MODELS_DIR, str(tmp_path))
    assert run_models(SimpleNamespace(models_command=None)) == 0
    out = capsys.readouterr().out
    assert "tiny (vosk)" in out and "Not installed" in out
    assert run_models(SimpleNamespace(models_command="download", name="tiny")) == 0
    out = capsys.readouterr().out
    assert "Checksum verified" in out and "Installed tiny" in out
    assert run_models(SimpleNamespace(models_command=None)) == 0
    assert "Installed at" in capsys.readouterr().out
    assert run_models(SimpleNamespace(models_command="download", name="nope")) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_models_placed_in_the_folder_are_listed(tmp_path):
    m = tmp_path / "my-model"
    (m / "am").mkdir(parents=True)
    (m / "am" / "final.mdl").write_bytes(b"x")
    (m / "graph").mkdir()
    assert installed_vosk_model(tmp_path) == m
    assert any(i.name == "my-model" and i.installed for i in list_models(tmp_path))


def test_manifest_file_matches_the_built_in_copy():
    shipped = json.loads((ROOT / "models" / "manifest.json").read_text())
    assert shipped["models"] == modelstore.DEFAULT_MANIFEST["models"]
    small = shipped["models"]["vosk-small-en"]
    assert small["url"] == "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip"
    assert len(small["sha256"]) == 64 and small["size"] > 30_000_000


class _FullDisk:
    """A file whose writes fail with ENOSPC once ``room`` bytes are written in all (the disk
    fills): stands in for ``open`` in the models module."""

    def __init__(self, room: int, real_open=open):
        self.room = room
        self.real_open = real_open

    def __call__(self, path, mode="r", *a, **k):
        f = self.real_open(path, mode, *a, **k)
        if "w" not in mode:
            return f
        disk = self

        class Writer:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                f.close()

            def write(self, data):
                if len(data) > disk.room:
                    import errno
                    import os

                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                disk.room -= len(data)
                return f.write(data)

            def __getattr__(self, name):
                return getattr(f, name)

        return Writer()


@pytest.mark.parametrize("room", [1000, "unpack", "note"])
def test_a_full_disk_installs_nothing_and_says_so(server, tmp_path, monkeypatch, room):
    """The disk fills while downloading, while unpacking, or while writing the model's source
    note: one sentence that says the disk is full, and nothing half-installed."""
    data = make_zip({**MODEL_FILES, "tiny-model/graph/HCLr.fst": bytes(range(256)) * 400})
    server.files["/tiny.zip"] = data
    if room == "note":
        real = Path.write_text

        def write_text(self, *a, **k):
            if self.name == modelstore.SOURCE_NAME:
                import errno

                raise OSError(errno.ENOSPC, "No space left on device")
            return real(self, *a, **k)

        monkeypatch.setattr(Path, "write_text", write_text)
    else:
        # "unpack": room for the download and a little of the unpacked files
        monkeypatch.setattr(
            modelstore, "open", _FullDisk(len(data) + 5000 if room == "unpack" else room), raising=False
        )
    with refused("disk is full"):
        download("tiny", tmp_path, manifest=manifest_for(server.url + "/tiny.zip", data), progress=lambda s: None)
    assert leftovers(tmp_path) == []
    assert installed_vosk_model(tmp_path) is None
