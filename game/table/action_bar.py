"""The action bar at the bottom right of the table: the seven actions A-G, Play card, Trade, Undo and End,
then the speed of the computer players, the menu and the rules; a greyed button says why it can't be used.
Its part (:class:`ActionBarPart`) takes the clicks on its buttons and their keys."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pygame

from game.i18n import N_, _, money, npgettext
from game.persist.settings import SPEED_NAMES
from game.table.choosers import ACTION_CHOOSERS
from game.table.panel import PanelContext, PanelLayout
from game.table.part import Click, Hold, Key, OpenChooser, Part, PartEvent
from game.table.reasons import LETTERS, TITLES, TURN_ACTIONS, end_action, end_label, turn_status
from game.table.targets import ActionButton, Control, ControlButton, Region
from game.ui import assets, shortcuts, widgets
from game.ui.draw import (
    button_label,
    button_label_width,
    draw_button,
    fair_widths,
    fit_parts,
    fit_text,
    fits,
    one_label_size,
    text,
    within,
)
from game.ui.refusal_words import DECISION_WORDS
from game.ui.theme import GOLD, HOVER_ON_DARK, MUTED, PARCHMENT_LIGHT, ROYAL_BLUE
from rules import ActionKind, Leisure

UNDO_TIP = N_("Take back your last step (it revealed nothing).")
#: the letter of each action of a turn: its key
LETTER_KEYS = {getattr(pygame, f"K_{c}"): kind for kind, c in zip(TURN_ACTIONS, "abcdefg", strict=True)}


@attrs.frozen
class BarButton:
    """A drawn button of the second and third rows."""

    rect: pygame.Rect
    label: str
    enabled: bool
    style: str
    label_size: int | None = None  # the design size of the labels of its row, drawn alike


@attrs.define(eq=False)
class ActionBarLayout(PanelLayout):
    letters: list[tuple[ActionKind, pygame.Rect, bool]] = attrs.field(factory=list)  # A-G and usable
    #: where the words of A-G stand when they do not fit inside their buttons: under the letters, on two
    #: staggered lines, each with the room of two buttons (empty: each word is inside its button)
    captions: list[tuple[ActionKind, pygame.Rect, str]] = attrs.field(factory=list)
    caption_size: int = 0  # the design size of the words under the letters: one for all of them
    buttons: list[BarButton] = attrs.field(factory=list)
    info_x: int = 0
    info_y: int = 0  # the centre of the line of small print at the bottom left
    info_w: int = 0
    mine: bool = False  # the viewer decides (otherwise the small print says who does)

    def pointed(self, mouse: tuple[int, int]) -> tuple[int, ...]:
        """The lit buttons: the letters, then the others."""
        rects = [r for _kind, r, _ok in self.letters] + [b.rect for b in self.buttons]
        return tuple(i for i, r in enumerate(rects) if r.collidepoint(mouse))


def layout_action_bar(pc: PanelContext, mine: bool, can_undo: bool, speed: str, no_undo: str,
                      hint: str = "") -> ActionBarLayout:
    """``mine``: the viewer decides now (otherwise every button says who does); ``no_undo``: why Undo cannot
    take anything back; ``hint``: the Hint button's state ("" for none, "offered", "thinking", "ready")."""
    s, v = pc.scale, pc.view
    st = v.state
    pad = round(8 * s)
    inner = pc.rect.inflate(-2 * pad, -2 * pad)
    status = turn_status(v, pc.names)
    if not mine:  # a computer player (or nobody at this screen) decides: nothing to press
        why = _("The game is over.") if st.over else _("{player} decides now ({decision}).").format(
            player=st.names[st.decider], decision=DECISION_WORDS[st.step])
        status = {kind: (False, why) for kind in status}
    lay = ActionBarLayout(mine=mine)
    gap = round(4 * s)
    row1 = int(inner.height * 0.46)
    row2 = int(inner.height * 0.30)
    bw = (inner.width - 6 * gap) // 7
    inside = all(fits(_(TITLES[kind]), "heading", round(13 * s), bw - 4) for kind in TURN_ACTIONS)
    lefts = [inner.left + i * (bw + gap) for i in range(len(TURN_ACTIONS))]
    # the words under the letters (where they do not fit inside) take room from them
    letters_h = row1 if inside else _layout_captions(lay, inner, row1, [x + bw // 2 for x in lefts], s)
    for kind, left in zip(TURN_ACTIONS, lefts, strict=True):
        r = pygame.Rect(left, inner.top, bw, letters_h)
        ok, why = status[kind]
        lay.letters.append((kind, r, ok))
        lay.regions.append(Region(r, ActionButton(kind), why, enabled=ok, clickable=True, topic=kind.value))
    _layout_second_row(pc, lay, inner, inner.top + row1 + gap, row2, mine, (can_undo, no_undo), status)
    y3 = inner.top + row1 + gap + row2 + gap
    _layout_third_row(pc, lay, inner, y3, inner.bottom - y3, speed)
    if hint:
        _layout_hint(pc, lay, hint)
    return lay


def _layout_captions(lay: ActionBarLayout, inner: pygame.Rect, row1: int, centres: list[int], s: float) -> int:
    """The words under the letters (whose centres are ``centres``): A, C, E, G on the first line, B, D, F on the
    second, each centred under its letter with the room of two buttons (the first and the last reach to the
    bar's edges). One size for all, as large as the widest word's room allows and small enough that the two lines
    leave the letters at least half of the row (at a large text size the lines of the full size took nearly all
    of it); where even the smallest words need more, the letters give it, down to a third, so that the words stay
    above the next row. Returns the letters' height."""
    spans = []
    for i, centre in enumerate(centres):
        left = inner.left if i == 0 else centres[i - 1]
        right = inner.right if i == len(centres) - 1 else centres[i + 1]
        half = min(centre - left, right - centre)  # centred under the letter
        spans.append((left, right) if i in (0, len(centres) - 1) else (centre - half, centre + half))
    words = [_(TITLES[kind]) for kind in TURN_ACTIONS]
    size = round(13 * s)
    smallest = assets.min_design_size()
    font = assets.font("heading", size)
    room = min((right - left) / max(1, font.size(word)[0] + 2)
               for (left, right), word in zip(spans, words, strict=True))
    size = max(smallest, min(size, int(size * room)))
    gap = round(4 * s)  # clear of the focus ring around a letter
    while size > smallest and 2 * _line_height(size) + gap > row1 - row1 // 2:
        size -= 1
    lay.caption_size = size
    line_h = _line_height(size)
    letters_h = max(row1 // 3, row1 - 2 * line_h - gap)  # half the row or more, unless the smallest words need it
    top = inner.top + letters_h + gap
    for i, (kind, (left, right), word) in enumerate(zip(TURN_ACTIONS, spans, words, strict=True)):
        lay.captions.append((kind, pygame.Rect(left, top + (i % 2) * line_h, right - left, line_h), word))
    return letters_h


def _line_height(size: int) -> int:
    """A line of the words under the letters: as high as a word drawn at ``size`` (more than the font's line
    spacing in the heading face)."""
    font = assets.font("heading", size)
    return max(font.get_linesize(), font.get_height())


def _layout_second_row(
    pc: PanelContext, lay: ActionBarLayout, inner: pygame.Rect, y: int, height: int, mine: bool,
    undo: tuple[bool, str], status: dict[ActionKind, tuple[bool, str]],
) -> None:
    gap = round(4 * pc.scale)
    can_undo, no_undo = undo
    step = pc.view.state.step
    label, tip = end_label(step) if mine else (_("End turn"), "")
    end_ok = mine and end_action(step) in pc.view.legal
    can_undo = mine and can_undo
    items = [
        (ActionButton(ActionKind.CARD), _("Play card"), *status[ActionKind.CARD], "primary", 1.0, "cards"),
        (ActionButton(ActionKind.TRADE), _("Trade"), *status[ActionKind.TRADE], "primary", 0.9, "trading"),
        (ControlButton(Control.UNDO), _("Undo"), can_undo, _(UNDO_TIP) if can_undo else no_undo, "quiet", 0.8, None),
        (ActionButton(ActionKind.END), label, end_ok, tip if end_ok else status[ActionKind.END][1], "gold", 1.3,
         None),
    ]
    total = sum(item[5] for item in items)
    avail = inner.width - gap * (len(items) - 1)
    widths = fair_widths([int(avail * item[5] / total) for item in items],
                         [button_label_width(item[1], pc.scale, height) for item in items])
    rects, x = [], inner.left
    for w in widths:
        rects.append(pygame.Rect(x, y, w, height))
        x += w + gap
    size = one_label_size((item[1], button_label(r, pc.scale)) for item, r in zip(items, rects, strict=True))
    for (target, label, ok, why, style, _weight, topic), r in zip(items, rects, strict=True):
        lay.buttons.append(BarButton(r, label, ok, style, size))
        lay.regions.append(Region(r, target, why, enabled=ok, clickable=True, topic=topic))


def _layout_third_row(
    pc: PanelContext, lay: ActionBarLayout, inner: pygame.Rect, y: int, height: int, speed: str
) -> None:
    s = pc.scale
    gap = round(4 * s)
    q = pygame.Rect(inner.right - height, y, height, height)
    m = pygame.Rect(q.left - gap - round(52 * s), y, round(52 * s), height)
    speed_name = _(SPEED_NAMES[speed])
    sp_w = max(round(70 * s), button_label_width(speed_name, s, height))  # its word whole, in every language
    sp = pygame.Rect(m.left - gap - sp_w, y, sp_w, height)
    # the speed's and the menu's words in one size (Menu was drawn smaller than Fast beside it)
    size = one_label_size((label, button_label(r, s)) for r, label in ((m, _("Menu")), (sp, speed_name)))
    lay.buttons += [BarButton(q, "?", True, "quiet"), BarButton(m, _("Menu"), True, "quiet", size),
                    BarButton(sp, speed_name, True, "quiet", size)]
    lay.regions += [
        Region(q, ControlButton(Control.HELP), _("The rules at the topic of what you are doing (F1)."),
               clickable=True),
        Region(m, ControlButton(Control.MENU), _("Leave the table (the game is saved)."), clickable=True),
        Region(sp, ControlButton(Control.SPEED), _("Computer players' speed: {speed}. Click to change.").format(
            speed=speed_name), clickable=True),
    ]
    lay.info_x, lay.info_y, lay.info_w = inner.left, y + height // 2, sp.left - inner.left - gap


def _layout_hint(pc: PanelContext, lay: ActionBarLayout, hint: str) -> None:
    """The Hint button, left of the speed's, taken from the small print's room."""
    s = pc.scale
    gap = round(4 * s)
    speed = lay.buttons[-1].rect
    label = _("Thinking…") if hint == "thinking" else _("Hint")
    w = max(round(64 * s), assets.font("heading", round(13 * s)).size(label)[0] + round(16 * s))
    r = pygame.Rect(speed.left - gap - w, speed.top, w, speed.height)
    lay.buttons.append(BarButton(r, label, hint == "offered", "gold" if hint == "ready" else "quiet"))
    tip = _("The computer suggests a move from what you can see (H). Hints are counted.")
    lay.regions.append(Region(r, ControlButton(Control.HINT), tip, enabled=hint == "offered", clickable=True))
    lay.info_w = max(0, r.left - lay.info_x - gap)


@attrs.define(eq=False)
class ActionBarPart(Part):
    """The action bar as a part: a button (or its key: the letters A-G; the End key, or Enter while the focus
    ring is hidden, for End; Ctrl+Z or U for Undo, H for the hint, ? for the rules, Ctrl+S to save as) takes its
    action, opens its chooser or asks the table for its command. It holds no state of its own: what its buttons
    may do comes from the game now."""

    name: ClassVar[str] = "actions"

    def process_event(self, event: PartEvent) -> bool:
        if isinstance(event, Click):
            target = event.region.target
            if isinstance(target, ActionButton):
                self.press(target.kind)
            elif isinstance(target, ControlButton):
                self.host.ask(target.control)
            else:
                return False
            return True
        return isinstance(event, Key) and self._key(event.key, event.mods)

    def press(self, kind: ActionKind) -> None:
        """A button of the action bar (or its letter): what was held is put down first."""
        now = self.host.now()
        if not now.mine:
            return
        self.host.ask(Hold(None))
        if kind in ACTION_CHOOSERS:
            self.host.ask(OpenChooser(ACTION_CHOOSERS[kind]))
        elif kind == ActionKind.LEISURE:
            self.host.do(Leisure())
        elif kind == ActionKind.END:
            self.host.do(end_action(now.step))

    def _key(self, k: int, mods: int) -> bool:
        if (k == pygame.K_z and shortcuts.held(mods)) or k == pygame.K_u:
            self.host.ask(Control.UNDO)
        elif k == pygame.K_s and shortcuts.held(mods):
            self.host.ask(Control.SAVE)
        elif k == pygame.K_h and not shortcuts.held(mods):
            self.host.ask(Control.HINT)
        elif k in LETTER_KEYS and not shortcuts.held(mods):
            self._letter(LETTER_KEYS[k])
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_END):
            now = self.host.now()
            action = end_action(now.step)
            if now.mine and action in now.legal:
                self.host.do(action)
        elif k == pygame.K_QUESTION or (k == pygame.K_SLASH and mods & pygame.KMOD_SHIFT):
            self.host.ask(Control.HELP)
        else:
            return False
        return True

    def _letter(self, kind: ActionKind) -> None:
        now = self.host.now()
        ok, why = turn_status(now.view, now.names).get(kind, (False, ""))
        if ok:
            self.press(kind)
        elif now.mine:
            self.host.refuse(why)


# -- drawing --------------------------------------------------------------------------------------------------
def draw_action_bar(surface: pygame.Surface, pc: PanelContext, lay: ActionBarLayout) -> None:
    s, mouse = pc.scale, pc.mouse
    widgets.panel(surface, pc.rect, s)
    for kind, r, ok in lay.letters:
        _letter_button(surface, r, LETTERS[kind], "" if lay.captions else TITLES[kind], s, ok, r.collidepoint(mouse))
    for i, (_kind, span, word) in enumerate(lay.captions):
        ok = lay.letters[i][2]
        img = fit_text(word, "heading", lay.caption_size, span.width, MUTED if ok else pygame.Color("#9A8B72"))
        anchor = {0: "midleft", len(lay.captions) - 1: "midright"}.get(i, "center")
        surface.blit(img, img.get_rect(**{anchor: getattr(span, anchor)}))
    for b in lay.buttons:
        draw_button(surface, b.rect, b.label, s, enabled=b.enabled, hover=b.rect.collidepoint(mouse), style=b.style,
                    label_size=b.label_size)
    st = pc.view.state
    me = st.players[pc.view.seat]
    tiles = sum(me.tiles)
    info = [money(me.money), npgettext("short", "{n} tile", "{n} tiles", tiles).format(n=tiles)]
    if st.action_taken and st.turn_seat == pc.view.seat:
        info.append(_("action taken"))
    if not lay.mine:
        # who decides and what (the decision left out where the bar is narrow: the estate's prompt says it; a name
        # too long for the line, its first word: the prompt names it whole)
        who = st.names[st.decider]
        if not fits(who, "ui", round(12 * s), lay.info_w):
            who = who.split()[0]
        info = [_("The game is over.")] if st.over else [who, DECISION_WORDS[st.step]]
        if not st.over and not fits(who, "ui", round(12 * s), lay.info_w):
            return  # (never a name cut short)
    img = fit_parts(info, "ui", round(12 * s), lay.info_w, MUTED)
    surface.blit(img, img.get_rect(midleft=(lay.info_x, lay.info_y)))


def _letter_button(surface, r: pygame.Rect, letter: str, word: str, s: float, ok: bool, hover: bool) -> None:
    radius = max(3, round(5 * s))
    if ok:
        fill = pygame.Color("#2C5289") if hover else ROYAL_BLUE
        pygame.draw.rect(surface, pygame.Color("#15294A"), r.move(0, max(1, round(2 * s))), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = HOVER_ON_DARK if hover else pygame.Color("#15294A")  # (never gold: the hint's ring)
        pygame.draw.rect(surface, edge, r, max(1, round(1.5 * s)), border_radius=radius)
        c1, c2 = GOLD, PARCHMENT_LIGHT
    else:
        pygame.draw.rect(surface, pygame.Color("#E2D6BA"), r, border_radius=radius)
        pygame.draw.rect(surface, pygame.Color("#B9A98A"), r, 1, border_radius=radius)
        c1 = c2 = pygame.Color("#9A8B72")
    big = text(letter, "heading", within(24 * s, r.height * (0.8 if not word else 0.5)), c1)
    if not word:
        surface.blit(big, big.get_rect(center=r.center))
        return
    small = fit_text(word, "heading", round(13 * s), r.width - 4, c2)
    total = big.get_height() + small.get_height() - round(6 * s)
    top = r.centery - total // 2
    surface.blit(big, big.get_rect(midtop=(r.centerx, top - round(2 * s))))
    surface.blit(small, small.get_rect(midtop=(r.centerx, top + big.get_height() - round(6 * s))))
