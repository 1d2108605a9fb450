"""The full game: each rule of RULES.md as a small scenario."""

import pytest

from engine.cards import JOKER, Card, Colour
from engine.game import Game, GameEnd, IllegalMoveError, RoundEnd
from engine.moves import Move
from engine.rules import DrawVariant, Rules, ScoringVariant, WishVariant
from engine.violations import Rule

TWO = Rules(players=2)


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def position(rules: Rules = TWO, **kw) -> Game:  # type: ignore[no-untyped-def]
    kw.setdefault("hands", ["", ""])
    kw.setdefault("draw_pile", "green-0 green-1 green-2")
    return Game.from_position(rules, **kw)


class TestSetup:
    def test_deal(self) -> None:
        game = Game(Rules(players=6), seed=3)
        assert [len(h) for h in game.hands] == [5] * 6
        assert len(game.discard) == 1
        assert len(list(game.all_cards())) == 64

    def test_a_joker_is_never_the_first_discard(self) -> None:
        assert all(not Game(TWO, seed=s).top.is_joker for s in range(300))

    def test_same_seed_same_deal(self) -> None:
        assert Game(TWO, seed=5).hands == Game(TWO, seed=5).hands

    @pytest.mark.parametrize("players", [1, 7])
    def test_player_count(self, players: int) -> None:
        with pytest.raises(ValueError, match="2-6"):
            Rules(players=players)


class TestTurn:
    def test_fitting_hand_card_goes_onto_the_discard_without_a_draw(self) -> None:
        game = position(hands=["red-1 blue-2", "pink-0"], discard="red-3")
        record = game.play("hand:red-1")
        assert game.top == Card.parse("red-1") and record.drew is None
        assert game.hands[0] == [Card.parse("blue-2")] and game.to_move == 1

    def test_same_value_fits(self) -> None:
        game = position(hands=["blue-3 pink-2", "pink-0"], discard="red-3")
        assert "hand:blue-3" in moves(game)

    def test_passt_nicht_collects_and_draws(self) -> None:
        game = position(hands=["blue-2 pink-4", "pink-0"], discard="red-3")
        record = game.play("collect:blue-2")
        assert game.collections[0] == {Colour.BLUE: [Card.parse("blue-2")]}
        assert record.drew == Card.parse("green-2") and len(game.hands[0]) == 2

    def test_cards_of_a_colour_go_onto_one_stack(self) -> None:
        game = position(
            hands=["blue-4 pink-4", "pink-0"], discard="red-3", collections=["blue-2", ""]
        )
        game.play("collect:blue-4")
        assert [str(c) for c in game.collections[0][Colour.BLUE]] == ["blue-2", "blue-4"]

    def test_stack_top_fitting_can_be_played(self) -> None:
        game = position(
            hands=["pink-4 yellow-0", "pink-0"], discard="red-3", collections=["blue-1 blue-3", ""]
        )
        game.play("stack:blue-3")
        assert game.top == Card.parse("blue-3")
        assert game.collections[0][Colour.BLUE] == [Card.parse("blue-1")]

    def test_keeping_a_fitting_hand_card_is_allowed(self) -> None:
        game = position(hands=["red-1 pink-2", "pink-0"], discard="red-3")
        assert "collect:pink-2" in moves(game)


class TestForcedPlay:
    def test_a_fitting_stack_top_forbids_collecting(self) -> None:
        game = position(
            hands=["pink-4 red-1", "pink-0"], discard="red-3", collections=["blue-3", ""]
        )
        assert moves(game) == {"hand:red-1", "stack:blue-3"}
        with pytest.raises(IllegalMoveError, match="forced-play"):
            game.play("collect:pink-4")

    def test_only_the_top_counts(self) -> None:
        game = position(
            hands=["pink-4", "pink-0"], discard="red-3", collections=["blue-3 blue-0", ""]
        )
        assert moves(game) == {"collect:pink-4"}

    def test_a_fitting_card_is_never_collected(self) -> None:
        game = position(hands=["red-1 pink-4", "pink-0"], discard="red-3")
        with pytest.raises(IllegalMoveError, match="collect-fitting"):
            game.play("collect:red-1")

    def test_a_joker_is_never_collected(self) -> None:
        game = position(hands=["joker pink-4", "pink-0"], discard="red-3")
        assert not any(m.startswith("collect:joker") for m in moves(game))
        with pytest.raises(IllegalMoveError, match="collect-joker"):
            game.play("collect:joker>red")

    def test_a_legal_move_always_exists_when_forced(self) -> None:
        game = position(hands=["pink-4", "pink-0"], discard="red-3", collections=["blue-3", ""])
        assert moves(game) == {"stack:blue-3"}


