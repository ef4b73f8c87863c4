"""Benchmarks that are not tests: a loopback load generator (``load``) and the one published
table (``report``). Run from the repository root: ``python -m bench.load``, ``python -m bench.report``
(or ``bridgelaws bench all``)."""
