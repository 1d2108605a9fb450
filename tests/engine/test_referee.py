"""The referee judges a table from what a camera sees: each violation and anomaly."""

import pytest

from engine.cards import Colour
from engine.observations import Played, RoundOver, parse_observation
from engine.referee import Referee
from engine.rules import DrawVariant, Rules
from engine.verdicts import Likely, Verdict


def table(*lines: str, players: int = 3, rules: Rules | None = None) -> list[Verdict]:
    ref = Referee(rules or Rules(players=players))
    return [ref.observe_text(line) for line in lines]


def last_rules(*lines: str, players: int = 3) -> list[str]:
    return table(*lines, players=players)[-1].rule_ids


class TestLegalPlay:
    def test_an_honest_sequence_is_legal(self) -> None:
        verdicts = table(
            "round starts: discard red-3",
            "hand:red-1",  # seat 0
            "seat 1: collect:blue-2",
            "hand:blue-1",  # seat 2, value 1 fits red-1
            "hand:joker=green",  # seat 0
            "wish green",
            "seat 1: collect:pink-0",
        )
        assert all(v.legal and not v.anomalies for v in verdicts)

    def test_hand_plays_belong_to_whose_turn_it_is(self) -> None:
        verdicts = table("round starts: discard red-3, seat 2 starts", "hand:red-1")
        assert verdicts[-1].seat == 2


