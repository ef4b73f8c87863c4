"""Compass seats, partnerships and vulnerability (the vocabulary of Laws 2 and 77)."""

from __future__ import annotations

from enum import Enum

from scoring.errors import ScoringError


class Side(Enum):
    NS = "NS"
    EW = "EW"


class Seat(Enum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @classmethod
    def parse(cls, text: str) -> Seat:
        word = text.strip().upper()
        if word not in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"):
            raise ScoringError(f"unknown seat {text!r}: use N, E, S or W")
        return cls(word[0])


class Vulnerability(Enum):
    """Which sides are vulnerable on a board (Law 2)."""

    NONE = "none"
    NS = "ns"
    EW = "ew"
    BOTH = "both"

    def is_vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.BOTH or self.value == side.value.lower()

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        key = text.strip().lower().replace("-", "").replace("/", "")
        key = {"all": "both", "nil": "none", "love": "none", "0": "none"}.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise ScoringError(f"unknown vulnerability {text!r}: use none, ns, ew or both") from None
