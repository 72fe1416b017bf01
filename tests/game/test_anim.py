"""game.ui.anim: easing, tweens and sequences scaled by the speed setting."""

from __future__ import annotations

import pytest

from game.ui import anim


@pytest.mark.parametrize("name", sorted(anim.EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    ease = anim.EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)
    assert ease(-1) == pytest.approx(0.0, abs=1e-9)  # clamped
    assert ease(2) == pytest.approx(1.0, abs=1e-9)


def test_monotonic_easings():
    for ease in (anim.linear, anim.ease_in_quad, anim.ease_out_quad, anim.ease_in_out_cubic, anim.ease_out_cubic):
        values = [ease(i / 50) for i in range(51)]
        assert values == sorted(values)


def test_out_back_overshoots():
    assert max(anim.ease_out_back(i / 100) for i in range(101)) > 1.0


def test_arc():
    assert anim.arc(0) == 0 and anim.arc(1) == pytest.approx(0, abs=1e-9)
    assert anim.arc(0.5, 10) == pytest.approx(10)


def test_speed_factors():
    assert anim.scaled(1.0, "slow") == pytest.approx(1.6)
    assert anim.scaled(1.0, "normal") == 1.0
    assert anim.scaled(1.0, "fast") == pytest.approx(0.4)
    assert anim.scaled(1.0, "instant") == 0.0
    assert anim.scaled(1.0, None) == 1.0
    assert anim.scaled(1.0, "warp") == 1.0


def test_lerp_numbers_and_tuples():
    assert anim.lerp(0, 10, 0.25) == 2.5
    assert anim.lerp((0, 10), (10, 30), 0.5) == (5, 20)
    with pytest.raises(ValueError):
        anim.lerp((0, 1), (1, 2, 3), 0.5)


def test_tween_linear_progress_and_overflow():
    t = anim.Tween(0.0, 10.0, 1.0, ease="linear")
    assert t.value == 0 and not t.done
    assert t.update(0.5) == 0.0
    assert t.value == pytest.approx(5.0)
    left = t.update(0.75)
    assert t.done and t.value == 10.0
    assert left == pytest.approx(0.25)


def test_tween_delay_and_position():
    t = anim.Tween((0, 0), (100, 50), 1.0, ease=anim.linear, delay=0.5)
    t.update(0.5)
    assert t.value == (0, 0)
    t.update(0.5)
    assert t.value == pytest.approx((50, 25))


def test_tween_speed_scaling():
    slow = anim.Tween(0, 1, 1.0, speed="slow")
    fast = anim.Tween(0, 1, 1.0, speed="fast")
    slow.update(1.0)
    fast.update(0.4)
    assert not slow.done and fast.done


def test_instant_tween_is_done_at_once_and_fires_once():
    fired = []
    t = anim.Tween(0, 5, 2.0, delay=1.0, speed="instant", on_done=lambda: fired.append(1))
    assert t.done and t.value == 5
    assert t.update(0.016) == pytest.approx(0.016)
    t.update(1.0)
    assert fired == [1]


def test_on_done_fires_once():
    fired = []
    t = anim.Tween(0, 1, 0.1, on_done=lambda: fired.append(1))
    for _ in range(10):
        t.update(0.05)
    assert fired == [1]


def test_sequence_runs_steps_in_order_with_leftover_time():
    log = []
    seq = anim.Sequence(speed="normal")
    a = seq.tween(0, 1, 0.5, ease="linear")
    seq.call(lambda: log.append("mid"))
    b = seq.tween(0, 1, 0.5, ease="linear")
    seq.wait(0.2)
    seq.update(0.75)
    assert a.done and log == ["mid"] and b.value == pytest.approx(0.5)
    assert seq.current is b
    seq.update(0.25)
    assert b.done and not seq.done
    seq.update(0.3)
    assert seq.done


def test_sequence_at_instant_speed_completes_in_one_update():
    log = []
    seq = anim.Sequence(speed="instant")
    seq.tween(0, 1, 3.0)
    seq.wait(2.0)
    seq.call(lambda: log.append("end"))
    seq.update(0.0)
    assert seq.done and log == ["end"]


def test_sequence_finish_skips_to_end():
    log = []
    seq = anim.Sequence([anim.Tween(0, 1, 5.0), anim.Call(lambda: log.append(1)), anim.Wait(3.0)])
    seq.update(0.1)
    seq.finish()
    assert seq.done and log == [1]


def test_empty_sequence_is_done():
    assert anim.Sequence().done
    assert anim.Sequence().update(0.5) == 0.5
