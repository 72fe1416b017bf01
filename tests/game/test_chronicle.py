"""The chronicle words the engine's typed events for the viewer, shows a run of identical count events as one
line, keeps private results for their owner, and points at what a line is about; the log itself stays event
for event."""

from __future__ import annotations

import attrs
import pytest

from game.persist import saves
from game.table import chronicle
from game.table.chronicle import entries, reference
from game.table.targets import ChronicleEntry
from game.ui import assets
from game.ui.event_words import event_words
from game.ui.theme import GOLD
from rules import Card, Cause, Event, EventKind, RegionKind, TileType
from tests.game import test_table_support as support
from tests.game.test_table_support import frames, make_table

E = EventKind
app = support.app  # the fixture
NAMES = ["Anne", "Robert", "Mary", "Walter", "Frances"]


def words(log, viewer=None):
    return [event_words(e.event, NAMES, viewer, e.count) for e in entries(log)]


def test_four_bribes_handed_back_read_as_one_line():
    log = [Event(E.BALL_STARTED)] + [Event(E.BRIBES_RETURNED, 3, 1, cause=Cause.PRESTIGE)] * 4
    log += [Event(E.PRESTIGE_PLACED, 3, 16)]
    assert words(log) == [
        "A masked ball begins: everyone returns their title.",
        "Walter handed back 4 bribes: +4 prestige.",
        "Walter places the prestige marker on 16.",
    ]


def test_counts_add_up_by_kind():
    def one(event, count):
        return words([event] * count)

    assert one(Event(E.TILES_DRAWN, 0, 2, cause=Cause.LAND), 3) == ["Anne acquired land: 6 tiles."]
    assert one(Event(E.BRIBES_TAKEN, 0, 1), 2) == ["Anne took 2 bribes."]
    assert one(Event(E.VP_GAINED, 2, 1, cause=Cause.LEISURE), 3) == ["Leisure: Mary gained 3 VP."]
    assert one(Event(E.MONEY_GAINED, 2, 1, cause=Cause.TAXES), 2) == ["Mary collected £2 in taxes."]
    assert one(Event(E.TILES_RETURNED, 1, 1, tile=TileType.GROVE), 4) == ["Robert put 4 groves into the bag."]
    assert one(Event(E.DONATED, 1, 1, tile=TileType.FIELD), 2) == ["Robert donated 2 fields to the church."]
    assert one(Event(E.CARD_KEPT, 4, 1, cards=(Card.DOWRY,)), 2) == ["Frances kept 2 scandal cards."]


def test_only_identical_consecutive_count_events_merge():
    log = [
        Event(E.BRIBES_RETURNED, 3, 1, cause=Cause.PRESTIGE),
        Event(E.BRIBES_RETURNED, 0, 1, cause=Cause.PRESTIGE),  # another player
        Event(E.BRIBES_RETURNED, 3, 1, cause=Cause.PRESTIGE),
        Event(E.BRIBES_RETURNED, 3, 1, cause=Cause.TAXES),  # another reason
        Event(E.TURN_STARTED, 0),
        Event(E.TURN_STARTED, 0),  # no count: never merged
        Event(E.CARD_HANDED_BACK, 3, 3, card=Card.BLACKMAIL, cause=Cause.PRESTIGE),
    ]
    assert [e.count for e in entries(log)] == [1] * len(log)


def test_no_grid_coordinates_and_whose_estate():
    placed = Event(E.TILE_PLACED, 0, tile=TileType.FOUNTAIN, pos=(-1, 1))
    assert words([placed]) == ["Anne placed a fountain."]
    assert words([placed], viewer=0) == ["You placed a fountain."]
    knight = Event(E.KNIGHT_PLACED, 0, other=1, region=RegionKind.FOREST, pos=(2, 0))
    assert words([knight]) == ["Anne sent a knight to Robert's forest."]
    assert words([knight], viewer=1) == ["Anne sent a knight to your forest."]


