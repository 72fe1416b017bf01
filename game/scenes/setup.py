"""A new game: 3–5 seats (human or computer level), names, colours, crests, first-game tiles, seed.

Drawn by hand like the table: its regions come from a layout pass (setup_layout.py) before drawing. Start builds a
:class:`game.session.GameSession` and replaces this scene with the table; the setup is remembered in
``settings.last_setup``. The private starting choices (tiles, scandal card) are decisions at the table.
"""

from __future__ import annotations

import contextlib
import random

import pygame

from game import scenes
from game.i18n import N_, Words, _, ngettext
from game.persist.settings import PLAYER_COLOUR_NAMES, PLAYER_COLOURS, valid_name
from game.persist.storage import StorageError
from game.scenes.setup_layout import SeatRow, SetupLayout, heading_sizes, players_label, setup_layout
from game.session import GameSession, SeatSpec
from game.table.estate_draw import PlayerStyle, draw_crest_badge
from game.ui import assets, focus, shortcuts, widgets
from game.ui.draw import Hot, button_label, common_size, draw_button, draw_tooltip, fit_text, text, within
from game.ui.focus import Focusable
from game.ui.scene import AppContext, Scene
from game.ui.theme import GOLD, INK, MUTED, PARCHMENT_LIGHT, ROYAL_BLUE
from game.ui.tip_rest import TipRest
from rules import MAX_NAME

