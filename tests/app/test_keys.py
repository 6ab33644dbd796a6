"""The key model at the seat: digits, arrows, Space, Enter and Escape choose and act on cards;
letters are shortcuts; the game always says what comes next."""

import random

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.speech.base import RecordingSpeaker
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage.settings import Settings
from testkit.seated import after, make


def test_digits_mark_unmark_and_enter_confirms_the_discard():
    s, out = make()
    hand = list(s.table.game.hands[0])
    assert after(out, lambda: s.key("1")) == [f"{hand[0].name.capitalize()} chosen; choose one more."]
    assert after(out, lambda: s.key("1")) == [f"{hand[0].name.capitalize()} no longer chosen; choose 2 more."]
    s.key("1")
    assert after(out, lambda: s.key("3")) == [f"Lay away the {hand[0].name} and {hand[2].name}? Enter to confirm."]
    assert s.voice_context().phase == "question"
    assert after(out, lambda: s.key("4"))[0].startswith("You have already chosen the ")
    assert s.table.game.phase == g.DISCARD
    lines = after(out, s.enter)
    assert lines[0] == f"You lay away the {hand[0].name} and {hand[2].name}."
    assert s.table.game.phase in (g.PLAY, g.DEAL_OVER, g.GAME_OVER)


def test_escape_unmarks_then_silences():
    s, out = make()
    s.key("2")
    assert after(out, s.escape) == ["Choice cleared: choose 2 cards."]
    assert s.hand_view.marked == []
    # with speech off there is nothing to silence: Escape says so, as x does
    assert after(out, s.escape) == ["Speech is off: there is nothing to silence."]
    spoken = RecordingSpeaker()
    s, out = make(speaker=spoken)
    assert after(out, s.escape) == [] and spoken.stopped  # silence says nothing


def test_a_voice_player_confirms_with_yes():
    s, out = make()
    s.listen_toggle = lambda: None
    s.command("discard card one")
    assert after(out, lambda: s.command("discard card two"))[0].endswith("Enter or say yes to confirm.")
    s.command("yes")
    assert s.table.game.phase != g.DISCARD


def test_play_by_digit_keeps_the_numbers_the_player_heard():
    s, out = make()
    s.key("1"), s.key("2"), s.enter()
    assert s.table.game.phase == g.PLAY
    # cards 1 and 2 went to the crib: their numbers are not given to other cards
    assert after(out, lambda: s.key("1"))[0].startswith("Card 1, the ")
    assert "is in the crib" in out[-1]
    hand_before = list(s.table.game.hands[0])
    playable = s.table.game.playable(0)
    n = s.hand_view.numbering.index(playable[0]) + 1
    s.key(str(n))
    assert playable[0] not in s.table.game.hands[0]
    assert len(s.table.game.hands[0]) == len(hand_before) - 1
    held = s.hand_view.held_positions(s.table.game.observation(s.me).hand)
    assert after(out, lambda: s.key(str(n)))[0].endswith(
        "is already played. Your cards are numbered "
        + ", ".join(str(p + 1) for p in held[:-1])
        + (" and " if len(held) > 1 else "")
        + str(held[-1] + 1)
        + "."
    )


def test_arrows_walk_the_hand_and_space_plays():
    s, out = make()
    s.key("1"), s.key("2"), s.enter()
    first = s.hand_view.numbering[2]
    line = after(out, lambda: s.move("home"))[0]
    assert line.startswith(f"{first.name.capitalize()}, card 3")
    assert line.endswith(("playable.", "not playable."))
    right = after(out, lambda: s.move("right"))[0]
    assert right.startswith(f"{s.hand_view.numbering[3].name.capitalize()}, card 4")
    assert after(out, lambda: s.move("left"))[0] == line
    end = after(out, lambda: s.move("end"))[0]
    assert end.startswith(f"{s.hand_view.numbering[5].name.capitalize()}, card 6")
    assert after(out, lambda: s.move("right"))[0] == end  # stays on the last card
    card = s.hand_view.numbering[5]
    if card in s.table.game.playable(0):
        s.space()
        assert card not in s.table.game.hands[0]


def test_enter_starts_the_next_deal_and_says_what_comes_next_at_the_end():
    s, out = make(seed=8)
    rng = random.Random(0)
    for _ in range(3000):
        gm = s.table.game
        if gm.phase == g.GAME_OVER:
            break
        if gm.phase == g.DISCARD:
            s.key("1"), s.key("2"), s.enter()
        elif gm.phase == g.PLAY:
            card = rng.choice(gm.playable(0))
            s.key(str(s.hand_view.numbering.index(card) + 1))
        else:
            assert out[-1].endswith("Press Enter to go on.") or "Enter" in out[-1]
            s.enter()
    assert s.table.game.phase == g.GAME_OVER
    assert out[-1] == "Press n for a new game or q to leave."
    assert sum(line.startswith("Final score") for line in out) <= 1
    assert s.voice_context().phase == "over"


