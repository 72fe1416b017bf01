"""The modal chooser's card: its options' buttons in columns and rows that keep every option and every label
whole, small print under a label where the button has room for both."""

from __future__ import annotations

import math

import attrs
import pygame
import pytest

from game.table import chooser
from game.table.choosers import ACTION_CHOOSERS
from game.ui import assets, draw
from game.ui.draw import fits
from rules import ActionKind
from rules import actions as A
from tests.game import fit_matrix


def _laid_out(app) -> tuple[chooser.Chooser, chooser.ChooserLayout, float]:
    """The table's open chooser, laid out over the estate and the miniatures as the table lays it, and the scale."""
    table = app.stack.top
    frame = table.ensure_frame()
    current = table.parts.chooser.current()
    s = frame.rects.scale
    area = frame.rects.estate.union(frame.rects.miniatures).inflate(-round(12 * s), -round(12 * s))
    return current, chooser.layout_chooser(current, area, s), s


def test_eight_options_with_small_print_keep_their_labels_whole_in_a_small_window():
    """Land with seven bribes at 960x600, 150 %, German: eight long labels each with small print. A third column
    would cut every label; the buttons are lowered instead and leave the small print out (the prompt says it)."""
    with fit_matrix.opened(fit_matrix.Case("table-land", (960, 600), 150, "de")) as app:
        table = app.stack.top
        frame = table.ensure_frame()
        land = table.parts.chooser.current()
        s = frame.rects.scale
        area = frame.rects.estate.union(frame.rects.miniatures).inflate(-round(12 * s), -round(12 * s))
        option = land.options[0]
        land.options = [attrs.evolve(option, label=f"{n} Bestechungsmarker abgeben", sub=f"du ziehst {n + 3} Plättchen")
                        for n in range(8)]
        lay = chooser.layout_chooser(land, area, s)
        assert len(lay.buttons) == 8
        for rect, shown in lay.buttons:
            assert fits(shown.label, "heading", round(17 * s), rect.width - round(8 * s) - round(28 * s)), shown.label


@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_the_bribe_counts_on_a_card_are_drawn_in_one_readable_size(language, monkeypatch):
    """Acquire land with nine bribes at 960x600, 150 %: ten buttons that read as one set, "no bribes" first.
    Their labels are drawn in one size, above the readable floor (German's "no bribes" once shrank to the
    floor while its neighbours did not, Italian's stood larger than theirs)."""
    with fit_matrix.opened(fit_matrix.Case("table-land", (960, 600), 150, language)) as app:
        table = app.stack.top
        st = table.session.state
        me = st.players[table.viewer]
        st.bribes_board -= 9 - me.bribes
        me.bribes = 9
        table.session.version += 1
        table.parts.chooser.open(ACTION_CHOOSERS[ActionKind.LAND])
        land, lay, s = _laid_out(app)
        assert len(lay.buttons) == 10
        labels = {shown.label for _rect, shown in lay.buttons}
        drawn: dict[str, int] = {}  # each label's drawn height
        fit_text = draw.fit_text

        def recorded(content, role, size, width, *rest):
            img = fit_text(content, role, size, width, *rest)
            if content in labels:
                drawn[content] = img.get_height()
            return img

        monkeypatch.setattr(draw, "fit_text", recorded)
        chooser.draw_chooser(pygame.Surface(app.window.get_size()), land, lay, s, (0, 0))
        floor = assets.font("heading", math.ceil(assets.min_text() / assets.text_scale())).get_height()
        assert drawn.keys() == labels
        assert len(set(drawn.values())) == 1, drawn
        assert min(drawn.values()) > floor, drawn


@pytest.mark.parametrize("language", ["de", "it"])
def test_the_cards_to_keep_are_drawn_alike_whatever_the_length_of_their_names(language, monkeypatch):
    """Three scandal cards to keep at 960x600, 150 %: one picture size and one size of name for all (a card whose
    name took two lines, "Genialer Schachzug", was drawn smaller than the others)."""
    with fit_matrix.opened(fit_matrix.Case("table-keep-card", (960, 600), 150, language)) as app:
        keep, lay, s = _laid_out(app)
        tall = [opt for _rect, opt in lay.buttons if opt.tall]
        assert len(tall) >= 2 and any(" " in opt.label for opt in tall)
        pictures, names = [], set()
        real_art, real_fit = chooser.art, chooser.fit_text
        monkeypatch.setattr(chooser, "art", lambda name, size, *rest: pictures.append(size) or real_art(name, size,
                                                                                                        *rest))
        labels = [piece for opt in tall for piece in opt.label.split()]
        monkeypatch.setattr(chooser, "fit_text", lambda content, role, size, *rest: (
            names.add(size) if any(piece in content for piece in labels) else None) or real_fit(content, role, size,
                                                                                                 *rest))
        chooser.draw_chooser(pygame.Surface(app.window.get_size()), keep, lay, s, (0, 0))
        card_pictures = [size for size in pictures if isinstance(size, tuple)]
        assert len(card_pictures) == len(tall) and len(set(card_pictures)) == 1, card_pictures
        assert len(names) == 1, names


