"""The keeper: saves the game after every action, offers a game in progress for resume,
records statistics and announces milestones. Nothing here ever stops the game: every file
problem becomes one sentence said through ``say``, once, and the game goes on. Storage hands
over notices (what happened, and why); they are phrased here, by ``words``, when said.

    keeper = Keeper(say=...)
    loaded = keeper.load()                   # the save (checked) and any sentence about it
    if keeper.in_progress(loaded): ask keeper.resume_question(loaded) ...
    keeper.begin(game, difficulty=..., saved=loaded.saved if resuming else None)
    local_session(game, hooks=SeatHooks(on_change=keeper.on_change, on_action=keeper.on_action))

The game's ``LocalTable`` (app.local_seat) calls ``on_action`` after every applied action, the
player's and each of the computer's, so it is on disk before the next one is chosen: a process killed at any moment
loses at most the action in progress.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from pathlib import Path

from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage import paths, savegame
from spoken_cribbage.storage.lock import GameLock
from spoken_cribbage.storage.savegame import Loaded, SavedGame
from spoken_cribbage.storage.stats import StatsDB, StatsError, deal_records, game_record
from spoken_cribbage.words.announce import seat_names
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.stats import game_milestones, hand_milestone
from spoken_cribbage.words.storage import game_summary as describe  # noqa: F401 (tests, callers)

Say = Callable[[str, str], None]  # (text, speech)

#: The most saves kept apart (game-2.json ... ): copies of the game open at once, in effect.
MAX_SLOTS = 99


class Keeper:
    def __init__(
        self,
        *,
        say: Say,
        me: int = 0,
        save_path: Path | None = None,
        stats_path: Path | None = None,
        stats: bool = True,
        keep: bool = True,
    ):
        self._say = say
        self.keep = keep  # False: a game for this run only (--seed), never written
        self.me = me
        self.save_path = save_path or paths.save_path()
        self.base_path = self.save_path  # the save; a game kept apart has its own (slot)
        self.lock: GameLock | None = None  # held on the save while its game is open
        #: storage.open_elsewhere when the save was open in another window (the caller says
        #: it); this copy then keeps its game apart, in game-N.json (``apart``).
        self.elsewhere: Notice | None = None
        self.apart = False
        self.on_disk: list[str] | None = None  # this game's actions as its file holds them
        self._watch = None
        self.stats_db = StatsDB(stats_path) if stats else None
        self.stats_ok = stats
        self.game: g.Game | None = None
        self.saved: SavedGame | None = None
        self.save_problem: Notice | None = None  # the reason saving fails now, once said
        self.stats_problem: Notice | None = None
        self.pending: list[tuple[str, str]] = []
        self.best: int | None = None
        self.saves = 0  # successful writes (for tests and the soak)

    # ------------------------------------------------------------------ saying

    def say(self, text: str, speech: str | None = None) -> None:
        with contextlib.suppress(Exception):  # saying must never stop the game
            self._say(text, speech or text)

    def set_say(self, say) -> None:
        self._say = say

    def tell_later(self, notice: Notice) -> None:
        """Say ``notice`` (in words) with the next flush."""
        self.pending.append((phrase(notice),) * 2)

    def flush(self) -> None:
        """Say what is waiting (milestones, save problems) after the game's own lines."""
        pending, self.pending = self.pending, []
        for text, speech in pending:
            self.say(text, speech)

    # ------------------------------------------------------------------ start

    def load(self) -> Loaded:
        """Tidy up, check the statistics, read and check the save. Problems are said at once."""
        self._clean_temporaries()
        if self.stats_db is not None:
            notice = self.stats_db.open()
            if notice:
                self.say(phrase(notice))
                if notice.code in ("storage.stats_not_recorded", "storage.stats_not_moved"):
                    self.stats_problem = notice
        return self._open_save()

    def _read(self, path: Path) -> Loaded:
        loaded = savegame.load(path)
        if loaded.notice:
            self.say(phrase(loaded.notice))
        if loaded.saved is not None and loaded.saved.finished:
            # A finished game: make sure it is in the statistics (a crash may have come between
            # the last save and the recording), then it is simply replaced by the next game.
            self._record_finished(loaded.saved, loaded.game, announce=False)
        return loaded

    def _open_save(self) -> Loaded:
        """Lock the save and read it. If another copy of the game holds it, touch nothing of
        it: take a save of our own, kept apart (game-2.json, ...): the first one free that has
        a game in progress, else the first one free."""
        first = GameLock(self.base_path)
        got = first.acquire()
        if not got.busy:
            if got.held:
                self.lock = first
            elif got.unsupported:
                self.say(phrase("storage.lock_unsupported"))
            return self._read(self.base_path)
        self.elsewhere, self.apart = got.elsewhere, True
        chosen: tuple[Path, GameLock | None, Loaded] | None = None
        for path in self._apart_saves():
            lock = GameLock(path)
            if not lock.acquire().held:
                continue
            loaded = self._read(path)
            if chosen is None or self.in_progress(loaded) and not self.in_progress(chosen[2]):
                if chosen is not None and chosen[1] is not None:
                    chosen[1].release()
                chosen = (path, lock, loaded)
            else:
                lock.release()
        if chosen is None or not self.in_progress(chosen[2]):
            for n in range(2, MAX_SLOTS + 1):
                path = self._slot(n)
                if chosen is not None and path == chosen[0]:
                    break
                if os.path.lexists(path):
                    continue  # held by another copy (or it would have been chosen)
                lock = GameLock(path)
                if lock.acquire().held:
                    if chosen is not None and chosen[1] is not None:
                        chosen[1].release()
                    chosen = (path, lock, Loaded())
                    break
        if chosen is None:  # no lock can be had here (a read-only folder): nothing is saved
            chosen = (self._slot(2), None, Loaded())
        self.save_path, self.lock, loaded = chosen
        return loaded

    def _slot(self, n: int) -> Path:
        base = self.base_path
        return base.with_name(f"{base.stem}-{n}{base.suffix}")

    def _apart_saves(self) -> list[Path]:
        base = self.base_path
        pattern = re.compile(rf"^{re.escape(base.stem)}-(\d+){re.escape(base.suffix)}$")
        try:
            names = os.listdir(base.parent)
        except OSError:
            return []
        found = sorted(
            (int(m.group(1)), name)
            for name in names
            if (m := pattern.match(name)) and 2 <= int(m.group(1)) <= MAX_SLOTS
        )
        return [base.with_name(name) for _, name in found]

    def close(self) -> None:
        """Let go of the save's lock (the process ending does it too)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    @staticmethod
    def in_progress(loaded: Loaded) -> bool:
        return loaded.saved is not None and not loaded.saved.finished

    def resume_question(self, loaded: Loaded) -> str:
        names = loaded.saved.names if loaded.saved is not None else None
        return phrase("storage.resume_question", game=loaded.game, me=self.me, names=names, apart=self.apart)

    def abandon(self, loaded: Loaded) -> str:
        """The player starts a new game instead: the old one is counted as abandoned in the
        statistics and its file kept as abandoned-game-N.json. Returns the sentence to say.
        A game in which the player made no move was never played: it is simply replaced."""
        assert loaded.saved is not None and loaded.game is not None
        if not any(getattr(a, "seat", None) == self.me for a in loaded.game.actions):
            return phrase("storage.abandoned", kept=None)
        self._record(
            lambda db: (
                db.record_deals(loaded.saved.id, deal_records(loaded.game, self.me)),
                db.record_game(
                    game_record(
                        loaded.game,
                        loaded.saved.id,
                        loaded.saved.difficulty,
                        self.me,
                        self._names(loaded.saved, loaded.game),
                    )
                ),
            )
        )
        moved = savegame.put_away(self.save_path)
        return phrase("storage.abandoned", kept=moved.name if moved is not None else None)

    @staticmethod
    def kept_for_later(seed: int) -> str:
        """Said when --seed starts a game while another is in progress (which is not touched)."""
        return phrase("storage.seed_for_this_run", seed=seed)

    def begin(
        self,
        game: g.Game,
        *,
        difficulty: str,
        saved: SavedGame | None = None,
        names: list[str] | None = None,
        levels: list[str] | None = None,
    ) -> None:
        resumed = saved is not None
        """Start keeping ``game``: save it now and after every action. ``names`` and
        ``levels``: the other seats' names and computer levels, in seat order (kept with a
        game of more than two, or with names of the player's own)."""
        self.game = game
        if saved is None:
            saved = SavedGame.from_game(game, difficulty=difficulty, me=self.me, names=names, levels=levels)
        self.saved = saved
        self.on_disk = list(saved.actions) if resumed else None
        if self.stats_db is not None:
            try:
                self.best = self.stats_db.best_hand()
                # A resumed game: deals finished before a crash may not be recorded yet.
                self.stats_db.record_deals(saved.id, deal_records(game, self.me))
            except StatsError as e:
                self._stats_failed(e)
        self.save()

    def on_action(self, game: g.Game, action: g.Action, events: list[g.Event]) -> None:
        """Session hook: called after every applied action, before it is announced."""
        if game is not self.game or self.saved is None:
            return
        self.saved.actions.append(g.action_to_text(action))
        self.saved.finished = game.phase == g.GAME_OVER
        self.save()

    def on_undo(self, game: g.Game) -> None:
        """Session hook: actions were taken back; the save holds the game as it is now."""
        if game is not self.game or self.saved is None:
            return
        self.saved.actions[:] = [g.action_to_text(a) for a in game.actions]
        self.saved.finished = game.phase == g.GAME_OVER
        self.save()

    # ------------------------------------------------------------------ saving

    def save(self) -> bool:
        game, saved = self.game, self.saved
        if game is None or saved is None or not self.keep:
            return False
        try:
            savegame.write(saved, game, self.save_path)
        except OSError as e:
            reason = savegame.why(e)
            if self.save_problem is None:
                self.tell_later(Notice("storage.game_not_saved", reason=reason))
            self.save_problem = reason
            self._tell_watch()
            return False
        self.saves += 1
        self.on_disk = list(saved.actions)
        if self.save_problem is not None:
            self.save_problem = None
            self.tell_later(Notice("storage.game_saved_again"))
        self._tell_watch()
        return True

    def not_kept(self) -> Notice | None:
        """``storage.not_kept`` while quitting would not keep the game as it is, because it
        cannot be saved: ``behind`` is how many moves its file lacks (0: the file holds another
        point of it, after an undo), None when the file holds none of it. None when the file
        holds the game as it is (a game resumed where nothing can be written, say)."""
        if not self.keep or self.save_problem is None or self.saved is None:
            return None
        now, disk = self.saved.actions, self.on_disk
        if disk is None:
            return Notice("storage.not_kept", behind=None)
        if disk == now:
            return None
        return Notice("storage.not_kept", behind=len(now) - len(disk) if now[: len(disk)] == disk else 0)

    def watch(self, fn) -> None:
        """Call ``fn(not_kept())`` now and whenever saving fails or works again (the session's
        quit question and goodbye say what is true)."""
        self._watch = fn
        self._tell_watch()

    def _tell_watch(self) -> None:
        if self._watch is not None:
            with contextlib.suppress(Exception):
                self._watch(self.not_kept())

    # ------------------------------------------------------------------ after each batch

    def on_change(self, session, events: list[g.Event]) -> None:
        """Session hook: record statistics, then say milestones and problems (after the
        game's own lines for these events)."""
        game = self.game
        if game is None:
            return
        try:
            self._stats_for(events)
        except Exception as e:  # statistics never stop the game
            self._stats_failed(e)
        self.flush()

    def _stats_for(self, events: list[g.Event]) -> None:
        if self.stats_db is None or self.saved is None or self.game is None:
            return
        game, saved = self.game, self.saved
        ended: set[int] = set()
        deal = game.deal_number
        for ev in events:
            if isinstance(ev, g.Dealt):
                deal = ev.deal
            elif isinstance(ev, g.HandShown) and ev.seat == self.me:
                m = hand_milestone(self.best, ev.total, ev.is_crib)
                if m:
                    self.pending.append(m)
                if self.best is None or ev.total > self.best:
                    self.best = ev.total
            elif isinstance(ev, (g.DealEnded, g.GameOver)):
                ended.add(getattr(ev, "deal", deal))
        if ended:
            recs = [d for d in deal_records(game, self.me) if d.deal in ended]
            self._record(lambda db: db.record_deals(saved.id, recs))
        if any(isinstance(ev, g.GameOver) for ev in events):
            self._record_finished(saved, game, announce=True)

    def _record_finished(self, saved: SavedGame, game: g.Game | None, *, announce: bool) -> None:
        if self.stats_db is None or game is None:
            return

        def rec(db: StatsDB) -> None:
            if db.has_game(saved.id):
                return
            results = db.results()
            before = db.summary()["games"]
            r = game_record(game, saved.id, saved.difficulty, self.me, self._names(saved, game))
            db.record_deals(saved.id, deal_records(game, self.me))
            db.record_game(r)
            if announce:
                self.pending.extend(game_milestones(results, r, before))

        self._record(rec)

    def _names(self, saved: SavedGame, game: g.Game) -> list[str]:
        """The other seats' names as the game said them (the save's, or the defaults)."""
        return [n for s, n in enumerate(seat_names(game.players, saved.names or (), self.me)) if s != self.me]

    def _record(self, fn) -> None:
        if self.stats_db is None:
            return
        try:
            fn(self.stats_db)
        except StatsError as e:
            self._stats_failed(e)
            return
        self.stats_problem = None

    def _stats_failed(self, e: Exception) -> None:
        reason = e.reason if isinstance(e, StatsError) else Notice("storage.detail", text=str(e)[:60])
        if self.stats_problem is None:
            self.tell_later(Notice("storage.stats_not_recorded", reason=reason))
        self.stats_problem = reason

    # ------------------------------------------------------------------ tidying

    def _clean_temporaries(self) -> None:
        """Remove temporary files left by a process killed in the middle of a write. They are
        never the only copy of anything: the rename that publishes a write had not happened."""
        for folder in {self.save_path.parent, paths.settings_path().parent}:
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                pid = paths.temporary_name_pid(name)
                if pid is None or pid == os.getpid() or _alive(pid):
                    continue
                with contextlib.suppress(OSError):
                    os.unlink(folder / name)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True
