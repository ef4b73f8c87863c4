"""The index's one error, in a module of its own so the command line can name it without
loading the indexer (``bridgelaws lookup`` never touches the index)."""


class BuildError(RuntimeError):
    """The index could not be built or opened; the message says what to do."""
