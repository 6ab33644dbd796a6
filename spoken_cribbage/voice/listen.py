"""The ``listen`` and ``models`` subcommands: reading their input.

Their arguments and the commands themselves are in :mod:`spoken_cribbage.app.voice_command`, which says what they
find in words. Problems with the arguments or the input are a :class:`ListenError`.
"""

from __future__ import annotations

import wave

import numpy as np

from spoken_cribbage.engine.cards import InvalidCardError, parse_cards, sort_hand
from spoken_cribbage.notice import Problem
from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.voice.recognizers import RATE


class ListenError(Problem):
    """A problem with the listen arguments or input: a code and its facts (see ``words.voice``)."""


def read_wav(path: str) -> bytes:
    """A WAV file as 16 kHz mono s16le PCM (mixing channels and resampling when needed)."""
    try:
        with wave.open(path, "rb") as w:
            ch, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            raw = w.readframes(n)
    except FileNotFoundError:
        raise ListenError("voice.no_such_file", path=path) from None
    except (wave.Error, EOFError, OSError) as exc:
        raise ListenError("voice.unreadable_wav", path=path, error=str(exc)) from None
    if width == 2 and ch == 1 and rate == RATE:
        return raw
    if width == 1:
        a = (np.frombuffer(raw, dtype=np.uint8).astype(np.float64) - 128) * 256
    elif width == 2:
        a = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    elif width == 3:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3)
        w24 = b[:, 0].astype(np.int32) | (b[:, 1].astype(np.int32) << 8) | (b[:, 2].astype(np.int32) << 16)
        a = np.where(w24 >= 1 << 23, w24 - (1 << 24), w24).astype(np.float64) / 256
    elif width == 4:
        a = np.frombuffer(raw, dtype="<i4").astype(np.float64) / 65536
    else:
        raise ListenError("voice.unsupported_sample_size", path=path)
    if ch > 1:
        a = a[: len(a) // ch * ch].reshape(-1, ch).mean(axis=1)
    if rate != RATE and a.size:
        n_out = int(round(a.size * RATE / rate))
        a = np.interp(np.linspace(0, a.size - 1, n_out), np.arange(a.size), a)
    return np.clip(np.round(a), -32768, 32767).astype("<i2").tobytes()


def context_from(phase: str, hand_text: str, can_go: bool = True) -> VoiceContext:
    try:
        hand = parse_cards(hand_text) if hand_text.strip() else []
    except InvalidCardError as exc:
        raise ListenError("voice.bad_hand", error=exc) from None
    if phase == "discard" and len(hand) not in (5, 6):
        raise ListenError("voice.discard_hand_size")
    if phase == "play" and not 1 <= len(hand) <= 4:
        raise ListenError("voice.play_hand_size")
    return VoiceContext(phase, tuple(sort_hand(hand)), can_go)
