"""The listener's side of the seat: lines out to the screen, the voice and the cues, and the
transcript of what was said.

Every line has a kind (:class:`~spoken_cribbage.words.lines.LineKind`); every batch of lines
said together has a :class:`~spoken_cribbage.speech.priority.Priority` (NOW cuts off stale
speech: a key's answer; NORMAL queues behind it: the prompt after the events it follows).

Everything said inside one :meth:`Output.answer` goes out together when the answer ends, with
the prompt (a line of a kind in :data:`PROMPT_KINDS`: what the game waits for) as its last
line, so that the last line a player reads or hears before the game waits says what it waits
for. An answer is owned by the thread that opened it: another thread's lines (a voice result,
the save keeper) are said as they come.

Each kind of line belongs to a channel (:mod:`~spoken_cribbage.app.seat.channels`), and the
channel's mode decides, here and nowhere else, whether a line is printed and spoken, only kept
in the history, kept with a cue, or dropped. A line said again (``record=False``: a repeat, an
earlier line) is said as asked.

>>> out = Output(lambda text, kind: print(kind.value, text))
>>> with out.answer():
...     out.say([Line.same("Your turn: play a card.", LineKind.TURN)], priority=Priority.NORMAL)
...     out.say([Line.same("Your best hand yet.")])
info Your best hand yet.
turn Your turn: play a card.
>>> [line.text for line in out.last_batch]
['Your best hand yet.', 'Your turn: play a card.']
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from typing import NamedTuple, Protocol

from spoken_cribbage.app.output import visible
from spoken_cribbage.app.seat.channels import ALWAYS, CHANNEL_CUES, Mode, line_channel
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.words.lines import Line, LineKind

__all__ = ["PROMPT_KINDS", "Cues", "Output", "Said", "Speaker", "Writer"]

#: Lines that say what the game waits for: the last line of an answer.
PROMPT_KINDS = frozenset({LineKind.PROMPT, LineKind.TURN})

#: Writes one line with its kind (the console bolds the scores; a plain writer ignores it).
Writer = Callable[[str, LineKind], None]


class Speaker(Protocol):
    """What the output needs of a speaker (``speech.base.Speaker`` has it)."""

    def say(self, text: str, *, priority: Priority = Priority.NOW) -> None: ...


class Cues(Protocol):
    """What the output needs of a cue player (``speech.cues`` has it)."""

    def play(self, *names: str) -> None: ...


class _Silent:
    """No voice, no cues (the defaults)."""

    def say(self, text: str, *, priority: Priority = Priority.NOW) -> None:
        """Say nothing."""

    def play(self, *names: str) -> None:
        """Play nothing."""


class Said(NamedTuple):
    """One ``say``: lines spoken as one utterance at one priority; ``record``: they join the
    transcript (a repeat or an earlier line said again does not); ``asked``: they answer a key
    the player pressed, printed whatever their channel's mode (and recorded by it)."""

    lines: list[Line]
    priority: Priority
    record: bool
    asked: bool = False


