"""Every large module is split by concern (issue 24): no module of the package is over 600
lines, but the ones listed here, not split yet (the list may only shrink), and the voice
issue's files (voice/ and words/voice.py, worked on beside issue 24)."""

from testkit import ROOT

LIMIT = 600
#: Not split yet: remove a file from here once it is under the limit.
NOT_SPLIT_YET: set[str] = set()
#: The voice issue's files.
VOICE = ("spoken_cribbage/voice/", "spoken_cribbage/words/voice.py")


def test_no_module_is_over_600_lines():
    checked, over = 0, []
    for path in sorted((ROOT / "spoken_cribbage").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in NOT_SPLIT_YET or name.startswith(VOICE):
            continue
        checked += 1
        lines = len(path.read_text().splitlines())
        if lines > LIMIT:
            over.append((name, lines))
    assert checked > 50
    assert over == []


#: The seat's facade (issue 24 item 3): it composes the stages of app/seat; new logic goes into
#: a stage, not here.
FACADE = "spoken_cribbage/app/session.py"
FACADE_LIMIT = 300


def test_the_seats_facade_stays_under_300_lines():
    lines = len((ROOT / FACADE).read_text().splitlines())
    assert lines < FACADE_LIMIT, f"{FACADE} has {lines} lines: move the new logic into a stage"
