"""A sample of bench/cli_fuzz.py in the suite: random command lines, drawn from the program's own
parser, to the real `spoken-cribbage`; none may show a traceback or die of a signal."""

import random
from concurrent.futures import ThreadPoolExecutor

from testkit import cli_fuzz_support as cf


def test_the_generator_reaches_every_command_and_option():
    tree = cf.command_tree()
    rng = random.Random(1)
    seen_commands, seen_options = set(), set()
    for _ in range(3000):
        argv = cf.random_argv(tree, rng)
        if argv and argv[0] in tree.subcommands:
            seen_commands.add(argv[0])
            seen_options.update((argv[0], a.split("=")[0]) for a in argv if a.startswith("--"))
    assert seen_commands == set(tree.subcommands)
    every = {
        (name, s) for name, c in tree.subcommands.items() for o in c.options for s in o.strings if s.startswith("--")
    }
    assert len(every & seen_options) > 0.9 * len(every)


def test_random_command_lines_never_show_a_traceback(tmp_path):
    tree = cf.command_tree()
    rng = random.Random(2023)
    cases = [(cf.random_argv(tree, rng), cf.random_stdin(rng)) for _ in range(8)]

    def run(k):
        folder = tmp_path / f"w{k}"
        folder.mkdir()
        return [cf.run_one(argv, stdin, folder, timeout=60) for argv, stdin in cases[k::2]]

    with ThreadPoolExecutor(2) as pool:
        results = [r for rs in pool.map(run, range(2)) for r in rs]
    bad = [(r.argv, r.returncode, r.output[-800:]) for r in results if not cf.passed(r)]
    assert not bad
    assert len(results) == 8
