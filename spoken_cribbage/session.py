"""One player's seat at a game: commands in, announcements out.

The session knows nothing about keys or terminals: the console feeds it command text and
shortcut names, and it writes lines through ``write`` and speech through ``speaker``.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol, Sequence

from . import game as g
from .announce import Announcer, Answers, Line, Names, card_list, cap, list_words
from .cards import Card
from .commands import Command, CommandError, SHORTCUT_KEYS, parse_command
from .settings import Settings


class Player(Protocol):
    def act(self, obs: g.Observation) -> g.Action: ...


class RandomPlayer:
    """Plays any legal action at random (a baseline, and the fallback opponent)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def act(self, obs: g.Observation) -> g.Action:
        return self.rng.choice(list(obs.legal))


def make_opponent(level: str, rng: random.Random) -> Player:
    try:
        from .ai import make_player
    except ImportError:  # pragma: no cover - the computer player module is optional at first
        return RandomPlayer(rng)
    return make_player(level, rng)


class NullSpeaker:
    available = False
    description = "no speech"

    def say(self, text: str, *, interrupt: bool = True) -> None: ...
    def stop(self) -> None: ...
    def set_rate(self, wpm: int) -> None: ...
    def set_volume(self, volume: float) -> None: ...
    def set_voice(self, voice: str | None) -> None: ...
    def list_voices(self) -> list[str]: return []
    def close(self) -> None: ...


HELP = {
    g.DISCARD: ("Lay away cards for the crib: type their numbers, like 1 2, then Enter, "
                "or names, like discard 5h kd."),
    g.PLAY: ("Play a card: type its number or name, then Enter, like 3 or play 5h. "
             "Type go when no card fits."),
    g.DEAL_OVER: "The deal is over: press Enter for the next deal.",
    g.GAME_OVER: "The game is over: press q to leave.",
}
KEYS_HELP = ("Keys, no Enter: c count, b crib, f starter, v table, s scores, t turn, h hand.",
             "More keys: i hint, r repeat, [ back and ] forward through lines, x silence.",
             "Also: ? help, q quit, Escape silence, Enter to go on after the show.")
SETTINGS_HELP = ("Settings, typed then Enter: rate 180, volume 0.8, speech on or off,",
                 "verbosity terse, normal or coach, difficulty easy, standard or expert.")