@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
@pytest.mark.parametrize(("size", "text_scale"), [((960, 600), 200), ((1920, 1080), 150)])
def test_a_larger_text_keeps_the_cards_pictures_their_size(language, size, text_scale, monkeypatch):
    """At 960x600 and 200 % the cards to keep were pictures 49 px high under a large prompt in a card with room to
    spare: the names and small print under them had grown with the text into the picture's height. The cards grow
    taller for their words, their pictures kept at least TALL_PICTURE design px high, or as high as the card's
    room allows (it then reaches within a step of the room's height)."""
    with fit_matrix.opened(fit_matrix.Case("table-keep-card", size, text_scale, language)) as app:
        keep, lay, s = _laid_out(app)
        frame = app.stack.top.ensure_frame()
        room = frame.rects.estate.union(frame.rects.miniatures).inflate(-round(12 * s), -round(12 * s))
        pictures = []
        real_art = chooser.art
        monkeypatch.setattr(chooser, "art", lambda name, size, *rest: pictures.append(size) or real_art(name, size,
                                                                                                        *rest))
        chooser.draw_chooser(pygame.Surface(app.window.get_size()), keep, lay, s, (0, 0))
        heights = [size[1] for size in pictures if isinstance(size, tuple)]
        assert heights and min(heights) >= round(48 * s), (heights, s)  # half the picture at the least
        full = min(heights) >= round(chooser.TALL_PICTURE * s)
        assert full or lay.card.height >= room.height - round(8 * s) - round(6 * s), (heights, lay.card, room)
        assert room.contains(lay.card)


@pytest.mark.parametrize("language", ["de", "it"])
def test_a_strips_labels_fold_where_that_draws_them_larger(language):
    """The knight's targets at 960x600, 200 % (R-ACT-B2): "Gutshof von Robert" shrank to the smallest readable size to
    stay in one line of a button with room for two lines at a larger one. The strip's labels fold now where that
    draws them larger in the same height (the English names, shorter, draw as large in a line); at 1280x720 and
    the usual text they keep their line."""
    with fit_matrix.opened(fit_matrix.Case("table-knight", (960, 600), 200, language)) as app:
        _knight, lay, s = _laid_out(app)
        one_line = chooser._sizes(lay.buttons, s, chooser._strip_icon(s))[0]  # the largest at which all fit a line
        assert lay.folded and lay.label_size > one_line, (lay.label_size, one_line)
        assert all(r.height == lay.buttons[0][0].height for r, _opt in lay.buttons)
    with fit_matrix.opened(fit_matrix.Case("table-knight", (1280, 720), 100, language)) as app:
        _knight, lay, s = _laid_out(app)
        assert not lay.folded and lay.label_size == round(17 * s)


@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_a_knights_options_show_their_small_print_in_one_size(language, monkeypatch):
    """The knight's targets beside the estate at 960x600, 200 % (R-ACT-B2): "£2 from Robert" stood larger than
    "2 tiles from Mary" beside it, each shrunk alone to its button; labels and small print now read as one set
    (each in a line, or folded in lines where that draws them larger)."""
    with fit_matrix.opened(fit_matrix.Case("table-knight", (960, 600), 200, language)) as app:
        knight, lay, s = _laid_out(app)
        shown = [opt for _rect, opt in lay.buttons if opt.sub]
        assert len({opt.sub for opt in shown}) >= 2
        pieces: dict[str, str] = {}  # what is drawn of each label and small print (it or its lines), and which
        for opt in shown:
            label_lines, sub_lines = lay.folded.get(opt.key, ([opt.label], [opt.sub]))
            pieces.update({line: "label" for line in label_lines} | {line: "sub" for line in sub_lines})
        drawn: dict[str, int] = {}  # the design size each piece is drawn at
        fit_text = draw.fit_text

        def recorded(content, role, size, width, *rest):
            if content in pieces:
                assert fits(content, role, size, width), content  # whole, never cut with "…"
                drawn[content] = next(at for at in range(size, draw.smallest_size(size) - 1, -1)
                                      if assets.font(role, at).size(content)[0] <= width)  # as fit_text shrinks it
            return fit_text(content, role, size, width, *rest)

        monkeypatch.setattr(draw, "fit_text", recorded)
        chooser.draw_chooser(pygame.Surface(app.window.get_size()), knight, lay, s, (0, 0))
        assert drawn.keys() == pieces.keys()
        for kind in ("label", "sub"):
            assert len({drawn[piece] for piece, of in pieces.items() if of == kind}) == 1, (kind, drawn)


