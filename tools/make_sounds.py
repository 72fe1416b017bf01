"""Synthesise the game's sound effects into game/sounds/ (Python's standard library only).

    .venv/bin/python tools/make_sounds.py [--out DIR] [--check]

Every effect is made here from first principles, so the sounds are ours (CC0, see game/sounds/LICENSE.md):

- plucked strings (lute, harpsichord) by the Karplus-Strong algorithm: a burst of filtered noise
  circulating in a tuned delay line with a gentle low-pass, an all-pass filter for exact tuning;
- small bells and chimes by additive synthesis of inharmonic partials, each with its own decay;
- wooden clicks by a few damped resonant modes struck with a very short noise burst;
- coins by high, closely spaced metallic partials ringing briefly.

The output is 16-bit mono WAV at 44.1 kHz. Each effect gets its DC removed, a short fade-in and fade-out
(so it never clicks) and is normalised to its own peak level (clicks quieter than fanfares), and a light
room reverberation. The noise is seeded, so running the script again writes the same files.
``--check`` reads the files back and verifies length, peak, DC offset and the silent ends.
"""

from __future__ import annotations

import argparse
import array
import cmath
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

SR = 44100
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "game" / "sounds"

#: effect name -> longest allowed length in seconds (fanfares may be longer)
MAX_SECONDS = 1.5
FANFARE_SECONDS = 3.0
FANFARES = ("ball", "game_over")
#: peak above this fraction of full scale counts as (nearly) clipping
PEAK_LIMIT = 0.95
#: the first and last samples must be this quiet (fraction of full scale): no click at the ends
EDGE_LIMIT = 0.01
#: the mean of the samples must be this close to 0 (fraction of full scale)
DC_LIMIT = 0.005


# -- pitches ---------------------------------------------------------------------------------------
_NOTE = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def hz(name: str) -> float:
    """'A4' -> 440.0, 'F#3', 'Bb4' ..."""
    letter, rest = name[0], name[1:]
    shift = 0
    while rest and rest[0] in "#b":
        shift += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    semis = _NOTE[letter] + shift + 12 * (int(rest) - 4)
    return 440.0 * 2 ** (semis / 12)


# -- buffers ---------------------------------------------------------------------------------------
def silence(seconds: float) -> list[float]:
    return [0.0] * int(round(seconds * SR))


