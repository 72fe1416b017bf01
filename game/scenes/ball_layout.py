"""Where everything of the masked ball is (:class:`BallLayout`, a part of :class:`game.scenes.ball.BallScene`):
its panels, the prestige track's spaces and the title bands under them, a card per noble, the slots of the
decision panel, and the whole ball as typed regions (:meth:`BallLayout.lay_out`, a
:class:`game.table.ball_frame.BallFrame`) that its buttons stand on and its overlays ring.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.table.ball_frame import BallFrame
from game.table.targets import BallButton, BallControl, BallItem, HandBack, Noble, PrestigeSpace, Region, TitleBand
from game.ui.pieces import CARD_NAMES
from rules import Action, HandBackBribe, HandBackCard, Title, board, card_prestige

#: R-COMP-6: the prestige each title above Baron needs, lowest first
THRESHOLDS = tuple((t, board.TITLE_PRESTIGE[t]) for t in (Title.VISCOUNT, Title.EARL, Title.MARQUESS, Title.DUKE))
MIN_TRACK = 20


class BallLayout:
    """The ball's geometry, read from the scene's state (its nobles, markers, the decision, the window)."""

    def lay_out(self) -> BallFrame:
        """The ball as it shows now, as typed regions: the prestige track and its spaces, the title bands, a card
        per noble, and what the deciding human may use (or the curtain's button, or Continue)."""
        lay = self._layout()
        track = lay["track"]
        regions = [Region(track, PrestigeSpace())]
        regions += [Region(rect, PrestigeSpace(i)) for i, rect in enumerate(self._space_rects(track))]
        bands = self._bands(track)
        if bands:
            regions.append(Region(bands[0][2].unionall([rect for _t, _s, rect in bands]), TitleBand()))
        regions += [Region(rect, TitleBand(title)) for title, _start, rect in bands]
        regions += [Region(rect, Noble(seat)) for seat, rect in zip(self.order, self._card_rects(lay["cards"]),
                                                                    strict=True)]
        if self.show_private():
            regions += self._decision_regions(lay["bottom"])
        elif self.needs_curtain():
            s = self.scale
            rect = pygame.Rect(0, 0, round(260 * s), round(46 * s))
            rect.center = (lay["bottom"].centerx, lay["bottom"].bottom - round(40 * s))
            tip = _("Only {name} should look: their bribes and cards appear.").format(
                name=self.seat_name(self.state.decider))
            regions.append(Region(rect, BallButton(BallControl.CURTAIN), tip, clickable=True))
        elif self.may_leave:
            regions.append(Region(self.continue_rect(), BallButton(BallControl.CONTINUE), _("Enter or Space"),
                                  clickable=True))
        w, h = self.ctx.window_size
        return BallFrame(regions, lay, pygame.Rect(0, 0, w, h), self.scale)

    def _decision_regions(self, bottom: pygame.Rect) -> list[Region]:
        """What is behind the deciding human's screen (the bribes, each card) with its Hand back button, and the
        button that places the marker."""
        s = self.scale
        view = self.session.view(self.state.decider)
        legal = set(view.legal)
        me = view.me
        slots = self._private_slots(bottom, me)
        x0, x1 = self._items_span(bottom)
        items: list[object] = (["bribe"] if me.bribes else []) + sorted(set(me.cards))
        slot_w = self._slot_w(x1 - x0, len(items))
        art_h = bottom.height - round(34 * s) - round(16 * s) - round(30 * s)
        regions = []
        for i, key in enumerate(items):
            card = None if key == "bribe" else key
            item = pygame.Rect(x0 + i * slot_w, bottom.top + round(10 * s), slot_w, art_h + round(18 * s))
            regions.append(Region(item, BallItem(card)))
            if card is None:
                tip = _("A bribe goes back to the board: +{prestige} prestige.").format(prestige=board.BRIBE_PRESTIGE)
                action: Action = HandBackBribe()
            else:
                tip = _("{card} goes under the deck: +{prestige} prestige.").format(
                    card=CARD_NAMES[card], prestige=card_prestige(card))
                action = HandBackCard(card)
            regions.append(Region(slots[key], HandBack(card), tip, enabled=action in legal, clickable=True))
        regions.append(Region(slots["place"], BallButton(BallControl.PLACE),
                              _("Your marker goes on this space; nothing more can be handed back."), clickable=True))
        hint = self.hint_state()
        if hint:  # the coach, at the decision panel's foot on the left
            label = _("Thinking…") if hint == "thinking" else _("Hint")
            rect = pygame.Rect(bottom.left + round(16 * s), bottom.bottom - round(16 * s) - round(34 * s),
                               max(round(90 * s), round(len(label) * 9 * s)), round(34 * s))
            regions.append(Region(rect, BallButton(BallControl.HINT),
                                  _("The computer suggests what to hand back from what you can see (H). Hints are "
                                    "counted."), enabled=hint == "offered", clickable=True))
        return regions

    def _layout(self) -> dict[str, pygame.Rect]:
        w, h = self.ctx.window_size
        s = self.scale
        m = round(26 * s)
        inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        banner = pygame.Rect(inner.left + round(30 * s), inner.top, inner.width - round(60 * s), round(62 * s))
        track = pygame.Rect(inner.left, banner.bottom + round(10 * s), inner.width, round(136 * s))
        bottom_h = round(168 * s)
        bottom = pygame.Rect(inner.left, inner.bottom - bottom_h, inner.width, bottom_h)
        cards = pygame.Rect(inner.left, track.bottom + round(10 * s), inner.width,
                            bottom.top - round(10 * s) - track.bottom - round(10 * s))
        return {"inner": inner, "banner": banner, "track": track, "cards": cards, "bottom": bottom}

    def _private_slots(self, bottom: pygame.Rect, me) -> dict[object, pygame.Rect]:
        """Button rects of the decision panel: one per hand-back item, and the place button."""
        s = self.scale
        slots: dict[object, pygame.Rect] = {}
        pad = round(16 * s)
        place_w = round(250 * s)
        bh = round(34 * s)
        place = pygame.Rect(bottom.right - pad - place_w, bottom.bottom - pad - round(48 * s), place_w, round(48 * s))
        slots["place"] = place
        items: list[object] = []
        if me.bribes:
            items.append("bribe")
        items.extend(sorted(set(me.cards)))
        x0, x1 = self._items_span(bottom)
        slot_w = self._slot_w(x1 - x0, len(items))
        for i, key in enumerate(items):
            rect = pygame.Rect(x0 + i * slot_w + round(4 * s), bottom.bottom - pad - bh, slot_w - round(8 * s), bh)
            slots[key] = rect
        return slots

    def _items_span(self, bottom: pygame.Rect) -> tuple[int, int]:
        s = self.scale
        left = bottom.left + round(16 * s) + round(300 * s)
        right = bottom.right - round(16 * s) - round(250 * s) - round(16 * s)
        return left, right

    def _slot_w(self, width: int, count: int) -> int:
        s = self.scale
        return max(1, min(round(130 * s), width // max(1, count)))

    def _track_max(self) -> int:
        top = max([MIN_TRACK, *self.places.values()])
        if self.ball_running:
            ball = self.state.ball
            top = max(top, ball.base + ball.extra)
        return top

    def _space_rects(self, track: pygame.Rect) -> list[pygame.Rect]:
        s = self.scale
        count = self._track_max() + 1
        pad = round(14 * s)
        width = track.width - 2 * pad
        step = width / count
        size = int(min(step - round(4 * s), 44 * s))
        y = track.top + round(48 * s)
        return [pygame.Rect(round(track.left + pad + i * step + (step - size) / 2), y, size, size)
                for i in range(count)]

    def _marker_pos(self, track: pygame.Rect, seat: int, space: int) -> tuple[int, int]:
        rects = self._space_rects(track)
        r = rects[min(space, len(rects) - 1)]
        stack = [s for s in self.order if self.places.get(s) == space]
        k = stack.index(seat) if seat in stack else len(stack)
        return (r.centerx, r.top - round(r.height * 0.12) - k * round(r.height * 0.42))

    def _marker_size(self, track: pygame.Rect) -> int:
        rects = self._space_rects(track)
        return max(14, round(rects[0].width * 0.92))

    def _bands(self, track: pygame.Rect) -> list[tuple[Title, int, pygame.Rect]]:
        """Each title's band under the spaces from its threshold on: (title, threshold, rectangle)."""
        s = self.scale
        rects = self._space_rects(track)
        band_y = rects[0].bottom + round(6 * s)
        band_h = track.bottom - round(8 * s) - band_y
        bounds = [(Title.BARON, 0), *THRESHOLDS]
        bands = []
        for i, (title, start) in enumerate(bounds):
            end = bounds[i + 1][1] - 1 if i + 1 < len(bounds) else len(rects) - 1
            if start >= len(rects):
                continue
            left, right = rects[start].left, rects[min(end, len(rects) - 1)].right
            bands.append((title, start, pygame.Rect(left, band_y, right - left, band_h)))
        return bands

    def _card_rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        s = self.scale
        n = len(self.order)
        gap = round(10 * s)
        w = (area.width - gap * (n - 1)) // n
        return [pygame.Rect(area.left + i * (w + gap), area.top, w, area.height) for i in range(n)]

    def _card_anchor(self, seat: int) -> tuple[int, int]:
        """Where a noble's marker waits before it hops onto the track (the crest of their card)."""
        lay = self._layout()
        rect = self._card_rects(lay["cards"])[self.order.index(seat)]
        s = self.scale
        return (rect.left + round(30 * s), rect.top + round(30 * s))
