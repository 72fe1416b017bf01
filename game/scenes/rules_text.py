# ruff: noqa: E501  (prose: one paragraph per line reads and diffs better)
"""The in-game rules reference: topics written for this edition.

Each :class:`Topic` has a stable ``id`` so other scenes can open the reference
at the right place (``RulesScene(ctx, topic="card-dowry")``).  Titles, groups and bodies are English
message ids of the catalogs, read in the language spoken (:func:`text`).  Bodies use a
tiny markup turned into pygame-gui's HTML subset by :func:`to_html`:

``**bold**``, ``*italic*``, ``[words](topic-id)`` (a link to another topic),
a blank line between paragraphs, and lines starting with ``- `` as bullets.
"""

from __future__ import annotations

import html
import re

import attrs

from game.i18n import N_, _


@attrs.frozen
class Topic:
    id: str
    title: str
    group: str
    body: str


_T: list[Topic] = []


def _topic(id: str, title: str, group: str, body: str) -> None:
    _T.append(Topic(id, title, group, body))  # the message id as written, newlines and all


# -- The game ---------------------------------------------------------------------
_topic("overview", N_("Overview & goal"), N_("The game"), N_("""
You are a newly risen noble family at the court of the Queen. Over **three decades** you grow a country estate out of square land tiles, raise castles, palaces, chapels and follies on it, buy favour with the royal family and gather the prestige that wins titles at the Queen's masked balls.

**The goal:** finish with the most **victory points (VP)**. VP come from almost everything: bribes, donations to the church, leisure, follies, titles at each ball, holding the Queen at the end of your turn, well-surrounded castles and palaces, and Liaison cards kept to the end.

**Hidden and open.** Behind your screen you keep your tiles, money, bribe markers and scandal cards. Everyone can see your estate, your buildings and knights, your title, your VP and whether you hold the Queen. How many tiles, bribes and cards are behind a screen, and how much money, anyone at the table can count (every pound is paid in the open): the court beside the board keeps those counts for you.

**How time passes.** The game has no fixed number of turns. A round marker walks along the [round track](queen) one step each time the holder of the Queen finishes a turn. Halfway and at the end of each loop a [masked ball](ball) is held; at the end of the loop castles and palaces are [scored](scoring) and a [new decade](decade) begins. Keeping or passing on the Queen therefore sets the pace of the whole game.

**Winning.** After the third decade's building scoring, Liaison cards pay out and the richest in VP wins; see [End of the game](end).
"""))

_topic("setup", N_("Setup"), N_("The game"), N_("""
Three to five players sit in a fixed clockwise order.

- **Money:** the start player takes £10; each next player takes £1 more (£11, £12, £13, £14). Behind the screen it goes.
- **The board:** castles, chapels and palaces are laid on their price rows, filling the **most expensive** spaces first: 3 of each of castles and chapels and 2 palaces with three players, 4/4/3 with four, 5/5/4 with five. All four follies go out. The other buildings wait in the supply.
- **The Queen** starts with the last player in turn order, the one to the right of the start player.
- **Your estate** begins as a single meadow tile with one castle standing on it.
- **Tiles:** each of you chooses 0 to 3 tiles of each of the four kinds (field, grove, fountain, meadow). All remaining tiles go into the bag, and everyone then draws at random until they have 12. In the *first game* option everyone simply takes 3 of each kind.
- **Scandal cards:** each of you looks at 3 cards, keeps 1 and slides the other 2 under the deck.
- **Titles and markers:** everyone starts as a Baron or Baroness, with two knights, a tax marker and a land marker at hand. The round marker sits on the start space, the decade marker on I.
"""))

_topic("turn", N_("A turn"), N_("The game"), N_("""
Turns go clockwise. On your turn you take **exactly one action**, chosen from A to G:

- A [Expand the estate](action-expand)
- B [Build](action-build) a castle, palace, chapel or folly
- C [Bribe the royal family](action-bribe)
- D [Collect taxes](action-taxes) (once per decade)
- E [Acquire land](action-land) (once per decade)
- F [Donate to the church](action-church)
- G [Leisure](action-leisure)

Around that action you may also:

- play **at most one** [scandal card](cards), before or after the action;
- [trade](trading) two tiles for one of your choice, as often as you like, at any step of your turn.

**End of your turn.** If you hold the [Queen](queen), you gain 1 VP and the round marker moves one space along the round track, which may set off a [ball](ball) or the [building scoring](scoring).
"""))

