"""The terminal is given back as it was (issue 23, item 6): after SIGTERM or SIGHUP the shell's
terminal is not left raw and the game is kept as on quit; on a suspend (Ctrl-Z in the game, or
SIGTSTP from outside) the game says so and gives the terminal back; after fg single keys act at
once again. Each game runs in a real pseudo-terminal (pexpect); the terminal's modes are read
from the terminal itself (what ``stty -a`` shows)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from testkit import BIN, game_env
from testkit import robust_support as rs
from testkit.job_shell import JOB_SHELL, game_pid, lflags, wait_key_mode

pexpect = pytest.importorskip("pexpect")

ARGS = ["--speech", "off", "--cues", "off", "--difficulty", "easy"]


def default_stop_signals() -> None:
    """In the spawned shell, before it runs: SIGTERM and SIGHUP as a terminal gives them. A
    suite started under nohup passes SIGHUP on ignored, and a program that respects an
    ignored SIGHUP (as the review's key reader does) would never see the signal sent here."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def lay_away(child):
    child.expect(r"Your turn: lay away 2 cards")
    child.send("1")
    child.send("2")
    child.expect(r"Enter to confirm")
    child.send("\r")
    child.expect(r"Your turn")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_give_the_terminal_back_and_keep_the_game(tmp_path, sig):
    script = f'"$0" {" ".join(ARGS)} --new --seed 12; echo "EXIT=$?"; stty -a'
    child = pexpect.spawn(
        "bash",
        ["-c", script, str(BIN)],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
        preexec_fn=default_stop_signals,
    )
    lay_away(child)
    saved = rs.save_state(tmp_path).saved
    os.kill(game_pid(child.pid), sig)
    child.expect(r"EXIT=(\d+)")
    assert int(child.match.group(1)) == 128 + sig  # it ended itself, not killed by the signal
    assert "Stopped. Your game is kept." in child.before
    child.expect(pexpect.EOF)
    modes = child.before.split()
    assert {"icanon", "echo", "isig", "icrnl"} <= set(modes), child.before
    assert "Traceback" not in child.before
    # kept as on quit: the lay-away is in the save, which reads back whole
    after = rs.save_state(tmp_path)
    assert after.notice is None and after.saved.actions == saved.actions
    assert rs.human_actions(after.saved.actions) == 1


def test_sigterm_in_line_mode_ends_with_a_sentence_and_keeps_the_game(tmp_path):
    p = subprocess.Popen(
        [str(BIN), *ARGS, "--new", "--seed", "4"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=game_env(tmp_path),
    )
    p.stdin.write(b"1 2\n")
    p.stdin.flush()
    for _ in range(600):
        st = rs.save_state(tmp_path)
        if st.saved is not None and rs.human_actions(st.saved.actions) == 1:
            break
        time.sleep(0.05)
    time.sleep(0.2)
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=30)
    assert p.returncode == 128 + signal.SIGTERM, (p.returncode, out[-300:], err)
    assert out.rstrip().endswith(b"Stopped. Your game is kept.") and b"Traceback" not in err
    assert rs.human_actions(rs.save_state(tmp_path).saved.actions) == 1


def job_shell(tmp_path, *args, game=True):
    return pexpect.spawn(
        sys.executable,
        ["-c", JOB_SHELL, str(BIN), *(ARGS if game else ()), *args],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )


@pytest.mark.parametrize("how", ["ctrl-z", "sigtstp"])
def test_a_suspend_gives_the_terminal_back_and_fg_brings_the_keys_back(tmp_path, how):
    child = job_shell(tmp_path, "--seed", "3")
    child.expect(r"Your turn: lay away 2 cards[^\r\n]*\r\n")
    wait_key_mode(child)
    if how == "ctrl-z":
        child.sendcontrol("z")
    else:
        os.kill(game_pid(child.pid), signal.SIGTSTP)
    child.expect(r"Suspended\. Type fg to come back to the game\.\r\n")
    child.expect(r"STOPPED icanon=(\d) echo=(\d)")
    assert child.match.group(1, 2) == ("1", "1")  # the terminal as it was, for the shell
    child.sendline("")  # fg (the shell puts its own modes back)
    child.expect(r"Back to the game\.\r\n")
    child.send("h")  # one key, no Enter: answered at once
    child.expect(r"Card 1: [^\r\n]*\r\n", timeout=10)
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(r"EXITED status=0 icanon=1 echo=1")
    assert "Traceback" not in child.before


def test_ctrl_z_with_no_shell_to_come_back_to_is_refused_with_a_line(tmp_path):
    child = pexpect.spawn(
        str(BIN), [*ARGS, "--seed", "3"], env=game_env(tmp_path), encoding="utf-8", timeout=30, dimensions=(50, 200)
    )
    child.expect(r"Your turn: lay away 2 cards[^\r\n]*\r\n")
    wait_key_mode(child)
    child.sendcontrol("z")
    child.expect(
        r"Ctrl-Z cannot suspend the game here: nothing could bring it back\. "
        r"Press q to quit\.\r\n"
    )
    child.send("h")
    child.expect(r"Card 1: ")
    assert lflags(child) == (False, False, False)  # still in key mode
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_while_review_reads_keys_gives_the_terminal_back(tmp_path, sig, finished_game_in_stats):
    child = pexpect.spawn(
        "bash",
        ["-c", '"$0" review 1; echo "EXIT=$?"; stty -a', str(BIN)],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
        preexec_fn=default_stop_signals,
    )
    child.expect(r"Press Enter for deal 2")
    wait_key_mode(child)
    os.kill(game_pid(child.pid), sig)
    child.expect(r"EXIT=(\d+)")
    assert int(child.match.group(1)) == 128 + sig
    child.expect(pexpect.EOF)
    assert {"icanon", "echo", "isig", "icrnl"} <= set(child.before.split()), child.before


def test_a_suspend_while_review_reads_keys_gives_the_terminal_back_and_fg_the_keys(tmp_path, finished_game_in_stats):
    child = job_shell(tmp_path, "review", "1", game=False)
    child.expect(r"Press Enter for deal 2")
    wait_key_mode(child)
    os.kill(game_pid(child.pid), signal.SIGTSTP)
    child.expect(r"STOPPED icanon=(\d) echo=(\d)")
    assert child.match.group(1, 2) == ("1", "1")
    child.sendline("")  # fg
    wait_key_mode(child)
    child.send("\x1b")  # one key, no Enter
    child.expect(r"Review stopped\.\r\n", timeout=10)
    child.expect(r"EXITED status=0 icanon=1 echo=1")


def test_ctrl_z_while_review_reads_a_line_suspends_with_a_line_and_fg_brings_it_back(tmp_path, finished_game_in_stats):
    child = job_shell(tmp_path, "review", "1", game=False)
    child.expect(r"Press Enter for deal 2")
    wait_key_mode(child)
    child.send("ab")
    child.sendcontrol("z")
    child.expect(r"\r\nSuspended\. Type fg to come back\.\r\n")
    child.expect(r"STOPPED icanon=(\d) echo=(\d)")
    assert child.match.group(1, 2) == ("1", "1")  # the terminal as it was, for the shell
    child.sendline("")  # fg
    child.expect(r"Back\.\r\nab")  # what was typed, shown again
    wait_key_mode(child)
    child.send("\x1b")  # one key, no Enter: keys act at once
    child.expect(r"Review stopped\.\r\n", timeout=10)
    child.expect(r"EXITED status=0 icanon=1 echo=1")
    assert "Traceback" not in child.before


def test_ctrl_z_at_the_resume_question_with_no_shell_is_refused_with_a_line(tmp_path):
    child = pexpect.spawn(
        str(BIN),
        [*ARGS, "--new", "--seed", "12"],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )
    child.expect(r"Your turn: lay away 2 cards")
    wait_key_mode(child)
    child.send("q")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)
    child = pexpect.spawn(str(BIN), [*ARGS], env=game_env(tmp_path), encoding="utf-8", timeout=30, dimensions=(50, 200))
    child.expect(r"Resume\? y/n\r\n")
    wait_key_mode(child)
    child.sendcontrol("z")
    child.expect(r"Ctrl-Z cannot suspend here: nothing could bring it back\.\r\n")
    assert lflags(child) == (False, False, False)  # still reading single keys
    child.send("y")
    child.expect(r"Game resumed")
    wait_key_mode(child)
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)
