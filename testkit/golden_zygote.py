"""A warm parent for the golden runs (tests/e2e/test_golden.py): it imports the program once and
builds the expert's scoring table once (each start of `spoken-cribbage play` spends most of its
CPU there, about 0.8 s of the 1 s a short game takes), then forks a child per run, which runs
the program's own ``main`` as the console script would, with the run's arguments, environment,
folder and files for stdin, stdout and stderr, and exits with its status.

Requests and replies are JSON lines on stdin and stdout:

    {"argv": [...], "env": {...}, "cwd": "...", "stdin": "path", "stdout": "path",
     "stderr": "path"}  ->  {"status": 0}

``GOLDEN_SUBPROCESS=1`` makes tests/e2e/test_golden.py start the real console script for every run
instead (slower; the same bytes: that is how this parent was checked).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import sys


def main() -> None:
    from spoken_cribbage.app import cli, play  # noqa: F401 (the program's imports, once)
    from spoken_cribbage.engine import scoring

    scoring._rank_table()  # the table every expert player warms up with, built once here
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            _child(request, cli)
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(json.dumps({"status": os.waitstatus_to_exitcode(status)}) + "\n")
        sys.stdout.flush()


def _child(request: dict, cli) -> None:
    code = 1
    try:
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        files = (
            (request["stdin"], os.O_RDONLY),
            (request["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
            (request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
        )
        for fd, (path, flags) in enumerate(files):
            opened = os.open(path, flags, 0o644)
            os.dup2(opened, fd)
            os.close(opened)
        # The process's own standard streams, open until it exits (no with block).
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.argv = ["spoken-cribbage", *request["argv"]]
        try:
            code = cli.main(request["argv"])
        except SystemExit as e:  # as the interpreter turns it into a status
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            if e.code is not None and not isinstance(e.code, int):
                print(e.code, file=sys.stderr)
        atexit._run_exitfuncs()
    except BaseException:  # as the interpreter would: the traceback, status 1
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code if isinstance(code, int) else 1)


if __name__ == "__main__":
    main()
