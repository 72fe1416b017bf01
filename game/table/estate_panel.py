"""The big estate in the middle of the table: the estate shown large (the viewer's, or one picked from the
miniatures), the cells a carried piece may go to, the squares a region may form on, the prompt band above
("Your estate  Take one action ..."), and the Fit and Back buttons; and its part (:class:`EstatePart`): whose
estate is shown, the camera, and the clicks, drops, pans and zooms that reach it."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pygame

from game.i18n import N_, Words, _, ngettext
from game.table.dragdrop import cell_actions
from game.table.estate_draw import EstateGeometry, draw_crest_badge, draw_estate
from game.table.estate_view import EstateCamera
from game.table.panel import PanelContext, PanelLayout, Pointing
from game.table.part import Click, Drop, Key, Moment, Pan, Part, PartEvent, Point, Wheel
from game.table.targets import Control, ControlButton, EstateCell, Piece, Prompt, Region
from game.ui import assets, widgets
from game.ui.draw import art, draw_button, text
from game.ui.refusal_words import DECISION_WORDS, refusals_in_words
from game.ui.theme import GOLD, INK, MUTED, OXBLOOD, ROYAL_BLUE
from rules import (
    Action,
    BuildCastle,
    BuildChapel,
    BuildFolly,
    BuildPalace,
    ChooseRegion,
    Decision,
    InheritCastle,
    PlaceTile,
    PlayerView,
    Pos,
    RegionKind,
    TileType,
    board,
    why_not,
)

ESTATE_FILL = pygame.Color("#E8DCC0")
#: the rules topic of each decision (F1 over the prompt, or anywhere when nothing is hovered)
TOPIC_OF_STEP = {
    Decision.CHOOSE_START_TILES: "setup",
    Decision.KEEP_CARD: "cards",
    Decision.TURN: "turn",
    Decision.EXPAND: "expand",
    Decision.CHOOSE_REGION: "regions",
    Decision.KNIGHT: "knights",
    Decision.GIVE_TILES: "knights",
    Decision.DONATE: "church",
    Decision.VICAR: "card-vicar",
    Decision.INHERITANCE: "card-inheritance",
    Decision.BALL_SPEND: "ball",
    Decision.GAME_OVER: "end",
}
FIT_TIP = N_("Fit the whole estate in view (Home). Drag with the right mouse button or use Shift and the arrow keys "
             "to pan; the wheel zooms.")
#: a cell of the estate in words: its tile, what stands on it, the region it is part of (a sentence each)
CELL_TILE = Words({TileType.FIELD: N_("A field."), TileType.GROVE: N_("A grove."),
                   TileType.FOUNTAIN: N_("A fountain."), TileType.MEADOW: N_("A meadow.")})
CELL_BUILDING = Words({"castle": N_("A castle stands on it."), "palace": N_("A palace stands on it."),
                       "chapel": N_("A chapel stands on it.")})
CELL_FOLLY = N_("A folly stands on it.")
CELL_REGION = Words({RegionKind.FARM: N_("It is part of a farm."), RegionKind.FOREST: N_("It is part of a forest."),
                     RegionKind.GARDEN: N_("It is part of a garden.")})
#: a glowing cell: what the carried piece does there
CELL_ACTION = Words({BuildCastle: N_("Build the castle here."), BuildPalace: N_("Build the palace here."),
                     BuildChapel: N_("Build the chapel here."), BuildFolly: N_("Build the folly here."),
                     InheritCastle: N_("Place the inherited castle here.")})
PLACE_HERE = Words({TileType.FIELD: N_("Place the field here."), TileType.GROVE: N_("Place the grove here."),
                    TileType.FOUNTAIN: N_("Place the fountain here."), TileType.MEADOW: N_("Place the meadow here.")})
#: the prompt while a piece is carried, by piece (Piece.name): the same words for the pointer and the keys
ARMED = Words({
    "field": N_("Choose a glowing cell for the field (Esc to cancel)."),
    "grove": N_("Choose a glowing cell for the grove (Esc to cancel)."),
    "fountain": N_("Choose a glowing cell for the fountain (Esc to cancel)."),
    "meadow": N_("Choose a glowing cell for the meadow (Esc to cancel)."),
    "castle": N_("Choose a glowing cell for the castle (Esc to cancel)."),
    "palace": N_("Choose a glowing cell for the palace (Esc to cancel)."),
    "chapel": N_("Choose a glowing cell for the chapel (Esc to cancel)."),
    "folly": N_("Choose a glowing cell for the folly (Esc to cancel)."),
    "inherit": N_("Choose a glowing cell for the inherited castle (Esc to cancel)."),
})


@attrs.frozen
class EstateScene:
    """What the big estate shows besides the view: whose estate, what the viewer carries, the state of the
    camera and of the chooser. A value: when it changes, the panel is laid out and drawn again (the cell under
    the pointer is marked over its picture: :class:`Pointing`)."""

    seat: int  # whose estate is shown large
    mine: bool  # the viewer decides now
    piece: Piece | None  # carried to a cell: dragged, armed, or the inherited castle
    dragging: bool
    armed: Piece | None
    strip: int  # the height of a side chooser under the estate
    is_human: bool  # the shown seat is a human's ("Your estate")
    thinking: bool  # a computer player is thinking
    camera: int  # the camera's version: it moves only when asked to
    hovered_square: Pos | None  # the anchor of the region square whose option is under the pointer
    keys: bool = False  # the player steers by keys (the prompt names keys, not clicks)


@attrs.define(eq=False)
class EstateLayout(PanelLayout):
    inner: pygame.Rect = attrs.field(factory=pygame.Rect)
    area: pygame.Rect = attrs.field(factory=pygame.Rect)  # where the estate is drawn
    band: pygame.Rect = attrs.field(factory=pygame.Rect)  # the prompt above it
    geo: EstateGeometry | None = None
    cells: dict[Pos, Action] = attrs.field(factory=dict)  # where the carried piece may go
    squares: list[Pos] = attrs.field(factory=list)  # anchors of the squares a region may form on
    fit: pygame.Rect = attrs.field(factory=pygame.Rect)  # empty: no room for the Fit button
    back: pygame.Rect | None = None
    scene: EstateScene | None = None

    def pointed(self, mouse: tuple[int, int]) -> tuple[bool, bool]:
        # the lit buttons (the cell under the pointer is marked over the picture: mark_estate)
        return self.fit.collidepoint(mouse), self.back is not None and self.back.collidepoint(mouse)


def layout_estate(pc: PanelContext, es: EstateScene, camera: EstateCamera, legal: list[Action]) -> EstateLayout:
    """``legal``: the viewer's legal actions while they decide (empty otherwise)."""
    s, v, rect = pc.scale, pc.view, pc.rect
    st = v.state
    p = st.players[es.seat]
    inner = rect.inflate(-round(10 * s), -round(10 * s))
    top_band = _band_height(pc, es, inner.width)
    if es.strip and top_band + es.strip > inner.height:  # a side chooser that asks the question takes its room
        top_band = _heading_height(pc, es, inner.width)
    area = pygame.Rect(inner.left, inner.top + top_band, inner.width, inner.height - top_band - es.strip)
    cells = cell_actions(legal, es.piece) if es.seat == v.seat else {}
    extra = list(cells)
    if not cells and es.seat == v.seat and es.mine and st.step in (Decision.TURN, Decision.EXPAND):
        extra = list(p.estate.placeable())
    squares = []
    if es.mine and st.step == Decision.CHOOSE_REGION and es.seat == v.seat:
        squares = [a.anchor for a in legal if isinstance(a, ChooseRegion)]
    shown = [c for anchor in squares for c in _square_cells(anchor)]  # the squares to choose from, in view
    geo = camera.geometry(p.estate, area, extra=extra, max_cell=round(78 * s), keep_in_view=shown,
                          hold=st.expand is not None)
    lay = EstateLayout(inner=inner, area=area, band=pygame.Rect(inner.left, inner.top, inner.width, top_band),
                       geo=geo, cells=cells, squares=squares, scene=es)
    _layout_cells(pc, lay, es)
    lay.regions.append(Region(lay.band, Prompt(), _("What happens now. F1 opens the rules at this topic."),
                              topic=TOPIC_OF_STEP.get(st.step)))
    if area.height >= round(34 * s):  # (a side chooser with large text may leave the estate no room for it)
        lay.fit = pygame.Rect(inner.right - round(58 * s), area.bottom - round(30 * s), round(54 * s),
                              round(26 * s))
        lay.regions.append(Region(lay.fit, ControlButton(Control.FIT), _(FIT_TIP), clickable=True))
    if es.seat != v.seat:  # another seat's estate is shown large
        lay.back = pygame.Rect(inner.left + round(4 * s), area.bottom - round(30 * s), round(170 * s), round(26 * s))
        lay.regions.append(Region(lay.back, ControlButton(Control.BACK), _("Show your own estate again."),
                                  clickable=True))
    return lay


