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
        "The key {key} does nothing here. Press question mark for help.", "keys and questions: key unassigned"
    ),
    "named_key_unassigned": M(
        "{key} does nothing here. Press question mark for help.", "keys and questions: named key unassigned"
    ),
    "speech_off_silence": M("Speech is off: there is nothing to silence.", "keys and questions: speech off silence"),
    "count_no_digit": M("No digit to take back: type your count, then Enter.", "keys and questions: count no digit"),
    "press_y_or_n": M("Please press y for yes or n for no.", "keys and questions: press y or n"),
    "answer_y_or_n": M("Please answer y for yes or n for no.", "keys and questions: answer y or n"),
    "no_question_yes": M("There is no question to answer yes to.", "keys and questions: no question yes"),
    "no_question_no": M("There is no question to answer no to.", "keys and questions: no question no"),
    "nothing_to_repeat": M("Nothing to repeat yet.", "keys and questions: nothing to repeat"),
    "no_earlier_lines": M("No earlier lines.", "keys and questions: no earlier lines"),
    "first_line": M("That is the first line.", "keys and questions: first line"),
    "latest_line": M("That is the latest line.", "keys and questions: latest line"),
    "earlier": M("Earlier: {text}", "keys and questions: earlier"),
    "no_hint": M("No hint right now.", "keys and questions: no hint"),
    # the a key: the last show again, a hand a press (app.show_reader)
    "show_part": M(
        "Show, {part} of {parts}, with {starter}:",
        "the a key: the last show again, a hand a press (app.show_reader): show part",
    ),
    "show_none": M(
        "No show yet in this game.", "the a key: the last show again, a hand a press (app.show_reader): show none"
    ),
    "show_end": M(
        "That was the whole show. Press a again to hear it from the start.",
        "the a key: the last show again, a hand a press (app.show_reader): show end",
    ),
    "voice_off": M(
        "Voice commands are off: start the game with --voice auto to use them.",
        "the a key: the last show again, a hand a press (app.show_reader): voice off",
    ),
    "voice_check_unavailable": M(
        "The voice check is not available here.",
        "the a key: the last show again, a hand a press (app.show_reader): voice check unavailable",
    ),
    "command_line": M("Command.", "the a key: the last show again, a hand a press (app.show_reader): command line"),
    "command_cancelled": M(
        "Cancelled.", "the a key: the last show again, a hand a press (app.show_reader): command cancelled"
    ),
    "command_empty": M(
        "Cancelled: the command line was empty.",
        "the a key: the last show again, a hand a press (app.show_reader): command empty",
    ),
    # Ctrl-Z (or SIGTSTP): the game stops and the shell is back; fg brings the game back
    "suspended": M(
        "Suspended. Type fg to come back to the game.",
        "Ctrl-Z (or SIGTSTP): the game stops and the shell is back; fg brings the game back: suspended",
    ),
    "back_from_suspend": M(
        "Back to the game.",
        "Ctrl-Z (or SIGTSTP): the game stops and the shell is back; fg brings the game back: back from suspend",
    ),
    "suspend_refused": M(
        "Ctrl-Z cannot suspend the game here: nothing could bring it back. Press q to quit.",
        "Ctrl-Z (or SIGTSTP): the game stops and the shell is back; fg brings the game back: suspend refused",
    ),
    # the same outside the game's key loop (the resume question, review, practice)
    "suspended_here": M(
        "Suspended. Type fg to come back.",
        "the same outside the game's key loop (the resume question, review, practice): suspended here",
    ),
    "back_here": M("Back.", "the same outside the game's key loop (the resume question, review, practice): back here"),
    "suspend_refused_here": M(
        "Ctrl-Z cannot suspend here: nothing could bring it back.",
        "the same outside the game's key loop (the resume question, review, practice): suspend refused here",
    ),
    "line_too_long": M(
        "That line was too long, over {most} characters: nothing was done.",
        "the same outside the game's key loop (the resume question, review, practice): line too long",
    ),
    "line_full": M(
        "The command line is full: {most} characters. The rest is left out; Enter drops the line, Escape cancels it.",
        "the same outside the game's key loop (the resume question, review, practice): line full",
    ),
    "key_error": M(
        "Something went wrong with that key: {error}.",
        "the same outside the game's key loop (the resume question, review, practice): key error",
    ),
    "input_ended": M(
        "Input ended.", "the same outside the game's key loop (the resume question, review, practice): input ended"
    ),
    "input_ended_kept": M(
        "Input ended. The game is kept.",
        "the same outside the game's key loop (the resume question, review, practice): input ended kept",
    ),
    # the flow of the game
    "resumed": M("Game resumed. {scores}", "the flow of the game: resumed"),
    "resumed_next_deal": M(
        "Next: your deal. Press Enter for the next deal.", "a game resumed between deals: the player deals next"
    ),
    "resumed_next_deal_other": M(
        "Next: {who}'s deal. Press Enter for the next deal.", "a game resumed between deals: {who} deals next"
    ),
    "game_over_prompt": M("Press n for a new game or q to leave.", "the flow of the game: game over prompt"),
    "game_over": M("The game is over. Press n for a new game or q to leave.", "the flow of the game: game over"),
    "deal_not_over": M("The deal is not over. {turn}", "the flow of the game: deal not over"),
    "new_game_not_yet": M(
        "A new game can start when this one is over; q quits and keeps this one.",
        "the flow of the game: new game not yet",
    ),
    "new_game_unavailable": M(
        "A new game cannot start here. Press q to leave.", "the flow of the game: new game unavailable"
    ),
    "quit_kept": M(
        "Quit the game? It is kept, and you can resume it later. Press y or n.", "the flow of the game: quit kept"
    ),
    "quit_seeded": M(
        "Quit the game? This seeded game is for this run only. Press y or n.", "the flow of the game: quit seeded"
    ),
    "goodbye_kept": M("Goodbye. Your game is kept.", "the flow of the game: goodbye kept"),
    "goodbye": M("Goodbye.", "the flow of the game: goodbye"),
    "back_to_game": M("Back to the game.", "the flow of the game: back to game"),
    # cards chosen by number, arrows, Space
    "no_card_to_choose": M(
        "There is no card to choose now.", "cards chosen by number, arrows, Space: no card to choose"
    ),
    "no_cards_to_choose": M(
        "There are no cards to choose now. {turn}", "cards chosen by number, arrows, Space: no cards to choose"
    ),
    "no_cards_in_hand": M("You have no cards in hand.", "cards chosen by number, arrows, Space: no cards in hand"),
    "no_cards_left": M("You have no cards left in your hand.", "cards chosen by number, arrows, Space: no cards left"),
    "card_in_crib": M(
        "Card {n}, {card}, is in the crib. Your cards are {numbers}.",
        "cards chosen by number, arrows, Space: card in crib",
    ),
    "card_played": M(
        "Card {n}, {card}, is already played. Your cards are {numbers}.",
        "cards chosen by number, arrows, Space: card played",
    ),
    "no_such_card": M(
        "There is no card {n}. Your cards are {numbers}.", "cards chosen by number, arrows, Space: no such card"
    ),
    "choose_first": M("Choose {more} first, or press Escape.", "cards chosen by number, arrows, Space: choose first"),
    "chosen": M("{Card} chosen; choose {more}.", "cards chosen by number, arrows, Space: chosen"),
    "unchosen": M("{Card} no longer chosen; choose {more}.", "cards chosen by number, arrows, Space: unchosen"),
    "already_chosen_card": M(
        "{Card} is already chosen; choose {more} or press Escape.",
        "cards chosen by number, arrows, Space: already chosen card",
    ),
    "already_chosen": M(
        "You have already chosen {cards}; choose {more} or press Escape.",
        "cards chosen by number, arrows, Space: already chosen",
    ),
    "already_chosen_all": M(
        "You have already chosen {cards}: press Enter to lay them away, or Escape to choose again.",
        "cards chosen by number, arrows, Space: already chosen all",
    ),
    "confirm_discard": M("Lay away {cards}? Enter to confirm.", "the question when the cards to lay away are chosen"),
    "confirm_discard_voice": M(
        "Lay away {cards}? Enter or say yes to confirm.",
        "the question when the cards to lay away are chosen, voice commands on ('yes' stays English)",
    ),
    "choice_cleared": M("Choice cleared: choose {count}.", "cards chosen by number, arrows, Space: choice cleared"),
    # a voice command heard, but not surely: the question asked first (words.voice asks it)
    "voice_no_play": M(
        "Not played: say the card again, or press its number.",
        "a voice command heard, but not surely: the question asked first (words.voice asks it): voice no play",
    ),
    "voice_no_discard": M(
        "Not discarded: say the card again, or press its number.",
        "a voice command heard, but not surely: the question asked first (words.voice asks it): voice no discard",
    ),
    "voice_no_other": M(
        "Nothing done: say it again, or press question mark for help.",
        "a voice command heard, but not surely: the question asked first (words.voice asks it): voice no other",
    ),
    "voice_stale_play": M(
        "Not played: the game moved on since the question. {turn}",
        "a voice command heard, but not surely: the question asked first (words.voice asks it): voice stale play",
    ),
    "voice_stale_discard": M(
        "Not discarded: the game moved on since the question. {turn}",
        "a voice command heard, but not surely: the question asked first (words.voice asks it): voice stale discard",
    ),
    "voice_stale_other": M(
        "Nothing done: the game moved on since the question. {turn}",
        "a voice command heard, but not surely: the question asked first (words.voice asks it): voice stale other",
    ),
    "nothing_to_cancel": M(
        "Nothing to cancel.",
        "a voice command heard, but not surely: the question asked first (words.voice asks it): nothing to cancel",
    ),
    # refusals
    "not_your_turn": M("Wait: it is not your turn.", "refusals: not your turn"),
    "no_go_now": M("There is no go now. {turn}", "refusals: no go now"),
    "cannot_go": M("You can't say go: you can play {cards}.", "refusals: cannot go"),
    "not_in_hand": M("You don't have {card}. {hand}", "refusals: not in hand"),
    "you_hold": M("You hold {cards}.", "refusals: you hold"),
    "play_before_discard": M(
        "You can't play yet: first lay away {count} for the crib.", "refusals: play before discard"
    ),
    "play_waits_for_crib": M(
        "You can't play yet: the play starts when every crib card is laid away.", "refusals: play waits for crib"
    ),
    "nothing_to_play": M("There is nothing to play now. {turn}", "refusals: nothing to play"),
    "one_at_a_time": M("Play one card at a time.", "refusals: one at a time"),
    "count_over": M("You can't play {card}: the count would be {count}. {allowed}", "refusals: count over"),
    "playable": M("Playable: {cards}.", "refusals: playable"),
    "nothing_fits": M("No card fits: say go.", "refusals: nothing fits"),
    "discard_over": M("The discard is over. {turn}", "refusals: discard over"),
    "named_twice": M("The same card is named twice. Choose different cards.", "refusals: named twice"),
    "exactly": M("Lay away exactly {count}, not {given}.", "refusals: exactly"),
    "refused": M("That can't be done: {reason}.", "refusals: refused"),
    # manual counting: the player's count, muggins, the clock
    "count_typed": M("Your count: {n}.", "manual counting: the player's count, muggins, the clock: count typed"),
    "count_too_big": M(
        "No hand counts {n}: the most is 29. Your count: {typed}.",
        "manual counting: the player's count, muggins, the clock: count too big",
    ),
    "count_cleared": M(
        "Count cleared: type it again.", "manual counting: the player's count, muggins, the clock: count cleared"
    ),
    "count_first": M(
        "Type your count first: the points, then Enter; 19 or 0 for none.",
        "manual counting: the player's count, muggins, the clock: count first",
    ),
    "count_timed": M(
        "{turn} You have {seconds} seconds.", "manual counting: the player's count, muggins, the clock: count timed"
    ),
    "time_warning": M(
        "{seconds} seconds left to count.", "manual counting: the player's count, muggins, the clock: time warning"
    ),
    "time_left": M(
        "{seconds} seconds left to count.", "manual counting: the player's count, muggins, the clock: time left"
    ),
    "time_left_paused": M(
        "{seconds} seconds left; the clock waits while help or a question is open.",
        "manual counting: the player's count, muggins, the clock: time left paused",
    ),
    "no_clock": M(
        "No clock is running: it runs while you count, with a time limit set.",
        "manual counting: the player's count, muggins, the clock: no clock",
    ),
    "no_time_limit": M(
        "Counting has no time limit: take your time. /time limit 30 sets one.",
        "manual counting: the player's count, muggins, the clock: no time limit",
    ),
    "not_counting": M(
        "There is no count to give now. {turn}", "manual counting: the player's count, muggins, the clock: not counting"
    ),
    "not_a_count": M(
        "No hand counts {points}: a count is 0 to 29, and nineteen means none.",
        "manual counting: the player's count, muggins, the clock: not a count",
    ),
    "muggins_off": M(
        "Muggins is off in this game; /muggins on plays it from the next game.",
        "manual counting: the player's count, muggins, the clock: muggins off",
    ),
    "muggins_auto": M(
        "Muggins goes with manual counting: /counting manual and /muggins on, from the next game.",
        "manual counting: the player's count, muggins, the clock: muggins auto",
    ),
    "muggins_none": M(
        "There is no count to call muggins on.", "manual counting: the player's count, muggins, the clock: muggins none"
    ),
    "muggins_right": M(
        "{Who} counted {n}, and that is right: nothing to take.",
        "manual counting: the player's count, muggins, the clock: muggins right",
    ),
    "muggins_late": M(
        "Too late: muggins is called before your own next move.",
        "manual counting: the player's count, muggins, the clock: muggins late",
    ),
    "muggins_called": M(
        "Muggins was called on that count already.",
        "manual counting: the player's count, muggins, the clock: muggins called",
    ),
    # undo
    "cannot_undo": M("You can't undo: {reason}.", "undo: cannot undo"),
    "undone": M("Undone: {what}.", "undo: undone"),
    # settings
    "setting_refused": M("That setting was not changed: {reason}.", "settings: setting refused"),
    "setting_changed": M("{Name} is now {value}.{extra}", "settings: setting changed"),
    "next_game": M(" It takes effect in the next game.", "settings: next game"),
    "teams_reset": M("Teams is now {value}, as the teams set before do not fit.", "settings: teams reset"),
    "cues_changed": M("Sound cues are now {value}.", "settings: cues changed"),
    # the cues command
    "cues_heading": M("Sound cues, one after another; any key stops them.", "the cues command: cues heading"),
    "cues_heading_off": M(
        "Sound cues, one after another; any key stops them. They are off in the game: type /cues on to hear them.",
        "the cues command: cues heading off",
    ),
    "cues_silent": M("Sound cues cannot play: {reason}.", "the cues command: cues silent"),
    "cue": M("Cue {n} of {total}: {meaning}.", "the cues command: cue"),
    "cues_count_tone": M(
        "With /count tone on, a short tone after each card rises with the count, from 0 to 31.",
        "the cues command: cues count tone",
    ),
    "cues_done": M("That was every cue.", "the cues command: cues done"),
    "cues_stopped": M("Cues stopped.", "the cues command: cues stopped"),
}

#: The parts of the seat's sentences: counts, a setting's value, the cursor, undo, help.
PARTS: dict[str, Message] = {
    "more": M("one more", "how many cards are still to choose, as in 'choose one more'", plural="{count} more"),
    "cards": M("{count} card", "a number of cards, as in 'lay away 2 cards'", plural="{count} cards"),
    "numbered": M("numbered {numbers}", "the numbers of the cards held, as in 'Your cards are numbered 3, 4 and 6.'"),
    "value.seconds": M("{value} seconds", "a setting's value in seconds, as in 'Time limit is now 30 seconds.'"),
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