@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_the_knights_strip_stays_under_the_estates_heading(language):
    """At 960x600, 200 % in German the strip's title with its prompt folded under it reached over the estate's
    prompt ("Send your knight to a region of another estate, or not.") and hid it but for a sliver. Where the two do
    not fit, the estate keeps its heading alone: the strip asks the same question."""
    with fit_matrix.opened(fit_matrix.Case("table-knight", (960, 600), 200, language)) as app:
        frame = app.stack.top.ensure_frame()
        pc, estate = frame.panels["estate"]
        assert frame.chooser.card.top >= estate.band.bottom
        assert pc.rect.contains(frame.chooser.card)


#: the longest names the QA gave, beside short ones
LONG_NAMES = ["Anne", "Bartholomew Fitzwilliam-Smythe", "Elisabetta Montgomery", "Walter", "Frances"]


def _assert_drawn_whole(app, knight, lay, s, monkeypatch) -> None:
    """The chooser drawn: every text whole where it is drawn (never cut with "…"), and every option's label and
    small print among them, its lines in order, no word split."""
    drawn: list[str] = []
    fit_text = draw.fit_text

    def recorded(content, role, size, width, *rest):
        assert fits(content, role, size, width), content
        drawn.append(content)
        return fit_text(content, role, size, width, *rest)

    monkeypatch.setattr(draw, "fit_text", recorded)
    chooser.draw_chooser(pygame.Surface(app.window.get_size()), knight, lay, s, (0, 0))
    flat = "".join(drawn).replace(" ", "").replace("\u00a0", "")
    for _r, opt in lay.buttons:
        for words in (opt.label, opt.sub):
            assert words.replace(" ", "") in flat, words


@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_a_scandal_card_drawn_twice_says_so_whole_under_its_picture(language, monkeypatch):
    """At 960x600, 200 % the small print "behalten · 2-mal gezogen" under a card drawn twice read "behalten ·
    2-…". Where it does not fit the card's width it takes a line for each part: every word drawn whole."""
    with fit_matrix.opened(fit_matrix.Case("table-keep-card", (960, 600), 200, language)) as app:
        table = app.stack.top
        st = table.session.state
        st.offered = [st.offered[0], st.offered[0], st.offered[1]]
        table.session.version += 1  # (the view and the chooser made again for the cards now offered)
        table.parts.chooser.auto = None
        keep, lay, s = _laid_out(app)
        twice = [o for _r, o in lay.buttons if o.sub and o.sub != keep.options[-1].sub]
        assert twice and all(o.tall for o in twice), [o.sub for _r, o in lay.buttons]
        drawn: list[str] = []
        fit_text = draw.fit_text

        def recorded(content, role, size, width, *rest):
            assert fits(content, role, size, width), content  # whole, never cut with "…"
            drawn.append(content)
            return fit_text(content, role, size, width, *rest)

        monkeypatch.setattr(chooser, "fit_text", recorded)  # (the big picture options' own words)
        chooser.draw_chooser(pygame.Surface(app.window.get_size()), keep, lay, s, (0, 0))
        words = " ".join(drawn).replace(" · ", " ")
        for opt in twice:
            assert " ".join(opt.sub.replace(" · ", " ").split()) in words, (opt.sub, drawn)  # in order, whole


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_a_knights_options_keep_long_names_whole(language, size, monkeypatch):
    """The knight's targets beside the estate at 200 % with long names: "Bartholomew Fitzwilliam-Smythe's farm"
    and (as the small print was) "£2 from Bartholomew Fitzwilliam-Smythe" were cut with "…" in a third of the
    strip. A button that needs it takes width from "No knight", then the labels and small print fold at their
    spaces: every word drawn whole, inside its button, the strip under the estate's heading."""
    from tests.game import test_table_support as support

    monkeypatch.setattr(support, "NAMES", LONG_NAMES)
    with fit_matrix.opened(fit_matrix.Case("table-knight", size, 200, language)) as app:
        table = app.stack.top
        frame = table.ensure_frame()
        knight, lay, s = table.parts.chooser.current(), frame.chooser, frame.rects.scale  # the strip as laid out
        names = [o for _r, o in lay.buttons if "Bartholomew" in o.label]
        assert names and names[0].sub
        _assert_drawn_whole(app, knight, lay, s, monkeypatch)
        for r, _opt in lay.buttons:
            assert lay.card.contains(r)
        assert lay.card.top >= frame.panels["estate"][1].band.bottom
        assert frame.rects.estate.contains(lay.card)