# -- Actions -------------------------------------------------------------------------
_topic("action-expand", N_("A · Expand the estate"), N_("Actions"), N_("""
Lay **up to three tiles** from behind your screen into your estate, one after another. Each new tile must touch an edge of a tile already there (diagonal contact is not enough); apart from that you may build out in any direction.

When you have finished placing, collect the rewards:

- **Field:** £1 for each field placed.
- **Grove:** 1 random tile from the bag for each grove placed.
- **Fountain, meadow:** nothing now (fountains give prestige at a [ball](ball); meadows are where buildings stand).
- **Completing a farm** (four fields in a square): +£2.
- **Completing a forest** (four groves): +2 random tiles.
- **Completing a garden** (four fountains): you take the [Queen](queen).

Tiles earned are drawn only after all placing is done. See [Regions](regions) for how squares form.

*Example:* with two fields, two groves and two fountains already down, you lay two groves and a fountain and close a forest: 2 tiles for the groves + 2 for the forest, so 4 tiles, and no money.
"""))

_topic("action-build", N_("B · Build"), N_("Actions"), N_("""
Build **one** building that is on the board. You always take the **cheapest** of that kind, and pay its price minus your [title's](ball) discount (Duke £3, Marquess £2, Earl £1, never below £0). No money, no building.

**Castle** (£5 to £9). Place it on an empty meadow of your estate that does not touch any castle or palace, not even at a corner. Then you may send one of your [knights](knights) to an unoccupied region of another player and take that region's tribute.

**Palace** (£10 to £13). It replaces one of your castles; the castle returns to the supply (not to the board). You take the [Queen](queen).

**Chapel** (£3 to £7). Place it on an empty meadow that does not touch another chapel, not even at a corner. You receive a [scandal card](cards): look at three, keep one.

**Folly** (£12). Each folly demands regions in your estate: two forests, two farms, two gardens, or one of each. It goes on any empty meadow. The first folly built in the game is worth 12 VP, then 10, 8 and 6. Knights standing on your regions don't stop you.

Castles and palaces that are surrounded on all eight sides score at the end of each decade; see [Building scoring](scoring).
"""))

_topic("action-bribe", N_("C · Bribe the royal family"), N_("Actions"), N_("""
Buy up to **five bribe markers** from the board at **£2 each**; each one is worth **1 VP** at once. You cannot buy more than you can pay for or than the board still holds (there are 20 in all).

The markers stay behind your screen and can be cashed in later:

- +£1 each when you [collect taxes](action-taxes);
- +1 tile each when you [acquire land](action-land);
- +1 prestige each at a [masked ball](ball).

A returned marker goes back to the board, where it can be bought again.
"""))

_topic("action-taxes", N_("D · Collect taxes"), N_("Actions"), N_("""
Once per decade. Put your tax marker in front of your screen to show it is used, then take:

- £1 for every **field** in your estate;
- £2 for every **farm** of yours with no knight on it;
- £2 for every one of **your knights** standing on another player's farm;
- £1 for every [bribe marker](action-bribe) you hand back.

*Example:* seven fields, one free farm and a knight on a rival's farm bring in £7 + £2 + £2 = £11.

The marker returns behind your screen at the [new decade](decade).
"""))

_topic("action-land", N_("E · Acquire land"), N_("Actions"), N_("""
Once per decade. Put your land marker in front of your screen, then draw from the bag:

- 1 tile for every **grove** in your estate;
- 2 tiles for every **forest** of yours with no knight on it;
- 2 tiles for every one of **your knights** on another player's forest;
- 1 tile for every [bribe marker](action-bribe) you hand back.

*Example:* seven groves, your only forest occupied by a rival's knight, no knights of your own on forests, and three bribes returned: 7 + 3 = 10 tiles.

If the bag runs short you get what is left.
"""))

