"""Value types: cards, wishes, moves and observations read and write themselves."""

import pytest

from engine.cards import CARD_NAMES, JOKER, Card, Colour, full_deck, parse_cards, parse_collection
from engine.moves import Move, Source
from engine.observations import parse_observation
from engine.wish import Wish, fits


class TestCard:
    @pytest.mark.parametrize("name", ["red-0", "pink-3", "blue-5", "joker"])
    def test_round_trip(self, name: str) -> None:
        card = Card.parse(name)
        assert str(card) == name
        assert eval(repr(card)) == card  # noqa: S307 - the repr is meant to be pasted back

    def test_parse_is_lenient_about_case_and_spaces(self) -> None:
        assert Card.parse("  Pink-3 ") == Card(Colour.PINK, 3)
        assert Card.parse("JOKER") is JOKER

    @pytest.mark.parametrize("bad", ["purple-3", "red-6", "red", "3", "", "red-x"])
    def test_bad_names_say_why(self, bad: str) -> None:
        with pytest.raises(ValueError):
            Card.parse(bad)

    def test_deck(self) -> None:
        deck = full_deck()
        assert len(deck) == 64
        assert deck.count(Card.parse("pink-3")) == 2
        assert deck.count(JOKER) == 4
        assert len(CARD_NAMES) == 31 and CARD_NAMES[-1] == "joker"
        assert len(set(CARD_NAMES)) == 31

    def test_lists_and_collections(self) -> None:
        assert parse_cards("[red-2, joker]") == [Card.parse("red-2"), JOKER]
        coll = parse_collection("green-1 green-3 | blue-0")
        assert [str(c) for c in coll[Colour.GREEN]] == ["green-1", "green-3"]
        with pytest.raises(ValueError):
            parse_collection("joker")


class TestFits:
    top = Card.parse("red-3")

    def test_same_colour_or_value_or_joker(self) -> None:
        assert fits(Card.parse("red-0"), self.top, None)
        assert fits(Card.parse("blue-3"), self.top, None)
        assert fits(JOKER, self.top, None)
        assert not fits(Card.parse("pink-2"), self.top, None)

    def test_a_joker_on_top_takes_its_wish(self) -> None:
        assert fits(Card.parse("yellow-1"), JOKER, Wish.parse("yellow"))
        assert not fits(Card.parse("red-1"), JOKER, Wish.parse("yellow"))
        assert fits(Card.parse("red-4"), JOKER, Wish.parse("4"))
        assert fits(JOKER, JOKER, Wish.parse("4"))

    def test_wish_needs_one_thing(self) -> None:
        with pytest.raises(ValueError):
            Wish()
        with pytest.raises(ValueError):
            Wish.parse("7")


class TestMove:
    @pytest.mark.parametrize(
        "text",
        [
            "hand:pink-3",
            "hand:joker=yellow",
            "hand:joker=4",
            "stack:green-2",
            "collect:blue-0",
            "collect:blue-0>green",
            "collect:joker>red",
        ],
    )
    def test_round_trip(self, text: str) -> None:
        move = Move.parse(text)
        assert str(move) == text
        assert eval(repr(move)) == move  # noqa: S307

    def test_stack_defaults_to_the_card_colour(self) -> None:
        assert Move.parse("collect:blue-0").stack is Colour.BLUE
        assert Move.parse("hand:blue-0").stack is None
        assert Move.parse("stack:green-2").source is Source.STACK

    @pytest.mark.parametrize("bad", ["pink-3", "throw:pink-3", "hand:pink-3=red"])
    def test_bad_moves(self, bad: str) -> None:
        with pytest.raises(ValueError):
            Move.parse(bad)


class TestObservationText:
    @pytest.mark.parametrize(
        "text",
        [
            "round starts: discard red-3",
            "round starts: discard red-3, seat 2 starts",
            "seat 2: hand:pink-3",
            "hand:pink-3",
            "seat 2: stack:green-3",
            "seat 3: collect:blue-0",
            "wish yellow",
            "round over: seat 1 reveals [red-2, joker]",
            "round over: seat 0 reveals []; seat 1 reveals [red-2]",
        ],
    )
    def test_round_trip(self, text: str) -> None:
        assert str(parse_observation(text)) == text

    def test_bad_reveal(self) -> None:
        with pytest.raises(ValueError):
            parse_observation("round over: seat one shows red-2")
