"""Building scoring at the end of a decade (R-SCORE), shown estate by estate.

The table pushes ``ScoringScene(ctx, session, events)`` with the BUILDING_SCORED events of the decade's end.
Each noble's estate is drawn (``game.table.estate_draw``); every enclosed castle and palace is ringed in gold, the
chapels around it in oxblood, and a badge shows the VP it earns (``Estate.building_score()``); a castle or
palace that is not enclosed shows the squares still missing. Badges appear one by one and each noble's
total counts up; then Continue.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from game import i18n
from game.i18n import N_, Words, _, ngettext, roman
from game.scenes.decade import InterludeScene, interlude_frame
from game.table import estate_draw
from game.ui import anim, assets, widgets
from game.ui.draw import fit_text, fits, within
from game.ui.theme import GOLD, GOLD_DARK, INK, MUTED, OXBLOOD, PARCHMENT_LIGHT
from rules import Building, Event, EventKind, Pos, board

REVEAL_SECONDS = 0.45
#: the most lines of explanation under an estate (a long German or Italian line folds in a narrow panel)
FOOT_ROWS = 5
NAMES = Words({Building.CASTLE: N_("Castle"), Building.PALACE: N_("Palace")})


def scored_buildings(estate) -> list[tuple[Pos, Building, int, list[Pos]]]:
    """(position, building, VP, chapels around it) for each enclosed castle or palace (R-SCORE), as the engine
    counts them."""
    return [(pos, building, vp, estate.chapel_squares(pos)) for pos, building, vp in estate.building_score()]


def explain(building: Building, chapels: int, vp: int) -> str:
    base, per = ((board.CASTLE_SCORE, board.CASTLE_CHAPEL_SCORE) if building == Building.CASTLE
                 else (board.PALACE_SCORE, board.PALACE_CHAPEL_SCORE))
    if not chapels:
        return f"{NAMES[building]}: {base}"
    sum_ = ngettext("{building} {base} + {chapels} chapel × {per} = {vp}",
                    "{building} {base} + {chapels} chapels × {per} = {vp}", chapels)
    return sum_.format(building=NAMES[building], base=base, chapels=chapels, per=per, vp=vp)


class ScoringScene(InterludeScene):
    name = "scoring"
    help_topic = "scoring"

    def __init__(self, ctx, session, events: list[Event] | None = None) -> None:
        super().__init__(ctx, session)
        state = self.state
        self.decade = self._decade_of(state)
        self.scores = {seat: scored_buildings(p.estate) for seat, p in enumerate(state.players)}
        self.totals = {seat: sum(vp for _p, _b, vp, _c in items) for seat, items in self.scores.items()}
        if events:  # the engine's word on the totals
            from_events = {seat: 0 for seat in range(state.n)}
            for e in events:
                if e.kind == EventKind.BUILDING_SCORED:
                    from_events[e.seat] += e.amount
            self.totals = from_events
        self.missing = {seat: p.estate.missing_squares() for seat, p in enumerate(state.players)}
        # the panels' places, worked out once for each area, text size and language (every frame draws them)
        self._placed: dict[tuple, list[pygame.Rect]] = {}
        self._feet: dict[tuple, int] = {}  # the explanations' room, likewise for each panel width
        self.reveals: dict[tuple[int, Pos], anim.Tween] = {}
        self.sequence = anim.Sequence(speed=self.speed)
        self.sequence.wait(0.3)
        for seat in range(state.n):
            for pos, _b, _vp, _c in self.scores[seat]:
                t = anim.Tween(0.0, 1.0, REVEAL_SECONDS, ease=anim.ease_out_back, speed=self.speed)
                self.reveals[(seat, pos)] = t
                self.sequence.add(t)

    @staticmethod
    def _decade_of(state) -> int:
        """The decade that just ended (the state may already be in the next one)."""
        if state.over:
            return state.decade
        return max(1, state.decade - 1) if state.round_pos == 0 else state.decade

    @property
    def ready(self) -> bool:
        return self.sequence.done

    def advance(self, dt: float) -> None:
        self.sequence.update(dt)

    def skip(self) -> None:
        self.sequence.finish()

    def shown_total(self, seat: int) -> int:
        """The total as far as the badges have appeared (counts up with them)."""
        if self.ready:
            return self.totals[seat]
        total = 0
        for pos, _b, vp, _c in self.scores[seat]:
            t = self.reveals[(seat, pos)]
            if t.done:
                total += vp
        return min(total, self.totals[seat])

    # -- layout -----------------------------------------------------------------------------------------------
    def _panels(self, area: pygame.Rect) -> list[pygame.Rect]:
        """One panel per noble: one row, or two rows when that gives the estates bigger cells."""
        key = (tuple(area), self.scale, assets.text_scale(), i18n.language())
        if key not in self._placed:
            self._placed[key] = self._place_panels(area)
        return [pygame.Rect(r) for r in self._placed[key]]

    def _place_panels(self, area: pygame.Rect) -> list[pygame.Rect]:
        s = self.scale
        n = self.state.n
        gap = round(12 * s)
        best: tuple[float, list[pygame.Rect]] | None = None
        for rows in (1, 2):
            per_row = -(-n // rows)
            h = (area.height - gap * (rows - 1)) // rows
            w = (area.width - gap * (per_row - 1)) // per_row
            rects = []
            for i in range(n):
                r, c = divmod(i, per_row)
                in_row = min(per_row, n - r * per_row)
                offset = (area.width - (in_row * w + (in_row - 1) * gap)) // 2
                rects.append(pygame.Rect(area.left + offset + c * (w + gap), area.top + r * (h + gap), w, h))
            cell = min(self._cell_for(seat, rect) for seat, rect in enumerate(rects))
            if best is None or cell > best[0] * 1.08:
                best = (cell, rects)
        return best[1]

    def _vp_image(self, total: int) -> pygame.Surface:
        s = self.scale
        if total:
            return widgets.gold_text(_("+{vp} VP").format(vp=total), round(26 * s))
        return widgets.text(_("no VP"), "italic", round(18 * s), MUTED)

    def _vp_below(self, panel: pygame.Rect) -> bool:
        """The VP stands under the name, right-aligned: beside it some noble's name would not fit (five nobles in
        a small window at a large text size). The same in every panel, decided by the widest total: the estates
        stay level and never move as the totals count up."""
        s = self.scale
        room = panel.width - round(32 * s) - max(self._vp_image(vp).get_width() for vp in self.totals) - round(44 * s)
        return not all(fits(self.seat_name(seat), "heading", round(22 * s), room) for seat in range(self.state.n))

    def _below_name(self, panel: pygame.Rect) -> int:
        """How far under the panel's top the VP stands where it stands under the name: under the crest, and under
        the name where a large text makes the name taller than the crest."""
        s = self.scale
        badge = round(32 * s)
        name_h = max(len(lines) * assets.font("heading", size).get_linesize()
                     for size, lines in (self._name_lines(seat, panel) for seat in range(self.state.n)))
        return max(round(14 * s) + badge, self._name_top(name_h) + name_h)

    def _name_top(self, height: int) -> int:
        """How far under the panel's top a name ``height`` high starts: centred on the crest, under the colour's
        stripe."""
        s = self.scale
        return max(round(14 * s) + round(32 * s) // 2 - height // 2, round(12 * s))

    def _name_lines(self, seat: int, panel: pygame.Rect) -> tuple[int, list[str]]:
        """A noble's name beside the crest: on one line, else two (a long name), never cut."""
        s = self.scale
        room = panel.width - round(32 * s) - round(44 * s)
        if not self._vp_below(panel):
            room -= self._vp_image(self.shown_total(seat)).get_width()
        size, lines, _whole = widgets.name_block(self.seat_name(seat), round(22 * s), room)
        return size, lines

    def _estate_rect(self, panel: pygame.Rect) -> pygame.Rect:
        s = self.scale
        top = round(50 * s)
        if self._vp_below(panel):
            top = max(top, self._below_name(panel) + round(4 * s)) + self._vp_image(max(self.totals)).get_height()
        foot = self._foot_height(panel) + round(12 * s)
        return pygame.Rect(panel.left + round(10 * s), panel.top + top, panel.width - round(20 * s),
                           max(10, panel.height - top - foot))

    def _geometry(self, seat: int, panel: pygame.Rect):
        estate = self.state.players[seat].estate
        return estate_draw.estate_geometry(estate, self._estate_rect(panel), margin=0.45,
                                           extra=self.missing[seat])

    def _cell_for(self, seat: int, panel: pygame.Rect) -> float:
        return self._geometry(seat, panel).cell

    def _layout(self) -> dict[str, pygame.Rect]:
        s = self.scale
        inner, banner = interlude_frame(self.ctx.window_size, s)
        bottom = self.continue_rect().top - round(14 * s)
        area = pygame.Rect(inner.left, banner.bottom + round(14 * s), inner.width,
                           bottom - banner.bottom - round(14 * s))
        return {"banner": banner, "area": area}

    # -- drawing ---------------------------------------------------------------------------------------------------
    def prepare_parts(self, surface: pygame.Surface) -> Iterator[None]:
        for seat, panel in enumerate(self._panels(self._layout()["area"])):
            yield from estate_draw.warm_up(self.state.players[seat].estate, self._geometry(seat, panel).cell)
            self._draw_panel(surface, seat, panel)
            yield

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        lay = self._layout()
        last = self.decade >= board.DECADES
        sub = (_("End of the last decade, {decade}") if last else _("End of decade {decade}")).format(
            decade=roman(self.decade))
        sub += " · " + _("enclosed castles {castle} VP + {castle_chapel} per chapel · palaces {palace} VP + "
                         "{palace_chapel} per chapel").format(
            castle=board.CASTLE_SCORE, castle_chapel=board.CASTLE_CHAPEL_SCORE, palace=board.PALACE_SCORE,
            palace_chapel=board.PALACE_CHAPEL_SCORE)
        self.draw_banner(surface, lay["banner"], _("Building Scoring"), sub, icon="icon-scoring")
        for seat, panel in enumerate(self._panels(lay["area"])):
            self._draw_panel(surface, seat, panel)
        self.draw_continue_note(surface)

    def _draw_panel(self, surface: pygame.Surface, seat: int, panel: pygame.Rect) -> None:
        s = self.scale
        style = self.style(seat)
        widgets.panel(surface, panel, s, fill=PARCHMENT_LIGHT)
        stripe = pygame.Rect(panel.left + round(6 * s), panel.top + round(6 * s), panel.width - round(12 * s),
                             round(4 * s))
        pygame.draw.rect(surface, pygame.Color(style.colour), stripe, border_radius=round(2 * s))
        badge = round(32 * s)
        cx, cy = panel.left + round(14 * s) + badge // 2, panel.top + round(14 * s) + badge // 2
        estate_draw.draw_crest_badge(surface, (cx, cy), badge, style)
        total = self.shown_total(seat)
        vp = self._vp_image(total)
        if self._vp_below(panel):
            surface.blit(vp, vp.get_rect(topright=(panel.right - round(14 * s), panel.top + self._below_name(panel))))
        else:
            surface.blit(vp, vp.get_rect(midright=(panel.right - round(14 * s), cy)))
        size, lines = self._name_lines(seat, panel)
        step = assets.font("heading", size).get_linesize()
        y = panel.top + self._name_top(len(lines) * step)
        for line in lines:
            name = widgets.text(line, "heading", size, INK)
            surface.blit(name, name.get_rect(midleft=(cx + badge // 2 + round(8 * s), y + step // 2)))
            y += step
        estate = self.state.players[seat].estate
        geo = self._geometry(seat, panel)
        highlights: dict[Pos, object] = {}
        shown = []
        for pos, building, vp_b, chapels in self.scores[seat]:
            t = self.reveals[(seat, pos)]
            if t.progress <= 0:
                continue
            shown.append((pos, building, vp_b, chapels, t))
            highlights[pos] = GOLD
            for c in chapels:
                highlights.setdefault(c, OXBLOOD)
        dim = [p for p in estate.tiles if p not in highlights] if shown else []
        estate_draw.draw_estate(surface, estate, geo, players=self.styles, highlights=highlights, dim=dim)
        self._draw_missing(surface, seat, geo)
        for pos, _building, vp_b, _chapels, t in shown:
            r = geo.cell_rect(pos)
            radius = round(max(11 * s, min(geo.cell * 0.42, 22 * s)))
            k = t.eased
            centre = (r.right - radius // 3, r.top + radius // 3)
            rr = max(2, round(radius * k))
            pygame.draw.circle(surface, (43, 33, 24), (centre[0] + 2, centre[1] + 2), rr)
            pygame.draw.circle(surface, GOLD, centre, rr)
            pygame.draw.circle(surface, GOLD_DARK, centre, rr, width=max(1, round(2 * s)))
            if k > 0.6:  # the VP within its disc at any text size
                label = fit_text(f"+{vp_b}", "heading", within(rr * 1.05, rr * 1.3), round(rr * 1.8), INK)
                surface.blit(label, label.get_rect(center=centre))
        # the explanation under the estate
        foot_h = self._foot_height(panel)
        foot = pygame.Rect(panel.left + round(14 * s), panel.bottom - round(8 * s) - foot_h,
                           panel.width - round(28 * s), foot_h)
        font = self._foot_font()
        y = foot.top
        for line in self._foot_lines(seat, [(b, v, c) for _p, b, v, c, _t in shown], foot.width):
            img = font.render(line, True, INK if self.scores[seat] else MUTED)
            surface.blit(img, img.get_rect(midtop=(foot.centerx, y)))
            y += font.get_linesize()

    def _foot_font(self) -> pygame.font.Font:
        return assets.font("ui", round(12 * self.scale))

    def _foot_lines(self, seat: int, shown: list[tuple[Building, int, list[Pos]]], width: int) -> list[str]:
        """The explanation under a noble's estate, folded to ``width`` in at most FOOT_ROWS lines: how each building
        ``shown`` so far scored (the first two and how many more, past three), or why none did."""
        estate = self.state.players[seat].estate
        scored = {pos for pos, *_ in self.scores[seat]}
        lines = [explain(b, len(c), v) for b, v, c in shown]
        lacking = any(b in (Building.CASTLE, Building.PALACE) and p not in scored
                      for p, b in estate.buildings.items())
        if not self.scores[seat]:
            lines = [_("No castle or palace enclosed on all 8 sides.")]
            if lacking:
                lines.append(_("Dotted squares: the land still missing."))
        more = len(lines) - 3
        lines = lines[:3] if more <= 0 else [*lines[:2], ngettext("and {count} more", "and {count} more",
                                                                       more + 1).format(count=more + 1)]
        folded = [widgets.wrap(line, self._foot_font(), width) for line in lines]
        while len(folded) > 1 and sum(map(len, folded)) > FOOT_ROWS:
            folded.pop()  # a whole line left out, not half a sentence ("dotted squares" show themselves)
        return [part for line in folded for part in line][:FOOT_ROWS]

    def _foot_height(self, panel: pygame.Rect) -> int:
        """The explanations' room at the foot of every panel: as many lines as the longest needs once every
        building showed (up to FOOT_ROWS; the same in each panel, so the estates stay level), at least 46 design px."""
        width = panel.width - round(28 * self.scale)
        key = (width, self.scale, assets.text_scale(), i18n.language())
        if key not in self._feet:
            rows = max(len(self._foot_lines(seat, [(b, v, c) for _p, b, v, c in self.scores[seat]], width))
                       for seat in range(self.state.n))
            self._feet[key] = max(round(46 * self.scale), min(rows, FOOT_ROWS) * self._foot_font().get_linesize())
        return self._feet[key]

    def _draw_missing(self, surface: pygame.Surface, seat: int, geo) -> None:
        """Dotted squares where a castle or palace still lacks a neighbour (why it does not score)."""
        c = geo.cell
        if c < 10:
            return
        dash = max(2, c // 8)
        old_clip = surface.get_clip()
        surface.set_clip(geo.clip)
        for p in self.missing[seat]:
            r = geo.cell_rect(p).inflate(-c // 6, -c // 6)
            for i in range(r.left, r.right, dash * 2):
                pygame.draw.line(surface, MUTED, (i, r.top), (min(i + dash, r.right), r.top))
                pygame.draw.line(surface, MUTED, (i, r.bottom), (min(i + dash, r.right), r.bottom))
            for j in range(r.top, r.bottom, dash * 2):
                pygame.draw.line(surface, MUTED, (r.left, j), (r.left, min(j + dash, r.bottom)))
                pygame.draw.line(surface, MUTED, (r.right, j), (r.right, min(j + dash, r.bottom)))
        surface.set_clip(old_clip)
