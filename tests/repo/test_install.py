"""pip alone: the package installs into a new venv and starts with no Debian speech package.

The package is built from a copy of this tree (pyproject.toml, README.md, spoken_cribbage/) and
installed with pip into a new venv, once per module; the venv sees the test venv's
site-packages through a .pth file, so nothing is downloaded (``--no-deps``: the real dependency
install from PyPI was checked by hand, see README). The installed ``spoken-cribbage`` then runs
in a private mount namespace (``unshare``) where libportaudio.so.2 and libespeak-ng.so.1 are
gone: their files are covered by /dev/null and the loader's cache is rebuilt without them, so
``ctypes.util.find_library`` finds nothing and loading them by name fails, as on a machine
that never had libportaudio2 or libespeak-ng1. Each time the game plays in text and says one
line naming the missing package.

scripts/setup-system.sh is run with stand-ins for dpkg-query and apt-get, to check that the
play set-up installs what speech needs and nothing more.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from testkit import ROOT

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the hiding of shared libraries needs Linux"
)

INPUT = "1 2\nc\ns\nh\n"
COUNT_LINE = "The count is 8: eight of hearts."
PORTAUDIO, ESPEAK = "libportaudio.so.2", "libespeak-ng.so.1"

# Hides the shared libraries named in $HIDE_LIBS and the directories in $HIDE_DIRS, then runs
# the command: run inside a new mount namespace, so nothing outside it changes.
HIDE = r"""
set -e
t=$(mktemp -d)
for so in $HIDE_LIBS; do
  for p in $(ldconfig -p | awk -v so="$so" '$1 == so {print $NF}'); do
    mount --bind /dev/null "$(readlink -f "$p")"
  done
done
ldconfig -X -C "$t/ld.so.cache" 2>/dev/null
mount --bind "$t/ld.so.cache" /etc/ld.so.cache
for d in $HIDE_DIRS; do mount -t tmpfs none "$d"; done
exec "$@"
"""


def _namespace_command() -> list[str] | None:
    """unshare with a private mount namespace: as root, or as a user in a user namespace."""
    if shutil.which("unshare") is None or shutil.which("ldconfig") is None:
        return None
    for cmd in (
        ["unshare", "--mount", "--propagation", "private"],
        ["unshare", "--map-root-user", "--mount", "--propagation", "private"],
    ):
        probe = subprocess.run([*cmd, "sh", "-c", "mount --bind /dev/null /dev/null"], capture_output=True)
        if probe.returncode == 0:
            return cmd
    return None


NAMESPACE = _namespace_command()
needs_namespace = pytest.mark.skipif(
    NAMESPACE is None,
    reason="unshare cannot make a mount namespace here (root or user namespaces needed) to hide the speech libraries",
)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A new venv with the package installed by pip from a copy of this tree: its bin folder."""
    root = tmp_path_factory.mktemp("pip-install")
    src = root / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "spoken_cribbage", src / "spoken_cribbage", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    env_dir = root / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "_test_venv.pth").write_text("\n".join(sorted(ours)) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            str(src),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return env_dir / "bin"


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """No PYTHONPATH (the installed copy runs, not this tree), no audio or speech overrides, a
    HOME without .asoundrc, an empty runtime folder (no speech service to find) and no desktop
    session (no screen reader reading this game)."""
    home = tmp_path / "home"
    runtime = tmp_path / "run"
    home.mkdir(exist_ok=True)
    runtime.mkdir(exist_ok=True)
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "PYTHONPATH",
            "ALSA_CONFIG_PATH",
            "AUDIODEV",
            "ACCESSIBLE",
            "NO_COLOR",
            "DBUS_SESSION_BUS_ADDRESS",
            "DISPLAY",
            "WAYLAND_DISPLAY",
            "XDG_CACHE_HOME",
        )
        and not k.startswith(("SPOKEN_CRIBBAGE_", "SPEECHD_"))
    }
    env.update(
        HOME=str(home),
        SPOKEN_CRIBBAGE_HOME=str(tmp_path / "sc"),
        XDG_RUNTIME_DIR=str(runtime),
        LANG="C.UTF-8",
        TERM="dumb",
        **extra,
    )
    return env


