"""Every option a bot spec may give has a type and a range; a bad one is refused when the spec is read."""

from __future__ import annotations

import attrs
import pytest

from rules.bots import make_bot, parse_spec
from rules.bots.search import SearchSettings
from rules.bots.spec_options import HARD_OPTIONS

BAD = ["budget=abc", "budget=0", "budget=-1", "budget=nan", "budget=inf", "budget=1e9", "iterations=0",
       "iterations=2.5", "iterations=abc", "iterations=100000000", "workers=1", "clock=-1", "clock=nan", "clock=x",
       "clock=1e3", "outlook=maybe", "candidates=0",
       "candidates=-3", "candidates=1e3", "leaf=nan", "leaf=-inf", "to_end=maybe", "halving=2", "ball=",
       "horizon=0", "variants=x", "prior=-1", "share=1e400", "unknown=1", "budget=" + "9" * 4001]


def test_every_search_setting_is_an_option_with_its_type():
    """A field added to SearchSettings needs its type and range in HARD_OPTIONS before a spec can set it."""
    for field in attrs.fields(SearchSettings):
        assert field.name in HARD_OPTIONS, f"give {field.name} a type and a range in rules/bots/spec_options.py"
        assert HARD_OPTIONS[field.name].kind is type(field.default), field.name


@pytest.mark.parametrize("option", BAD, ids=lambda o: o[:24])
def test_a_bad_option_is_refused_when_the_spec_is_read(option):
    with pytest.raises(ValueError) as refused:
        parse_spec(f"hard:{option}")
    message = str(refused.value)
    # one line (every option listed: some 400 characters); a value 4000 characters long is not echoed whole
    assert "\n" not in message and len(message) < 600


@pytest.mark.parametrize(("option", "value"), [("to_end", "no"), ("to_end", "YES"), ("leaf", "0"),
                                               ("candidates", "50"), ("budget", "3600"), ("iterations", "1"),
                                               ("clock", "0"), ("outlook", "off")])
def test_the_ends_of_each_range_are_accepted(option, value):
    parse_spec(f"hard:{option}={value}")


def test_hard_reads_its_options_through_the_table():
    bot = make_bot("hard:to_end=off:leaf=0.5:iterations=4:clock=0", seed=1)
    assert bot.settings.to_end is False and bot.settings.leaf == 0.5 and bot.iterations == 4 and bot.clock == 0


def test_normal_reads_its_options_as_weights_and_refuses_others():
    bot = make_bot("normal:palace_race=4", seed=1)
    assert bot.weights["palace_race"] == 4.0 and make_bot("normal", seed=1).weights["palace_race"] == 0.0
    for spec in ("normal:palace_race=-1", "normal:palace_race=x", "normal:budget=4", "easy:palace_race=1"):
        with pytest.raises(ValueError):
            parse_spec(spec)
