"""Whole numbers on the command line: option values read by corpus/requests.py's rule (decimal
ASCII digits, so ``١`` is not 1), and the two-column table of numbers that ``imps`` and
``matchpoints`` print."""

from __future__ import annotations

import argparse
from typing import Callable, Iterable

from corpus.requests import Malformed, whole_number


def whole_number_option(name: str) -> Callable[[str], int]:
    """An argparse ``type`` for ``name`` (``--board``, ``--scale``); argparse reports a bad value
    in its own one line, exit 2."""

    def read(text: str) -> int:
        try:
            return whole_number(text, name)
        except Malformed as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def print_columns(left_head: str, right_head: str, rows: Iterable[tuple[object, object]], right_width: int) -> None:
    """Numbers right-aligned under their headings: ``difference  IMPs`` / ``480  10``."""
    rows = list(rows)
    width = max(len(left_head), *(len(str(left)) for left, _ in rows))
    print(f"{left_head:>{width}}  {right_head}")
    for left, right in rows:
        print(f"{left:>{width}}  {right:>{right_width}}")
