"""A deck description read from YAML: colours, values, copies, jokers, card size, class names.

The renderer is driven only by this description, so a second deck needs a second YAML
file and no code change.

>>> deck = load_deck()
>>> deck.class_names[0], deck.class_names[-1], len(deck.class_names)
('red-0', 'joker', 31)
>>> deck.faces_in_play()[:2]
['red-0', 'red-0']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

DEFAULT_DECK = Path(__file__).resolve().parents[2] / "datasets" / "decks" / "passt_n1cht.yaml"


@dataclass(frozen=True)
class ColourSpec:
    name: str
    rgb: tuple[int, int, int]
    hue_deg: float
    sat: tuple[float, float]
    val: tuple[float, float]


@dataclass(frozen=True)
class Deck:
    name: str
    card_mm: tuple[float, float]
    corner_radius_mm: tuple[float, float]
    colours: tuple[ColourSpec, ...]
    values: tuple[int, ...]
    copies: int
    jokers: int
    joker_name: str
    reminder_cards: int
    class_names: tuple[str, ...]

    def class_id(self, name: str) -> int:
        return self.class_names.index(name)

    def colour_of(self, name: str) -> ColourSpec | None:
        """The colour of a face name, or None for the joker."""
        head = name.rpartition("-")[0]
        return next((c for c in self.colours if c.name == head), None)

    def value_of(self, name: str) -> int | None:
        tail = name.rpartition("-")[2]
        return int(tail) if tail.isdigit() else None

    def faces_in_play(self) -> list[str]:
        """Every physical playing card's face name (copies repeated), in class order."""
        out: list[str] = []
        for n in self.class_names:
            out.extend([n] * (self.jokers if n == self.joker_name else self.copies))
        return out


def _pair(v: object) -> tuple[float, float]:
    a, b = v  # type: ignore[misc]
    return float(a), float(b)


def load_deck(path: str | Path | None = None) -> Deck:
    """Read and check a deck YAML (default: ``datasets/decks/passt_n1cht.yaml``)."""
    p = Path(path) if path is not None else DEFAULT_DECK
    raw = yaml.safe_load(p.read_text())
    colours = tuple(
        ColourSpec(
            name=str(name),
            rgb=tuple(int(x) for x in spec["rgb"]),  # type: ignore[arg-type]
            hue_deg=float(spec.get("hue_deg", 0.0)),
            sat=_pair(spec.get("sat", [1.0, 1.0])),
            val=_pair(spec.get("val", [1.0, 1.0])),
        )
        for name, spec in raw["colours"].items()
    )
    values = tuple(int(v) for v in raw["values"])
    joker = str(raw.get("joker_name", "joker"))
    jokers = int(raw.get("jokers", 0))
    expected = [f"{c.name}-{v}" for c in colours for v in values] + ([joker] if jokers else [])
    names = tuple(str(n) for n in raw.get("class_names", expected))
    if sorted(names) != sorted(expected) or len(set(names)) != len(names):
        raise ValueError(f"{p}: class_names must list each of {expected} exactly once")
    return Deck(
        name=str(raw.get("name", p.stem)),
        card_mm=_pair(raw["card_size_mm"]),
        corner_radius_mm=_pair(raw.get("corner_radius_mm", [3.0, 3.0])),
        colours=colours,
        values=values,
        copies=int(raw.get("copies", 1)),
        jokers=jokers,
        joker_name=joker,
        reminder_cards=int(raw.get("reminder_cards", 0)),
        class_names=names,
    )