def _square_cells(anchor: Pos) -> list[Pos]:
    return [(anchor[0] + dx, anchor[1] + dy) for dx in (0, 1) for dy in (0, 1)]


def _layout_cells(pc: PanelContext, lay: EstateLayout, es: EstateScene) -> None:
    """A region for every cell of the estate (and where a piece may go) inside the visible area."""
    estate = pc.view.state.players[es.seat].estate
    region_cells = dict.fromkeys(c for anchor in lay.squares for c in _square_cells(anchor))
    for pos in set(estate.tiles) | set(lay.cells) | set(region_cells):
        r = lay.geo.cell_rect(pos).clip(lay.area)
        if r.width <= 0 or r.height <= 0:
            continue
        tip = ""
        if pos in lay.cells:
            tip = _cell_action(lay.cells[pos])
        elif pos in estate.tiles:
            parts = [CELL_TILE[estate.tiles[pos]]]
            b = estate.buildings.get(pos)
            if b is not None:
                parts.append(CELL_BUILDING[b.label] if b.label in CELL_BUILDING.ids else _(CELL_FOLLY))
            if pos in estate.region_at:
                parts.append(CELL_REGION[estate.regions[estate.region_at[pos]][0]])
            tip = " ".join(parts)
        lay.regions.append(Region(r, EstateCell(pos), tip, topic="regions"))


