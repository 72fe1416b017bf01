"""A probe of the texts a screen draws: where each one lands, and which of them are cut, clipped or overlap.

While a :class:`TextProbe` is active, every text the game renders through its fonts (``game.ui.assets.Font``)
is remembered with its ink (the pixels that hold letters), and every surface made with ``pygame.Surface`` is a
:class:`Canvas` that remembers where texts landed on it - directly, or inside another canvas blitted onto it
(a panel, a card, a gold heading). :meth:`TextProbe.draw` draws one frame of the app onto a canvas of the
window's size and then knows the rectangle of every text on the screen. It reports:

- a text cut short: ``fit_text`` had to ellipsise it (it shrinks a text a little first);
- a text clipped: its ink reaches past the surface it was drawn on (the window, a panel, a card), or a clip
  rectangle cuts it (only a scrolling view's, ``game.ui.draw.ScrollArea``, cuts lines on purpose: at its top and
  foot, never at a line's end);
- a text that runs past its card: it starts on a card (a panel, the guide's card, a scandal card's picture, a
  drawn button) drawn before it and its ink leaves it;
- a text squeezed narrower than its font drew it (``pygame.transform.smoothscale``: letters under the floor);
- a text partly under a picture drawn after it (a scandal card over the one before it in a fanned hand, or a
  card over a whole text, hides it on purpose);
- texts that overlap each other, or a pygame-gui widget (a button, a field, a list), or lie past the window;
- a pygame-gui button whose label is wider than the button;
- a character the font has no glyph for (the game draws it in a fallback face: reported only if even that
  lacks it, i.e. shown as the visible substitute);
- every font size used, in logical pixels (:attr:`TextProbe.sizes`), for the readability floor.

Texts of the scenes under a dialog are not compared (the dialog covers them), nor texts a card drawn later
covers (a panel, the chooser, the tutorial's card, the hint's ribbon: the helpers that draw them say where).
``NOBLEMEN_SHOTS=DIR`` also saves each checked screen as a PNG, to look at.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import attrs
import pygame

from game.table import coach
from game.table import draw as table_draw
from game.tutorial import guide_card
from game.ui import assets, draw, glyphs, layout, widgets
from game.ui.draw import ScrollArea
from game.ui.scene import SceneStack

BUTTON_PADDING = 6  # pixels a label keeps from each side of its button
#: texts whose inks overlap by less than this (pixels, both ways) only touch: accents and descenders
TOUCH = 2
#: a picture at least this big (pixels, both ways) drawn over a text hides it
ART_HIDES = 40
#: the alpha from which a picture's pixels hide what is under them
OPAQUE = 160
RealSurface = pygame.Surface


@attrs.frozen
class Ink:
    """Where a text's letters are on a surface; ``cut`` if a surface's edge cut them on the way."""

    text: str
    rect: pygame.Rect
    cut: bool = False
    covered: bool = False  # drawn by a scene under a dialog
    under: bool = False  # a picture drawn later covers part of it


class _CanvasType(type):
    """``isinstance(x, pygame.Surface)`` stays true for every surface while the probe has replaced the class."""

    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, RealSurface)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, RealSurface)


class Canvas(RealSurface, metaclass=_CanvasType):
    """A surface that remembers where texts landed on it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.inks: list[Ink] = []
        self.cards: list[pygame.Rect] = []  # the cards drawn on it so far, in order (the last on top)
        self.scrolling = False  # its clip rectangle is a scrolling view's

    def set_clip(self, rect=None):  # type: ignore[override]
        self.scrolling = isinstance(rect, ScrollArea)
        super().set_clip(rect)

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        if _probe is not None:
            _probe.landed(self, source, dest, area)
        return drawn

    def blits(self, blit_sequence, doreturn=1):  # type: ignore[override]
        drawn = [self.blit(*item) for item in blit_sequence]
        return drawn if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):  # type: ignore[override]
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)


_probe: TextProbe | None = None


