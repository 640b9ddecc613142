"""Nobody is sent what their seat may not see: every frame of whole games on a real
server, judged against the server's own record — and twins, the strongest check.

**Every frame, judged by the rules.**  Whole games of every game are played on a real
server on loopback by network computer players, each keeping every frame it receives.
The judge knows nothing of views: it replays the server's record (every card of every
deal) through the rules and, for the moment each frame was sent, knows the cards seat
``s`` may know — its own hand (in a хвалёнка only the first packet until the order is
made), cards it drew, and what the table shows (cards played, the card shown for
«по последней», the turned card).  Any other card name anywhere in a frame to ``s`` —
another hand, the stock, the cards set aside — fails, as does the seed or another
seat's legal moves.

**Twins.**  Two tables dealt the same cards except two that seat ``s`` cannot see
(another seat's hand, the stock, the cards set aside), or with two other seats'
secret declarations exchanged, from different seeds, and the same moves made: every
update ``s`` receives must be the same bytes at both, until the rules show one of the
exchanged cards.  Whatever the view code or the server added of the hidden cards,
their order, the declarations or the seed would tell the twins apart.

Both judges are proved on planted leaks (another seat's hand, the seed).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.ai import make_player
from cardtable.cards import Card
from cardtable.engine import record
from cardtable.engine.actions import action_from_json, action_to_json
from cardtable.engine.game import IllegalAction, Layout
from cardtable.engine.match import DealStep, Match, Seat
from cardtable.net import table as table_module
from cardtable.net.client import TableClient
from cardtable.net.remote_player import play_seat
from cardtable.net.server import TableServer, run_server
from cardtable.net.session import TableSession

GUARD = 240.0
"""Seconds after which a stuck game fails instead of hanging (never a measure)."""

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("king", {"players": 4}),
    ("king", {"players": 3, "length": "short"}),
    ("clubs", {"players": 3, "target": 25, "deals": 5}),
    ("clubs", {"players": 7, "deals": 5}),  # two decks, six cards set aside
    ("metamorphosis", {"players": 2}),
    ("metamorphosis", {"players": 3, "turned_trump": True}),
]


# --- a real server on loopback -------------------------------------------------------------


async def serving(tmp_path: Path, body: Callable[[str], Awaitable[Any]]) -> Any:
    """Run ``body(url)`` against a server on 127.0.0.1, then stop the server."""
    stop = asyncio.Event()
    server = TableServer(tmp_path, deal_pause=0.2)
    started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_server(server, "127.0.0.1", 0, ready=started.set_result,
                                          stop=stop))
    port = await asyncio.wait_for(started, 10)
    try:
        return await body(f"ws://127.0.0.1:{port}")
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)


async def create(url: str, game: str, options: dict[str, Any]) -> str:
    host = await TableClient.open(url)
    try:
        made = await host.create(game, [{"kind": "open"}] * options["players"], options)
    finally:
        await host.close()
    return str(made["code"])


def whole_game(tmp_path: Path, game: str, options: dict[str, Any]
               ) -> tuple[dict[str, Any], dict[int, list[str]]]:
    """(the server's record, every frame each seat received) of a whole game."""
    async def body(url: str) -> tuple[str, dict[int, list[str]]]:
        code = await create(url, game, options)
        results = await asyncio.wait_for(asyncio.gather(*(
            play_seat(url, code, "easy", f"P{i}", seed=i, keep_frames=True)
            for i in range(options["players"]))), GUARD)
        return code, {r.seat: r.frames for r in results}

    code, frames = asyncio.run(serving(tmp_path, body))
    data = json.loads((tmp_path / f"{code}.json").read_text())
    return data, frames


# --- the judge: the record and the rules, not the views -----------------------------------


@dataclasses.dataclass
class Known:
    """What one seat may know after a step, by the rules."""

    own: set[Card]
    public: set[Card]
    to_move: int | None
    over: bool


def known_after_each_step(data: dict[str, Any]) -> Iterator[list[Known]]:
    """For every step of the recorded game (1, 2, …): each seat's :class:`Known`."""
    kept = record.load(data)
    match = kept.prefix(0)
    n = match.n
    hands: list[list[Card]] = []
    own: list[set[Card]] = []
    public: set[Card] = set()
    for step in kept.steps():
        events = match.take(step)
        if isinstance(step, DealStep):
            hands = [list(hand) for hand in step.layout.hands]
            hvalenka = match.game.name == "king" and match.state.phase == "order"
            own = [set(hand[:3] if hvalenka else hand) for hand in hands]
            turned = getattr(step.layout, "turned", None)  # Метаморфоза's layout only
            public = {turned} if turned is not None else set()
        elif action_to_json(step.action)["type"] == "order":  # the rest of the хвалёнка
            own = [set(hand) for hand in hands]
        for event in events:
            shown = event.to_json()
            if shown["type"] in ("card_played", "card_shown"):
                public.add(Card.parse(shown["card"]))
            elif shown["type"] == "cards_drawn":
                own[shown["seat"]] |= {Card.parse(c) for c in shown["cards"]}
        yield [Known(set(own[s]), set(public), match.state.to_move, match.state.is_over)
               for s in range(n)]


def cards_in(value: Any) -> Iterator[Card]:
    """Every card name anywhere in a JSON value."""
    if isinstance(value, str):
        try:
            yield Card.parse(value)
        except ValueError:
            return
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)


