"""Where bridgelaws keeps what it writes, and the few numbers a deployment may change: one
``Settings`` object, read at the edges and passed in.

The edges are the command line (``bridgelaws.cli.main``: global options over the environment)
and the app factory (``webapp.create_app``: the ``SETTINGS`` config key, else the environment).
``Settings.from_environ`` is the only code that reads ``os.environ``; library code asks
``current()``, which is what the edge made active (``active(settings)``), or — for a program
that imports the library without going through an edge — the environment read afresh.

Defaults follow the XDG base directories, never the installed code's directory (an installed
wheel must not write into site-packages):

=========================== ========================================== ==================================
setting                     environment                                default
=========================== ========================================== ==================================
``data`` (snapshot, index)  ``BRIDGELAWS_DATA``                        ``$XDG_DATA_HOME/bridgelaws``,
                                                                       else ``~/.local/share/bridgelaws``
``index``                   ``BRIDGELAWS_INDEX``                       ``<data>/index``
``cache`` (jieba models)    ``BRIDGELAWS_CACHE``                       ``$XDG_CACHE_HOME/bridgelaws``,
                                                                       else ``~/.cache/bridgelaws``
``search_cache`` (answers)  ``BRIDGELAWS_SEARCH_CACHE`` (0 turns off)  1024 answers per opened index
=========================== ========================================== ==================================
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Mapping

DEFAULT_SEARCH_CACHE = 1024
MAX_SEARCH_CACHE = 1_000_000  # ≈ 8 GB of first-screen answers: more is a typo, not a plan


class SettingsError(ValueError):
    """A setting that cannot be used (a non-number cache size); the message names the variable."""


@dataclass(frozen=True)
class Settings:
    data: Path
    cache: Path
    index: Path
    search_cache: int = DEFAULT_SEARCH_CACHE

    @property
    def snapshots(self) -> Path:
        """Where the parsed-corpus snapshot is kept (corpus/snapshot.py)."""
        return self.data / "snapshots"

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None, *, data: str | Path | None = None,
                     cache: str | Path | None = None, index: str | Path | None = None) -> "Settings":
        """The settings an edge runs with: explicit options (command-line flags) over the
        environment over the XDG defaults. Raises SettingsError for a value that cannot be used."""
        env = os.environ if environ is None else environ
        home = Path(env.get("HOME") or Path.home())
        data_dir = Path(data or env.get("BRIDGELAWS_DATA")
                        or Path(env.get("XDG_DATA_HOME") or home / ".local" / "share") / "bridgelaws")
        cache_dir = Path(cache or env.get("BRIDGELAWS_CACHE")
                         or Path(env.get("XDG_CACHE_HOME") or home / ".cache") / "bridgelaws")
        index_dir = Path(index or env.get("BRIDGELAWS_INDEX") or data_dir / "index")
        return cls(data=data_dir, cache=cache_dir, index=index_dir,
                   search_cache=_count(env, "BRIDGELAWS_SEARCH_CACHE", DEFAULT_SEARCH_CACHE, MAX_SEARCH_CACHE))

    def with_options(self, **changes) -> "Settings":
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


def _count(env: Mapping[str, str], name: str, default: int, most: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not (raw.isascii() and raw.isdigit()) or int(raw) > most:
        raise SettingsError(f"{name}={raw!r} is not a whole number from 0 to {most}")
    return int(raw)


_active: Settings | None = None


def current() -> Settings:
    """The settings the edge made active; without one, the environment as it is now."""
    return _active if _active is not None else Settings.from_environ()


@contextmanager
def active(settings: Settings) -> Iterator[Settings]:
    """Make ``settings`` the process's settings for the duration (a CLI command, a server)."""
    global _active
    previous, _active = _active, settings
    try:
        yield settings
    finally:
        _active = previous


def activate(settings: Settings) -> Settings:
    """Make ``settings`` the process's settings from now on (a long-running server's master)."""
    global _active
    _active = settings
    return settings