def test_n_starts_a_new_game_and_q_leaves_without_keeping():
    made = []

    def factory():
        gm = g.Game(seed=99)
        made.append(gm)
        return gm, {1: RandomPlayer(random.Random(2))}

    s, out = make(hooks=SeatHooks(new_game=factory))
    assert after(out, lambda: s.key("n")) == ["The key n does nothing here. Press question mark for help."]
    s.finished = True
    s.table.game.phase = g.GAME_OVER
    s.table.forget()  # (changed behind the table: its observations are built afresh)
    lines = after(out, lambda: s.key("n"))
    assert made and s.table.game is made[0] and not s.finished
    assert lines[0].startswith("New game to 121 points")
    s.finished = True
    s.table.game.phase = g.GAME_OVER
    s.table.forget()  # (changed behind the table: its observations are built afresh)
    assert after(out, lambda: s.key("q")) == ["Goodbye."]
    assert s.quit


def test_ctrl_c_twice_quits_at_once_and_keeps_the_game():
    s, out = make()
    assert after(out, s.interrupt)[0].startswith("Quit the game?")
    assert after(out, s.interrupt) == ["Goodbye. Your game is kept."]
    assert s.quit


def test_unassigned_key_and_l_without_voice_say_so_in_one_line():
    s, out = make()
    assert after(out, lambda: s.key("z")) == ["The key z does nothing here. Press question mark for help."]
    assert after(out, lambda: s.key("l")) == ["Voice commands are off: start the game with --voice auto to use them."]


def test_help_lists_the_keys_of_this_phase_slash_and_arrows():
    s, out = make()
    lines = after(out, lambda: s.key("?"))
    text = " ".join(lines)
    assert lines[0].startswith("Lay away 2 cards: press their numbers")
    for piece in ("c the count", "s scores", "q quit", "Slash opens a command line", "arrows"):
        assert piece in text
    assert "voice on or off" not in text
    s.listen_toggle = lambda: None
    assert "l voice on or off" in " ".join(after(out, lambda: s.key("?")))


def test_milestones_come_before_the_prompt():
    def on_change(session, events):
        session.output.say(
            [__import__("spoken_cribbage.words.announce", fromlist=["Line"]).Line.same("Your best hand yet.")],
            priority=Priority.NORMAL,
        )

    s, out = make(hooks=SeatHooks(on_change=on_change))
    assert out[-2] == "Your best hand yet."
    assert out[-1].startswith("Your turn")


def test_resumed_between_deals_says_whose_deal_and_enter():
    s, out = make(seed=8)
    s.key("1"), s.key("2"), s.enter()
    while s.table.game.phase == g.PLAY:
        s.key(str(s.hand_view.numbering.index(s.table.game.playable(0)[0]) + 1))
    assert s.table.game.phase == g.DEAL_OVER
    out2 = []
    r = local_session(s.table.game, settings=Settings(), write=out2.append, opponents=s.table.opponents)
    r.start(resumed=True)
    assert out2[0].startswith("Game resumed. You ")
    assert out2[-1] in (
        "Next: your deal. Press Enter for the next deal.",
        "Next: Computer's deal. Press Enter for the next deal.",
    )
    assert not any("crib" in line for line in out2)


def test_u_undoes_a_play_while_nothing_new_was_seen_and_says_why_not_otherwise():
    from spoken_cribbage.ai.players import make_player

    s = local_session(
        g.Game(seed=7),
        settings=Settings(),
        write=(out := []).append,
        opponents={1: make_player("expert", random.Random(1))},
    )
    s.start()
    assert after(out, lambda: s.key("u")) == ["You can't undo: there is nothing to undo."]
    s.command("1 2")
    assert after(out, lambda: s.key("u")) == ["You can't undo: the starter has been cut."]
    undone = None
    for _ in range(8):
        if s.table.game.phase != g.PLAY:
            break
        card = s.table.game.observation(s.me).playable[0]
        before = (list(s.table.game.hands[0]), s.table.game.count, list(s.table.game.scores))
        s.key(str(s.hand_view.numbering.index(card) + 1))
        if s.table.game.can_undo(0) is None:
            lines = after(out, lambda: s.key("u"))
            assert lines[0] == f"Undone: you take back the {card.name}."
            assert lines[-1].startswith("Your turn")
            assert (list(s.table.game.hands[0]), s.table.game.count, list(s.table.game.scores)) == before
            undone = card
            break
    assert undone is not None, "seed 7 has a play that can be taken back"


