"""A small scene stack, in the spirit of Tuxemon's state manager.

A :class:`Scene` is one screen of the application (title menu, settings, rules
reference, the table ...).  Scenes live on a :class:`SceneStack`; only the top
scene receives events and draws over the ones below (scenes that want to show
what is beneath them may say so with ``transparent = True``).

Lifecycle, as the stack calls it::

    push(b) while a is on top:   a.pause()   b.enter()
    pop() of b:                  b.exit()    a.resume()
    replace(c) of b:             b.exit()    c.enter()

Every scene receives what it needs through an :class:`AppContext` passed to its
constructor — no global singletons.  Scenes create their pygame-gui widgets in
``enter``/``resume`` and kill them in ``exit``/``pause`` (see
:meth:`Scene.kill_widgets` for a helper, and :class:`WidgetScene` for a base
that does all of it).
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from game.ui.focus import Focusable, FocusRing, InputMode

if TYPE_CHECKING:  # pragma: no cover - typing only
    import pygame
    import pygame_gui

    from game.persist.settings import Settings
    from game.ui.sound import SoundBoard


@attrs.define(eq=False)
class AppContext:
    """What the application hands to every scene.

    Fields:
      ``ui``        the pygame-gui ``UIManager`` (always pass it explicitly to widgets)
      ``settings``  the live :class:`game.persist.settings.Settings`
      ``stack``     the :class:`SceneStack`
      ``quit``      ``quit(code=0)`` ends the application loop with that exit status
      ``window_size`` current window size in pixels (kept up to date by the app)
      ``notices``   one-shot messages for the player (e.g. "settings were reset")
      ``options``   the parsed command-line namespace (seats, speed, seed, ...)
      ``save_settings`` callable persisting ``settings`` (no-op in tests)
      ``autoplay``  computer players play the whole game (``--autoplay``): interludes continue by themselves
      ``open_rules`` ``open_rules(topic=None)`` shows the rules reference (at ``topic``)
      ``apply_display_settings`` re-opens the window after the fullscreen setting changed;
      ``apply_text_scale`` lays every scene out again after the text size changed;
      ``apply_language`` speaks the settings' language from now on; every scene re-renders its texts
      ``sound``     the app's :class:`game.ui.sound.SoundBoard` (made on first use by ``sound.board``)
      ``screenshot`` ``screenshot(name)`` keeps this frame as ``NNN-name.png`` when ``--screenshots`` asks for them
      ``prepared_entries`` a scene that prepares itself on entry (the table) shows the screen before it until it
                    is prepared (the game's own loop turns it on; tests stepping a scene see it drawn at once)
      ``input``     how the player steers now (:class:`game.ui.focus.InputMode`: by keys, the focus ring shows)

    The callables default to doing nothing, for scenes tested without an app.
    """

    ui: pygame_gui.UIManager | None
    settings: Settings
    stack: SceneStack
    quit: Callable[..., None]
    window_size: tuple[int, int] = (1280, 720)
    notices: list[str] = attrs.field(factory=list)
    options: Any = None
    save_settings: Callable[[], None] = attrs.field(default=lambda: None)
    autoplay: bool = False
    open_rules: Callable[[str | None], None] = attrs.field(default=lambda topic=None: None)
    apply_display_settings: Callable[[], None] = attrs.field(default=lambda: None)
    apply_text_scale: Callable[..., None] = attrs.field(default=lambda scale=None: None)
    apply_language: Callable[[], None] = attrs.field(default=lambda: None)
    sound: SoundBoard | None = None
    screenshot: Callable[[str], None] = attrs.field(default=lambda name: None)
    prepared_entries: bool = False
    input: InputMode = attrs.field(factory=InputMode)


class Scene:
    """Base class of every scene.  Override the hooks you need.

    ``name`` is used for screenshots and debugging; ``transparent`` asks the
    stack to draw the scene below first (for dialogs drawn over a screen).
    """

    name: str = "scene"
    transparent: bool = False
    #: the rules topic F1 opens at over this scene (None: the overview)
    help_topic: str | None = None

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self._widgets: list[Any] = []
        self.ring = FocusRing()  # which of its controls has the keyboard's focus

    # -- lifecycle -------------------------------------------------------
    def enter(self) -> None:
        """The scene became the top of the stack for the first time."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def exit(self) -> None:
        """The scene was popped or replaced.  It will not be used again."""

    # -- per frame ---------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event; return True if it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations etc. by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene.  Must never change the model."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the pygame-gui widgets (toasts, dragged pieces).  Must not change the model."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (already clamped to the minimum)."""

    @property
    def settled(self) -> bool:
        """The scene shows itself (False while it shows the screen before it, being prepared): the app's
        screenshot of a new scene waits for it."""
        return True

    def preparation(self, surface: pygame.Surface) -> Iterator[None]:
        """Before the scene is first shown: draw what it will show on the scratch ``surface`` a part at a time,
        yielding between the parts, so that its art, text and widget shapes are made and cached and its first
        frame is quick (:class:`Preparation` runs it a few milliseconds a frame). Nothing by default."""
        return iter(())

    def on_language(self) -> None:
        """The language changed: texts made earlier are re-made (widgets are rebuilt as for a new size)."""
        self.on_resize(self.ctx.window_size)

    # -- keyboard focus (game.ui.focus) -------------------------------------
    def controls(self) -> list[Focusable]:
        """The controls the focus moves between, in Tab order (none: the scene takes no focus)."""
        return []

    def default_control(self) -> str | None:
        """The key of the control the focus starts on (None: the first)."""
        return None

    def focused(self) -> Focusable | None:
        return self.ring.current(self.controls(), self.default_control())

    def handle_focus(self, event: pygame.event.Event) -> bool:
        """Tab, Shift+Tab, the arrows, Enter and Space for this scene's controls; True if the key was used."""
        return self.ring.handle(event, self.controls(), shown=self.ctx.input.keys, default=self.default_control())

    # -- helpers -----------------------------------------------------------
    def track(self, widget: Any) -> Any:
        """Remember a pygame-gui widget so :meth:`kill_widgets` removes it."""
        self._widgets.append(widget)
        return widget

    def kill_widgets(self) -> None:
        """Kill every widget registered with :meth:`track`."""
        widgets, self._widgets = self._widgets, []
        for widget in reversed(widgets):
            with contextlib.suppress(Exception):  # a dead widget must not stop cleanup
                widget.kill()

    @property
    def is_top(self) -> bool:
        return self.ctx.stack.top is self

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class WidgetScene(Scene):
    """A scene whose pygame-gui widgets live exactly while it is on top.

    ``enter``/``resume`` build them; ``pause`` keeps what the player typed,
    then drops them; ``exit`` drops them; ``on_resize`` (only when on top)
    keeps, drops and builds them again at the new size.  Dropping kills the
    tracked widgets and then forgets the scene's references to them.

    Override :meth:`build_widgets` (create and :meth:`track` the widgets) and,
    if needed, :meth:`keep_input` and :meth:`forget_widgets`.
    """

    # -- lifecycle -------------------------------------------------------
    def enter(self) -> None:
        self.build_widgets()

    def resume(self) -> None:
        self.build_widgets()

    def pause(self) -> None:
        self.keep_input()
        self.drop_widgets()

    def exit(self) -> None:
        self.drop_widgets()

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.is_top:
            self.keep_input()
            self.drop_widgets()
            self.build_widgets()

    # -- the hooks ---------------------------------------------------------
    def build_widgets(self) -> None:
        """Create the scene's widgets (use :meth:`track` so they are killed later)."""
        raise NotImplementedError

    def keep_input(self) -> None:
        """Save what the player typed into the widgets before they are killed."""

    def forget_widgets(self) -> None:
        """Reset the scene's references to the killed widgets."""

    def drop_widgets(self) -> None:
        """Kill the tracked widgets, then forget them."""
        self.kill_widgets()
        self.forget_widgets()


class Preparation:
    """A scene being prepared while the screen below still shows (:meth:`Scene.preparation`): ``advance`` runs
    its parts for a few milliseconds a frame; a part that fails ends it (the scene is then shown as it is)."""

    def __init__(self, scene: Scene, size: tuple[int, int]) -> None:
        import pygame

        self.scene = scene
        self._parts = scene.preparation(pygame.Surface(size))
        self.done = False

    def advance(self, seconds: float) -> bool:
        """Prepare for about ``seconds`` (at least one part); True once all is prepared."""
        end = time.perf_counter() + seconds
        while not self.done:
            try:
                next(self._parts)
            except StopIteration:
                self.done = True
            except Exception as exc:  # preparing only makes the first frame quicker: never stop the game for it
                print(f"noblemen: could not prepare the {self.scene.name} scene: {exc}", file=sys.stderr)
                self.done = True
            if time.perf_counter() >= end:
                break
        return self.done


class Cover:
    """A scene entered over another shows that screen, as it was, until it is prepared (its
    :class:`Preparation`, a few milliseconds a frame), where the game's own loop asks for it
    (``AppContext.prepared_entries``)."""

    def __init__(self, shown: pygame.Surface, preparation: Preparation) -> None:
        self.picture, self.preparation = shown.copy(), preparation

    @classmethod
    def over(cls, scene: Scene) -> Cover | None:
        import pygame

        shown = pygame.display.get_surface()
        if shown is None or not scene.ctx.prepared_entries:
            return None
        return cls(shown, Preparation(scene, shown.get_size()))

    def advance(self, seconds: float) -> bool:
        """Prepare for about ``seconds``; True once the scene may show itself."""
        return self.preparation.advance(seconds)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.picture, (0, 0))


