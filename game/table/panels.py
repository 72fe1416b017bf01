"""The table's panels, drawn from ONE player's view: round track, board column, screen, log, miniatures.

Every function here takes a :class:`rules.PlayerView` (never the full state) plus public things (seat
styles, names, the log) and appends the :class:`Hot` regions it draws to ``hots``.
"""

from __future__ import annotations

import functools

import pygame

from game.table.chronicle import merged_reversed
from game.table.common import (
    BUILDING_ART,
    CARD_ART,
    CARD_TIPS,
    CARD_TOPICS,
    FOLLY_ART,
    FOLLY_NEEDS_TEXT,
    GOLD,
    GOLD_DARK,
    INK,
    MUTED,
    OXBLOOD,
    PANEL,
    PARCHMENT_LIGHT,
    ROYAL_BLUE,
    RULE,
    TILE_ART,
    TILE_NAMES,
    TILE_TIPS,
    TITLE_ART,
    TITLE_NAMES,
    Hot,
    art,
    badge,
    fit_text,
    roman,
    section_title,
    text,
)
from game.table.estate_draw import PlayerStyle, draw_crest_badge, draw_estate, estate_geometry
from game.ui import assets, widgets
from rules import Building, Card, PlayerView, TileType, Title, board

SPACE_TIPS = {
    0: "Start of the decade.",
    4: "Masked ball: titles are returned and given out again by prestige.",
    8: "Masked ball: titles are returned and given out again by prestige.",
    9: "Queen-lock: while the marker stands here nobody can take the Queen.",
    10: "Building scoring: enclosed castles and palaces score; then the decade ends.",
}


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _space_icon(pos: int) -> str | None:
    if pos == 0:
        return "icon-start"
    if pos in board.BALL_SPACES:
        return "icon-ball"
    if pos == board.QUEEN_LOCK_SPACE:
        return "icon-queen-lock"
    if pos == board.SCORING_SPACE:
        return "icon-scoring"
    return None


