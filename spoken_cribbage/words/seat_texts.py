"""The sentences of one seat at the table (words/seat.py says them), on the catalogue
(:mod:`spoken_cribbage.words.catalogue`): answers to keys, choices of cards, refusals,
questions, the flow of the game, settings changed and the cues command. A card or cards named
with their article ({card}, {cards}: 'the five of hearts') come from words.lines.the_card.
"""

from __future__ import annotations

from spoken_cribbage.words.catalogue import Message

M = Message

#: The seat's messages by their name (``phrase("key_unassigned", key="z")``); the code in the
#: catalogue is ``seat.`` and the name.
MESSAGES: dict[str, Message] = {
    # keys and questions
    "key_unassigned": M(
        "The key {key} does nothing here. Press question mark for help.",
        "a letter key that does nothing at this moment; {key} is the key as typed",
    ),
    "named_key_unassigned": M(
        "{key} does nothing here. Press question mark for help.",
        "a named key (Tab, F5) that does nothing at this moment; {key} is its name",
    ),
    "speech_off_silence": M(
        "Speech is off: there is nothing to silence.", "x (silence) pressed while the game does not speak"
    ),
    "count_no_digit": M(
        "No digit to take back: type your count, then Enter.",
        "Backspace while counting a hand, with no digit typed yet",
    ),
    "press_y_or_n": M("Please press y for yes or n for no.", "another key pressed while a yes-or-no question waits"),
    "answer_y_or_n": M(
        "Please answer y for yes or n for no.", "a typed line that is not y or n while a yes-or-no question waits"
    ),
    "no_question_yes": M("There is no question to answer yes to.", "y pressed with no question open"),
    "no_question_no": M("There is no question to answer no to.", "n pressed with no question open"),
    "nothing_to_repeat": M("Nothing to repeat yet.", "r (repeat) before anything was said"),
    "no_earlier_lines": M("No earlier lines.", "left bracket (earlier lines) with nothing said yet"),
    "first_line": M("That is the first line.", "left bracket at the first line of the history"),
    "latest_line": M("That is the latest line.", "right bracket at the latest line of the history"),
    "earlier": M("Earlier: {text}", "a line said again by the brackets; {text} is the line as it was said"),
    "no_hint": M("No hint right now.", "i (a hint) when there is no move to advise"),
    # the a key: the last show again, a hand a press (app.show_reader)
    "show_part": M(
        "Show, {part} of {parts}, with {starter}:",
        "a (the last show again): the head of one hand's count; {part} of {parts} hands, "
        "{starter} the starter with its article",
    ),
    "show_none": M("No show yet in this game.", "a (the last show again) before any show in this game"),
    "show_end": M(
        "That was the whole show. Press a again to hear it from the start.",
        "a pressed after the last hand of the show was said again",
    ),
    "voice_off": M(
        "Voice commands are off: start the game with --voice auto to use them.",
        "the listen key with voice commands off (the option stays English)",
    ),
    "voice_check_unavailable": M(
        "The voice check is not available here.", "the voice check asked for where it cannot run"
    ),
    "command_line": M("Command.", "slash pressed: the command line opens"),
    "command_cancelled": M("Cancelled.", "Escape on the command line"),
    "command_empty": M("Cancelled: the command line was empty.", "Enter on an empty command line"),
    # Ctrl-Z (or SIGTSTP): the game stops and the shell is back; fg brings the game back
    "suspended": M(
        "Suspended. Type fg to come back to the game.",
        "Ctrl-Z: the game stops and the shell is back (fg is the shell's command)",
    ),
    "back_from_suspend": M("Back to the game.", "the game back after fg"),
    "suspend_refused": M(
        "Ctrl-Z cannot suspend the game here: nothing could bring it back. Press q to quit.",
        "Ctrl-Z where the game could not be brought back (no job control)",
    ),
    # the same outside the game's key loop (the resume question, review, practice)
    "suspended_here": M(
        "Suspended. Type fg to come back.", "Ctrl-Z outside the game's keys (the resume question, review, practice)"
    ),
    "back_here": M("Back.", "back after fg, outside the game's keys"),
    "suspend_refused_here": M(
        "Ctrl-Z cannot suspend here: nothing could bring it back.", "Ctrl-Z refused outside the game's keys"
    ),
    "line_too_long": M(
        "That line was too long, over {most} characters: nothing was done.",
        "a typed line over the limit; {most} is the number of characters",
    ),
    "line_full": M(
        "The command line is full: {most} characters. The rest is left out; Enter drops the line, Escape cancels it.",
        "the command line reached its limit; {most} is the number of characters",
    ),
    "key_error": M(
        "Something went wrong with that key: {error}.",
        "a fault while a key was handled; {error} is the error's own text",
    ),
    "input_ended": M("Input ended.", "the input (a pipe or the terminal) ended"),
    "input_ended_kept": M("Input ended. The game is kept.", "the input ended; the game is saved to resume"),
    # the flow of the game
    "resumed": M("Game resumed. {scores}", "a saved game resumed; {scores} is the scores line"),
    "resumed_next_deal": M(
        "Next: your deal. Press Enter for the next deal.", "a saved game resumed between deals, the player deals next"
    ),
    "resumed_next_deal_other": M(
        "Next: {who}'s deal. Press Enter for the next deal.", "a saved game resumed between deals; {who} deals next"
    ),
    "game_over_prompt": M("Press n for a new game or q to leave.", "the prompt after the game's last line"),
    "game_over": M("The game is over. Press n for a new game or q to leave.", "a move tried after the game ended"),
    "deal_not_over": M(
        "The deal is not over. {turn}", "Enter (next deal) before the deal is over; {turn} is whose turn"
    ),
    "new_game_not_yet": M(
        "A new game can start when this one is over; q quits and keeps this one.", "n (new game) during a game"
    ),
    "new_game_unavailable": M(
        "A new game cannot start here. Press q to leave.", "n (new game) where no new game can start (a shared table)"
    ),
    "quit_kept": M(
        "Quit the game? It is kept, and you can resume it later. Press y or n.",
        "q: the question before quitting a game that is saved",
    ),
    "quit_seeded": M(
        "Quit the game? This seeded game is for this run only. Press y or n.",
        "q: the question before quitting a game started with --seed (not saved)",
    ),
    "goodbye_kept": M("Goodbye. Your game is kept.", "the last line on quitting; the game is saved"),
    "goodbye": M("Goodbye.", "the last line on quitting"),
    "back_to_game": M("Back to the game.", "n answered to the quit question"),
    # cards chosen by number, arrows, Space
    "no_card_to_choose": M("There is no card to choose now.", "a digit or arrow when no card can be chosen"),
    "no_cards_to_choose": M(
        "There are no cards to choose now. {turn}", "Space or Enter when no card can be chosen; {turn} is whose turn"
    ),
    "no_cards_in_hand": M("You have no cards in hand.", "the player's hand asked for with no cards in it"),
    "no_cards_left": M("You have no cards left in your hand.", "a card's number pressed with no cards left"),
    "card_in_crib": M(
        "Card {n}, {card}, is in the crib. Your cards are {numbers}.",
        "a card's number pressed for a card laid in the crib; {card} with its article, "
        "{numbers} the numbers still held",
    ),
    "card_played": M(
        "Card {n}, {card}, is already played. Your cards are {numbers}.",
        "a card's number pressed for a card already played; {card} with its article",
    ),
    "no_such_card": M(
        "There is no card {n}. Your cards are {numbers}.",
        "a number pressed that is no card of the hand; {numbers} the numbers held",
    ),
    "choose_first": M(
        "Choose {more} first, or press Escape.",
        "Enter in the discard before enough cards are chosen; {more} is how many more",
    ),
    "chosen": M(
        "{Card} chosen; choose {more}.",
        "a card chosen for the crib; {Card}/{card} its name without article, {more} how many more",
    ),
    "unchosen": M(
        "{Card} no longer chosen; choose {more}.",
        "a chosen card chosen again, no longer chosen; {Card}/{card} its name",
    ),
    "already_chosen_card": M(
        "{Card} is already chosen; choose {more} or press Escape.",
        "a card chosen again in the discard; {Card}/{card} its name with the article",
    ),
    "already_chosen": M(
        "You have already chosen {cards}; choose {more} or press Escape.",
        "a card typed while others are chosen; {cards} the cards chosen, with the article",
    ),
    "already_chosen_all": M(
        "You have already chosen {cards}: press Enter to lay them away, or Escape to choose again.",
        "another card chosen when enough are chosen; {cards} with the article",
    ),
    "confirm_discard": M(
        "Lay away {cards}? Enter to confirm.",
        "the question when the cards to lay away are chosen; {cards} with the article",
    ),
    "confirm_discard_voice": M(
        "Lay away {cards}? Enter or say yes to confirm.",
        "the question when the cards to lay away are chosen, voice commands on ('yes' stays English)",
    ),
    "choice_cleared": M(
        "Choice cleared: choose {count}.", "Escape in the discard: the choice cleared; {count} as '2 cards'"
    ),
    # a voice command heard, but not surely: the question asked first (words.voice asks it)
    "voice_no_play": M("Not played: say the card again, or press its number.", "a doubtful spoken 'play' answered no"),
    "voice_no_discard": M(
        "Not discarded: say the card again, or press its number.", "a doubtful spoken 'discard' answered no"
    ),
    "voice_no_other": M(
        "Nothing done: say it again, or press question mark for help.", "a doubtful spoken command answered no"
    ),
    "voice_stale_play": M(
        "Not played: the game moved on since the question. {turn}",
        "a spoken 'play' confirmed after the game moved on; {turn} is whose turn",
    ),
    "voice_stale_discard": M(
        "Not discarded: the game moved on since the question. {turn}",
        "a spoken 'discard' confirmed after the game moved on",
    ),
    "voice_stale_other": M(
        "Nothing done: the game moved on since the question. {turn}",
        "a spoken command confirmed after the game moved on",
    ),
    "nothing_to_cancel": M("Nothing to cancel.", "Escape with nothing to cancel"),
    # refusals
    "not_your_turn": M("Wait: it is not your turn.", "a card played on another player's turn"),
    "no_go_now": M("There is no go now. {turn}", "go said when there is no play; {turn} is whose turn"),
    "cannot_go": M(
        "You can't say go: you can play {cards}.",
        "go said while a card fits; {cards} the cards that fit, with the article, joined by 'or'",
    ),
    "not_in_hand": M(
        "You don't have {card}. {hand}",
        "a card named that the player does not hold; {card} with its article, {hand} the cards held (you_hold)",
    ),
    "you_hold": M("You hold {cards}.", "the cards held, after a refusal; {cards} with the article"),
    "play_before_discard": M(
        "You can't play yet: first lay away {count} for the crib.",
        "a card played before the discard; {count} as '2 cards'",
    ),
    "play_waits_for_crib": M(
        "You can't play yet: the play starts when every crib card is laid away.",
        "a card played while others still lay away",
    ),
    "nothing_to_play": M("There is nothing to play now. {turn}", "a card played after the play; {turn} is whose turn"),
    "one_at_a_time": M("Play one card at a time.", "several cards typed to play at once"),
    "count_over": M(
        "You can't play {card}: the count would be {count}. {allowed}",
        "a card that would take the count over 31; {card} with its article, {allowed} playable or nothing_fits",
    ),
    "playable": M("Playable: {cards}.", "after a refused card: the cards that fit, without article, joined by 'or'"),
    "nothing_fits": M("No card fits: say go.", "after a refused card: no card fits"),
    "discard_over": M("The discard is over. {turn}", "a discard after the discard; {turn} is whose turn"),
    "named_twice": M("The same card is named twice. Choose different cards.", "the same card typed twice in a discard"),
    "exactly": M(
        "Lay away exactly {count}, not {given}.",
        "a discard of the wrong number of cards; {count} as '2 cards', {given} the number typed",
    ),
    "refused": M("That can't be done: {reason}.", "any other move the rules refuse; {reason} is the rule's words"),
    # manual counting: the player's count, muggins, the clock
    "count_typed": M("Your count: {n}.", "manual counting: the digits typed so far; {n} the number"),
    "count_too_big": M(
        "No hand counts {n}: the most is 29. Your count: {typed}.",
        "manual counting: a number over 29; {n} the number, {typed} the digits kept",
    ),
    "count_cleared": M("Count cleared: type it again.", "manual counting: the digits cleared"),
    "count_first": M(
        "Type your count first: the points, then Enter; 19 or 0 for none.",
        "manual counting: Enter before a count is typed",
    ),
    "count_timed": M(
        "{turn} You have {seconds} second.",
        "manual counting with a time limit: the prompt; {turn} the count's prompt, {seconds} the time",
        plural="{turn} You have {seconds} seconds.",
        count="seconds",
    ),
    "time_warning": M(
        "{seconds} second left to count.",
        "manual counting: the time running out",
        plural="{seconds} seconds left to count.",
        count="seconds",
    ),
    "time_left": M(
        "{seconds} second left to count.",
        "the time key while counting",
        plural="{seconds} seconds left to count.",
        count="seconds",
    ),
    "time_left_paused": M(
        "{seconds} second left; the clock waits while help or a question is open.",
        "the time key while help or a question holds the clock",
        plural="{seconds} seconds left; the clock waits while help or a question is open.",
        count="seconds",
    ),
    "no_clock": M(
        "No clock is running: it runs while you count, with a time limit set.", "the time key with no clock running"
    ),
    "no_time_limit": M(
        "Counting has no time limit: take your time. /time limit 30 sets one.",
        "the time key with no time limit set (the command stays English)",
    ),
    "not_counting": M(
        "There is no count to give now. {turn}", "a count typed when there is none to give; {turn} is whose turn"
    ),
    "not_a_count": M(
        "No hand counts {points}: a count is 0 to 29, and nineteen means none.",
        "a number that no hand counts; {points} the number",
    ),
    "muggins_off": M(
        "Muggins is off in this game; /muggins on plays it from the next game.",
        "m (muggins) in a game without muggins (the commands stay English)",
    ),
    "muggins_auto": M(
        "Muggins goes with manual counting: /counting manual and /muggins on, from the next game.",
        "m (muggins) with automatic counting",
    ),
    "muggins_none": M("There is no count to call muggins on.", "m with no count to call muggins on"),
    "muggins_right": M(
        "{Who} counted {n}, and that is right: nothing to take.",
        "m on a right count; {Who} the player who counted, {n} the count",
    ),
    "muggins_late": M("Too late: muggins is called before your own next move.", "m after the player's own next move"),
    "muggins_called": M("Muggins was called on that count already.", "m on a count already called"),
    # undo
    "cannot_undo": M("You can't undo: {reason}.", "u (undo) refused; {reason} why"),
    "undone": M("Undone: {what}.", "u (undo) done; {what} what was taken back (undone.*)"),
    # settings
    "setting_refused": M(
        "That setting was not changed: {reason}.", "a setting typed that was not changed; {reason} why"
    ),
    "setting_changed": M(
        "{Name} is now {value}.{extra}",
        "a setting changed; {Name} the setting's name (storage.name.*), {value} its value, {extra} next_game or empty",
    ),
    "next_game": M(
        " It takes effect in the next game.",
        "after a setting changed: it applies from the next game (starts with a space)",
    ),
    "teams_reset": M(
        "Teams is now {value}, as the teams set before do not fit.",
        "after a setting changed: the teams setting reset; {value} its value",
    ),
    "cues_changed": M(
        "Sound cues are now {value}.", "the cues setting changed; {value} on or off (storage.value.cues.*)"
    ),
    # the cues command
    "cues_heading": M("Sound cues, one after another; any key stops them.", "the cues command, its first line"),
    "cues_heading_off": M(
        "Sound cues, one after another; any key stops them. They are off in the game: type /cues on to hear them.",
        "the cues command with cues off in the game (the command stays English)",
    ),
    "cues_silent": M("Sound cues cannot play: {reason}.", "the cues command when no sound can play; {reason} why"),
    "cue": M(
        "Cue {n} of {total}: {meaning}.", "the cues command: one cue; {n} of {total}, {meaning} what it means (cue.*)"
    ),
    "cues_count_tone": M(
        "With /count tone on, a short tone after each card rises with the count, from 0 to 31.",
        "the cues command: the count tone (the command stays English)",
    ),
    "cues_done": M("That was every cue.", "the cues command, after the last cue"),
    "cues_stopped": M("Cues stopped.", "the cues command stopped by a key"),
}

