"""The architecture holds: lower layers never import upper ones and the modules of a package
form no import cycle (import-linter's contracts in pyproject.toml), and the README's library
examples run as written."""

import doctest
import subprocess
import sys
from pathlib import Path

from testkit import ROOT


def test_the_import_contracts_are_kept():
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert {"layers", "acyclic_siblings"} <= {c["type"] for c in contracts}
    lint = Path(sys.executable).parent / "lint-imports"
    res = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    assert f"Contracts: {len(contracts)} kept, 0 broken." in res.stdout


def test_app_has_a_layer_contract_that_places_every_module():
    # inside app the command line, the commands, the front ends, the session and the seat are
    # layers (issue 24); exhaustive, so a new module of app must be placed in one
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    app = [c for c in contracts if c["type"] == "layers" and c.get("containers") == ["spoken_cribbage.app"]]
    assert len(app) == 1 and app[0].get("exhaustive") is True
    order = [name.strip() for layer in app[0]["layers"] for name in layer.replace(":", "|").split("|")]
    for upper, lower in (
        ("cli", "play"),
        ("play", "console"),
        ("console", "session"),
        ("session", "seat"),
        ("seat", "output"),
    ):
        assert order.index(upper) < order.index(lower), (upper, lower)


def test_the_readme_examples_run():
    # the code fences end an example's expected output, as a blank line would
    text = "\n".join("" if line.startswith("```") else line for line in (ROOT / "README.md").read_text().splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.tries >= 3 and runner.failures == 0


def test_the_public_api_keeps_working():
    import spoken_cribbage
    from spoken_cribbage import parse_card, parse_cards, score_hand, score_play
    from spoken_cribbage.ai import make_player

    assert score_hand(parse_cards("5H 5C 5S JD"), parse_card("5D")).total == 29
    assert score_play(parse_cards("8S 6D"), parse_card("7H")).points == 3
    assert callable(make_player)
    assert (Path(spoken_cribbage.__file__).parent / "py.typed").exists()


def test_the_module_examples_run():
    # every docstring example in the package runs as written (they are the quickest documentation)
    import importlib
    import pkgutil

    import spoken_cribbage

    tried = 0
    for info in pkgutil.walk_packages(spoken_cribbage.__path__, "spoken_cribbage."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
        assert result.failed == 0, info.name
        tried += result.attempted
    assert tried >= 20