class SceneStack:
    """The stack of scenes.  ``on_change`` is called after every change of the top."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.on_change: Callable[[Scene | None], None] | None = None

    # -- queries -------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        """Scenes from bottom to top."""
        return iter(list(self._scenes))

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    @property
    def empty(self) -> bool:
        return not self._scenes

    def find(self, kind: type[Scene]) -> Scene | None:
        """The topmost scene of class ``kind`` (or a subclass), if any."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # -- changes -------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        """Put ``scene`` on top: the old top pauses, ``scene`` enters."""
        if scene in self._scenes:
            raise ValueError(f"{scene!r} is already on the stack")
        previous = self.top
        if previous is not None:
            previous.pause()
        self._scenes.append(scene)
        scene.enter()
        self._changed()
        return scene

    def pop(self) -> Scene:
        """Remove the top scene: it exits, the one below resumes."""
        if not self._scenes:
            raise IndexError("pop from an empty scene stack")
        scene = self._scenes.pop()
        scene.exit()
        below = self.top
        if below is not None:
            below.resume()
        self._changed()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for ``scene`` (old top exits, new enters)."""
        if scene in self._scenes:
            raise ValueError(f"{scene!r} is already on the stack")
        old = self._scenes.pop() if self._scenes else None
        if old is not None:
            old.exit()
        self._scenes.append(scene)
        scene.enter()
        self._changed()
        return old

    def pop_to(self, scene: Scene) -> None:
        """Pop until ``scene`` is on top (it stays)."""
        if scene not in self._scenes:
            raise ValueError(f"{scene!r} is not on the stack")
        while self.top is not scene:
            self.pop()

    def clear(self) -> None:
        """Exit every scene, top first."""
        while self._scenes:
            scene = self._scenes.pop()
            scene.exit()
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.top)

    # -- per frame -----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Give the event to the top scene; True if it consumed it."""
        top = self.top
        if top is None:
            return False
        return bool(top.handle_event(event))

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene, and the scenes below it while they are transparent."""
        if not self._scenes:
            return
        first = len(self._scenes) - 1
        while first > 0 and self._scenes[first].transparent:
            first -= 1
        for scene in self._scenes[first:]:
            scene.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The top scene's overlay, drawn after the UI."""
        top = self.top
        if top is not None:
            top.draw_overlay(surface)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Tell every scene (not only the top) that the window changed size."""
        for scene in list(self._scenes):
            scene.on_resize(size)

    def on_language(self) -> None:
        """Tell every scene that the language changed."""
        for scene in list(self._scenes):
            scene.on_language()
