"""Reading ``--jsonl`` batches (``search --jsonl``, ``score --jsonl``): one JSON object per line,
each line judged on its own, so one bad line is one error object and the batch goes on.

Bounds on each line, checked before and while parsing it:
- ``MAX_LINE_BYTES`` bytes (the rest of a longer line is read and discarded, never held);
- ``MAX_DEPTH`` levels of nesting (``[[[[…`` 100,000 deep would exhaust the parser's recursion);
- integers of at most ``MAX_DIGITS`` digits (a 5,000-digit number passes Python's own limit of
  4,300 only as an error, and no field here needs more);
- valid UTF-8 text, and no lone surrogates (``"\\ud800"`` is valid JSON but no text).
"""

from __future__ import annotations

import json
from typing import BinaryIO, Iterator, TextIO

MAX_LINE_BYTES = 64 * 1024
MAX_DEPTH = 32
MAX_DIGITS = 18


class BadLine(ValueError):
    """Why one input line cannot be read; the command answers it with an error object."""


def read_objects(stream: BinaryIO | TextIO) -> Iterator[tuple[int, dict | BadLine]]:
    """(line number, the line's JSON object or why it is not one) for each non-blank line.
    ``stream`` is stdin's bytes (``sys.stdin.buffer``), or a text stream (in tests)."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogatepass")
        number += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while (rest := stream.readline(MAX_LINE_BYTES)) and not rest.endswith((b"\n", "\n")):
                pass  # discard the rest of an over-long line, a bounded piece at a time
            yield number, BadLine(f"line is longer than {MAX_LINE_BYTES} bytes")
            continue
        if not raw.strip():
            continue
        try:
            yield number, parse_object(raw)
        except BadLine as exc:
            yield number, exc


def parse_object(raw: bytes) -> dict:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadLine("line is not valid UTF-8 text") from None
    if _depth(text) > MAX_DEPTH:
        raise BadLine(f"JSON nested more than {MAX_DEPTH} levels deep")
    try:
        value = json.loads(text, parse_int=_small_int)
    except json.JSONDecodeError as exc:
        raise BadLine(f"not JSON ({exc.msg})") from None
    except (ValueError, RecursionError) as exc:  # _small_int's refusal; a float's exponent
        raise BadLine(str(exc) or "not JSON") from None
    if not isinstance(value, dict):
        raise BadLine("each line must be a JSON object")
    _check_text(value)
    return value


def _small_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(digits.lstrip('-'))} digits; at most {MAX_DIGITS} are accepted")
    return int(digits)


def _depth(text: str) -> int:
    """Deepest nesting of [ and { outside strings (the parser recurses once per level)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def _check_text(value) -> None:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadLine("a string holds a lone surrogate (\\ud800–\\udfff), which is no text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key)
            _check_text(item)
    elif isinstance(value, list):
        for item in value:
            _check_text(item)