def test_private_results_only_in_their_owners_words():
    drawn = Event(E.TILES_DRAWN, 0, 3, cause=Cause.LAND, tiles=(TileType.FIELD, TileType.GROVE, TileType.GROVE))
    assert words([drawn], viewer=0) == ["You acquired land: a field and 2 groves."]
    assert words([drawn], viewer=1) == ["Anne acquired land: 3 tiles."]
    assert words([drawn], viewer=None) == ["Anne acquired land: 3 tiles."]
    handed = Event(E.CARD_HANDED_BACK, 2, 1, cause=Cause.PRESTIGE, cards=(Card.VICAR,))
    assert words([handed], viewer=2) == ["You handed back Favour of the Vicar: +1 prestige."]
    assert words([handed], viewer=0) == ["Mary handed back a scandal card: +1 prestige."]
    blackmail = Event(E.CARD_HANDED_BACK, 2, 3, card=Card.BLACKMAIL, cause=Cause.PRESTIGE)
    assert words([blackmail], viewer=0) == ["Mary handed back Blackmail: +3 prestige."]
    given = Event(E.TILES_GIVEN, 1, 2, other=0, tiles=(TileType.MEADOW, TileType.MEADOW))
    assert words([given], viewer=0) == ["Robert gave 2 meadows to you."]
    assert words([given], viewer=2) == ["Robert gave 2 tiles to Anne."]


def test_a_line_points_at_its_cells_or_its_player():
    assert reference(Event(E.TILE_PLACED, 1, tile=TileType.FIELD, pos=(2, -1))) == (1, ((2, -1),))
    region = reference(Event(E.REGION_FORMED, 0, region=RegionKind.FARM, pos=(0, 0)))
    assert region == (0, ((0, 0), (1, 0), (0, 1), (1, 1)))
    assert reference(Event(E.KNIGHT_PLACED, 0, other=2, region=RegionKind.GARDEN, pos=(1, 1)))[0] == 2
    assert reference(Event(E.VP_GAINED, 3, 1, cause=Cause.LEISURE)) == (3, ())


def test_the_table_chronicle_merges_while_the_log_stays_event_for_event(app, monkeypatch):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    session = table.session
    session.log.extend([Event(E.BRIBES_RETURNED, 1, 1, cause=Cause.PRESTIGE)] * 4)
    session.version += 1  # the chronicle redraws
    shown = []
    wrapped = chronicle._wrapped

    def spy(entry, size, width, *role, **first):
        shown.append(entry)
        return wrapped(entry, size, width, *role, **first)

    monkeypatch.setattr(chronicle, "_wrapped", spy)
    frames(app, 1)
    assert shown[0] == "Robert handed back 4 bribes: +4 prestige."
    assert "Robert handed back a bribe: +1 prestige." not in shown
    assert session.log[-4:] == [Event(E.BRIBES_RETURNED, 1, 1, cause=Cause.PRESTIGE)] * 4


def test_the_log_is_rebuilt_event_for_event_when_a_game_is_loaded(app):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    session = table.session
    support.play_human_turns(app, table, support.at_turn_start)
    assert session.log
    copy = saves.loads(saves.dumps(session)).session
    assert copy.log == session.log
    copy.close()


def test_hovering_a_line_marks_its_player_on_the_board(app):
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    support.play_human_turns(app, table, support.at_turn_start)
    table.ensure_frame()
    line = next(r for r in reversed(table.hots) if isinstance(r.target, ChronicleEntry))
    support.move(app, line.rect.center)
    frames(app, 1)
    seat = reference(table.session.log[line.target.index])[0]
    assert table.frame.pointing.seat == seat
    row = dict(table.frame.panels["board"][1].court)[seat]  # its court row framed in gold, over the board's picture
    assert app.window.get_at((row.centerx, row.top)) == GOLD


def test_a_new_turns_line_fits_beside_its_crest(app):
    """A new turn's line is drawn in the heading face after the noble's crest: it is folded to that room (long
    names ran past the panel)."""
    table = make_table(app, kinds=("human", "greedy", "greedy"))
    pc, _lay = table.ensure_frame().panels["log"]
    s = pc.scale
    font = assets.font("heading", chronicle.text_size(s))
    for words in range(1, 12):
        names = [" ".join(["Marie"] * words)] * 3
        lay = chronicle.layout_chronicle(attrs.evolve(pc, names=names), [Event(E.TURN_STARTED, 0)], 0, None)
        crest = max(8, lay.line_h - round(4 * s))  # as drawn
        room = lay.area.right - (lay.area.left + crest + round(4 * s))
        first = [line.text for line in lay.lines if line.first]
        assert first and font.size(first[0])[0] <= room, (words, first)
        assert chronicle.heading_indent(lay.line_h, s) == crest + round(4 * s)