def mix(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    """Add ``src`` into ``dst`` starting ``at`` seconds (``dst`` grows if needed)."""
    start = int(round(at * SR))
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def one_pole_lowpass(xs: list[float], cutoff: float) -> list[float]:
    a = math.exp(-2 * math.pi * cutoff / SR)
    y = 0.0
    out = []
    for x in xs:
        y = (1 - a) * x + a * y
        out.append(y)
    return out


def highpass(xs: list[float], cutoff: float) -> list[float]:
    """One-pole DC-blocking high-pass."""
    r = math.exp(-2 * math.pi * cutoff / SR)
    out = []
    x1 = y1 = 0.0
    for x in xs:
        y = x - x1 + r * y1
        x1, y1 = x, y
        out.append(y)
    return out


# -- voices ----------------------------------------------------------------------------------------
def _allpass_coefficient(delay: float, w: float) -> float:
    """The first-order all-pass coefficient whose phase delay at ``w`` (radians/sample) is ``delay``."""
    def phase_delay(c: float) -> float:
        z = complex(math.cos(w), -math.sin(w))  # z^-1
        return -cmath.phase((c + z) / (1 + c * z)) / w

    lo, hi = -0.999, 0.999  # the delay falls as c rises
    for _ in range(50):
        mid = (lo + hi) / 2
        if phase_delay(mid) > delay:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def pluck(freq: float, seconds: float, *, t60: float = 1.2, brightness: float = 0.5, position: float = 0.2,
          rng: random.Random) -> list[float]:
    """A Karplus-Strong plucked string.

    ``brightness`` (0..1) sets the cutoff of the noise burst (soft lute ~0.3, harpsichord ~0.9);
    ``position`` is where along the string it is plucked (a comb on the burst: near the end is nasal);
    ``t60`` the seconds for the note to fall by 60 dB.
    """
    period = SR / freq
    n = int(period - 0.5)
    frac = period - 0.5 - n
    if frac < 0.1:
        n -= 1
        frac += 1.0
    c = _allpass_coefficient(frac, 2 * math.pi * freq / SR)  # first-order all-pass for the fractional delay
    burst = [rng.uniform(-1.0, 1.0) for _ in range(n)]
    burst = one_pole_lowpass(burst, 300 + brightness * 9000)
    shift = max(1, int(n * position))
    burst = [burst[i] - burst[i - shift] if i >= shift else burst[i] for i in range(n)]
    mean = sum(burst) / n
    burst = [b - mean for b in burst]
    gain = 10 ** (-3 / (t60 * freq))  # per trip round the loop
    total = int(seconds * SR)
    out = [0.0] * total
    prev = ap_x1 = ap_y1 = 0.0
    for i in range(total):
        v = out[i - n] if i >= n else 0.0
        lp = gain * 0.5 * (v + prev)
        prev = v
        ap = c * lp + ap_x1 - c * ap_y1
        ap_x1, ap_y1 = lp, ap
        out[i] = (burst[i] if i < n else 0.0) + ap
    return out


def lute(freq: float, seconds: float, rng: random.Random, *, t60: float = 1.4) -> list[float]:
    """A soft, warm plucked note: low brightness, plucked away from the bridge, a little body."""
    s = pluck(freq, seconds, t60=t60, brightness=0.28, position=0.23, rng=rng)
    body = pluck(freq * 2, seconds, t60=t60 * 0.6, brightness=0.2, position=0.3, rng=rng)  # the paired course
    return [a + 0.25 * b for a, b in zip(s, body, strict=True)]


def harpsichord(freq: float, seconds: float, rng: random.Random, *, t60: float = 2.0) -> list[float]:
    """A bright, plucked-near-the-end note with an octave (4') stop coupled in."""
    s8 = pluck(freq, seconds, t60=t60, brightness=0.85, position=0.08, rng=rng)
    s4 = pluck(freq * 2, seconds, t60=t60 * 0.7, brightness=0.8, position=0.1, rng=rng)
    return [a + 0.35 * b for a, b in zip(s8, s4, strict=True)]


def partials(seconds: float, spec: list[tuple[float, float, float]], *, attack: float = 0.002,
             rng: random.Random | None = None) -> list[float]:
    """Additive synthesis: (frequency, amplitude, decay seconds to 1/e) for each partial."""
    total = int(seconds * SR)
    out = [0.0] * total
    for freq, amp, tau in spec:
        if freq >= SR / 2 - 500:
            continue
        phase = rng.uniform(0, 2 * math.pi) if rng else 0.0
        w = 2 * math.pi * freq / SR
        k = math.exp(-1 / (tau * SR))
        env = amp
        cut = min(total, int(tau * SR * 9))  # beyond ~ -80 dB
        for i in range(cut):
            out[i] += env * math.sin(w * i + phase)
            env *= k
    a = max(1, int(attack * SR))
    for i in range(min(a, total)):
        out[i] *= i / a
    return out


#: a small hand bell / chime: near-harmonic strike tone with a minor-third colour and a hum below
BELL = [(1.0, 1.0, 0.55), (2.0, 0.45, 0.32), (2.4, 0.35, 0.25), (3.0, 0.22, 0.2), (4.2, 0.15, 0.12),
        (5.4, 0.1, 0.08), (0.5, 0.25, 0.9)]
#: a glockenspiel-like chime bar (free bar partial ratios), bright and clean
CHIME = [(1.0, 1.0, 0.5), (2.76, 0.3, 0.16), (5.40, 0.12, 0.07), (8.93, 0.05, 0.04)]


def bell(freq: float, seconds: float, rng: random.Random, *, shape=BELL, length: float = 1.0) -> list[float]:
    return partials(seconds, [(freq * r, a, tau * length) for r, a, tau in shape], rng=rng)


def wood(seconds: float, rng: random.Random, *, modes: tuple[float, ...] = (620.0, 1480.0, 2650.0),
         tau: float = 0.025, noise: float = 0.4) -> list[float]:
    """A struck piece of wood: a few fast-decaying modes plus a tiny noise tick."""
    spec = [(f, 1.0 / (1 + j), tau / (1 + 0.6 * j)) for j, f in enumerate(modes)]
    out = partials(seconds, spec, attack=0.0008, rng=rng)
    tick = one_pole_lowpass([rng.uniform(-1, 1) for _ in range(int(0.004 * SR))], 4000)
    for i, v in enumerate(tick):
        out[i] += noise * v * (1 - i / len(tick))
    return out


def coin(seconds: float, rng: random.Random, *, base: float = 2900.0) -> list[float]:
    """A small silver coin on wood: high, closely spaced metallic partials ringing briefly."""
    ratios = (1.0, 1.41, 1.93, 2.42, 2.87)
    spec = [(base * r * rng.uniform(0.995, 1.005), 1.0 / (1 + 0.5 * j), 0.09 / (1 + 0.3 * j))
            for j, r in enumerate(ratios)]
    return partials(seconds, spec, attack=0.0005, rng=rng)


def swish(seconds: float, rng: random.Random, *, cutoff: float = 2500.0) -> list[float]:
    """A card slid across the table: band-limited noise that swells and fades."""
    total = int(seconds * SR)
    noise = highpass(one_pole_lowpass([rng.uniform(-1, 1) for _ in range(total)], cutoff), 500)
    return [v * math.sin(math.pi * i / total) ** 2 for i, v in enumerate(noise)]


def strum(notes: list[str], seconds: float, rng: random.Random, *, voice: Callable = lute, gap: float = 0.028,
          at: float = 0.0, out: list[float] | None = None, gain: float = 1.0, **kw) -> list[float]:
    """Notes of a chord one after the other, ``gap`` seconds apart, low to high."""
    out = out if out is not None else []
    for j, name in enumerate(notes):
        mix(out, voice(hz(name), seconds - j * gap, rng, **kw), at + j * gap, gain / math.sqrt(len(notes)))
    return out


def reverb(xs: list[float], *, wet: float = 0.12, tail: float = 0.35, room: float = 0.72) -> list[float]:
    """A small Schroeder room (four combs, two all-passes) so effects don't sound dry and boxy."""
    n = len(xs) + int(tail * SR)
    dry = xs + [0.0] * (n - len(xs))
    combs = [1116, 1188, 1277, 1356]
    acc = [0.0] * n
    for d in combs:
        buf = [0.0] * n
        damp = 0.0
        for i in range(n):
            fb = buf[i - d] if i >= d else 0.0
            damp = 0.6 * fb + 0.4 * damp  # darken the tail
            buf[i] = dry[i] + room * damp
            acc[i] += buf[i]
    for d, g in ((556, 0.5), (225, 0.5)):
        y = [0.0] * n
        for i in range(n):
            xd = acc[i - d] if i >= d else 0.0
            yd = y[i - d] if i >= d else 0.0
            y[i] = -g * acc[i] + xd + g * yd
        acc = y
    scale = wet / len(combs)
    return [d + scale * a for d, a in zip(dry, acc, strict=True)]


def finish(xs: list[float], *, peak: float, seconds: float, fade_in: float = 0.003,
           fade_out: float = 0.06) -> list[float]:
    """Trim/pad to ``seconds``, remove DC, fade both ends, normalise to ``peak`` (fraction of full scale)."""
    total = int(round(seconds * SR))
    xs = (xs + [0.0] * total)[:total]
    xs = highpass(xs, 18.0)
    mean = sum(xs) / total
    xs = [v - mean for v in xs]
    fi = max(1, int(fade_in * SR))
    fo = max(1, int(fade_out * SR))
    for i in range(fi):
        xs[i] *= i / fi
    for i in range(fo):  # a raised-cosine fade to exact silence
        xs[total - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    top = max(abs(v) for v in xs) or 1.0
    return [v * peak / top for v in xs]


# -- the effects -----------------------------------------------------------------------------------
def fx_click(rng):  # a UI button: a small, dry, high wooden tick
    return finish(wood(0.07, rng, modes=(1850.0, 3900.0), tau=0.008, noise=0.25), peak=0.32, seconds=0.07,
                  fade_out=0.02)


def fx_tile(rng):  # a wooden tile set down on the estate: a low knock and a touch of the table
    s = wood(0.25, rng, modes=(420.0, 1130.0, 2210.0), tau=0.03, noise=0.5)
    mix(s, wood(0.2, rng, modes=(690.0, 1620.0), tau=0.018, noise=0.2), 0.018, 0.35)  # the small bounce
    return finish(reverb(s, wet=0.08, tail=0.1), peak=0.5, seconds=0.32)


def fx_build(rng):  # two mallet taps, then a warm strummed lute chord (G major)
    s = wood(0.2, rng, modes=(360.0, 980.0, 2050.0), tau=0.035)
    mix(s, wood(0.2, rng, modes=(380.0, 1010.0, 2100.0), tau=0.035), 0.13, 0.8)
    strum(["G2", "D3", "G3", "B3", "D4"], 1.0, rng, at=0.26, out=s, gain=1.4, gap=0.024)
    return finish(reverb(s), peak=0.62, seconds=1.3, fade_out=0.25)


def fx_coins(rng):  # three coins dropping onto a little pile
    s: list[float] = []
    for at, base, g in ((0.0, 3100.0, 1.0), (0.075, 2650.0, 0.75), (0.135, 3450.0, 0.55)):
        mix(s, coin(0.35, rng, base=base), at, g)
    return finish(reverb(s, wet=0.1, tail=0.15), peak=0.38, seconds=0.55, fade_out=0.12)


def fx_vp(rng):  # a single clear chime: E6 on a chime bar, a quiet octave below
    s = bell(hz("E6"), 0.9, rng, shape=CHIME, length=0.9)
    mix(s, bell(hz("E5"), 0.9, rng, shape=CHIME, length=0.8), 0.0, 0.3)
    return finish(reverb(s), peak=0.36, seconds=0.95, fade_out=0.2)


def fx_card(rng):  # a card slid from the hand, then a light grace-note pluck
    s = swish(0.12, rng, cutoff=3000.0)
    mix(s, lute(hz("B4"), 0.4, rng, t60=0.8), 0.09, 0.45)
    mix(s, lute(hz("E5"), 0.4, rng, t60=0.8), 0.14, 0.6)
    return finish(reverb(s), peak=0.45, seconds=0.55, fade_out=0.12)


def fx_queen(rng):  # a regal pair of hand bells, a fifth apart, over a soft lute G
    s = bell(hz("D6"), 1.3, rng, length=0.9)
    mix(s, bell(hz("G6"), 1.1, rng, length=0.9), 0.16, 0.8)
    mix(s, lute(hz("G3"), 1.2, rng), 0.0, 0.6)
    return finish(reverb(s, wet=0.15), peak=0.55, seconds=1.35, fade_out=0.3)


def fx_knight(rng):  # a helmet set down (a firm knock) and a low open fifth on the lute
    s = wood(0.25, rng, modes=(300.0, 760.0, 1690.0), tau=0.04, noise=0.6)
    strum(["D2", "A2", "D3"], 0.7, rng, at=0.07, out=s, gain=1.3, gap=0.03)
    return finish(reverb(s), peak=0.58, seconds=0.8, fade_out=0.2)


def fx_refused(rng):  # something not allowed: one soft, muted low note (no buzzer)
    s = lute(hz("A2"), 0.45, rng, t60=0.35)
    mix(s, partials(0.45, [(hz("A2"), 0.35, 0.18)]), 0.0, 1.0)
    return finish(one_pole_lowpass(s, 1200), peak=0.4, seconds=0.45, fade_in=0.006, fade_out=0.12)


def fx_title(rng):  # a rising arpeggio of chimes: G5 B5 D6 G6, the last ringing
    s: list[float] = []
    for j, name in enumerate(["G5", "B5", "D6", "G6"]):
        mix(s, bell(hz(name), 1.0, rng, shape=CHIME, length=0.7 + 0.25 * j), 0.11 * j, 0.7 + 0.1 * j)
    mix(s, lute(hz("G3"), 1.0, rng), 0.33, 0.5)
    return finish(reverb(s, wet=0.15), peak=0.55, seconds=1.45, fade_out=0.3)


def fx_scoring(rng):  # a buildings' tally: a rising lute arpeggio in C, closing on a coin-bright chime
    s: list[float] = []
    for j, name in enumerate(["C3", "E3", "G3", "C4", "E4"]):
        mix(s, lute(hz(name), 0.9, rng), 0.1 * j, 0.7)
    mix(s, bell(hz("C6"), 0.7, rng, shape=CHIME, length=0.7), 0.5, 0.35)
    return finish(reverb(s), peak=0.58, seconds=1.3, fade_out=0.3)


def fx_decade(rng):  # a chapel bell tolls once (a minor-third bell on G4, with its hum)
    s = bell(hz("G4"), 1.5, rng, length=1.6)
    mix(s, bell(hz("G4") * 1.003, 1.5, rng, length=1.5), 0.0, 0.3)  # a slow beat, as real bells have
    return finish(reverb(s, wet=0.2, tail=0.5), peak=0.48, seconds=1.5, fade_in=0.004, fade_out=0.35)


def fx_ball(rng):  # a harpsichord fanfare in D: quick rising arpeggio, a turn, a full chord
    s: list[float] = []
    t = 0.0
    for name, length in (("D4", 0.14), ("F#4", 0.14), ("A4", 0.14), ("D5", 0.28), ("C#5", 0.1), ("D5", 0.1),
                         ("E5", 0.1), ("F#5", 0.26)):
        mix(s, harpsichord(hz(name), 0.9, rng, t60=1.2), t, 0.55)
        t += length
    strum(["D3", "A3", "D4", "F#4", "A4", "D5"], 1.5, rng, voice=harpsichord, at=t, out=s, gain=1.3, gap=0.02)
    return finish(reverb(s, wet=0.16, tail=0.4), peak=0.7, seconds=2.85, fade_out=0.45)


def fx_game_over(rng):  # a gentle plagal-and-perfect cadence on lute and harpsichord: IV - V - I in G
    s: list[float] = []
    strum(["C3", "G3", "C4", "E4"], 1.0, rng, at=0.0, out=s, gap=0.04)
    strum(["D3", "A3", "D4", "F#4"], 1.0, rng, at=0.62, out=s, gap=0.04)
    strum(["G2", "D3", "G3", "B3", "D4", "G4"], 1.7, rng, at=1.24, out=s, gap=0.05, t60=2.2)
    mix(s, harpsichord(hz("B5"), 1.5, rng, t60=1.6), 1.32, 0.18)
    mix(s, harpsichord(hz("G5"), 1.4, rng, t60=1.6), 1.55, 0.15)
    return finish(reverb(s, wet=0.18, tail=0.4), peak=0.62, seconds=2.9, fade_out=0.55)


#: file stem -> synthesis function (the game's sound names, see game/ui/sound.py)
EFFECTS: dict[str, Callable[[random.Random], list[float]]] = {
    "click": fx_click,
    "tile": fx_tile,
    "build": fx_build,
    "coins": fx_coins,
    "vp": fx_vp,
    "card": fx_card,
    "queen": fx_queen,
    "knight": fx_knight,
    "refused": fx_refused,
    "title": fx_title,
    "scoring": fx_scoring,
    "decade": fx_decade,
    "ball": fx_ball,
    "game_over": fx_game_over,
}


def write_wav(path: Path, xs: list[float]) -> None:
    data = array.array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in xs))
    if sys.byteorder != "little":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(data.tobytes())


