"""The table's sound effects, synthesised in code: no recorded file to license, ship
or keep in step with the program, and nothing for the bundle to carry but this module.

Each effect is 16-bit mono PCM at :data:`RATE`, returned as the bytes of a WAV file
(what every system's simplest player reads).  The effects are quiet on purpose — a
card game is played for a long time, often in a room with other people — so even at
full volume their peaks stay far below full scale.  Every effect fades in and out
(a sound that starts or stops on a non-zero sample clicks), and noise comes from a
seeded generator, so the same call always gives the same bytes.

Standard library only, no Qt: the synthesis is tested, and could be run at build
time, without a display or an audio device.
"""

from __future__ import annotations

import cmath
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

RATE = 22_050
"""Samples a second: ample for soft taps and chimes below 3 kHz, and half the bytes
of 44.1 kHz."""

EFFECTS: tuple[str, ...] = ("deal", "play", "collect", "turn", "game_over")
"""Every effect :func:`wav` makes, by name."""

FULL_SCALE = 32767

PEAKS: dict[str, float] = {
    "deal": 0.20,
    "play": 0.24,
    "collect": 0.16,
    "turn": 0.18,
    "game_over": 0.18,
}
"""Each effect's peak at volume 1.0, as a fraction of full scale (0.24 is about
-12 dBFS).  Tones sound louder than noise at the same peak, so the chimes sit lower
than the tap."""

_FADE_IN_S = 0.004
_FADE_OUT_S = 0.020

Samples = list[float]


def _count(seconds: float) -> int:
    return max(1, round(seconds * RATE))


def _smoothing(cutoff_hz: float) -> float:
    """The coefficient of a one-pole low-pass filter at ``cutoff_hz``."""
    return 1.0 - math.exp(-2.0 * math.pi * cutoff_hz / RATE)


def _lowpass(samples: Sequence[float], cutoff: Callable[[int], float]) -> Samples:
    """One-pole low-pass with a cutoff that may move from sample to sample (a sweep)."""
    out: Samples = []
    y = 0.0
    for i, x in enumerate(samples):
        y += _smoothing(cutoff(i)) * (x - y)
        out.append(y)
    return out


def _band(samples: Sequence[float], low_hz: Callable[[int], float],
          high_hz: Callable[[int], float]) -> Samples:
    """Keep roughly the band between ``low_hz`` and ``high_hz``: the low-pass at the
    top (twice, so that no hiss is left above it) less the low-pass at the bottom."""
    top = _lowpass(_lowpass(samples, high_hz), high_hz)
    bottom = _lowpass(top, low_hz)
    return [a - b for a, b in zip(top, bottom, strict=True)]


def _noise(seed: int, n: int) -> Samples:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _decay(n: int, attack_s: float, tau_s: float) -> Samples:
    """A linear rise over ``attack_s``, then an exponential fall with time constant
    ``tau_s``."""
    attack = _count(attack_s)
    fall = math.exp(-1.0 / (tau_s * RATE))
    out = [t / attack for t in range(min(attack, n))]
    level = 1.0
    for _ in range(n - len(out)):
        out.append(level)
        level *= fall
    return out


def _note(n: int, freq: float, start_s: float, tau_s: float, gain: float = 1.0) -> Samples:
    """A bell-like note struck at ``start_s``: a sine with two soft overtones that die
    away faster than it does, as a struck bar's do.

    The note is a decaying phasor, ``z`` turned and shrunk by ``step`` each sample;
    its powers are the overtones, each with its own faster decay for free, which
    keeps this loop cheap enough to run on the GUI thread."""
    start = round(start_s * RATE)
    attack = _count(0.006)
    step = cmath.rect(math.exp(-1.0 / (tau_s * RATE)), 2.0 * math.pi * freq / RATE)
    out = [0.0] * n
    z = complex(1.0, 0.0)
    for t in range(n - start):
        z2 = z * z
        tone = z.imag + 0.22 * z2.imag + 0.06 * (z2 * z).imag
        out[start + t] = gain * tone * (t / attack if t < attack else 1.0)
        z *= step
    return out


def _mix(*parts: Sequence[float]) -> Samples:
    return [sum(values) for values in zip(*parts, strict=True)]


