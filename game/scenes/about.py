"""About Noblemen: the version, the credits and every licence the game ships (a :class:`BookScene`).

Opened from the title menu. The pages come from :mod:`game.scenes.about_text`; the first tells the
version and the credits, then the game's own licence, its art, sounds and fonts, and the third-party
software of the ready-made builds with each licence in full.
"""

from __future__ import annotations

from game.i18n import N_, _
from game.scenes import about_text
from game.ui.book import BookScene, Page
from game.ui.scene import AppContext

INDENT = "      "


class AboutScene(BookScene):
    name = "about"
    help_topic = "overview"
    book_title = N_("About")
    hint = N_("↑ ↓  pages     PgUp PgDn  scroll     links open the licences     Esc  back")

    def __init__(self, ctx: AppContext, page: str | None = None) -> None:
        super().__init__(ctx, page=page)

    def pages(self) -> list[Page]:
        self._sections = {s.id: s for s in about_text.sections()}  # read again in the language spoken
        texts = _(about_text.GROUP_TEXTS)
        return [Page(s.id, INDENT + s.title if s.group == texts else s.title, s.title, s.group)
                for s in self._sections.values()]

    def page_html(self, page_id: str) -> str:
        return self._sections[page_id].html
