"""A virtual microphone for the real sounddevice -> PortAudio -> ALSA path, on a machine with no
sound card.

ALSA's ``file`` plugin can read capture data from a file (``infile``), but over the ``null``
slave nothing paces it: PortAudio's callback runs as fast as the CPU allows, a regular file is
swallowed in milliseconds, and after its end the plugin reads nothing and hands on whatever was
left in the ring buffer (old audio repeated, not silence), still at CPU speed. So ``infile``
here is a FIFO, and a writer thread feeds it 16 kHz mono s16le in real time: room noise, and
speech when a test asks. A blocked read in the FIFO is what paces PortAudio's callback.

Three details make that exact:

* The plugin reads once per period (``read(fd, buf, period_bytes)``) and does not retry a short
  read: the missing part of the period keeps stale ring-buffer audio. The writer therefore writes
  whole periods (the microphone opens its stream with ``blocksize = RATE * FRAME_SECONDS``), each
  one write of at most PIPE_BUF bytes, which a pipe never splits.
* The plugin opens ``infile`` when the PCM is opened, and PortAudio opens every device once while
  it initialises (to probe it) and again for the stream. A FIFO's open blocks until the other end
  is there, so the writer is always waiting to open it, and starts its script again at each open
  (a probe never reads; the writer notices it left at its next write).
* The pipe is shrunk to one page, so what is written before PortAudio starts reading is at
  most a few periods ahead of real time (a default pipe would let it run 2 s ahead).

The ``.asoundrc`` goes in a folder used as ``HOME`` for a subprocess: alsa-lib reads it once, when
PortAudio initialises (at ``import sounddevice``).
"""

from __future__ import annotations

import collections
import contextlib
import errno
import fcntl
import os
import threading
import time
from pathlib import Path

import numpy as np

RATE = 16000

ASOUNDRC = """\
pcm.filemic {{ type file; slave.pcm "null"; file "/dev/null"; infile "{infile}"; format "raw" }}
pcm.!default {{ type asym; playback.pcm "null"; capture.pcm "filemic" }}
"""

#: An ALSA set-up whose default capture device does not exist (playback still works).
ASOUNDRC_MISSING_CAPTURE = """\
pcm.!default { type asym; playback.pcm "null"; capture.pcm "nosuchmicrophone" }
"""


def period_bytes() -> int:
    """Bytes PortAudio reads from ALSA per period: the microphone stream's block size."""
    from spoken_cribbage.voice.microphone import FRAME_SECONDS

    return int(RATE * FRAME_SECONDS) * 2


def room_noise(seconds: float, level: float = 30.0, seed: int = 7) -> bytes:
    """Low gaussian noise (about -61 dBFS at level 30): a quiet room, never digital silence."""
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(int(seconds * RATE)) * level).astype("<i2").tobytes()


class VirtualMic:
    """A FIFO-fed ALSA capture device. Use as a context manager.

    ``script`` is played from the start each time the device is opened (after ``lead`` seconds
    of room noise); :meth:`say` adds speech to the stream now playing. Between them, and
    forever after, the microphone hears room noise, so an endpointer can close an utterance.
    """

    def __init__(self, home: os.PathLike | str, script: bytes = b"", lead: float = 0.5, noise_level: float = 30.0):
        self.home = Path(home)
        self.home.mkdir(parents=True, exist_ok=True)
        self.fifo = self.home / "virtual-mic.fifo"
        if self.fifo.exists():
            self.fifo.unlink()
        os.mkfifo(self.fifo)
        (self.home / ".asoundrc").write_text(ASOUNDRC.format(infile=self.fifo))
        self.script = room_noise(lead, noise_level, seed=1) + script
        self.noise_level = noise_level
        self.period = period_bytes()
        self.opens = 0  # times the device was opened (probes included)
        self.bytes_sent = 0  # in the current open
        self._said: collections.deque[bytes] = collections.deque()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="virtual-mic", daemon=True)
        self._thread.start()

    # -- public ---------------------------------------------------------------------------------
    def say(self, pcm: bytes) -> None:
        """Speak into the open stream as soon as the audio queued before it has been played."""
        with self._lock:
            self._said.append(pcm)

    def close(self) -> None:
        self._stop.set()
        # Unblock a writer waiting in open(): a reader that comes and goes at once.
        try:
            fd = os.open(self.fifo, os.O_RDONLY | os.O_NONBLOCK)
            time.sleep(0.05)
            os.close(fd)
        except OSError:
            pass
        self._thread.join(5)

    def __enter__(self) -> VirtualMic:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the writer -----------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                fd = os.open(self.fifo, os.O_WRONLY)  # blocks until the device is opened
            except OSError:
                return
            if self._stop.is_set():
                os.close(fd)
                return
            self.opens += 1
            # The smallest pipe: whatever is written before PortAudio reads (a probe, or the
            # stream opened but not started) is at most a few periods ahead of real time.
            with contextlib.suppress(AttributeError, OSError):
                fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, 4096)
            try:
                self._serve(fd)
            except OSError as exc:  # the reader closed the device (EPIPE): wait for the next
                if exc.errno != errno.EPIPE:
                    raise
            finally:
                os.close(fd)

    def _serve(self, fd: int) -> None:
        p = self.period
        pending = bytearray(self.script)
        self.bytes_sent = 0
        noise = np.random.default_rng(self.opens)
        t_next = time.monotonic()
        while not self._stop.is_set():
            if len(pending) < p:
                with self._lock:
                    while self._said:
                        pending += self._said.popleft()
            if len(pending) >= p:
                chunk = bytes(pending[:p])
                del pending[:p]
            else:  # the end of a phrase is padded with noise to a whole period
                n = (p - len(pending)) // 2
                chunk = bytes(pending) + (noise.standard_normal(n) * self.noise_level).astype("<i2").tobytes()
                pending.clear()
            os.write(fd, chunk)  # whole periods, <= PIPE_BUF: never split
            self.bytes_sent += p
            t_next += p / 2 / RATE
            delay = t_next - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            elif delay < -0.5:  # fell behind (a reader that is not reading yet): no burst
                t_next = time.monotonic()
