"""The synthesised sound effects: valid WAV files, short, quiet, free of clicks,
scaled by the volume and the same on every run."""

from __future__ import annotations

import io
import itertools
import math
import random
import sys
import wave
from array import array
from typing import NamedTuple

import pytest

from cardtable.ui.sound import synthesis as sounds

QUIET = 0.25
"""No effect may peak above this fraction of full scale (-12 dBFS) even at full
volume: quiet enough for a long evening at the table."""

LONGEST = {name: 0.6 for name in sounds.EFFECTS} | {"game_over": 1.5}
"""The longest each effect may last, in seconds."""

EDGE_LSB = 2
"""What "near zero" means for a first or last sample."""


class Header(NamedTuple):
    nchannels: int
    sampwidth: int
    framerate: int
    nframes: int


def read(data: bytes) -> tuple[Header, array[int]]:
    """The WAV file's header and its samples (ints, native order)."""
    with wave.open(io.BytesIO(data), "rb") as reader:
        header = Header(reader.getnchannels(), reader.getsampwidth(), reader.getframerate(),
                        reader.getnframes())
        samples = array("h", reader.readframes(reader.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return header, samples


def peak(samples: array[int]) -> int:
    return max(abs(x) for x in samples)


def clicks(samples: array[int]) -> list[str]:
    """What would click: an edge sample away from zero, or a loud first or last
    millisecond (a sound that starts or stops without fading)."""
    found = []
    if abs(samples[0]) > EDGE_LSB or abs(samples[-1]) > EDGE_LSB:
        found.append("edge sample")
    ms = sounds.RATE // 1000
    top = peak(samples)
    if max(abs(x) for x in samples[:ms]) > 0.1 * top:
        found.append("sudden start")
    if max(abs(x) for x in samples[-ms:]) > 0.1 * top:
        found.append("sudden end")
    return found


@pytest.mark.parametrize("name", sounds.EFFECTS)
def test_each_effect_is_a_valid_short_mono_16_bit_wav(name: str) -> None:
    data = sounds.wav(name, 1.0)
    assert data[:4] == b"RIFF" and data[8:16] == b"WAVEfmt "
    header, samples = read(data)
    assert header.nchannels == 1
    assert header.sampwidth == 2
    assert header.framerate in (22_050, 44_100)
    assert header.nframes == len(samples)
    seconds = len(samples) / header.framerate
    assert 0.05 < seconds < LONGEST[name]
    assert len(data) == 44 + 2 * len(samples)  # the header and the samples, nothing else


def test_a_damaged_file_is_refused_by_the_reader() -> None:
    """The reader above really checks: a file cut short or garbled is refused."""
    data = sounds.wav("play", 1.0)
    with pytest.raises((wave.Error, EOFError)):
        read(data[:20])
    with pytest.raises(wave.Error):
        read(b"RIFX" + data[4:])


@pytest.mark.parametrize("name", sounds.EFFECTS)
def test_each_effect_is_quiet_but_audible(name: str) -> None:
    _, samples = read(sounds.wav(name, 1.0))
    assert peak(samples) <= QUIET * sounds.FULL_SCALE
    assert peak(samples) >= 0.05 * sounds.FULL_SCALE  # quiet, not silent


def test_the_quiet_bound_catches_a_loud_sound() -> None:
    loud = array("h", [0, 20_000, -20_000, 0])
    assert peak(loud) > QUIET * sounds.FULL_SCALE


@pytest.mark.parametrize("name", sounds.EFFECTS)
def test_no_effect_clicks(name: str) -> None:
    for volume in (1.0, 0.3):
        _, samples = read(sounds.wav(name, volume))
        assert clicks(samples) == [], (name, volume)


def test_the_click_check_hears_a_tone_cut_off() -> None:
    """A tone that starts and stops at full strength is flagged."""
    n = sounds.RATE // 10
    tone = array("h", (round(8000 * math.sin(2 * math.pi * 440 * i / sounds.RATE + 1.0))
                       for i in range(n)))
    assert set(clicks(tone)) == {"edge sample", "sudden start", "sudden end"}


@pytest.mark.parametrize("name", sounds.EFFECTS)
def test_volume_scales_the_peak(name: str) -> None:
    full = peak(read(sounds.wav(name, 1.0))[1])
    peaks = [peak(read(sounds.wav(name, v / 10))[1]) for v in range(11)]
    assert peaks[0] == 0
    assert peaks[-1] == full
    assert all(a < b for a, b in itertools.pairwise(peaks))  # louder each step
    assert abs(peaks[5] - full * sounds.gain(0.5)) <= 1
    assert sounds.gain(0.5) == pytest.approx(0.25)  # amplitude follows the square


def test_volume_is_clamped_and_a_bad_value_is_silence() -> None:
    assert sounds.wav("turn", 1.7) == sounds.wav("turn", 1.0)
    _, silent = read(sounds.wav("turn", -0.5))
    assert peak(silent) == 0
    _, nan = read(sounds.wav("turn", float("nan")))
    assert peak(nan) == 0


def test_every_effect_is_its_own_sound() -> None:
    assert len({sounds.wav(name, 1.0) for name in sounds.EFFECTS}) == len(sounds.EFFECTS)


def _fresh(name: str) -> bytes:
    """The effect made again from nothing, with the global random state disturbed."""
    sounds._wav.cache_clear()
    sounds._shape.cache_clear()
    random.seed()
    return sounds.wav(name, 0.8)


@pytest.mark.parametrize("name", sounds.EFFECTS)
def test_effects_are_deterministic(name: str) -> None:
    assert _fresh(name) == _fresh(name)


def test_the_determinism_check_catches_unseeded_noise(monkeypatch: pytest.MonkeyPatch) -> None:
    """Noise from the global generator would make two runs differ, and the check sees it."""
    monkeypatch.setattr(sounds, "_noise",
                        lambda seed, n: [random.uniform(-1, 1) for _ in range(n)])
    try:
        assert _fresh("collect") != _fresh("collect")
    finally:
        sounds._wav.cache_clear()
        sounds._shape.cache_clear()


def test_the_cache_keeps_a_volume_to_the_hundredth() -> None:
    assert sounds.wav("deal", 0.5) is sounds.wav("deal", 0.504)
    assert sounds.wav("deal", 0.5) != sounds.wav("deal", 0.51)


def test_an_unknown_effect_is_refused() -> None:
    with pytest.raises(ValueError, match="applause"):
        sounds.wav("applause", 1.0)