# -- round track ------------------------------------------------------------------------------------------
def draw_track(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    view: PlayerView,
    names: list[str],
    styles: list[PlayerStyle],
    hots: list[Hot],
    hover,
) -> None:
    st = view.state
    widgets.panel(surface, rect, s)
    pad = round(12 * s)
    # left: decade and round in words
    left_w = round(150 * s)
    head = widgets.gold_text(f"Decade {roman(st.decade)}", round(26 * s))
    surface.blit(head, head.get_rect(midleft=(rect.left + pad, rect.centery - round(7 * s))))
    sub = text(f"round marker on {'start' if st.round_pos == 0 else st.round_pos}", "italic", round(14 * s), MUTED)
    surface.blit(sub, sub.get_rect(topleft=(rect.left + pad + round(2 * s), rect.centery + round(7 * s))))
    hots.append(
        Hot(
            pygame.Rect(rect.left, rect.top, left_w, rect.height),
            "track:decade",
            f"Decade {st.decade} of 3. The round marker moves at the end of the Queen holder's turn.",
            topic="queen",
        )
    )
    # right: decades I II III
    dec_w = round(150 * s)
    dx0 = rect.right - pad - dec_w
    for i in range(1, 4):
        c = (dx0 + round((i - 0.5) * dec_w / 3), rect.centery)
        r = round(17 * s)
        if i == st.decade:
            pygame.draw.circle(surface, OXBLOOD, c, r)
            pygame.draw.circle(surface, GOLD, c, r, max(2, round(2 * s)))
            img = text(roman(i), "heading", round(19 * s), PARCHMENT_LIGHT)
        else:
            pygame.draw.circle(surface, PARCHMENT_LIGHT if i > st.decade else PANEL, c, r)
            pygame.draw.circle(surface, MUTED, c, r, 1)
            img = text(roman(i), "heading", round(17 * s), MUTED)
        surface.blit(img, img.get_rect(center=c))
    hots.append(
        Hot(
            pygame.Rect(dx0, rect.top, dec_w, rect.height),
            "track:decades",
            "The game lasts three decades; each ends with building scoring.",
            topic="decade",
        )
    )
    # the spaces
    x0 = rect.left + left_w + pad
    x1 = dx0 - pad
    n = board.TRACK_LENGTH + 1
    step = (x1 - x0) / n
    r = int(min(step * 0.36, rect.height * 0.36))
    cy = rect.centery
    pygame.draw.line(surface, RULE, (x0 + step / 2, cy), (x1 - step / 2, cy), max(2, round(3 * s)))
    for pos in range(n):
        cx = int(x0 + step * (pos + 0.5))
        special = _space_icon(pos)
        is_here = pos == st.round_pos
        fill = PARCHMENT_LIGHT
        if pos in board.BALL_SPACES:
            fill = pygame.Color("#EAD3D2")
        elif pos == board.SCORING_SPACE:
            fill = pygame.Color("#F3E3A8")
        if is_here:
            glow = pygame.Surface((4 * r, 4 * r), pygame.SRCALPHA)
            for k in range(6, 0, -1):
                pygame.draw.circle(glow, (201, 162, 39, 18 * (7 - k)), (2 * r, 2 * r), r + k * max(1, round(1.5 * s)))
            surface.blit(glow, (cx - 2 * r, cy - 2 * r))
        pygame.draw.circle(surface, fill, (cx, cy), r)
        pygame.draw.circle(
            surface, GOLD_DARK if is_here else MUTED, (cx, cy), r, max(1, round((3 if is_here else 1.2) * s))
        )
        if special:
            img = art(special, int(r * 1.45))
            surface.blit(img, img.get_rect(center=(cx, cy)))
            if pos not in (0,):
                num = text(str(pos), "ui-bold", round(9 * s), INK)
                surface.blit(num, num.get_rect(center=(cx + int(r * 0.8), cy + int(r * 0.8))))
        else:
            num = text(str(pos), "heading", round(20 * s), INK)
            surface.blit(num, num.get_rect(center=(cx, cy)))
        if is_here:  # the round marker: an oxblood pennant above the space
            tip = (cx, cy - r - round(1 * s))
            pts = [tip, (cx - round(6 * s), tip[1] - round(9 * s)), (cx + round(6 * s), tip[1] - round(9 * s))]
            pygame.draw.polygon(surface, OXBLOOD, pts)
            pygame.draw.polygon(surface, GOLD, pts, 1)
        label = "Start" if pos == 0 else f"Space {pos}"
        tip = f"{label}. {SPACE_TIPS.get(pos, 'An ordinary round.')}" + (
            " The round marker is here." if is_here else ""
        )
        topic = "ball" if pos in board.BALL_SPACES else "scoring" if pos == board.SCORING_SPACE else "queen"
        hots.append(Hot(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), f"track:{pos}", tip, topic=topic))


