"""The big estate in the middle of the table: the estate shown large (the viewer's, or one picked from the
miniatures), the cells a carried piece may go to, the squares a region may form on, the prompt band above
("Your estate  Take one action ..."), and the Fit and Back buttons."""

from __future__ import annotations

import attrs
import pygame

from game.table.estate_draw import EstateGeometry, draw_crest_badge, draw_estate
from game.table.estate_view import EstateCamera
from game.table.panel import PanelContext, PanelLayout
from game.table.targets import Control, ControlButton, EstateCell, Piece, Prompt, Region, cell_actions
from game.ui import widgets
from game.ui.draw import art, draw_button, fit_text
from game.ui.pieces import TILE_NAMES
from game.ui.theme import GOLD, INK, MUTED, OXBLOOD, ROYAL_BLUE
from rules import Action, ChooseRegion, Decision, PlayerView, Pos, board

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
FIT_TIP = (
    "Fit the whole estate in view (Home). Drag with the right mouse button or use the arrow keys to pan; "
    "the wheel zooms."
)


@attrs.frozen
class EstateScene:
    """What the big estate shows besides the view: whose estate, what the viewer carries, the state of the
    camera and of the pointer. A value: when it changes, the panel is laid out and drawn again."""

    seat: int  # whose estate is shown large
    mine: bool  # the viewer decides now
    piece: Piece | None  # carried to a cell: dragged, armed, or the inherited castle
    dragging: bool
    armed: Piece | None
    strip: int  # the height of a side chooser under the estate
    is_human: bool  # the shown seat is a human's ("Your estate")
    thinking: bool  # a computer player is thinking
    camera: int  # the camera's version: it moves only when asked to
    hovered_cell: Pos | None  # the cell under the pointer
    hovered_square: Pos | None  # the anchor of the region square whose option is under the pointer
    marked: tuple[Pos, ...] = ()  # the cells a hovered chronicle entry is about


@attrs.define(eq=False)
class EstateLayout(PanelLayout):
    inner: pygame.Rect = attrs.field(factory=pygame.Rect)
    area: pygame.Rect = attrs.field(factory=pygame.Rect)  # where the estate is drawn
    band: pygame.Rect = attrs.field(factory=pygame.Rect)  # the prompt above it
    geo: EstateGeometry | None = None
    cells: dict[Pos, Action] = attrs.field(factory=dict)  # where the carried piece may go
    squares: list[Pos] = attrs.field(factory=list)  # anchors of the squares a region may form on
    fit: pygame.Rect = attrs.field(factory=pygame.Rect)
    back: pygame.Rect | None = None
    scene: EstateScene | None = None


