"""The messages of the announcer (:mod:`spoken_cribbage.words.announcer`): the lines of game
events, on the catalogue (:mod:`spoken_cribbage.words.catalogue`).

A sentence whose verb agrees with its subject has a message per subject: ``.you`` for the
player ('You play the five of hearts.') and ``.other`` for another player ({Who}: 'Computer
plays ...'), so that each language conjugates its own verb. {Who} is a name at the start of a
sentence (capitalised), {who} one inside it. A card is named with its article ('the five of
hearts', card.the_list) unless the message says otherwise; counts and points are digits, and
{total} and other numbers 'in words' are as the language calls them (number.said.N).
"""

from __future__ import annotations

from spoken_cribbage.words.catalogue import Message

M = Message

_ME = "the player"
_THEM = "another player, {Who} (a name: 'Computer', 'Max')"

CODES: dict[str, Message] = {
    # a new game, the table
    "game.new": M(
        "New game to {target} points against {others}.",
        "a new game begins; {target} is 121 or 61, {others} the other players' names joined ('Computer'; "
        "'Max and Lena')",
    ),
    "game.new_teams": M(
        "New game to {target} points: {mine} against {others}.",
        "a new game of teams begins; {mine} is the player's team ('you and Lena'), {others} the other "
        "teams joined by game.and_against",
    ),
    "game.and_against": M(
        "{teams} and against {team}",
        "joining the other teams of a game of three teams: 'Max and Ruby and against Lena and Valentina'",
    ),
    "table.partner": M("Your partner is {who}", "the start of the table's line: the player's one partner"),
    "table.partner_opposite": M(
        "Your partner is {who}, sitting opposite", "the start of the table's line: the partner sits opposite"
    ),
    "table.partners": M("Your partners are {who}", "the start of the table's line: the player's partners"),
    "table.against": M(
        "{head}; {team} play against you.",
        "the table's line with one other team: {head} names the partner (table.partner), {team} the "
        "other team ('Max and Oliver')",
    ),
    "table.teams": M(
        "{head}. The other teams: {teams}.",
        "the table's line with two other teams: {head} names the partners, {teams} the teams joined by "
        "table.teams_join",
    ),
    "table.teams_join": M("{teams}; {team}", "joining the other teams in the table's line"),
    "table.order": M(
        "Play goes round the table: {order}.", "the order of play at a table of three or more; {order} the names"
    ),
    "scores.line": M("{scores}.", "the scores after points are scored: 'You 4, Computer 12.' ({scores}: the sides)"),
    # the cut
    "cut.table": M(
        "Cut for the deal: {cuts}.",
        "the cut for the first deal at a table of three or more; {cuts} each player with the rank cut "
        "('you a nine, Max an ace')",
    ),
    "cut.table_tie": M(
        "Cut for the deal: {cuts}. A tie for lowest: cut again.",
        "the cut for the first deal at a table, tied for the lowest card",
    ),
    "cut.seat": M("{who} {card}", "one player's cut in cut.table: 'Max an ace'"),
    "cut.you": M("you cut {card}", "the player's cut for the first deal, as in 'You cut the ten of diamonds'"),
    "cut.other": M(
        "{who} cuts {card}",
        "another player's cut for the first deal, after the player's: 'Computer cuts the four of clubs'",
    ),
    "cut.both": M(
        "{first}; {second}.", "the two cuts for the first deal: 'You cut the ten of diamonds; Computer cuts ...'"
    ),
    "cut.both_tie": M("{first}; {second}. A tie: cut again.", "the two cuts for the first deal, of the same rank"),
    "dealer.you": M("You deal first: the lower card deals.", "after the cut: the player cut the lower card"),
    "dealer.other": M("{Who} deals first: the lower card deals.", f"after the cut: {_THEM} cut the lower card"),
    # the deal
    "deal.you": M(
        "Deal {deal}. Your crib{side}.",
        "a new deal ({deal} its number), the player's crib; {side} "
        "is empty or says whose side the crib counts for (deal.side.*)",
    ),
    "deal.other": M("Deal {deal}. {Who}'s crib{side}.", f"a new deal, the crib of {_THEM}"),
    "deal.side.mine": M(", for your side", "after 'Deal 3. Lena's crib': the partner's crib counts for the player"),
    "deal.side.other": M(", for the other side", "after 'Deal 3. Max's crib': a crib of the other team"),
    "deal.side.team": M(", for {team}", "after 'Deal 3. Max's crib': the crib counts for that team, named"),
    # the discard
    "discard.laid": M("Laid away.", "the player's discard, just confirmed by a question naming its cards"),
    "discard.you": M("You lay away {cards}.", "the player's discard; {cards} the cards with their article"),
    "discard.other": M(
        "{Who} lays away a card.",
        f"{_THEM} lays cards away to the crib (said by the coach, or at a table)",
        plural="{Who} lays away {count} cards.",
    ),
    "discard.others": M(
        "{Who} lay away a card each.",
        "several other players lay away cards to the crib; {Who} their names joined ('Max, Lena and Oliver')",
        plural="{Who} lay away {count} cards each.",
    ),
    "discard.from_deck": M(
        "One card from the deck goes to the crib.", "a table of three: the crib's fourth card from the deck"
    ),
    "starter": M("The starter is {card}.", "the starter card turned up after the discard"),
    "starter.named": M(
        "The starter: {card}.", "the starter said once at the start of the show (brief starter); no article"
    ),
    # the play
    "play.you": M("You play {card}. Count {count}.", "the player's card played and the count after it"),
    "play.other": M("{Who} plays {card}. Count {count}.", f"{_THEM} plays a card; the count after it"),
    "play.with_call": M(
        "{line} {Call}.", "a card played and what it scores: {line} is the card's line, {Call} the call ('Fifteen two')"
    ),
    "play.speech.you": M("{Rank}.", "spoken only: the player's card played, by its rank ('Five.')"),
    "play.speech.other": M(
        "{Who} plays {card}.", f"spoken only: {_THEM} plays a card, said by rank ('Computer plays a nine.')"
    ),
    "play.speech.count": M(
        "{line} {Count}.", "spoken only: a card played and the count in words ('Computer plays a nine. Twenty.')"
    ),
    "play.terse": M(
        "{Who}: {rank}. {count}.", "terse verbosity: a card played, by rank, and the count ('Computer: nine. 24.')"
    ),
    "play.no_cards_left": M("{line} No cards left.", "terse: a card played that was the player's last"),
    "play.out": M("{Who} has no cards.", f"{_THEM} played their last card and the play goes on"),
    "go.you": M("You cannot play: go.", "the player has no card that fits: go"),
    "go.other": M("{Who} says go.", f"{_THEM} cannot play"),
    "reset": M("Count back to 0.", "the count goes back to zero after a go or 31; the player leads"),
    "reset.speech": M("Count back to zero.", "spoken only: the count goes back to zero; the player leads"),
    "reset.lead": M("Count back to 0. {Who} leads.", "the count goes back to zero and another player leads"),
    "reset.lead_speech": M("Count back to zero. {Who} leads.", "spoken only: the count back to zero, another leads"),
    "play.over": M("The play is over. Now the show.", "the coach: the play ended, the hands are counted next"),
    # points
    "score.go.you": M("One for the go to you.", "the player scores one for the go"),
    "score.go.other": M("One for the go to {who}.", f"{_THEM} scores one for the go"),
    "score.last.you": M("One for last to you.", "the player scores one for the last card"),
    "score.last.other": M("One for last to {who}.", f"{_THEM} scores one for the last card"),
    "score.heels.you": M("Two for his heels to you.", "the starter is a jack: the player, the dealer, scores two"),
    "score.heels.other": M("Two for his heels to {who}.", f"the starter is a jack: {_THEM}, the dealer, scores two"),
    "score.play": M(
        "{Call} to {who}.",
        "points of the play said apart from the card ('Fifteen two to Computer.'); {who} may be 'you'",
    ),
    "score.you": M("You score {points}.", "the player scores points (any other reason)"),
    "score.other": M("{Who} scores {points}.", f"{_THEM} scores points (any other reason)"),
    "overcount.you": M(
        "Overcount: you take the {n} {who} claimed too many.",
        "manual counting: another player claimed too many and the player takes the difference; {n} in words",
    ),
    "overcount.other": M(
        "Overcount: {who} takes the {n} {claimer} claimed too many.",
        f"manual counting: {{claimer}} claimed too many and {_THEM} takes the difference",
    ),
    "overcount.from_you": M(
        "Overcount: {who} takes the {n} you claimed too many.",
        f"manual counting: the player claimed too many and {_THEM} takes the difference; {{n}} in words",
    ),
    "overcount.you_plain": M("Overcount: you take {n}.", "manual counting: the player takes points for an overcount"),
    "overcount.other_plain": M("Overcount: {who} takes {n}.", f"manual counting: {_THEM} takes overcount points"),
    # the show
    "show.hand.you": M(
        "Your hand: {cards}{starter}.",
        "the show: the player's hand; {cards} the four cards without "
        "article, {starter} empty or show.with_starter (the coach)",
    ),
    "show.crib.you": M("Your crib: {cards}{starter}.", "the show: the player's crib and its cards"),
    "show.hand.other": M("{Who}'s hand: {cards}{starter}.", f"the show: the hand of {_THEM}"),
    "show.crib.other": M("{Who}'s crib: {cards}{starter}.", f"the show: the crib of {_THEM}"),
    "show.with_starter": M(
        ", with {card}", "the coach, after a hand's cards in the show: the starter, with its article"
    ),
    "show.one_suit": M(
        "{ranks} of {suit}", "brief suits: a hand of one suit names the suit once ('ace, two, three and five of clubs')"
    ),
    "show.nineteen.hand": M("Nineteen: no points in the hand.", "the show: a hand with no points ('nineteen')"),
    "show.nineteen.crib": M("Nineteen: no points in the crib.", "the show: a crib with no points"),
    "show.call": M(
        "{Call}.", "the show: a hand's count called aloud, as in 'Fifteen two, fifteen four, and a pair is six.'"
    ),
    "show.total.hand": M("{Call}. Hand total {total}.", "the coach: a hand's count called, then its total in digits"),
    "show.total.crib": M("{Call}. Crib total {total}.", "the coach: a crib's count called, then its total in digits"),
    "show.with_the_starter": M(
        "With the starter: {card}.", "manual counting: the player's hand to count is laid out, then the starter"
    ),
    # manual counting: claims, time, muggins
    "claim.says_nineteen": M("{Who} says nineteen.", f"manual counting: {_THEM} counts no points"),
    "claim.counts": M("{Who} counts {said}.", f"manual counting: {_THEM} counts its hand; {{said}} in words"),
    "claim.right": M("Right, {said}.", "manual counting: the player's count is right"),
    "claim.over.hand": M(
        "{Who} counts {said}, but the hand counts {total}.", f"manual counting: {_THEM} counts too many"
    ),
    "claim.over.crib": M(
        "{Who} counts {said}, but the crib counts {total}.", f"manual counting: {_THEM} counts too many"
    ),
    "claim.over_nothing.hand": M(
        "{Who} counts {said}, but the hand counts nothing: nineteen.", f"manual counting: {_THEM} counts a hand of none"
    ),
    "claim.over_nothing.crib": M(
        "{Who} counts {said}, but the crib counts nothing: nineteen.", f"manual counting: {_THEM} counts a crib of none"
    ),
    "claim.wrong.hand": M("You said {said}; the hand counts {total}.", "manual counting: the player's count is wrong"),
    "claim.wrong.crib": M(
        "You said {said}; the crib counts {total}.", "manual counting: the player's crib count is wrong"
    ),
    "claim.wrong_nothing.hand": M(
        "You said {said}; the hand counts nothing: nineteen.", "manual counting: the player counted a hand of none"
    ),
    "claim.wrong_nothing.crib": M(
        "You said {said}; the crib counts nothing: nineteen.", "manual counting: the player counted a crib of none"
    ),
    "claim.pegs.you": M("You peg {n}.", "manual counting: the points the player pegs for a count; {n} in words"),
    "claim.pegs.other": M("{Who} pegs {n}.", f"manual counting: the points {_THEM} pegs; {{n}} in words"),
    "time_up.hand.you": M(
        "Time is up: no points for your hand.", "manual counting: the player's time to count ran out"
    ),
    "time_up.crib.you": M("Time is up: no points for your crib.", "manual counting: time ran out on the player's crib"),
    "time_up.hand.other": M(
        "Time is up: no points for {who}'s hand.", "manual counting: time ran out on another's hand"
    ),
    "time_up.crib.other": M(
        "Time is up: no points for {who}'s crib.", "manual counting: time ran out on another's crib"
    ),
    "time_up.takes.you": M("You take {n}, half the count.", "manual counting: the player takes half a count timed out"),
    "time_up.takes.other": M("{Who} takes {n}, half the count.", f"manual counting: {_THEM} takes half the count"),
    "muggins.you": M(
        "Muggins: you take the {n} {who} missed.",
        "muggins: the player takes points another player missed; {n} in words",
    ),
    "muggins.other": M(
        "Muggins: {who} takes the {n} {missed_by} missed.", "muggins: another player takes points {missed_by} missed"
    ),
    "muggins.from_you": M(
        "Muggins: {who} takes the {n} you missed.",
        "muggins: another player takes points the player missed in a count; {n} in words",
    ),
    "muggins.counts.hand": M(
        "{Who}'s hand counts {total}: {call}.", "muggins: what the other player's hand really counts, and the call"
    ),
    "muggins.counts.crib": M(
        "{Who}'s crib counts {total}: {call}.", "muggins: what the other player's crib really counts, and the call"
    ),
    # the end of a deal and of the game
    "deal_end.you": M("Press Enter for your deal.", "the deal is over: the next deal is the player's"),
    "deal_end.other": M("Press Enter for {who}'s deal.", "the deal is over: the next deal is another player's"),
    "win.you": M("You win", "the start of the game's last line: the player wins (or their team: 'You and Lena win')"),
    "win.other": M("{Who} wins", "the start of the game's last line: another player wins"),
    "win.team": M("{Who} win", "the start of the game's last line: another team wins ('Max and Oliver win')"),
    "win.team_you": M(
        "{Who} win",
        "the start of the game's last line: the player's team wins ('You and Lena win'; {Who} begins with you: "
        "a verb agrees with it as with you)",
    ),
    "over.mine": M("{Wins}, {score} to {other}!", "the game is won by the player; {Wins} is win.you, then the scores"),
    "over.theirs": M("{Wins}, {score} to {mine}.", "the game is won by another; {Wins} is win.other, then the scores"),
    "over.table_mine": M("{Wins} with {score}!", "the game of three sides is won by the player's side"),
    "over.table": M("{Wins} with {score}.", "the game of three sides is won by another side"),
    # the loser: another player, another team ('Max and Oliver'), or the player's side ('you',
    # 'you and Lena': a verb agrees with it as with you)
    **{
        f"{code}{whose}": M(f"That is a {kind}: {{who}} did not reach {{line}}.", f"{heard}; {loser}")
        for code, kind, heard in (
            ("skunk", "skunk", "the game ends with the loser under 91 (a skunk)"),
            ("skunk.double", "double skunk", "the game ends with the loser under 61 (a double skunk)"),
        )
        for whose, loser in (
            ("", "{who} another player"),
            (".team", "{who} another team, as in 'Max and Oliver'"),
            (".you", "{who} the player ('you') or the player's team ('you and Lena')"),
        )
    },
}
