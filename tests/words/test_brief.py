"""Fewer words where they repeat (issue 25 item 4): the ``brief`` setting's parts at normal
verbosity (discard, suits, starter, scores), kept like the other settings, every fact still
reachable; and the a key, the last show again a hand a press, its place kept across keys."""

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.storage.settings import SettingError, Settings, brief_parts
from spoken_cribbage.vocabulary import key_command
from spoken_cribbage.words.announcer import Announcer
from spoken_cribbage.words.commands import key_lines
from testkit.seated import after, make


def seat(brief="off", seed=3, verbosity="normal"):
    return make(seed, settings=Settings(brief=brief, verbosity=verbosity))


def play_out(s):
    """Play the player's cards lowest first until the deal's show is over."""
    while s.table.game.phase == g.PLAY and s.table.game.to_act == 0:
        p = s.table.game.playable(0)
        s.command(f"play {min(p, key=lambda c: c.value).short}" if p else "go")


def test_the_setting_takes_off_on_or_parts_and_is_kept(tmp_path):
    assert Settings().brief == "off"
    assert Settings().changed("brief", "scores suits").brief == "suits,scores"
    assert Settings().changed("brief", "all").brief == "on"
    assert Settings().changed("brief", "discard, suits, starter, scores").brief == "on"
    with pytest.raises(SettingError):
        Settings().changed("brief", "colours")
    with pytest.raises(SettingError):
        Settings(brief="suits,colours").validate()
    assert brief_parts("on") == frozenset(settings_mod.BRIEF_PARTS)
    assert brief_parts("off") == frozenset()
    path = tmp_path / "settings.toml"
    assert settings_mod.save_changed("brief", "starter,scores", path) is None
    assert settings_mod.load(path)[0].brief == "starter,scores"


def test_brief_typed_in_the_game_changes_what_is_said_at_once(home):
    s, out = seat()
    s.command("brief scores")
    assert s.settings.brief == "scores" and s.announcer.brief == {"scores"}


def test_scores_are_said_once_at_the_end_of_the_play_and_stay_on_s():
    s, out = seat("scores")
    n = len(out)
    s.command("1 2")
    play_out(s)
    said = out[n:]
    end = (
        said.index("The starter: king of hearts.")
        if "The starter: king of hearts." in said
        else next(i for i, text in enumerate(said) if text.startswith("Computer's hand:"))
    )
    in_play = said[:end]
    scores = [line for line in in_play if line.startswith("You ") and ", Computer " in line and "play" not in line]
    assert len(scores) == 1 and in_play[-1] == scores[0]  # once, as the play ends
    assert any("for two" in line or "One for" in line for line in in_play)  # points were pegged
    # the default says the score after every peg
    d, dout = seat()
    m = len(dout)
    d.command("1 2")
    play_out(d)
    assert sum(1 for line in dout[m:] if line.startswith("You ") and ", Computer " in line) > 4
    assert scores[0] in dout[m:]
    assert after(out, lambda: s.key("s"))[0].startswith("You ")


def test_the_starter_is_named_once_at_the_start_of_the_show():
    s, out = seat("starter", verbosity="coach")
    s.command("1 2")
    play_out(s)
    first = next(i for i, text in enumerate(out) if text.startswith("Computer's hand: "))
    assert out[first - 1] == "The starter: king of hearts."
    assert out.count("The starter: king of hearts.") == 1
    assert not any(", with the king of hearts" in line for line in out)
    # the coach's default names it with every hand
    d, dout = seat(verbosity="coach")
    d.command("1 2")
    play_out(d)
    assert sum(", with the king of hearts." in line for line in dout) == 3