def _deal() -> Samples:
    """A card sliding off the pack: a brief band of noise, bright and soft."""
    n = _count(0.16)
    noise = _band(_noise(1, n), lambda i: 1400.0, lambda i: 5200.0)
    envelope = _decay(n, 0.010, 0.030)
    return [x * e for x, e in zip(noise, envelope, strict=True)]


def _play() -> Samples:
    """A card laid on the cloth: a low, quickly damped thud with a little grain."""
    n = _count(0.12)
    thud: Samples = []
    phase = 0.0
    for i in range(n):
        freq = 120.0 + 90.0 * math.exp(-i / (0.015 * RATE))  # pitch falls as it lands
        phase += 2.0 * math.pi * freq / RATE
        thud.append(math.sin(phase))
    body = _decay(n, 0.003, 0.022)
    grain = _lowpass(_lowpass(_noise(2, n), lambda i: 2200.0), lambda i: 2200.0)
    snap = _decay(n, 0.002, 0.008)
    return [0.8 * t * b + 1.6 * g * s
            for t, b, g, s in zip(thud, body, grain, snap, strict=True)]


def _collect() -> Samples:
    """Cards swept together: a swell of noise whose colour rises and falls, with a
    light flutter of the cards brushing one another."""
    n = _count(0.42)
    noise = _noise(3, n)

    def top(i: int) -> float:
        return 900.0 + 2600.0 * math.sin(math.pi * i / n)

    swept = _band(noise, lambda i: 500.0, top)
    out: Samples = []
    for i, x in enumerate(swept):
        swell = math.sin(math.pi * i / n) ** 2
        flutter = 0.75 + 0.25 * math.sin(2.0 * math.pi * 17.0 * i / RATE)
        out.append(x * swell * flutter)
    return out


def _turn() -> Samples:
    """Your turn: two soft notes a fourth apart (E5, A5), rising — a question."""
    n = _count(0.55)
    return _mix(_note(n, 659.25, 0.0, 0.10), _note(n, 880.0, 0.13, 0.13))


def _game_over() -> Samples:
    """The end of a game: C5, E5, G5 rising, the last one left to ring, with its
    octave below for warmth."""
    n = _count(1.35)
    return _mix(
        _note(n, 523.25, 0.0, 0.14),
        _note(n, 659.25, 0.16, 0.14),
        _note(n, 783.99, 0.32, 0.32),
        _note(n, 392.00, 0.32, 0.30, gain=0.35),
    )


_MAKERS: dict[str, Callable[[], Samples]] = {
    "deal": _deal,
    "play": _play,
    "collect": _collect,
    "turn": _turn,
    "game_over": _game_over,
}


@cache
def _shape(name: str) -> tuple[float, ...]:
    """The effect's samples with the edges faded and its peak at ``PEAKS[name]``."""
    samples = _MAKERS[name]()
    n = len(samples)
    fade_in, fade_out = _count(_FADE_IN_S), _count(_FADE_OUT_S)
    for i in range(min(fade_in, n)):
        samples[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
    for i in range(min(fade_out, n)):
        samples[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    peak = max(abs(x) for x in samples) or 1.0
    scale = PEAKS[name] / peak
    return tuple(x * scale for x in samples)


def clamp(volume: float) -> float:
    """``volume`` within 0.0 to 1.0 (NaN, from a damaged setting, is 0.0)."""
    return min(volume, 1.0) if volume > 0.0 else 0.0


def gain(volume: float) -> float:
    """The amplitude factor for a volume between 0 and 1.  Loudness is heard roughly
    on a logarithmic scale, so a linear factor would put almost all of a slider's
    audible change at its bottom end; the square spreads it more evenly."""
    return clamp(volume) ** 2


def wav(name: str, volume: float) -> bytes:
    """The WAV file of effect ``name`` (one of :data:`EFFECTS`) at ``volume`` (0.0 to
    1.0; outside that range it is clamped, and it is rounded to hundredths, the
    granularity the cache keeps).  Raises ``ValueError`` for an unknown name."""
    if name not in _MAKERS:
        raise ValueError(f"no sound effect called {name!r}")
    return _wav(name, round(clamp(volume), 2))


@lru_cache(maxsize=64)
def _wav(name: str, volume: float) -> bytes:
    factor = gain(volume) * FULL_SCALE
    pcm = array("h", (round(x * factor) for x in _shape(name)))
    if sys.byteorder == "big":  # WAV samples are little-endian
        pcm.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()