def _cell_action(action: Action) -> str:
    """What dropping the carried piece on a glowing cell does."""
    if isinstance(action, PlaceTile):
        return PLACE_HERE[action.tile]
    return CELL_ACTION.get(type(action), "")


#: the arrow keys pan the estate this far (pixels)
PAN_STEP = 40
ARROWS = {pygame.K_LEFT: (PAN_STEP, 0), pygame.K_RIGHT: (-PAN_STEP, 0), pygame.K_UP: (0, PAN_STEP),
          pygame.K_DOWN: (0, -PAN_STEP)}


@attrs.define(eq=False)
class EstatePart(Part):
    """The estate shown large: whose it is, the camera over it (pan, zoom, fit), and what reaches its cells.

    A click on a cell places what the hand holds there (or, at a region to choose, picks the one square the cell
    is in); a piece dropped on a cell goes there if the engine allows it, else the player hears why. The right or
    middle button pans, the wheel zooms at the pointer; Home fits, the arrows pan, + and - zoom.
    """

    name: ClassVar[str] = "estate"
    camera: EstateCamera = attrs.field(factory=EstateCamera)
    shown: int | None = None  # another seat's estate shown large (None: the viewer's)
    panning: Point | None = None  # where the pan button last was while held

    def shown_seat(self, viewer: int) -> int:
        return viewer if self.shown is None else self.shown

    def show_own(self) -> None:
        """Pieces go onto the viewer's own estate: show it, the camera as it was."""
        self.shown = None

    def show(self, seat: int, viewer: int) -> None:
        """Show ``seat``'s estate large (the viewer's own: theirs again), fitted in view."""
        self.shown = None if seat == viewer else seat
        self.camera.fit()

    def focusables(self) -> list[Region]:
        """Fit, and Back while another estate is shown (the glowing cells are the :meth:`cursor`'s)."""
        return [r for r in super().focusables() if not isinstance(r.target, EstateCell)]

    def cursor(self) -> list[Region]:
        """The glowing cells a piece in hand may go to, row by row: where the keys move it and Enter drops it."""
        lay = self.lay
        if not isinstance(lay, EstateLayout):
            return []
        cells = [r for r in lay.regions if isinstance(r.target, EstateCell) and r.target.pos in lay.cells]
        return sorted(cells, key=lambda r: (r.target.pos[1], r.target.pos[0]))

    def cursor_start(self) -> Region | None:
        """The glowing cell the cursor starts on: the one nearest the middle of the estate in view."""
        lay = self.lay
        cells = self.cursor()
        if not cells or not isinstance(lay, EstateLayout):
            return None
        middle = lay.area.center
        return min(cells, key=lambda r: (r.rect.centerx - middle[0]) ** 2 + (r.rect.centery - middle[1]) ** 2)

    def process_event(self, event: PartEvent) -> bool:
        if isinstance(event, Click):
            return self._click(event)
        if isinstance(event, Drop):
            self._drop(event)
            return True
        if isinstance(event, Wheel):
            self.camera.zoom(1.15**event.steps, event.at)
            return True
        if isinstance(event, Pan):
            self._pan(event)
            return True
        if isinstance(event, Key):
            return self._key(event.key)
        return False


    def _click(self, event: Click) -> bool:
        target = event.region.target
        if isinstance(target, EstateCell):
            self._click_cell(target.pos, event.held)
        elif target == ControlButton(Control.FIT):
            self.camera.fit()
        elif target == ControlButton(Control.BACK):
            self.show(self.host.now().viewer, self.host.now().viewer)
        else:
            return False
        return True

    def _click_cell(self, pos: Pos, piece: Piece | None) -> None:
        now = self.host.now()
        if now.mine and now.step == Decision.CHOOSE_REGION:
            squares = [a for a in now.legal if isinstance(a, ChooseRegion)
                       and 0 <= pos[0] - a.anchor[0] <= 1 and 0 <= pos[1] - a.anchor[1] <= 1]
            if len(squares) == 1:
                self.host.do(squares[0])
            elif squares:
                self.host.refuse(_("This tile is in several squares: choose one below."))
            return
        action = cell_actions(now.legal, piece).get(pos)
        if action is not None:
            self.host.do(action)
        elif piece is not None and now.mine:
            self.host.refuse(_why_not_here(now, piece, pos))

    def _drop(self, event: Drop) -> None:
        region = event.region
        if region is not None and isinstance(region.target, EstateCell):
            now = self.host.now()
            action = cell_actions(now.legal, event.piece).get(region.target.pos)
            if action is not None:
                self.host.do(action)
            else:
                self.host.refuse(_why_not_here(now, event.piece, region.target.pos))
        elif isinstance(self.lay, EstateLayout) and self.lay.area.collidepoint(event.at):
            self.host.refuse(_("Drop it on one of the glowing cells."))

    def _pan(self, event: Pan) -> None:
        if event.at is None or event.start:
            self.panning = event.at
        elif self.panning is not None:
            self.camera.pan(event.at[0] - self.panning[0], event.at[1] - self.panning[1])
            self.panning = event.at

    def _key(self, k: int) -> bool:
        """Home fits the estate, the arrows pan it (with Shift: the arrows alone move the keyboard's focus), + and -
        zoom it."""
        centre = self.host.now().rects.estate.center
        if k == pygame.K_HOME:
            self.camera.fit()
        elif k in ARROWS:
            self.camera.pan(*ARROWS[k])
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1.2, centre)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(1 / 1.2, centre)
        else:
            return False
        return True