@pytest.mark.parametrize("size", fit_matrix.SIZES)
@pytest.mark.parametrize("language", fit_matrix.LANGUAGES)
def test_a_knights_moves_that_name_two_long_names_take_a_card_that_holds_them(language, size, monkeypatch):
    """Both knights out at 200 %: each of six options names two players ("Bartholomew Fitzwilliam-Smythe's farm",
    "from Elisabetta Montgomery's forest · takes £2"), and the strip grew taller than
    the estate, over its heading and out of the window. Where the estate cannot hold the strip under its heading,
    the chooser is a card over the estate and the miniatures, as a modal chooser's: every option inside it, every
    word whole, its prompt not sending the player to the miniatures it hides, the keys on its options alone."""
    with fit_matrix.opened(fit_matrix.Case("table-knight-moved", size, 200, language)) as app:
        table = app.stack.top
        frame = table.ensure_frame()
        knight, lay, s = table.parts.chooser.current(), frame.chooser, frame.rects.scale
        assert len(lay.buttons) == 7
        if frame.veil is None:  # a strip, where the estate holds it
            assert lay.card.top >= frame.panels["estate"][1].band.bottom
            assert frame.rects.estate.contains(lay.card)
        else:
            assert frame.veil.contains(lay.card)
            assert " ".join(lay.lines) == knight.card_prompt
            assert {r.target for r in table.parts.focusables(False)} == {
                r.target for r in lay.regions if r.clickable}
        for k, (r, opt) in enumerate(lay.buttons):
            assert lay.card.contains(r), opt.label
            assert not any(r.colliderect(other) for other, _o in lay.buttons[k + 1:]), opt.label
        _assert_drawn_whole(app, knight, lay, s, monkeypatch)


@pytest.mark.parametrize("case", ["table-knight", "table-knight-moved"])
def test_a_knights_small_print_names_the_target_owner_only_in_its_label(case):
    """The small print said "£2 from Robert" under "Robert's farm", and with both knights out "from Elisabetta
    Montgomery's forest · £2 from Bartholomew Fitzwilliam-Smythe" under "Bartholomew Fitzwilliam-Smythe's farm",
    the longest name twice in one button. It says what the knight takes (R-ACT-B2) and, for a knight moved, where
    it comes from; the owner is the label's."""
    with fit_matrix.opened(fit_matrix.Case(case, (1280, 720), 100, "en")) as app:
        st = app.stack.top.session.state
        sent = [o for o in app.stack.top.parts.chooser.current().options
                if isinstance(o.action, A.PlaceKnight | A.MoveKnight)]
        assert len(sent) == (6 if case == "table-knight-moved" else 2)
        for opt in sent:
            a = opt.action
            assert opt.label.startswith(st.names[a.owner]), opt.label
            takes = opt.sub
            if isinstance(a, A.MoveKnight):
                assert opt.sub.startswith(f"from {st.names[a.from_owner]}'s "), opt.sub
                takes = opt.sub.split(" · ")[1]
            assert takes in ("takes £2", "takes 2 tiles"), opt.sub


def test_a_strips_height_is_folded_once_while_its_chooser_stays_open(monkeypatch):
    """The table asks the knight strip's height every frame; folding six long names cost 2-3 ms a frame at 200 %.
    It is worked out again only for another chooser, scale, width or text size."""
    with fit_matrix.opened(fit_matrix.Case("table-knight-moved", (1920, 1080), 100, "en")) as app:
        knight = app.stack.top.parts.chooser.current()
        plans = []
        plan = chooser._strip_plan
        monkeypatch.setattr(chooser, "_strip_plan", lambda *args: plans.append(args[1:]) or plan(*args))
        monkeypatch.setattr(chooser, "_last_strip", chooser._LastStrip())  # (forget what the table asked)
        first = chooser.strip_height(knight, 1.5, 900)
        assert [chooser.strip_height(knight, 1.5, 900) for _ in range(3)] == [first] * 3
        chooser.strip_height(knight, 1.5, 700)
        monkeypatch.setattr(assets, "text_scale", lambda: 2.0)
        chooser.strip_height(knight, 1.5, 700)
        assert plans == [(1.5, 900), (1.5, 700), (1.5, 700)]