_topic("action-church", N_("F · Donate to the church"), N_("Actions"), N_("""
Give any number of tiles from behind your screen to the church and gain **1 VP per tile**.

The church accepts at most **three tiles of each kind per decade** (twelve places in all). Once its three fields are taken, nobody can donate fields until the next decade, and so on.

*Example:* the church already holds 3 fields, 2 fountains and 2 meadows. You donate 3 groves and 1 fountain for 4 VP. It will take no more fields this decade, but one more meadow would still fit.

At the [new decade](decade) the church's tiles go back into the bag.
"""))

_topic("action-leisure", N_("G · Leisure"), N_("Actions"), N_("""
Spend the turn at your ease: do nothing else as your action and gain **1 VP**.

You may still play a [scandal card](cards) and [trade](trading) tiles in the same turn. Leisure is also a way to hand the turn on quickly while you hold the [Queen](queen).
"""))

# -- Estates -----------------------------------------------------------------------------
_topic("regions", N_("Regions"), N_("Estates"), N_("""
Four tiles of the same kind laid in a 2×2 square form a **region**:

- four **fields** make a **farm** (wheat sheaf);
- four **groves** make a **forest** (oak leaf);
- four **fountains** make a **garden** (rosette).

Meadows never form regions; they are the building plots.

Each tile belongs to at most one region: the tiles of one region cannot be reused for a second, overlapping square. A region forms the moment its fourth tile is placed; if one tile could close two different squares, you choose which one.

Regions pay off in many places: when they are [completed](action-expand), when you [collect taxes](action-taxes) or [acquire land](action-land), at each [ball](ball) (gardens), and for [follies](action-build). A rival's [knight](knights) on your region takes part of that value.
"""))

_topic("knights", N_("Knights"), N_("Estates"), N_("""
Every player has **two knights**. You send one out after you build a **castle** (it is optional): place it on a completed region of **another** player that has no knight on it yet. If both your knights are already out, you may move one of them.

The owner of the region pays you at once:

- **farm:** £2 (or all his money if he has less);
- **forest:** 2 tiles from behind his screen, of **his** choice (fewer if he has fewer);
- **garden:** the [Queen](queen), if he holds her; otherwise nothing.

A knight then keeps working for you: its region pays **you** instead of its owner when you [collect taxes](action-taxes) (farm), [acquire land](action-land) (forest), or count prestige at a [ball](ball) (garden).
"""))

# -- Scandal cards ---------------------------------------------------------------------
_topic("cards", N_("Scandal cards"), N_("Scandal cards"), N_("""
There are **35 scandal cards** of ten kinds. They are kept secret behind your screen.

**Getting a card:** look at the top three cards of the deck, keep one and slide the other two under the deck. You get cards at setup, by building a [chapel](action-build), and at each [new decade](decade).

**Playing a card:** at most **one per turn**, before or after your action. A played card goes under the deck. At a [ball](ball) you may also hand cards back for prestige (Blackmail +3, any other +1).

The ten kinds:

- [Inheritance](card-inheritance) (3) · a free castle
- [Intrigue](card-intrigue) (3) · keep all three cards you look at
- [Blackmail](card-blackmail) (4) · +3 prestige at a ball
- [Liaison](card-liaison) (4) · +3 VP at the end of the game
- [Secret Marriage](card-secret-marriage) (4) · two bribes and 2 VP
- [Dowry](card-dowry) (4) · four random tiles
- [Cunning Stroke](card-cunning-stroke) (4) · an extra Expand
- [Tribute](card-tribute) (4) · £5
- [Favour of the Vicar](card-vicar) (3) · tiles back to the bag for VP
- [Whitehall](card-whitehall) (2) · take the Queen
"""))

_topic("card-inheritance", N_("Inheritance"), N_("Scandal cards"), N_("""
**Play:** build the cheapest castle on the board **for free**, on an empty meadow of your estate that obeys the usual castle rule (no castle or palace around it, corners included).

Unlike a bought castle, an inherited one brings **no knight**. You cannot play the card when the board has no castle left or you have no meadow where a castle may stand.

There are 3 Inheritance cards. See also [Build](action-build).
"""))