def _why_not_here(now: Moment, piece: Piece, pos: Pos) -> str:
    """Why ``piece`` cannot go on the estate's cell ``pos`` now (the engine's reason)."""
    return refusals_in_words(why_not(now.view, piece.at(pos)), now.names)


# -- drawing --------------------------------------------------------------------------------------------------
def draw_estate_panel(surface: pygame.Surface, pc: PanelContext, lay: EstateLayout) -> None:
    s, area, geo, es = pc.scale, lay.area, lay.geo, lay.scene
    estate = pc.view.state.players[es.seat].estate
    widgets.panel(surface, pc.rect, s, fill=ESTATE_FILL)
    highlights = {pos: GOLD for pos in lay.cells}
    region_cells: dict[Pos, pygame.Color] = {}
    for anchor in lay.squares:
        colour = GOLD if anchor == es.hovered_square else ROYAL_BLUE
        for c in _square_cells(anchor):
            if region_cells.get(c) != GOLD:
                region_cells[c] = colour
    highlights.update(region_cells)
    if area.height >= round(12 * s):  # (not a sliver of it where a side chooser takes the panel)
        old_clip = surface.get_clip()
        surface.set_clip(area)
        _draw_grid(surface, area, geo)
        for pos in lay.cells:  # empty frontier cells (where tiles may go) as faint squares
            if pos not in estate.tiles:
                pygame.draw.rect(surface, (247, 240, 220), geo.cell_rect(pos).inflate(-2, -2),
                                 border_radius=max(2, geo.cell // 10))
        surface.set_clip(old_clip)
        draw_estate(surface, estate, geo, players=pc.styles, highlights=highlights or None)
    _draw_prompt(surface, pc, lay, es)
    if lay.fit.width:
        draw_button(surface, lay.fit, _("Fit"), s, style="quiet", hover=lay.fit.collidepoint(pc.mouse))
    if lay.back is not None:
        draw_button(surface, lay.back, _("Back to my estate"), s, style="quiet",
                    hover=lay.back.collidepoint(pc.mouse))


def mark_estate(surface: pygame.Surface, pc: PanelContext, lay: EstateLayout, pointing: Pointing) -> None:
    """Over the estate's picture, inside its view (a cell panned or zoomed out of it is not marked over the panels
    around): where the carried piece would go, and what a hovered line of the chronicle is about."""
    es, geo = lay.scene, lay.geo
    old_clip = surface.get_clip()
    surface.set_clip(lay.area)
    if pointing.cell in lay.cells and not es.dragging and es.piece is not None:
        ghost = art(es.piece.art, geo.cell).copy()
        ghost.set_alpha(150)
        surface.blit(ghost, geo.cell_rect(pointing.cell))
    for pos in pointing.cells:
        pygame.draw.rect(surface, OXBLOOD, geo.cell_rect(pos).inflate(4, 4), max(2, round(3 * pc.scale)),
                         border_radius=max(2, geo.cell // 8))
    surface.set_clip(old_clip)


def _draw_grid(surface: pygame.Surface, area: pygame.Rect, geo: EstateGeometry) -> None:
    """A surveyor's faint grid under the estate, aligned with its cells."""
    c = geo.cell
    if c < 14:
        return
    grid = pygame.Surface(area.size, pygame.SRCALPHA)
    ox = (geo.origin[0] - area.left) % c
    oy = (geo.origin[1] - area.top) % c
    for gx in range(ox, area.width, c):
        pygame.draw.line(grid, (107, 91, 69, 28), (gx, 0), (gx, area.height))
    for gy in range(oy, area.height, c):
        pygame.draw.line(grid, (107, 91, 69, 28), (0, gy), (area.width, gy))
    surface.blit(grid, area)


def prompt_text(view: PlayerView, es: EstateScene) -> str:
    """What the viewer should do now (or who decides, and what)."""
    st = view.state
    if st.over:
        return _("The game is over.")
    if not es.mine:
        who = (_("{player} is thinking: {decision}.") if es.thinking else _("{player} decides: {decision}."))
        return who.format(player=st.names[st.decider], decision=DECISION_WORDS[st.step])
    if es.armed is not None and st.step in (Decision.TURN, Decision.EXPAND):
        return ARMED[es.armed.name]
    return {
        Decision.CHOOSE_START_TILES: _("Choose your starting tiles."),
        Decision.KEEP_CARD: _("Keep one of the scandal cards you drew."),
        Decision.TURN: (
            _("Take one action (A–G); you may also play a card and trade.")
            if not st.action_taken
            else _("Your action is done: play a card, trade, or end your turn.")
        ),
        Decision.EXPAND: (ngettext("Place up to {count} tile ({placed} placed): pick it with Enter.",
                                   "Place up to {count} tiles ({placed} placed): pick them with Enter.",
                                   board.EXPAND_TILES) if es.keys else
                          ngettext("Place up to {count} tile ({placed} placed): drag it from your screen.",
                                   "Place up to {count} tiles ({placed} placed): drag them from your screen.",
                                   board.EXPAND_TILES)).format(
            count=board.EXPAND_TILES, placed=st.expand.placed if st.expand else 0),
        Decision.CHOOSE_REGION: _("Choose which square becomes a region."),
        Decision.KNIGHT: _("Send your knight to a region of another estate, or not."),
        Decision.GIVE_TILES: _("A knight stands on your forest: give two tiles."),
        Decision.DONATE: _("Donate tiles to the church, then press Done."),
        Decision.VICAR: ngettext("Return up to {count} tile to the bag.", "Return up to {count} tiles to the bag.",
                                 board.VICAR_TILES).format(count=board.VICAR_TILES),
        Decision.INHERITANCE: _("Choose a glowing meadow for your inherited castle."),
        Decision.BALL_SPEND: _("The masked ball: hand back bribes and cards, then place your marker."),
    }.get(st.step, DECISION_WORDS[st.step])


def estate_title(view: PlayerView, es: EstateScene) -> str:
    """"Your estate" for the human in front of the screen, while their screen is open; else whose it is."""
    if es.seat == view.seat and es.is_human and view.own_screen:
        return _("Your estate")
    return _("{name}'s estate").format(name=view.state.names[es.seat])


def _crest_shown(view: PlayerView, es: EstateScene) -> bool:
    """The decider's crest stands beside the heading (another decides)."""
    return not view.state.over and not es.mine


def _heading(pc: PanelContext, es: EstateScene, width: int) -> list[pygame.Surface]:
    """The estate's heading in gold, its lines, within the panel's margin and clear of the decider's crest beside
    it: a long name's heading a little smaller (down to three quarters of its size) in one line, else in two broken
    at its spaces, as large as they fit (never cut, never over the panel's edge)."""
    s = pc.scale
    title, design = estate_title(pc.view, es), round(22 * s)
    crest = round(8 * s) + round(26 * s) if _crest_shown(pc.view, es) else 0
    gilt = 2 * max(1, design // 40) + max(1, design // 22)  # the gold's rim and shadow (widgets.gold_text)
    room = width - 2 * round(6 * s) - crest - gilt
    size, lines, _whole = widgets.name_block(title, design, room, fold_under=round(design * 0.75))
    return [widgets.gold_text(line, size) for line in lines]


def _heading_step(pc: PanelContext, line: pygame.Surface) -> int:
    """From one line of the heading to the next."""
    return line.get_height() - round(4 * pc.scale)


def _prompt_lines(pc: PanelContext, es: EstateScene, width: int) -> tuple[int, list[str]]:
    """Where the prompt starts (pixels from the band's left: beside the heading and the decider's crest, or 0:
    under them) and its lines: one or two beside the heading, else folded under it across the band."""
    s, v = pc.scale, pc.view
    x = round(14 * s) + max(line.get_width() for line in _heading(pc, es, width))
    if _crest_shown(v, es):
        x += round(26 * s) + round(6 * s)
    font = assets.font("italic", round(17 * s))
    words = prompt_text(v, es)
    lines = widgets.wrap(words, font, width - x - round(8 * s))
    if len(lines) <= 2:
        return x, lines
    return 0, widgets.wrap(words, font, width - round(14 * s))


def _heading_height(pc: PanelContext, es: EstateScene, width: int) -> int:
    """The height of the heading's lines."""
    lines = _heading(pc, es, width)
    return max(round(34 * pc.scale), sum(_heading_step(pc, line) for line in lines[:-1]) + lines[-1].get_height())


def heading_bottom(rect: pygame.Rect, s: float, view: PlayerView, es: EstateScene) -> int:
    """Where the estate's heading ends in its panel at ``rect``: a side chooser's strip stays under it."""
    inner = rect.inflate(-round(10 * s), -round(10 * s))
    return inner.top + _heading_height(PanelContext(rect, s, view, view.state.names, []), es, inner.width)


def _band_height(pc: PanelContext, es: EstateScene, width: int) -> int:
    """The prompt band's height: the heading's line, or the prompt's lines beside or under it."""
    s = pc.scale
    x, lines = _prompt_lines(pc, es, width)
    heading = _heading_height(pc, es, width)
    words = len(lines) * assets.font("italic", round(17 * s)).get_linesize() + round(6 * s)
    return max(heading, words) if x else heading + words


def _draw_prompt(surface: pygame.Surface, pc: PanelContext, lay: EstateLayout, es: EstateScene) -> None:
    s, v, band = pc.scale, pc.view, lay.band
    st = v.state
    x, lines = _prompt_lines(pc, es, band.width)
    if band.height < _band_height(pc, es, band.width):  # the heading alone: a side chooser under it asks
        x, lines = round(6 * s), []
    heads = _heading(pc, es, band.width)
    heading = pygame.Rect(band.left, band.top, band.width, _heading_height(pc, es, band.width) if not x
                          else band.height)
    y = heading.centery - (sum(_heading_step(pc, head) for head in heads[:-1]) + heads[-1].get_height()) // 2
    for head in heads:
        surface.blit(head, (band.left + round(6 * s), y))
        y += _heading_step(pc, head)
    if _crest_shown(v, es):
        crest_d = round(26 * s)
        crest_x = band.left + round(14 * s) + max(head.get_width() for head in heads)
        draw_crest_badge(surface, (crest_x + crest_d // 2, heading.centery), crest_d, pc.styles[st.decider])
    colour = INK if es.mine else MUTED
    font = assets.font("italic", round(17 * s))
    top = heading.centery - len(lines) * font.get_linesize() // 2 if x else heading.bottom
    for i, line in enumerate(lines):
        img = text(line, "italic", round(17 * s), colour)
        surface.blit(img, (band.left + (x or round(6 * s)), top + i * font.get_linesize()))
