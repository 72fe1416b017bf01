"""A scandal card's name on its ribbon."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.table import screen
from game.ui import assets
from game.ui.pieces import CARD_NAMES
from rules import Card
from tests.game.recording import Recording

#: the screen's cards (width, height) and layout scale at 960x600 and 1280x720, at each text size
CARDS = {(100, 0.85): (59, 83), (150, 0.85): (72, 101), (200, 0.85): (78, 109),
         (100, 1.0): (71, 100), (150, 1.0): (86, 121), (200, 1.0): (101, 143)}


@pytest.mark.parametrize("language", ["en", "de", "it"])
@pytest.mark.parametrize(("text_scale", "s"), list(CARDS))
def test_a_cards_name_stays_between_its_ribbons_notches(pygame_display, language, text_scale, s):
    """"Relazione" touched both ends of its ribbon: a name whose words fit the card keeps clear of the ribbon's
    notched ends."""
    i18n.set_language(language)
    assets.set_text_scale(text_scale / 100)
    try:
        card = pygame.Rect((20, 20), CARDS[text_scale, s])
        ribbon = pygame.Rect(0, 0, card.width - round(2 * s), 1)
        ribbon.centerx = card.centerx
        inside = ribbon.inflate(-2 * round(4 * s) - 2, 0)  # within the notches, a pixel clear

        for name in (CARD_NAMES[c] for c in Card):
            font = assets.font("heading", assets.min_design_size())
            if any(font.size(word)[0] > inside.width - round(2 * s) for word in name.split()):
                continue  # a word longer than the card at the smallest size: broken with a hyphen
            canvas = Recording((200, 200))
            screen.draw_card_name(canvas, name, card, s)
            spots = [source.get_bounding_rect().move(spot.topleft) for source, spot in canvas.blits]
            assert spots and all(inside.left <= r.left and r.right <= inside.right for r in spots), (name, spots)
    finally:
        assets.set_text_scale(1.0)
        i18n.set_language("en")