_topic("card-intrigue", N_("Intrigue"), N_("Scandal cards"), N_("""
**A reaction.** Whenever you are about to receive a scandal card and have looked at the three offered, you may hand in an Intrigue card you **already held** to keep **all three** instead of one.

Because it answers another card draw, using Intrigue does not count as the one card you may play in your turn.

There are 3 Intrigue cards. See [Scandal cards](cards) for when cards are drawn.
"""))

_topic("card-blackmail", N_("Blackmail"), N_("Scandal cards"), N_("""
**At a ball:** when you count your prestige at a [masked ball](ball), hand back any number of Blackmail cards for **+3 prestige** each (other cards give only +1).

There are 4 Blackmail cards.
"""))

_topic("card-liaison", N_("Liaison"), N_("Scandal cards"), N_("""
**Keep it.** Every Liaison card still behind your screen when the game ends is worth **+3 VP**. You may hold several.

Handing a Liaison back at a ball gives only +1 prestige, so think twice.

There are 4 Liaison cards. See [End of the game](end).
"""))

_topic("card-secret-marriage", N_("Secret Marriage"), N_("Scandal cards"), N_("""
**Play:** take **two bribe markers** from the board for free (fewer if fewer are left) and gain **2 VP**; the 2 VP come even if the board is empty.

The markers are ordinary [bribes](action-bribe): hand them back later for money, tiles or prestige.

There are 4 Secret Marriage cards.
"""))

_topic("card-dowry", N_("Dowry"), N_("Scandal cards"), N_("""
**Play:** draw **four random tiles** from the bag behind your screen.

There are 4 Dowry cards.
"""))

_topic("card-cunning-stroke", N_("Cunning Stroke"), N_("Scandal cards"), N_("""
**Play:** take one extra [Expand the estate](action-expand) action: up to three more tiles, with all their rewards. It works even in a turn whose action is already Expand, so you can lay up to six tiles.

There are 4 Cunning Stroke cards.
"""))

_topic("card-tribute", N_("Tribute"), N_("Scandal cards"), N_("""
**Play:** take **£5** from the bank.

There are 4 Tribute cards.
"""))

_topic("card-vicar", N_("Favour of the Vicar"), N_("Scandal cards"), N_("""
**Play:** put up to **four tiles** from behind your screen back into the bag and gain **1 VP** for each.

Unlike a [donation](action-church), this ignores the church's limits, and it uses no action.

There are 3 Favour of the Vicar cards.
"""))

_topic("card-whitehall", N_("Whitehall"), N_("Scandal cards"), N_("""
**Play:** take the [Queen](queen), from whoever holds her.

While the round marker stands on the Queen-lock space, the card can be played but the Queen does not move.

There are 2 Whitehall cards.
"""))

# -- The court ---------------------------------------------------------------------
_topic("trading", N_("Trading tiles"), N_("The court"), N_("""
During your turn, as often as you like, you may give **two tiles** from behind your screen back to the bag and take **one tile of your choice** from it, provided the bag still holds that kind.

Trading is not an action: it can come at any moment of your own turn - before, after or between the other parts of it, and also while you are in the middle of one: between the tiles of an expansion, while you choose which square becomes a region, place an inherited castle, send a knight, return tiles for Favour of the Vicar, donate to the church, or keep the scandal card a chapel brought you. The Trade button is open at every one of these steps.

You cannot trade outside your own turn: not while you give tiles to another player's knight, not at a ball, and not when a new decade deals everyone a scandal card.
"""))

_topic("queen", N_("The Queen & the round track"), N_("The court"), N_("""
**Holding the Queen.** At the end of each of your turns while you hold the Queen, gain **1 VP** and move the round marker one space.

**Taking the Queen.** She comes to you when you complete a garden, build a palace, place a knight on the garden of the player who holds her, or play Whitehall.

**The round track** has one loop per decade:

start → 1 → 2 → 3 → **4 ball** → 5 → 6 → 7 → **8 ball** → **9 Queen-lock** → **10 building scoring**

- On a **ball** space a [masked ball](ball) is held at once; afterwards the marker moves one more space.
- On the **Queen-lock** space nobody can take the Queen. Actions that would give her are still allowed, but she stays put. This gives everyone one last turn before the scoring.
- On the **building scoring** space castles and palaces [score](scoring) and a [new decade](decade) begins.

So whoever holds the Queen decides how fast the decade runs: hand her on, or keep her and race to the next ball.
"""))

