"""Thousands of seeded random games: invariants hold, and the referee agrees with the truth.

OpenSpiel's random_sim_test, for this game: cards are never created or lost, no illegal
move is generated, every game ends and the scores add up.
"""

from collections import Counter

from engine.cards import full_deck
from engine.game import Game
from engine.policies import CheaterPolicy, GreedyPolicy, Policy, RandomPolicy
from engine.referee import Referee
from engine.rules import DrawVariant, Rules, ScoringVariant, WishVariant
from engine.simulation import observation_of, play_game
from engine.violations import VISIBLE_RULES, Rule

DECK = Counter(full_deck())


def rules_for(i: int) -> Rules:
    return Rules(
        players=2 + i % 5,
        wish=(WishVariant.W1, WishVariant.W2)[i // 5 % 2],
        draw=(DrawVariant.D1, DrawVariant.D2)[i // 10 % 2],
        # two in three games are played to 50, the rest are single rounds
        scoring=(ScoringVariant.GAME, ScoringVariant.GAME, ScoringVariant.S1)[i // 20 % 3],
    )


class CheckingPolicy:
    """Wraps a policy and checks, before each move, that it is legal and no card is lost
    (the full multiset is compared at every round's end)."""

    def __init__(self, inner: Policy) -> None:
        self.inner, self.name = inner, inner.name
        self.moves = 0

    def choose(self, game: Game) -> object:
        assert sum(1 for _ in game.all_cards()) == 64
        move = self.inner.choose(game)
        assert game.is_legal(move), f"{move} generated but illegal"
        self.moves += 1
        return move

    def interject(self, game: Game, seat: int) -> None:
        return None


def test_ten_thousand_random_games() -> None:
    rounds = 0
    for i in range(10_000):
        rules = rules_for(i)
        base = [
            RandomPolicy(i * 7 + s) if s % 2 else GreedyPolicy(i * 7 + s)
            for s in range(rules.players)
        ]
        checked = [CheckingPolicy(p) for p in base]
        game = play_game(Game(rules, seed=i), checked)  # type: ignore[arg-type]
        outcome = game.outcome()
        assert outcome is not None, "every game ends"
        assert Counter(game.all_cards()) == DECK, "64 cards accounted for at the end"
        assert sum(p.moves for p in checked) == sum(len(r.moves) for r in game.rounds)
        for rnd in game.rounds:
            assert Counter(rnd.deck_at_end) == DECK, "64 cards accounted for at each round end"
            assert all(not m.violations for m in rnd.moves)
            assert rnd.end is not None and len(rnd.scores) == rules.players
        assert list(outcome.totals) == [
            sum(r.scores[s] for r in game.rounds) for s in range(rules.players)
        ], "scores add up"
        if rules.scoring is ScoringVariant.GAME:
            assert max(outcome.totals) >= 50
        rounds += len(game.rounds)
    assert rounds > 10_000


def referee_run(game: Game) -> tuple[int, int, int, int]:
    """Feed the public observations of a finished game to the referee.

    Returns true positives, false positives, false negatives (as (move, rule) pairs) and
    anomalies.
    """
    ref = Referee(game.rules)
    tp = fp = fn = anomalies = 0
    from engine.observations import RoundOver, RoundStarted

    for rnd in game.rounds:
        anomalies += len(ref.observe(RoundStarted(rnd.first_discard, rnd.starter)).anomalies)
        for record in rnd.moves:
            verdict = ref.observe(observation_of(record))
            anomalies += len(verdict.anomalies)
            truth = {v.rule for v in record.violations if v.rule in VISIBLE_RULES}
            seen = {v.rule for v in verdict.violations}
            tp += len(truth & seen)
            fp += len(seen - truth)
            fn += len(truth - seen)
        end = ref.observe(RoundOver({s: tuple(h) for s, h in enumerate(rnd.hands_at_end)}))
        anomalies += len(end.anomalies)
        assert end.scores == rnd.scores, "round scores from the public view"
    assert ref.totals == game.totals
    return tp, fp, fn, anomalies


def test_referee_finds_nothing_in_honest_games() -> None:
    for i in range(500):
        rules = rules_for(i)
        game = play_game(
            Game(rules, seed=50_000 + i), [RandomPolicy(i * 11 + s) for s in range(rules.players)]
        )
        tp, fp, fn, anomalies = referee_run(game)
        assert (tp, fp, fn, anomalies) == (0, 0, 0, 0)


def test_referee_flags_every_injected_violation() -> None:
    total_tp = total_fp = total_fn = 0
    by_rule: Counter[str] = Counter()
    for i in range(1_000):
        rules = rules_for(i)
        policies: list[Policy] = [
            CheaterPolicy(rate=0.15, seed=i * 13 + s) if s in (0, 2) else RandomPolicy(i + s)
            for s in range(rules.players)
        ]
        game = play_game(Game(rules, seed=90_000 + i), policies)
        for rnd in game.rounds:
            for m in rnd.moves:
                by_rule.update(v.rule.value for v in m.violations if v.rule in VISIBLE_RULES)
        tp, fp, fn, anomalies = referee_run(game)
        assert anomalies == 0
        total_tp, total_fp, total_fn = total_tp + tp, total_fp + fp, total_fn + fn
    assert total_tp > 1_000
    assert total_fp == 0 and total_fn == 0, "precision and recall 1.0"
    assert set(by_rule) == {r.value for r in VISIBLE_RULES}, by_rule


def test_a_wrong_stack_cheat_goes_onto_a_stack_of_another_colour_that_lies_there() -> None:
    cheater = CheaterPolicy(rate=1.0, rules=(Rule.WRONG_STACK,), seed=3)

    def cheat(collections: list[str]) -> str | None:
        game = Game.from_position(Rules(players=2), hands=["red-3 blue-1", "green-2"],
                                  discard="yellow-5", collections=collections)
        move = cheater.cheat(game, 0, Rule.WRONG_STACK)
        return None if move is None else str(move)

    # no stack lies there: a red-3 starting a stack is no stack of another colour
    assert cheat(["", ""]) is None
    assert cheat(["red-0", ""]) in (None, "collect:blue-1>red")  # red-3 fits its own stack
    assert cheat(["pink-4", ""]) in ("collect:red-3>pink", "collect:blue-1>pink")
