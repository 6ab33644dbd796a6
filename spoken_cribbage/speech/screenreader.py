"""Is a screen reader running for this terminal? And the "speaker" that lets it be the voice.

Detection, cheapest first, never raising:

* Linux: ``yasr`` among this program's parent processes (a console screen reader that wraps
  the terminal), or an ``orca`` process of this user in this desktop session (its
  ``DBUS_SESSION_BUS_ADDRESS``, else its ``DISPLAY`` / ``WAYLAND_DISPLAY``, equals ours: a
  program outside any desktop session, or in another one, is not read by that Orca), else
  AT-SPI's ``org.a11y.Status.ScreenReaderEnabled`` through ``gdbus`` (one short call, only
  with a session bus).
* Windows: NVDA, then JAWS, through accessible-output2 (the optional extra ``screenreader``;
  imported only here, lazily), else the system's own "a screen reader is running" flag
  (``SystemParametersInfo(SPI_GETSCREENREADER)``), which names no reader.
* macOS: a ``VoiceOver`` process (``pgrep -x VoiceOver``, as accessible-output2 itself does).

When a screen reader is the voice, :class:`ScreenReaderVoice` adds no voice of its own: Orca,
NVDA, JAWS and VoiceOver read every line appended to the terminal they watch. (Measured with
Orca 43 in a VTE terminal: lines that follow a key, and lines printed 1 to 20 seconds after
the last key or with no key at all, from another thread, are all read once; see
docs/README-speech.md. NVDA and JAWS read new console text by themselves too; sending the line
through their API as well would say it twice.)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from spoken_cribbage.notice import Notice

from .base import NullSpeaker

#: Session variables that tie a process to one desktop session, most specific first.
SESSION_KEYS = ("DBUS_SESSION_BUS_ADDRESS", "WAYLAND_DISPLAY", "DISPLAY")
PROC = Path("/proc")


@dataclass(frozen=True)
class ScreenReader:
    """A running screen reader; ``name`` is empty when the system says one runs but not which."""

    name: str
    how: str  # how it was found, for developers: "process", "at-spi", "accessible-output2", ...


def detect(platform: str | None = None, env: dict[str, str] | None = None) -> ScreenReader | None:
    """The screen reader reading this terminal, or None. Never raises."""
    platform = platform or sys.platform
    env = dict(os.environ) if env is None else env
    try:
        if platform.startswith("linux"):
            return _console_reader() or _orca_process(env) or _atspi(env)
        if platform == "win32":
            return _windows()
        if platform == "darwin":
            return _voiceover()
    except Exception:  # noqa: BLE001 - detection must never stop the game
        return None
    return None


# --- Linux ---------------------------------------------------------------------------------------


def _same_session(theirs: dict[str, str], ours: dict[str, str]) -> bool:
    for key in SESSION_KEYS:
        if ours.get(key) and theirs.get(key):
            return ours[key] == theirs[key]
    return False


def _environ(pid_dir: Path) -> dict[str, str]:
    raw = (pid_dir / "environ").read_bytes()
    out = {}
    for item in raw.split(b"\0"):
        key, sep, value = item.partition(b"=")
        if sep:
            out[key.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    return out


#: Console screen readers that run this program inside their own pseudo-terminal.
CONSOLE_READERS = {"yasr": "yasr"}


def _console_reader(proc: Path | None = None, pid: int | None = None) -> ScreenReader | None:
    """yasr as an ancestor of this process (it reads the terminal it wraps)."""
    proc = proc or PROC
    pid = os.getppid() if pid is None else pid
    for _ in range(64):  # the chain to init is short; never loop forever
        if pid <= 1:
            return None
        try:
            comm = (proc / str(pid) / "comm").read_text().strip()
            stat = (proc / str(pid) / "stat").read_text()
        except OSError:
            return None
        if comm in CONSOLE_READERS:
            return ScreenReader(CONSOLE_READERS[comm], "parent process")
        pid = int(stat.rsplit(")", 1)[1].split()[1])  # after "pid (comm) state": ppid
    return None


def _orca_process(env: dict[str, str], proc: Path | None = None) -> ScreenReader | None:
    if not any(env.get(key) for key in SESSION_KEYS):
        return None  # not in a desktop session: no Orca reads this terminal
    proc = proc or PROC
    uid = os.getuid()
    for pid_dir in proc.iterdir():
        if not pid_dir.name.isdigit():
            continue
        try:
            if (pid_dir / "comm").read_text().strip() != "orca" or pid_dir.stat().st_uid != uid:
                continue
            if _same_session(_environ(pid_dir), env):
                return ScreenReader("Orca", "process")
        except OSError:
            continue
    return None


ATSPI_CALL = [
    "gdbus",
    "call",
    "--session",
    "--timeout",
    "1",
    "--dest",
    "org.a11y.Bus",
    "--object-path",
    "/org/a11y/bus",
    "--method",
    "org.freedesktop.DBus.Properties.Get",
    "org.a11y.Status",
    "ScreenReaderEnabled",
]


def _atspi(env: dict[str, str]) -> ScreenReader | None:
    """GNOME's "screen reader on" flag, when there is a session bus and gdbus to ask it."""
    if not env.get("DBUS_SESSION_BUS_ADDRESS") or shutil.which("gdbus", path=env.get("PATH")) is None:
        return None
    try:
        out = subprocess.run(
            ATSPI_CALL, capture_output=True, text=True, timeout=2, env=env, stdin=subprocess.DEVNULL
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    return ScreenReader("Orca", "at-spi") if "true" in out else None


# --- Windows -------------------------------------------------------------------------------------


def _windows() -> ScreenReader | None:
    found = _accessible_output2()
    if found is not None:
        return found
    return ScreenReader("", "system flag") if _windows_flag() else None


def _accessible_output2() -> ScreenReader | None:
    """NVDA, then JAWS, through accessible-output2 when it is installed."""
    for module, cls, name in (("nvda", "NVDA", "NVDA"), ("jaws", "Jaws", "JAWS")):
        try:
            mod = __import__(f"accessible_output2.outputs.{module}", fromlist=[cls])
            if getattr(mod, cls)().is_active():
                return ScreenReader(name, "accessible-output2")
        except Exception:  # noqa: BLE001 - not installed, or that reader's API is absent
            continue
    return None


def _windows_flag() -> bool:
    """SystemParametersInfo(SPI_GETSCREENREADER): set by NVDA, JAWS, Narrator and others."""
    import ctypes

    flag = ctypes.c_int(0)
    user32 = ctypes.windll.user32  # type: ignore[attr-defined]
    return bool(user32.SystemParametersInfoW(0x0046, 0, ctypes.byref(flag), 0) and flag.value)


# --- macOS ---------------------------------------------------------------------------------------


def _voiceover() -> ScreenReader | None:
    if shutil.which("pgrep") is None:
        return None
    try:
        out = subprocess.run(
            ["pgrep", "-x", "VoiceOver"], capture_output=True, text=True, timeout=2, stdin=subprocess.DEVNULL
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    return ScreenReader("VoiceOver", "process") if out.strip() else None


# --- the screen reader as the voice --------------------------------------------------------------


class ScreenReaderVoice(NullSpeaker):
    """The screen reader speaks; the game adds no voice (the lines it prints are read).

    Its own key silences it and its own rate and volume apply, so ``stop`` and the settings do
    nothing here (every method of :class:`NullSpeaker` does nothing). ``reader`` names it
    ("" when the system did not say which)."""

    available = True

    def __init__(self, reader: ScreenReader | None) -> None:
        self.reader = reader.name if reader is not None else ""
        self.found = reader is not None
        self.reason = None
        self.status = Notice("speech.screen_reader", name=self.reader)
        how = reader.how if reader is not None else "chosen"
        self.description = f"screen reader {self.reader or '(unnamed)'} ({how})"
