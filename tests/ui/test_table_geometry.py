"""The layout of 2 to 8 seats, as plain numbers: everything on the table, nothing on
top of anything else, at the smallest window and at 4K."""

from __future__ import annotations

import pytest

from cardtable.ui.table.geometry import CARD_RATIO, table_geometry

SIZES = [(800, 560), (1024, 700), (1280, 800), (1920, 1080), (3840, 2160)]


def box(centre: tuple[float, float], w: float, h: float) -> tuple[float, float, float, float]:
    x, y = centre
    return x - w / 2, y - h / 2, x + w / 2, y + h / 2


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: tuple[float, ...], width: float, height: float) -> bool:
    return a[0] >= 0 and a[1] >= 0 and a[2] <= width and a[3] <= height


@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_seat_fits(seats: int, width: int, height: int) -> None:
    g = table_geometry(width, height, seats)
    assert g.card_h == pytest.approx(g.card_w * CARD_RATIO)
    plate_w, plate_h = g.plate_size
    plates = [box(place.plate, plate_w, plate_h) for place in g.seats]
    tricks = [box(place.trick, g.card_w, g.card_h) for place in g.seats]
    for i, plate in enumerate(plates):
        assert inside(plate, width, height), (seats, i, plate)
        for other in plates[i + 1:]:
            assert not overlaps(plate, other)
        for trick in tricks:
            assert not overlaps(plate, trick), (seats, i)
    for trick in tricks:
        assert inside(trick, width, height)
    # the viewer's full hand (up to 17 cards in Трефы) stays on the table, clear of
    # the plates and of the trick
    hand = g.hand_positions(17 if seats in (3, 6) else 13)
    first, last = hand[0], hand[-1]
    hand_box = (first[0] - g.card_w / 2, first[1] - g.card_h / 2,
                last[0] + g.card_w / 2, last[1] + g.card_h / 2)
    assert inside(hand_box, width, height)
    for plate in plates:
        assert not overlaps(hand_box, plate)
    for trick in tricks:
        assert not overlaps(hand_box, trick)
    # the other hands, as small backs, stay on the table
    for position in range(1, seats):
        w = g.card_w * g.seats[position].hand_scale
        for x, y in g.other_hand_positions(position, 17):
            assert inside(box((x, y), w, w * CARD_RATIO), width, height)


def test_the_seat_to_the_left_is_drawn_on_the_left() -> None:
    """Play goes clockwise: the next seat after the viewer sits at the viewer's left."""
    g = table_geometry(1280, 800, 4)
    assert g.seats[1].plate[0] < g.centre[0] < g.seats[3].plate[0]
    assert g.seats[2].plate[1] < g.centre[1]


def test_cards_grow_with_the_window() -> None:
    small = table_geometry(1024, 700, 4).card_w
    large = table_geometry(3840, 2160, 4).card_w
    assert large > 2 * small
