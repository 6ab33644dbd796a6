"""Audio out: 16-bit mono PCM to the sound device through sounddevice (PortAudio).

Sinks share one audio clock (bytes written / sample rate): an utterance has been "spoken" when its
audio has had time to play, so "speaking" means the same with a real device, with ALSA's null
device and with the silent :class:`NullSink`.
"""

from __future__ import annotations

import os
import shlex
import sys
import threading
from typing import Any

from spoken_cribbage.notice import Notice

from .base import AudioError, SpeechUnavailable, short
from .player import PlayerSink, probe
from .sink import DEFAULT_SAMPLE_RATE as DEFAULT_SAMPLE_RATE
from .sink import AudioSink as AudioSink
from .sink import NullSink as NullSink

#: Environment variable choosing the audio output: "auto" (the sound device), "null" (silent,
#: timed) or a player command line reading raw PCM on stdin (see :mod:`.player`).
AUDIO_ENV = "SPOKEN_CRIBBAGE_AUDIO"
#: Output latency asked of PortAudio (s): the most audio that can still play after a stop.
DEVICE_LATENCY = 0.08
#: PCM is written to the device in blocks of this many frames, checking for a stop in between.
WRITE_FRAMES = 512


#: How long PortAudio may take to start (importing sounddevice starts it) before the game goes
#: on without sound. A process killed while PortAudio started can leave JACK's lock in
#: /dev/shm/jack_db-<uid> held, and every later start then waits for ever: the game must not.
PORTAUDIO_START_S = float(os.environ.get("SPOKEN_CRIBBAGE_PORTAUDIO_TIMEOUT", "8") or 8)
_HUNG: list = []  # the thread of a PortAudio start that did not come back


def import_sounddevice() -> Any:
    """The sounddevice module; SpeechUnavailable naming libportaudio2 if PortAudio is missing,
    or saying that the sound device did not answer when PortAudio does not start in time (that
    attempt goes on in a background thread, and no other is made while it runs)."""
    if _HUNG and _HUNG[0].is_alive():
        raise SpeechUnavailable("speech.portaudio_hung", seconds=round(PORTAUDIO_START_S))
    out: dict[str, Any] = {}  # the module, or the exception its import raised

    def attempt() -> None:
        try:
            import sounddevice

            out["module"] = sounddevice
        except BaseException as exc:  # noqa: BLE001 - handed to the caller below
            out["error"] = exc

    if sys.modules.get("sounddevice") is not None:
        attempt()  # already started: nothing can hang
    else:
        thread = threading.Thread(target=attempt, name="portaudio-start", daemon=True)
        thread.start()
        thread.join(PORTAUDIO_START_S)
        if thread.is_alive():
            _HUNG[:] = [thread]
            raise SpeechUnavailable("speech.portaudio_hung", seconds=round(PORTAUDIO_START_S))
    if "module" in out:
        return out["module"]
    exc = out.get("error")
    if isinstance(exc, OSError):  # "PortAudio library not found"
        raise SpeechUnavailable("speech.no_portaudio") from exc
    if isinstance(exc, ImportError):
        raise SpeechUnavailable("speech.no_sounddevice", detail=short(exc)) from exc
    assert isinstance(exc, BaseException)  # the import either gave the module or raised
    raise exc


