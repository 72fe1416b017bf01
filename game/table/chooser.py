"""Small decision cards drawn over the estate: "Take how many bribes?", "Keep which card?", ...

A :class:`Chooser` is a title, a line of explanation and a list of :class:`Option` buttons; it draws itself
on a parchment card and registers one :class:`Hot` per option. The start-tiles chooser adds steppers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pygame

from game.table.common import (
    GOLD,
    INK,
    MUTED,
    PARCHMENT_LIGHT,
    TILE_ART,
    TILE_NAMES,
    TILE_TIPS,
    Hot,
    art,
    draw_button,
    fit_text,
)
from game.ui import assets, widgets
from rules import TileType


@attrs.define
class Option:
    label: str
    on_choose: Callable[[], Any] | None
    sub: str = ""
    enabled: bool = True
    tip: str = ""
    icon: str | None = None  # art name
    tint: str | None = None
    key: str = ""
    style: str = "primary"
    tall: bool = False  # a big picture option (cards)


@attrs.define
class Chooser:
    title: str
    prompt: str
    options: list[Option]
    cancel: Callable[[], Any] | None = None  # None: the decision must be taken
    cancel_label: str = "Cancel"
    key: str = "chooser"
    topic: str | None = None
    modal: bool = True  # blocks the estate; False: a side card (church, vicar) — still clickable around
    card_rect: pygame.Rect = attrs.field(factory=lambda: pygame.Rect(0, 0, 0, 0))

    def draw(
        self, surface: pygame.Surface, area: pygame.Rect, s: float, hots: list[Hot], hover: tuple[int, int] | None
    ) -> pygame.Rect:
        tall = any(o.tall for o in self.options)
        n = len(self.options)
        pad = round(16 * s)
        gap = round(8 * s)
        bh = round((150 if tall else 40) * s)
        max_w = min(area.width - 2 * pad, round(760 * s))
        if tall:
            bw = round(112 * s)
            cols = max(1, min(n, (max_w - 2 * pad + gap) // (bw + gap)))
        else:
            cols = 1 if n <= 5 else 2 if n <= 12 else 3
            bw = min(round(300 * s), (max_w - 2 * pad - (cols - 1) * gap) // cols)
        body_font = assets.font("body", round(17 * s))
        title_img = widgets.gold_text(self.title, round(28 * s))
        cancel_h = (round(34 * s) + gap) if self.cancel else 0

        def overhead(cols_: int) -> tuple[int, list[str]]:
            width = max(bw * cols_ + gap * (cols_ - 1), round(360 * s))
            lines_ = widgets.wrap(self.prompt, body_font, width)
            return pad + title_img.get_height() + len(lines_) * body_font.get_linesize() + gap + cancel_h + pad, lines_

        # more columns (and then lower buttons) until the options fit the height
        while True:
            rows = (n + cols - 1) // cols
            top, lines = overhead(cols)
            if top + rows * bh + (rows - 1) * gap <= area.height - round(8 * s):
                break
            wider = cols + 1
            if not tall and wider * round(150 * s) + (wider - 1) * gap <= max_w - 2 * pad and cols < n:
                cols = wider
                bw = min(round(300 * s), (max_w - 2 * pad - (cols - 1) * gap) // cols)
                continue
            if bh > round(28 * s) and not tall:
                bh -= round(2 * s)
                continue
            if tall and bh > round(90 * s):
                bh -= round(6 * s)
                bw = int(bw * 0.96)
                cols = max(1, min(n, (max_w - 2 * pad + gap) // (bw + gap)))
                continue
            break
        inner_w = max(
            cols * bw + (cols - 1) * gap, title_img.get_width(), max(body_font.size(line)[0] for line in lines)
        )
        w = min(area.width - round(8 * s), inner_w + 2 * pad)
        h = top + rows * bh + (rows - 1) * gap
        h = min(h, area.height - round(8 * s))
        card = pygame.Rect(0, 0, w, h)
        card.center = area.center
        self.card_rect = card
        shadow = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (43, 33, 24, 70), shadow.get_rect(), border_radius=round(10 * s))
        surface.blit(shadow, (card.x - 2, card.y + 2))
        widgets.panel(surface, card, s, fill=PARCHMENT_LIGHT)
        hots.append(Hot(card, "chooser:" + self.key, "", None))
        y = card.top + pad
        surface.blit(title_img, title_img.get_rect(midtop=(card.centerx, y)))
        y += title_img.get_height()
        for line in lines:
            img = body_font.render(line, True, INK)
            surface.blit(img, img.get_rect(midtop=(card.centerx, y)))
            y += body_font.get_linesize()
        y += gap
        grid_w = cols * bw + (cols - 1) * gap
        x0 = card.centerx - grid_w // 2
        for i, opt in enumerate(self.options):
            r = pygame.Rect(x0 + (i % cols) * (bw + gap), y + (i // cols) * (bh + gap), bw, bh)
            if r.bottom > card.bottom - pad - cancel_h + (gap if cancel_h else 0) + 2:
                break
            hot = bool(hover and r.collidepoint(hover))
            if opt.tall:
                self._draw_tall(surface, r, opt, s, hot)
            else:
                icon = art(opt.icon, round(26 * s), opt.tint) if opt.icon else None
                draw_button(
                    surface, r, opt.label, s, enabled=opt.enabled, hover=hot, style=opt.style, sub=opt.sub, icon=icon
                )
            hots.append(Hot(r, opt.key or f"{self.key}:{i}", opt.tip, opt.on_choose, opt.enabled, topic=self.topic))
        if self.cancel:
            cw = round(160 * s)
            ch = round(30 * s)
            r = pygame.Rect(card.centerx - cw // 2, card.bottom - pad - ch, cw, ch)
            draw_button(surface, r, self.cancel_label, s, hover=bool(hover and r.collidepoint(hover)), style="quiet")
            hots.append(Hot(r, self.key + ":cancel", "Close this without choosing.", self.cancel))
        return card

    def _draw_tall(self, surface: pygame.Surface, r: pygame.Rect, opt: Option, s: float, hot: bool) -> None:
        if hot and opt.enabled:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), width=max(2, round(3 * s)), border_radius=round(8 * s))
        img_h = r.height - round(34 * s)
        if opt.icon:
            img = art(opt.icon, (int(img_h * 0.7), img_h), opt.tint)
            if not opt.enabled:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.top)))
        label = fit_text(opt.label, "heading", round(15 * s), r.width, INK if opt.enabled else MUTED)
        surface.blit(label, label.get_rect(midtop=(r.centerx, r.top + img_h + round(2 * s))))
        if opt.sub:
            sub = fit_text(opt.sub, "ui", round(10 * s), r.width, MUTED)
            surface.blit(sub, sub.get_rect(midtop=(r.centerx, r.top + img_h + round(19 * s))))


class StartTilesChooser(Chooser):
    """R-SETUP-5: 0–3 tiles of each type, with − / + steppers and a confirm button."""

    def __init__(self, on_done: Callable[[tuple[int, int, int, int]], Any], name: str) -> None:
        self.counts = [3, 3, 3, 3]
        self.on_done = on_done
        super().__init__(
            f"{name}: your starting tiles",
            "Take 0 to 3 tiles of each kind behind your screen; the rest of your 12 are drawn at random.",
            [],
            key="start",
        )

    def _set(self, t: int, delta: int) -> None:
        self.counts[t] = max(0, min(3, self.counts[t] + delta))

    def draw(
        self, surface: pygame.Surface, area: pygame.Rect, s: float, hots: list[Hot], hover: tuple[int, int] | None
    ) -> pygame.Rect:
        pad = round(16 * s)
        row_h = round(46 * s)
        body_font = assets.font("body", round(17 * s))
        w = min(area.width - round(8 * s), round(520 * s))
        lines = widgets.wrap(self.prompt, body_font, w - 2 * pad)
        title_img = widgets.gold_text(self.title, round(26 * s))
        h = pad + title_img.get_height() + len(lines) * body_font.get_linesize() + 4 * row_h + round(56 * s) + pad
        card = pygame.Rect(0, 0, w, min(h, area.height - 8))
        card.center = area.center
        self.card_rect = card
        widgets.panel(surface, card, s, fill=PARCHMENT_LIGHT)
        hots.append(Hot(card, "chooser:start"))
        y = card.top + pad
        surface.blit(title_img, title_img.get_rect(midtop=(card.centerx, y)))
        y += title_img.get_height()
        for line in lines:
            img = body_font.render(line, True, INK)
            surface.blit(img, img.get_rect(midtop=(card.centerx, y)))
            y += body_font.get_linesize()
        for t in TileType:
            row = pygame.Rect(card.left + pad, y, card.width - 2 * pad, row_h)
            icon = art(TILE_ART[t], row_h - round(8 * s))
            surface.blit(icon, icon.get_rect(midleft=(row.left, row.centery)))
            name = fit_text(TILE_NAMES[t].capitalize(), "heading", round(19 * s), round(140 * s))
            surface.blit(name, name.get_rect(midleft=(row.left + row_h + round(6 * s), row.centery)))
            hots.append(
                Hot(
                    pygame.Rect(row.left, row.top, row_h + round(150 * s), row_h), f"start:info:{t.label}", TILE_TIPS[t]
                )
            )
            b = round(34 * s)
            minus = pygame.Rect(row.right - 3 * b - round(20 * s), row.centery - b // 2, b, b)
            plus = pygame.Rect(row.right - b, row.centery - b // 2, b, b)
            for rect, label, delta in ((minus, "−", -1), (plus, "+", 1)):
                ok = 0 <= self.counts[t] + delta <= 3
                draw_button(
                    surface, rect, label, s, enabled=ok, hover=bool(hover and rect.collidepoint(hover)), style="quiet"
                )
                hots.append(
                    Hot(
                        rect,
                        f"start:{t.label}:{'+' if delta > 0 else '-'}",
                        f"{'One more' if delta > 0 else 'One fewer'} {TILE_NAMES[t]}.",
                        (lambda t=t, d=delta: self._set(t, d)),
                        ok,
                    )
                )
            num = fit_text(str(self.counts[t]), "heading", round(24 * s), b)
            surface.blit(num, num.get_rect(center=((minus.right + plus.left) // 2, row.centery)))
            y += row_h
        total = sum(self.counts)
        bw, bh = round(260 * s), round(40 * s)
        r = pygame.Rect(card.centerx - bw // 2, y + round(8 * s), bw, bh)
        draw_button(
            surface,
            r,
            "Take these tiles",
            s,
            sub=f"{total} chosen, {12 - total} drawn",
            hover=bool(hover and r.collidepoint(hover)),
        )
        hots.append(
            Hot(
                r,
                "start:ok",
                "Put these tiles behind your screen and draw the rest.",
                lambda: self.on_done(tuple(self.counts)),
            )
        )
        return card


def strip_height(chooser: Chooser, s: float, width: int) -> int:
    """Height of :func:`draw_strip` for ``chooser`` in ``width`` pixels (one or two rows of buttons)."""
    return round(34 * s) + _strip_rows(chooser, s, width) * round(40 * s) + round(10 * s)


def _strip_rows(chooser: Chooser, s: float, width: int) -> int:
    n = max(1, len(chooser.options) + (1 if chooser.cancel else 0))
    per_row = max(1, (width - round(16 * s)) // round(150 * s))
    return min(3, (n + per_row - 1) // per_row)


def draw_strip(
    chooser: Chooser,
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    hots: list[Hot],
    hover: tuple[int, int] | None,
) -> None:
    """A non-modal chooser as a strip under the estate: title and prompt on one line, buttons below."""
    chooser.card_rect = pygame.Rect(rect)
    widgets.panel(surface, rect, s, fill=PARCHMENT_LIGHT)
    hots.append(Hot(rect, "chooser:" + chooser.key, "", None))
    pad = round(8 * s)
    title = widgets.gold_text(chooser.title, round(20 * s))
    surface.blit(title, (rect.left + pad, rect.top + round(4 * s)))
    px = rect.left + 2 * pad + title.get_width()
    prompt = fit_text(chooser.prompt, "italic", round(15 * s), rect.right - pad - px, MUTED)
    surface.blit(prompt, prompt.get_rect(midleft=(px, rect.top + round(4 * s) + title.get_height() // 2)))
    items = list(chooser.options)
    if chooser.cancel:
        items.append(
            Option(
                chooser.cancel_label,
                chooser.cancel,
                style="quiet",
                key=chooser.key + ":cancel",
                tip="Close this without choosing.",
            )
        )
    rows = _strip_rows(chooser, s, rect.width)
    per_row = (len(items) + rows - 1) // rows
    gap = round(6 * s)
    top = rect.top + round(34 * s)
    bh = round(36 * s)
    bw = (rect.width - 2 * pad - (per_row - 1) * gap) // max(1, per_row)
    for i, opt in enumerate(items):
        r = pygame.Rect(
            rect.left + pad + (i % per_row) * (bw + gap), top + (i // per_row) * (bh + gap // 2 + 4), bw, bh
        )
        icon = art(opt.icon, round(24 * s), opt.tint) if opt.icon else None
        draw_button(
            surface,
            r,
            opt.label,
            s,
            enabled=opt.enabled,
            hover=bool(hover and r.collidepoint(hover)),
            style=opt.style,
            sub=opt.sub,
            icon=icon,
        )
        hots.append(Hot(r, opt.key or f"{chooser.key}:{i}", opt.tip, opt.on_choose, opt.enabled, topic=chooser.topic))
