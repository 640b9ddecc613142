"""The rules screen: the six rules texts (what they say, and that Qt can show them) and
the window that shows them."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTranslator
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QDialogButtonBox, QTextBrowser

from cardtable.ui.dialogs.rules import (
    GAMES,
    OPENING_SIZE,
    RulesDialog,
    read_rules,
    rules_directory,
    rules_file_name,
)
from cardtable.ui.i18n import current_language, install_translators

LANGUAGES = ("ru", "en")
TITLES = {
    ("king", "ru"): "Кинг",
    ("king", "en"): "King",
    ("clubs", "ru"): "Трефы",
    ("clubs", "en"): "Clubs",
    ("metamorphosis", "ru"): "Метаморфоза",
    ("metamorphosis", "en"): "Metamorphosis",
}
CHOOSE = {"ru": "Как мы прочли правила", "en": "Where this table had to choose"}
HOW_TO = {"ru": "Как играть за этим столом", "en": "How to play on this table"}

ALLOWED_TAGS = {
    "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "ul", "ol",
    "li", "table", "tr", "th", "td", "b", "i", "a", "br", "small",
}
VOID_TAGS = {"meta", "br"}

RUSSIAN_CHROME = {
    "Rules of the games": "Правила игр",
    "Close": "Закрыть",
    "King": "Кинг",
    "Clubs": "Трефы",
    "Metamorphosis": "Метаморфоза",
    "The rules of %1 could not be read.": "Не удалось прочитать правила игры «%1».",
}
"""The Russian of the window's own words, as the catalogue is to have them."""


# --- reading the texts -------------------------------------------------------------------


