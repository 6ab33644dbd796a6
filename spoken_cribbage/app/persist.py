"""The keeper: saves the game after every action, offers a game in progress for resume,
records statistics and announces milestones. Nothing here ever stops the game: every file
problem becomes one sentence said through ``say``, once, and the game goes on. Storage hands
over notices (what happened, and why); they are phrased here, by ``words``, when said.

    keeper = Keeper(say=...)
    loaded = keeper.load()                   # the save (checked) and any sentence about it
    if keeper.in_progress(loaded): ask keeper.resume_question(loaded) ...
    keeper.begin(game, difficulty=..., saved=loaded.saved if resuming else None)
    Session(..., on_change=keeper.on_change, on_action=keeper.on_action)

The session calls ``on_action`` after every applied action, the player's and each of the
computer's, so it is on disk before the next one is chosen: a process killed at any moment
loses at most the action in progress.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage import paths
from spoken_cribbage.storage import savegame
from spoken_cribbage.storage.savegame import Loaded, SavedGame
from spoken_cribbage.storage.stats import StatsDB, StatsError, deal_records, game_record
from spoken_cribbage.words.announce import seat_names
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.stats import game_milestones, hand_milestone
from spoken_cribbage.words.storage import game_summary as describe  # noqa: F401 (tests, callers)

Say = Callable[[str, str], None]   # (text, speech)

_TMP_RE = re.compile(r"^\..+\.tmp-(\d+)$")


class Keeper:
    def __init__(self, *, say: Say, me: int = 0,
                 save_path: Path | None = None, stats_path: Path | None = None,
                 stats: bool = True, keep: bool = True):
        self._say = say
        self.keep = keep   # False: a game for this run only (--seed), never written
        self.me = me
        self.save_path = save_path or paths.save_path()
        self.stats_db = StatsDB(stats_path) if stats else None
        self.stats_ok = stats
        self.game: g.Game | None = None
        self.saved: SavedGame | None = None
        self.save_problem: Notice | None = None   # the reason saving fails now, once said
        self.stats_problem: Notice | None = None
        self.pending: list[tuple[str, str]] = []
        self.best: int | None = None
        self.saves = 0                          # successful writes (for tests and the soak)

    # ------------------------------------------------------------------ saying

    def say(self, text: str, speech: str | None = None) -> None:
        try:
            self._say(text, speech or text)
        except Exception:  # saying must never stop the game
            pass

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
        loaded = savegame.load(self.save_path)
        if loaded.notice:
            self.say(phrase(loaded.notice))
        if loaded.saved is not None and loaded.saved.finished:
            # A finished game: make sure it is in the statistics (a crash may have come between
            # the last save and the recording), then it is simply replaced by the next game.
            self._record_finished(loaded.saved, loaded.game, announce=False)
        return loaded

    @staticmethod
    def in_progress(loaded: Loaded) -> bool:
        return loaded.saved is not None and not loaded.saved.finished

    def resume_question(self, loaded: Loaded) -> str:
        names = loaded.saved.names if loaded.saved is not None else None
        return phrase("storage.resume_question", game=loaded.game, me=self.me, names=names)

    def abandon(self, loaded: Loaded) -> str:
        """The player starts a new game instead: the old one is counted as abandoned in the
        statistics and its file kept as abandoned-game-N.json. Returns the sentence to say.
        A game in which the player made no move was never played: it is simply replaced."""
        assert loaded.saved is not None and loaded.game is not None
        if not any(getattr(a, "seat", None) == self.me for a in loaded.game.actions):
            return phrase("storage.abandoned", kept=None)
        self._record(lambda db: (db.record_deals(loaded.saved.id, deal_records(loaded.game, self.me)),
                                 db.record_game(game_record(loaded.game, loaded.saved.id,
                                                            loaded.saved.difficulty, self.me,
                                                            self._names(loaded.saved,
                                                                        loaded.game)))))
        moved = savegame.put_away(self.save_path)
        return phrase("storage.abandoned", kept=moved.name if moved is not None else None)

    @staticmethod
    def kept_for_later(seed: int) -> str:
        """Said when --seed starts a game while another is in progress (which is not touched)."""
        return phrase("storage.seed_for_this_run", seed=seed)

    def begin(self, game: g.Game, *, difficulty: str, saved: SavedGame | None = None,
              names: list[str] | None = None, levels: list[str] | None = None) -> None:
        """Start keeping ``game``: save it now and after every action. ``names`` and
        ``levels``: the other seats' names and computer levels, in seat order (kept with a
        game of more than two, or with names of the player's own)."""
        self.game = game
        if saved is None:
            saved = SavedGame.from_game(game, difficulty=difficulty, me=self.me, names=names,
                                        levels=levels)
        self.saved = saved
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
            return False
        self.saves += 1
        if self.save_problem is not None:
            self.save_problem = None
            self.tell_later(Notice("storage.game_saved_again"))
        return True

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
        if self.stats_db is None or self.saved is None:
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
        return [n for s, n in enumerate(seat_names(game.players, saved.names or (), self.me))
                if s != self.me]

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
        reason = (e.reason if isinstance(e, StatsError)
                  else Notice("storage.detail", text=str(e)[:60]))
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
                m = _TMP_RE.match(name)
                if not m or int(m.group(1)) == os.getpid() or _alive(int(m.group(1))):
                    continue
                try:
                    os.unlink(folder / name)
                except OSError:
                    pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True

