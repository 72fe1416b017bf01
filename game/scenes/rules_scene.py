"""The rules reference: topics on the left, the text on the right (a :class:`game.ui.book.BookScene`).

Open it at a topic from anywhere: ``RulesScene(ctx, topic="card-dowry")`` (ids
and aliases in :mod:`game.scenes.rules_text`), or press F1 (the app opens it at the
top scene's ``help_topic``).  Back / Esc returns to the previous scene.
"""

from __future__ import annotations

from game.i18n import N_, _
from game.scenes import rules_text
from game.ui.book import BookScene, Page
from game.ui.scene import AppContext

INDENT = "      "
#: groups whose topics are listed flush left (the others are indented under their first topic)
FLUSH_GROUPS = ("The game", "The court", "This edition", "Estates")


class RulesScene(BookScene):
    name = "rules"
    help_topic = "overview"
    book_title = N_("The Rules")
    hint = N_("↑ ↓  topics     PgUp PgDn  scroll     links open related topics     Esc  back")

    def __init__(self, ctx: AppContext, topic: str | None = None) -> None:
        super().__init__(ctx, page=topic)

    def pages(self) -> list[Page]:
        return [Page(t.id, _(t.title) if group in FLUSH_GROUPS or t.id == "cards" else INDENT + _(t.title),
                     _(t.title), _(t.group))
                for group, topics in rules_text.groups() for t in topics]

    def page_html(self, page_id: str) -> str:
        return rules_text.to_html(rules_text.get(page_id))

    def resolve(self, name: str | None) -> str:
        return rules_text.resolve(name)

    @property
    def topic(self) -> rules_text.Topic:
        return rules_text.get(self.topic_id)
