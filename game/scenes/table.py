"""The game table (ART.md's 16:9 layout): everything a player sees and does during a game.

The table draws from ONE view: ``session.view(self.viewer)``, the seat in front of the screen. With one
human that is always the human; with several at one screen the viewer changes only through the
hand-off curtain (:mod:`game.scenes.curtain`); with none (autoplay) the table follows the decider.

Input: every drawn control registers a :class:`game.table.common.Hot` region while it is drawn; clicks,
drags, hover tooltips and the monkey test all go through those regions. Human decisions become engine
actions through ``session.apply``; computer players run through ``session.update`` (paced, off the UI
thread). The interludes (ball, building scoring, decade, game over) are pushed when their events arrive.
"""

from __future__ import annotations

import contextlib
import math
import sys
from collections.abc import Callable
from typing import Any

import pygame

from game import scenes
from game.persist import saves
from game.scenes.ball import BallScene
from game.scenes.curtain import CurtainScene
from game.scenes.decade import DecadeScene
from game.scenes.game_menu import GameMenu
from game.scenes.game_over import GameOverScene
from game.scenes.saves import open_save_dialog
from game.scenes.scoring import ScoringScene
from game.session import GameSession
from game.table import panels
from game.table.chooser import Chooser, Option, StartTilesChooser, draw_strip, strip_height
from game.table.common import (
    CARD_ART,
    CARD_TIPS,
    FOLLY_ART,
    FOLLY_NEEDS_TEXT,
    GOLD,
    INK,
    MUTED,
    OXBLOOD,
    PARCHMENT_LIGHT,
    ROYAL_BLUE,
    TILE_ART,
    TILE_NAMES,
    Hot,
    art,
    draw_button,
    draw_tooltip,
    fit_text,
    text,
)
from game.table.estate_draw import draw_estate, styles_from_seats
from game.table.estate_view import EstateCamera
from game.table.reasons import (
    ACTION_KEYS,
    LETTERS,
    TITLES,
    turn_status,
)
from game.ui import assets, layout, sound, widgets
from game.ui.scene import AppContext, Scene
from rules import (
    AcquireLand,
    Bribe,
    BuildCastle,
    BuildChapel,
    BuildFolly,
    BuildPalace,
    ChooseRegion,
    ChooseStartTiles,
    CollectTaxes,
    Decision,
    Donate,
    EndTurn,
    Event,
    EventKind,
    FinishDonating,
    FinishExpanding,
    FinishVicar,
    Folly,
    HandBackBribe,
    HandBackCard,
    IllegalActionError,
    InheritCastle,
    KeepAllWithIntrigue,
    KeepCard,
    Leisure,
    MoveKnight,
    PlaceKnight,
    PlacePrestige,
    PlaceTile,
    PlayCard,
    PlayerView,
    Results,
    ReturnTile,
    SkipKnight,
    TileType,
    Trade,
    base_prestige,
    card_prestige,
    land_income,
    results,
    tax_income,
)

E = EventKind
DRAG_THRESHOLD = 6
TOOLTIP_DELAY = 0.45
FX_SECONDS = {"slow": 0.9, "normal": 0.5, "fast": 0.22, "instant": 0.0}
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


class _Fx:
    """A small animation: a picture flying along an arc, or a floating text."""

    def __init__(
        self,
        img: pygame.Surface,
        start,
        end,
        duration: float,
        *,
        blocking: bool,
        arc_h: float = 0.0,
        delay: float = 0.0,
    ) -> None:
        self.img, self.start, self.end = img, start, end
        self.duration = max(0.01, duration)
        self.t = -delay
        self.blocking = blocking
        self.arc_h = arc_h

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def draw(self, surface: pygame.Surface) -> None:
        if self.t < 0:
            return
        u = min(1.0, self.t / self.duration)
        e = 1 - (1 - u) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - self.arc_h * math.sin(math.pi * u)
        img = self.img
        if not self.blocking and u > 0.6:
            img = img.copy()
            img.set_alpha(int(255 * (1 - (u - 0.6) / 0.4)))
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