class TestJoker:
    def test_joker_fits_everything_and_carries_a_wish(self) -> None:
        game = position(hands=["joker pink-4", "pink-0"], discard="red-3")
        assert {"hand:joker=yellow", "hand:joker=0", "hand:joker=5"} <= moves(game)
        with pytest.raises(IllegalMoveError, match="wish"):
            game.play(Move.hand(JOKER))
        game.play("hand:joker=yellow")
        assert game.top is JOKER and str(game.wish) == "yellow"

    def test_the_wish_is_the_effective_top(self) -> None:
        game = position(hands=["yellow-1 red-3", "pink-0"], discard="red-3 joker", wish="yellow")
        assert moves(game) == {"hand:yellow-1", "collect:red-3"}

    def test_a_joker_may_be_played_on_a_joker(self) -> None:
        game = position(hands=["joker pink-4", "pink-0"], discard="joker", wish="3")
        game.play("hand:joker=blue")
        assert str(game.wish) == "blue"

    def test_w1_wish_stays_for_the_next_player_after_a_collect(self) -> None:
        game = position(hands=["pink-4 red-1", "green-0 yellow-2"], discard="joker", wish="yellow")
        game.play("collect:pink-4")
        assert str(game.wish) == "yellow" and game.to_move == 1
        assert moves(game) == {"hand:yellow-2", "collect:green-0"}

    def test_w1_forced_by_a_stack_top_with_the_wished_colour(self) -> None:
        game = position(
            hands=["pink-4", "pink-0"], discard="joker", wish="yellow", collections=["yellow-0", ""]
        )
        assert moves(game) == {"stack:yellow-0"}

    def test_w2_a_wished_hand_card_must_be_served(self) -> None:
        rules = Rules(players=2, wish=WishVariant.W2)
        game = position(rules, hands=["pink-4 yellow-1", "pink-0"], discard="joker", wish="yellow")
        assert moves(game) == {"hand:yellow-1"}
        assert Rule.WISH_UNSERVED in {v.rule for v in game.violations(Move.collect("pink-4"))}

    def test_w1_does_not_oblige_the_hand(self) -> None:
        game = position(hands=["pink-4 yellow-1", "pink-0"], discard="joker", wish="yellow")
        assert moves(game) == {"hand:yellow-1", "collect:pink-4"}


class TestDrawPile:
    def test_d1_reshuffles_all_but_the_top(self) -> None:
        game = position(
            hands=["pink-4 pink-2", "pink-0"], discard="green-3 blue-0 red-3", draw_pile=""
        )
        record = game.play("collect:pink-4")
        assert record.reshuffled and game.discard == [Card.parse("red-3")]
        assert record.drew in (Card.parse("green-3"), Card.parse("blue-0"))
        assert len(game.draw_pile) == 1 and game.round_end is None

    def test_d1_round_ends_when_nothing_is_left(self) -> None:
        game = position(hands=["pink-4 pink-2", "pink-0"], discard="red-3", draw_pile="")
        game.play("collect:pink-4")
        assert game.round_end is RoundEnd.DRAW_PILE_EXHAUSTED

    def test_d2_round_ends_as_soon_as_the_pile_is_used_up(self) -> None:
        rules = Rules(players=2, draw=DrawVariant.D2)
        game = position(
            rules, hands=["pink-4 pink-2", "pink-0"], discard="blue-1 red-3", draw_pile="green-0"
        )
        game.play("collect:pink-4")
        assert game.round_end is RoundEnd.DRAW_PILE_EXHAUSTED


class TestRoundEnd:
    def test_playing_the_last_hand_card_ends_the_round(self) -> None:
        game = position(
            hands=["red-1", "pink-0 joker"],
            discard="red-3",
            collections=["blue-5 blue-2 | green-4", "yellow-3"],
        )
        game.play("hand:red-1")
        assert game.round_end is RoundEnd.HAND_EMPTY
        # collection counts every card, covered ones too; a joker in hand is -10
        assert game.round.scores == [11, 3 - 0 - 10]
        assert game.totals == [11, -7]

    def test_collecting_the_last_card_draws_at_once(self) -> None:
        game = position(hands=["pink-4", "pink-0"], discard="red-3")
        game.play("collect:pink-4")
        assert game.round_end is None and len(game.hands[0]) == 1

    def test_next_round_starts_with_who_played_last(self) -> None:
        game = position(hands=["pink-0", "red-1"], discard="red-3", to_move=1)
        game.play("hand:red-1")
        game.next_round()
        assert game.to_move == 1 and len(game.rounds) == 2

    def test_game_ends_at_fifty_and_the_highest_wins(self) -> None:
        game = position(hands=["red-1", "pink-0"], discard="red-3")
        game.totals = [45, 48]
        game.collections = [{Colour.BLUE: [Card.parse("blue-5")]}, {}]
        game.play("hand:red-1")
        outcome = game.outcome()
        assert outcome is not None and outcome.reason is GameEnd.TARGET_REACHED
        assert outcome.winners == (0,) and outcome.totals == (50, 48)
        with pytest.raises(IllegalMoveError):
            game.next_round()

    def test_a_tie_is_a_shared_win(self) -> None:
        game = position(hands=["red-1", "pink-0"], discard="red-3")
        game.totals = [50, 50]
        game.play("hand:red-1")
        outcome = game.outcome()
        assert outcome is not None and outcome.winners == (0, 1)

    def test_s1_is_a_single_round(self) -> None:
        rules = Rules(players=2, scoring=ScoringVariant.S1)
        game = position(rules, hands=["red-1", "pink-1"], discard="red-3")
        game.play("hand:red-1")
        outcome = game.outcome()
        assert outcome is not None and outcome.reason is GameEnd.SINGLE_ROUND
        assert outcome.winners == (0,)

    def test_no_moves_after_the_round(self) -> None:
        game = position(hands=["red-1", "pink-1"], discard="red-3")
        game.play("hand:red-1")
        assert game.legal_moves() == []
        with pytest.raises(IllegalMoveError, match="over"):
            game.play("hand:pink-1")


class TestPossession:
    def test_a_card_not_in_hand(self) -> None:
        game = position(hands=["red-1", "pink-1"], discard="red-3")
        with pytest.raises(IllegalMoveError, match="holds no red-2"):
            game.play("hand:red-2")
        with pytest.raises(IllegalMoveError, match="no blue-3"):
            game.play("stack:blue-3")
