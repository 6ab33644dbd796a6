"""The README is the player's manual: it opens with the two set-up commands and keeps the
manual's sections; how the code is laid out and the measured figures live in docs/, each
pointed to from the README (issue 24)."""

from testkit import ROOT

README = (ROOT / "README.md").read_text()
ARCHITECTURE = ROOT / "docs" / "dev" / "architecture.md"
MEASUREMENTS = ROOT / "docs" / "measurements.md"


def test_the_readme_opens_with_the_two_set_up_commands():
    assert README.startswith(
        "# Spoken Cribbage\n\nSet up on a fresh Debian or Ubuntu machine, from this folder:\n\n```sh\n./play.sh "
    )
    fence = README.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert [line.split()[0] for line in fence] == ["./play.sh", "./test.sh"]


def test_the_readme_keeps_the_players_manual():
    headings = [line for line in README.splitlines() if line.startswith("## ")]
    for section in ("## Set-up on Windows, macOS and other systems", "## Playing", "## Other commands"):
        assert section in headings


def test_the_architecture_and_the_figures_are_in_docs_and_pointed_to():
    architecture, measurements = ARCHITECTURE.read_text(), MEASUREMENTS.read_text()
    assert "`docs/dev/architecture.md`" in README and "`docs/measurements.md`" in README
    # the package map and the figures' tables are there, not in the manual
    assert "  words/       every sentence" in architecture and "words/       every" not in README
    for table in (
        "## Rules and scoring",
        "## The computer opponent",
        "## More players",
        "## The console and speech",
        "## Nothing lost",
        "## Voice commands",
    ):
        assert table in measurements
    for figure in ("12,994,800", "Pairing (seat 0 vs seat 1)", "SIGKILLs survived", "wrong plays or discards |"):
        assert figure in measurements and figure not in README, figure