class Outline(HTMLParser):
    """What a rules text is made of: its tables, headings, anchors, links and the list
    items of each section; tags that are opened and closed out of order are collected
    in ``faults``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.faults: list[str] = []
        self.tags: set[str] = set()
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None
        self.headings: list[tuple[str, str | None, str]] = []  # tag, anchor, text
        self.heading: list[str] | None = None
        self.anchors: set[str] = set()
        self.links: list[str] = []
        self.items: dict[str | None, list[str]] = {}  # anchor of the h2 → its <li> texts
        self.item: list[str] | None = None
        self.section: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        attr = dict(attrs)
        if tag not in VOID_TAGS:
            self.open.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag in ("h1", "h2", "h3"):
            self.heading = []
            self.headings.append((tag, None, ""))
        elif tag == "li":
            self.item = []
        elif tag == "a":
            if attr.get("name"):
                self.anchors.add(str(attr["name"]))
                if self.heading is not None:
                    kind, _, text = self.headings[-1]
                    self.headings[-1] = (kind, str(attr["name"]), text)
            if attr.get("href"):
                self.links.append(str(attr["href"]))

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.faults.append(f"</{tag}> closes <{self.open[-1] if self.open else ''}>")
            return
        self.open.pop()
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append(squash("".join(self.cell)))
            self.cell = None
        elif tag in ("h1", "h2", "h3") and self.heading is not None:
            kind, anchor, _ = self.headings[-1]
            self.headings[-1] = (kind, anchor, squash("".join(self.heading)))
            if kind == "h2":
                self.section = anchor
            self.heading = None
        elif tag == "li" and self.item is not None:
            self.items.setdefault(self.section, []).append(squash("".join(self.item)))
            self.item = None

    def handle_data(self, data: str) -> None:
        for part in (self.cell, self.heading, self.item):
            if part is not None:
                part.append(data)


def squash(text: str) -> str:
    return " ".join(text.split())


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def text_of(game: str, language: str) -> str:
    path = rules_directory() / rules_file_name(game, language)
    return path.read_text(encoding="utf-8")


def outline(game: str, language: str) -> Outline:
    parser = Outline()
    parser.feed(text_of(game, language))
    parser.close()
    return parser


def plain(game: str, language: str) -> str:
    doc = QTextDocument()
    doc.setHtml(text_of(game, language))
    return squash(doc.toPlainText())


def table(parser: Outline, header: str) -> list[list[str]]:
    """The one table of the text with a column headed ``header``."""
    found = [t for t in parser.tables if t and header in t[0]]
    assert len(found) == 1, f"{header!r}: {len(found)} tables"
    return found[0]


def row(rows: list[list[str]], first: str, column: int = 0) -> list[str]:
    """The one row whose cell ``column`` is ``first`` or, for a name, begins with it
    (perhaps in «quotes»)."""
    found = [r for r in rows[1:] if len(r) > column
             and (r[column] == first or r[column].lstrip("«").startswith(first + " ")
                  or r[column].lstrip("«").startswith(first + "»"))]
    assert len(found) == 1, f"{first!r}: {len(found)} rows"
    return found[0]


TEXTS = [(game, language) for game in GAMES for language in LANGUAGES]


# Every test starts and ends with no catalogue installed: the English source.
pytestmark = pytest.mark.usefixtures("no_translators")


GAME_TABLE_WORDS = {
    ("king", "ru"): ("Заказ хвалёнки", "цена при перекупке"),
    ("king", "en"): ("order of a khvalyonka", "a price when buying"),
    ("clubs", "ru"): ("Панель торговли", "запретное для сдающего число недоступно",
                      "Пропускает ход"),
    ("clubs", "en"): ("auction panel", "forbidden number is disabled", "Skips"),
    ("metamorphosis", "ru"): ("открытая карта", "рубашкой вверх", "открываются разом",
                              "из колоды или из стопки соседа"),
    ("metamorphosis", "en"): ("turned card", "face down", "turned up together",
                              "from the stock or from the neighbour's pile"),
}
"""What the table shows of each game, as the "how to play" section must tell it."""


# --- the texts: present, well formed, in their language ----------------------------------


@pytest.mark.parametrize(("game", "language"), TEXTS)
def test_every_text_is_shipped_and_well_formed(qapp, game: str, language: str) -> None:
    source = text_of(game, language)
    parser = outline(game, language)
    assert parser.faults == []
    assert parser.open == []
    assert parser.tags <= ALLOWED_TAGS, parser.tags - ALLOWED_TAGS
    assert [h[2] for h in parser.headings if h[0] == "h1"] == [TITLES[game, language]]
    # every link of the contents line leads to an anchor of the text
    assert parser.links and all(link.lstrip("#") in parser.anchors for link in parser.links)

    doc = QTextDocument()
    doc.setHtml(source)
    words = doc.toPlainText().split()
    assert len(words) > 800, f"only {len(words)} words"
    frames = doc.rootFrame().childFrames()
    assert len(frames) == source.count("<table"), "Qt read a different number of tables"
    block = doc.begin()
    levels = []
    while block.isValid():
        if block.blockFormat().headingLevel():
            levels.append(block.blockFormat().headingLevel())
        block = block.next()
    assert levels.count(2) == source.count("<h2")
    assert levels[0] == 1


@pytest.mark.parametrize(("game", "language"), TEXTS)
def test_texts_are_for_players_not_programmers(qapp, game: str, language: str) -> None:
    text = plain(game, language)
    assert "`" not in text
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), "an option key"
    for word in ("JSON", "engine", "notrump", "misere", "hvalenki", "partii", "trump:"):
        assert word not in text
    letters = re.findall(r"[A-Za-zА-Яа-яЁё]", text)
    cyrillic = sum(1 for c in letters if re.match("[А-Яа-яЁё]", c)) / len(letters)
    if language == "ru":
        assert cyrillic > 0.95
    else:
        assert cyrillic == 0  # English in Latin letters; the originals are in the glossary


@pytest.mark.parametrize(("game", "language"), TEXTS)
def test_every_text_says_where_it_chose_and_how_to_play(qapp, game: str,
                                                         language: str) -> None:
    parser = outline(game, language)
    h2 = {anchor: text for kind, anchor, text in parser.headings if kind == "h2"}
    assert h2["choose"] == CHOOSE[language]
    assert h2["howto"] == HOW_TO[language]
    assert list(h2)[-2:] == ["choose", "howto"]
    assert len(parser.items["choose"]) >= 6
    how = " ".join(parser.items["howto"])
    for key in ("Ctrl+T", "Ctrl+L", "Ctrl+R", "Ctrl+N", "←", "→", "Enter", "Ctrl+S",
                "Ctrl+O", "Ctrl+Z", "Ctrl+P"):
        assert key in how
    table_words = {
        "ru": ("золотом", "притушены", "перетащите", "Темп", "сохраняется",
               "передать компьютер", "только когда он щёлкнет", "Клавиатура",
               "Отменить ход", "Статистика"),
        "en": ("gold", "dimmed", "drag", "Pace", "saved", "pass the computer",
               "only when he clicks", "Keyboard", "Undo", "Statistics"),
    }
    for word in table_words[language] + GAME_TABLE_WORDS[game, language]:
        assert word in how, word


# --- the texts: the rules they state -----------------------------------------------------

KING_DEALS = {
    # name in Russian and in English: (per card or trick with 4 players, in all; with 3
    # players; plays a rule of its own)
    ("Не брать взяток", "No tricks"): ((2, 16), (4, 40), False),
    ("Не брать червей", "No hearts"): ((2, 16), (5, 40), True),
    ("Не брать мальчиков", "No boys"): ((4, 16), (10, 40), False),
    ("Не брать девочек", "No girls"): ((4, 16), (10, 40), False),
    ("Не брать кинга", "No King of Hearts"): ((16, 16), (40, 40), True),
    ("Не брать 2 последние", "No last two tricks"): ((8, 16), (20, 40), False),
    ("Ералаш", "Eralash"): ((None, 96), (None, 240), True),
}
HEART_LEAD = {"ru": "с червей не ходить", "en": "do not lead a heart"}
PLAY_THE_KING = {"ru": "обязан сбросить кинга", "en": "you must play it"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_king_penalties_per_deal(qapp, language: str) -> None:
    deals = table(outline("king", language), {"ru": "Сдача", "en": "Deal"}[language])
    for number, (names, (four, three, ruled)) in enumerate(KING_DEALS.items(), start=1):
        name = names[language == "en"]
        cells = row(deals, name, column=1)
        assert numbers(cells[0]) == [number]
        for cell, (unit, total) in ((cells[2], four), (cells[3], three)):
            assert f"−{total})" in cell, cell
            if unit is not None:
                assert numbers(cell)[0] == unit, cell
        assert (HEART_LEAD[language] in cells[4]) == ruled, cells[4]
        assert (PLAY_THE_KING[language] in cells[4]) == (number == 5)


@pytest.mark.parametrize("language", LANGUAGES)
def test_king_deck_stages_and_length(qapp, language: str) -> None:
    parser = outline("king", language)
    decks = table(parser, {"ru": "Колода", "en": "Deck"}[language])
    four, three = row(decks, "4"), row(decks, "3")
    assert numbers(four[1])[0] == 32 and [numbers(c) for c in four[2:]] == [[8], [8]]
    assert {"ru": "без семёрки пик и семёрки треф", "en": "without the 7♠ and 7♣"}[
        language] in three[1]
    assert numbers(three[1])[-1] == 30 and [numbers(c) for c in three[2:]] == [[10], [10]]
    lengths = table(parser, {"ru": "Штрафных сдач", "en": "Penalty deals"}[language])
    full = row(lengths, {"ru": "Полная игра", "en": "Full game"}[language])
    short = row(lengths, {"ru": "Короткий кинг", "en": "Short game"}[language])
    deals = {"ru": lambda a, b: [a, b], "en": lambda a, b: [a, 4, b, 3]}[language]
    assert numbers(full[1]) == [7] and numbers(short[1]) == [6]
    assert numbers(full[2]) == deals(8, 6) and numbers(short[2]) == deals(4, 3)
    assert numbers(full[3]) == deals(5, 4) and not numbers(short[3])
    assert numbers(full[4]) == [7] and numbers(short[4]) == [6]
    text = plain("king", language)
    for fact in ("+3", "+8", "24", "80", "192", "480", "+96", "+240"):
        assert fact in text, fact
    if language == "en":  # the games' own words in English; the originals in the glossary
        for name in ("No hearts", "Eralash (everything at once)", "misère", "split"):
            assert name in text, name


CLUBS_DEAL = {2: (13, 26), 3: (17, 0), 4: (13, 0), 5: (10, 0), 6: (17, 2), 7: (14, 6), 8: (13, 0)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_clubs_hands_per_player_count(qapp, language: str) -> None:
    parser = outline("clubs", language)
    deals = table(parser, {"ru": "Каждому", "en": "Each player"}[language])
    assert len(deals) == 1 + len(CLUBS_DEAL)
    for players, (hand, aside) in CLUBS_DEAL.items():
        cells = row(deals, str(players))
        assert numbers(cells[2]) == [hand]
        assert numbers(cells[3]) == ([aside] if aside else [])
        decks = {"ru": ("одна колода", "две колоды"), "en": ("one deck", "two decks")}
        assert cells[1].startswith(decks[language][players >= 6])
    removed = {"ru": ("без двойки бубен (51", "без двоек бубен и червей (50"),
               "en": ("without the 2♦ (51", "without the 2♦ and 2♥ (50")}
    assert removed[language][0] in row(deals, "3")[1]
    assert removed[language][1] in row(deals, "5")[1]
    text = plain("clubs", language)
    for fact in ("10 +", "−10", "100", "+14"):
        assert fact in text, fact


@pytest.mark.parametrize("language", LANGUAGES)
def test_clubs_dealer_and_cancellation(qapp, language: str) -> None:
    parser = outline("clubs", language)
    h2 = [text for kind, _, text in parser.headings if kind == "h2"]
    h3 = [text for kind, _, text in parser.headings if kind == "h3"]
    assert any({"ru": "Торговля", "en": "auction"}[language] in t for t in h2)
    assert any({"ru": "Заказывают все", "en": "Everyone bids"}[language] in t for t in h2)
    assert any({"ru": "правило отмены", "en": "cancellation rule"}[language] in t for t in h3)
    text = plain("clubs", language)
    # the everyone form's example: 3 + 4 + 2 bid of 13 tricks, so the dealer may not bid 4
    assert re.search(r"13\D+3, 4\D+2\D+4", text)


METAMORPHOSIS_KINDS = {
    1: ("Туз", None, "−4", {"ru": "треф", "en": "club"}),
    2: ("Двойка", None, "−4", {"ru": "пик", "en": "spade"}),
    3: ("Тройка", None, "−1", {"ru": "карт", "en": "card"}),
    4: ("Четвёрка", {"ru": "бубны", "en": "diamonds"}, "+4", {"ru": "черв", "en": "heart"}),
}
ENGLISH_KINDS = {"Туз": "Ace", "Двойка": "Two", "Тройка": "Three", "Четвёрка": "Four"}
NO_TRUMPS = {"ru": "без козырей", "en": "none"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_metamorphosis_kinds_and_counts(qapp, language: str) -> None:
    parser = outline("metamorphosis", language)
    kinds = table(parser, {"ru": "Карта заявки", "en": "Declaration card"}[language])
    for number, (card, trumps, points, per) in METAMORPHOSIS_KINDS.items():
        cells = row(kinds, {"ru": card, "en": ENGLISH_KINDS[card]}[language], column=1)
        assert numbers(cells[0]) == [number]
        assert (trumps[language] if trumps else NO_TRUMPS[language]) in cells[2]
        if trumps:
            assert NO_TRUMPS[language] not in cells[2]
        assert cells[3].startswith(points) and per[language] in cells[3], cells[3]
    counts = table(parser, {"ru": "Карт на руках", "en": "Cards each"}[language])
    two, three = row(counts, "2"), row(counts, "3")
    assert [numbers(c) for c in two[1:]] == [[12], [28], [16], [8]]
    assert [numbers(c) for c in three[1:]] == [[12], [16], [12], [4]]
    text = plain("metamorphosis", language)
    assert "+10" in text and "−8 + 10 = +2" in text
    # after an odd розыгрыш from the stock, after an even one from the neighbour's pile
    odd = {"ru": "После нечётного розыгрыша", "en": "After an odd rozygrysh"}[language]
    even = {"ru": "После чётного розыгрыша", "en": "After an even rozygrysh"}[language]
    stock = {"ru": "из колоды", "en": "from the stock"}[language]
    left = {"ru": "у соседа слева", "en": "from the left neighbour"}[language]
    refill = " ".join(parser.items["refill"])
    assert re.search(f"{odd}[^.]*{stock}", refill) and re.search(f"{even}[^.]*{left}", refill)


# --- the window ----------------------------------------------------------------------------


class DictTranslator(QTranslator):
    """Translates the window's words from a dictionary, to check what goes through the
    catalogue: its own context and the games' names (``GameOptions``, where every
    screen takes them from)."""

    CONTEXTS = ("RulesDialog", "GameOptions")

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__()
        self.words = words
        self.asked: set[str] = set()

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        if context not in self.CONTEXTS:
            return ""
        self.asked.add(source)
        return self.words.get(source, "")

    def isEmpty(self) -> bool:
        return False


def browser_text(dialog: RulesDialog, game: str) -> str:
    return squash(dialog.browsers[game].toPlainText())


@pytest.mark.parametrize("game", GAMES)
def test_dialog_opens_on_the_requested_game(qtbot, game: str) -> None:
    dialog = RulesDialog(game, language="en")
    qtbot.addWidget(dialog)
    assert dialog.current_game() == game
    assert dialog.tabs.currentWidget() is dialog.browsers[game]
    assert browser_text(dialog, game).startswith(TITLES[game, "en"])
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == [
        "King", "Clubs", "Metamorphosis", "Glossary"]


def test_show_game_switches_and_brings_the_window_up(qtbot) -> None:
    dialog = RulesDialog("king", language="en")
    qtbot.addWidget(dialog)
    assert not dialog.isVisible()
    dialog.show_game("metamorphosis")
    assert dialog.isVisible()
    assert dialog.current_game() == "metamorphosis"
    dialog.show_game("clubs")
    assert dialog.tabs.currentWidget() is dialog.browsers["clubs"]
    with pytest.raises(ValueError, match="poker"):
        dialog.show_game("poker")
    assert dialog.current_game() == "clubs"


def test_dialog_is_not_modal_and_closes_with_esc_or_close(qtbot) -> None:
    dialog = RulesDialog("clubs", language="en")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.isModal()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    dialog.show_game("king")
    close = dialog.buttons.button(QDialogButtonBox.StandardButton.Close)
    assert close.text() == "Close"
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_dialog_size_fits_the_screen_and_the_text_fits_the_width(qtbot) -> None:
    dialog = RulesDialog("king", language="ru")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    room = dialog.screen().availableGeometry().size()
    size = dialog.size()
    assert size.width() <= min(OPENING_SIZE.width(), room.width())
    assert size.height() <= min(OPENING_SIZE.height(), room.height())
    assert size.width() >= min(600, int(room.width() * 0.9))
    assert dialog.isSizeGripEnabled()
    assert dialog.maximumSize().width() > size.width()
    for game in GAMES:  # the tables wrap to the window: nothing to scroll sideways
        dialog.show_game(game)
        for width in range(size.width(), 1301, 75):
            dialog.resize(width, size.height())
            qtbot.wait(1)
            assert dialog.browsers[game].horizontalScrollBar().maximum() == 0, (game, width)


def link_cursor(browser: QTextBrowser, href: str) -> QTextCursor:
    """A cursor inside the link to ``href``."""
    block = browser.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(browser.document())
                cursor.setPosition(fragment.position() + fragment.length() // 2)
                return cursor
            it += 1
        block = block.next()
    raise AssertionError(f"no link to {href}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_contents_link_turns_to_its_section(qtbot, language: str) -> None:
    dialog = RulesDialog("clubs", language=language)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    browser = dialog.browsers["clubs"]
    assert browser.verticalScrollBar().value() == 0
    link = link_cursor(browser, "#play")
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton,
                     pos=browser.cursorRect(link).center())
    bar = browser.verticalScrollBar()
    assert 0 < bar.value() < bar.maximum()
    top = browser.cursorForPosition(QPoint(40, 4)).block()  # the top line of the view
    assert top.blockFormat().headingLevel() == 2
    assert top.text().strip() == {"ru": "Игра", "en": "Play"}[language]
    assert browser_text(dialog, "clubs").startswith(TITLES["clubs", language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_dialog_shows_the_language_asked_for(qtbot, language: str) -> None:
    dialog = RulesDialog("metamorphosis", language=language)
    qtbot.addWidget(dialog)
    assert dialog.language() == language
    for game in GAMES:
        text = browser_text(dialog, game)
        assert text.startswith(TITLES[game, language])
        assert HOW_TO[language] in text and CHOOSE[language] in text
    other = "en" if language == "ru" else "ru"
    dialog.set_language(other)
    assert browser_text(dialog, "king").startswith(TITLES["king", other])
    assert dialog.current_game() == "metamorphosis"


def test_dialog_follows_the_interface_language(qtbot, qapp, tmp_path: Path) -> None:
    install_translators(qapp, "ru", directory=tmp_path)
    assert current_language() == "ru"
    dialog = RulesDialog("king")
    qtbot.addWidget(dialog)
    assert dialog.language() == "ru"
    assert browser_text(dialog, "king").startswith("Кинг " + "Колода и сдача")


def test_window_words_go_through_the_catalogue(qtbot, qapp, tmp_path: Path) -> None:
    translator = DictTranslator(RUSSIAN_CHROME)
    qapp.installTranslator(translator)
    try:  # a failure must not leave the translator to the tests that follow
        dialog = RulesDialog("clubs", language="ru", directory=tmp_path / "missing")
        qtbot.addWidget(dialog)
        assert dialog.windowTitle() == "Правила игр"
        assert [dialog.tabs.tabText(i) for i in range(3)] == ["Кинг", "Трефы", "Метаморфоза"]
        close = dialog.buttons.button(QDialogButtonBox.StandardButton.Close)
        assert close.text() == "Закрыть"
        assert browser_text(dialog, "clubs").startswith(
            "Не удалось прочитать правила игры «Трефы».")
        assert translator.asked == set(RUSSIAN_CHROME)
    finally:
        qapp.removeTranslator(translator)


def test_a_text_missing_in_the_language_falls_back_to_english(qtbot, tmp_path: Path) -> None:
    (tmp_path / "king.en.html").write_text("<h1>King in English</h1>", encoding="utf-8")
    (tmp_path / "clubs.ru.html").write_text("<h1>Трефы по-русски</h1>", encoding="utf-8")
    assert read_rules("king", "ru", tmp_path) == "<h1>King in English</h1>"
    assert read_rules("king", "de", tmp_path) == "<h1>King in English</h1>"
    dialog = RulesDialog("king", language="ru", directory=tmp_path)
    qtbot.addWidget(dialog)
    assert browser_text(dialog, "king") == "King in English"
    assert browser_text(dialog, "clubs") == "Трефы по-русски"


def test_an_unreadable_text_is_a_message_not_a_crash(qtbot, tmp_path: Path) -> None:
    (tmp_path / "king.en.html").write_bytes(b"<h1>\xff\xfe broken</h1>")
    (tmp_path / "clubs.en.html").mkdir()
    with pytest.raises(FileNotFoundError):
        read_rules("metamorphosis", "en", tmp_path)
    dialog = RulesDialog("king", language="en", directory=tmp_path)
    qtbot.addWidget(dialog)
    for game, name in (("king", "King"), ("clubs", "Clubs"), ("metamorphosis", "Metamorphosis")):
        text = browser_text(dialog, game)
        assert text.startswith(f"The rules of {name} could not be read."), text
    assert "metamorphosis.en.html" in browser_text(dialog, "metamorphosis")


def test_glossary_tab_gives_each_term_in_both_versions(qtbot) -> None:
    """The last tab lists every term as English writes it beside its Russian original;
    choosing it leaves the game on show unchanged for F1."""
    from cardtable.ui.games.rules_glossary import terms

    dialog = RulesDialog("clubs", language="en")
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentWidget(dialog.glossary)
    assert dialog.tabs.tabText(dialog.tabs.currentIndex()) == "Glossary"
    assert dialog.current_game() in GAMES
    text = squash(dialog.glossary.toPlainText())
    for term in terms():
        assert squash(f"{term.english} {term.russian}") in text, term
    assert "eralash ералаш" in text and "rozygrysh, rozygryshi розыгрыш, розыгрыши" in text
