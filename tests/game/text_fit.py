"""A probe of the texts a scene draws: which of them do not fit their box.

While a :class:`TextProbe` is active it records a text that ``fit_text`` had to cut short (it shrinks a text
a little and ellipsises what still does not fit), a text drawn with ``blit_text`` or a gold heading that
reaches past the window, and :meth:`TextProbe.buttons` measures each pygame-gui button's label against
the button. ``NOBLEMEN_SHOTS=DIR`` also saves each checked screen as a PNG, to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.ui import draw, widgets
from game.ui.scene import SceneStack

BUTTON_PADDING = 6  # pixels a label keeps from each side of its button


class TextProbe:
    def __init__(self, window: tuple[int, int]) -> None:
        self.window = pygame.Rect((0, 0), window)
        self.problems: list[str] = []
        self.drawn: dict[tuple[str, tuple[int, int, int, int]], pygame.Rect] = {}  # texts drawn on the window

    def __enter__(self) -> TextProbe:
        self._fit, self._blit, self._gold = draw._fit_text, widgets.blit_text, widgets.gold_text
        self._text = lambda content, role, size: widgets.text(content, role, size)
        self._stack_draw = SceneStack.draw
        self.under_top = False  # a scene below a dialog is drawing (its texts lie under the dialog)
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
            if content and _cut(role, size, content, width):
                probe.problems.append(f"cut short: {content!r} in {width} px")
            return img

        def blit_text(surface, content, role, size, colour=widgets.INK, **anchor):
            rect = probe._blit(surface, content, role, size, colour, **anchor)
            if surface.get_size() == probe.window.size and not probe.under_top:
                if not probe.window.contains(rect):
                    probe.problems.append(f"past the window: {content!r} at {tuple(rect)}")
                probe.drawn[(content, tuple(rect))] = _ink(probe._text(content, role, size), rect)
            return rect

        def gold_text(content, size, role="heading"):
            img = probe._gold(content, size, role)
            if img.get_width() > probe.window.width * 0.96:
                probe.problems.append(f"heading wider than the window: {content!r}")
            return img

        draw._fit_text, widgets.blit_text, widgets.gold_text = fit_text, blit_text, gold_text
        SceneStack.draw = stack_draw
        return self

    def __exit__(self, *exc) -> None:
        draw._fit_text, widgets.blit_text, widgets.gold_text = self._fit, self._blit, self._gold
        SceneStack.draw = self._stack_draw

    def buttons(self, manager) -> None:
        """Every visible pygame-gui button whose label is wider than the button, and every text drawn over a
        widget or over another text."""
        boxes = [e.rect for e in _elements(manager.get_root_container())
                 if e.visible and type(e).__name__ in ("UIButton", "UITextEntryLine", "UITextBox", "UISelectionList")]
        texts = list(self.drawn.items())
        self.drawn.clear()  # the next check looks at what is drawn from now on
        for (content, _where), ink in texts:
            if any(ink.colliderect(box) for box in boxes):
                self.problems.append(f"drawn over a widget: {content!r}")
        for i, ((content, _w), ink) in enumerate(texts):
            for (other, _o), ink2 in texts[i + 1:]:
                if content != other and ink.colliderect(ink2):
                    self.problems.append(f"texts overlap: {content!r} and {other!r}")
        for element in _elements(manager.get_root_container()):
            text = getattr(element, "text", None)
            font = getattr(element, "font", None)
            if not text or font is None or not element.visible or type(element).__name__ != "UIButton":
                continue
            width = font.size(text)[0]
            if width > element.rect.width - 2 * BUTTON_PADDING:
                self.problems.append(f"button label cut: {text!r} ({width} px in {element.rect.width})")


def _ink(img: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """The part of a text's rect that holds ink (a line's rect is taller than its letters)."""
    bounds = img.get_bounding_rect()
    return bounds.move(rect.topleft) if bounds.width else pygame.Rect(rect.topleft, (0, 0))


def _cut(role: str, size: int, content: str, width: int) -> bool:
    """fit_text had to ellipsise ``content``: it is wider than ``width`` even at the smallest size it may take."""
    return not draw.fits(content, role, size, width)


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