_topic("ball", N_("Masked ball & titles"), N_("The court"), N_("""
A masked ball is held when the round marker reaches a ball space (twice per decade).

- **1.** Everyone hands back their title.
- **2.** Starting with the holder of the Queen and going clockwise, each player counts **prestige**: 1 per fountain in the estate, 2 per garden of their own with no knight on it, 2 per knight of theirs on another player's garden, 2 per palace. Knowing the others' totals so far, each may add prestige by handing back [bribes](action-bribe) (+1 each) and [scandal cards](cards) (Blackmail +3, others +1). A marker landing on a space already taken drops to the next free lower space (any number may share 0).
- **3.** From the highest prestige down, each takes the best title still in the supply that their prestige allows.
- **4.** Titles score at once: **Duke 7 VP**, **Marquess 5**, **Earl 3**, **Viscount 1**, Baron 0.
- **5.** Prestige markers return to 0.
- **6.** The round marker moves on one space, and the player to the left of the Queen holder plays next.

**Titles**, with the prestige they need and the discount they give on [buildings](action-build):

- Duke / Duchess · 14+ · 7 VP · £3 off
- Marquess / Marchioness · 10+ · 5 VP · £2 off
- Earl / Countess · 6+ · 3 VP · £1 off
- Viscount / Viscountess · 2+ · 1 VP
- Baron / Baroness · 0+ · 0 VP

Few high titles exist: with three players one each of Duke, Marquess, Earl and Viscount; with four, two Viscounts; with five, two Earls and three Viscounts. Everyone else is a Baron.

*Example (four players):* prestige 11, 10, 9 and 1 gives Marquess, Earl, Viscount and Baron.
"""))

_topic("scoring", N_("Building scoring"), N_("The court"), N_("""
When the round marker reaches the last space of the track, every estate is scored:

- each **castle** with tiles on all **eight** surrounding squares (edges and corners): **3 VP**, plus **1 VP** for each chapel among those eight;
- each **palace** with tiles on all eight surrounding squares: **5 VP**, plus **2 VP** for each chapel next to it.

Follies and chapels score nothing by themselves, and a castle or palace with an open side scores nothing at all. A chapel next to two scoring buildings counts for both.

*Example:* an enclosed castle with one chapel (4), a castle with one open side (0), an enclosed palace with two chapels (9) and a folly (0) make 13 VP.

Then the decade ends; see [New decade](decade).
"""))

_topic("decade", N_("New decade"), N_("The court"), N_("""
Before the second and the third decade:

- **1.** Refill the board's castles, chapels and palaces from the supply up to the setup numbers, most expensive spaces first (leave gaps if the supply runs out). Follies are never refilled.
- **2.** The church's tiles go back into the bag; tax and land markers go back behind the screens, so [taxes](action-taxes) and [land](action-land) can be taken again.
- **3.** Each player receives one [scandal card](cards) (look at three, keep one), the Queen holder first.
- **4.** The decade marker advances, the round marker returns to the start, and the player to the left of the Queen holder begins.
"""))

_topic("end", N_("End of the game"), N_("The court"), N_("""
The game ends after the [building scoring](scoring) of the **third** decade.

- Each [Liaison](card-liaison) card still held is worth **+3 VP**.
- The player with the most VP wins.
- On a tie, the tied player with the most money wins; if they are still level, they share the victory.
"""))

_topic("rulings", N_("Rulings of this edition"), N_("This edition"), N_("""
Where the printed rules are silent or the board must be reconstructed, this edition decides as follows:

- **The bank never runs dry.** Money is unlimited; only the 20 bribe markers are a limited supply.
- **One region per tile.** Each tile belongs to at most one region. A region forms when the fourth tile of a 2×2 square of same-kind tiles not yet in any region is placed; if one tile could close several squares, the placing player picks one.
- **Folly discount.** A folly is a building, so your title's discount applies to its £12 price.
- **Sharing zero.** At a ball any number of players may share the prestige space 0.
- **Best title automatically.** Taking the highest title you qualify for is automatic; a lower title is never better.
- **Intrigue is a reaction.** Handing in an Intrigue card when you draw cards does not use up your one card play for the turn.
- **The board.** Prices (castles £5–£9, chapels £3–£7, palaces £10–£13, follies £12), the round track (balls on 4 and 8, Queen-lock on 9, scoring on 10) and folly VP (12/10/8/6) are our reconstruction of the printed board; the German rulebook is the authority for everything else.
"""))


