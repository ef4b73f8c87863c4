"""Helpers for reading rendered pages in tests."""

import html as html_lib
import re


def visible_text(html: str) -> str:
    """The text a reader sees: tags removed, entities decoded, whitespace collapsed."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", html)).split())


def section(html: str, anchor: str) -> str:
    """The markup of one provision row, from its id to the next row."""
    start = html.index(f'id="{anchor}"')
    end = html.find("<section ", start)
    return html[start : end if end != -1 else len(html)]
