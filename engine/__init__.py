"""The rules of Passt N1cht: value types, full game, referee and policies.

Plain Python only: no vision library and nothing from the other packages.
"""

from engine.cards import CARD_NAMES, COLOURS, JOKER, VALUES, Card, Colour, full_deck
from engine.game import Game, IllegalMoveError
from engine.moves import Move, Source
from engine.rules import DrawVariant, Rules, ScoringVariant, WishVariant
from engine.wish import Wish

__all__ = [
    "CARD_NAMES",
    "COLOURS",
    "JOKER",
    "VALUES",
    "Card",
    "Colour",
    "DrawVariant",
    "Game",
    "IllegalMoveError",
    "Move",
    "Rules",
    "ScoringVariant",
    "Source",
    "Wish",
    "WishVariant",
    "full_deck",
]