def keys_in(value: Any) -> Iterator[str]:
    if isinstance(value, list):
        for item in value:
            yield from keys_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys_in(item)


def leaks(data: dict[str, Any], frames: dict[int, list[str]]) -> list[str]:
    """Every fault of the frames each seat received, judged against the record."""
    known = list(known_after_each_step(data))
    seed = str(data["seed"])
    found = []
    for seat, received in frames.items():
        over = False
        for i, frame in enumerate(received):
            where = f"seat {seat}, frame {i}"
            if seed in frame:
                found.append(f"{where}: the seed")
            message = json.loads(frame)
            if "seed" in keys_in(message):
                found.append(f"{where}: a seed field")
            kind = message["type"]
            if kind == "update":
                now = known[message["step"] - 1][seat]
                allowed = now.own | now.public
                for card in cards_in(message):
                    if card not in allowed:
                        found.append(f"{where} (step {message['step']}): {card}")
                if now.to_move != seat and message["view"]["legal"]:
                    found.append(f"{where}: legal moves while seat {now.to_move} is to move")
                over = now.over
            elif kind != "record" or not over:  # the whole record once the game is over
                found += [f"{where} ({kind}): {card}" for card in cards_in(message)]
    return found


def check_whole_game(tmp_path: Path, game: str, options: dict[str, Any]) -> None:
    data, frames = whole_game(tmp_path, game, options)
    assert record.load(data).state.is_over
    assert len(frames) == options["players"]
    assert leaks(data, frames) == [], f"the game of seed {data['seed']}"
    count = sum(len(f) for f in frames.values())
    size = sum(len(x.encode()) for f in frames.values() for x in f)
    assert count > 20 * options["players"]
    print(f"wire privacy {game} {options}: {count} frames, {size} bytes checked")


@pytest.mark.parametrize(("game", "options"), GAMES,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in GAMES])
def test_no_frame_of_a_whole_game_shows_a_seat_what_it_may_not_see(
        tmp_path: Path, game: str, options: dict[str, Any]) -> None:
    check_whole_game(tmp_path, game, options)


def kept_sessions(monkeypatch: pytest.MonkeyPatch) -> list[TableSession]:
    """Every table session made from now on (to plant a leak from it)."""
    sessions: list[TableSession] = []
    real_init = TableSession.__init__

    def init(self: TableSession, match: Match) -> None:
        real_init(self, match)
        sessions.append(self)

    monkeypatch.setattr(TableSession, "__init__", init)
    return sessions