def test_s_twice_in_a_row_reads_the_pegboard():
    """S says the scores; S again at once adds each side's front and back peg and what the
    side's last score was worth; anything said between starts again from the scores."""
    s, out = make()
    assert after(out, lambda: s.key("s")) == ["You 0, 121 to go; Computer 0, 121 to go."]
    assert after(out, lambda: s.key("s")) == [
        "Your pegs are both on 0: nothing pegged yet.",
        "Computer's pegs are both on 0: nothing pegged yet.",
    ]
    # a game with points on the board: each side's back peg is its score before its last points
    gm = g.Game(seed=11, scores=(80, 88))
    gm.scores, gm.back_pegs = [86, 90], [80, 88]
    s2 = local_session(gm, settings=Settings(), write=out.append, opponents={1: RandomPlayer(random.Random(1))})
    s2.start()
    assert after(out, lambda: s2.key("s")) == ["You 86, 35 to go; Computer 90, 31 to go."]
    assert after(out, lambda: s2.key("s")) == [
        "Your front peg is on 86, your back peg on 80: you last pegged 6.",
        "Computer's front peg is on 90, its back peg on 88: Computer last pegged 2.",
    ]
    assert after(out, lambda: s2.key("s")) == ["You 86, 35 to go; Computer 90, 31 to go."]
    s2.key("c")  # another answer between: the next S is the first again
    assert after(out, lambda: s2.key("s")) == ["You 86, 35 to go; Computer 90, 31 to go."]
    assert len(after(out, lambda: s2.command("scores"))) == 2  # typed, the same


def test_the_observation_knows_the_back_pegs():
    gm = g.Game(seed=3)
    while not any(isinstance(e, g.Scored) for e in gm.events):
        gm.apply(random.Random(len(gm.actions)).choice(gm.legal_actions()))
    last = [e for e in gm.events if isinstance(e, g.Scored)][-1]
    obs = gm.observation(0)
    assert obs.back_pegs[last.side] == last.back_peg and obs.scores[last.side] == last.front_peg


def test_every_key_answers_f1_helps_up_and_down_walk_the_lines_others_say_they_do_nothing():
    s, out = make()
    assert after(out, lambda: s.key("f1")) == after(out, lambda: s.key("?"))
    s, out = make()
    s.key("c")
    up = after(out, lambda: s.key("up"))
    assert up[0].startswith("Earlier: ")
    s2, out2 = make()
    s2.key("c")
    assert after(out2, lambda: s2.key("[")) == up
    assert after(out, lambda: s.key("down")) == after(out2, lambda: s2.key("]"))
    for key, said in (
        ("tab", "Tab"),
        ("delete", "Delete"),
        ("s-tab", "Shift Tab"),
        ("f5", "F5"),
        ("c-a", "Control A"),
        ("backspace", "Backspace"),
    ):
        assert after(out, lambda key=key: s.key(key)) == [f"{said} does nothing here. Press question mark for help."], (
            key
        )
    help_text = " ".join(after(out, lambda: s.key("f1")))
    assert "Up and Page Up are like left bracket." in help_text
    assert "Down and Page Down are like right bracket." in help_text
    assert "F1 is like question mark." in help_text


def test_x_with_speech_off_says_speech_is_off():
    s, out = make()
    assert after(out, lambda: s.key("x")) == ["Speech is off: there is nothing to silence."]
    spoken = RecordingSpeaker()
    s, out = make(speaker=spoken)
    assert after(out, lambda: s.key("x")) == [] and spoken.stopped


def test_backspace_takes_back_a_digit_of_the_count_being_typed():
    from dataclasses import replace

    from spoken_cribbage.engine.rules import Rules

    out: list[str] = []
    gm = g.Game(rules=replace(Rules(), counting="manual"), seed=11)
    s = local_session(
        gm, settings=Settings(counting="manual"), write=out.append, opponents={1: RandomPlayer(random.Random(1))}
    )
    s.start()
    s.key("1"), s.key("2"), s.enter()
    while not s.count_due():  # play the cards that fit until the player's count is due
        assert s.table.game.phase == g.PLAY
        s.do(g.Play(s.me, s.table.game.observation(s.me).playable[0]))
    s.key("1"), s.key("2")
    assert after(out, lambda: s.key("backspace")) == ["Your count: 1."]
    assert after(out, lambda: s.key("backspace")) == ["Count cleared: type it again."]
    assert after(out, lambda: s.key("backspace")) == ["No digit to take back: type your count, then Enter."]
    assert s.hand_view.count_typed == ""
