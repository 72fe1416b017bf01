"""A canonical plain-data form of a state, for equality checks in tests and for debugging."""

from __future__ import annotations

from rules.state import GameState


def _estate(e) -> dict:
    return {
        "tiles": sorted((x, y, int(t)) for (x, y), t in e.tiles.items()),
        "buildings": sorted((x, y, int(b)) for (x, y), b in e.buildings.items()),
        "regions": [(int(k), a[0], a[1]) for k, a in e.regions],
        "knights": list(e.knights),
    }


def state_to_dict(s: GameState) -> dict:
    return {
        "names": list(s.names),
        "seed": s.seed,
        "first_game": s.first_game,
        "rng": s.rng.state,
        "players": [
            {
                "name": p.name, "money": p.money, "tiles": list(p.tiles), "bribes": p.bribes,
                "cards": [int(c) for c in p.cards], "title": None if p.title is None else int(p.title),
                "vp": p.vp, "vp_by_source": list(p.vp_by_source), "tax_used": p.tax_used,
                "land_used": p.land_used, "knights": [list(k) for k in p.knights], "estate": _estate(p.estate),
            }
            for p in s.players
        ],
        "bag": list(s.bag),
        "deck": [int(c) for c in s.deck],
        "board": [s.castles_board, s.chapels_board, s.palaces_board],
        "supply": [s.castles_supply, s.chapels_supply, s.palaces_supply],
        "follies": [int(f) for f in s.follies],
        "follies_built": s.follies_built,
        "bribes_board": s.bribes_board,
        "church": list(s.church),
        "titles_supply": list(s.titles_supply),
        "queen": s.queen,
        "round_pos": s.round_pos,
        "decade": s.decade,
        "step": s.step.name,
        "decider": s.decider,
        "turn_seat": s.turn_seat,
        "action_taken": s.action_taken,
        "card_played": s.card_played,
        "expand": None if s.expand is None else [
            s.expand.by_card, s.expand.placed, s.expand.fields, s.expand.groves, s.expand.farms,
            s.expand.forests, s.expand.gardens, [list(a) for a in s.expand.region_choices],
            list(s.expand.last) if s.expand.last is not None else None,
        ],
        "knight_giver": s.knight_giver,
        "vicar_returned": s.vicar_returned,
        "offered": [int(c) for c in s.offered],
        "card_queue": list(s.card_queue),
        "after_cards": s.after_cards.name,
        "ball": None if s.ball is None else [list(s.ball.order), s.ball.index, list(s.ball.places), s.ball.base,
                                             s.ball.extra],
        "ball_titles": [[int(t) for t in ts] for ts in s.ball_titles],
        "history": [str(a) for a in s.history],
    }
