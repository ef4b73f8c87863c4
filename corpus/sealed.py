"""Files bridgelaws writes for itself and reads back at start-up (the corpus snapshot, the
segmentation dictionary): a pickle behind a header that says what it is and what it was made from.

Layout: three ASCII lines, then the pickle::

    bridgelaws <kind> <version>
    <key: the fingerprint of what the content was made from>
    <sha256 of the pickle>

Pickle because it is the fastest way back to the frozen dataclasses: the corpus loads in ≈ 10 ms.
JSON parses as fast (≈ 6 ms for the 1.2 MB export) but gives dicts, and rebuilding the ≈ 7,500
records and validated citations from them costs ≈ 45 ms more; msgpack would be the same plus a
dependency. Pickle runs code named by the file, so a
file is read only when all of this holds, and is otherwise ignored (the caller rebuilds it):
- it is ours: owned by this user, not writable by group or others (we write 0600);
- the header names this kind, version and key, and the checksum matches (a truncated or
  half-written file fails here, before any unpickling);
- the pickle names only the classes the caller allows (``allowed`` modules), nothing else.
Writes go to a temporary file in the same directory, renamed over the old one in one step.
"""

from __future__ import annotations

import gc
import hashlib
import io
import logging
import os
import pickle
import time
from pathlib import Path
from typing import Any, Iterable

log = logging.getLogger(__name__)


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, allowed: frozenset[str]):
        super().__init__(io.BytesIO(data))
        self._allowed = allowed

    def find_class(self, module: str, name: str) -> Any:
        if module not in self._allowed:
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed here")
        return super().find_class(module, name)


def _header(kind: str, version: int, key: str, digest: str) -> bytes:
    return f"bridgelaws {kind} {version}\n{key}\n{digest}\n".encode("ascii")


def read(path: Path, kind: str, version: int, key: str, allowed: Iterable[str] = ()) -> Any | None:
    """The object stored at ``path``, or None when the file is absent, foreign, stale or damaged."""
    try:
        with open(path, "rb") as handle:
            status = os.fstat(handle.fileno())
            if status.st_uid != os.getuid() or status.st_mode & 0o022:
                log.warning("ignoring %s: not written by this user (or writable by others)", path)
                return None
            data = handle.read()
    except OSError:
        return None
    lines = data.split(b"\n", 3)
    if len(lines) != 4:
        return None
    payload = lines[3]
    digest = hashlib.sha256(payload).hexdigest()
    if data[: len(data) - len(payload)] != _header(kind, version, key, digest):
        return None
    enabled = gc.isenabled()
    gc.disable()  # many small objects, none cyclic garbage: the collector would only slow the load
    try:
        return _Unpickler(payload, frozenset(allowed)).load()
    except Exception as exc:  # a checksummed file we wrote should never fail; if it does, rebuild
        log.warning("ignoring %s: %s", path, exc)
        return None
    finally:
        if enabled:
            gc.enable()


def write(path: Path, kind: str, version: int, key: str, value: Any) -> None:
    """Store ``value`` at ``path`` atomically (temporary file + rename). Raises OSError."""
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    header = _header(kind, version, key, hashlib.sha256(payload).hexdigest())
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns()}.tmp")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(header)
            out.write(payload)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def prune(directory: Path, pattern: str, keep: int) -> None:
    """Remove all but the ``keep`` most recently written files matching ``pattern``: the bound
    on how many versions (one per fingerprint) a data or cache directory holds."""
    try:
        files = sorted(directory.glob(pattern), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    except OSError:
        return
    for old in files[keep:]:
        old.unlink(missing_ok=True)