def play_hidden(
    bin_dir: Path,
    tmp_path: Path,
    libs: tuple[str, ...],
    *args: str,
    dirs: tuple[str, ...] = (),
    input_text: str = INPUT,
    **extra: str,
) -> subprocess.CompletedProcess[str]:
    """A seeded game of the installed copy, with ``libs`` and ``dirs`` hidden."""
    assert NAMESPACE is not None
    env = clean_env(tmp_path, HIDE_LIBS=" ".join(libs), HIDE_DIRS=" ".join(dirs), **extra)
    return subprocess.run(
        [*NAMESPACE, "bash", "-c", HIDE, "hide", str(bin_dir / "spoken-cribbage"), "--seed", "3", "--new", *args],
        input=input_text,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=tmp_path,
    )


def test_pip_installs_the_game_its_data_and_its_command(installed: Path, tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    where = subprocess.run(
        [str(installed / "python"), "-c", "import spoken_cribbage; print(spoken_cribbage.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=tmp_path,
    ).stdout
    assert where.startswith(str(installed.parent)), where
    score = subprocess.run(
        [str(installed / "spoken-cribbage"), "score", "5H", "5C", "5S", "JD", "--starter", "5D"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert score.stdout.splitlines()[-1] == "Total: 29." and score.returncode == 0
    # the discard table (package data) came along
    ranked = subprocess.run(
        [str(installed / "spoken-cribbage"), "discard", "5H", "5S", "JD", "6C", "7C", "KS", "--dealer"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert ranked.returncode == 0 and "lay away six, seven" in ranked.stdout.splitlines()[1]
    # and so did the win-chance table
    odds = subprocess.run(
        [str(installed / "spoken-cribbage"), "odds", "100", "110", "--dealer", "me"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert odds.returncode == 0 and odds.stdout.startswith("Your chance to win is "), odds


BOTH = (
    "the sound library PortAudio and the speech library espeak-ng are missing (install the "
    "packages libportaudio2 and libespeak-ng1)"
)
NO_PORTAUDIO = "the sound library PortAudio is missing (install the package libportaudio2)"
NO_ESPEAK = "espeak-ng is not installed (the package libespeak-ng1)"
NO_DATA = "espeak-ng's voice data is missing (install the package espeak-ng-data)"


@needs_namespace
@pytest.mark.parametrize(
    "hidden, reason",
    [
        ((PORTAUDIO, ESPEAK), BOTH),
        ((PORTAUDIO,), NO_PORTAUDIO),
        ((ESPEAK,), NO_ESPEAK),  # named before any question about the sound device
    ],
    ids=["both", "portaudio", "espeak"],
)
def test_without_the_speech_libraries_the_game_plays_in_text_and_names_the_package(
    installed: Path, tmp_path: Path, hidden: tuple[str, ...], reason: str
) -> None:
    res = play_hidden(installed, tmp_path, hidden)
    lines = res.stdout.splitlines()
    if hidden == (PORTAUDIO,):  # the sound cues need PortAudio too: one line for both
        assert lines[0] == f"Speech and sound cues are off: {reason}. The game goes on in text."
    else:
        assert lines[0] == f"Speech is off: {reason}.", res.stdout
    assert sum("Speech" in line or "speech" in line for line in lines) == 1
    assert COUNT_LINE in lines
    assert res.returncode == 0 and res.stderr == ""


@needs_namespace
def test_speech_on_says_once_that_it_could_not_start(installed: Path, tmp_path: Path) -> None:
    res = play_hidden(installed, tmp_path, (PORTAUDIO, ESPEAK), "--speech", "on")
    lines = res.stdout.splitlines()
    assert lines[0] == f"Speech could not start: {BOTH}. The game goes on in text."
    assert sum("Speech" in line for line in lines) == 1
    assert COUNT_LINE in lines
    assert res.returncode == 0 and res.stderr == ""


@needs_namespace
def test_voice_without_portaudio_names_the_package(installed: Path, tmp_path: Path) -> None:
    pytest.importorskip("pocketsphinx", reason="the voice extra (pocketsphinx) is not installed")
    res = play_hidden(
        installed, tmp_path, (PORTAUDIO,), "--speech", "off", "--voice", "pocketsphinx", input_text="1 2\nl\nc\n"
    )
    lines = res.stdout.splitlines()
    assert (
        "Voice is off: the sound library PortAudio is missing (install the package "
        "libportaudio2). Keyboard play goes on."
    ) in lines, res.stdout
    assert COUNT_LINE in lines
    assert res.returncode == 0 and res.stderr == ""


def _espeak_data_dirs() -> tuple[str, ...]:
    return tuple(
        d for d in glob.glob("/usr/lib/*/espeak-ng-data") + glob.glob("/usr/share/espeak-ng-data") if os.path.isdir(d)
    )


@needs_namespace
@pytest.mark.skipif(not _espeak_data_dirs(), reason="espeak-ng-data is not installed")
def test_without_espeak_data_the_game_names_the_package(installed: Path, tmp_path: Path) -> None:
    # the silent timed output: this check is about espeak-ng alone, whatever the sound device
    res = play_hidden(installed, tmp_path, (), dirs=_espeak_data_dirs(), SPOKEN_CRIBBAGE_AUDIO="null")
    lines = res.stdout.splitlines()
    assert lines[0] == f"Speech is off: {NO_DATA}.", res.stdout
    assert COUNT_LINE in lines
    assert res.returncode == 0 and res.stderr == ""


# --- scripts/setup-system.sh: what the play set-up installs ---------------------------------------

FAKE_DPKG_QUERY = """#!/bin/sh
# installed packages: one per line in $FAKE_INSTALLED
pkg="$3"
grep -qx "$pkg" "$FAKE_INSTALLED" && printf 'install ok installed' && exit 0
exit 1
"""
FAKE_APT_GET = """#!/bin/sh
echo "$@" >> "$FAKE_APT_LOG"
"""


def run_setup(
    tmp_path: Path,
    use: str,
    installed_pkgs: list[str],
    *,
    apt: bool = True,
    apt_get: str = FAKE_APT_GET,
    user: bool = False,
):
    """setup-system.sh USE with stand-ins: dpkg-query answers from a list, apt-get logs."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for tool in ("bash", "sh", "grep", "dirname", "uname", "mktemp", "cat", "rm", "env"):
        found = shutil.which(tool)
        assert found, tool
        (bindir / tool).symlink_to(found)
    fakes = {
        "id": "#!/bin/sh\necho 0\n",  # root: no sudo
        "orca": "",
        "yasr": "",
    }  # the screen readers are there: nothing to install
    if user:  # not root: sudo, which (as the real one's env_reset) passes on only a few variables
        fakes["id"] = "#!/bin/sh\necho 1000\n"
        fakes["sudo"] = (
            "#!/bin/sh\nexec " + shutil.which("env") + ' -i PATH="$PATH" '
            'FAKE_INSTALLED="$FAKE_INSTALLED" FAKE_APT_LOG="$FAKE_APT_LOG" "$@"\n'
        )
    if apt:
        fakes.update({"dpkg-query": FAKE_DPKG_QUERY, "apt-get": apt_get})
    for name, text in fakes.items():
        (bindir / name).write_text(text or "#!/bin/sh\n")
        (bindir / name).chmod(0o755)
    listed = tmp_path / "installed.txt"
    listed.write_text("".join(p + "\n" for p in installed_pkgs))
    log = tmp_path / "apt.log"
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {"PATH": str(bindir), "FAKE_INSTALLED": str(listed), "FAKE_APT_LOG": str(log), "TMPDIR": str(tmp)}
    res = subprocess.run(
        [str(bindir / "bash"), str(ROOT / "scripts" / "setup-system.sh"), use],
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )
    return res, (log.read_text().splitlines() if log.exists() else [])


PLAY_PACKAGES = ["python3", "python3-venv", "libespeak-ng1", "libportaudio2"]


def test_play_setup_installs_what_speech_needs_and_nothing_more(tmp_path: Path) -> None:
    res, calls = run_setup(tmp_path, "play", [])
    assert res.returncode == 0, res.stderr
    assert calls[0] == "update -qq"
    installed = calls[1].split()
    assert installed[:4] == ["install", "-y", "-qq", "--no-install-recommends"]
    assert sorted(installed[4:]) == sorted(PLAY_PACKAGES)  # no aplay, no espeak-ng program


# apt's own chatter on a minimal system, and its way of failing
NOISY_APT_GET = (
    FAKE_APT_GET
    + """echo "debconf: delaying package configuration, since apt-utils is not installed" >&2
echo "Selecting previously unselected package libportaudio2."
"""
)
FAILING_APT_GET = (
    FAKE_APT_GET
    + """echo "E: Unable to locate package libportaudio2" >&2
exit 100
"""
)


def test_play_setup_keeps_apts_messages_out_of_what_the_player_hears(tmp_path: Path) -> None:
    # before: "debconf: delaying package configuration ..." reached the player on the first run
    res, calls = run_setup(tmp_path, "play", [], apt_get=NOISY_APT_GET)
    assert res.returncode == 0 and len(calls) == 2
    assert res.stdout.splitlines() == ["Installing system packages: python3 python3-venv libespeak-ng1 libportaudio2"]
    assert res.stderr == "" and list((tmp_path / "tmp").iterdir()) == []  # no log left


def test_play_setup_keeps_debconf_quiet_through_sudo_too(tmp_path: Path) -> None:
    # sudo drops DEBIAN_FRONTEND given before it: debconf would then ask its questions (tzdata's,
    # on a fresh system) in a dialog hidden in the log, and the first run would hang
    frontend = FAKE_APT_GET + 'echo "frontend=$DEBIAN_FRONTEND" >> "$FAKE_APT_LOG"\n'
    for user in (False, True):
        root = tmp_path / str(user)
        root.mkdir()
        res, calls = run_setup(root, "play", [], apt_get=frontend, user=user)
        assert res.returncode == 0, res.stderr
        assert calls[-1] == "frontend=noninteractive", (user, calls)


def test_play_setup_shows_apts_messages_when_the_install_fails(tmp_path: Path) -> None:
    res, _ = run_setup(tmp_path, "play", [], apt_get=FAILING_APT_GET)
    assert res.returncode != 0
    assert res.stderr.splitlines() == [
        "E: Unable to locate package libportaudio2",
        "The system packages could not be installed; the messages above say why.",
    ]
    assert list((tmp_path / "tmp").iterdir()) == []


def test_play_setup_does_nothing_when_all_is_there(tmp_path: Path) -> None:
    res, calls = run_setup(tmp_path, "play", PLAY_PACKAGES)
    assert (res.returncode, calls, res.stdout, res.stderr) == (0, [], "", "")


def test_test_setup_adds_the_test_tools(tmp_path: Path) -> None:
    res, calls = run_setup(tmp_path, "test", PLAY_PACKAGES)
    assert sorted(calls[1].split()[4:]) == sorted(["espeak-ng", "sox", "flite", "tmux", "alsa-utils", "strace"])


def test_without_apt_get_the_setup_says_what_to_install_and_lets_the_game_start(tmp_path: Path) -> None:
    res, calls = run_setup(tmp_path, "play", [], apt=False)
    assert res.returncode == 0 and calls == [] and res.stdout == ""
    assert "espeak-ng" in res.stderr and "PortAudio" in res.stderr
    assert len(res.stderr.splitlines()) == 1


# --- scripts/link-command.sh: `spoken-cribbage` on the PATH after ./play.sh ------------------------

SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
ON_PATH = "The command spoken-cribbage now starts the game from any folder (a link in ~/.local/bin)."
NOT_ON_PATH = (
    "The command spoken-cribbage is now in ~/.local/bin, which is not on your PATH: add "
    'the line export PATH="$HOME/.local/bin:$PATH" to your ~/.profile, and log in '
    "again; until then, start the game with ./play.sh."
)


def link_project(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the script in a project folder with a .venv command, and an empty HOME."""
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "link-command.sh", project / "scripts")
    command = project / ".venv" / "bin" / "spoken-cribbage"
    command.parent.mkdir(parents=True)
    command.write_text("#!/bin/sh\necho the game\n")
    command.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    return project, home


def run_link(project: Path, home: Path, path: str = SYSTEM_PATH) -> str:
    res = subprocess.run(
        ["bash", str(project / "scripts" / "link-command.sh")],
        capture_output=True,
        text=True,
        env={"HOME": str(home), "PATH": path},
        timeout=30,
    )
    assert (res.returncode, res.stderr) == (0, "")
    return res.stdout


def test_play_puts_the_command_on_the_path_and_says_so_once(tmp_path: Path) -> None:
    # before: after ./play.sh, `spoken-cribbage` (every README example) was "command not found"
    project, home = link_project(tmp_path)
    bin_dir = home / ".local" / "bin"
    assert run_link(project, home, f"{bin_dir}:{SYSTEM_PATH}") == ON_PATH + "\n"
    link = bin_dir / "spoken-cribbage"
    assert os.readlink(link) == str(project / ".venv" / "bin" / "spoken-cribbage")
    found = subprocess.run(
        ["spoken-cribbage"], capture_output=True, text=True, env={"PATH": f"{bin_dir}:{SYSTEM_PATH}"}, cwd=tmp_path
    )
    assert found.stdout == "the game\n"
    assert run_link(project, home, f"{bin_dir}:{SYSTEM_PATH}") == ""  # a second start: quiet


def test_play_says_what_to_do_when_local_bin_is_not_on_the_path(tmp_path: Path) -> None:
    project, home = link_project(tmp_path)
    assert run_link(project, home) == NOT_ON_PATH + "\n"
    assert run_link(project, home) == ""
    # Debian's and Ubuntu's ~/.profile puts ~/.local/bin on the PATH at login once it exists
    project, home = link_project(tmp_path / "debian")
    (home / ".profile").write_text('if [ -d "$HOME/.local/bin" ] ; then\n    PATH="$HOME/.local/bin:$PATH"\nfi\n')
    assert run_link(project, home) == (
        "The command spoken-cribbage is now in ~/.local/bin, which your ~/.profile puts on the "
        "PATH from your next login; until then, start the game with ./play.sh.\n"
    )


def test_play_never_replaces_a_command_of_the_same_name_and_says_so_once(tmp_path: Path) -> None:
    project, home = link_project(tmp_path)
    theirs = home / ".local" / "bin" / "spoken-cribbage"
    theirs.parent.mkdir(parents=True)
    theirs.write_text("#!/bin/sh\necho another program\n")
    said = run_link(project, home)
    assert said == (
        "~/.local/bin/spoken-cribbage is there already and is not this game's, so "
        "it was left alone: start the game with ./play.sh, or "
        f"{project}/.venv/bin/spoken-cribbage.\n"
    )
    assert run_link(project, home) == ""
    assert theirs.read_text() == "#!/bin/sh\necho another program\n" and not theirs.is_symlink()


def test_a_link_left_by_a_moved_folder_is_replaced(tmp_path: Path) -> None:
    project, home = link_project(tmp_path)
    old = home / ".local" / "bin" / "spoken-cribbage"
    old.parent.mkdir(parents=True)
    old.symlink_to(tmp_path / "gone" / ".venv" / "bin" / "spoken-cribbage")
    assert run_link(project, home) == NOT_ON_PATH + "\n"
    assert os.readlink(old) == str(project / ".venv" / "bin" / "spoken-cribbage")
