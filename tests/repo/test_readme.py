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


def _section(heading: str) -> str:
    return README.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


def _letter_keys(text: str) -> set[str]:
    """The single-letter keys of the first key table in ``text`` (its rows '| c | ...')."""
    return {
        cells[1].strip()
        for line in text.splitlines()
        if len(cells := line.split("|")) > 2 and len(cells[1].strip()) == 1
    }


def test_the_readme_says_the_set_up_and_the_keys_in_each_language():
    """Issue 27 item 7: a section in French, simplified and traditional Chinese with the two
    set-up commands and the same single-letter keys as the English key table."""
    english = _letter_keys(_section("## Playing").split("\n\n| key |", 1)[1].split("\n\n", 1)[0])
    assert {"c", "s", "q", "j"} <= english
    for heading, language in (("## En français", "fr"), ("## 简体中文", "zh-Hans"), ("## 繁體中文", "zh-Hant")):
        section = _section(heading)
        fence = section.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
        assert len(fence) == 2 and fence[0].split()[:3] == ["./play.sh", "--language", language]
        assert fence[1].split()[0] == "./test.sh"
        assert _letter_keys(section) == english, heading