# -- board column -----------------------------------------------------------------------------------------
def draw_board(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    view: PlayerView,
    names: list[str],
    styles: list[PlayerStyle],
    hots: list[Hot],
    hover,
    drag_ok: dict[str, bool],
) -> None:
    """Building rows (drag a building from here onto your estate), follies, church, bribes, players."""
    st = view.state
    widgets.panel(surface, rect, s)
    pad = round(10 * s)
    x = rect.left + pad
    w = rect.width - 2 * pad
    y = rect.top + pad
    y = section_title(surface, "Buildings", x, y, w, s)
    rows = (
        (
            "castle",
            "building-castle",
            board.CASTLE_PRICES,
            st.castles_board,
            st.castle_price(view.seat) if st.castles_board else 0,
        ),
        (
            "chapel",
            "building-chapel",
            board.CHAPEL_PRICES,
            st.chapels_board,
            st.chapel_price(view.seat) if st.chapels_board else 0,
        ),
        (
            "palace",
            "building-palace",
            board.PALACE_PRICES,
            st.palaces_board,
            st.palace_price(view.seat) if st.palaces_board else 0,
        ),
    )
    avail_h = rect.height
    slot = max(18, min(round(34 * s), int(w / 5.9), int(avail_h * 0.07)))
    for kind, name, prices, on_board, my_price in rows:
        first = len(prices) - on_board  # index of the cheapest occupied space
        for i, price in enumerate(prices):
            r = pygame.Rect(x + i * (slot + round(3 * s)), y, slot, slot)
            filled = i >= first
            pygame.draw.rect(surface, PARCHMENT_LIGHT if filled else PANEL, r, border_radius=round(3 * s))
            cheapest = filled and i == first
            pygame.draw.rect(
                surface,
                GOLD if cheapest else RULE,
                r,
                max(1, round((2.5 if cheapest else 1) * s)),
                border_radius=round(3 * s),
            )
            if filled:
                img = art(name, int(slot * 0.78))
                surface.blit(img, img.get_rect(center=(r.centerx, r.centery - round(3 * s))))
            p = text(f"£{price}", "ui-bold" if cheapest else "ui", round(9 * s), INK if filled else MUTED)
            surface.blit(p, p.get_rect(midbottom=(r.centerx, r.bottom + round(1 * s))))
        label_x = x + 5 * (slot + round(3 * s)) + round(2 * s)
        room = rect.right - pad - label_x
        if room >= round(86 * s):
            sub = f"{on_board} left · you pay £{my_price}" if on_board else "none left"
            lab = fit_text(kind.capitalize() + "s", "heading", round(15 * s), room)
            surface.blit(lab, (label_x, y - round(1 * s)))
            subimg = fit_text(sub, "ui", max(10, round(9.5 * s)), room, MUTED)
            surface.blit(subimg, (label_x, y + lab.get_height() - round(3 * s)))
        else:  # narrow column: the name and what you pay, stacked
            lab = fit_text(kind.capitalize() + "s", "heading", round(14 * s), room)
            surface.blit(lab, (label_x, y - round(1 * s)))
            pay = fit_text(f"£{my_price}" if on_board else "—", "ui-bold", max(10, round(10 * s)), room, MUTED)
            surface.blit(pay, (label_x, y + lab.get_height() - round(3 * s)))
        row_rect = pygame.Rect(x, y, w, slot)
        can = drag_ok.get(kind, False)
        tip = (
            f"The cheapest {kind} costs £{board.cheapest_price(prices, on_board)} (you pay £{my_price})."
            if on_board
            else f"No {kind}s left on the board."
        )
        if can:
            tip += " Drag it onto a glowing meadow of your estate to build it."
            pygame.draw.rect(surface, ROYAL_BLUE, row_rect.inflate(4, 4), 1, border_radius=round(4 * s))
        hots.append(Hot(row_rect, f"board:{kind}", tip, drag=(kind,) if can else None, topic="build"))
        y += slot + round(5 * s)
    # follies
    y += round(2 * s)
    y = section_title(surface, "Follies  £12", x, y, w, s)
    fw = (w - 3 * round(4 * s)) // 4
    fh = max(20, min(round(40 * s), int(avail_h * 0.075)))
    next_vp = board.FOLLY_VP[st.follies_built] if st.follies_built < len(board.FOLLY_VP) else 0
    for i, f in enumerate(board.FOLLY_NEEDS):
        r = pygame.Rect(x + i * (fw + round(4 * s)), y, fw, fh)
        present = f in st.follies
        img = art(FOLLY_ART[f], (fw, fh))
        if not present:
            img = img.copy()
            img.set_alpha(60)
        surface.blit(img, r)
        can = drag_ok.get(f.label, False)
        if can:
            pygame.draw.rect(surface, ROYAL_BLUE, r.inflate(2, 2), 1, border_radius=round(3 * s))
        tip = (
            f"Folly: needs {FOLLY_NEEDS_TEXT[f]} in your estate; £12 less your title's discount; "
            f"the next folly built scores {next_vp} VP."
            if present
            else "This folly has been built."
        )
        if can:
            tip += " Drag it onto an empty meadow of your estate."
        hots.append(Hot(r, f"board:{f.label}", tip, drag=("folly", f) if can else None, topic="build"))
    y += fh + round(1 * s)
    vp_line = (
        "next folly: "
        + " · ".join((f"{v}" if k >= st.follies_built else f"({v})") for k, v in enumerate(board.FOLLY_VP))
        + " VP"
    )
    img = fit_text(vp_line, "ui", round(10 * s), w, MUTED)
    surface.blit(img, (x, y))
    y += img.get_height() + round(3 * s)
    # church and bribes, side by side
    y = section_title(surface, "Church", x, y, w, s)
    cw = round(w * 0.62)
    cell = max(10, min(round(17 * s), (cw - round(8 * s)) // 4 // 3 - 1, int(avail_h * 0.034)))
    col_w = cw // 4
    for t in TileType:
        cx = x + t * col_w
        ghost = art(TILE_ART[t], cell).copy()
        ghost.set_alpha(45)
        for k in range(board.CHURCH_SLOTS_PER_TYPE):
            r = pygame.Rect(cx + k * (cell + 1), y, cell, cell)
            if k < st.church[t]:
                surface.blit(art(TILE_ART[t], cell), r)
                pygame.draw.rect(surface, GOLD_DARK, r, 1)
            else:
                pygame.draw.rect(surface, PARCHMENT_LIGHT, r)
                surface.blit(ghost, r)
                pygame.draw.rect(surface, RULE, r, 1)
        hots.append(
            Hot(
                pygame.Rect(cx, y, col_w, cell),
                f"board:church:{t.label}",
                f"Church: {st.church[t]} of 3 {TILE_NAMES[t]} tiles donated this decade.",
                topic="church",
            )
        )
    bx = x + cw + round(4 * s)
    purse = art("bribe", round(26 * s))
    surface.blit(purse, (bx, y - round(6 * s)))
    btxt = text(f"× {st.bribes_board}", "heading", round(17 * s), INK)
    surface.blit(btxt, (bx + purse.get_width() + round(2 * s), y - round(4 * s)))
    hots.append(
        Hot(
            pygame.Rect(bx, y - round(6 * s), rect.right - bx, round(26 * s)),
            "board:bribes",
            f"{st.bribes_board} bribe markers on the board (£2 and 1 VP each).",
            topic="bribe",
        )
    )
    y += max(cell, round(20 * s)) + round(6 * s)
    # players: VP, title, Queen, prestige at a ball
    y = section_title(surface, "The court", x, y, w, s)
    order = sorted(range(st.n), key=lambda i: (-st.players[i].vp, i))
    remaining = rect.bottom - pad - y
    row_h = max(18, min(round(40 * s), remaining // max(1, st.n)))
    for i in order:
        p = st.players[i]
        r = pygame.Rect(x, y, w, row_h - round(2 * s))
        if i == view.seat:
            pygame.draw.rect(surface, PARCHMENT_LIGHT, r, border_radius=round(4 * s))
        if i == st.decider and not st.over:
            pygame.draw.rect(surface, ROYAL_BLUE, r, max(1, round(1.5 * s)), border_radius=round(4 * s))
        badge_d = min(r.height - round(4 * s), round(30 * s))
        draw_crest_badge(surface, (r.left + badge_d // 2 + round(2 * s), r.centery), badge_d, styles[i])
        nx = r.left + badge_d + round(7 * s)
        vp = text(str(p.vp), "heading", round(21 * s), GOLD_DARK)
        vp_rect = vp.get_rect(midright=(r.right - round(4 * s), r.centery))
        vp_icon = art("icon-vp", round(18 * s))
        vp_icon_rect = vp_icon.get_rect(midright=(vp_rect.left - round(1 * s), r.centery))
        surface.blit(vp, vp_rect)
        surface.blit(vp_icon, vp_icon_rect)
        extra_x = vp_icon_rect.left - round(4 * s)
        if i == st.queen:
            q = art("queen", round(22 * s))
            qr = q.get_rect(midright=(extra_x, r.centery))
            surface.blit(q, qr)
            extra_x = qr.left - round(2 * s)
        if st.ball is not None and i < len(st.ball.places) and st.ball.places[i] >= 0:
            pr = text(f"✦{st.ball.places[i]}", "ui-bold", round(11 * s), OXBLOOD)
            prr = pr.get_rect(midright=(extra_x, r.centery))
            surface.blit(pr, prr)
            extra_x = prr.left - round(3 * s)
        title = p.title
        tname = TITLE_NAMES[title] if title is not None else "(title returned)"
        name_img = fit_text(names[i], "heading", round(15 * s), max(10, extra_x - nx))
        surface.blit(name_img, (nx, r.top + round(1 * s)))
        sub = fit_text(
            f"{tname} · {_n(view.tile_counts[i], 'tile')} · {_n(view.card_counts[i], 'card')} · "
            f"{_n(view.bribe_counts[i], 'bribe')}",
            "ui",
            round(9 * s),
            max(10, extra_x - nx),
            MUTED,
        )
        surface.blit(sub, (nx, r.top + name_img.get_height() - round(2 * s)))
        tip = (
            f"{names[i]}: {p.vp} VP, {tname}"
            + (", holds the Queen" if i == st.queen else "")
            + f"; behind the screen {view.tile_counts[i]} tiles, {view.card_counts[i]} scandal cards, "
            f"{view.bribe_counts[i]} bribes; knights placed: {len(p.knights)} of 2"
            + ("; taxes collected" if p.tax_used else "")
            + ("; land acquired" if p.land_used else "")
            + "."
        )
        if st.ball is not None and i < len(st.ball.places) and st.ball.places[i] >= 0:
            tip += f" Prestige at this ball: {st.ball.places[i]}."
        hots.append(Hot(r, f"board:player:{i}", tip, topic="ball"))
        y += row_h


# -- the screen of the player in front -------------------------------------------------------------------
def draw_screen(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    view: PlayerView,
    names: list[str],
    styles: list[PlayerStyle],
    hots: list[Hot],
    hover,
    *,
    tile_drag: dict[TileType, bool],
    playable: set[Card],
    on_card,
    selected_tile: TileType | None,
    hidden: bool = False,
) -> None:
    st = view.state
    seat = view.seat
    me = st.players[seat]
    widgets.panel(surface, rect, s, fill=pygame.Color("#E9DAB7"))
    pad = round(12 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    # who sits here
    id_w = round(150 * s)
    crest_d = min(round(52 * s), inner.height // 2)
    draw_crest_badge(surface, (inner.left + crest_d // 2, inner.top + crest_d // 2), crest_d, styles[seat])
    name = fit_text(names[seat], "heading", round(22 * s), id_w - crest_d - round(4 * s))
    surface.blit(name, (inner.left + crest_d + round(6 * s), inner.top))
    tname = TITLE_NAMES[me.title] if me.title is not None else "no title"
    tl = text(tname, "italic", round(15 * s), MUTED)
    surface.blit(tl, (inner.left + crest_d + round(6 * s), inner.top + name.get_height() - round(2 * s)))
    if me.title is not None:
        plaque = art(TITLE_ART[me.title], (round(70 * s), round(30 * s)))
        surface.blit(plaque, (inner.left, inner.top + crest_d + round(8 * s)))
    hots.append(
        Hot(
            pygame.Rect(inner.left, inner.top, id_w, inner.height),
            "screen:who",
            f"The screen of {names[seat]} ({tname}): what is behind it is secret.",
            topic="titles",
        )
    )
    mx = inner.left + round(6 * s) + round(52 * s) + round(70 * s)
    mx = max(mx, inner.left + id_w)
    pygame.draw.line(surface, RULE, (mx, inner.top), (mx, inner.bottom), 1)
    x = mx + round(10 * s)
    if hidden:
        msg = text("The screen is closed.", "italic", round(18 * s), MUTED)
        surface.blit(msg, msg.get_rect(midleft=(x, inner.centery)))
        return
    # tiles by kind
    tile = min(round(58 * s), inner.height - round(24 * s))
    for t in TileType:
        r = pygame.Rect(x, inner.top + round(4 * s), tile, tile)
        n = me.tiles[t]
        if n:
            for k in range(min(3, n) - 1, -1, -1):
                surface.blit(art(TILE_ART[t], tile), r.move(k * round(3 * s), -k * round(3 * s)))
        else:
            pygame.draw.rect(surface, PANEL, r, border_radius=round(3 * s))
            pygame.draw.rect(surface, RULE, r, 1, border_radius=round(3 * s))
            ghost = art(TILE_ART[t], tile).copy()
            ghost.set_alpha(50)
            surface.blit(ghost, r)
        can = tile_drag.get(t, False)
        if selected_tile == t:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), max(2, round(3 * s)), border_radius=round(4 * s))
        elif can and hover and r.collidepoint(hover):
            pygame.draw.rect(surface, ROYAL_BLUE, r.inflate(4, 4), 2, border_radius=round(4 * s))
        badge(surface, (r.right - round(2 * s), r.top + round(4 * s)), str(n), s)
        lab = text(TILE_NAMES[t], "ui", round(10.5 * s), INK if n else MUTED)
        surface.blit(lab, lab.get_rect(midtop=(r.centerx, r.bottom + round(2 * s))))
        tip = f"{n} {TILE_NAMES[t]} tile{'s' if n != 1 else ''} behind your screen. {TILE_TIPS[t]}"
        if can:
            tip += " Drag one onto a glowing cell of your estate (or click it, then click a cell)."
        hots.append(Hot(r, f"screen:tile:{t.label}", tip, drag=("tile", t) if can else None, topic="expand"))
        x += tile + round(12 * s)
    x += round(4 * s)
    pygame.draw.line(surface, RULE, (x, inner.top), (x, inner.bottom), 1)
    x += round(10 * s)
    # money, bribes, markers
    col_w = round(96 * s)
    coin = art("coin-10" if me.money >= 10 else "coin-5" if me.money >= 5 else "coin-1", round(34 * s))
    surface.blit(coin, (x, inner.top + round(4 * s)))
    m = text(f"£{me.money}", "heading", round(26 * s), INK)
    surface.blit(m, (x + coin.get_width() + round(4 * s), inner.top + round(2 * s)))
    hots.append(
        Hot(pygame.Rect(x, inner.top, col_w, round(40 * s)), "screen:money", f"£{me.money} behind your screen.")
    )
    purse = art("bribe", round(32 * s))
    by = inner.top + round(44 * s)
    surface.blit(purse, (x, by))
    b = text(f"× {me.bribes}", "heading", round(20 * s), INK)
    surface.blit(b, (x + purse.get_width() + round(4 * s), by + round(3 * s)))
    hots.append(
        Hot(
            pygame.Rect(x, by, col_w, round(34 * s)),
            "screen:bribes",
            f"{me.bribes} bribe markers: hand them back for £1 at taxes, a tile at land, 1 prestige at a ball.",
            topic="bribe",
        )
    )
    my = inner.bottom - round(26 * s)
    for i, (used, name, word) in enumerate(
        ((me.tax_used, "tax-marker", "Taxes"), (me.land_used, "land-marker", "Land"))
    ):
        mr = pygame.Rect(x + i * round(34 * s), my, round(28 * s), round(28 * s))
        img = art(name, mr.height)
        if not used:
            img = img.copy()
            img.set_alpha(255)
        else:
            img = img.copy()
            img.set_alpha(90)
        surface.blit(img, mr)
        tip = (
            f"{word}: already used this decade (the marker lies in front of your screen)."
            if used
            else f"{word}: still available this decade."
        )
        hots.append(Hot(mr, f"screen:{word.lower()}-marker", tip, topic=word.lower()))
    x += col_w + round(6 * s)
    pygame.draw.line(surface, RULE, (x, inner.top), (x, inner.bottom), 1)
    x += round(10 * s)
    # scandal cards
    ch = inner.height - round(18 * s)
    cw = int(ch * 0.7)
    avail = inner.right - x
    n = len(me.cards)
    step = cw + round(6 * s)
    if n > 1 and n * step > avail:
        step = max(round(14 * s), (avail - cw) // (n - 1))
    label = text("Scandal cards" if n else "No scandal cards", "italic", round(12 * s), MUTED)
    surface.blit(label, (x, inner.bottom - label.get_height() + round(2 * s)))
    for k, card in enumerate(me.cards):
        r = pygame.Rect(x + k * step, inner.top, cw, ch - round(2 * s))
        lifted = hover and r.collidepoint(hover) and (k == n - 1 or hover[0] < r.left + step)
        if lifted:
            r = r.move(0, -round(6 * s))
        surface.blit(art(CARD_ART[card], r.size), r)
        ok = card in playable
        if ok:
            pygame.draw.rect(surface, GOLD, r.inflate(3, 3), max(1, round(2 * s)), border_radius=round(4 * s))
        name = fit_text(card.title, "ui-bold", round(9 * s), int(cw * 0.74), INK)
        surface.blit(name, name.get_rect(center=(r.centerx, r.bottom - int(r.height * 0.15))))
        hit = pygame.Rect(r.left, r.top, step if k < n - 1 else cw, r.height)
        tip = f"{card.title}: {CARD_TIPS[card]}" + (" Click to play it now." if ok else "")
        hots.append(
            Hot(
                hit,
                f"screen:card:{k}:{card.label}",
                tip,
                (lambda c=card: on_card(c)) if ok else None,
                True,
                topic=CARD_TOPICS[card],
            )
        )


@functools.lru_cache(maxsize=4096)
def _wrapped(entry: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(widgets.wrap(entry, assets.font("body", size), width))


# -- the log ----------------------------------------------------------------------------------------------
def draw_log(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    log: list[str],
    scroll: int,
    hots: list[Hot],
    names: list[str],
    styles: list[PlayerStyle],
) -> int:
    """The chronicle, newest at the bottom; ``scroll`` lines up from the end. Returns the max scroll.

    Runs of a player's identical count lines are shown as one (:mod:`game.table.chronicle`); ``log``
    itself is left as it is (it is saved and cut back by undo)."""
    widgets.panel(surface, rect, s)
    pad = round(10 * s)
    title = widgets.gold_text("Chronicle", round(22 * s))
    surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + round(6 * s))))
    top = rect.top + round(8 * s) + title.get_height()
    pygame.draw.line(surface, RULE, (rect.left + pad, top), (rect.right - pad, top), 1)
    area = pygame.Rect(
        rect.left + pad, top + round(4 * s), rect.width - 2 * pad, rect.bottom - pad - top - round(4 * s)
    )
    font = assets.font("body", max(12, round(15 * s)))
    lh = font.get_linesize()
    visible = max(1, area.height // lh)
    width = area.width - round(8 * s)
    size = max(12, round(15 * s))
    # wrap from the newest entry backwards, only as far as the scroll position needs (cached per entry)
    wrapped: list[tuple[str, bool]] = []
    need = visible + scroll + 1
    for entry in merged_reversed(log, names):  # repeated count lines read as one
        lines_ = _wrapped(entry, size, width)
        wrapped[:0] = [(line, k == 0) for k, line in enumerate(lines_)]
        if len(wrapped) >= need:
            break
    total = len(wrapped)
    more = len(wrapped) >= need  # older entries exist beyond what was wrapped
    max_scroll = max(0, total - visible) + (1 if more else 0)
    scroll = max(0, min(scroll, max_scroll))
    lines = wrapped[max(0, total - visible - scroll) : total - scroll] if wrapped else []
    old = surface.get_clip()
    surface.set_clip(area)
    y = area.top
    for k, (line, first) in enumerate(lines):
        newest = scroll == 0 and k >= len(lines) - 3
        colour = INK if newest else MUTED
        if line.startswith(("A masked ball", "Decade", "The game is over")):
            colour = pygame.Color(OXBLOOD)
        turn_of = next((i for i, n in enumerate(names) if first and line == f"{n}'s turn."), -1)
        if turn_of >= 0:  # a new turn: a hairline, the player's crest and name in the heading face
            pygame.draw.line(surface, RULE, (area.left, y + 1), (area.right - round(6 * s), y + 1), 1)
            d = max(8, lh - round(4 * s))
            draw_crest_badge(surface, (area.left + d // 2, y + lh // 2 + 1), d, styles[turn_of])
            img = assets.font("heading", max(12, round(15 * s))).render(line, True, colour)
            surface.blit(img, (area.left + d + round(4 * s), y + 1))
        else:
            img = font.render(line, True, colour)
            surface.blit(img, (area.left + (0 if first else round(8 * s)), y))
        y += lh
    surface.set_clip(old)
    hots.append(Hot(area, "log", "The chronicle of the game: every event in words. Scroll with the mouse wheel."))
    if max_scroll:
        frac = 1 - scroll / max_scroll
        bar_h = max(round(20 * s), area.height * visible // max(1, total + (20 if more else 0)))
        by = area.top + int((area.height - bar_h) * frac)
        pygame.draw.rect(surface, RULE, (rect.right - round(6 * s), by, round(3 * s), bar_h), border_radius=2)
    return max_scroll


# -- the other estates ------------------------------------------------------------------------------------
def draw_miniatures(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    view: PlayerView,
    names: list[str],
    styles: list[PlayerStyle],
    hots: list[Hot],
    hover,
    *,
    shown: int,
    on_pick,
    knight_targets: dict[tuple[int, int], object],
    on_knight,
) -> None:
    """One card per seat other than the one shown large; click to show it large; knight targets glow."""
    st = view.state
    seats = [i for i in range(st.n) if i != shown]
    if not seats:
        return
    gap = round(6 * s)
    w = (rect.width - gap * (len(seats) - 1)) // len(seats)
    for k, seat in enumerate(seats):
        r = pygame.Rect(rect.left + k * (w + gap), rect.top, w, rect.height)
        p = st.players[seat]
        is_hover = bool(hover and r.collidepoint(hover))
        widgets.panel(surface, r, s, fill=PARCHMENT_LIGHT if is_hover else PANEL, shadow=True)
        head_h = round(24 * s)
        crest_d = round(20 * s)
        draw_crest_badge(
            surface, (r.left + round(8 * s) + crest_d // 2, r.top + round(6 * s) + crest_d // 2), crest_d, styles[seat]
        )
        nx = r.left + round(12 * s) + crest_d
        vp = text(f"{p.vp} VP", "heading", round(15 * s), GOLD_DARK)
        vr = vp.get_rect(topright=(r.right - round(8 * s), r.top + round(5 * s)))
        surface.blit(vp, vr)
        right = vr.left - round(3 * s)
        if seat == st.queen:
            q = art("queen", round(20 * s))
            qr = q.get_rect(topright=(right, r.top + round(4 * s)))
            surface.blit(q, qr)
            right = qr.left - round(2 * s)
        tname = TITLE_NAMES[p.title] if p.title is not None else "—"
        room = max(10, right - nx)
        head_font = assets.font("heading", max(6, round(14 * s)))
        title_below = head_font.size(f"{names[seat]} · {tname}")[0] > room / 0.85
        # a narrow card: the name alone up top (legible), the title moves to the foot of the card
        nm = fit_text(names[seat] if title_below else f"{names[seat]} · {tname}", "heading", round(14 * s), room)
        surface.blit(nm, (nx, r.top + round(6 * s)))
        kn = text(f"knights {2 - len(p.knights)} at home", "ui", round(9 * s), MUTED)
        body = pygame.Rect(
            r.left + round(6 * s),
            r.top + head_h + round(4 * s),
            r.width - round(12 * s),
            r.height - head_h - round(10 * s) - kn.get_height(),
        )
        geo = estate_geometry(p.estate, body, margin=0.2, max_cell=round(30 * s))
        highlights = {}
        for (owner, region), _action in knight_targets.items():
            if owner == seat:
                for cell in p.estate.region_cells(region):
                    highlights[cell] = GOLD
        draw_estate(surface, p.estate, geo, players=styles, highlights=highlights or None, shadow=False, grid=False)
        kx, ky = r.left + round(8 * s), r.bottom - kn.get_height() - round(5 * s)
        ksize = max(10, kn.get_height() + round(2 * s))
        for k in range(board.KNIGHTS_PER_PLAYER):
            helmet = art("knight", ksize, styles[seat].colour)
            if k >= board.KNIGHTS_PER_PLAYER - len(p.knights):
                helmet = helmet.copy()
                helmet.set_alpha(70)  # out on another estate
            surface.blit(helmet, (kx, ky - round(2 * s)))
            kx += ksize
        kn = text(f"{2 - len(p.knights)} at home", "ui", round(9 * s), MUTED)
        surface.blit(kn, (kx + round(3 * s), ky))
        if title_below and p.title is not None:
            left = kx + round(9 * s) + kn.get_width()
            tl = fit_text(tname, "italic", round(12 * s), r.right - round(8 * s) - left, MUTED)
            surface.blit(tl, tl.get_rect(bottomright=(r.right - round(8 * s), ky + kn.get_height())))
        tip = (
            f"{names[seat]}'s estate: {len(p.estate.tiles)} tiles, {len(p.estate.regions)} regions, "
            f"{p.vp} VP, {tname}" + (", holds the Queen" if seat == st.queen else "") + ". Click to view it large."
        )
        hots.append(Hot(r, f"mini:{seat}", tip, (lambda s_=seat: on_pick(s_))))
        for (owner, region), action in knight_targets.items():
            if owner != seat:
                continue
            anchor = p.estate.regions[region][1]
            cr = pygame.Rect(geo.cell_rect(anchor).topleft, (2 * geo.cell, 2 * geo.cell))
            kind = p.estate.regions[region][0].label
            hots.append(
                Hot(
                    cr,
                    f"knight:{owner}:{region}",
                    f"Send your knight to {names[owner]}'s {kind}.",
                    (lambda a=action: on_knight(a)),
                    topic="knights",
                )
            )


def building_icon(building: Building, size: int) -> pygame.Surface:
    return art(BUILDING_ART[building], size)


def title_name(title: Title | None) -> str:
    return TITLE_NAMES[title] if title is not None else "no title"