def test_the_judge_catches_a_hand_and_a_seed_planted_in_the_frames(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One update to each seat carries the next seat's hand; once, the seed: the very
    judge above must find both."""
    planted: dict[str, int] = {"hand": 0, "seed": 0}
    real = table_module.view_to_json
    sessions = kept_sessions(monkeypatch)

    def leaky(view: Any) -> dict[str, Any]:
        out = real(view)
        if view.phase == "play" and planted["hand"] < view.n:
            other = sessions[-1].view_for((view.seat + 1) % view.n)
            out["hand"] = [*out["hand"], *(str(c) for c in other.hand)]
            planted["hand"] += 1
        elif view.phase == "play" and not planted["seed"]:
            out["deal_index"] = sessions[-1].record()["seed"]
            planted["seed"] += 1
        return out

    monkeypatch.setattr(table_module, "view_to_json", leaky)
    data, frames = whole_game(tmp_path, "metamorphosis", {"players": 2})
    found = leaks(data, frames)
    assert planted == {"hand": 2, "seed": 1}
    assert any("the seed" in f for f in found), found
    assert sum(": " in f and "step" in f for f in found) >= 2, found


def test_the_judge_knows_the_rules_of_what_is_public() -> None:
    """A хвалёнка's hand is known by its first packet until the order; the turned card
    and cards played are everyone's; another seat's hand and the stock are nobody's."""
    match = Match.start("king", {"players": 4, "length": "short"},
                        [Seat(f"P{i}") for i in range(4)], seed=3)
    players = [make_player("king", "easy") for _ in range(4)]
    rng = random.Random(3)
    while not match.state.is_over:
        if match.state.needs_deal:
            match.deal()
        else:
            seat = match.state.to_move
            assert seat is not None
            match.apply(players[seat].choose(match.state.view(seat),
                                             match.state.legal_actions(), rng))
    data = record.to_json(match)
    known = list(known_after_each_step(data))
    first_order = next(i for i, k in enumerate(known) if len(k[0].own) > 3 and i > 0
                       and len(known[i - 1][0].own) == 3)
    assert first_order > 0
    hidden = Card.parse(data["deals"][-1]["cards"]["hands"][1][-1])
    deal_start = len(known) - 1 - len(data["deals"][-1]["actions"])
    assert hidden not in known[deal_start][0].own | known[deal_start][0].public


# --- twins ---------------------------------------------------------------------------------


@dataclasses.dataclass
class Twin:
    """One table of a pair: its seed, its first deal and the moves made."""

    seed: int
    first_dealer: int
    layout: Layout
    actions: list[dict[str, Any]]


async def play_twin(url: str, game: str, options: dict[str, Any], twin: Twin,
                    monkeypatch: pytest.MonkeyPatch) -> dict[int, list[str]]:
    """Deal ``twin``'s cards at a new table of open seats and make its moves from
    scripted clients; every update each seat received."""
    def new(cls: type[TableSession], game: str, options: dict[str, Any],
            seats: list[Seat], seed: int | None = None) -> TableSession:
        match = Match.start(game, options, seats, twin.seed, twin.first_dealer)
        match.next_layout = lambda: twin.layout  # type: ignore[method-assign]
        return cls(match)

    monkeypatch.setattr(TableSession, "new", classmethod(new))
    code = await create(url, game, options)
    n = options["players"]
    clients = [await TableClient.open(url) for _ in range(n)]
    updates: dict[int, list[str]] = {s: [] for s in range(n)}
    try:
        for i, client in enumerate(clients):
            joined = await client.join(code, name=f"P{i}")
            assert joined["seat"] == i

        async def until(step: int) -> None:
            for seat, client in enumerate(clients):
                while True:
                    frame = await asyncio.wait_for(client.ws.recv(), GUARD)
                    assert isinstance(frame, str)
                    message = json.loads(frame)
                    assert message["type"] != "error", message
                    if message["type"] == "update":
                        updates[seat].append(frame)
                        if message["step"] >= step:
                            break

        await until(1)  # dealt as the last seat joined
        for step, action in enumerate(twin.actions, start=1):
            await clients[action["seat"]].act(action_from_json(action), step)
            await until(step + 1)
    finally:
        for client in clients:
            await client.close()
    return updates


def deal_moves(game: str, options: dict[str, Any], seed: int
               ) -> tuple[Layout, int, list[dict[str, Any]]]:
    """A first deal of seeded easy players: its cards, first dealer and moves."""
    n = options["players"]
    match = Match.start(game, options, [Seat(f"P{i}") for i in range(n)], seed=seed)
    players = [make_player(game, "easy") for _ in range(n)]
    match.deal(match.next_layout())
    rng = random.Random(seed)
    while match.state.to_move is not None:
        seat = match.state.to_move
        assert seat is not None
        match.apply(players[seat].choose(match.state.view(seat), match.state.legal_actions(),
                                         rng))
    actions = record.to_json(match)["deals"][0]["actions"]
    return match.deals[0].layout, match.state.first_dealer, actions


def shown_at(game: str, options: dict[str, Any], twin: Twin, seat: int,
             swapped: set[Card]) -> int:
    """How many moves of ``twin`` are made before the rules show ``seat`` a swapped card
    (or a move is not legal with the twin's cards)."""
    n = options["players"]
    match = Match.start(game, options, [Seat(f"P{i}") for i in range(n)], twin.seed,
                        twin.first_dealer)
    match.deal(twin.layout)
    for i, action in enumerate(twin.actions):
        try:
            events = match.apply(action_from_json(action))
        except IllegalAction:
            return i
        for event in events:
            shown = event.to_json()
            cards = set(cards_in(shown))
            seen = shown["type"] in ("card_played", "card_shown") or \
                (shown["type"] == "cards_drawn" and shown["seat"] == seat)
            if seen and cards & swapped:
                return i
    return len(twin.actions) - 1  # the deal's end shows every card


def hidden_card_twin(game: str, options: dict[str, Any], seat: int, seed: int
                     ) -> tuple[Twin, Twin, int]:
    """Two tables whose first deals differ in two cards ``seat`` cannot see, and how
    many moves both make before one of those cards is shown: the longest of a few
    tries."""
    layout, dealer, actions = deal_moves(game, options, seed)
    first = Twin(seed, dealer, layout, actions)
    slots = [(name, s, j) for name, s, j in _slots(layout) if s != seat]
    rng = random.Random(seed)
    best: tuple[int, Twin] | None = None
    for _ in range(60):
        a, b = rng.sample(slots, 2)
        if _get(layout, a) == _get(layout, b) or (a[:2] == b[:2] and a[0] != "stock"):
            continue  # the same card, or an order nobody sees (a hand is sorted)
        second = Twin(seed + 1, dealer, _swap(layout, a, b), actions)
        moves = min(shown_at(game, options, second, seat, {_get(layout, a), _get(layout, b)}),
                    shown_at(game, options, first, seat, {_get(layout, a), _get(layout, b)}))
        if best is None or moves > best[0]:
            best = (moves, second)
    assert best is not None
    return first, best[1], best[0]


Slot = tuple[str, int | None, int]


def _slots(layout: Layout) -> list[Slot]:
    out: list[Slot] = [("hands", s, j) for s, hand in enumerate(layout.hands)
                       for j in range(len(hand))]
    for part in ("aside", "stock"):  # a game's own layout parts, where it has them
        out += [(part, None, j) for j in range(len(getattr(layout, part, ())))]
    return out


def _get(layout: Layout, slot: Slot) -> Card:
    name, s, j = slot
    cards = layout.hands[s] if s is not None else getattr(layout, name)
    card: Card = cards[j]
    return card


def _swap(layout: Layout, a: Slot, b: Slot) -> Layout:
    parts: dict[str, Any] = {"hands": [list(h) for h in layout.hands]}
    for part in ("aside", "stock"):
        if hasattr(layout, part):
            parts[part] = list(getattr(layout, part))

    def place(slot: Slot, card: Card) -> None:
        name, s, j = slot
        (parts[name][s] if s is not None else parts[name])[j] = card

    first, second = _get(layout, a), _get(layout, b)
    place(a, second)
    place(b, first)
    return dataclasses.replace(layout, **{name: tuple(tuple(h) for h in cards)
                                          if name == "hands" else tuple(cards)
                                          for name, cards in parts.items()})


TWINS: list[tuple[str, dict[str, Any], int]] = [
    ("king", {"players": 4}, 0),
    ("king", {"players": 4, "stage2": "positive", "length": "short"}, 2),
    ("clubs", {"players": 3, "target": 25}, 1),
    ("clubs", {"players": 7, "deals": 5}, 3),  # the cards set aside
    ("metamorphosis", {"players": 2}, 0),  # the stock's order
    ("metamorphosis", {"players": 3}, 2),
]


def compare_twins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str,
                  options: dict[str, Any], first: Twin, second: Twin, seat: int,
                  moves: int) -> int:
    """Play both twins' first ``moves`` moves; the updates ``seat`` receives must be the
    same bytes.  Returns how many were compared."""
    first = dataclasses.replace(first, actions=first.actions[:moves])
    second = dataclasses.replace(second, actions=second.actions[:moves])

    async def body(url: str) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
        return (await play_twin(url, game, options, first, monkeypatch),
                await play_twin(url, game, options, second, monkeypatch))

    one, two = asyncio.run(serving(tmp_path, body))
    assert len(one[seat]) == len(two[seat]) >= moves + 1
    for i, (a, b) in enumerate(zip(one[seat], two[seat], strict=True)):
        assert a == b, f"update {i} to seat {seat} tells the twins apart:\n{a}\n{b}"
    others = [s for s in range(options["players"]) if s != seat]
    assert any(one[s] != two[s] for s in others), "the twins hide nothing"
    return len(one[seat])


