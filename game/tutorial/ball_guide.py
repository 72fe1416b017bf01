"""The guide at a masked ball: an overlay of the ball (:mod:`game.table.ball_frame`) that the guide at the table
brings along when the table shows a ball (:meth:`game.tutorial.table_guide.TableGuide.at_ball`).

The steps at a ball (``At.BALL``, ``At.TITLES``) are shown here: what prestige is, who places first, which
bribes and cards to hand back (the step's moves, taken on the ball's own buttons), which title each threshold
buys. The guide holds the ball open while it has more to say there, rings the ball's regions (a noble's card, the
track, a hand-back button, the marker's button) and keeps its card clear of the ball's buttons.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.table.ball_frame import BallFrame, BallSight, ball_key
from game.table.overlay import shows
from game.table.targets import Region
from game.tutorial.guide import Guide
from game.tutorial.guide_card import GuideCard
from game.tutorial.overlay import CardLayout, button_labels, layout_card
from game.tutorial.steps import At
from rules import Action


class BallGuide(GuideCard[BallFrame]):
    """The guide over one masked ball; ``heard`` is told of each of the player's moves taken there."""

    here = At.BALL

    def __init__(self, ball: BallSight, guide: Guide, heard: Callable[[Action], None]) -> None:
        super().__init__(ball.ctx, guide)
        self.ball = ball
        self.heard = heard

    @property
    def place(self) -> At:
        return At.TITLES if self.ball.titles_shown else At.BALL

    @property
    def on_top(self) -> bool:
        return self.ball.is_top

    def act(self, action: Action) -> bool:
        return self.ball.do(action)

    def say(self, message: str) -> None:
        self.ball.notice(message, 3.0)

    def done(self, action: Action) -> None:
        self.heard(action)

    def holds(self) -> bool:
        """The ball stays open while the guide's step is one of the ball's."""
        step = self.guide.step
        return step is not None and step.at != At.TABLE

    def targets(self) -> list[Region]:
        step = self.guide.step
        if step is None or not self.waiting or not self.ball.is_top:
            return []
        frame = self.ball.lay_out()
        keys = set(step.show) if step.explains else {k for a in self.guide.choices() if (k := ball_key(a))}
        return [region for region in frame.regions if shows(region.key, keys)]

    def layout(self, targets: list[Region]) -> CardLayout | None:
        guide, step = self.guide, self.guide.step
        if step is None or step.at == At.TABLE:
            return None
        frame = self.ball.lay_out()
        title, text = guide.words()
        waiting = self.waiting
        if not waiting:
            text = (_("The nobles place their markers; the guide waits for the titles.") if step.at == At.TITLES
                    else _("The guide waits for your turn at the ball."))
        counter = _("Step {number} of {total}").format(number=guide.index + 1, total=len(guide.steps))
        about = set(step.about) | {t.key for t in targets}
        avoid = [r.rect for r in frame.regions if r.clickable or shows(r.key, about)]
        panels = frame.panels
        if self.ball.titles_shown:  # the titles on the nobles' cards and the ranking under them: the card goes
            # where it hides least of them, down into the panel under the cards (its line of ranks kept clear)
            bottom = panels["bottom"]
            avoid += [r.rect for r in frame.regions if r.key.startswith("ball:noble:")]
            avoid += [panels["track"], pygame.Rect(bottom.left, bottom.top, bottom.width, round(50 * frame.scale))]
            areas = [panels["cards"].union(bottom), panels["track"]]
        elif self.ball.human_deciding():  # what the player may hand back
            avoid.append(panels["bottom"])
            areas = [panels["cards"], panels["track"]]
        else:  # the panel below the nobles says only who considers what
            areas = [panels["bottom"], panels["cards"], panels["track"]]
        word = _(guide.word) if guide.word else ""
        return layout_card((title, text, word, counter), button_labels(step.explains, waiting), areas, avoid,
                           frame.window, frame.scale, self.kept, targets=tuple(t.rect for t in targets))


def ball_guide_at(overlays: list) -> BallGuide | None:
    """The guide among a ball's ``overlays``, if one is."""
    return next((o for o in overlays if isinstance(o, BallGuide)), None)