#: The parts of the seat's sentences: counts, a setting's value, the cursor, undo, help.
PARTS: dict[str, Message] = {
    "more": M("one more", "how many cards are still to choose, as in 'choose one more'", plural="{count} more"),
    "cards": M("{count} card", "a number of cards, as in 'lay away 2 cards'", plural="{count} cards"),
    "numbered": M("numbered {numbers}", "the numbers of the cards held, as in 'Your cards are numbered 3, 4 and 6.'"),
    "value.seconds": M(
        "{value} second",
        "a setting's value in seconds, as in 'Time limit is now 30 seconds.' ({value} may have decimals, "
        "'0.8': the form for 2 then)",
        plural="{value} seconds",
    ),
    "value.off": M("off", "a setting's value: off, as in 'Time limit is now off.'"),
    "value.no_pace": M("0: the computer turns come at once", "the pace setting set to 0, as in 'Pace is now 0: ...'"),
    "value.teams_usual": M("the usual for the table", "the teams setting 'usual', as in 'Teams is now the usual ...'"),
    "value.teams_none": M("none, each for themselves", "the teams setting 'none'"),
    "value.default_names": M("the default names", "the names setting emptied: the computer players' own names"),
    "value.system_language": M("the system's language", "the language setting emptied: the system's language"),
    "cursor": M("{Card}, card {position} of {held}.", "the card under the arrow keys: its name, its place in the hand"),
    "cursor.state": M(
        "{Card}, card {position} of {held}, {state}.",
        "the card under the arrow keys, and whether it is chosen or can be played (cursor.*)",
    ),
    "cursor.gaps": M("{Card}, card {position}.", "the card under the arrow keys, its number (the numbers have gaps)"),
    "cursor.gaps_state": M(
        "{Card}, card {position}, {state}.", "the card under the arrow keys, its number, and whether chosen or playable"
    ),
    "cursor.chosen": M("chosen", "the card under the arrow keys is chosen for the discard"),
    "cursor.playable": M("playable", "the card under the arrow keys can be played"),
    "cursor.not_playable": M("not playable", "the card under the arrow keys cannot be played now"),
    "undone.play": M("you take back {card}", "after 'Undone: ': the card the player took back"),
    "undone.go": M("you take back your go", "after 'Undone: ': the player took back a go"),
    "undone.discard": M("you take back your discard", "after 'Undone: ': the player took back the discard"),
    "undone.reply": M(
        "{what}, and {who}'s reply to it",
        "after 'Undone: ': what was taken back and the computer's moves after it (two players)",
        plural="{what}, and {who}'s replies to it",
    ),
    "undone.table_reply": M(
        "{what}, and the reply to it",
        "after 'Undone: ': what was taken back and the other players' moves after it",
        plural="{what}, and the replies to it",
    ),
    "other_player": M("The other player", "muggins called on a right count, the counter not named"),
}

#: What each sound cue means, by its name (``speech.cues.CUE_NAMES``): the cues command says it.
CUE_MEANINGS: dict[str, Message] = {
    name: M(meaning, f"the cues command: what the sound cue '{name}' means, after 'Cue 3 of 17: '")
    for name, meaning in {
        "your_turn": "your turn",
        "my_card": "you play a card",
        "their_card": "the computer plays a card",
        "points": "points pegged",
        "fifteen": "fifteen",
        "thirty_one": "thirty-one",
        "go": "go",
        "count_reset": "the count goes back to zero",
        "starter": "the starter is cut",
        "heels": "his heels",
        "new_deal": "a new deal",
        "show": "the show, hands are counted",
        "win": "you win",
        "lose": "you lose",
        "listen_on": "listening started",
        "listen_off": "listening stopped",
        "refused": "not understood, or not allowed",
    }.items()
}

CODES: dict[str, Message] = {
    **{f"seat.{k}": m for k, m in MESSAGES.items()},
    **{f"seat.{k}": m for k, m in PARTS.items()},
    **{f"cue.{k}": m for k, m in CUE_MEANINGS.items()},
}