TOPICS: tuple[Topic, ...] = tuple(_T)
TOPIC_IDS: tuple[str, ...] = tuple(t.id for t in TOPICS)
_BY_ID = {t.id: t for t in TOPICS}

#: other names that open a topic (action letters, building kinds, short card names)
ALIASES: dict[str, str] = {
    "a": "action-expand", "b": "action-build", "c": "action-bribe", "d": "action-taxes",
    "e": "action-land", "f": "action-church", "g": "action-leisure",
    "expand": "action-expand", "build": "action-build", "bribe": "action-bribe",
    "taxes": "action-taxes", "land": "action-land", "church": "action-church", "leisure": "action-leisure",
    "build-castle": "action-build", "build-palace": "action-build", "build-chapel": "action-build",
    "build-folly": "action-build", "castle": "action-build", "palace": "action-build",
    "chapel": "action-build", "folly": "action-build", "titles": "ball", "masked-ball": "ball",
    "round-track": "queen", "goal": "overview", "trade": "trading", "card-favour-of-the-vicar": "card-vicar",
    "scandal-cards": "cards", "knight": "knights", "region": "regions", "farm": "regions",
    "forest": "regions", "garden": "regions", "end-of-game": "end", "new-decade": "decade",
    "building-scoring": "scoring",
}


def resolve(topic_id: str | None) -> str:
    """The topic id for ``topic_id`` (an id, an alias, or a card name); "overview" if unknown."""
    if not topic_id:
        return TOPIC_IDS[0]
    key = str(topic_id).strip().lower().replace("_", "-").replace(" ", "-")
    if key in _BY_ID:
        return key
    if key in ALIASES:
        return ALIASES[key]
    if f"card-{key}" in _BY_ID:
        return f"card-{key}"
    if f"action-{key}" in _BY_ID:
        return f"action-{key}"
    return TOPIC_IDS[0]


def get(topic_id: str | None) -> Topic:
    return _BY_ID[resolve(topic_id)]


def groups() -> list[tuple[str, list[Topic]]]:
    """Topics grouped in reading order."""
    out: list[tuple[str, list[Topic]]] = []
    for t in TOPICS:
        if not out or out[-1][0] != t.group:
            out.append((t.group, []))
        out[-1][1].append(t)
    return out


_LINK = re.compile(r"\[([^\]]+)\]\(([a-z0-9-]+)\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"\*(.+?)\*")
_NUMBERED = re.compile(r"^\*\*\d+\.\*\*")


def text(topic: Topic) -> str:
    """The topic's body in the language spoken."""
    return _(topic.body).strip("\n")


def links(topic: Topic) -> list[str]:
    """The topic ids ``topic`` links to."""
    return [m.group(2) for m in _LINK.finditer(text(topic))]


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = _LINK.sub(lambda m: f"<a href='{m.group(2)}'>{m.group(1)}</a>", text)
    text = _BOLD.sub(r"<b>\1</b>", text)
    return _ITALIC.sub(r"<i>\1</i>", text)


def to_html(topic: Topic) -> str:
    """The topic body in pygame-gui's HTML subset (paragraphs, bullets, bold, italic, links)."""
    parts: list[str] = []
    for para in text(topic).split("\n\n"):
        lines = [line for line in para.split("\n") if line.strip()]
        if not lines:
            continue
        if all(line.startswith("- ") for line in lines):
            parts.append("<br>".join(
                f"  {_inline(line[2:])}" if _NUMBERED.match(line[2:]) else f"  •  {_inline(line[2:])}"
                for line in lines))
        else:
            parts.append(" ".join(_inline(line) for line in lines))
    return "<br><br>".join(parts)


def plain_text(topic: Topic) -> str:
    """The body without markup (for search and tests)."""
    words = _LINK.sub(r"\1", text(topic))
    return words.replace("**", "").replace("*", "")