class TestViolations:
    def test_forced_play(self) -> None:
        v = table(
            "round starts: discard red-3",
            "seat 0: collect:blue-2",
            "hand:red-2",  # seat 1: now blue-2 at seat 0 fits red-2
            "hand:red-4",  # seat 2: red-4; blue-2 no longer fits
            "hand:red-2",  # seat 0 plays red-2: blue-2 fits again ...
            "seat 1: collect:yellow-1",
            "hand:red-5",  # seat 2
            "hand:pink-5",  # seat 0
            "seat 1: collect:green-3",
            "hand:pink-2",  # seat 2: seat 0's blue-2 fits pink-2
            "seat 0: collect:yellow-4",
        )[-1]
        assert v.rule_ids == ["forced-play"]
        assert [str(c) for c in v.violations[0].cards] == ["yellow-4", "blue-2"]
        assert "must be played" in v.violations[0].explanation_en
        assert "Sammlung" in v.violations[0].explanation_de

    def test_collect_a_fitting_card(self) -> None:
        assert last_rules("round starts: discard red-3", "seat 0: collect:red-4") == [
            "collect-fitting"
        ]

    def test_collect_a_joker_without_a_stack(self) -> None:
        v = table("round starts: discard red-3", "seat 0: collect:joker")[-1]
        assert v.rule_ids == ["collect-joker"]

    def test_collect_a_joker(self) -> None:
        assert last_rules("round starts: discard red-3", "seat 0: collect:joker>blue") == [
            "collect-joker"
        ]

    def test_discard_not_fitting(self) -> None:
        assert last_rules("round starts: discard red-3", "hand:blue-2") == ["discard-not-fitting"]

    def test_wrong_stack(self) -> None:
        assert last_rules(
            "round starts: discard red-3",
            "seat 0: collect:blue-2",
            "hand:red-1",
            "hand:red-4",
            "seat 0: collect:green-2>blue",
        ) == ["wrong-stack"]

    def test_covered_card(self) -> None:
        v = table(
            "round starts: discard red-3",
            "seat 0: collect:blue-2",
            "hand:red-1",
            "hand:red-4",
            "seat 0: collect:blue-1",
            "hand:red-0",
            "hand:red-5",
            "seat 0: stack:blue-2",  # blue-2 lies under blue-1
        )[-1]
        assert v.rule_ids == ["covered-card", "discard-not-fitting"]

    def test_covered_card_that_fits(self) -> None:
        assert last_rules(
            "round starts: discard red-3",
            "seat 0: collect:blue-2",
            "hand:red-1",
            "hand:red-4",
            "seat 0: collect:blue-0",
            "hand:red-0",
            "hand:red-2",
            "seat 0: stack:blue-2",
        ) == ["covered-card"]

    def test_out_of_turn(self) -> None:
        assert last_rules("round starts: discard red-3", "seat 2: collect:blue-2") == [
            "out-of-turn"
        ]

    def test_out_of_turn_passes_the_turn_on_from_the_actor(self) -> None:
        ref = Referee(Rules(players=3))
        ref.observe_text("round starts: discard red-3")
        ref.observe_text("seat 1: collect:blue-2")
        assert ref.to_move == 2

    def test_after_moves_went_unseen_the_next_named_seat_sets_the_turn(self) -> None:
        v = table(
            "round starts: discard red-3",
            "table seen",  # the camera could not explain a change
            "seat 2: collect:blue-2",  # not judged out of turn: the turn was lost
            "seat 2: collect:green-4",  # ... but this one is
        )
        assert [x.rule_ids for x in v[2:]] == [[], ["out-of-turn"]]
        assert "turn order was lost" in v[2].notes[0]

    def test_the_table_seen_after_unseen_moves_is_followed(self) -> None:
        ref = Referee(Rules(players=3))
        for line in ("round starts: discard red-3", "seat 0: collect:blue-2",
                     "seat 1: collect:green-4", "seat 2: collect:yellow-1",
                     "seat 0: collect:blue-4"):
            ref.observe_text(line)
        seen = "table seen: discard green-3; seat 0 blue:blue-2 red:red-5; seat 1 green:green-4"
        v = ref.observe_text(seen)
        assert str(parse_observation(seen)) == seen
        r = ref.round
        assert r is not None and r.top.value == 3 and r.wish is None
        assert [str(c) for c in r.stacks[0][Colour.BLUE]] == ["blue-2"]  # blue-4 left
        assert [str(c) for c in r.stacks[0][Colour.RED]] == ["red-5"]  # collected unseen
        assert len(v.notes) == 3
        # judged from the table as seen: green-4 at seat 1 fits green-3, so collecting is not
        # allowed there; seat 1 names the turn
        assert ref.observe_text("seat 1: collect:pink-0").rule_ids == ["forced-play"]

    def test_a_stack_that_showed_the_new_discard_top_and_shows_nothing_now_was_played(
            self) -> None:
        """10910 at 44 s: seat 0 played its yellow-2 off its yellow stack, unseen; the table
        seen after shows no yellow stack there. Kept, the yellow-2 made every later collect
        of seat 0 onto a yellow-4 a forced-play alert."""
        ref = Referee(Rules(players=3))
        for line in ("round starts: discard green-3", "seat 0: collect:yellow-2",
                     "seat 1: collect:pink-1", "seat 2: collect:blue-5"):
            ref.observe_text(line)
        v = ref.observe_text("table seen: discard yellow-2; seat 1 pink:pink-1; "
                             "seat 2 blue:blue-5")
        r = ref.round
        assert r is not None and not r.stacks[0].get(Colour.YELLOW)
        assert "played from it" in v.notes[0]
        assert ref.observe_text("hand:yellow-4").rule_ids == []
        assert ref.observe_text("seat 0: collect:green-2").rule_ids == []
        # a stack listed still showing it: the new top is the other copy, from a hand
        ref = Referee(Rules(players=3))
        for line in ("round starts: discard green-3", "seat 0: collect:yellow-2"):
            ref.observe_text(line)
        ref.observe_text("table seen: discard yellow-2; seat 0 yellow:yellow-2")
        assert [str(c) for c in ref.round.stacks[0][Colour.YELLOW]] == ["yellow-2"]

    def test_a_card_collected_unseen_was_followed_by_a_draw(self) -> None:
        """12009: two collects in a spell no move explained; the table seen shows their
        cards. Each player drew: the draw pile runs out (and is reshuffled) on time."""
        ref = Referee(Rules(players=3))
        ref.observe_text("round starts: discard green-3")
        r = ref.round
        assert r is not None
        left, hands = r.draw_count, list(r.hand_sizes)
        v = ref.observe_text("table seen: discard green-3; seat 1 pink:pink-1; "
                             "seat 2 blue:blue-5")
        assert r.draw_count == left - 2 and r.hand_sizes == hands
        assert v.notes == ["seat 1's pink stack now shows pink-1",
                           "seat 2's blue stack now shows blue-5"]
        r.draw_count = 0  # nothing left to draw: the next unseen collect reshuffles
        v = ref.observe_text("table seen: discard green-3; seat 1 pink:pink-2; "
                             "seat 2 blue:blue-5")
        assert "the draw pile is reshuffled from the discard pile" not in v.notes  # one card
        assert r.expected_end == "nothing is left to draw"

    def test_a_joker_laid_unseen_on_a_joker_leaves_its_wish_unknown(self) -> None:
        """11108 at 45 s: seat 1 played the joker off its stack onto the other joker (wished
        pink before), unseen; the table seen shows the joker on the discard and seat 1's
        stack without it. Kept, the old wish made 25 later collects false alerts."""
        ref = Referee(Rules(players=3))
        for line in ("round starts: discard red-3", "seat 0: collect:blue-2",
                     "seat 1: collect:yellow-4", "seat 2: collect:green-1", "hand:joker",
                     "wish pink", "seat 1: collect:joker>yellow"):  # a joker collected
            ref.observe_text(line)
        assert ref.observe_text("seat 2: collect:pink-3").rule_ids == ["collect-fitting"]
        v = ref.observe_text("table seen: discard joker; seat 1 yellow:yellow-4")
        r = ref.round
        assert r is not None and r.wish is None and len(r.discard) == 3
        assert "laid on its twin" in v.notes[0]
        assert ref.observe_text("seat 2: collect:pink-1").rule_ids == []  # wish unknown

    def test_a_hand_play_does_not_set_a_lost_turn(self) -> None:
        v = table("round starts: discard red-3", "table seen", "hand:red-1",
                  "seat 0: collect:blue-2")
        assert v[-1].rule_ids == []  # seat 0 named first after the loss: it sets the turn

    def test_several_rules_at_once(self) -> None:
        v = table(
            "round starts: discard red-3",
            "seat 0: collect:blue-3>red",  # fits by value, wrong stack
        )[-1]
        assert v.rule_ids == ["collect-fitting", "wrong-stack"]