def layout_estate(pc: PanelContext, es: EstateScene, camera: EstateCamera, legal: list[Action]) -> EstateLayout:
    """``legal``: the viewer's legal actions while they decide (empty otherwise)."""
    s, v, rect = pc.scale, pc.view, pc.rect
    st = v.state
    p = st.players[es.seat]
    inner = rect.inflate(-round(10 * s), -round(10 * s))
    top_band = round(34 * s)
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
    lay.regions.append(Region(lay.band, Prompt(), "What happens now. F1 opens the rules at this topic.",
                              topic=TOPIC_OF_STEP.get(st.step)))
    lay.fit = pygame.Rect(inner.right - round(58 * s), area.bottom - round(30 * s), round(54 * s), round(26 * s))
    lay.regions.append(Region(lay.fit, ControlButton(Control.FIT), FIT_TIP, clickable=True))
    if es.seat != v.seat:  # another seat's estate is shown large
        lay.back = pygame.Rect(inner.left + round(4 * s), area.bottom - round(30 * s), round(170 * s), round(26 * s))
        lay.regions.append(Region(lay.back, ControlButton(Control.BACK), "Show your own estate again.",
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
            tip = f"{lay.cells[pos]}".capitalize() + "."
        elif pos in estate.tiles:
            b = estate.buildings.get(pos)
            tip = f"A {TILE_NAMES[estate.tiles[pos]]}"
            if b is not None:
                tip += f" with a {b.label.replace('-', ' ')}"
            if pos in estate.region_at:
                kind, _ = estate.regions[estate.region_at[pos]]
                tip += f", part of a {kind.label}"
            tip += "."
        lay.regions.append(Region(r, EstateCell(pos), tip, topic="regions"))


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
    old_clip = surface.get_clip()
    surface.set_clip(area)
    _draw_grid(surface, area, geo)
    for pos in lay.cells:  # empty frontier cells (where tiles may go) as faint squares
        if pos not in estate.tiles:
            pygame.draw.rect(surface, (247, 240, 220), geo.cell_rect(pos).inflate(-2, -2),
                             border_radius=max(2, geo.cell // 10))
    surface.set_clip(old_clip)
    draw_estate(surface, estate, geo, players=pc.styles, highlights=highlights or None)
    if es.hovered_cell in lay.cells and not es.dragging:  # where the carried piece would go
        ghost = art(es.piece.art, geo.cell).copy()
        ghost.set_alpha(150)
        surface.set_clip(area)
        surface.blit(ghost, geo.cell_rect(es.hovered_cell))
        surface.set_clip(old_clip)
    for pos in es.marked:  # what a hovered line of the chronicle is about
        pygame.draw.rect(surface, OXBLOOD, geo.cell_rect(pos).inflate(4, 4), max(2, round(3 * s)),
                         border_radius=max(2, geo.cell // 8))
    _draw_prompt(surface, pc, lay, es)
    draw_button(surface, lay.fit, "Fit", s, style="quiet", hover=lay.fit.collidepoint(pc.mouse))
    if lay.back is not None:
        draw_button(surface, lay.back, "Back to my estate", s, style="quiet", hover=lay.back.collidepoint(pc.mouse))


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
        return "The game is over."
    if not es.mine:
        verb = "is thinking" if es.thinking else "decides"
        return f"{st.names[st.decider]} {verb}: {st.step.value}."
    if es.armed is not None and st.step in (Decision.TURN, Decision.EXPAND):
        return f"Click a glowing cell for the {es.armed.name} (Esc to cancel)."
    return {
        Decision.CHOOSE_START_TILES: "Choose your starting tiles.",
        Decision.KEEP_CARD: "Keep one of the scandal cards you drew.",
        Decision.TURN: (
            "Take one action (A–G); you may also play a card and trade."
            if not st.action_taken
            else "Your action is done: play a card, trade, or end your turn."
        ),
        Decision.EXPAND: f"Place up to {board.EXPAND_TILES} tiles ({st.expand.placed if st.expand else 0} placed): "
        "drag them from your screen.",
        Decision.CHOOSE_REGION: "Choose which square becomes a region.",
        Decision.KNIGHT: "Send your knight to a region of another estate, or not.",
        Decision.GIVE_TILES: "A knight stands on your forest: give two tiles.",
        Decision.DONATE: "Donate tiles to the church, then press Done.",
        Decision.VICAR: f"Return up to {board.VICAR_TILES} tiles to the bag.",
        Decision.INHERITANCE: "Click a glowing meadow for your inherited castle.",
        Decision.BALL_SPEND: "The masked ball: hand back bribes and cards, then place your marker.",
    }.get(st.step, st.step.value)


def estate_title(view: PlayerView, es: EstateScene) -> str:
    """"Your estate" for the human in front of the screen, while their screen is open; else whose it is."""
    if es.seat == view.seat and es.is_human and view.own_screen:
        return "Your estate"
    return f"{view.state.names[es.seat]}'s estate"


def _draw_prompt(surface: pygame.Surface, pc: PanelContext, lay: EstateLayout, es: EstateScene) -> None:
    s, v, band = pc.scale, pc.view, lay.band
    st = v.state
    title = estate_title(v, es)
    head = widgets.gold_text(title, round(22 * s))
    surface.blit(head, head.get_rect(midleft=(band.left + round(6 * s), band.centery)))
    x = band.left + round(14 * s) + head.get_width()
    if not st.over and not es.mine:
        crest_d = round(26 * s)
        draw_crest_badge(surface, (x + crest_d // 2, band.centery), crest_d, pc.styles[st.decider])
        x += crest_d + round(6 * s)
    colour = INK if es.mine else MUTED
    img = fit_text(prompt_text(v, es), "italic", round(17 * s), band.right - x - round(8 * s), colour)
    surface.blit(img, img.get_rect(midleft=(x, band.centery)))