def test_a_hand_of_one_suit_names_the_suit_once():
    ev = g.HandShown(
        seat=0,
        side=0,
        is_crib=False,
        cards=tuple(parse_cards("AC 2C 3C 5C")),
        starter=parse_cards("KH")[0],
        total=11,
        items=(),
    )
    brief = Announcer(brief=frozenset({"suits"}))
    assert brief._shown(ev)[0].text == "Your hand: ace, two, three and five of clubs."
    assert Announcer()._shown(ev)[0].text == (
        "Your hand: ace of clubs, two of clubs, three of clubs and five of clubs."
    )
    mixed = g.HandShown(
        seat=0,
        side=0,
        is_crib=False,
        cards=tuple(parse_cards("AC 2C 3C 5H")),
        starter=parse_cards("KH")[0],
        total=0,
        items=(),
    )
    assert brief._shown(mixed)[0].text == ("Your hand: ace of clubs, two of clubs, three of clubs and five of hearts.")
    terse = Announcer(verbosity="terse", brief=frozenset({"suits"}))
    assert terse._shown(ev)[0].text == Announcer(verbosity="terse")._shown(ev)[0].text


def test_a_confirmed_discard_is_not_named_again_and_the_question_stays_in_history():
    s, out = seat("discard")
    hand = list(s.table.game.hands[0])
    s.key("1")
    question = after(out, lambda: s.key("3"))
    assert question == [f"Lay away the {hand[0].name} and {hand[2].name}? Enter to confirm."]
    assert after(out, s.enter)[0] == "Laid away."
    earlier = [line for _ in range(12) for line in after(out, lambda: s.key("["))]
    assert f"Earlier: {question[0]}" in earlier  # [ reaches the question that named them
    # typed by number, no question named them: the line names them
    t, tout = seat("discard")
    assert after(tout, lambda: t.command("1 2"))[0] == "You lay away the ace of clubs and two of clubs."


def test_the_a_key_reads_the_last_show_a_hand_a_press_across_other_keys():
    assert key_command("a", "show") == "recount" and key_command("a", "play") == "recount"
    assert any("a the last show again, a hand a press" in line for line in key_lines("show"))
    s, out = seat()
    assert after(out, lambda: s.key("a")) == ["No show yet in this game."]
    s.command("1 2")
    play_out(s)
    shown = out.index(next(line for line in out if line.startswith("Computer's hand: ")))
    first = after(out, lambda: s.key("a"))
    assert first[0] == "Show, 1 of 3, with the king of hearts:"
    assert first[1:] == out[shown : shown + len(first) - 1]  # as it was said
    s.key("s"), s.key("c"), s.key("r")  # other keys lose nothing
    second = after(out, lambda: s.key("a"))
    assert second[0] == "Show, 2 of 3, with the king of hearts:"
    assert second[1].startswith("Your hand: ")
    third = after(out, lambda: s.key("a"))
    assert third[1].startswith("Your crib: ")
    assert after(out, lambda: s.key("a")) == ["That was the whole show. Press a again to hear it from the start."]
    assert after(out, lambda: s.key("a"))[0] == "Show, 1 of 3, with the king of hearts:"


def test_brief_parts_typed_as_words_and_said_as_a_list():
    """'brief discard suits' (words, as a player says them) sets two parts, like
    'brief discard,suits'; the setting is said 'discard and suits', not with a comma."""
    from spoken_cribbage.vocabulary import VoiceContext, parse_command
    from spoken_cribbage.words.seat import setting_shown

    ctx = VoiceContext("play")
    for typed in ("brief discard suits", "brief discard and suits", "brief discard, suits"):
        c = parse_command(typed, ctx)
        assert (c.verb, c.value) == ("brief", "discard,suits"), typed
    assert setting_shown("brief", "discard,suits") == "discard and suits"
    assert setting_shown("brief", "starter,scores,suits") == "starter, scores and suits"
    assert setting_shown("brief", "on") == "on"
    from spoken_cribbage.storage.settings import Settings, describe
    from spoken_cribbage.words.notices import phrase

    listed = [phrase(n) for n in describe(Settings(brief="discard,suits"))]
    assert "Brief: discard and suits." in listed