class Output:
    """Lines to the writer and the speaker, cues to the cue player, and the transcript.

    ``prompt`` gives the line the game waits on now (None while it does not wait), said again
    after an unprompted answer; ``cues_on`` says whether cues play in the game; ``modes`` gives
    each channel's mode (channel name -> ``spoken``, ``history``, ``cue`` or ``off``; a channel
    not given is spoken); ``deal`` the number of the deal under way (0 before the first), kept
    with each line of the history."""

    def __init__(
        self,
        write: Writer,
        speaker: Speaker | None = None,
        cues: Cues | None = None,
        *,
        prompt: Callable[[], Line | None] = lambda: None,
        cues_on: Callable[[], bool] = lambda: True,
        modes: Callable[[], Mapping[str, str]] = dict,
        deal: Callable[[], int] = lambda: 0,
    ) -> None:
        self.write = write
        self.speaker: Speaker = speaker if speaker is not None else _Silent()
        self.cues: Cues = cues if cues is not None else _Silent()
        self.prompt = prompt
        self.cues_on = cues_on
        self.modes = modes
        self.deal = deal
        #: Every recorded line, oldest first: ``[`` and ``]`` walk it.
        self.history: list[Line] = []
        #: The deal each line of the history was said in (0: before the first deal).
        self.history_deals: list[int] = []
        #: The channel ``[`` and ``]`` walk (None: every line of the history).
        self.walked: str | None = None
        #: The recorded lines of the last answer: what ``repeat`` says again.
        self.last_batch: list[Line] = []
        #: The line of the history walked to (None: at the newest, past the end).
        self.hist_pos: int | None = None
        # The answer being put together: its owner thread, depth and lines.
        self._owner: int | None = None
        self._lock = threading.Lock()
        self._depth = 0
        self._unprompted = False
        self._held: list[Said] = []

    @contextmanager
    def answer(self, *, unprompted: bool = False) -> Iterator[None]:
        """Everything said inside is one answer, sent when it ends with the prompt (what the
        game waits for) as its last line: a line said after the prompt (a milestone, a saving
        problem) goes before it. ``unprompted``: the answer arrives on its own (a computer's
        paced turn, a voice result, a notice): when it has no prompt of its own and the game
        waits for the player, the prompt is said again after it. Nested answers are one; on
        another thread than the open answer's, lines are said as they come."""
        me = threading.get_ident()
        with self._lock:
            apart = self._owner not in (None, me)  # another thread's answer is open
            if not apart:
                self._owner = me
                self._depth += 1
                self._unprompted = self._unprompted or unprompted
        if apart:  # said as it comes, as before answers were held
            yield
            return
        try:
            yield
        finally:
            if self._depth == 1:
                held, self._held = self._held, []
                unprompted, self._unprompted = self._unprompted, False
                answer = self._prompt_last(held, unprompted)
                with self._lock:
                    self._depth, self._owner = 0, None
                self._send(answer)
            else:
                self._depth -= 1

    def _prompt_last(self, held: list[Said], unprompted: bool) -> list[Said]:
        """The answer's lines with the last prompt line (and what was said with it after it)
        moved to the end; or, for an answer that came on its own, the prompt added."""
        where = [
            (i, j) for i, said in enumerate(held) for j, line in enumerate(said.lines) if line.kind in PROMPT_KINDS
        ]
        if not where:
            if unprompted and any(self._heard(said) for said in held):
                prompt = self.prompt()
                if prompt is not None:
                    held = [*held, Said([prompt], Priority.NORMAL, True)]
            return held
        i, j = where[-1]
        said = held[i]
        rest = held[i + 1 :]
        if not any(r.lines for r in rest):
            return held
        before = [said._replace(lines=said.lines[:j])] if j else []
        first = held[:i] + before + rest
        if not held[:i] and not before:  # the prompt opened the answer: what now opens it cuts in
            first[0] = first[0]._replace(priority=said.priority)
        return [*first, said._replace(lines=said.lines[j:], priority=Priority.NORMAL)]

    def _heard(self, said: Said) -> bool:
        """Some line of ``said`` is printed (a line kept out of sight asks for no prompt)."""
        return any(said.asked or not said.record or self.mode_of(line).printed for line in said.lines)

    def say(
        self, lines: Sequence[Line], *, priority: Priority = Priority.NOW, record: bool = True, asked: bool = False
    ) -> None:
        """Say ``lines`` (empty ones left out) as one utterance: held while this thread's answer
        is open, else at once. A line of kind ERROR plays the ``refused`` cue. ``asked``: the
        lines answer a key (the hand, the last show): printed whatever their channel's mode."""
        kept = [line for line in lines if line.text]
        if not kept:
            return
        if any(line.kind is LineKind.ERROR for line in kept):
            self.cue("refused")
        said = Said(kept, priority, record, asked)
        if self._depth and self._owner == threading.get_ident():
            self._held.append(said)
        else:
            self._send([said])

    def tell(self, text: str, kind: LineKind | str = LineKind.ANSWER) -> None:
        """Say one line, the same on the screen and in speech."""
        self.say([Line.same(text, kind)])

    def cue(self, *names: str) -> None:
        """Play sound cues, one after another, when cues are on (never instead of a line)."""
        if not names or not self.cues_on():
            return
        with suppress(Exception):  # the player reports its own failures; play on
            self.cues.play(*names)

    def said_so_far(self) -> int:
        """The lines recorded so far, those of the answer under way too."""
        return len(self.history) + sum(len(s.lines) for s in self._held if s.record)

    def mode_of(self, line: Line) -> Mode:
        """What the output does with ``line`` when it is recorded: its channel's mode (help is
        always spoken)."""
        if line.kind in ALWAYS:
            return Mode.SPOKEN
        return Mode.of(self.modes().get(line_channel(line), "spoken"))

    def printed(self, lines: Sequence[Line]) -> list[Line]:
        """The lines of ``lines`` that the channels' modes print (and speak) now."""
        return [line for line in lines if self.mode_of(line).printed]

    def walkable(self) -> list[int]:
        """The places in the history that ``[`` and ``]`` walk: every line, or the lines of
        the channel walked (:attr:`walked`)."""
        if self.walked is None:
            return list(range(len(self.history)))
        return [i for i, line in enumerate(self.history) if line_channel(line) == self.walked]

    def _send(self, answer: Sequence[Said]) -> None:
        """Write and speak one answer, by the modes of the lines' channels; its recorded lines
        are the history's newest, and those printed what ``repeat`` says again."""
        recorded: list[Line] = []
        heard: list[Line] = []
        cues: list[str] = []
        cut = False  # an utterance that would have cut in was held back: the next one cuts in
        for said in answer:
            if not said.lines:
                continue
            shown: list[Line] = []
            for line in said.lines:
                mode = self.mode_of(line) if said.record else Mode.SPOKEN
                printed = mode.printed or said.asked  # a key's answer is always heard
                if printed:
                    shown.append(line)
                    self.write(line.text, line.kind)
                if said.record and mode.recorded:
                    recorded.append(line)
                    if printed:
                        heard.append(line)
                cue = CHANNEL_CUES[line_channel(line)] if mode.cued and not printed else None
                if cue is not None and cue not in cues:
                    cues.append(cue)
            if not shown:
                cut = cut or said.priority.interrupts
                continue
            priority = Priority.NOW if cut else said.priority
            cut = False
            # speech passes the output boundary too: no control character reaches a voice
            speech = visible(" ".join(line.speech for line in shown if line.speech))
            with suppress(Exception):  # the speaker reports its own failures; play on
                self.speaker.say(speech, priority=priority)
        self.cue(*cues)
        if recorded:
            deal = self.deal()
            self.history.extend(recorded)
            self.history_deals.extend(deal for _ in recorded)
            if heard:
                self.last_batch = heard
            self.hist_pos = None