@pytest.mark.parametrize(("game", "options", "seat"), TWINS,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o, _ in TWINS])
def test_twins_differing_in_hidden_cards_send_the_same_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str,
        options: dict[str, Any], seat: int) -> None:
    first, second, moves = hidden_card_twin(game, options, seat, seed=41)
    assert moves >= 3, "the twins part too soon to prove anything"
    compared = compare_twins(tmp_path, monkeypatch, game, options, first, second, seat, moves)
    print(f"twins {game} {options}: {compared} updates to seat {seat} identical "
          f"over {moves} moves")


def test_twins_differing_in_secret_declarations_send_the_same_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Метаморфоза for three: the first two declarers exchange their declarations; the
    third, who sees which cards remain but not who took which, is sent the same bytes
    until the declarations are turned up."""
    options = {"players": 3}
    layout, dealer, actions = deal_moves("metamorphosis", options, seed=5)
    declares = [a for a in actions[:3] if a["type"] == "declare"]
    assert len(declares) == 3
    seat = declares[2]["seat"]
    swapped = [{**declares[0], "value": declares[1]["value"]},
               {**declares[1], "value": declares[0]["value"]}]
    first = Twin(5, dealer, layout, actions[:2])
    second = Twin(6, dealer, layout, swapped)
    compare_twins(tmp_path, monkeypatch, "metamorphosis", options, first, second, seat, 2)


def test_twins_catch_a_planted_leak(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same twins with the other seats' hands slipped into every update: told
    apart."""
    real = table_module.view_to_json
    sessions = kept_sessions(monkeypatch)

    def leaky(view: Any) -> dict[str, Any]:
        out = real(view)
        others = [sessions[-1].view_for(s).hand for s in range(view.n) if s != view.seat]
        out["hand"] = [*out["hand"], *(str(c) for hand in others for c in hand)]
        return out

    monkeypatch.setattr(table_module, "view_to_json", leaky)
    first, second, moves = hidden_card_twin("king", {"players": 4}, 0, seed=41)
    with pytest.raises(AssertionError, match="tells the twins apart"):
        compare_twins(tmp_path, monkeypatch, "king", {"players": 4}, first, second, 0, moves)