class TableScene(Scene):
    name = "table"
    #: push the ball, scoring, decade and game-over interludes on their events (tests of the table alone
    #: turn them off)
    interludes = True

    def __init__(
        self,
        ctx: AppContext,
        session: GameSession,
        *,
        autoplay: bool = False,
        viewer: int | None = None,
        on_game_over: Callable[[Results], None] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.session = session
        self.autoplay = autoplay
        self.on_game_over = on_game_over
        humans = session.human_seats()
        self.viewer: int = viewer if viewer is not None else (humans[0] if humans else session.state.decider)
        self.confirmed = len(humans) <= 1 or viewer is not None  # the viewer confirmed at the curtain
        self.shown: int | None = None  # another seat's estate shown large (None: the viewer's)
        self.camera = EstateCamera()
        self.hots: list[Hot] = []
        self.mouse = (0, 0)
        self.hover: Hot | None = None
        self.hover_time = 0.0
        self.press: tuple[int, int] | None = None
        self.press_hot: Hot | None = None
        self.dragging: Any = None  # payload being dragged
        self.armed: Any = None  # payload chosen by a click, waiting for a cell
        self.panning: tuple[int, int] | None = None
        self.chooser: Chooser | None = None  # opened from a button
        self._auto_chooser: tuple[Any, Chooser] | None = None
        self.trade_give: tuple[TileType, TileType] | None = None
        self.log_scroll = 0
        self.fx: list[_Fx] = []
        self.queue: list[tuple[str, list[Event]]] = []
        self.toast = widgets.Toast()
        self.styles = styles_from_seats(session.seats)
        self.drawn_views: list[PlayerView] | None = None  # tests: record every view drawn
        self._scratch: pygame.Surface | None = None
        self._drawn_version: Any = None
        self._positions: dict[str, Any] = {}
        self._geo = None
        #: per-panel picture caches (see _layer); ``nocache`` draws everything afresh (tests compare both)
        self._layers: dict[str, tuple] = {}
        self.nocache = False
        self._autosaver = None
        self._finished = False
        self._frames_since_change = 0
        self.last_error: str | None = None
        session.add_listener(self._on_events)
        session.set_speed(session.speed)

    # -- lifecycle ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.session.human_seats() and not self.autoplay:
            self._autosaver = saves.autosaver_for(self.session, on_error=lambda msg: self.toast.show(msg, 6.0))
        sound.board(self.ctx).attach(self.session)  # every applied action sounds (if sound is on)
        if self.session.state.over and not self.queue:
            self.queue.append(("over", []))
        self._check_curtain()

    def resume(self) -> None:
        speed = self.ctx.settings.animation_speed
        if speed != self.session.speed:  # changed in Settings from the table's menu
            self.session.set_speed(speed)
        self.hots = []
        self._drawn_version = None
        self._layers.clear()
        if len(self.session.human_seats()) <= 1:  # back from an interlude: show whose turn it is now
            self.viewer = self.wanted_viewer()
        self.press = None
        self.dragging = None
        self.panning = None

    def exit(self) -> None:
        self.session.remove_listener(self._on_events)
        sound.board(self.ctx).detach(self.session)
        if self._autosaver is not None:
            with contextlib.suppress(Exception):
                self._autosaver.close()
        if not self._finished:
            self.session.close()

    # -- which seat is in front of the screen -------------------------------------------------------------
    def wanted_viewer(self) -> int:
        s = self.session
        humans = s.human_seats()
        if not humans:  # a game of computer players: follow whose turn it is
            return s.state.turn_seat if not s.state.over else self.viewer
        if len(humans) == 1:
            return humans[0]
        if s.human_to_decide():
            return s.state.decider
        return self.viewer

    def _check_curtain(self) -> None:
        """Pass-and-play: hide everything until the next human says who they are."""
        want = self.wanted_viewer()
        if len(self.session.human_seats()) <= 1:
            self.viewer = want
            self.confirmed = True
            return
        if want == self.viewer and self.confirmed:
            return
        if not self.is_top:
            return
        self.confirmed = False
        self._clear_interaction()
        self.ctx.stack.push(CurtainScene(self.ctx, self.session, want, on_confirm=self._confirm_viewer))

    def _confirm_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.confirmed = True
        self.shown = None
        self.camera.fit()

    def _clear_interaction(self) -> None:
        self.chooser = None
        self._auto_chooser = None
        self.armed = None
        self.dragging = None
        self.trade_give = None

    @property
    def view(self) -> PlayerView:
        return self.session.view(self.viewer)

    @property
    def my_decision(self) -> bool:
        s = self.session
        return s.human_to_decide() and s.state.decider == self.viewer and self.confirmed and not self.autoplay

    @property
    def help_topic(self) -> str:
        if self.hover is not None and self.hover.topic:
            return self.hover.topic
        return TOPIC_OF_STEP.get(self.session.state.step, "overview")

    # -- events from the session ------------------------------------------------------------------------
    def _on_events(self, events: list[Event]) -> None:
        if not events:  # an undo
            self._clear_interaction()
            return
        self._frames_since_change = 0
        kinds = [e.kind for e in events]
        if E.BALL_STARTED in kinds:
            self.queue.append(("ball", events[kinds.index(E.BALL_STARTED) :]))
        if E.BUILDING_SCORED in kinds or (
            E.ROUND_ADVANCED in kinds and any("scoring" in e.detail for e in events if e.kind == E.ROUND_ADVANCED)
        ):
            self.queue.append(("scoring", list(events)))
        if E.DECADE_STARTED in kinds:
            self.queue.append(("decade", []))
        if E.GAME_ENDED in kinds:
            self.queue.append(("over", []))
        if self.queue:
            self.session.paused = True
        if self.is_top:  # what happens under another scene (the ball) is not replayed afterwards
            self._animate(events)
        self.log_scroll = 0
        if self.chooser is not None and not self.my_decision:
            self.chooser = None
        if not self.session.human_to_decide():
            self.armed = None

    def _animate(self, events: list[Event]) -> None:
        seconds = FX_SECONDS.get(self.session.speed, 0.5)
        if seconds <= 0 or not self._positions:
            return
        s = layout.scale_for(self.ctx.window_size)
        state = self.session.state
        last = state.history[-1] if state.history else None
        for e in events:
            row = self._positions.get(f"player:{e.seat}")
            if e.kind == E.TILE_PLACED and isinstance(last, PlaceTile):
                start = self._positions.get(f"tile-source:{e.seat}")
                end = self._cell_centre(e.seat, last.pos)
                if start and end and e.seat != self._human_actor():
                    size = max(16, round(44 * s))
                    self.fx.append(
                        _Fx(art(TILE_ART[last.tile], size), start, end, seconds, blocking=True, arc_h=40 * s)
                    )
            elif e.kind in (E.MONEY_GAINED, E.VP_GAINED, E.BRIBES_TAKEN, E.TILES_DRAWN) and row:
                label = {
                    E.MONEY_GAINED: f"+£{e.amount}",
                    E.VP_GAINED: f"+{e.amount} VP",
                    E.BRIBES_TAKEN: f"+{e.amount} bribes",
                    E.TILES_DRAWN: f"+{e.amount} tiles",
                }[e.kind]
                colour = {E.VP_GAINED: OXBLOOD, E.MONEY_GAINED: ROYAL_BLUE}.get(e.kind, INK)
                img = text(label, "heading", round(18 * s), colour)
                icon = {E.MONEY_GAINED: "coin-1", E.VP_GAINED: "icon-vp", E.BRIBES_TAKEN: "bribe"}.get(e.kind)
                if icon:
                    pic = art(icon, img.get_height())
                    both = pygame.Surface((pic.get_width() + img.get_width() + 2, img.get_height()), pygame.SRCALPHA)
                    both.blit(pic, (0, 0))
                    both.blit(img, (pic.get_width() + 2, 0))
                    img = both
                start = (row[0], row[1])
                self.fx.append(_Fx(img, start, (start[0], start[1] - 30 * s), seconds * 2.2, blocking=False))
            elif e.kind == E.QUEEN_MOVED:
                start = self._positions.get(f"player:{e.other}") if e.other >= 0 else None
                if row and start:
                    self.fx.append(
                        _Fx(art("queen", round(40 * s)), start, row, seconds * 1.4, blocking=True, arc_h=60 * s)
                    )
            elif e.kind == E.BUILT and row:
                self.fx.append(_Fx(art("icon-vp", round(30 * s)), row, row, seconds, blocking=False))

    def _human_actor(self) -> int:
        """The viewer, when they act themselves (no flight for their own drag-and-drop)."""
        return self.viewer if self.session.is_human(self.viewer) else -1

    def _cell_centre(self, seat: int, pos) -> tuple[int, int] | None:
        if self._geo is not None and seat == self.shown_seat:
            return self._geo.cell_center(pos)
        return self._positions.get(f"mini:{seat}")

    @property
    def shown_seat(self) -> int:
        return self.viewer if self.shown is None else self.shown

    # -- per frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.toast.update(dt)
        self.hover_time += dt
        self._frames_since_change += 1
        for f in self.fx:
            f.t += dt
        self.fx = [f for f in self.fx if not f.done]
        blocking = any(f.blocking for f in self.fx)
        if self.queue:
            if not blocking:
                self._present_next()
            return
        self._check_curtain()
        if not self.is_top:
            return
        self.session.paused = blocking
        if not self.session.state.over:
            self.session.update(dt)
            self._check_curtain()
        if self.queue and not any(f.blocking for f in self.fx):
            self._present_next()

    def _present_next(self) -> None:
        if not self.is_top or not self.queue:
            return
        hook, events = self.queue.pop(0)
        if hook == "over":
            self._game_over()
            return
        if not self.queue:
            self.session.paused = False
        if not self.interludes:
            return
        try:
            if hook == "ball":
                scene: Scene = BallScene(self.ctx, self.session, events)
            elif hook == "scoring":
                scene = ScoringScene(self.ctx, self.session, events)
            else:
                scene = DecadeScene(self.ctx, self.session)
        except Exception as exc:  # an interlude must never stop the game
            print(f"noblemen: could not show the {hook} scene: {exc}", file=sys.stderr)
            return
        self.ctx.stack.push(scene)

    def _game_over(self) -> None:
        res = results(self.session.state)
        if self.on_game_over is not None:
            self.on_game_over(res)
        self.session.paused = False
        if not self.interludes:
            return
        try:
            scene = GameOverScene(self.ctx, self.session)
        except Exception as exc:
            print(f"noblemen: could not show the game-over scene: {exc}", file=sys.stderr)
            return
        self._finished = True  # the game-over scene owns the session now
        self.ctx.stack.replace(scene)

    def _leave(self) -> None:
        self.session.close()
        if self._autosaver is not None:
            with contextlib.suppress(Exception):
                self._autosaver.flush()
        title = scenes.create("title", self.ctx)
        self.ctx.stack.clear()
        self.ctx.stack.push(title)

    # -- applying ----------------------------------------------------------------------------------------
    def do(self, action) -> bool:
        """Apply a human action; a refused one is shown, never raised."""
        if not self.my_decision:
            return False
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self.last_error = str(exc)
            self.toast.show(f"Not allowed: {exc.reason or exc}")
            sound.play(self.ctx, "refused")
            return False
        self.chooser = None
        self.armed = None
        self.trade_give = None
        self._drawn_version = None
        return True

    def legal(self) -> list:
        return list(self.view.legal) if self.my_decision else []

    def cell_actions(self, payload) -> dict:
        """Estate cell -> the action dropping ``payload`` there would take."""
        if payload is None:
            return {}
        kind = payload[0]
        out = {}
        for a in self.legal():
            if (
                kind == "tile"
                and isinstance(a, PlaceTile)
                and a.tile == payload[1]
                or kind == "castle"
                and isinstance(a, BuildCastle)
                or kind == "palace"
                and isinstance(a, BuildPalace)
                or kind == "chapel"
                and isinstance(a, BuildChapel)
                or kind == "folly"
                and isinstance(a, BuildFolly)
                and a.folly == payload[1]
                or kind == "inherit"
                and isinstance(a, InheritCastle)
            ):
                out[a.pos] = a
        return out

    def active_payload(self):
        if self.dragging is not None:
            return self.dragging
        if self.armed is not None:
            return self.armed
        if self.my_decision and self.session.state.step == Decision.INHERITANCE:
            return ("inherit",)
        return None

    # -- the choosers -------------------------------------------------------------------------------------
    def current_chooser(self) -> Chooser | None:
        if self.chooser is not None:
            return self.chooser
        if not self.my_decision:
            return None
        st = self.session.state
        key = (st.step, st.decider, len(st.history))
        if self._auto_chooser is not None and self._auto_chooser[0] == key:
            return self._auto_chooser[1]
        made = self._decision_chooser()
        self._auto_chooser = (key, made) if made is not None else None
        return made

    def _decision_chooser(self) -> Chooser | None:
        v = self.view
        st = v.state
        names = st.names
        legal = list(v.legal)
        step = st.step
        if step == Decision.CHOOSE_START_TILES:
            return StartTilesChooser(lambda counts: self.do(ChooseStartTiles(counts)), names[v.seat])
        if step == Decision.KEEP_CARD:
            opts = [
                Option(
                    c.title,
                    (lambda a=a: self.do(a)),
                    sub="keep" if st.offered.count(c) == 1 else f"keep · you drew {st.offered.count(c)}",
                    tip=f"{c.title}: {CARD_TIPS[c]}",
                    icon=CARD_ART[c],
                    tall=True,
                    key=f"keep:{c.label}",
                )
                for a in legal
                if isinstance(a, KeepCard)
                for c in [a.card]
            ]
            if any(isinstance(a, KeepAllWithIntrigue) for a in legal):
                opts.append(
                    Option(
                        "Keep all three",
                        lambda: self.do(KeepAllWithIntrigue()),
                        sub="hand in an Intrigue",
                        icon="card-intrigue",
                        tall=True,
                        tip="Hand in an Intrigue you hold and keep all the cards you saw.",
                        key="keep:all",
                    )
                )
            return Chooser(
                "A scandal card",
                "Keep one of the cards; the others go under the deck.",
                opts,
                key="keep",
                topic="cards",
            )
        if step == Decision.KNIGHT:
            opts = []
            for a in legal:
                if isinstance(a, PlaceKnight | MoveKnight):
                    owner, region = a.owner, a.region
                    kind = st.players[owner].estate.regions[region][0]
                    gain = {"farm": "£2 from him", "forest": "2 of his tiles", "garden": "the Queen, if he has her"}
                    label = f"{names[owner]}'s {kind.label}"
                    sub = gain[kind.label]
                    if isinstance(a, MoveKnight):
                        fk = st.players[a.from_owner].estate.regions[a.from_region][0]
                        sub = f"from {names[a.from_owner]}'s {fk.label} · " + sub
                    opts.append(
                        Option(
                            label,
                            (lambda a=a: self.do(a)),
                            sub=sub,
                            key=f"knight-opt:{owner}:{region}",
                            icon="knight",
                            tint=self.styles[v.seat].colour,
                        )
                    )
            opts.append(Option("No knight", lambda: self.do(SkipKnight()), style="quiet", key="knight:skip"))
            return Chooser(
                "Send a knight",
                "Choose a region of another estate (or click it on the miniatures).",
                opts,
                key="knight",
                topic="knights",
                modal=False,
            )
        if step == Decision.GIVE_TILES:
            taker = names[st.turn_seat]
            opts = [
                Option(
                    " + ".join(TILE_NAMES[t] for t in a.tiles),
                    (lambda a=a: self.do(a)),
                    key="give:" + ",".join(t.label for t in a.tiles),
                )
                for a in legal
            ]
            return Chooser(
                f"{taker}'s knight",
                f"{taker}'s knight stands on your forest: give {taker} "
                f"{len(legal[0].tiles) if legal else 2} tiles of your choice.",
                opts,
                key="give",
                topic="knights",
            )
        if step == Decision.DONATE:
            return self._donate_chooser(cancel=False)
        if step == Decision.VICAR:
            me = st.players[v.seat]
            opts = [
                Option(
                    f"Return a {TILE_NAMES[a.tile]}",
                    (lambda a=a: self.do(a)),
                    sub=f"{me.tiles[a.tile]} behind the screen · +1 VP",
                    icon=TILE_ART[a.tile],
                    key=f"vicar:{a.tile.label}",
                )
                for a in legal
                if isinstance(a, ReturnTile)
            ]
            opts.append(Option("Done", lambda: self.do(FinishVicar()), style="quiet", key="vicar:done"))
            return Chooser(
                "Favour of the Vicar",
                f"Put up to 4 tiles into the bag, 1 VP each ({st.vicar_returned} so far).",
                opts,
                key="vicar",
                topic="card-vicar",
                modal=False,
            )
        if step == Decision.CHOOSE_REGION:
            placed = st.history[-1].pos if st.history and isinstance(st.history[-1], PlaceTile) else None
            opts = []
            for a in legal:
                label = "Square"
                if placed is not None:
                    dx = "left" if a.anchor[0] < placed[0] else "right"
                    dy = "above" if a.anchor[1] < placed[1] else "below"
                    label = f"The square {dy} and to the {dx}"
                opts.append(
                    Option(
                        label,
                        (lambda a=a: self.do(a)),
                        key=f"region:{a.anchor[0]},{a.anchor[1]}",
                        tip="This square of four forms the region (highlighted on the estate).",
                    )
                )
            return Chooser(
                "Which region forms?",
                "Your tile completes several squares; one of them forms.",
                opts,
                key="region",
                topic="regions",
                modal=False,
            )
        if step == Decision.BALL_SPEND:
            me = st.players[v.seat]
            ball = st.ball
            total = (ball.base + ball.extra) if ball else base_prestige(v.state, v.seat)
            opts = [
                Option(
                    f"Place my marker at {total}", lambda: self.do(PlacePrestige()), key="ball:place", style="gold"
                )
            ]
            for a in legal:
                if isinstance(a, HandBackBribe):
                    opts.append(
                        Option(
                            "Hand back a bribe",
                            (lambda a=a: self.do(a)),
                            sub=f"+1 prestige · {me.bribes} held",
                            icon="bribe",
                            key="ball:bribe",
                        )
                    )
                elif isinstance(a, HandBackCard):
                    opts.append(
                        Option(
                            f"Hand back {a.card.title}",
                            (lambda a=a: self.do(a)),
                            sub=f"+{card_prestige(a.card)} prestige",
                            icon=CARD_ART[a.card],
                            key=f"ball:card:{a.card.label}",
                        )
                    )
            return Chooser(
                "The masked ball",
                f"Your prestige: {total}. Hand back bribes and cards for more, then place your marker.",
                opts,
                key="ball",
                topic="ball",
            )
        return None

    def _donate_chooser(self, cancel: bool) -> Chooser:
        v = self.view
        st = v.state
        me = st.players[v.seat]
        legal = [a for a in self.legal() if isinstance(a, Donate)]
        opts = []
        for t in TileType:
            a = Donate(t)
            ok = a in legal
            why = (
                f"The church already holds 3 {TILE_NAMES[t]} tiles this decade."
                if st.church[t] >= 3
                else f"You have no {TILE_NAMES[t]} tiles."
            )
            opts.append(
                Option(
                    f"Donate a {TILE_NAMES[t]}",
                    (lambda a=a: self.do(a)),
                    enabled=ok,
                    sub=f"{me.tiles[t]} held · church {st.church[t]}/3 · +1 VP",
                    icon=TILE_ART[t],
                    tip="1 VP for each tile donated." if ok else why,
                    key=f"donate:{t.label}",
                )
            )
        if st.step == Decision.DONATE:
            opts.append(Option("Done donating", lambda: self.do(FinishDonating()), style="quiet", key="donate:done"))
        return Chooser(
            "Donate to the church",
            "One tile at a time, 1 VP each; at most 3 of each kind per decade.",
            opts,
            cancel=self._close_chooser if cancel else None,
            key="donate",
            topic="church",
            modal=False,
        )

    def _close_chooser(self) -> None:
        self.chooser = None
        self.trade_give = None

    # -- the buttons ----------------------------------------------------------------------------------------
    def press_action(self, key: str) -> None:
        """A–G, card, trade, end: what the button does."""
        if not self.my_decision:
            return
        v = self.view
        st = v.state
        legal = list(v.legal)
        me = st.players[v.seat]
        self.armed = None
        if key == "expand":
            opts = [
                Option(
                    f"Place a {TILE_NAMES[t]}",
                    (lambda t=t: self._arm(("tile", t))),
                    sub=f"{me.tiles[t]} behind your screen",
                    icon=TILE_ART[t],
                    key=f"expand:{t.label}",
                )
                for t in TileType
                if any(isinstance(a, PlaceTile) and a.tile == t for a in legal)
            ]
            self.chooser = Chooser(
                "Expand the estate",
                "Drag tiles from your screen onto the glowing cells, or "
                "pick a kind here and click a cell. Up to 3 tiles.",
                opts,
                cancel=self._close_chooser,
                key="expand",
                topic="expand",
            )
        elif key == "build":
            opts = []
            kinds = {type(a) for a in legal}
            for cls, kind, price, what in (
                (BuildCastle, "castle", st.castle_price, "then a knight"),
                (BuildPalace, "palace", st.palace_price, "replaces a castle · the Queen"),
                (BuildChapel, "chapel", st.chapel_price, "a scandal card"),
            ):
                if cls in kinds:
                    opts.append(
                        Option(
                            kind.capitalize(),
                            (lambda kind=kind: self._arm((kind,))),
                            sub=f"£{price(v.seat)} · {what}",
                            icon=f"building-{kind}",
                            key=f"build:{kind}",
                        )
                    )
            for f in Folly:
                if any(isinstance(a, BuildFolly) and a.folly == f for a in legal):
                    opts.append(
                        Option(
                            f"Folly ({FOLLY_NEEDS_TEXT[f]})",
                            (lambda f=f: self._arm(("folly", f))),
                            sub=f"£{st.folly_price(v.seat)} · VP",
                            icon=FOLLY_ART[f],
                            key=f"build:{f.label}",
                        )
                    )
            self.chooser = Chooser(
                "Build",
                "Choose a building, then click a glowing meadow of your estate.",
                opts,
                cancel=self._close_chooser,
                key="build",
                topic="build",
            )
        elif key == "bribe":
            opts = [
                Option(
                    f"{a.count} bribe{'s' if a.count > 1 else ''}",
                    (lambda a=a: self.do(a)),
                    sub=f"£{2 * a.count} · +{a.count} VP",
                    icon="bribe",
                    key=f"bribe:{a.count}",
                )
                for a in legal
                if isinstance(a, Bribe)
            ]
            self.chooser = Chooser(
                "Bribe the royal family",
                "£2 and 1 VP for each bribe marker.",
                opts,
                cancel=self._close_chooser,
                key="bribe",
                topic="bribe",
            )
        elif key in ("taxes", "land"):
            cls = CollectTaxes if key == "taxes" else AcquireLand
            opts = []
            for a in legal:
                if isinstance(a, cls):
                    if key == "taxes":
                        sub = f"you get £{tax_income(v.state, v.seat, a.bribes_back)}"
                    else:
                        sub = f"you draw {land_income(v.state, v.seat, a.bribes_back)} tiles"
                    label = (
                        "Hand back no bribes"
                        if a.bribes_back == 0
                        else f"Hand back {a.bribes_back} bribe" + ("s" if a.bribes_back > 1 else "")
                    )
                    opts.append(Option(label, (lambda a=a: self.do(a)), sub=sub, key=f"{key}:{a.bribes_back}"))
            title = "Collect taxes" if key == "taxes" else "Acquire land"
            prompt = "Each bribe you hand back adds £1." if key == "taxes" else "Each bribe you hand back adds a tile."
            self.chooser = Chooser(title, prompt, opts, cancel=self._close_chooser, key=key, topic=key)
        elif key == "church":
            self.chooser = self._donate_chooser(cancel=True)
        elif key == "leisure":
            self.do(Leisure())
        elif key == "card":
            self.chooser = self._card_chooser()
        elif key == "trade":
            self.trade_give = None
            self.chooser = self._trade_chooser()
        elif key == "end":
            self.do(self._end_action())
        elif key == "undo" and self.session.undo():
            self.toast.show("Taken back.", 1.5)

    def _arm(self, payload) -> None:
        self.armed = payload
        self.chooser = None
        self.shown = None  # placing happens on your own estate

    def on_resize(self, size: tuple[int, int]) -> None:
        self.camera.fit()
        self.hots = []
        self._drawn_version = None
        self._layers.clear()

    def _card_chooser(self) -> Chooser:
        v = self.view
        opts = [
            Option(
                a.card.title,
                (lambda a=a: self.do(a)),
                sub="play",
                tip=f"{a.card.title}: {CARD_TIPS[a.card]}",
                icon=CARD_ART[a.card],
                tall=True,
                key=f"play:{a.card.label}",
            )
            for a in v.legal
            if isinstance(a, PlayCard)
        ]
        return Chooser(
            "Play a scandal card",
            "At most one card per turn, before or after your action.",
            opts,
            cancel=self._close_chooser,
            key="card",
            topic="cards",
        )

    def _trade_chooser(self) -> Chooser:
        trades = [a for a in self.legal() if isinstance(a, Trade)]
        if self.trade_give is None:
            gives = sorted({a.give for a in trades})
            opts = [
                Option(
                    " + ".join(TILE_NAMES[t] for t in g),
                    (lambda g=g: self._pick_give(g)),
                    sub="give these two",
                    key="trade:give:" + ",".join(t.label for t in g),
                )
                for g in gives
            ]
            return Chooser(
                "Trade",
                "Give 2 tiles from behind your screen for 1 tile of your choice from the bag.",
                opts,
                cancel=self._close_chooser,
                key="trade",
                topic="trading",
            )
        opts = [
            Option(
                f"Take a {TILE_NAMES[a.take]}",
                (lambda a=a: self.do(a)),
                icon=TILE_ART[a.take],
                key=f"trade:take:{a.take.label}",
            )
            for a in trades
            if a.give == self.trade_give
        ]
        give = " + ".join(TILE_NAMES[t] for t in self.trade_give)
        return Chooser(
            "Trade",
            f"You give {give}. Which tile do you take from the bag?",
            opts,
            cancel=self._close_chooser,
            key="trade",
            topic="trading",
        )

    def _pick_give(self, give) -> None:
        self.trade_give = give
        self.chooser = self._trade_chooser()

    def _end_action(self):
        step = self.session.state.step
        return {
            Decision.EXPAND: FinishExpanding(),
            Decision.DONATE: FinishDonating(),
            Decision.VICAR: FinishVicar(),
        }.get(step, EndTurn())

    def _end_label(self) -> tuple[str, str]:
        step = self.session.state.step
        return {
            Decision.EXPAND: ("Done placing", "Finish expanding: draw and collect what you earned."),
            Decision.DONATE: ("Done donating", "Stop donating to the church."),
            Decision.VICAR: ("Done returning", "Stop returning tiles to the bag."),
        }.get(step, ("End turn", "End your turn."))

    # -- input ------------------------------------------------------------------------------------------------
    def _frame_key(self) -> tuple:
        """Everything the clickable regions depend on: when it changes, they are laid out again."""
        return (
            self.session.version,
            self.ctx.window_size,
            id(self.chooser),
            self.armed,
            self.dragging,
            self.shown,
            self.viewer,
            self.trade_give,
        )

    def _ensure_hots(self) -> None:
        if self._drawn_version != self._frame_key() or not self.hots:
            size = layout.logical_size(self.ctx.window_size)
            if self._scratch is None or self._scratch.get_size() != size:
                self._scratch = pygame.Surface(size)
            self.draw(self._scratch)

    def hot_at(self, pos) -> Hot | None:
        for h in reversed(self.hots):
            if h.rect.collidepoint(pos):
                return h
        return None

    def find_hot(self, key: str) -> Hot | None:
        self._ensure_hots()
        for h in reversed(self.hots):
            if h.key == key:
                return h
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.confirmed and len(self.session.human_seats()) > 1:
            return False
        t = event.type
        if t == pygame.MOUSEMOTION:
            self._ensure_hots()
            pos = event.pos
            if self.panning is not None:
                self.camera.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
                self.panning = pos
            self.mouse = pos
            if (
                self.press is not None
                and self.dragging is None
                and self.press_hot is not None
                and self.press_hot.drag is not None
                and self.press_hot.enabled
                and math.dist(pos, self.press) > DRAG_THRESHOLD
            ):
                self.dragging = self.press_hot.drag
                self.armed = None
                self.shown = None
            h = self.hot_at(pos)
            if h is not self.hover:
                self.hover = h
                self.hover_time = 0.0
            return True
        if t == pygame.MOUSEBUTTONDOWN:
            self._ensure_hots()
            self.mouse = event.pos
            if event.button == 1:
                self.press = event.pos
                self.press_hot = self.hot_at(event.pos)
                return True
            if event.button in (2, 3):
                if self._estate_rect().collidepoint(event.pos):
                    self.panning = event.pos
                elif event.button == 3:
                    self.armed = None
                return True
            return False
        if t == pygame.MOUSEBUTTONUP:
            self._ensure_hots()
            if event.button in (2, 3):
                self.panning = None
                return True
            if event.button != 1:
                return False
            payload = self.dragging
            self.dragging = None
            pressed, self.press = self.press, None
            press_hot, self.press_hot = self.press_hot, None
            if payload is not None:
                self._drop(payload, event.pos)
                return True
            if pressed is None:
                return True
            h = self.hot_at(event.pos)
            if h is None or (press_hot is not None and h.key != press_hot.key):
                return True
            self._click(h, event.pos)
            return True
        if t == pygame.MOUSEWHEEL:
            self._ensure_hots()
            if self._estate_rect().collidepoint(self.mouse):
                self.camera.zoom(1.15**event.y, self.mouse)
            elif self._log_rect().collidepoint(self.mouse):
                self.log_scroll = max(0, self.log_scroll + event.y * 2)
            return True
        if t == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, h: Hot, pos) -> None:
        if h.key.startswith("cell:"):
            if self.my_decision and self.session.state.step == Decision.CHOOSE_REGION:
                squares = [
                    a
                    for a in self.legal()
                    if isinstance(a, ChooseRegion)
                    and 0 <= h.payload[0] - a.anchor[0] <= 1
                    and 0 <= h.payload[1] - a.anchor[1] <= 1
                ]
                if len(squares) == 1:
                    self.do(squares[0])
                elif squares:
                    self.toast.show("This tile is in several squares: choose one below.", 2.0)
                return
            action = self.cell_actions(self.active_payload()).get(h.payload)
            if action is not None:
                self.do(action)
            elif self.armed is not None:
                self.toast.show("Not there: choose one of the glowing cells.", 2.0)
            return
        if not h.enabled:
            if h.tip:
                self.toast.show(h.tip, 2.5)
            sound.play(self.ctx, "refused")
            return
        if h.on_click is not None:
            sound.play(self.ctx, "click")
            h.on_click()
        elif h.drag is not None:  # click a draggable thing: arm it, then click a cell
            self.armed = None if self.armed == h.drag else h.drag
            self.chooser = None
            self.shown = None

    def _drop(self, payload, pos) -> None:
        h = self.hot_at(pos)
        if h is not None and h.key.startswith("cell:"):
            action = self.cell_actions(payload).get(h.payload)
            if action is not None:
                self.do(action)
                return
        if self._estate_rect().collidepoint(pos):
            self.toast.show("Drop it on one of the glowing cells.", 2.0)

    def _key(self, event) -> bool:
        k = event.key
        mods = event.mod
        if k == pygame.K_ESCAPE:
            if self.armed is not None or (self.chooser is not None and self.chooser.cancel):
                self.armed = None
                self._close_chooser()
                return True
            self._menu()
            return True
        if k in (pygame.K_z, pygame.K_u) and (mods & pygame.KMOD_CTRL or k == pygame.K_u):
            self.press_action("undo")
            return True
        if k == pygame.K_s and mods & (pygame.KMOD_CTRL | pygame.KMOD_META) and not self.autoplay:
            open_save_dialog(self.ctx, self.session)
            return True
        if k == pygame.K_HOME:
            self.camera.fit()
            return True
        step = 40
        moves = {
            pygame.K_LEFT: (step, 0),
            pygame.K_RIGHT: (-step, 0),
            pygame.K_UP: (0, step),
            pygame.K_DOWN: (0, -step),
        }
        if k in moves:
            self.camera.pan(*moves[k])
            return True
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1.2, self._estate_rect().center)
            return True
        if k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(1 / 1.2, self._estate_rect().center)
            return True
        digits = {getattr(pygame, f"K_{d}"): d for d in range(1, 10)}
        if k in digits and self.my_decision:
            chooser = self.current_chooser()
            options = [o for o in chooser.options if o.enabled and o.on_choose] if chooser is not None else []
            if digits[k] <= len(options):
                options[digits[k] - 1].on_choose()
            return True
        letters = {getattr(pygame, f"K_{c}"): key for key, c in zip(ACTION_KEYS, "abcdefg", strict=True)}
        if k in letters and not mods & pygame.KMOD_CTRL:
            key = letters[k]
            ok, why = turn_status(self.view, self.session.state.names).get(key, (False, ""))
            if ok:
                self.press_action(key)
            elif self.my_decision:
                self.toast.show(why, 3.0)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.my_decision and self._end_action() in self.legal():
                self.do(self._end_action())
            return True
        if k == pygame.K_QUESTION or (k == pygame.K_SLASH and mods & pygame.KMOD_SHIFT):
            self._rules(self.help_topic)
            return True
        return False

    def _rules(self, topic: str | None) -> None:
        self.ctx.open_rules(topic)

    def _menu(self) -> None:
        if self.autoplay:
            self.ctx.quit()
            return
        self.ctx.stack.push(GameMenu(self.ctx, self.session, on_leave=self._leave))

    # -- drawing ---------------------------------------------------------------------------------------------
    def _layout(self) -> layout.TableLayout:
        return layout.table_layout(self.ctx.window_size)

    def _estate_rect(self) -> pygame.Rect:
        return self._layout().estate

    def _log_rect(self) -> pygame.Rect:
        return self._layout().log

    def draw(self, surface: pygame.Surface) -> None:
        lay = self._layout()
        s = lay.scale
        hots: list[Hot] = []
        hover = self.mouse
        widgets.fill_parchment(surface)
        if len(self.session.human_seats()) > 1 and (not self.confirmed or self.wanted_viewer() != self.viewer):
            self.hots = hots  # nothing private is drawn before the curtain is lifted
            return
        v = self.view
        if self.drawn_views is not None:
            self.drawn_views.append(v)
        names = v.state.names
        st = v.state
        positions: dict[str, Any] = {}
        mine = self.my_decision
        legal = list(v.legal) if mine else []
        payload = self.active_payload()
        drag_ok = {}
        kinds = {type(a) for a in legal}
        drag_ok["castle"] = BuildCastle in kinds
        drag_ok["palace"] = BuildPalace in kinds
        drag_ok["chapel"] = BuildChapel in kinds
        for f in Folly:
            drag_ok[f.label] = any(isinstance(a, BuildFolly) and a.folly == f for a in legal)
        # the panels are drawn through per-panel caches (see _layer): redrawn only when what they show
        # changes (the model, the seat in front, the camera, hover over one of their regions, ...)
        base = (self.session.version, self.ctx.window_size, surface.get_size(), self.viewer, self.confirmed, mine)
        names_t = tuple(names)
        self._layer(surface, hots, "track", lay.track, s, base,
                    lambda out: panels.draw_track(surface, lay.track, s, v, names, self.styles, out, hover),
                    lead=lay.gutter)
        self._layer(surface, hots, "board", lay.board, s, (base, tuple(sorted(drag_ok.items()))),
                    lambda out: panels.draw_board(surface, lay.board, s, v, names, self.styles, out, hover, drag_ok))
        for h in hots:
            if h.key.startswith("board:player:"):
                positions["player:" + h.key.rsplit(":", 1)[1]] = h.rect.center
                positions["tile-source:" + h.key.rsplit(":", 1)[1]] = h.rect.center
        chooser = self.current_chooser()
        strip = 0
        if chooser is not None and not chooser.modal:
            strip = strip_height(chooser, s, lay.estate.width - round(12 * s))
        cam = self.camera
        estate_key = (
            base,
            self.shown_seat,
            (cam.auto, cam.origin, cam.cell),
            payload,
            self.dragging is None,
            strip,
            self.session.thinking(),
            self.hover.key if self.hover is not None else None,
        )
        self._geo = self._layer(
            surface, hots, "estate", lay.estate, s, estate_key,
            lambda out: self._draw_estate(surface, lay, s, v, out, payload, positions, strip),
        )
        knight_targets = {}
        if mine and st.step == Decision.KNIGHT:
            for a in legal:
                if isinstance(a, PlaceKnight | MoveKnight):
                    knight_targets.setdefault((a.owner, a.region), a)
        self._layer(
            surface, hots, "miniatures", lay.miniatures, s, (base, self.shown_seat, tuple(knight_targets)),
            lambda out: panels.draw_miniatures(
                surface,
                lay.miniatures,
                s,
                v,
                names,
                self.styles,
                out,
                hover,
                shown=self.shown_seat,
                on_pick=self._pick_estate,
                knight_targets=knight_targets,
                on_knight=self.do,
            ),
        )
        for h in hots:
            if h.key.startswith("mini:"):
                positions[h.key] = h.rect.center
        log = self.session.log
        max_scroll = self._layer(
            surface, hots, "log", lay.log, s, (base, len(log), log[-1] if log else "", self.log_scroll, names_t),
            lambda out: panels.draw_log(surface, lay.log, s, log, self.log_scroll, out, names, self.styles),
        )
        self.log_scroll = min(self.log_scroll, max_scroll)
        tile_drag = {t: any(isinstance(a, PlaceTile) and a.tile == t for a in legal) for t in TileType}
        playable = {a.card for a in legal if isinstance(a, PlayCard)}
        selected = payload[1] if payload and payload[0] == "tile" else None
        screen_key = (base, tuple(sorted(t.label for t, ok in tile_drag.items() if ok)),
                      tuple(sorted(c.label for c in playable)), selected)
        self._layer(
            surface, hots, "screen", lay.screen, s, screen_key,
            lambda out: panels.draw_screen(
                surface,
                lay.screen,
                s,
                v,
                names,
                self.styles,
                out,
                hover,
                tile_drag=tile_drag,
                playable=playable,
                on_card=lambda c: self.do(PlayCard(c)),
                selected_tile=selected,
            ),
        )
        for h in hots:
            if h.key.startswith("screen:tile:"):
                positions[f"tile-source:{v.seat}"] = h.rect.center
                break
        self._layer(
            surface, hots, "actions", lay.actions, s, (base, self.session.speed, self.session.can_undo()),
            lambda out: self._draw_actions(surface, lay.actions, s, v, out, hover),
        )
        if chooser is not None:
            area = lay.estate.union(lay.miniatures).inflate(-round(12 * s), -round(12 * s))
            if not chooser.modal:
                inner = lay.estate.inflate(-round(12 * s), -round(12 * s))
                area = pygame.Rect(inner.left, inner.bottom - strip, inner.width, strip)
                veil = None
            else:
                shade = lay.estate.union(lay.miniatures)
                veil = pygame.Surface(shade.size, pygame.SRCALPHA)
                veil.fill((43, 33, 24, 70))
                surface.blit(veil, shade)
                hots.append(Hot(shade, "veil"))
            sub: list[Hot] = []
            if chooser.modal:
                chooser.draw(surface, area, s, sub, hover)
            else:
                draw_strip(chooser, surface, area, s, sub, hover)
            hots.extend(sub)
        for f in self.fx:
            f.draw(surface)
        if self.dragging is not None:
            img = self._payload_image(self.dragging, round(52 * s))
            if img is not None:
                img = img.copy()
                img.set_alpha(220)
                surface.blit(img, img.get_rect(center=self.mouse))
        self._draw_notice(surface, lay, s)
        self.hots = hots
        self._positions = positions
        self._drawn_version = self._frame_key()
        h = self.hot_at(self.mouse)
        if h is not self.hover:
            self.hover = h
        if (
            h is not None
            and h.tip
            and self.hover_time >= TOOLTIP_DELAY
            and self.dragging is None
            and self.press is None
        ):
            draw_tooltip(surface, h.tip, self.mouse, s)

    def _layer(
        self, surface: pygame.Surface, hots: list[Hot], name: str, rect: pygame.Rect, s: float, key, draw, lead: int = 0
    ):
        """Draw one panel through a cache: ``draw(out_hots)`` runs only when ``key`` or the hover changed.

        The panel's pixels (with its drop shadow) are kept with the regions it registered; as long as
        ``key`` is the same and the mouse is over the same of those regions, the picture is blitted and
        the regions reused. Panels are drawn in an order where a panel's shadow margin only reaches panels
        drawn after it, so a cached picture never covers a newer neighbour (``lead`` px above and left are
        kept too: only for the first panel, the track, whose markers stand out above it). Returns what
        ``draw`` returned.
        """
        margin = max(3, round(4 * s)) * 2 + 2  # the drop shadow reaches 1.5 x its offset right and down
        area = pygame.Rect(rect.x - lead, rect.y - lead, rect.width + margin + lead, rect.height + margin + lead)
        area = area.clip(surface.get_rect())
        entry = self._layers.get(name)
        if (
            entry is not None
            and entry[0] == key
            and entry[1] == area
            and entry[4] == self._hovered(entry[3])
            and not self.nocache
        ):
            surface.blit(entry[2], area)
            hots.extend(entry[3])
            return entry[5]
        out: list[Hot] = []
        result = draw(out)
        if area.width > 0 and area.height > 0:
            self._layers[name] = (key, area, surface.subsurface(area).copy(), out, self._hovered(out), result)
        hots.extend(out)
        return result

    def _hovered(self, hots: list[Hot]) -> tuple[int, ...]:
        mouse = self.mouse
        return tuple(i for i, h in enumerate(hots) if h.rect.collidepoint(mouse))

    def _draw_notice(self, surface: pygame.Surface, lay, s: float) -> None:
        """The last short message (why something is not allowed): an ink ribbon under the estate's heading."""
        toast = self.toast
        if toast.message is None:
            return
        font = assets.font("ui", max(11, round(13 * s)))
        width = lay.estate.width - round(40 * s)
        lines = widgets.wrap(toast.message, font, width)[:3]
        pad = round(8 * s)
        lh = font.get_linesize()
        w = max(font.size(line)[0] for line in lines) + 2 * pad
        h = lh * len(lines) + 2 * pad
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (lay.estate.centerx, lay.estate.top + round(46 * s))
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = 235 if toast.remaining > 0.5 else int(235 * max(0.0, toast.remaining) / 0.5)
        pygame.draw.rect(card, (43, 33, 24, alpha), card.get_rect(), border_radius=round(5 * s))
        pygame.draw.rect(card, (201, 162, 39, alpha), card.get_rect(), width=1, border_radius=round(5 * s))
        for i, line in enumerate(lines):
            img = font.render(line, True, PARCHMENT_LIGHT)
            img.set_alpha(alpha)
            card.blit(img, img.get_rect(midtop=(w // 2, pad + i * lh)))
        surface.blit(card, rect)

    def _payload_image(self, payload, size: int) -> pygame.Surface | None:
        kind = payload[0]
        if kind == "tile":
            return art(TILE_ART[payload[1]], size)
        if kind in ("castle", "inherit"):
            return art("building-castle", size)
        if kind in ("palace", "chapel"):
            return art(f"building-{kind}", size)
        if kind == "folly":
            return art(FOLLY_ART[payload[1]], size)
        return None

    def _pick_estate(self, seat: int) -> None:
        self.shown = None if seat == self.viewer else seat
        self.camera.fit()

    def _draw_estate(self, surface, lay, s, v: PlayerView, hots, payload, positions, strip: int = 0):
        rect = lay.estate
        st = v.state
        seat = self.shown_seat
        p = st.players[seat]
        widgets.panel(surface, rect, s, fill=pygame.Color("#E8DCC0"))
        inner = rect.inflate(-round(10 * s), -round(10 * s))
        cells = self.cell_actions(payload) if seat == v.seat else {}
        extra = (
            list(cells)
            if cells
            else (
                list(p.estate.placeable())
                if seat == v.seat and self.my_decision and st.step in (Decision.TURN, Decision.EXPAND)
                else []
            )
        )
        top_band = round(34 * s)
        estate_area = pygame.Rect(inner.left, inner.top + top_band, inner.width, inner.height - top_band - strip)
        geo = self.camera.geometry(p.estate, estate_area, extra=extra, max_cell=round(78 * s))
        highlights = {pos: GOLD for pos in cells}
        region_cells = {}
        if self.my_decision and st.step == Decision.CHOOSE_REGION and seat == v.seat:
            hover_anchor = None
            if self.hover is not None and self.hover.key.startswith("region:"):
                with contextlib.suppress(ValueError):
                    x, y = self.hover.key.split(":")[1].split(",")
                    hover_anchor = (int(x), int(y))
            for a in v.legal:
                if isinstance(a, ChooseRegion):
                    colour = GOLD if a.anchor == hover_anchor else ROYAL_BLUE
                    for dx in (0, 1):
                        for dy in (0, 1):
                            c = (a.anchor[0] + dx, a.anchor[1] + dy)
                            if region_cells.get(c) != GOLD:
                                region_cells[c] = colour
            highlights.update(region_cells)
        old_clip = surface.get_clip()
        surface.set_clip(estate_area)
        # a surveyor's faint grid under the estate, aligned with its cells
        c = geo.cell
        if c >= 14:
            grid = pygame.Surface(estate_area.size, pygame.SRCALPHA)
            ox = (geo.origin[0] - estate_area.left) % c
            oy = (geo.origin[1] - estate_area.top) % c
            for gx in range(ox, estate_area.width, c):
                pygame.draw.line(grid, (107, 91, 69, 28), (gx, 0), (gx, estate_area.height))
            for gy in range(oy, estate_area.height, c):
                pygame.draw.line(grid, (107, 91, 69, 28), (0, gy), (estate_area.width, gy))
            surface.blit(grid, estate_area)
        # empty frontier cells (where tiles may go) as faint dotted squares
        if cells:
            for pos in cells:
                if pos not in p.estate.tiles:
                    r = geo.cell_rect(pos)
                    pygame.draw.rect(surface, (247, 240, 220), r.inflate(-2, -2), border_radius=max(2, geo.cell // 10))
        surface.set_clip(old_clip)
        draw_estate(surface, p.estate, geo, players=self.styles, highlights=highlights or None)
        if self.hover is not None and self.hover.key.startswith("cell:") and self.hover.payload in cells:
            r = geo.cell_rect(self.hover.payload)
            img = self._payload_image(payload, geo.cell)
            if img is not None and self.dragging is None:
                ghost = img.copy()
                ghost.set_alpha(150)
                surface.set_clip(estate_area)
                surface.blit(ghost, r)
                surface.set_clip(old_clip)
        # cells as hot regions (only those inside the visible area)
        x0, y0, x1, y1 = geo.bounds
        candidates = set(p.estate.tiles) | set(cells) | set(region_cells)
        for pos in candidates:
            r = geo.cell_rect(pos).clip(estate_area)
            if r.width <= 0 or r.height <= 0:
                continue
            tip = ""
            if pos in cells:
                tip = f"{cells[pos]}".capitalize() + "."
            elif pos in p.estate.tiles:
                tile = p.estate.tiles[pos]
                b = p.estate.buildings.get(pos)
                tip = f"A {TILE_NAMES[tile]}" + (f" with a {b.label.replace('-', ' ')}" if b is not None else "")
                if pos in p.estate.region_at:
                    kind, _ = p.estate.regions[p.estate.region_at[pos]]
                    tip += f", part of a {kind.label}"
                tip += "."
            hots.append(Hot(r, f"cell:{pos[0]},{pos[1]}", tip, payload=pos, topic="regions"))
        # the band above: whose estate, what to do
        band = pygame.Rect(inner.left, inner.top, inner.width, top_band)
        self._draw_prompt(surface, band, s, v, hots)
        # camera controls
        fit_r = pygame.Rect(
            inner.right - round(58 * s), estate_area.bottom - round(30 * s), round(54 * s), round(26 * s)
        )
        draw_button(surface, fit_r, "Fit", s, style="quiet", hover=fit_r.collidepoint(self.mouse))
        hots.append(
            Hot(
                fit_r,
                "estate:fit",
                "Fit the whole estate in view (Home). Drag with the right mouse "
                "button or use the arrow keys to pan; the wheel zooms.",
                self.camera.fit,
            )
        )
        if self.shown is not None:
            back = pygame.Rect(
                inner.left + round(4 * s), estate_area.bottom - round(30 * s), round(170 * s), round(26 * s)
            )
            draw_button(surface, back, "Back to my estate", s, style="quiet", hover=back.collidepoint(self.mouse))
            hots.append(Hot(back, "estate:back", "Show your own estate again.", lambda: self._pick_estate(self.viewer)))
        return geo

    def _draw_prompt(self, surface, band: pygame.Rect, s: float, v: PlayerView, hots) -> None:
        st = v.state
        names = st.names
        seat = self.shown_seat
        decider = st.decider
        crest_d = round(26 * s)
        if seat != v.seat:
            title = f"{names[seat]}'s estate"
        else:
            title = "Your estate" if self.session.is_human(seat) else f"{names[seat]}'s estate"
        head = widgets.gold_text(title, round(22 * s))
        surface.blit(head, head.get_rect(midleft=(band.left + round(6 * s), band.centery)))
        x = band.left + round(14 * s) + head.get_width()
        if st.over:
            msg = "The game is over."
        elif self.my_decision:
            msg = {
                Decision.CHOOSE_START_TILES: "Choose your starting tiles.",
                Decision.KEEP_CARD: "Keep one of the scandal cards you drew.",
                Decision.TURN: (
                    "Take one action (A–G); you may also play a card and trade."
                    if not st.action_taken
                    else "Your action is done: play a card, trade, or end your turn."
                ),
                Decision.EXPAND: f"Place up to 3 tiles ({st.expand.placed if st.expand else 0} placed): drag them from "
                "your screen.",
                Decision.CHOOSE_REGION: "Choose which square becomes a region.",
                Decision.KNIGHT: "Send your knight to a region of another estate, or not.",
                Decision.GIVE_TILES: "A knight stands on your forest: give two tiles.",
                Decision.DONATE: "Donate tiles to the church, then press Done.",
                Decision.VICAR: "Return up to 4 tiles to the bag.",
                Decision.INHERITANCE: "Click a glowing meadow for your inherited castle.",
                Decision.BALL_SPEND: "The masked ball: hand back bribes and cards, then place your marker.",
            }.get(st.step, st.step.value)
            if self.armed is not None and st.step in (Decision.TURN, Decision.EXPAND):
                what = self.armed[0] if self.armed[0] != "tile" else TILE_NAMES[self.armed[1]]
                msg = f"Click a glowing cell for the {what} (Esc to cancel)."
        else:
            who = names[decider]
            verb = "is thinking" if self.session.thinking() else "decides"
            msg = f"{who} {verb}: {st.step.value}."
            from game.table.estate_draw import draw_crest_badge

            draw_crest_badge(surface, (x + crest_d // 2, band.centery), crest_d, self.styles[decider])
            x += crest_d + round(6 * s)
        img = fit_text(msg, "italic", round(17 * s), band.right - x - round(8 * s), INK if self.my_decision else MUTED)
        surface.blit(img, img.get_rect(midleft=(x, band.centery)))
        hots.append(
            Hot(
                band,
                "estate:prompt",
                "What happens now. F1 opens the rules at this topic.",
                topic=TOPIC_OF_STEP.get(st.step),
            )
        )

    def _draw_actions(self, surface, rect: pygame.Rect, s: float, v: PlayerView, hots, hover) -> None:
        widgets.panel(surface, rect, s)
        pad = round(8 * s)
        inner = rect.inflate(-2 * pad, -2 * pad)
        mine = self.my_decision
        status = turn_status(v, v.state.names)
        if not mine:  # a computer player (or nobody at this screen) decides: nothing to press
            st_ = v.state
            who = st_.names[st_.decider]
            why = "The game is over." if st_.over else f"{who} decides now ({st_.step.value})."
            status = {key: (False, why) for key in status}
        gap = round(4 * s)
        row1 = int(inner.height * 0.46)
        row2 = int(inner.height * 0.30)
        bw = (inner.width - 6 * gap) // 7
        for i, key in enumerate(ACTION_KEYS):
            r = pygame.Rect(inner.left + i * (bw + gap), inner.top, bw, row1)
            ok, why = status[key]
            self._letter_button(surface, r, LETTERS[key], TITLES[key], s, ok, r.collidepoint(hover))
            hots.append(Hot(r, f"action:{key}", why, (lambda k=key: self.press_action(k)), ok, topic=key))
        y2 = inner.top + row1 + gap
        end_label, end_tip = self._end_label() if mine else ("End turn", "")
        end_ok = mine and self._end_action() in v.legal
        end_why = end_tip if end_ok else status["end"][1]
        can_undo = mine and self.session.can_undo()
        items = [
            ("card", "Play card", status["card"][0], status["card"][1], "primary", 1.0),
            ("trade", "Trade", status["trade"][0], status["trade"][1], "primary", 0.9),
            (
                "undo",
                "Undo",
                can_undo,
                "Take back your last step (it revealed nothing)."
                if can_undo
                else "Nothing to take back: drawing, looking at cards or another player's move ends undo.",
                "quiet",
                0.8,
            ),
            ("end", end_label, end_ok, end_why, "gold", 1.3),
        ]
        total = sum(it[5] for it in items)
        avail = inner.width - gap * (len(items) - 1)
        x = inner.left
        for key, label, ok, why, style, weight in items:
            w = int(avail * weight / total)
            r = pygame.Rect(x, y2, w, row2)
            draw_button(surface, r, label, s, enabled=ok, hover=r.collidepoint(hover), style=style)
            hots.append(
                Hot(
                    r,
                    f"action:{key}",
                    why,
                    (lambda k=key: self.press_action(k)),
                    ok,
                    topic={"card": "cards", "trade": "trading"}.get(key),
                )
            )
            x += w + gap
        y3 = y2 + row2 + gap
        h3 = inner.bottom - y3
        q = pygame.Rect(inner.right - h3, y3, h3, h3)
        m = pygame.Rect(q.left - gap - round(52 * s), y3, round(52 * s), h3)
        draw_button(surface, q, "?", s, style="quiet", hover=q.collidepoint(hover))
        hots.append(
            Hot(
                q,
                "action:help",
                "The rules at the topic of what you are doing (F1).",
                lambda: self._rules(self.help_topic),
            )
        )
        draw_button(surface, m, "Menu", s, style="quiet", hover=m.collidepoint(hover))
        hots.append(Hot(m, "action:menu", "Leave the table (the game is saved).", self._menu))
        speed = self.session.speed
        sp = pygame.Rect(m.left - gap - round(70 * s), y3, round(70 * s), h3)
        draw_button(surface, sp, speed.capitalize(), s, style="quiet", hover=sp.collidepoint(hover))
        hots.append(Hot(sp, "action:speed", f"Computer players' speed: {speed}. Click to change.", self._cycle_speed))
        st = v.state
        tiles = sum(st.players[v.seat].tiles)
        info = (
            f"£{st.players[v.seat].money} · {tiles} tile{'' if tiles == 1 else 's'} · "
            f"{'action taken' if st.action_taken and st.turn_seat == v.seat else ''}"
        )
        if not mine:
            info = f"{st.names[st.decider]}: {st.step.value}"
        img = fit_text(info.strip(" ·"), "ui", round(10.5 * s), sp.left - inner.left - gap, MUTED)
        surface.blit(img, img.get_rect(midleft=(inner.left, y3 + h3 // 2)))

    def _letter_button(self, surface, r: pygame.Rect, letter: str, word: str, s: float, ok: bool, hover: bool) -> None:
        radius = max(3, round(5 * s))
        if ok:
            fill = pygame.Color("#2C5289") if hover else ROYAL_BLUE
            pygame.draw.rect(surface, pygame.Color("#15294A"), r.move(0, max(1, round(2 * s))), border_radius=radius)
            pygame.draw.rect(surface, fill, r, border_radius=radius)
            pygame.draw.rect(
                surface, GOLD if hover else pygame.Color("#15294A"), r, max(1, round(1.5 * s)), border_radius=radius
            )
            c1, c2 = GOLD, PARCHMENT_LIGHT
        else:
            pygame.draw.rect(surface, pygame.Color("#E2D6BA"), r, border_radius=radius)
            pygame.draw.rect(surface, pygame.Color("#B9A98A"), r, 1, border_radius=radius)
            c1 = c2 = pygame.Color("#9A8B72")
        big = text(letter, "heading", round(24 * s), c1)
        small = fit_text(word, "ui", round(10 * s), r.width - 4, c2)
        total = big.get_height() + small.get_height() - round(6 * s)
        top = r.centery - total // 2
        surface.blit(big, big.get_rect(midtop=(r.centerx, top - round(2 * s))))
        surface.blit(small, small.get_rect(midtop=(r.centerx, top + big.get_height() - round(6 * s))))

    def _cycle_speed(self) -> None:
        order = ("slow", "normal", "fast", "instant")
        speed = order[(order.index(self.session.speed) + 1) % len(order)]
        self.session.set_speed(speed)
        with contextlib.suppress(Exception):
            self.ctx.settings.animation_speed = speed
            self.ctx.save_settings()
