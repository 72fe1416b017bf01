"""Where everything of the masked ball is (:class:`BallLayout`, a part of :class:`game.scenes.ball.BallScene`):
its panels, the prestige track's spaces and the title bands under them, a card per noble, the slots of the
decision panel, and the whole ball as typed regions (:meth:`BallLayout.lay_out`, a
:class:`game.table.ball_frame.BallFrame`) that its buttons stand on and its overlays ring.
"""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.scenes.decade import interlude_frame
from game.table.ball_frame import BallFrame
from game.table.targets import BallButton, BallControl, BallItem, HandBack, Noble, PrestigeSpace, Region, TitleBand
from game.ui import assets, widgets
from game.ui.draw import fits, smallest_size, within
from game.ui.pieces import CARD_NAMES, TITLE_NAMES
from game.ui.theme import INK, MUTED, OXBLOOD, button_font
from rules import Action, HandBackBribe, HandBackCard, Title, board, card_prestige

#: R-COMP-6: the prestige each title above Baron needs, lowest first
THRESHOLDS = tuple((t, board.TITLE_PRESTIGE[t]) for t in (Title.VISCOUNT, Title.EARL, Title.MARQUESS, Title.DUKE))
MIN_TRACK = 20


def marker_side(space: int) -> int:
    """The side of a marker on a track whose spaces are ``space`` pixels wide."""
    return max(14, round(space * 0.92))


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
            label, need = self.curtain_label(lay["bottom"].width - round(40 * s))
            rect = pygame.Rect(0, 0, max(round(260 * s), need), round(46 * s))
            rect.center = (lay["bottom"].centerx, lay["bottom"].bottom - round(40 * s))
            tip = _("Only {name} should look: their bribes and cards appear.").format(
                name=self.seat_name(self.state.decider))
            regions.append(Region(rect, BallButton(BallControl.CURTAIN), tip, clickable=True))
        elif self.may_leave:
            regions.append(Region(self.continue_rect(), BallButton(BallControl.CONTINUE), _("Enter or Space"),
                                  clickable=True))
        w, h = self.ctx.window_size
        return BallFrame(regions, lay, pygame.Rect(0, 0, w, h), self.scale)

    def curtain_label(self, room: int) -> tuple[str, int]:
        """The curtain's button's words, "I am <name>", or the name alone where ``room`` is too narrow for both
        (a long name in a small window), and the width they need."""
        font, pad = button_font(self.ctx.window_size), round(28 * self.scale)
        name = self.seat_name(self.state.decider)
        label = _("I am {name}").format(name=name)
        if font.size(label)[0] + pad > room:
            label = name
        return label, min(room, font.size(label)[0] + pad)

    def _decision_regions(self, bottom: pygame.Rect) -> list[Region]:
        """What is behind the deciding human's screen (the bribes, each card) with its Hand back button, and the
        button that places the marker."""
        s = self.scale
        view = self.session.view(self.state.decider)
        legal = set(view.legal)
        me = view.me
        slots = self._private_slots(bottom, me)
        x0, x1 = self._items_span(bottom)
        labels = self.item_labels(me)
        items = list(labels)
        slot_w = self._slot_w(x1 - x0, list(labels.values()))
        hand_back_top = bottom.bottom - round(16 * s) - round(34 * s)
        regions = []
        for i, key in enumerate(items):
            card = None if key == "bribe" else key
            item = pygame.Rect(x0 + i * slot_w, bottom.top + round(10 * s), slot_w,
                               hand_back_top - round(2 * s) - bottom.top - round(10 * s))  # its picture and label
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
        if hint:  # the coach, over the place button on the right (the decider's sums fill the left column's foot)
            label = _("Thinking…") if hint == "thinking" else _("Hint")
            need = button_font(self.ctx.window_size).size(label)[0] + round(28 * s)
            rect = pygame.Rect(0, 0, min(slots["place"].width, max(round(90 * s), need)), round(34 * s))
            rect.bottomright = (slots["place"].right, slots["place"].top - round(6 * s))
            regions.append(Region(rect, BallButton(BallControl.HINT),
                                  _("The computer suggests what to hand back from what you can see (H). Hints are "
                                    "counted."), enabled=hint == "offered", clickable=True))
        return regions

    def _layout(self) -> dict[str, pygame.Rect]:
        s = self.scale
        inner, banner = interlude_frame(self.ctx.window_size, s)
        track_h = round(136 * s) + self._spaces_top(inner.width) - round(48 * s)
        track = pygame.Rect(inner.left, banner.bottom + round(10 * s), inner.width, track_h)
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
        bh = round(34 * s)
        right = self._decision_columns(bottom)[2]
        slots["place"] = pygame.Rect(right.left, self.buttons_top(bottom), right.width, round(48 * s))
        labels = self.item_labels(me)
        x0, x1 = self._items_span(bottom)
        slot_w = self._slot_w(x1 - x0, list(labels.values()))
        for i, key in enumerate(labels):
            rect = pygame.Rect(x0 + i * slot_w + round(4 * s), bottom.bottom - pad - bh, slot_w - round(8 * s), bh)
            slots[key] = rect
        return slots

    def buttons_top(self, bottom: pygame.Rect) -> int:
        """The top of the place button, at the foot of the decision panel ``bottom``."""
        return bottom.bottom - round(16 * self.scale) - round(48 * self.scale)

    def help_foot(self, bottom: pygame.Rect) -> int:
        """The foot of the words over the place button: over the Hint button where it shows."""
        s = self.scale
        return self.buttons_top(bottom) - (round(40 * s) if self.hint_state() else 0)

    def place_label(self) -> str:
        return _("Place my marker at {space}").format(space=self.landing()[1])

    def sums(self) -> list[tuple[str, pygame.Color]]:
        """The lines under the decider's heading, each with its colour: their estate's prestige, what they handed
        back (muted while nothing), the total and where it lands (in oxblood if that space is taken)."""
        ball = self.state.ball
        total, space = self.landing()
        taken = total != space
        return [(_("From your estate: {prestige}").format(prestige=ball.base), INK),
                (_("Handed back: +{prestige}").format(prestige=ball.extra), OXBLOOD if ball.extra else MUTED),
                (_("{total} — taken: lands on {space}").format(total=total, space=space), OXBLOOD) if taken
                else (_("Total {total}: lands on {space}").format(total=total, space=space), INK)]

    def sums_size(self, bottom: pygame.Rect) -> int:
        """The design size of the three lines of :meth:`sums` under the decider's heading in the decision panel
        ``bottom``: 17 design pixels, less where a large text would run them past the panel's foot (never under
        the readable size)."""
        s = self.scale
        room = bottom.height - round(18 * s) - assets.font("heading", round(24 * s)).get_height()
        size, least = round(17 * s), assets.min_design_size()
        while size > least and 3 * (assets.font("body", size).get_linesize() - round(2 * s)) > room:
            size -= 1
        return size

    def _decision_columns(self, bottom: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The decision panel's columns: the decider's sums on the left and the help over the place button on the
        right, each as wide as its words need (within a third of the panel), the items behind the screen between
        them."""
        s = self.scale
        pad = round(16 * s)
        inner = bottom.inflate(-2 * pad, 0)
        heading = assets.font("heading", round(24 * s)).size(self.decision_heading())[0]
        body = assets.font("body", self.sums_size(bottom))
        left_w = min(inner.width // 3, max(round(240 * s), heading, *(body.size(line)[0] for line, _m in self.sums())))
        place = button_font(self.ctx.window_size).size(self.place_label())[0] + round(28 * s)
        right_w = min(inner.width // 3, max(round(250 * s), place))
        left = pygame.Rect(inner.left, bottom.top, left_w, bottom.height)
        right = pygame.Rect(inner.right - right_w, bottom.top, right_w, bottom.height)
        return left, pygame.Rect(left.right + pad, bottom.top, right.left - left.right - 2 * pad, bottom.height), right

    def decision_heading(self) -> str:
        return _("{name}, your marker").format(name=self.seat_name(self.state.decider))

    def _items_span(self, bottom: pygame.Rect) -> tuple[int, int]:
        middle = self._decision_columns(bottom)[1]
        return middle.left, middle.right

    def item_labels(self, me) -> dict[object, str]:
        """What the decider may hand back, left to right ("bribe", then each kind of card), with its label: its name
        and the prestige it brings."""
        labels: dict[object, str] = {}
        if me.bribes:
            labels["bribe"] = _("Bribe · +{prestige}").format(prestige=board.BRIBE_PRESTIGE)
        for card in sorted(set(me.cards)):
            labels[card] = f"{CARD_NAMES[card]} · +{card_prestige(card)}"
        return labels

    def item_label_lines(self, label: str, room: int) -> list[str]:
        """An item's label ("name · +worth") on one line, or its name over its worth where it is too wide (a long
        Italian or German name)."""
        if fits(label, "ui", round(13 * self.scale), room):
            return [label]
        name, _dot, worth = label.rpartition(" · ")
        return [name, worth] if name else [label]

    def item_art_h(self, bottom: pygame.Rect, labels: list[str], slot_w: int) -> int:
        """The height of the items' pictures in the decision panel ``bottom``: what is left over their labels'
        lines (all as many as the longest folded one has) and the Hand back buttons, with room for the keys'
        focus ring around a button (it covered the label's foot)."""
        s = self.scale
        room = slot_w - round(6 * s)
        lines = max((len(self.item_label_lines(label, room)) for label in labels), default=1)
        label_h = lines * assets.font("ui", round(13 * s)).get_linesize()
        return bottom.height - round(34 * s) - round(16 * s) - round(22 * s) - label_h

    def _slot_w(self, width: int, labels: list[str]) -> int:
        """Each item's width: 130 design pixels, or what its Hand back button's label or the longest item's name
        (its worth may fold under it) needs, if the row has it."""
        s = self.scale
        need = button_font(self.ctx.window_size).size(_("Hand back"))[0] + round(28 * s)
        font = assets.font("ui", round(13 * s))
        names = max((font.size(label.rpartition(" · ")[0] or label)[0] + round(6 * s) for label in labels), default=0)
        return max(1, min(max(round(130 * s), need, names), width // max(1, len(labels))))

    def _track_max(self) -> int:
        top = max([MIN_TRACK, *self.places.values()])
        if self.ball_running:
            ball = self.state.ball
            top = max(top, ball.base + ball.extra)
        return top

    def _space_step(self, track_width: int) -> tuple[float, int]:
        """The distance between the spaces' centres and each space's side, on a track ``track_width`` wide."""
        s = self.scale
        step = (track_width - 2 * round(14 * s)) / (self._track_max() + 1)
        return step, int(min(step - round(4 * s), 44 * s))

    def _spaces_top(self, track_width: int) -> int:
        """How far under the track's top its spaces start: under the "Prestige" heading and a marker standing on
        a space (at a large text size the heading is taller, and the markers would cover it)."""
        s = self.scale
        size = self._space_step(track_width)[1]
        heading = assets.font("heading", round(16 * s)).get_height()
        rising = round(size * 0.12) + marker_side(size) // 2  # a marker at rest, over its space's top
        return max(round(48 * s), round(6 * s) + heading + rising)

    def _space_rects(self, track: pygame.Rect) -> list[pygame.Rect]:
        s = self.scale
        pad = round(14 * s)
        step, size = self._space_step(track.width)
        y = track.top + self._spaces_top(track.width)
        return [pygame.Rect(round(track.left + pad + i * step + (step - size) / 2), y, size, size)
                for i in range(self._track_max() + 1)]

    def _marker_pos(self, track: pygame.Rect, seat: int, space: int) -> tuple[int, int]:
        rects = self._space_rects(track)
        r = rects[min(space, len(rects) - 1)]
        stack = [s for s in self.order if self.places.get(s) == space]
        k = stack.index(seat) if seat in stack else len(stack)
        return (r.centerx, r.top - round(r.height * 0.12) - k * round(r.height * 0.42))

    def heading_x(self, track: pygame.Rect, width: int) -> int:
        """Where the track's "Prestige" heading (``width`` wide) starts: at the left, or right of the spaces over
        which a stack of markers at rest, with the deciding human's preview marker, rises into it (two nobles on 0
        covered it)."""
        s = self.scale
        bottom = track.top + round(6 * s) + assets.font("heading", round(16 * s)).get_height()
        half = self._marker_size(track) // 2
        x = track.left + round(14 * s)
        preview = self.landing()[1] if self.show_private() else None
        for space, r in enumerate(self._space_rects(track)):
            stack = sum(1 for place in self.places.values() if place == space) + (space == preview)
            top = r.top - round(r.height * 0.12) - (stack - 1) * round(r.height * 0.42) - half
            risen = stack and top < bottom - 2  # (a marker alone may touch it: the track's top leaves it room)
            if risen and r.right >= x and r.left <= x + width:
                x = r.right + round(6 * s)
        return x

    def _marker_size(self, track: pygame.Rect) -> int:
        return marker_side(self._space_step(track.width)[1])

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

    def titles_left(self, title: Title) -> int:
        """How many of ``title`` the court still has to give at this ball (counting down as they are given)."""
        given = sum(1 for t, _vp in self.titles.values() if t == title)
        return max(0, self.supply[title] - given)

    def _band_forms(self, band: pygame.Rect, title: Title, start: int, size: int) -> list[list[pygame.Surface]]:
        """What a title's band may show, the most first: its plaque, name and threshold, and how many are left to
        give; narrower bands drop the plaque, then shorten the count, then the threshold (the name stays)."""
        s = self.scale
        left = self.titles_left(title)
        plaque_h = max(8, band.height - round(4 * s))
        plaque = assets.image(f"title-{title.label}", (round(plaque_h * 1.9), plaque_h))
        name = widgets.text(f"{TITLE_NAMES[title]} {start}+", "ui", size, INK)
        bare = widgets.text(TITLE_NAMES[title], "ui", size, INK)
        ink = OXBLOOD if left else MUTED
        count = widgets.text(ngettext("{count} left", "{count} left", left).format(count=left)
                               if left else _("none left"), "ui-bold", size, ink)
        tally = widgets.text(_("×{times}").format(times=left), "ui-bold", size, ink)
        return [[plaque, name, count], [name, count], [name, tally], [bare, tally], [tally]]

    def _band_fit(self, bands: list[tuple[Title, int, pygame.Rect]]) -> tuple[int, int]:
        """The form (an index of ``_band_forms``) and the text size every one of ``bands`` fits in: the most it
        can show, at the largest size (down to the smallest readable) that shows it."""
        s = self.scale
        design = within(13 * s, bands[0][2].height * 0.5) if bands else round(13 * s)
        for form in range(5):
            for size in range(design, smallest_size(design) - 1, -1):
                if all(self._band_width(self._band_forms(band, title, start, size)[form]) <= band.width - round(4 * s)
                       for title, start, band in bands):
                    return form, size
        return 4, smallest_size(design)

    def _band_width(self, parts: list[pygame.Surface]) -> int:
        return sum(p.get_width() for p in parts) + round(6 * self.scale) * (len(parts) - 1)
