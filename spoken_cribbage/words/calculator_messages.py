"""The messages of the ``calculator.*`` and ``engine.*`` tables (words.calculator), on the catalogue
(:mod:`spoken_cribbage.words.catalogue`): the engine's card and hand errors, the hints and the
coach, the command-line calculators (score, peg, discard, odds) and their refusals. Codes with
one dot are said as they are; the forms and parts of sentences that words.calculator's
functions put together have two (``calculator.tail.yours``). Numbers with decimals keep their
point in every language ('4.5'); card names come from words.lines.
"""

from __future__ import annotations

from spoken_cribbage.engine.cards import RANK_PLURALS, RANK_SHORT, SUIT_NAMES
from spoken_cribbage.words.catalogue import Message

_CARD = "a card typed or spoken (in the game, or a calculator on the command line)"
_HINT = "the hint (key i) or the coach (key e, coach verbosity)"
_CLI = "the command line of spoken-cribbage"
_REPORT = "'spoken-cribbage simulate', its report"
_DISCARD = "'spoken-cribbage discard', the discards ranked"
_FOR_PROGRAMMERS = (
    "a fault of the program: a function called wrongly ({function}, {argument} and {shown} as in the code)"
)

MESSAGES: dict[str, Message] = {
    # the engine's card and hand errors
    "calculator.not_a_card": Message(
        "'{shown}' is not a card. Try 5H, 10C, QS or 'five of hearts'.",
        f"{_CARD} that is no card; {{shown}} is what was typed (card codes and 'five of hearts' as typed)",
    ),
    "calculator.bad_rank": Message(
        "{token} is not a card: the rank must be a whole number from 1 (ace) to 13 (king).",
        "a card given as numbers with a rank out of range (a program's JSON); {token} as given",
    ),
    "calculator.bad_suit": Message(
        "{token} is not a card: the suit must be a whole number from 0 to 3 (clubs, diamonds, hearts, spades).",
        "a card given as numbers with a suit out of range (a program's JSON); {token} as given",
    ),
    "calculator.card_twice": Message("The card {token} is given twice.", f"{_CARD}: the same card twice"),
    "calculator.card_not_held": Message(
        "You do not have {card}.", f"{_CARD} that is not in the hand; {{card}} is the card with its article"
    ),
    "calculator.no_rank_held": Message(
        "You have no {ranks}.", f"{_CARD}: a rank the hand does not hold; {{ranks}} as in 'fives'"
    ),
    "calculator.no_suit_held": Message(
        "You have no {suit}.", f"{_CARD}: a suit the hand does not hold; {{suit}} as in 'hearts'"
    ),
    "calculator.ambiguous_card": Message(
        "You have {many} {what}: {choices}?",
        f"{_CARD} that fits several cards of the hand; {{many}} is their number in words, {{what}} the "
        "rank (as in 'fives') or the suit, {choices} the cards with their article, joined as a choice",
        plural="You have {many} {what}: {choices}?",
    ),
    "calculator.hand_size": Message(
        "A hand has 4 cards, or 5 with six players, not {count}.", "a hand of the wrong size given to count"
    ),
    "calculator.count_over": Message("The count would be {count}.", "a card played that would take the count over 31"),
    "engine.bad_type": Message(
        "That could not be done: {function} was given {shown} for its {argument}, which is not the right "
        "kind of value. Nothing was changed.",
        _FOR_PROGRAMMERS,
    ),
    "engine.bad_value": Message(
        "That could not be done: {function} was given {shown} for its {argument}, which is out of range. "
        "Nothing was changed.",
        _FOR_PROGRAMMERS,
    ),
    # the hints and the coach
    "calculator.six_cards": Message("Give exactly 6 cards, not {count}.", "the discards ranked for a wrong hand"),
    "calculator.discard_hint": Message(
        "Keep {keep}; lay away {away}. About {net:.1f} points {tail}.",
        f"{_HINT} while laying away: the ranks to keep and to lay away, the points a deal it is worth, "
        "and whose crib ({tail}: calculator.tail.*)",
    ),
    "calculator.tail.yours": Message("with your crib", "the end of a discard hint: the crib is the player's"),
    "calculator.tail.partner": Message(
        "with your partner's crib", "the end of a discard hint: the crib is the player's partner's"
    ),
    "calculator.tail.opponent": Message(
        "after your opponent's crib", "the end of a discard hint: the crib is the opponent's"
    ),
    "calculator.tail.opponents": Message(
        "after an opponent's crib, counted at {share} ({rivals})",
        "the end of a discard hint at a table of three or more: {share} is calculator.share.N, "
        "{rivals} calculator.rivals",
    ),
    "calculator.share.2": Message("a half", "the share of an opponent's crib counted against you: one of two"),
    "calculator.share.3": Message("a third", "the share of an opponent's crib counted against you: one of three"),
    "calculator.share.4": Message("a quarter", "the share of an opponent's crib counted against you: one of four"),
    "calculator.share.5": Message("a fifth", "the share of an opponent's crib counted against you: one of five"),
    "calculator.rivals": Message(
        "one of {count} opponents",
        "why an opponent's crib counts only in part: it is one of {count} opponents (in words)",
        plural="one of {count} opponents",
    ),
    "calculator.coach_discard": Message(
        "{hint} Press {keys}, then Enter.",
        "the coach's discard: the hint (calculator.discard_hint), then the keys of the cards to lay away",
    ),
    "calculator.play_hint.points": Message(
        "Play {card}, for {points}.", f"{_HINT} in the play: the card to play and the points it makes"
    ),
    "calculator.play_hint.none": Message("Play {card}.", f"{_HINT} in the play: the card to play"),
    "calculator.say_go": Message("Say go.", f"{_HINT} in the play when no card can be played ('go' as said)"),
    "calculator.coach_discard_better": Message(
        "The expert keeps {kept} and lays away {away} here: about {better:.1f} points better.",
        "the coach on the player's discard: what the expert keeps that the player laid away and the "
        "other way round (calculator.both or cards with the article)",
    ),
    "calculator.both": Message("both {ranks}", "two cards of one rank, as in 'both twos', in the coach's words"),
    "calculator.coach_play_better": Message(
        "The expert plays {card} here: about {better:.1f} points better.", "the coach on the player's card played"
    ),
    "calculator.coach_same": Message("The expert would have done the same.", "the coach: the player's move was best"),
    "calculator.coach_close": Message(
        "The expert would have done otherwise, but the difference is within the analysis' noise "
        "(about {better:.1f} points).",
        "the coach: a move almost as good as the best",
    ),
    "calculator.coach_no_move": Message(
        "No move of yours to judge yet this deal.", "the coach asked before the player moved"
    ),
    "calculator.coach_deal_lost": Message(
        "The coach estimates you lost about {points:.1f} points this deal.", "the coach at the end of a deal"
    ),
    # simulations
    "calculator.two_levels": Message(
        "simulate needs two levels or more, up to six, one a seat, e.g. expert,standard",
        "'spoken-cribbage simulate --players' given too few or too many levels (as typed)",
    ),
    "calculator.teams.none": Message(
        "{players} players play each for themselves (--teams 0)",
        "a team layout refused: this table has no teams; {players} in words",
    ),
    "calculator.teams.some": Message(
        "{players} players play in {layouts} teams, or each for themselves (--teams 0)",
        "a team layout refused; {players} in words, {layouts} the numbers of teams allowed, joined as a choice",
    ),
    "calculator.paired_two_players": Message(
        "--paired is for two players only", "'simulate --paired' with more than two players"
    ),
    "calculator.unknown_level": Message(
        "unknown player {level}; choose from {levels}", "'simulate --players': a level that is not one"
    ),
    "calculator.games_at_least_one": Message("the number of games must be at least 1", "'simulate --games' below 1"),
    # the command line
    "calculator.error.command": Message(
        "spoken-cribbage {command}: {message}",
        f"{_CLI}: a command refused; {{command}} is the command typed, {{message}} why",
    ),
    "calculator.error.plain": Message("spoken-cribbage: {message}", f"{_CLI}: refused; {{message}} why"),
    "calculator.usage_error": Message(
        "spoken-cribbage: {message}. Try --help.",
        f"{_CLI} that argparse refused; {{message}} is argparse's own sentence (English)",
    ),
    "calculator.stopped": Message("Stopped.", f"{_CLI}: stopped by Control C"),
    "calculator.crashed": Message(
        "spoken-cribbage: something went wrong: {kind}: {error}", f"{_CLI}: a fault of the program"
    ),
    "calculator.score_hand_size": Message(
        "Give the 4 cards of a hand, or 5 at a table of six, and the starter after --starter; {count} card was given.",
        "'spoken-cribbage score' with the wrong number of cards",
        plural="Give the 4 cards of a hand, or 5 at a table of six, and the starter after --starter; "
        "{count} cards were given.",
    ),
    "calculator.setting_refused": Message(
        "That setting was not changed: {reason}.", "'spoken-cribbage settings NAME VALUE' refused"
    ),
    "calculator.setting_saved": Message(
        "{Name} is now {value}, from the next start of the game.",
        "'spoken-cribbage settings NAME VALUE': done; {Name} is the setting's name (storage.name.*)",
    ),
    "calculator.setting_unprintable": Message(
        "the value has characters that cannot be shown", "why a setting was not changed (a clause)"
    ),
    "calculator.seed_range": Message(
        "the seed must be a whole number from {low} to {high}", "--seed out of range (a clause)"
    ),
    "calculator.score_call": Message(
        "{call}.", "'spoken-cribbage score': the count called aloud (the call: the hand counts' words)"
    ),
    "calculator.score_total": Message("Total: {total}.", "'spoken-cribbage score': the hand's total"),
    "calculator.peg.first": Message("First player", "'spoken-cribbage peg': the player of the first card"),
    "calculator.peg.second": Message("Second player", "'spoken-cribbage peg': the other player"),
    "calculator.peg_play.plain": Message(
        "{player} plays {card}. Count {count}.",
        "'spoken-cribbage peg': a card of the series, and the count; {player} is calculator.peg.*",
    ),
    "calculator.peg_play.call": Message(
        "{player} plays {card}. Count {count}. {call}.",
        "'spoken-cribbage peg': a card of the series that scores, the count and the call",
    ),
    "calculator.peg_go": Message(
        "Go: {card} would make {count}. {last} pegs one for the go.",
        "'spoken-cribbage peg': a card that would pass 31; {last} pegs one for the go",
    ),
    "calculator.dealer_and_pone": Message(
        "Choose one of --dealer and --pone, not both.", "'spoken-cribbage discard' given both"
    ),
    "calculator.dealer_or_pone": Message(
        "Say whose crib it is: --dealer or --pone (or --partner at a team table).",
        "'spoken-cribbage discard' given neither",
    ),
    "calculator.dealt_cards.dealer": Message(
        "With {players} players the dealer is dealt {needed} cards; give {needed}, not {count}.",
        f"{_DISCARD}: the wrong number of cards for the dealer; {{players}} in words",
    ),
    "calculator.dealt_cards.pone": Message(
        "With {players} players the seat that does not deal is dealt {needed} cards; give {needed}, not {count}.",
        f"{_DISCARD}: the wrong number of cards for a player who does not deal; {{players}} in words",
    ),
    "calculator.dealer_lays_none": Message(
        "With {players} players the dealer is dealt {dealt} cards and lays none away: there is no discard to choose.",
        f"{_DISCARD}: the dealer at a table where the dealer lays none away",
    ),
    "calculator.discard_players": Message("--players is a number from 2 to 6.", f"{_DISCARD}: --players wrong"),
    "calculator.discard_teams": Message(
        "{refusal}.", f"{_DISCARD}: --teams refused; {{refusal}} is calculator.teams.*, first letter capital"
    ),
    "calculator.no_partner": Message(
        "At this table of {players} each plays for themselves: there is no partner. Give --teams for a team table.",
        f"{_DISCARD}: --partner at a table without teams; {{players}} in words",
    ),
    "calculator.whose_crib_three": Message(
        "Choose one of --dealer, --pone and --partner.", f"{_DISCARD}: two of them given"
    ),
    "calculator.workers_range": Message(
        "--workers must be between 1 and {most}, the processors of this machine", "'simulate --workers' wrong"
    ),
    "calculator.rounds_at_least_one": Message("--rounds must be at least 1.", "'practice --rounds' below 1"),
    "calculator.crib_is_for_count": Message("--crib is for practice count.", "'practice discard --crib'"),
    "calculator.simulate_progress": Message(
        "simulate: {done} of {total} game, {elapsed:.0f} s",
        "'spoken-cribbage simulate' working: how far",
        plural="simulate: {done} of {total} games, {elapsed:.0f} s",
        count="total",
    ),
    # the report of simulate (for developers; numbers keep their decimals and point)
    # the counts of the report, each with its plural forms ('1 game', '2 games')
    **{
        code: Message(english, f"{_REPORT}: {heard}", plural=plural, count=count)
        for code, english, plural, count, heard in (
            (
                "calculator.report.head.two",
                "{games} game, seed {seed}: {first} versus {second}",
                "{games} games, seed {seed}: {first} versus {second}",
                "games",
                "the first line, two players ({first} and {second} are levels, as typed)",
            ),
            (
                "calculator.report.head.many",
                "{games} game, seed {seed}: {many} players, {layout}: {names}",
                "{games} games, seed {seed}: {many} players, {layout}: {names}",
                "games",
                "the first line, three players or more ({many} in words; {layout} is calculator.report.layout.*; "
                "{names} the levels, as typed)",
            ),
            ("calculator.report.wins", "{count} win", "{count} wins", "count", "a seat's or a team's games won"),
            (
                "calculator.report.skunks",
                "{count} skunk ({doubles})",
                "{count} skunks ({doubles})",
                "count",
                "a seat's or a team's skunks, and how many of them were double (calculator.report.doubles)",
            ),
            (
                "calculator.report.doubles",
                "{count} double",
                "{count} double",
                "count",
                "how many of a seat's skunks were double skunks, inside calculator.report.skunks' brackets",
            ),
            (
                "calculator.report.paired",
                "{pairs} pair of games on the same cards, seats swapped: {first} won both {first_both}, "
                "{second} won both {second_both}, one each {split}; {first} {rate:.2f}% "
                "(95% CI over the pairs {low:.2f} to {high:.2f})",
                "{pairs} pairs of games on the same cards, seats swapped: {first} won both {first_both}, "
                "{second} won both {second_both}, one each {split}; {first} {rate:.2f}% "
                "(95% CI over the pairs {low:.2f} to {high:.2f})",
                "pairs",
                "--paired: the pairs of games each level won both of, split, and the first level's share in percent",
            ),
            (
                "calculator.report.per_deal",
                "points per completed deal ({deals} deal; pegging = play, go and last; heels apart):",
                "points per completed deal ({deals} deals; pegging = play, go and last; heels apart):",
                "deals",
                "the title of the points a deal (pegging is the play's points, go and last card included; "
                "his heels is counted apart)",
            ),
        )
    },
    **{
        code: Message(english, f"{_REPORT}: {heard}")
        for code, english, heard in (
            ("calculator.report.layout.each", "each for themselves", "a table of players each for themselves"),
            ("calculator.report.layout.teams", "{many} teams", "a table of teams ({many} in words)"),
            ("calculator.report.seat", "seat {seat} {name}", "a seat (a number) and its level, as typed"),
            (
                "calculator.report.team",
                "team {team} ({seats}: {names})",
                "a team (a number), its seats (calculator.report.seats.*) and their levels",
            ),
            ("calculator.report.seats.many", "seats {seats}", "the seats of a team, as in '0, 2 and 4'"),
            (
                "calculator.report.side",
                "{who}: {wins}, {rate:.1f}% (95% CI {low:.1f} to {high:.1f}), {skunks}",
                "a seat's or a team's wins (calculator.report.wins), in percent with the 95% confidence "
                "interval, and its skunks (calculator.report.skunks)",
            ),
            (
                "calculator.report.first_dealer.two",
                "first dealer won {rate:.1f}% (95% CI {low:.1f} to {high:.1f})",
                "how often the first dealer won, in percent, two players",
            ),
            (
                "calculator.report.first_dealer.many",
                "first dealer's side won {rate:.1f}% (95% CI {low:.1f} to {high:.1f}); an even share is {even:.1f}%",
                "how often the first dealer's side won, in percent, three players or more",
            ),
            ("calculator.report.role", "{who} {role}", "a seat and its role (calculator.report.role.*)"),
            ("calculator.report.role.as_dealer", "as dealer", "a seat's deals as the dealer"),
            ("calculator.report.role.as_pone", "as pone", "a seat's deals as the pone, two players"),
            ("calculator.report.role.not_dealing", "not dealing", "a seat's deals when not dealing, more players"),
            ("calculator.report.any.dealer", "any dealer", "every seat's deals as the dealer"),
            ("calculator.report.any.pone", "any pone", "every seat's deals as the pone, two players"),
            ("calculator.report.any.not_dealing", "any seat not dealing", "every seat's deals when not dealing"),
            (
                "calculator.report.deal.dealer",
                "{who}: total {total:.2f} = pegging {pegging:.2f}, hand {hand:.2f}, crib {crib_points:.2f}, "
                "heels {heels:.2f}",
                "the points a deal as dealer: in all, in the play, the hand, the crib and his heels",
            ),
            (
                "calculator.report.deal.other",
                "{who}: total {total:.2f} = pegging {pegging:.2f}, hand {hand:.2f}",
                "the points a deal when not dealing: in all, in the play and the hand",
            ),
            (
                "calculator.report.speed",
                "{seconds:.1f} seconds, {speed:.1f} games per second",
                "the last line: how long the simulation took",
            ),
        )
    },
    # the discards ranked
    "calculator.table.two": Message(
        "The {count} discard, best first; {whose}.",
        f"{_DISCARD}: the first line, at a table of two; {{whose}} is calculator.whose.*",
        plural="The {count} discards, best first; {whose}.",
    ),
    "calculator.table.many": Message(
        "The {count} discard with {players} players, best first; {whose}.",
        f"{_DISCARD}: the first line, at a table of three or more; {{players}} in words",
        plural="The {count} discards with {players} players, best first; {whose}.",
    ),
    "calculator.whose.yours": Message("the crib is yours", f"{_DISCARD}: whose crib"),
    "calculator.whose.partner": Message("the crib is your partner's", f"{_DISCARD}: whose crib"),
    "calculator.whose.opponent": Message("the crib is your opponent's", f"{_DISCARD}: whose crib"),
    "calculator.whose.opponents": Message(
        "the crib is an opponent's, counted at {share} against you ({rivals})",
        f"{_DISCARD}: whose crib, at a table of three or more (calculator.share.N, calculator.rivals)",
    ),
    "calculator.table.line": Message(
        "Keep {keep}; lay away {away}: hand {hand:.1f}, {crib} {crib_points:.1f}, net {net:.1f}.",
        f"{_DISCARD}: one discard, the points expected of the hand and the crib and the net; "
        "{crib} is calculator.crib.*",
    ),
    "calculator.crib.yours": Message("crib", f"{_DISCARD}: the player's crib, in a line"),
    "calculator.crib.partner": Message("partner's crib", f"{_DISCARD}: the partner's crib, in a line"),
    "calculator.crib.opponent": Message("their crib", f"{_DISCARD}: an opponent's crib, in a line"),
    # win chances
    "calculator.odds_chance.more": Message(
        "Your chance to win is more than 99 percent.", "the win chance (key o, or 'spoken-cribbage odds')"
    ),
    "calculator.odds_chance.less": Message(
        "Your chance to win is less than 1 percent.", "the win chance (key o, or 'spoken-cribbage odds')"
    ),
    "calculator.odds_chance.percent": Message(
        "Your chance to win is {percent} percent.", "the win chance (key o, or 'spoken-cribbage odds')"
    ),
    "calculator.odds_unreadable": Message(
        "The win-chance table cannot be read, so no chance is given.", "the win chance: its table is damaged"
    ),
    "calculator.odds_target": Message(
        "Win chances are known for games {targets} only, not to {target}.",
        "the win chance asked for a game to another target; {targets} are calculator.odds_to joined",
    ),
    "calculator.odds_to": Message("to {target}", "a game's target, as in 'games to 121 and to 61'"),
    "calculator.odds_score": Message(
        "Scores go from 0 to {top} in a game to {target}; {score} is not one.", "'spoken-cribbage odds': a score wrong"
    ),
    "calculator.odds_players": Message(
        "Win chances are known for two-player games only.", "the win chance asked at a larger table"
    ),
    "calculator.odds_game_over": Message("The game is over: no chance to give.", "the win chance asked at the end"),
    # ranks in the plural ('You have no fives')
    **{
        f"calculator.ranks.{r}": Message(
            RANK_PLURALS[r], f"the rank {RANK_SHORT[r]} in the plural, as in 'You have no {RANK_PLURALS[r]}'"
        )
        for r in range(1, 14)
    },
    # suits in the plural ('You have three hearts')
    **{
        f"calculator.suits.{n}": Message(
            SUIT_NAMES[n], f"the suit {SUIT_NAMES[n]} in the plural, as in 'You have no {SUIT_NAMES[n]}'"
        )
        for n in range(4)
    },
}
