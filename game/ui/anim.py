"""Small animation helpers: easing curves, tweens and a sequence runner.  Pure: no pygame, no clock.

Durations are given for the "normal" speed and scaled by the player's animation-speed setting
(:data:`SPEED_FACTOR`): slow x1.6, normal x1, fast x0.4, instant 0 (done at once, value at its end).

    t = Tween((0, 0), (300, 120), 0.5, ease=ease_out_cubic, speed="fast")
    t.update(dt)          # each frame; returns the current value
    t.value, t.done

    seq = Sequence([Wait(0.2), t, Call(lambda: print("landed"))], speed="normal")
    seq.update(dt)        # runs the steps one after another; leftover time flows into the next step
    seq.done

A step is anything with ``update(dt) -> float`` returning the unused part of ``dt`` (0 while still
running) and a ``done`` property; :class:`Tween`, :class:`Wait`, :class:`Call` and
:class:`Sequence` all are.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Sequence as Seq
from typing import Any, Protocol

SPEED_FACTOR: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.4, "instant": 0.0}

Ease = Callable[[float], float]


def speed_factor(speed: str | None) -> float:
    """How long animations last relative to "normal" (unknown or None: 1.0)."""
    if speed is None:
        return 1.0
    return SPEED_FACTOR.get(speed, 1.0)


def scaled(seconds: float, speed: str | None) -> float:
    """``seconds`` at the normal speed, scaled for ``speed``; never negative."""
    return max(0.0, seconds * speed_factor(speed))


# -- easing -----------------------------------------------------------------------------------------
def _clamp01(t: float) -> float:
    return 0.0 if t <= 0 else 1.0 if t >= 1 else t


def linear(t: float) -> float:
    return _clamp01(t)


def ease_in_quad(t: float) -> float:
    t = _clamp01(t)
    return t * t


def ease_out_quad(t: float) -> float:
    t = _clamp01(t)
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    t = _clamp01(t)
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    t = _clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    t = _clamp01(t)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little past the end, then settles (a piece landing)."""
    t = _clamp01(t)
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    t = _clamp01(t)
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def arc(t: float, height: float = 1.0) -> float:
    """0 at both ends, ``height`` in the middle: the lift of a piece hopping along a path."""
    t = _clamp01(t)
    return height * math.sin(math.pi * t)


EASINGS: dict[str, Ease] = {
    "linear": linear, "in_quad": ease_in_quad, "out_quad": ease_out_quad, "in_out_quad": ease_in_out_quad,
    "out_cubic": ease_out_cubic, "in_out_cubic": ease_in_out_cubic, "out_back": ease_out_back,
    "out_bounce": ease_out_bounce,
}


# -- interpolation ----------------------------------------------------------------------------------
def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers, or tuples/lists of numbers element by element (positions, colours)."""
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a + (b - a) * t
    if len(a) != len(b):
        raise ValueError(f"cannot interpolate {a!r} and {b!r}: different lengths")
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))


class Step(Protocol):
    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> float: ...

    def finish(self) -> None:
        """Jump to the end at once (the player clicked to skip)."""


# -- steps --------------------------------------------------------------------------------------------
class Tween:
    """A value going from ``start`` to ``end`` over ``duration`` seconds (normal speed) after ``delay``.

    ``on_done`` is called once when it finishes.  ``speed`` scales both durations.
    """

    def __init__(self, start: Any, end: Any, duration: float, *, ease: Ease | str = ease_in_out_quad,
                 delay: float = 0.0, speed: str | None = None,
                 on_done: Callable[[], None] | None = None) -> None:
        self.start, self.end = start, end
        self.duration = scaled(duration, speed)
        self.delay = scaled(delay, speed)
        self.ease: Ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.elapsed = 0.0
        self.on_done = on_done
        self._fired = False

    @property
    def progress(self) -> float:
        """Raw progress 0..1 (before easing)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return _clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def eased(self) -> float:
        return self.ease(self.progress) if self.progress < 1 else 1.0

    @property
    def value(self) -> Any:
        if self.done:
            return self.end
        return lerp(self.start, self.end, self.eased)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def _finish(self) -> None:
        if not self._fired:
            self._fired = True
            if self.on_done is not None:
                self.on_done()

    def update(self, dt: float) -> float:
        """Advance by ``dt``; returns the time left over after finishing (0 while running)."""
        total = self.delay + self.duration
        before = self.elapsed
        self.elapsed = min(total, self.elapsed + max(0.0, dt))
        if self.done:
            self._finish()
            return max(0.0, dt - (total - before))
        return 0.0

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = self.delay + self.duration
        self._finish()


class Wait(Tween):
    """A pause of ``duration`` seconds (normal speed)."""

    def __init__(self, duration: float, *, speed: str | None = None) -> None:
        super().__init__(0.0, 1.0, duration, ease=linear, speed=speed)


class Call:
    """Calls ``fn`` once when reached; takes no time."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def update(self, dt: float) -> float:
        if not self._done:
            self._done = True
            self.fn()
        return max(0.0, dt)

    def finish(self) -> None:
        self.update(0.0)


class Sequence:
    """Runs steps one after another; time left over by a finishing step flows into the next.

    ``speed`` is only a default for steps added with :meth:`tween` and :meth:`wait`.
    """

    def __init__(self, steps: Seq[Step] | None = None, *, speed: str | None = None) -> None:
        self.steps: list[Step] = list(steps or [])
        self.speed = speed
        self.index = 0

    # builders
    def add(self, step: Step) -> Sequence:
        self.steps.append(step)
        return self

    def tween(self, start: Any, end: Any, duration: float, **kw: Any) -> Tween:
        kw.setdefault("speed", self.speed)
        t = Tween(start, end, duration, **kw)
        self.steps.append(t)
        return t

    def wait(self, duration: float) -> Sequence:
        return self.add(Wait(duration, speed=self.speed))

    def call(self, fn: Callable[[], Any]) -> Sequence:
        return self.add(Call(fn))

    @property
    def current(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def update(self, dt: float) -> float:
        left = max(0.0, dt)
        while self.index < len(self.steps):
            step = self.steps[self.index]
            if not step.done:
                left = step.update(left)
            if not step.done:
                return 0.0
            self.index += 1
        return left

    def finish(self) -> None:
        """Run everything to its end at once (e.g. the player clicked to skip)."""
        while self.index < len(self.steps):
            self.steps[self.index].finish()
            self.index += 1