KINDS = ("human", "easy", "normal", "hard")
KIND_LABELS = Words({"human": N_("Human"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")})
KIND_TIPS = {
    "human": N_("A person at this screen."),
    "easy": N_("A computer player who plays loosely."),
    "normal": N_("A computer player with a sound plan."),
    "hard": N_("A computer player who thinks ahead (takes a moment)."),
}
ART_CRESTS = ("lion", "rose", "stag", "swan", "tower", "falcon")
CREST_NAMES = Words({"lion": N_("lion"), "rose": N_("rose"), "stag": N_("stag"), "swan": N_("swan"),
                     "tower": N_("tower"), "falcon": N_("falcon")})
MAX_SEED = 2**63 - 1


class SetupScene(Scene):
    name = "setup"
    help_topic = "setup"

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.seats: list[dict[str, str]] = []
        self.count = 4
        self.first_game = False
        self.seed_text = ""
        self.focus: tuple[str, int] | None = None  # ("name", seat) | ("seed", 0)
        # the focused field's whole text is selected: what is typed replaces it, as in any text field that is
        # entered (a newcomer who clicks the name given and types their own gets theirs, not both run together)
        self.selected = False
        self.mouse = (0, 0)
        self.rest = TipRest()  # the key of the region under the pointer, and its tooltip's wait and spot
        self.toast = widgets.Toast()
        self._load_defaults()

    # -- defaults --------------------------------------------------------------------------------------
    def _load_defaults(self) -> None:
        st = self.ctx.settings
        names = list(st.player_names)
        colours = list(st.player_colours)
        crests = [c for c in st.player_crests if c in ART_CRESTS]
        for c in ART_CRESTS:
            if c not in crests:
                crests.append(c)
        self.seats = [
            {
                "name": names[i] if i < len(names) else _("Player {number}").format(number=i + 1),
                "kind": "human" if i == 0 else "normal",
                "colour": colours[i % len(colours)],
                "crest": crests[i % len(crests)],
            }
            for i in range(5)
        ]
        last = st.last_setup or {}
        with contextlib.suppress(Exception):
            saved = last.get("seats")
            if isinstance(saved, list) and 3 <= len(saved) <= 5:
                for i, seat in enumerate(saved):
                    for key in ("name", "kind", "colour", "crest"):
                        value = seat.get(key)
                        if isinstance(value, str) and value and (key != "name" or valid_name(value)):
                            self.seats[i][key] = value
                self.count = len(saved)
            self.first_game = bool(last.get("first_game", False))
        self._repair()

    def _repair(self) -> None:
        """Every seat a known kind, and no two seats (among all five) sharing a colour or a crest."""
        used_c: set[str] = set()
        used_k: set[str] = set()
        for seat in self.seats:
            if seat["kind"] not in KINDS:
                seat["kind"] = "normal"
            if seat["colour"] not in PLAYER_COLOURS or seat["colour"] in used_c:
                seat["colour"] = next(c for c in PLAYER_COLOURS if c not in used_c)
            if seat["crest"] not in ART_CRESTS or seat["crest"] in used_k:
                seat["crest"] = next(c for c in ART_CRESTS if c not in used_k)
            used_c.add(seat["colour"])
            used_k.add(seat["crest"])
            if not seat["name"].strip():
                seat["name"] = _("Player")

    # -- changes --------------------------------------------------------------------------------------
    def set_count(self, n: int) -> None:
        self.count = max(3, min(5, n))

    def set_kind(self, seat: int, kind: str) -> None:
        self.seats[seat]["kind"] = kind

    def cycle_colour(self, seat: int) -> None:
        taken = {s["colour"] for i, s in enumerate(self.seats) if i != seat}
        cur = PLAYER_COLOURS.index(self.seats[seat]["colour"])
        for k in range(1, len(PLAYER_COLOURS) + 1):
            c = PLAYER_COLOURS[(cur + k) % len(PLAYER_COLOURS)]
            if c not in taken:
                self.seats[seat]["colour"] = c
                return

    def cycle_crest(self, seat: int) -> None:
        taken = {s["crest"] for i, s in enumerate(self.seats) if i != seat}
        cur = ART_CRESTS.index(self.seats[seat]["crest"])
        for k in range(1, len(ART_CRESTS) + 1):
            c = ART_CRESTS[(cur + k) % len(ART_CRESTS)]
            if c not in taken:
                self.seats[seat]["crest"] = c
                return

    def seat_specs(self) -> list[SeatSpec]:
        out = []
        for i in range(self.count):
            s = self.seats[i]
            name = " ".join(s["name"].split())[:MAX_NAME] or _("Player {number}").format(number=i + 1)
            out.append(SeatSpec(name, s["kind"], s["colour"], s["crest"]))
        names = [o.name for o in out]
        for i, o in enumerate(out):  # names must differ for the log to make sense
            if names.count(o.name) > 1 and names.index(o.name) != i:
                o.name = f"{o.name} {i + 1}"[:MAX_NAME]
        return out

    def seed(self) -> int:
        text_ = self.seed_text.strip()
        if text_.isdigit():
            return min(int(text_), MAX_SEED)
        return random.SystemRandom().randrange(1, 2**31)

    def start(self) -> None:
        specs = self.seat_specs()
        seed = self.seed()
        setup = {"seats": [s.to_dict() for s in specs], "first_game": self.first_game}
        self.ctx.settings.last_setup = setup
        with contextlib.suppress(StorageError):  # the game starts even if the setup cannot be remembered
            self.ctx.save_settings()
        session = GameSession(specs, seed, self.first_game, speed=self.ctx.settings.animation_speed)
        from game.scenes.table import TableScene

        self.ctx.stack.replace(TableScene(self.ctx, session))

    def back(self) -> None:
        if len(self.ctx.stack) > 1:
            self.ctx.stack.pop()
        else:
            self.ctx.stack.replace(scenes.create("title", self.ctx))

    # -- input ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        with contextlib.suppress(pygame.error):
            pygame.key.start_text_input()

    def exit(self) -> None:
        self.focus = None

    @property
    def hots(self) -> list[Hot]:
        """The clickable regions, from the layout of the screen and the seats as they are now."""
        return self._hots(setup_layout(self.ctx.window_size))

    def hot_at(self, pos) -> Hot | None:
        for h in reversed(self.hots):
            if h.rect.collidepoint(pos):
                return h
        return None

    def find_hot(self, key: str) -> Hot | None:
        return next((h for h in self.hots if h.key == key), None)

    def _hots(self, lay: SetupLayout) -> list[Hot]:
        hots = [Hot(r, f"setup:count:{n}", ngettext("{count} player.", "{count} players.", n).format(count=n),
                    (lambda n=n: self.set_count(n)))
                for n, r in zip((3, 4, 5), lay.counts, strict=True)]
        hots.append(Hot(lay.first_game, "setup:first",
                        _("First game: everyone starts with exactly 3 tiles of each kind."), self._toggle_first))
        hots.append(Hot(lay.seed_field, "setup:seed",
                        _("The seed of the shuffle; leave empty for a random game. The same seed and choices give "
                          "the same game."), lambda: self._focus("seed", 0)))
        for i, row in enumerate(lay.rows[: self.count]):
            hots.extend(self._seat_hots(i, row))
        hots.append(Hot(lay.start, "setup:start", _("Seat these players and begin (Enter)."), self.start))
        hots.append(Hot(lay.back, "setup:back", _("Back to the title (Esc)."), self.back))
        return hots

    # -- keyboard focus -------------------------------------------------------------------------------------
    def controls(self) -> list[Focusable]:
        """Every region in its order on the screen; a name or the seed takes the typing while it has the focus."""
        found = []
        for h in self.hots:
            field = self._field_of(h.key)
            typing = (lambda field=field: self._focus(*field)) if field is not None else None
            found.append(Focusable(h.key, h.rect, None if field else h.on_click, h.enabled, h.tip,
                                   on_focus=typing, on_blur=self._stop_typing if field else None))
        return found

    def default_control(self) -> str | None:
        return "setup:start"

    @staticmethod
    def _field_of(key: str) -> tuple[str, int] | None:
        """The text field a region's key names: ("name", seat) or ("seed", 0)."""
        if key.startswith("setup:name:"):
            return ("name", int(key.rsplit(":", 1)[1]))
        return ("seed", 0) if key == "setup:seed" else None

    def _stop_typing(self) -> None:
        self.focus = None

    def _seat_hots(self, i: int, row: SeatRow) -> list[Hot]:
        seat = self.seats[i]
        crest = CREST_NAMES.get(seat["crest"], seat["crest"])
        colour = _(PLAYER_COLOUR_NAMES.get(seat["colour"], seat["colour"]))
        hots = [
            Hot(row.crest, f"setup:crest:{i}", _("Crest: {crest}. Click for another.").format(crest=crest),
                (lambda: self.cycle_crest(i))),
            Hot(row.swatch, f"setup:colour:{i}", _("Colour: {colour}. Click for another.").format(colour=colour),
                (lambda: self.cycle_colour(i))),
            Hot(row.name, f"setup:name:{i}", _("Click and type a name."), (lambda: self._focus("name", i))),
        ]
        hots.extend(Hot(r, f"setup:kind:{i}:{kind}", _(KIND_TIPS[kind]), (lambda kind=kind: self.set_kind(i, kind)))
                    for kind, r in zip(KINDS, row.kinds, strict=True))
        return hots

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            h = self.hot_at(event.pos)
            key = h.key if h is not None else None
            self.rest.over(key)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            h = self.hot_at(event.pos)
            self.focus = None
            if h is not None:
                self.ring.focus(h.key)  # the focus follows the pointer's click
            if h is not None and h.enabled and h.on_click is not None:
                h.on_click()
            return True
        if event.type == pygame.TEXTINPUT and self.focus is not None:
            self._type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if self.focus is not None and event.key != pygame.K_TAB and event.key not in focus.ARROWS:
                if event.key == pygame.K_BACKSPACE or (event.key == pygame.K_DELETE and self.selected):
                    self._erase()  # (Delete clears a selected field; the caret stands at the end, with nothing after)
                elif shortcuts.pressed(event, pygame.K_a):
                    self.selected = True
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self._next_field()
                elif event.key == pygame.K_ESCAPE:
                    self.focus = None
                return True
            if self.ring.handle(event, self.controls(), shown=self.ctx.input.keys, default=self.default_control(),
                                enter_shown_only=True):
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            return True
        return False

    @property
    def pointer(self) -> tuple[int, int]:
        """Where the pointer hovers (nowhere while the player steers by keys)."""
        return self.mouse if self.ctx.input.pointer else (-1, -1)

    def _type(self, chars: str) -> None:
        kind, seat = self.focus
        if kind == "name":
            chars = "".join(ch for ch in chars if ch.isprintable())
        else:
            chars = "".join(ch for ch in chars if ch.isdigit())
        if chars:  # a key the field does not take leaves it as it was
            self._set_field("" if self.selected else self._field_text(), chars)

    def _erase(self) -> None:
        self._set_field("" if self.selected else self._field_text()[:-1])

    def _field_text(self) -> str:
        kind, seat = self.focus
        return self.seats[seat]["name"] if kind == "name" else self.seed_text

    def _set_field(self, value: str, typed: str = "") -> None:
        kind, seat = self.focus
        if kind == "name":
            self.seats[seat]["name"] = (value + typed)[:MAX_NAME]
        else:
            self.seed_text = (value + typed)[:18]
        self.selected = False

    def _next_field(self) -> None:
        kind, seat = self.focus
        if kind == "name" and seat + 1 < self.count:
            self._focus("name", seat + 1)
        elif kind == "name":
            self._focus("seed", 0)
        else:
            self.focus = None
        if self.focus is not None:  # the focus ring goes along
            self.ring.focus("setup:seed" if self.focus[0] == "seed" else f"setup:name:{self.focus[1]}")

    def _focus(self, kind: str, seat: int) -> None:
        self.focus = (kind, seat)
        self.selected = True

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        self.rest.tick(dt)

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.fill_parchment(surface)
        lay = setup_layout(self.ctx.window_size)
        s = lay.scale
        widgets.ornate_frame(surface, lay.frame, s)
        head_size, sub_size = heading_sizes(s)
        cx = lay.frame.centerx
        head = widgets.gold_text(_("A new game"), head_size)
        surface.blit(head, head.get_rect(midtop=(cx, lay.heading_top)))
        sub = text(_("Seat the nobles of the court"), "italic", sub_size, MUTED)
        surface.blit(sub, sub.get_rect(midtop=(cx, lay.subheading_top)))
        widgets.panel(surface, lay.card, s)
        self._draw_options(surface, lay)
        # the four kinds' labels in one size, the size the longest fits (not each shrunk to its own button); every
        # row's buttons are alike, so it is found once for all of them
        size, room = button_label(lay.rows[0].kinds[0], s)
        kind_size = common_size([KIND_LABELS[kind] for kind in KINDS], "heading", size, room)
        for i, row in enumerate(lay.rows):
            self._seat_row(surface, row, i, s, kind_size)
        self._draw_hint(surface, lay)
        draw_button(surface, lay.start, _("Begin the game"), s, hover=lay.start.collidepoint(self.pointer))
        draw_button(surface, lay.back, _("Back"), s, style="quiet", hover=lay.back.collidepoint(self.pointer))
        self.toast.draw(surface)
        h_ = self.hot_at(self.pointer)
        spot = self.rest.spot(self.mouse) if h_ is not None and h_.tip and h_.key == self.rest.key else None
        if h_ is not None and spot is not None:
            draw_tooltip(surface, h_.tip, spot, s, pointer=self.mouse)

    def _draw_options(self, surface: pygame.Surface, lay: SetupLayout) -> None:
        s = lay.scale
        surface.blit(players_label(s), lay.players_label)
        for n, r in zip((3, 4, 5), lay.counts, strict=True):
            sel = n == self.count
            draw_button(surface, r, str(n), s, style="primary" if sel else "quiet", selected=sel,
                        hover=r.collidepoint(self.pointer))
        r = lay.first_game
        draw_button(surface, r, ("✓ " if self.first_game else "") + _("First-game tiles"), s,
                    style="primary" if self.first_game else "quiet", selected=self.first_game,
                    hover=r.collidepoint(self.pointer))
        surface.blit(text(_("Seed"), "heading", round(18 * s)), lay.seed_label)
        self._field(surface, lay.seed_field, self.seed_text, _("random"), self.focus == ("seed", 0), s)

    def _draw_hint(self, surface: pygame.Surface, lay: SetupLayout) -> None:
        """The help at the card's foot, every line of it (the layout gave it the room)."""
        font = assets.font("italic", lay.hint_size)
        hy = lay.card.bottom - round(8 * lay.scale) - len(lay.hint) * font.get_linesize()
        for line in lay.hint:
            img = text(line, "italic", lay.hint_size, MUTED)
            surface.blit(img, img.get_rect(midtop=(lay.card.centerx, hy)))
            hy += font.get_linesize()

    def _toggle_first(self) -> None:
        self.first_game = not self.first_game

    def _field(self, surface, r: pygame.Rect, value: str, placeholder: str, focused: bool, s: float) -> None:
        pygame.draw.rect(surface, PARCHMENT_LIGHT, r, border_radius=round(4 * s))
        border = max(1, round((2 if focused else 1) * s))
        pygame.draw.rect(surface, GOLD if focused else MUTED, r, border, border_radius=round(4 * s))
        selected = focused and self.selected and bool(value)
        shown = value + ("|" if focused and not selected else "")
        img = fit_text(
            shown if value or focused else placeholder,
            "body",
            within(19 * s, r.height * 0.75),  # a large text size must not run over the field's edges
            r.width - round(12 * s),
            PARCHMENT_LIGHT if selected else INK if value else MUTED,
        )
        spot = img.get_rect(midleft=(r.left + round(8 * s), r.centery))
        if selected:  # marked as the text fields of the other screens mark a selection
            marked = spot.inflate(round(4 * s), 0).clip(r.inflate(-2 * border, -2 * border))
            pygame.draw.rect(surface, ROYAL_BLUE, marked, border_radius=round(3 * s))
        surface.blit(img, spot)

    def _seat_row(self, surface, row: SeatRow, i: int, s: float, kind_size: int) -> None:
        r = row.rect
        if i >= self.count:
            img = text(_("Seat {number}: empty").format(number=i + 1), "italic", round(16 * s), MUTED)
            surface.blit(img, img.get_rect(midleft=(r.left + round(8 * s), r.centery)))
            return
        seat = self.seats[i]
        pygame.draw.rect(surface, PARCHMENT_LIGHT, r, border_radius=round(5 * s))
        pygame.draw.rect(surface, (185, 165, 124), r, 1, border_radius=round(5 * s))
        draw_crest_badge(surface, row.crest_centre, row.crest_size, PlayerStyle(seat["colour"], seat["crest"]))
        pygame.draw.rect(surface, pygame.Color(seat["colour"]), row.swatch, border_radius=round(13 * s))
        pygame.draw.rect(surface, INK, row.swatch, 1, border_radius=round(13 * s))
        self._field(surface, row.name, seat["name"], _("name"), self.focus == ("name", i), s)
        for kind, kr in zip(KINDS, row.kinds, strict=True):
            sel = seat["kind"] == kind
            draw_button(surface, kr, KIND_LABELS[kind], s, style="primary" if sel else "quiet", selected=sel,
                        hover=kr.collidepoint(self.pointer), label_size=kind_size)


def new_game(ctx: AppContext) -> Scene:
    return SetupScene(ctx)


def play_again(ctx: AppContext, session: GameSession) -> Scene:
    """Game over's "Play again": the same nobles in the same seats, a new shuffle."""
    from game.scenes.table import TableScene

    seed = random.SystemRandom().randrange(1, 2**31)
    return TableScene(ctx, GameSession(list(session.seats), seed, session.first_game, speed=session.speed))