class TestWish:
    def test_the_wish_is_asked_for(self) -> None:
        v = table("round starts: discard red-3", "hand:joker")[-1]
        assert v.legal and any("wish" in n for n in v.notes)

    def test_an_unknown_wish_gets_the_benefit_of_the_doubt(self) -> None:
        v = table("round starts: discard red-3", "hand:joker", "hand:blue-2")[-1]
        assert v.legal

    def test_the_entered_wish_is_judged(self) -> None:
        v = table("round starts: discard red-3", "hand:joker", "wish yellow", "hand:blue-2")[-1]
        assert v.rule_ids == ["discard-not-fitting"]

    def test_w1_the_wish_stays_after_a_collect(self) -> None:
        v = table(
            "round starts: discard red-3",
            "hand:joker=yellow",
            "seat 1: collect:blue-2",
            "hand:green-2",
        )[-1]
        assert v.rule_ids == ["discard-not-fitting"]

    def test_wished_colour_on_a_stack_forces(self) -> None:
        v = table(
            "round starts: discard red-3",
            "seat 0: collect:yellow-1",
            "hand:red-5",
            "hand:joker=yellow",
            "seat 0: collect:blue-2",
        )[-1]
        assert v.rule_ids == ["forced-play"]

    def test_a_wish_without_a_joker_is_an_anomaly(self) -> None:
        v = table("round starts: discard red-3", "wish blue")[-1]
        assert v.anomalies[0].kind == "wish-without-joker"


class TestAnomalies:
    def test_a_third_copy_is_likelier_a_misread(self) -> None:
        v = table(
            "round starts: discard red-3",
            "hand:red-3",
            "hand:red-3",
        )[-1]
        assert v.anomalies[0].kind == "extra-copy"
        assert v.anomalies[0].likely is Likely.MISREAD
        assert "pink and red" in v.anomalies[0].message

    def test_a_fifth_joker(self) -> None:
        v = table("round starts: discard red-3", *(["hand:joker=red"] * 5))[-1]
        assert [a.kind for a in v.anomalies] == ["extra-copy"]

    def test_a_card_that_is_not_on_the_stack(self) -> None:
        v = table("round starts: discard red-3", "seat 0: stack:red-1")[-1]
        assert v.anomalies[0].kind == "not-in-collection"

    def test_play_before_a_round(self) -> None:
        v = table("hand:red-1")[-1]
        assert v.anomalies[0].kind == "no-round"

    def test_no_such_seat(self) -> None:
        v = table("round starts: discard red-3", "seat 7: collect:blue-2")[-1]
        assert v.anomalies[0].kind == "no-such-seat"

    def test_a_wrong_reveal_count(self) -> None:
        v = table("round starts: discard red-3", "round over: seat 0 reveals [blue-2]", players=2)[
            -1
        ]
        assert "reveal-count" in {a.kind for a in v.anomalies}

    @pytest.mark.parametrize(
        "obs",
        [
            Played(None, parse_observation("hand:red-1").move),
            RoundOver({}),
            parse_observation("round over: seat 5 reveals [joker]"),
        ],
    )
    def test_never_raises_on_table_input(self, obs) -> None:  # type: ignore[no-untyped-def]
        ref = Referee(Rules(players=2))
        ref.observe(obs)
        ref.observe_text("round starts: discard red-3")
        ref.observe(obs)
        ref.observe(obs)