@pytest.mark.parametrize("text_scale", [100, 200])
def test_an_entrys_later_lines_hang_by_half_a_line_and_fit_the_column(text_scale):
    """An entry's second and later lines stood 8 px in at every text size: at 200 % where one entry ended and the
    next began hardly showed. They stand in half a line's height and are folded to the room left them."""
    names = ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery", "Walter"]
    app = support.make_app((1280, 720), text_scale, "en")
    try:
        pc, _lay = make_table(app, kinds=("human", "greedy", "greedy")).ensure_frame().panels["log"]
        s = pc.scale
        events = [Event(E.TURN_STARTED, 0), Event(E.BRIBES_RETURNED, 1, 4, cause=Cause.PRESTIGE)]
        lay = chronicle.layout_chronicle(attrs.evolve(pc, names=names), events, 0, None)
        hang = chronicle.hanging_indent(lay.line_h, s)
        assert hang >= lay.line_h // 2
        later = [line for line in lay.lines if not line.first]
        assert {line.entry.event.kind for line in later} == {E.TURN_STARTED, E.BRIBES_RETURNED}, lay.lines
        for line in later:
            face = "heading" if line.entry.event.kind == E.TURN_STARTED else "body"
            assert assets.font(face, chronicle.text_size(s)).size(line.text)[0] <= lay.area.width - hang, line.text
    finally:
        support.end_app(app)


def test_a_word_wider_than_the_chronicle_is_split_with_a_hyphen(pygame_display):
    """A long German word in the narrow chronicle at a large text size: cut into pieces that fit, not clipped."""
    from game.ui import widgets

    font = assets.font("body", 30)
    width = font.size("Bestechungs")[0]
    lines = widgets.wrap("Walter gibt 2 Bestechungsmarker ab.", font, width, break_words=True)
    assert all(font.size(line)[0] <= width for line in lines)
    assert "".join(lines).replace("-", "").replace(" ", "") == "Waltergibt2Bestechungsmarkerab."
    assert any(line.endswith("-") for line in lines)
    assert widgets.wrap("Bestechungsmarker", font, width) == ["Bestechungsmarker"]  # others keep whole words


@pytest.mark.parametrize("wide", ["Fitzwilliam--", "Fitzwilliam-Smy"])
def test_a_long_name_is_split_after_its_own_hyphen_never_doubled(pygame_display, wide):
    """The chronicle at 960x600, 200 % broke "Bartholomew Fitzwilliam-Smythe's turn." into "Fitzwilliam--" /
    "Smythe's": a word wider than the column is split after a hyphen of its own where the piece before it fits,
    and never gets a second one."""
    from game.ui import widgets

    font = assets.font("body", 30)
    lines = widgets.wrap("Bartholomew Fitzwilliam-Smythe's turn.", font, font.size(wide)[0], break_words=True)
    assert "Fitzwilliam-" in lines and not any("--" in line for line in lines), lines
    assert "".join(lines).replace(" ", "").replace("-", "") == "BartholomewFitzwilliamSmythe'sturn.", lines


def test_a_split_word_leaves_the_next_line_more_than_a_letter(pygame_display):
    """The chronicle at 960x600, 200 % read "Elisabetta Montgomer-" / "y.": a word split with a hyphen leaves a
    few letters on the next line, not one."""
    from game.ui import widgets

    font = assets.font("body", 30)
    lines = widgets.wrap("Tocca a Elisabetta Montgomery.", font, font.size("Montgomer-")[0], break_words=True)
    assert lines[-2:] == ["Montgom-", "ery."], lines


def test_a_first_word_too_wide_beside_the_crest_starts_the_next_line_whole(pygame_display):
    """A new turn's first line stands after the noble's crest; the lines under it have the whole column. A word
    wider than the first line's room that the column holds goes whole to the next line, the crest alone on the
    first: only a word wider than the whole column is split."""
    from game.ui import widgets

    font = assets.font("heading", 30)
    width = font.size("Montgomery's")[0] + 4
    first = font.size("Bartholomew")[0] - 4
    lines = widgets.wrap("Bartholomew Fitzwilliam-Smythe's turn.", font, width, break_words=True, first=first)
    assert lines[:2] == ["", "Bartholomew"], lines
    lines = widgets.wrap("Elisabetta Montgomery's turn.", font, width, break_words=True, first=first)
    assert lines[:2] == ["Elisabetta", "Montgomery's"], lines
    assert widgets.wrap("Bartholomew", font, width, break_words=True, first=4)[-1] == "Bartholomew"
    assert widgets.wrap("Bartholomew", font, first, break_words=True, first=4) == ["", "Bartholo-", "mew"]