def read_wav(path: Path) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = array.array("h", w.readframes(params.nframes))
    if sys.byteorder != "little":
        data.byteswap()
    return params, data


def check_file(path: Path) -> list[str]:
    """Problems with one effect file (empty list: fine)."""
    try:
        params, data = read_wav(path)
    except (OSError, wave.Error, EOFError) as exc:
        return [f"{path.name}: not a readable WAV ({exc})"]
    problems = []
    if (params.nchannels, params.sampwidth, params.framerate) != (1, 2, SR):
        problems.append(f"{path.name}: {params.nchannels} ch, {8 * params.sampwidth} bit, {params.framerate} Hz")
    if not data:
        return [*problems, f"{path.name}: empty"]
    seconds = len(data) / params.framerate
    limit = FANFARE_SECONDS if path.stem in FANFARES else MAX_SECONDS
    if seconds > limit:
        problems.append(f"{path.name}: {seconds:.2f} s long (at most {limit} s)")
    peak = max(abs(v) for v in data) / 32768
    if peak > PEAK_LIMIT:
        problems.append(f"{path.name}: peak {peak:.2f} of full scale (clipping)")
    if peak < 0.05:
        problems.append(f"{path.name}: nearly silent (peak {peak:.3f})")
    dc = abs(sum(data) / len(data)) / 32768
    if dc > DC_LIMIT:
        problems.append(f"{path.name}: DC offset {dc:.4f}")
    for where, v in (("first", data[0]), ("last", data[-1])):
        if abs(v) / 32768 > EDGE_LIMIT:
            problems.append(f"{path.name}: the {where} sample is {v} (would click)")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=OUT, help="folder for the WAV files (default: game/sounds/)")
    p.add_argument("--check", action="store_true", help="only check the existing files")
    p.add_argument("--only", nargs="*", help="make only these effects")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    names = args.only or list(EFFECTS)
    if not args.check:
        for name in names:
            samples = EFFECTS[name](random.Random(f"noblemen-{name}"))
            write_wav(args.out / f"{name}.wav", samples)
    problems: list[str] = []
    total = 0
    for name in names:
        path = args.out / f"{name}.wav"
        problems += check_file(path) if path.exists() else [f"{path.name}: missing"]
        if path.exists():
            params, data = read_wav(path)
            total += path.stat().st_size
            peak = max(abs(v) for v in data) / 32768
            print(f"{name:10s} {len(data) / SR:5.2f} s  peak {peak:4.2f}  {path.stat().st_size // 1024:4d} KB")
    print(f"{len(names)} effects, {total / 1024:.0f} KB")
    for line in problems:
        print("problem:", line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