class TextProbe:
    def __init__(self, window: tuple[int, int]) -> None:
        self.window = pygame.Rect((0, 0), window)
        self.problems: list[str] = []
        self.sizes: list[tuple[str, float]] = []
        self.under_top = False  # a scene below a dialog is drawing (its texts lie under the dialog)
        self.shrinking = False  # a heading is being shrunk to its width (widgets.gold_text_within)
        self.flying = False  # the table's flights are drawn: pieces and gains on their way, over whatever they pass
        self._texts: dict[int, tuple[str, pygame.Rect, RealSurface]] = {}  # id of a rendered text -> its words
        self.card_art: dict[int, RealSurface] = {}  # the scandal cards' pictures (kept alive: ids stay unique)
        self.screen: Canvas | None = None

    # -- recording ------------------------------------------------------------
    def __enter__(self) -> TextProbe:
        global _probe
        self._fit, self._gold, self._render = draw._fit_text, widgets.gold_text, assets.Font.render
        self._gold_within = widgets.gold_text_within
        self._image = assets.image
        self._stack_draw = SceneStack.draw
        _forget_rendered_texts()
        probe = self

        def stack_draw(stack, surface):
            scenes = list(stack)
            first = len(scenes) - 1
            while first > 0 and scenes[first].transparent:
                first -= 1
            for scene in scenes[first:]:
                probe.under_top = scene is not stack.top
                scene.draw(surface)
            probe.under_top = False

        def fit_text(content, role, size, width, *rest):
            img = probe._fit(content, role, size, width, *rest)
            if content and not draw.fits(content, role, size, width):
                probe.problems.append(f"cut short: {content!r} in {width} px")
            return img

        def gold_text(content, size, role="heading"):
            img = probe._gold(content, size, role)
            if not probe.shrinking:
                probe.heading(content, img)
            return img

        def gold_text_within(content, size, width, least=None):
            probe.shrinking = True  # its trials at larger sizes are not what it draws: its result is checked
            try:
                img = probe._gold_within(content, size, width, least)
            finally:
                probe.shrinking = False
            probe.heading(content, img)
            return img

        def render(font, text, antialias, color, bgcolor=None, wraplength=0):
            img = probe._render(font, text, antialias, color, bgcolor, wraplength)
            if text:
                probe.rendered(font, str(text), img)
            return img

        def image(name, size, *, tint=None):
            img = probe._image(name, size, tint=tint)
            if name.startswith("card-"):
                probe.card_art[id(img)] = img
            return img

        def covering(draw_card, where):
            def drawn(surface, *args, **kwargs):
                probe.cover(surface, where(surface, *args))
                return draw_card(surface, *args, **kwargs)
            return drawn

        self._covers = [(widgets, "panel", widgets.panel), (widgets, "fill_parchment", widgets.fill_parchment),
                        (guide_card, "draw_card", guide_card.draw_card), (coach, "draw_ribbon", coach.draw_ribbon)]
        # a drawn button is a card too (its label and small print stay on it): wherever a module took it by name
        button = draw.draw_button
        buttons = [module for module in list(sys.modules.values())
                   if getattr(module, "__name__", "").startswith("game.")
                   and getattr(module, "draw_button", None) is button]
        self._covers += [(module, "draw_button", button) for module in buttons]
        for module in buttons:
            module.draw_button = covering(button, lambda surface, rect, *rest: pygame.Rect(rect))
        widgets.panel = covering(widgets.panel, lambda surface, rect, *rest: pygame.Rect(rect))
        widgets.fill_parchment = covering(widgets.fill_parchment, lambda surface: surface.get_rect())
        guide_card.draw_card = covering(guide_card.draw_card, lambda surface, card, *rest: card.rect)
        coach.draw_ribbon = covering(coach.draw_ribbon, lambda surface, rect, *rest: pygame.Rect(rect))

        def draw_flights(surface, flights):
            probe.flying = True  # a flight crosses the table for a moment: it covers nothing for good
            try:
                probe._draw_flights(surface, flights)
            finally:
                probe.flying = False

        self._draw_flights = table_draw.draw_flights
        self._covers.append((table_draw, "draw_flights", self._draw_flights))
        table_draw.draw_flights = draw_flights

        def smoothscale(source, size, *rest):
            known = probe._texts.get(id(source))
            if known is not None and known[2] is source and size[0] < source.get_width():
                probe.problems.append(f"squeezed: {known[0]!r} from {source.get_width()} to {size[0]} px wide")
            return probe._smoothscale(source, size, *rest)

        self._smoothscale = pygame.transform.smoothscale
        pygame.transform.smoothscale = smoothscale
        draw._fit_text, widgets.gold_text, widgets.gold_text_within = fit_text, gold_text, gold_text_within
        assets.Font.render = render  # type: ignore[method-assign]
        assets.image = image
        SceneStack.draw = stack_draw
        pygame.Surface = Canvas  # type: ignore[misc]
        self._recording = assets.recording_sizes()
        self.sizes = self._recording.__enter__()
        _probe = self
        return self

    def __exit__(self, *exc) -> None:
        global _probe
        _probe = None
        pygame.Surface = RealSurface  # type: ignore[misc]
        for module, name, original in self._covers:
            setattr(module, name, original)
        pygame.transform.smoothscale = self._smoothscale
        draw._fit_text, widgets.gold_text, widgets.gold_text_within = self._fit, self._gold, self._gold_within
        assets.Font.render = self._render  # type: ignore[method-assign]
        assets.image = self._image
        SceneStack.draw = self._stack_draw
        self._recording.__exit__(*exc)
        _forget_rendered_texts()  # the cached texts were made while recording

    def heading(self, content: str, img: RealSurface) -> None:
        """A gold heading as drawn: never wider than the window."""
        if img.get_width() > self.window.width * 0.96:
            self.problems.append(f"heading wider than the window: {content!r}")

    def rendered(self, font: assets.Font, text: str, img: RealSurface) -> None:
        lacking = glyphs.missing(assets.font_path(assets.FALLBACK_ROLE[font.role]),
                                 "".join(glyphs.missing(assets.font_path(font.role), text)))
        if lacking:
            self.problems.append(f"no glyph for {''.join(sorted(lacking))!r} in {text!r}")
        bounds = img.get_bounding_rect()
        self._texts[id(img)] = (text, bounds, img)  # (the image kept alive: ids stay unique)

    def cover(self, surface: Any, rect: pygame.Rect) -> None:
        """An opaque card is drawn over ``rect`` of ``surface``: the texts already there are hidden, and the texts
        drawn on it from now on belong to it."""
        inks = getattr(surface, "inks", None)
        if isinstance(inks, list):
            surface.inks = [attrs.evolve(ink, covered=True) if ink.rect.colliderect(rect) else ink for ink in inks]
            if rect != surface.get_rect():  # (the background is no card)
                surface.cards.append(pygame.Rect(rect))

    def _art(self, target: Canvas, source: Any, dest: Any, area: Any) -> None:
        """A picture (a card, a tile) drawn over a text: a scandal card hides the texts under it (as a card of a
        fanned hand hides the name of the card under it) and is a card its name is drawn on; another big picture
        hides a text it covers whole, and one it covers in part is reported; a small one (an icon, a badge) is not
        counted."""
        bounds = source.get_bounding_rect(min_alpha=OPAQUE)  # a shadow or a veil hides nothing
        if area is not None:
            bounds = bounds.clip(pygame.Rect(area)).move(-pygame.Rect(area).x, -pygame.Rect(area).y)
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        least = ART_HIDES * layout.pixel_ratio()
        if bounds.width < least or bounds.height < least or not isinstance(getattr(target, "inks", None), list):
            return
        picture = bounds.move(x, y)
        if id(source) in self.card_art:
            self.cover(target, picture)
            return
        target.inks = [attrs.evolve(ink, covered=True) if picture.contains(ink.rect)
                       else attrs.evolve(ink, under=True) if _overlap(ink.rect, picture) else ink
                       for ink in target.inks]

    def landed(self, target: Canvas, source: Any, dest: Any, area: Any) -> None:
        if self.flying:
            return
        known = self._texts.get(id(source))
        direct = known is not None and known[2] is source  # a text rendered, not a surface holding texts
        if known is not None and direct:
            text, bounds, _img = known
            inks = [Ink(text, bounds)] if bounds.width else []
        elif isinstance(getattr(source, "inks", None), list):
            inks = source.inks
        else:
            self._art(target, source, dest, area)
            return
        if not inks:
            return
        window = pygame.Rect(area) if area is not None else source.get_rect()
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        edge = target.get_rect()
        clip = target.get_clip()
        for ink in inks:
            shown = ink.rect.clip(window).move(x - window.x, y - window.y)
            inside = shown.clip(edge)
            visible = inside.clip(clip)
            # cut by the surface's edge, or by a clip rectangle: a scrolling view's cuts lines at its top and foot
            # only, never a line's end
            clipped = visible.width != inside.width if target.scrolling else visible.size != inside.size
            cut = ink.cut or inside.size != shown.size or clipped
            if direct and not self.under_top and (visible.height or not target.scrolling):
                # of a line a scrolling view cuts at its top or foot, the part it shows
                self._on_its_card(target, ink.text, visible if target.scrolling else shown)
            if visible.width and visible.height:
                target.inks.append(Ink(ink.text, visible, cut, ink.covered or self.under_top, ink.under))

    def _on_its_card(self, target: Canvas, text: str, shown: pygame.Rect) -> None:
        """A text drawn onto the last card under its middle stays on that card."""
        card = next((c for c in reversed(target.cards) if c.collidepoint(shown.center)), None)
        if card is not None and not card.inflate(2 * TOUCH, 2 * TOUCH).contains(shown):
            self.problems.append(f"runs past its card: {text!r} at {tuple(shown)} on {tuple(card)}")

    # -- a frame --------------------------------------------------------------
    def draw(self, app, *, relayout: bool = True) -> Canvas:
        """Draw one frame of ``app`` onto a canvas of the window's size, every scene laid out anew first (without
        ``relayout``, only what changed since the last draw under this probe was built anew, and so seen)."""
        screen = Canvas(app.window.get_size())
        self.screen = screen
        current, flip = app.display.current, app.display.flip
        app.display.current = lambda: screen
        app.display.flip = lambda: None
        try:
            if relayout:
                app.stack.on_resize(app.ctx.window_size)
            for scene in app.stack:
                painter = getattr(scene, "painter", None)
                if painter is not None:
                    painter.nocache = True
            app.step(1 / 60)
        finally:
            app.display.current, app.display.flip = current, flip
            app.window = pygame.display.get_surface() or app.window
        return screen

    # -- checks ---------------------------------------------------------------
    def check(self, manager) -> None:
        """What the last :meth:`draw` shows: clipped texts, texts over texts, widgets or past the window, and
        button labels wider than their buttons."""
        assert self.screen is not None, "draw first"
        inks = [ink for ink in self.screen.inks if not ink.covered]
        for ink in inks:
            if ink.cut:
                self.problems.append(f"clipped: {ink.text!r} at {tuple(ink.rect)}")
            if ink.under:
                self.problems.append(f"partly under a picture: {ink.text!r} at {tuple(ink.rect)}")
        boxes = [e for e in _elements(manager.get_root_container())
                 if e.visible and type(e).__name__ in ("UIButton", "UITextEntryLine", "UITextBox", "UISelectionList")]
        for ink in inks:
            for box in boxes:
                if _overlap(ink.rect, _shown(box)):
                    self.problems.append(f"drawn over a widget: {ink.text!r}")
                    break
        for i, ink in enumerate(inks):
            for other in inks[i + 1:]:
                if ink.text != other.text and _overlap(ink.rect, other.rect) and not _part_of(ink, other):
                    self.problems.append(f"texts overlap: {ink.text!r} and {other.text!r}")
        for element in boxes:
            text = getattr(element, "text", None)
            font = getattr(element, "font", None)
            if not text or font is None or type(element).__name__ != "UIButton":
                continue
            width = font.size(text)[0]
            if width > element.rect.width - 2 * BUTTON_PADDING:
                self.problems.append(f"button label cut: {text!r} ({width} px in {element.rect.width})")

    def texts(self) -> list[Ink]:
        """The texts on the screen the last :meth:`draw` made (not those under a dialog)."""
        assert self.screen is not None, "draw first"
        return [ink for ink in self.screen.inks if not ink.covered]


def _shown(element) -> pygame.Rect:
    """The part of a widget its containers show (a list's lines scrolled out of it are not on the screen)."""
    rect = pygame.Rect(element.rect)
    container = getattr(element, "ui_container", None)
    while container is not None:
        inner = container.get_container() if hasattr(container, "get_container") else container
        rect = rect.clip(pygame.Rect(inner.get_rect()))
        parent = getattr(inner, "ui_container", None)
        container = parent if parent is not inner else None
    return rect


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.width > TOUCH and both.height > TOUCH


def _part_of(a: Ink, b: Ink) -> bool:
    """One text is drawn inside the other's words (a gold heading over its own letters, a styled run)."""
    return a.text in b.text or b.text in a.text


def _forget_rendered_texts() -> None:
    draw._text.cache_clear()
    draw._fit_text.cache_clear()
    widgets._gold_text.cache_clear()


def _elements(container):
    for element in list(getattr(container, "elements", [])):
        yield element
        inner = getattr(element, "get_container", None)
        if inner is not None and inner() is not container:
            yield from _elements(inner())


def save_shot(surface: pygame.Surface, name: str) -> None:
    folder = os.environ.get("NOBLEMEN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(Path(folder) / f"{name}.png"))