@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_a_new_turns_long_name_stays_whole_under_its_crest(language):
    """The chronicle at 960x600, 200 %: "Bartholomew Fitzwilliam-Smythe's turn." read "Bartholo-" / "mew": the
    whole entry was folded to the room beside the crest, though its next lines have the column. Its first line
    keeps to the room beside the crest, the others to the column under the hanging indent, all in the heading
    face: the name whole."""
    names = ["Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery", "Walter"]
    app = support.make_app((960, 600), 200, language)
    try:
        table = make_table(app, kinds=("human", "greedy", "greedy"))
        pc, _lay = table.ensure_frame().panels["log"]
        s = pc.scale
        font = assets.font("heading", chronicle.text_size(s))
        for seat in (0, 1):
            lay = chronicle.layout_chronicle(attrs.evolve(pc, names=names), [Event(E.TURN_STARTED, seat)], 0, None)
            lines = [line.text for line in lay.lines]
            crest = chronicle.crest_side(lay.line_h, s)
            assert font.size(lines[0])[0] <= lay.area.width - crest - round(4 * s), lines
            hang = chronicle.hanging_indent(lay.line_h, s)
            assert all(font.size(line)[0] <= lay.area.width - hang for line in lines[1:]), lines
            words = " ".join(lines).replace("-", " ").split()
            for part in names[seat].replace("-", " ").split():
                assert any(word.startswith(part) for word in words), (part, lines)  # whole, never split
            assert "".join(lines).count("-") == names[seat].count("-"), lines
    finally:
        support.end_app(app)


@pytest.mark.parametrize("content, kept", [
    ("Anne bezahlt für den Bau 7 £.", "7 £."),
    ("Robert erhält für die Kapelle 12 SP.", "12 SP."),
    ("Mary riceve un titolo (+1 PV).", "(+1 PV)."),
    ("£4 for 4 fields + £2 for the farm = £6.", "= £6."),
    ("Mary erhält aus ihrem Wald 6 Plättchen.", "6 Plättchen."),
])
def test_a_line_never_ends_between_a_number_and_its_unit(pygame_display, content, kept):
    from game.ui import widgets

    font = assets.font("body", 20)
    width = font.size(content.removesuffix(kept) + kept.split()[0])[0] + 1  # the number fits, its unit would not
    lines = widgets.wrap(content, font, width)
    assert lines[-1] == kept, lines


def test_a_line_never_ends_between_a_name_and_the_number_that_ends_it(pygame_display):
    """ "... from Normal / 3." read as a count of 3; a name and the number that ends it stay together."""
    from game.ui import widgets

    font = assets.font("body", 20)
    names = ("Anne", "Normal 2", "Normal 3", "Bartholomew Fitzwilliam-Smythe")
    content = chronicle._worded(Event(EventKind.QUEEN_MOVED, 0, other=2), names, None, 1, "en")
    assert content.replace("\u00a0", " ") == "Anne takes the Queen from Normal 3."
    for width in range(font.size("Normal 3.")[0], font.size(content)[0] + 1, 2):
        lines = widgets.wrap(content, font, width)
        assert not any(line.endswith("Normal") for line in lines), (width, lines)
    assert widgets.numbered_name("Bartholomew Fitzwilliam-Smythe") == "Bartholomew Fitzwilliam-Smythe"  # folds


def test_a_line_never_ends_inside_words_held_by_no_break_spaces(pygame_display):
    """ "Normal 1: 60, Normal 2: 56" folded as "… Normal / 1: 60" read as a score of 1; held together, each name
    stays with its score at any width, and the list still folds between them."""
    from game.ui import widgets

    font = assets.font("body", 20)
    scores = ", ".join(widgets.unbroken(f"Normal {n}: {60 - n}") for n in (1, 2, 3))
    for width in range(font.size("Normal 1:")[0], font.size(scores)[0], 7):
        lines = widgets.wrap(f"Normal 3 won with 57 points ({scores}).", font, width)
        for n in (1, 2, 3):
            assert sum(widgets.unbroken(f"Normal {n}: {60 - n}") in line for line in lines) == 1, (width, lines)
    assert len(widgets.wrap(scores, font, font.size(widgets.unbroken("Normal 1: 59,"))[0])) == 3


def test_the_liaisons_at_the_end_are_counted_in_words():
    """ "Normal 2's Liaison cards are worth 3 VP" was said of a single card."""
    names = ["Anne", "Normal 2"]
    one = Event(EventKind.VP_GAINED, 1, 3, cause=Cause.LIAISONS)
    two = Event(EventKind.VP_GAINED, 1, 6, cause=Cause.LIAISONS)
    assert event_words(one, names, 0) == "Normal 2's Liaison card is worth 3 VP."
    assert event_words(two, names, 0) == "Normal 2's 2 Liaison cards are worth 6 VP."
    assert event_words(one, names, 1) == "Your Liaison card is worth 3 VP."
    assert event_words(two, names, 1) == "Your 2 Liaison cards are worth 6 VP."