class Session:
    def __init__(self, game: g.Game, *, settings: Settings, write: Callable[[str], None],
                 speaker=None, me: int = 0, opponents: dict[int, Player] | None = None,
                 names: Sequence[str] | None = None,
                 on_change: Callable[["Session", list[g.Event]], None] | None = None,
                 on_action: Callable[[g.Game, g.Action, list[g.Event]], None] | None = None,
                 on_settings: Callable[[Settings], str | None] | None = None,
                 hint: Callable[[g.Game, int], str | None] | None = None):
        self.game = game
        self.settings = settings
        self.write = write
        self.speaker = speaker or NullSpeaker()
        self.me = me
        self.names = Names(names or ("you", "Computer"), me)
        self.announcer = Announcer(self.names, settings.verbosity).bind(game)
        self.answers = Answers(game, self.names)
        self.opponents = opponents if opponents is not None else {
            s: RandomPlayer(random.Random(s)) for s in range(game.players) if s != me}
        self.on_change = on_change
        self.on_action = on_action
        self.on_settings = on_settings
        self.hint = hint
        self.history: list[Line] = []
        self.last_batch: list[Line] = []
        self.hist_pos: int | None = None
        self.pending: list[Card] = []
        self.confirming: str | None = None
        self.finished = False   # the game is over
        self.quit = False       # the player chose to leave

    # ------------------------------------------------------------------ output

    def say(self, lines: Sequence[Line], *, interrupt: bool = True, record: bool = True) -> None:
        lines = [l for l in lines if l.text]
        if not lines:
            return
        for line in lines:
            self.write(line.text)
        if record:
            self.history.extend(lines)
            self.last_batch = lines
            self.hist_pos = None
        try:
            self.speaker.say(" ".join(l.speech for l in lines), interrupt=interrupt)
        except Exception:  # the speaker reports its own failures; never stop the game for it
            pass

    def tell(self, text: str, kind: str = "answer") -> None:
        self.say([Line.same(text, kind)])

    # ------------------------------------------------------------------ flow

    def start(self, *, resumed: bool = False) -> None:
        """Announce the game so far (or a summary when resumed) and let the computer act."""
        if resumed:
            self.say([Line.same("Game resumed. " + self.answers.scores(), "game"),
                      Line.same(self.answers.crib(), "game")] + self._state_lines())
            self._after([])
            return
        self._after(list(self.game.events))

    def _state_lines(self) -> list[Line]:
        gm = self.game
        lines: list[Line] = []
        if gm.phase == g.PLAY:
            lines.append(Line.same(self.answers.starter()))
            lines.append(Line.same(self.answers.count()))
        if gm.phase in (g.DISCARD, g.PLAY):
            lines.append(Line.same(self.answers.hand()))
        return lines

    def _after(self, events: list[g.Event]) -> None:
        """Announce ``events``, let computer players act until it is the player's turn."""
        lines = self.announcer.announce(events)
        events = list(events)
        while True:
            seat = self._computer_to_act()
            if seat is None:
                break
            player = self.opponents[seat]
            if hasattr(player, "rng"):
                # A fresh, reproducible stream per decision: a resumed game plays on identically.
                player.rng = random.Random(f"{self.game.seed}:{seat}:{len(self.game.actions)}")
            action = player.act(self.game.observation(seat))
            new = self._apply(action)
            events.extend(new)
            lines.extend(self.announcer.announce(new))
        gm = self.game
        if gm.phase == g.GAME_OVER:
            self.finished = True
        elif self._my_turn():
            lines.append(Line.same(self.answers.turn(self.announcer.count_just_said(lines)), "turn"))
            if self.settings.verbosity == "coach" and self.hint:
                h = self._hint_text()
                if h:
                    lines.append(Line.same(h, "hint"))
        self.say(lines)
        if self.on_change and events:
            self.on_change(self, events)

    def _computer_to_act(self) -> int | None:
        gm = self.game
        if gm.phase == g.DISCARD:
            for s in gm.pending_discards():
                if s != self.me:
                    return s
        elif gm.phase == g.PLAY and gm.to_act is not None and gm.to_act != self.me:
            return gm.to_act
        return None

    def _my_turn(self) -> bool:
        gm = self.game
        return ((gm.phase == g.DISCARD and self.me in gm.pending_discards())
                or (gm.phase == g.PLAY and gm.to_act == self.me))

    def _hint_text(self) -> str | None:
        try:
            return self.hint(self.game, self.me) if self.hint else None
        except Exception:
            return None

    # ------------------------------------------------------------------ input

    def key(self, key: str) -> None:
        """A shortcut key (one character) pressed with nothing typed."""
        if self.confirming:
            self.command(key)
            return
        verb = SHORTCUT_KEYS.get(key.lower())
        if verb is None:
            self.tell(f"The key {key!r} does nothing here. Press question mark for help.")
            return
        self.command(verb)

    def command(self, text: str) -> None:
        """A typed line, a shortcut's command word, or an accepted voice command."""
        if self.confirming:
            self._confirm(text)
            return
        gm = self.game
        phase = "discard" if gm.phase == g.DISCARD else "play"
        try:
            cmd = parse_command(text, phase=phase)
        except CommandError as e:
            self.tell(str(e), "error")
            return
        handler = getattr(self, f"_cmd_{cmd.verb}", None)
        if handler is None:
            self._setting(cmd)
            return
        handler(cmd)

    # questions
    def _cmd_count(self, c: Command) -> None: self.tell(self.answers.count())
    def _cmd_crib(self, c: Command) -> None: self.tell(self.answers.crib())
    def _cmd_starter(self, c: Command) -> None: self.tell(self.answers.starter())
    def _cmd_table(self, c: Command) -> None: self.tell(self.answers.table())
    def _cmd_scores(self, c: Command) -> None: self.tell(self.answers.scores())
    def _cmd_turn(self, c: Command) -> None: self.tell(self.answers.turn())
    def _cmd_hand(self, c: Command) -> None:
        self.say([Line.same(t, "answer") for t in self.answers.hand().split("\n")])

    def _cmd_repeat(self, c: Command) -> None:
        if not self.last_batch:
            self.tell("Nothing to repeat yet.")
            return
        self.say(self.last_batch, record=False)

    def _cmd_previous(self, c: Command) -> None:
        if not self.history:
            self.tell("No earlier lines.")
            return
        pos = (len(self.history) - 1 if self.hist_pos is None else self.hist_pos) - 1
        if pos < 0:
            pos = 0
            self.say([Line.same("That is the first line.")], record=False)
        self.hist_pos = pos
        self.say([self.history[pos]], record=False)
        self.hist_pos = pos

    def _cmd_later(self, c: Command) -> None:
        if self.hist_pos is None or self.hist_pos >= len(self.history) - 1:
            self.hist_pos = None
            self.say([Line.same("That is the latest line.")], record=False)
            return
        self.hist_pos += 1
        pos = self.hist_pos
        self.say([self.history[pos]], record=False)
        self.hist_pos = pos

    def _cmd_help(self, c: Command) -> None:
        self.say([Line.same(t) for t in (HELP.get(self.game.phase, ""), *KEYS_HELP,
                                          *SETTINGS_HELP)])

    def _cmd_hint(self, c: Command) -> None:
        h = self._hint_text()
        self.tell(h or "No hint right now.")

    def _cmd_silence(self, c: Command) -> None:
        try:
            self.speaker.stop()
        except Exception:
            pass

    def _cmd_quit(self, c: Command) -> None:
        self.confirming = "quit"
        self.tell("Quit the game? It is kept, and you can resume it later. Press y or n.")

    def _confirm(self, text: str) -> None:
        answer = text.strip().lower()
        if answer in ("y", "yes"):
            self.confirming = None
            self.tell("Goodbye. Your game is kept." if not self.finished else "Goodbye.")
            self.finished = True
            self.quit = True
        elif answer in ("n", "no", "cancel", "x"):
            self.confirming = None
            self.tell("Back to the game.")
        else:
            self.tell("Please answer y for yes or n for no.")

    def _cmd_yes(self, c: Command) -> None: self.tell("There is no question to answer yes to.")
    def _cmd_no(self, c: Command) -> None: self.tell("There is no question to answer no to.")
    def _cmd_cancel(self, c: Command) -> None:
        if self.pending:
            self.pending = []
            self.tell("Discard cancelled. Choose again.")
        else:
            self.tell("Nothing to cancel.")

    def _cmd_undo(self, c: Command) -> None:
        self.tell("Undo is not available in this version.")

    def _cmd_next(self, c: Command) -> None:
        gm = self.game
        if gm.phase == g.DEAL_OVER:
            self._do(g.NextDeal())
        elif gm.phase == g.GAME_OVER:
            self.tell("The game is over. Press q to leave.")
        else:
            self.tell(self.answers.turn())

    # actions
    def _cmd_go(self, c: Command) -> None:
        gm = self.game
        if gm.phase != g.PLAY:
            self.tell("There is no go now. " + self.answers.turn(), "error")
            return
        if gm.to_act != self.me:
            self.tell("Wait: it is not your turn.", "error")
            return
        fits = gm.playable(self.me)
        if fits:
            self.tell(f"You can't say go: you can play the {list_words([x.name for x in fits], 'or')}.",
                      "error")
            return
        self._do(g.Go(self.me))

    def _resolve(self, c: Command) -> list[Card] | None:
        hand = self.game.hands[self.me]
        if c.numbers:
            out = []
            for n in c.numbers:
                if not 1 <= n <= len(hand):
                    self.tell(f"There is no card {n}: your cards are numbered 1 to {len(hand)}. "
                              + self.answers.hand(), "error")
                    return None
                out.append(hand[n - 1])
            return out
        out = []
        for card in c.cards:
            if card not in hand:
                self.tell(f"You don't have the {card.name}. " + self.answers.hand(), "error")
                return None
            out.append(card)
        return out

    def _cmd_play(self, c: Command) -> None:
        gm = self.game
        if gm.phase == g.DISCARD:
            self._cmd_discard(c)
            return
        if gm.phase != g.PLAY:
            self.tell("There is nothing to play now. " + self.answers.turn(), "error")
            return
        if gm.to_act != self.me:
            self.tell("Wait: it is not your turn.", "error")
            return
        cards = self._resolve(c)
        if cards is None:
            return
        if len(cards) != 1:
            self.tell("Play one card at a time.", "error")
            return
        card = cards[0]
        fits = gm.playable(self.me)
        if card not in fits:
            allowed = (f"Playable: {list_words([x.name for x in fits], 'or')}." if fits
                       else "No card fits: say go.")
            self.tell(f"You can't play the {card.name}: the count would be "
                      f"{gm.count + card.value}. {allowed}", "error")
            return
        self._do(g.Play(self.me, card))

    def _cmd_discard(self, c: Command) -> None:
        gm = self.game
        if gm.phase != g.DISCARD or self.me not in gm.pending_discards():
            self.tell("The discard is over. " + self.answers.turn(), "error")
            return
        cards = self._resolve(c)
        if cards is None:
            return
        chosen = self.pending + cards
        if len(set(chosen)) != len(chosen):
            self.tell("The same card is named twice. Choose different cards.", "error")
            return
        need = gm.discard_count
        if len(chosen) > need:
            self.pending = []
            self.tell(f"Lay away exactly {need} card{'s' if need > 1 else ''}, not {len(chosen)}. "
                      "Choose again.", "error")
            return
        if len(chosen) < need:
            self.pending = chosen
            self.tell(f"The {chosen[0].name} is set aside. One more card, or cancel.")
            return
        self.pending = []
        self._do(g.Discard(self.me, tuple(chosen)))

    def _apply(self, action: g.Action) -> list[g.Event]:
        """Apply one action and tell ``on_action`` (the autosave) before anything is said."""
        events = self.game.apply(action)
        if self.on_action:
            self.on_action(self.game, action, events)
        return events

    def _do(self, action: g.Action) -> None:
        try:
            events = self._apply(action)
        except g.IllegalActionError as e:
            self.tell(f"That can't be done: {e.reason}.", "error")
            return
        self._after(events)

    # settings
    def _setting(self, c: Command) -> None:
        name, value = c.verb, c.value
        try:
            new = self.settings.changed(name, value)
        except ValueError as e:
            self.tell(f"That setting was not changed: {e}.", "error")
            return
        self.settings = new
        self.announcer.verbosity = new.verbosity
        try:
            if name == "rate":
                self.speaker.set_rate(new.rate)
            elif name == "volume":
                self.speaker.set_volume(new.volume)
            elif name == "voice":
                self.speaker.set_voice(new.voice or None)
        except Exception:
            pass
        msg = self.on_settings(new) if self.on_settings else None
        extra = ""
        if name in ("difficulty", "target"):
            extra = " It takes effect in the next game."
        self.tell(f"{cap(name)} is now {getattr(new, name)}.{extra}" + (f" {msg}" if msg else ""))