class TestHandCounting:
    def test_the_last_hand_card_ends_the_round(self) -> None:
        lines = ["round starts: discard red-3"]
        lines += ["hand:red-1", "hand:red-2"] * 2 + ["hand:red-4", "hand:red-5"]
        lines += ["hand:red-0", "hand:red-0", "hand:red-4"]  # seat 0's fifth card
        lines += ["hand:red-5"]
        verdicts = table(*lines, players=2)
        assert any("no hand cards" in n for n in verdicts[-2].notes)
        assert verdicts[-1].anomalies[0].kind == "play-after-end"

    def test_d2_round_ends_when_the_pile_is_used_up(self) -> None:
        ref = Referee(Rules(players=2, draw=DrawVariant.D2))
        ref.observe_text("round starts: discard red-3")
        assert ref.round is not None
        ref.round.draw_count = 1
        v = ref.observe_text("seat 0: collect:blue-2")
        assert any("used up" in n for n in v.notes)


class TestScoring:
    def test_round_score_from_stacks_and_reveals(self) -> None:
        verdicts = table(
            "round starts: discard red-3",
            "seat 0: collect:blue-2",
            "hand:red-1",
            "seat 0: collect:blue-4",
            "round over: seat 0 reveals [joker, pink-1, green-0, yellow-0, yellow-5]; "
            "seat 1 reveals [red-0, red-1, red-2, red-4]",
            players=2,
        )
        last = verdicts[-1]
        assert last.scores == [6 - 16, -7] and last.totals == [-10, -7]
        assert not last.anomalies

    def test_game_over_at_the_target(self) -> None:
        ref = Referee(Rules(players=2, target=5))
        ref.observe_text("round starts: discard red-3")
        ref.observe_text("seat 0: collect:blue-5")
        v = ref.observe_text(
            "round over: seat 0 reveals [red-0, red-0, green-0, green-0, blue-0]; "
            "seat 1 reveals [pink-0, pink-0, yellow-0, yellow-0, red-0]"
        )
        assert v.winners == (0,) and ref.game_over
        assert [a.kind for a in v.anomalies] == ["extra-copy"]  # a third red-0

    def test_next_round_starts_with_who_played_last(self) -> None:
        ref = Referee(Rules(players=3))
        ref.observe_text("round starts: discard red-3")
        ref.observe_text("hand:red-1")
        ref.observe_text("hand:red-2")
        ref.observe_text("hand:red-4")
        ref.observe_text("round over")
        ref.observe_text("round starts: discard blue-3")
        assert ref.to_move == 2


class TestCorrections:
    def test_undo(self) -> None:
        ref = Referee(Rules(players=3))
        ref.observe_text("round starts: discard red-3")
        ref.observe_text("hand:blue-2")
        undone = ref.undo()
        assert str(undone) == "hand:blue-2" and ref.to_move == 0 and len(ref.verdicts) == 1
        assert ref.observe_text("hand:red-2").legal

    def test_correct_a_misread_card(self) -> None:
        ref = Referee(Rules(players=3))
        ref.observe_text("round starts: discard red-3")
        assert not ref.observe_text("hand:pink-2").legal  # camera read pink
        ref.observe_text("seat 1: collect:blue-1")
        verdicts = ref.correct(1, parse_observation("hand:red-2"))  # it was red
        assert all(v.legal for v in verdicts)
        with pytest.raises(IndexError):
            ref.correct(9, parse_observation("hand:red-2"))
