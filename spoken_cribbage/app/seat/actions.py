"""The seat's game actions (issue 24, a group of the Commands stage): cards played and laid
away, go, a count claimed and muggins (manual counting), the next deal and a new game, undo,
the time left to count, the yes/no/cancel words with no question open, and quit. The engine
is the referee: an action it refuses is phrased by the seat (:meth:`Actions.do`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from spoken_cribbage.app.coach import move_end
from spoken_cribbage.app.seat import narration
from spoken_cribbage.app.seat.count_clock import CountClock
from spoken_cribbage.app.seat.hand_view import HandView, Marked, Why
from spoken_cribbage.app.seat.narration import Narrated
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import Asking, Question
from spoken_cribbage.app.seat.registry import Registry
from spoken_cribbage.app.seat.turns import Table
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.vocabulary import Command, claimed
from spoken_cribbage.words.announce import Answers, Names, cap
from spoken_cribbage.words.lines import LineKind, card_name, the_card, the_cards
from spoken_cribbage.words.seat import cards_count, hand_summary, more, numbers, phrase, refusal
from spoken_cribbage.words.seat import undone as undone_line

__all__ = ["ACTIONS", "Actions", "Acting", "claim", "do", "keep_the_sure_cards", "mark", "numbered"]


class Actions(Protocol):
    """What the game actions need of the seat."""

    me: int
    names: Names
    settings: Settings
    output: Output

    @property
    def table(self) -> Table:
        """The table the seat sits at (read only here: the facade may hold a wider kind)."""
        ...

    answers: Answers
    hand_view: HandView
    asking: Asking
    #: the game is over
    finished: bool
    #: the game is saved, so quitting keeps it
    kept: bool
    #: listening on and off, while voice commands are on
    listen_toggle: Callable[[], None] | None

    @property
    def count_clock(self) -> CountClock | None: ...

    def do(self, action: g.Action) -> None:
        """Try the player's action: its events said, or the engine's refusal phrased."""
        ...

    def after(self, events: list[g.Event]) -> None:
        """Say ``events`` and play on until the player must act."""
        ...

    def take_back(self) -> list[g.Action]:
        """Undo at the table: the actions taken back (the player's first)."""
        ...

    def ask(self, kind: Question, question: str, held: str | None = None) -> None: ...

    def leave(self) -> None: ...

    def unsaved_words(self, when: str) -> str | None: ...

    def begin(self, names: Sequence[str] | None) -> None:
        """A new game set at the table: seat the player at it and start it."""
        ...


ACTIONS: Registry[Actions] = Registry("game actions")


def _obs(seat: Actions) -> g.Observation:
    return seat.table.observation(seat.me)


def _error(seat: Actions, text: str) -> None:
    seat.output.tell(text, LineKind.ERROR)


def numbered(seat: Actions, n: int) -> Card | None:
    """The card numbered ``n`` as last heard, or None after saying why there is none."""
    obs = _obs(seat)
    card = seat.hand_view.card(n, obs.hand)
    if isinstance(card, Card):
        return card
    held = seat.hand_view.held_positions(obs.hand)
    if card is Why.NO_CARDS:
        _error(seat, phrase("no_cards_left"))
    elif card is Why.LEFT_HAND:
        gone = seat.hand_view.was_numbered(n)
        assert gone is not None
        key = "card_in_crib" if gone in obs.discards else "card_played"
        _error(seat, phrase(key, n=n, card=the_card(gone), numbers=numbers(held)))
    else:
        _error(seat, phrase("no_such_card", n=n, numbers=numbers(held)))
    return None


def mark(seat: Actions, card: Card, *, toggle: bool = True) -> None:
    """Mark a card for the crib (or unmark it); ask to confirm once enough are marked."""
    need = seat.table.rules.discards
    view = seat.hand_view
    done = view.mark(card, need, toggle=toggle)
    left = more(need - len(view.marked))
    if done is Marked.ALREADY:
        _error(seat, phrase("already_chosen_card", card=the_card(card), Card=cap(the_card(card)), more=left))
    elif done is Marked.UNMARKED:
        seat.asking.close()
        seat.output.tell(phrase("unchosen", card=card_name(card), Card=cap(card_name(card)), more=left))
    elif done is Marked.FULL:
        _error(seat, phrase("already_chosen_all", cards=the_cards(view.marked)))
    elif done is Marked.MARKED:
        seat.output.tell(phrase("chosen", card=card_name(card), Card=cap(card_name(card)), more=left))
    else:
        confirm = "confirm_discard_voice" if seat.listen_toggle is not None else "confirm_discard"
        seat.ask(Question.DISCARD, phrase(confirm, cards=the_cards(view.marked)))


def keep_the_sure_cards(seat: Actions, verb: str, known: Sequence[Card]) -> None:
    """A discard that named one card in doubt ("the ace" with two aces): the other cards it
    named are chosen before the question, so the answer adds the last one."""
    obs = _obs(seat)
    if (
        verb != "discard"
        or obs.phase != g.DISCARD
        or seat.me not in obs.waiting
        or seat.hand_view.marked
        or len(set(known)) != len(known)
        or len(known) >= seat.table.rules.discards
        or not set(known) <= set(obs.hand)
    ):
        return
    for card in known:
        mark(seat, card, toggle=False)


def _resolve(seat: Actions, c: Command) -> list[Card] | None:
    """The cards a command names, by number as last heard or by name; None after saying why
    one is not there."""
    out: list[Card] = []
    if c.numbers:
        for n in c.numbers:
            card = numbered(seat, n)
            if card is None:
                return None
            out.append(card)
        return out
    hand = _obs(seat).hand
    for card in c.cards:
        if card not in hand:
            _error(seat, phrase("not_in_hand", card=the_card(card), hand=hand_summary(hand)))
            return None
        out.append(card)
    return out


@ACTIONS.verb("play")
def play(seat: Actions, c: Command) -> None:
    if _obs(seat).phase != g.PLAY:
        # the engine says why not: outside the play a play and a go are refused for the same
        # reason (the phase), and a go needs no card when none was named (an action is never
        # built of junk: Play(me, None) is refused by its constructor)
        seat.do(g.Play(seat.me, c.cards[0]) if c.cards else g.Go(seat.me))
        return
    cards = _resolve(seat, c)
    if cards is None:
        return
    if len(cards) != 1:
        _error(seat, phrase("one_at_a_time"))
        return
    seat.do(g.Play(seat.me, cards[0]))


@ACTIONS.verb("discard")
def discard(seat: Actions, c: Command) -> None:
    obs = _obs(seat)
    if obs.phase != g.DISCARD or seat.me not in obs.waiting:
        _error(seat, phrase("discard_over", turn=seat.answers.turn()))
        return
    cards = _resolve(seat, c)
    if cards is None:
        return
    if len(set(cards)) != len(cards):
        _error(seat, phrase("named_twice"))
        return
    need = seat.table.rules.discards
    marked = seat.hand_view.marked
    if marked and len(cards) > 1:
        _error(seat, phrase("already_chosen", cards=the_cards(marked), more=more(need - len(marked))))
        return
    if len(cards) == need and not marked:
        seat.do(g.Discard(seat.me, tuple(cards)))
        return
    if len(cards) > need:
        _error(seat, phrase("exactly", count=cards_count(need), given=len(cards)))
        return
    mark(seat, cards[0], toggle=False)


def claim(seat: Actions, n: int) -> None:
    """The player's count of the hand (or crib) in the show: ``n`` points."""
    seat.hand_view.clear_count()
    points = claimed(n)
    if 0 <= points <= seat.table.rules.max_show:
        seat.do(g.Claim(seat.me, points))
    elif g.Claim(seat.me, 0) in _obs(seat).legal:  # a count is due: this one is no count
        _error(seat, refusal("not a count", "", {"points": points}))
    else:  # no count is due from this seat: the engine says why, as for any claim
        seat.do(g.Claim(seat.me, 0))


@ACTIONS.verb("claim")
def claim_count(seat: Actions, c: Command) -> None:
    """The player's count of the hand (or crib) in the show (manual counting)."""
    claim(seat, c.numbers[0] if c.numbers else 0)


@ACTIONS.verb("muggins")
def muggins(seat: Actions, c: Command) -> None:
    """Take the points an opponent missed in its count (manual counting with muggins)."""
    seat.do(g.Muggins(seat.me))


@ACTIONS.verb("go")
def go(seat: Actions, c: Command) -> None:
    seat.do(g.Go(seat.me))


@ACTIONS.verb("next")
def next_deal(seat: Actions, c: Command) -> None:
    phase = _obs(seat).phase
    if phase == g.DEAL_OVER:
        seat.do(g.NextDeal())
    elif phase == g.GAME_OVER:
        seat.output.tell(phrase("game_over"))
    else:
        seat.output.tell(phrase("deal_not_over", turn=seat.answers.turn()))


@ACTIONS.verb("new")
def new_game(seat: Actions, c: Command) -> None:
    if not seat.finished:
        seat.output.tell(phrase("new_game_not_yet"))
        return
    made = seat.table.new_game()
    if made is None:
        seat.output.tell(phrase("new_game_unavailable"))
        return
    seat.begin(made.names)


@ACTIONS.verb("undo")
def undo(seat: Actions, c: Command) -> None:
    """Take back the player's last action and the replies to it, while nothing new has been
    seen since (the engine decides)."""
    blocked = seat.table.can_undo(seat.me)
    if blocked is not None:
        _error(seat, phrase("cannot_undo", reason=blocked.value))
        return
    undone = seat.take_back()
    seat.hand_view.unmark_all()
    seat.asking.close()
    mine = undone[0]
    kind = "play" if isinstance(mine, g.Play) else "go" if isinstance(mine, g.Go) else "discard"
    who = seat.names.subject(1 - seat.me) if seat.table.players == 2 else None
    seat.finished = _obs(seat).phase == g.GAME_OVER
    # the prompt that follows says the count
    seat.output.tell(undone_line(kind, getattr(mine, "card", None), len(undone) - 1, who), LineKind.UNDO)
    seat.after([])


@ACTIONS.verb("time")
def time(seat: Actions, c: Command) -> None:
    clock = seat.count_clock
    if clock is None:
        seat.output.tell(phrase("no_clock" if seat.settings.time_limit else "no_time_limit"))
        return
    left = max(0, round(clock.remaining()))
    seat.output.tell(phrase("time_left_paused" if clock.paused else "time_left", seconds=left))


@ACTIONS.verb("yes")
def yes(seat: Actions, c: Command) -> None:
    seat.output.tell(phrase("no_question_yes"))


@ACTIONS.verb("no")
def no(seat: Actions, c: Command) -> None:
    seat.output.tell(phrase("no_question_no"))


@ACTIONS.verb("cancel")
def cancel(seat: Actions, c: Command) -> None:
    if seat.hand_view.unmark_all():
        seat.asking.close()
        seat.output.tell(phrase("choice_cleared", count=cards_count(seat.table.rules.discards)))
    else:
        seat.output.tell(phrase("nothing_to_cancel"))


@ACTIONS.verb("quit")
def quit_game(seat: Actions, c: Command) -> None:
    if seat.finished:
        seat.leave()
        return
    seat.ask(Question.QUIT, seat.unsaved_words("quit") or phrase("quit_kept" if seat.kept else "quit_seeded"))


class Acting(Actions, Narrated, Protocol):
    """What the player's own action needs of the seat: the coach judges it (from the seat's
    observation), the narration says what followed."""


def do(seat: Acting, action: g.Action) -> None:
    """Try an action of the player's: the coach judges it first, from the observation the
    seat acts on, then the table applies it (a local table tells ``on_action``, the autosave,
    before anything is said); the engine is the referee: its refusal is phrased with what is
    allowed now, and nothing changes."""
    table = seat.table
    obs = table.observation(seat.me)
    try:
        seat.coach.before(obs, table.version, action)
        events = table.apply(action, seat.me)
    except g.IllegalActionError as e:
        playable = [a.card for a in obs.legal if isinstance(a, g.Play)]
        seat.output.tell(
            refusal(
                e.code,
                e.reason,
                e.data,
                playable=playable,
                hand=obs.hand,
                turn=seat.answers.turn(),
                discard_count=table.rules.discards,
                discarded=bool(obs.discards),
                names=seat.names,
            ),
            LineKind.ERROR,
        )
        return
    narration.after(seat, events, own=move_end(events, seat.me))
