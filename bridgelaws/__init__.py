"""Command-line entry point of the bridgelaws reference (``bridgelaws --help``)."""
