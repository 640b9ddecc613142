"""What a screen reader hears of the table: the cards on it are drawn, not widgets, so
the table says in words what happens — a card played, a trick taken, whose turn it
is, a deal's score — as accessibility announcements, and keeps its description (the
hand, the trick, the seats) up to date for a reader that asks."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QWidget

from cardtable.engine.game import CardPlayed, Event, TrickWon, View
from cardtable.ui import texts


class Spoken:
    """The translation context of what the table says aloud (``Spoken.tr``)."""

    @staticmethod
    def tr(text: str) -> str:
        return QCoreApplication.translate("Spoken", text)


class Announcer(QObject):
    """Speaks for ``widget`` (the table view): :meth:`say` announces, :meth:`describe`
    sets what the widget is when a reader looks at it.  ``said`` keeps the last
    announcements, newest last (what a test, or a history, can read back)."""

    KEEP = 50

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self.said: list[str] = []

    def say(self, text: str, urgent: bool = False) -> None:
        if not text:
            return
        self.said.append(text)
        del self.said[:-self.KEEP]
        # imported at the first announcement: QAccessible's many enumerations are built
        # when first touched, and the table's first sight has nothing to announce
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        event = QAccessibleAnnouncementEvent(self.widget, text)
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if urgent
                            else QAccessible.AnnouncementPoliteness.Polite)
        QAccessible.updateAccessibility(event)

    def describe(self, text: str) -> None:
        for widget in self._widgets():
            if widget.accessibleDescription() != text:
                widget.setAccessibleDescription(text)

    def name(self, text: str) -> None:
        for widget in self._widgets():
            widget.setAccessibleName(text)

    def _widgets(self) -> list[QWidget]:
        """The widget, and the viewport of a scroll area (the part that takes the
        focus and the keys)."""
        viewport = getattr(self.widget, "viewport", None)
        inner = viewport() if callable(viewport) else None
        return [self.widget, inner] if isinstance(inner, QWidget) else [self.widget]


def event_words(event: Event, names: Sequence[str], you: int | None,
                spoken: tuple[int, str] | None) -> str:
    """What is said when ``event`` is shown: a card played, a trick taken, or what the
    game's words for it are (``spoken``: a bid, an order, with its seat)."""
    if isinstance(event, CardPlayed):
        card = texts.card_words(event.card)
        if event.seat == you:
            return texts.fill(Spoken.tr("You: %1"), card)
        return texts.fill(Spoken.tr("%1: %2"), names[event.seat], card)
    if isinstance(event, TrickWon):
        if event.seat == you:
            return Spoken.tr("You take the trick")
        return texts.fill(Spoken.tr("%1 takes the trick"), names[event.seat])
    if spoken is not None:
        seat, text = spoken
        if seat == you:
            return texts.fill(Spoken.tr("You: %1"), text)
        return texts.fill(Spoken.tr("%1: %2"), names[seat], text)
    return ""


def table_words(view: View, names: Sequence[str], you: int | None, concealed: bool) -> str:
    """The table in words, for a reader that asks: the viewer's cards, the trick, and
    each seat's cards left (never a card the viewer may not see)."""
    parts = []
    if view.hand and not concealed:
        parts.append(texts.fill(Spoken.tr("Your cards: %1."),
                                ", ".join(texts.card_words(c) for c in view.hand)))
    if view.trick:
        plays = ", ".join(texts.fill(Spoken.tr("%1: %2"), names[s] if s != you
                                     else Spoken.tr("you"), texts.card_words(c))
                          for s, c in view.trick)
        parts.append(texts.fill(Spoken.tr("On the table: %1."), plays))
    seats = []
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat and not concealed:
            continue
        seats.append(texts.fill(Spoken.tr("%1 has %2"), names[seat],
                                texts.cards_text(count)))
    if seats:
        parts.append("; ".join(seats) + ".")
    return " ".join(parts)
