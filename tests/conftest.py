"""Every test run writes into its own temporary data and cache directories (corpus/settings.py),
never into the user's ~/.local/share/bridgelaws or ~/.cache/bridgelaws.

Set in the controlling process before xdist starts its workers, so workers and the servers tests
start inherit the same directories: the corpus snapshot is parsed and written once per run.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_OWNED = "BRIDGELAWS_TEST_HOME"


def pytest_configure(config):
    if hasattr(config, "workerinput") or os.environ.get(_OWNED):
        return  # an xdist worker: the controller's directories are in the environment already
    home = tempfile.mkdtemp(prefix="bridgelaws-test-")
    os.environ[_OWNED] = home
    os.environ["BRIDGELAWS_DATA"] = os.path.join(home, "data")
    os.environ["BRIDGELAWS_CACHE"] = os.path.join(home, "cache")
    os.environ.pop("BRIDGELAWS_INDEX", None)  # default: <data>/index, inside the run's directory
    os.environ.pop("BRIDGELAWS_SEARCH_CACHE", None)
    config._bridgelaws_home = home


def pytest_unconfigure(config):
    home = getattr(config, "_bridgelaws_home", None)
    if home:
        shutil.rmtree(home, ignore_errors=True)
        os.environ.pop(_OWNED, None)
