"""The messages of a review (:mod:`spoken_cribbage.words.review`), on the catalogue
(:mod:`spoken_cribbage.words.catalogue`): the steps of a deal read back, the game's review and
walk keys, and ``spoken-cribbage review`` and ``export``. Lines the game's announcer says too
(a card played, the show, points scored) are the announcer's messages (words.announcements).
A sentence whose verb agrees with its subject has a message per subject: ``.you`` for the
player, ``.other`` for another player ({Who} at the start of a sentence, {who} inside it).
"""

from __future__ import annotations

from spoken_cribbage.words.catalogue import Message

M = Message
_STEP = "a deal read back, step by step (the review command, the walk key w, 'spoken-cribbage review')"
_THEM = "another player, {Who} (a name: 'Computer', 'Max')"
_GAME = "'spoken-cribbage review --list' and the first line of a game reviewed"
_CMD = "'spoken-cribbage review' or 'export'"

TEXTS: dict[str, Message] = {
    # the steps of a deal
    "review.your_hand": M("Your hand: {cards}.", f"{_STEP}: the player's hand as dealt"),
    "review.holds": M("{Who} holds: {cards}.", f"{_STEP}: the hand of {_THEM} as dealt (a game that is over)"),
    "review.from_deck_card": M(
        "One card from the deck goes to the crib: {card}.", f"{_STEP}: a table of three, the crib's card named"
    ),
    "review.discard.other": M("{Who} lays away {cards}.", f"{_STEP}: {_THEM} lays away these cards"),
    "review.go.you": M("You say go.", f"{_STEP}: the player says go"),
    "review.go.other": M("{Who} says go.", f"{_STEP}: {_THEM} says go"),
    "review.overcount.you": M("Overcount: you take {points}.", f"{_STEP}: manual counting, points claimed too many"),
    "review.overcount.other": M("Overcount: {who} takes {points}.", f"{_STEP}: the same, taken by {_THEM}"),
    "review.peg.you": M("You peg {points}.", f"{_STEP}: manual counting, the points the player pegged"),
    "review.peg.other": M("{Who} pegs {points}.", f"{_STEP}: manual counting, the points {_THEM} pegged"),
    "review.count.you": M("You count {claimed}.", f"{_STEP}: manual counting, the player's count"),
    "review.count.other": M("{Who} counts {claimed}.", f"{_STEP}: manual counting, the count of {_THEM}"),
    "review.time_up.hand.you": M(
        "Time is up for your hand: {cards}, with {starter}.", f"{_STEP}: manual counting, the time ran out"
    ),
    "review.time_up.crib.you": M(
        "Time is up for your crib: {cards}, with {starter}.", f"{_STEP}: manual counting, the time ran out"
    ),
    "review.time_up.hand.other": M(
        "Time is up for {who}'s hand: {cards}, with {starter}.", f"{_STEP}: the time ran out for {_THEM}"
    ),
    "review.time_up.crib.other": M(
        "Time is up for {who}'s crib: {cards}, with {starter}.", f"{_STEP}: the time ran out for {_THEM}"
    ),
    "review.nineteen": M("Nineteen: not a point.", f"{_STEP}: a hand of no points whose time ran out"),
    "review.take_half.you": M("You take {points}, half the count.", f"{_STEP}: the time ran out, the points taken"),
    "review.take_half.other": M("{Who} takes {points}, half the count.", f"{_STEP}: the same, taken by {_THEM}"),
    "review.deal_end": M("End of deal {deal}: {scores}.", f"{_STEP}: the end of a deal and the scores"),
    "review.and_then": M("{line} {then}", f"{_STEP}: two sentences on one line (the starter, then his heels)"),
    # the game's review command and walk key
    "review.no_deal": M("No deal to review yet.", "the review command or the walk key before the first deal"),
    "review.head": M("Deal {deal}, as it was played:", "the review command: the first line"),
    "review.end": M("End of the review of deal {deal}.", "the review command: the last line, the deal over"),
    "review.so_far": M("That is deal {deal} so far.", "the review command: the last line, the deal going on"),
    "review.walk_start": M(
        "Deal {deal}, from the start; press w for each event.", "the walk key w: the first press (w stays w)"
    ),
    "review.walk_end": M(
        "That was the last event of deal {deal}. Press w to hear it again from the start.",
        "the walk key w: after the last event of a deal that is over",
    ),
    "review.walk_latest": M(
        "That is the latest event of deal {deal}. Press w again when more has happened.",
        "the walk key w: after the last event of the deal going on",
    ),
    # a finished game: review and export
    "review.no_games": M("No finished games yet: play one, and it can be reviewed here.", f"{_CMD}: no games"),
    "review.no_such_game": M(
        "There is no game {number}: your games are numbered 1 to {count}.", f"{_CMD}: a number too big"
    ),
    "review.no_log": M(
        "Game {number} was recorded before games were kept for review, so it cannot be read back.",
        f"{_CMD}: an old game",
    ),
    "review.bad_log": M("Game {number} cannot be read back: its record is damaged.", f"{_CMD}: a damaged game"),
    "review.next_deal": M(
        "Press Enter for deal {deal}; Escape, or q and Enter, stops.", "'spoken-cribbage review': between deals"
    ),
    "review.stopped": M("Review stopped.", "'spoken-cribbage review' stopped by the player"),
    "review.game_end": M("End of game {number}.", "'spoken-cribbage review': the last line"),
    "review.written": M(
        "Game {number} written to {path}: {lines} line.",
        "'spoken-cribbage export': done; {path} the file",
        plural="Game {number} written to {path}: {lines} lines.",
        count="lines",
    ),
    "review.not_written": M(
        "Game {number} could not be written to {path}: {reason}.", "'spoken-cribbage export': the file failed"
    ),
    "review.replaying": M(
        "Game {number} dealt again: the same cards, seed {seed}. Your choices are your own.",
        "'spoken-cribbage play --replay N': the first line",
    ),
    "review.list_head": M("Your games, oldest first:", "'spoken-cribbage review --list': the first line"),
    "review.replay_and_seed": M(
        "spoken-cribbage: give --replay or --seed, not both.", "'spoken-cribbage play' given both options"
    ),
    "review.replay_line": M(
        "Seed {seed}. To play the same deals again: spoken-cribbage play --replay {number} (or --seed {seed} "
        "--target {target} --difficulty {difficulty}{table}).",
        f"{_GAME}: how to deal the game again (commands and options as typed; {{table}} is options too)",
    ),
    "review.heading": M(
        "Game {number}, {day}: {how}, in {deals}, {against}.",
        f"{_GAME}; {{day}} the date, {{how}} review.how.*, {{deals}} review.deals, {{against}} review.against.*",
    ),
    "review.unknown_day": M("an unknown day", f"{_GAME}: a game whose date was not kept"),
    "review.deals": M("{count} deal", f"{_GAME}: the number of deals", plural="{count} deals"),
    "review.how.win": M("you won, {mine} to {theirs}", f"{_GAME}: a game won"),
    "review.how.loss": M("you lost, {mine} to {theirs}", f"{_GAME}: a game lost"),
    "review.how.left": M("left unfinished at {mine} to {theirs}", f"{_GAME}: a game not finished"),
    "review.how_sides.win": M(
        "you won with {mine}; {others}", f"{_GAME}, three sides or more: {{others}} the other sides' scores"
    ),
    "review.how_sides.loss": M("you lost with {mine}; {others}", f"{_GAME}, three sides or more: lost"),
    "review.how_sides.left": M("left unfinished: you {mine}; {others}", f"{_GAME}, three sides or more: unfinished"),
    "review.side_score": M("{name} {score}", f"{_GAME}: a side and its score, as in 'Computer 1 98'"),
    "review.against.one": M(
        "against the {difficulty} computer", f"{_GAME}: two players; {{difficulty}} as typed (easy, standard, expert)"
    ),
    "review.against.many": M(
        "with {count} {difficulty} computer{teams}",
        f"{_GAME}: more players; {{teams}} is empty or review.teams_of",
        plural="with {count} {difficulty} computers{teams}",
    ),
    "review.teams_of": M(" in {teams} teams of {size}", f"{_GAME}: after review.against.many, the teams in words"),
}