class SoundDeviceSink(AudioSink):
    """Plays through PortAudio's default output device (or ``device``) with a blocking stream.

    Only the speech worker touches the stream (PortAudio streams are not for two threads):
    ``write`` hands PCM over in small blocks and, once the utterance is cancelled, aborts the
    stream, which drops what the device still holds; ``abort`` from another thread only relies
    on the cancel event the caller has set.  The stream is stopped while idle and started again
    by the next utterance (both take well under a millisecond).
    """

    def __init__(self, device: Any = None) -> None:
        super().__init__()
        self._sd = import_sounddevice()
        self._device = device
        self._stream: Any = None
        try:
            info = self._sd.query_devices(device, kind="output")
        except Exception as exc:  # noqa: BLE001 - PortAudioError, ValueError: no such device
            raise SpeechUnavailable("speech.no_sound_device") from exc
        if not info or int(info.get("max_output_channels", 0)) < 1:
            raise SpeechUnavailable("speech.no_sound_device")
        self.device_name = str(info.get("name", "default"))
        self.description = f"sound device {self.device_name}"
        self.status = Notice("speech.output_device", device=self.device_name)
        self.frames_written = 0

    def open(self, sample_rate: int) -> None:
        """Open a 16-bit mono output stream at the synthesizer's rate."""
        super().open(sample_rate)
        try:
            self._stream = self._sd.RawOutputStream(
                samplerate=sample_rate,
                channels=1,
                dtype="int16",
                device=self._device,
                latency=DEVICE_LATENCY,
            )
        except Exception as exc:  # noqa: BLE001
            raise SpeechUnavailable("speech.no_device_for_rate", rate=sample_rate, detail=short(exc)) from exc

    def begin(self, cancel: threading.Event) -> bool:
        if not super().begin(cancel):
            return False
        try:
            if self._stream is not None and not self._stream.active:
                self._stream.start()
        except Exception as exc:  # noqa: BLE001
            raise AudioError("speech.device_stopped", detail=short(exc)) from exc
        return True

    def write(self, pcm: bytes) -> bool:
        """Play PCM (blocks while the device is behind); False once cancelled."""
        if not super().write(pcm):
            self._drop()
            return False
        step = WRITE_FRAMES * 2
        for i in range(0, len(pcm), step):
            if self._cancel.is_set():
                self._drop()
                return False
            try:
                self._stream.write(pcm[i : i + step])
            except Exception as exc:  # noqa: BLE001 - PortAudioError: device gone
                raise AudioError("speech.device_stopped", detail=short(exc)) from exc
            self.frames_written += len(pcm[i : i + step]) // 2
        return True

    def end(self) -> bool:
        """Wait for the audio clock; drop the device's audio if cancelled meanwhile."""
        played = super().end()
        if not played:
            self._drop()
        return played

    def _drop(self) -> None:
        try:
            if self._stream is not None and self._stream.active:
                self._stream.abort()
        except Exception:  # noqa: BLE001 - the next begin() reports a dead device
            pass

    def prepare(self) -> None:
        """While idle: stop the stream (its last few ms play out) so it does not run dry."""
        try:
            if self._stream is not None and self._stream.active:
                self._stream.stop()
        except Exception:  # noqa: BLE001
            pass

    def close(self) -> None:
        stream, self._stream = self._stream, None
        close_stream(stream)


def close_stream(stream: Any) -> None:
    """Abort and close a sounddevice stream (None is fine); never raises."""
    if stream is not None:
        try:
            stream.abort()
            stream.close()
        except Exception:  # noqa: BLE001 - the device may be gone already
            pass


def choose_sink(spec: str | None = None) -> AudioSink:
    """Pick the audio output.

    ``spec`` (default: ``$SPOKEN_CRIBBAGE_AUDIO`` or "auto") is "auto" (the default sound
    device through sounddevice), "device:NAME" (a PortAudio output device by name or number),
    "null" (silent, timed) or a player command line reading raw 16-bit mono PCM on stdin
    (``{rate}`` is replaced by the sample rate).
    Raises :class:`SpeechUnavailable` with the reason when there is no working output.
    """
    spec = (spec if spec is not None else os.environ.get(AUDIO_ENV, "")).strip() or "auto"
    if spec.lower() == "null":
        return NullSink()
    if spec.lower() == "auto":
        return SoundDeviceSink()
    if spec.lower().startswith("device:"):
        name = spec.split(":", 1)[1].strip()
        return SoundDeviceSink(int(name) if name.isdigit() else name)
    argv = shlex.split(spec)
    why = probe([a.replace("{rate}", str(DEFAULT_SAMPLE_RATE)) for a in argv])
    if why is not None:
        raise SpeechUnavailable("speech.player_broken", player=os.path.basename(argv[0]), reason=why)
    return PlayerSink(argv)
