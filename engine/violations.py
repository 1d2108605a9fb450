"""The rules a camera can referee: stable ids, explanations in English and German."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engine.cards import Card


class Rule(enum.Enum):
    FORCED_PLAY = "forced-play"
    COLLECT_FITTING = "collect-fitting"
    COLLECT_JOKER = "collect-joker"
    DISCARD_NOT_FITTING = "discard-not-fitting"
    WRONG_STACK = "wrong-stack"
    COVERED_CARD = "covered-card"
    OUT_OF_TURN = "out-of-turn"
    # Only the full game can see this one (W2 looks into the hand).
    WISH_UNSERVED = "wish-unserved"


EXPLANATIONS: dict[Rule, tuple[str, str]] = {
    Rule.FORCED_PLAY: (
        "A stack top in the collection fits the discard, so a card may not be collected: "
        "a fitting card must be played.",
        "Eine oberste Karte der Sammlung passt auf den Ablagestapel, also darf keine Karte "
        "in die Sammlung: es muss eine passende Karte abgelegt werden.",
    ),
    Rule.COLLECT_FITTING: (
        "A card that fits the discard may never go into the collection.",
        "Eine passende Karte darf nie in die Sammlung gelegt werden.",
    ),
    Rule.COLLECT_JOKER: (
        "A joker may never go into the collection.",
        "Ein Joker darf nie in die Sammlung gelegt werden.",
    ),
    Rule.DISCARD_NOT_FITTING: (
        "The card played onto the discard pile matches neither its colour nor its value.",
        "Die abgelegte Karte passt weder in Farbe noch in Zahl zum Ablagestapel.",
    ),
    Rule.WRONG_STACK: (
        "A card must go onto the collection stack of its own colour.",
        "Eine Karte muss auf den Sammlungsstapel ihrer eigenen Farbe gelegt werden.",
    ),
    Rule.COVERED_CARD: (
        "Only the top card of a collection stack may be played.",
        "Nur die oberste Karte eines Sammlungsstapels darf gespielt werden.",
    ),
    Rule.OUT_OF_TURN: (
        "This seat changed its collection although it was not its turn.",
        "Dieser Platz hat seine Sammlung verändert, obwohl er nicht an der Reihe war.",
    ),
    Rule.WISH_UNSERVED: (
        "The player held the wished colour or value and had to serve the wish (variant W2).",
        "Der Spieler hatte die gewünschte Farbe oder Zahl und musste den Wunsch erfüllen (W2).",
    ),
}

# What a camera over the table can see being broken (RULES.md, "What a camera can referee").
VISIBLE_RULES: frozenset[Rule] = frozenset(Rule) - {Rule.WISH_UNSERVED}


@dataclass(frozen=True)
class Violation:
    rule: Rule
    seat: int
    cards: tuple[Card, ...] = field(default_factory=tuple)

    @property
    def explanation_en(self) -> str:
        return EXPLANATIONS[self.rule][0]

    @property
    def explanation_de(self) -> str:
        return EXPLANATIONS[self.rule][1]

    def to_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule.value,
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "en": self.explanation_en,
            "de": self.explanation_de,
        }
