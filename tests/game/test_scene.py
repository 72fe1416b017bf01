"""The scene stack: lifecycle hook order, event routing, drawing."""

from __future__ import annotations

import pytest

from game.persist.settings import Settings
from game.ui.scene import AppContext, Scene, SceneStack, WidgetScene


class Recorder(Scene):
    def __init__(self, ctx, name, log, consume=True, transparent=False):
        super().__init__(ctx)
        self.name = name
        self.log = log
        self.consume = consume
        self.transparent = transparent

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def handle_event(self, event):
        self.log.append(f"{self.name}.event:{event}")
        return self.consume

    def update(self, dt):
        self.log.append(f"{self.name}.update")

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")

    def on_resize(self, size):
        self.log.append(f"{self.name}.resize:{size[0]}x{size[1]}")


@pytest.fixture
def ctx():
    stack = SceneStack()
    return AppContext(ui=None, settings=Settings(), stack=stack, quit=lambda: None)


def make(ctx, name, log, **kw):
    return Recorder(ctx, name, log, **kw)


def test_push_pop_hook_order(ctx):
    log: list[str] = []
    a, b = make(ctx, "a", log), make(ctx, "b", log)
    ctx.stack.push(a)
    ctx.stack.push(b)
    assert ctx.stack.top is b
    assert ctx.stack.pop() is b
    assert ctx.stack.top is a
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]


def test_replace_hook_order(ctx):
    log: list[str] = []
    a, b, c = (make(ctx, n, log) for n in "abc")
    ctx.stack.push(a)
    ctx.stack.push(b)
    assert ctx.stack.replace(c) is b
    assert list(ctx.stack) == [a, c]
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "c.enter"]


def test_replace_on_empty_stack(ctx):
    log: list[str] = []
    a = make(ctx, "a", log)
    assert ctx.stack.replace(a) is None
    assert log == ["a.enter"]


def test_pop_empty_raises(ctx):
    with pytest.raises(IndexError):
        ctx.stack.pop()


def test_push_twice_raises(ctx):
    a = make(ctx, "a", [])
    ctx.stack.push(a)
    with pytest.raises(ValueError):
        ctx.stack.push(a)


def test_events_go_to_top_only(ctx):
    log: list[str] = []
    a, b = make(ctx, "a", log), make(ctx, "b", log, consume=False)
    ctx.stack.push(a)
    ctx.stack.push(b)
    log.clear()
    assert ctx.stack.handle_event("click") is False
    ctx.stack.update(0.016)
    assert log == ["b.event:click", "b.update"]


def test_handle_event_on_empty_stack(ctx):
    assert ctx.stack.handle_event("x") is False
    ctx.stack.update(0.1)  # no crash


def test_draw_top_and_transparent_below(ctx):
    log: list[str] = []
    a = make(ctx, "a", log)
    b = make(ctx, "b", log)
    c = make(ctx, "c", log, transparent=True)
    for s in (a, b, c):
        ctx.stack.push(s)
    log.clear()
    ctx.stack.draw(None)
    assert log == ["b.draw", "c.draw"]


def test_resize_reaches_every_scene(ctx):
    log: list[str] = []
    a, b = make(ctx, "a", log), make(ctx, "b", log)
    ctx.stack.push(a)
    ctx.stack.push(b)
    log.clear()
    ctx.stack.on_resize((1000, 700))
    assert log == ["a.resize:1000x700", "b.resize:1000x700"]


def test_on_change_called_with_new_top(ctx):
    seen = []
    ctx.stack.on_change = seen.append
    a, b = make(ctx, "a", []), make(ctx, "b", [])
    ctx.stack.push(a)
    ctx.stack.push(b)
    ctx.stack.pop()
    ctx.stack.clear()
    assert seen == [a, b, a, None]


def test_pop_to_and_clear(ctx):
    log: list[str] = []
    a, b, c = (make(ctx, n, log) for n in "abc")
    for s in (a, b, c):
        ctx.stack.push(s)
    log.clear()
    ctx.stack.pop_to(a)
    assert ctx.stack.top is a
    assert log == ["c.exit", "b.resume", "b.exit", "a.resume"]
    log.clear()
    ctx.stack.clear()
    assert ctx.stack.empty and log == ["a.exit"]


def test_find_and_contains(ctx):
    a = make(ctx, "a", [])
    ctx.stack.push(a)
    assert a in ctx.stack
    assert ctx.stack.find(Recorder) is a
    assert ctx.stack.find(type("Other", (Scene,), {})) is None
    assert a.is_top


def test_scene_push_inside_hook(ctx):
    """A scene may push another scene from its own handler."""
    log: list[str] = []

    class Pusher(Recorder):
        def handle_event(self, event):
            self.ctx.stack.push(make(self.ctx, "child", log))
            return True

    p = Pusher(ctx, "p", log)
    ctx.stack.push(p)
    assert ctx.stack.handle_event("go")
    assert ctx.stack.top.name == "child"
    assert log == ["p.enter", "p.pause", "child.enter"]


def test_kill_widgets_tolerates_errors(ctx):
    class W:
        def __init__(self):
            self.killed = False

        def kill(self):
            self.killed = True

    class Bad:
        def kill(self):
            raise RuntimeError("already gone")

    scene = Scene(ctx)
    w1, w2 = scene.track(W()), scene.track(W())
    scene.track(Bad())
    scene.kill_widgets()
    assert w1.killed and w2.killed
    scene.kill_widgets()  # idempotent


def test_draw_overlay_only_top(ctx):
    drawn = []

    class Over(Scene):
        def draw_overlay(self, surface):
            drawn.append(self)

    a, b = Over(ctx), Over(ctx)
    ctx.stack.draw_overlay(None)  # empty: nothing
    ctx.stack.push(a)
    ctx.stack.push(b)
    ctx.stack.draw_overlay(None)
    assert drawn == [b]


class Widgety(WidgetScene):
    def __init__(self, ctx, log):
        super().__init__(ctx)
        self.log = log

    def build_widgets(self):
        self.log.append("build")

    def keep_input(self):
        self.log.append("keep")

    def kill_widgets(self):
        self.log.append("kill")
        super().kill_widgets()

    def forget_widgets(self):
        self.log.append("forget")


def test_widget_scene_hook_order(ctx):
    log: list[str] = []
    w = Widgety(ctx, log)
    ctx.stack.push(w)
    assert log == ["build"]
    log.clear()
    w.on_resize((800, 600))  # on top: keep what was typed, drop, build again
    assert log == ["keep", "kill", "forget", "build"]
    log.clear()
    ctx.stack.push(make(ctx, "b", []))  # paused: keep, then drop
    assert log == ["keep", "kill", "forget"]
    log.clear()
    w.on_resize((900, 700))  # not on top: nothing happens
    assert log == []
    ctx.stack.pop()  # resumed: build
    assert log == ["build"]
    log.clear()
    ctx.stack.pop()  # exit: drop without keeping
    assert log == ["kill", "forget"]


def test_widget_scene_defaults(ctx):
    bare = WidgetScene(ctx)
    bare.keep_input()
    bare.forget_widgets()
    bare.drop_widgets()
    with pytest.raises(NotImplementedError):
        bare.enter()
