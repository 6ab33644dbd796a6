"""How the players are named: 'you', the computer players' names, sides and partners, and the
verbs that agree with them ('you play', 'Max plays')."""

from __future__ import annotations

from collections.abc import Sequence

from spoken_cribbage.words.catalogue import Message, say, text
from spoken_cribbage.words.lines import cap, list_words

#: The one computer player of a two-player game.
COMPUTER = "Computer"
#: The computer players at a larger table, in seat order: each starts with another sound and
#: most have another number of syllables, so they are told apart by ear.
COMPUTER_NAMES = ("Max", "Lena", "Oliver", "Ruby", "Valentina")


#: The player and the computer as named in the game's sentences, on the catalogue
#: (words.catalogue); the names of the other computer players are names in every language.
CODES: dict[str, Message] = {
    "name.you": Message(
        "you",
        "the player, named in a list or the scores, as in 'You 4, Computer 12.' or 'Cards held: you 4, Computer 4.'",
    ),
    "name.computer": Message(
        "Computer",
        "the one computer player of a two-player game, named as a person, as in 'Computer plays the "
        "five of hearts.', 'Computer's crib', 'You 4, Computer 12.'",
    ),
    "scores.side": Message("{name} {score}", "a side's score in the scores line, as in 'Computer 12'"),
    "scores.next": Message(
        ", {next}", "the next side's score after another in the scores line, as in 'You 4, Computer 12'"
    ),
    "scores.next_team": Message(
        "; {next}",
        "the next team's score after another when teams of three are named, as in 'You, Lena and Ruby 4; Max, ...'",
    ),
}


def shown_name(name: str) -> str:
    """A seat's name as said in the current language: 'you' and 'Computer' translated, the
    other names as they are."""
    if name == "you":
        return text("name.you", CODES["name.you"])
    if name == COMPUTER:
        return text("name.computer", CODES["name.computer"])
    return name


def seat_names(players: int, given: Sequence[str] = (), me: int = 0) -> tuple[str, ...]:
    """A name for every seat: 'you' for seat ``me``; the others, in seat order, take the names
    ``given`` first, then the default names not given (with two players: 'Computer').

    >>> seat_names(4)
    ('you', 'Max', 'Lena', 'Oliver')
    >>> seat_names(3, ["Ann"])
    ('you', 'Ann', 'Max')
    """
    defaults = (COMPUTER,) if players == 2 and not given else COMPUTER_NAMES
    taken = {n.lower() for n in given}
    pool = list(given) + [d for d in defaults if d.lower() not in taken]
    out, k = [], 0
    for seat in range(players):
        if seat == me:
            out.append("you")
            continue
        out.append(pool[k] if k < len(pool) else f"Player {seat + 1}")
        k += 1
    return tuple(out)


class Names:
    """How players are named: seat 0 'you' by default, seat 1 'Computer'."""

    def __init__(self, names: Sequence[str] = ("you", COMPUTER), me: int = 0):
        self.names = list(names)
        self.me = me

    def subject(self, seat: int) -> str:
        return shown_name(self.names[seat])

    def Subject(self, seat: int) -> str:
        return cap(self.subject(seat))

    def verb(self, seat: int, base: str, third: str | None = None) -> str:
        """'you play' / 'Computer plays'."""
        if seat == self.me:
            return f"{self.names[seat]} {base}"
        return f"{self.names[seat]} {third or base + 's'}"

    def Verb(self, seat: int, base: str, third: str | None = None) -> str:
        return cap(self.verb(seat, base, third))

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.me else f"{self.names[seat]}'s"

    def scores(self, scores: Sequence[int], sides: int) -> str:
        """'You 24, Computer 31.' with the player's side first."""
        order = [self.me % sides] + [s for s in range(sides) if s != self.me % sides]
        # sides of three name their players with commas: "You, Lena and Ruby 4; Max, ..."
        after = "scores.next_team" if len(self.names) >= 3 * sides else "scores.next"
        said = [
            say(CODES["scores.side"], {"name": self.side_name(s, sides), "score": scores[s]}, "scores.side")
            for s in order
        ]
        line = said[0] + "".join(say(CODES[after], {"next": s}, after) for s in said[1:])
        return cap(line)

    def side_name(self, side: int, sides: int) -> str:
        if sides == len(self.names):
            return self.subject(side)
        return list_words([self.subject(s) for s in self.seats(side, sides)])

    def seats(self, side: int, sides: int) -> list[int]:
        """The seats of ``side``, the player's own first."""
        seats = [s for s in range(len(self.names)) if s % sides == side]
        return sorted(seats, key=lambda s: s != self.me)

    def side_verb(self, side: int, sides: int, base: str) -> str:
        """'Max wins', 'Max and Oliver win', 'you win'."""
        seats = self.seats(side, sides)
        if len(seats) == 1:
            return self.verb(seats[0], base)
        return f"{self.side_name(side, sides)} {base}"

    def partners(self, sides: int) -> list[int]:
        """The player's partners (none when each plays for themselves)."""
        return [s for s in self.seats(self.me % sides, sides) if s != self.me]
