"""One module per CLI command; each exposes ``register(subparsers)`` and a ``run(args)``.

``SUMMARIES`` holds every command's one-line help, in the order ``bridgelaws --help`` lists them,
so that the list (and the answer to a mistyped command) needs no command module: each module
imports at its top what its command needs (the web server, the search engine), which only running
that command should pay.
"""

SUMMARIES: dict[str, str] = {
    "serve": "serve the web app with a production WSGI server",
    "build": "import all sources, rewrite the corpus snapshot, rebuild the search index",
    "lookup": "show one provision (any citation notation) with its subtree",
    "search": "search the laws in any edition and language",
    "compare": "align one law between two editions (moves, additions, new topics)",
    "changes": "the change map: every law's status and similarity between two editions",
    "export": "the whole corpus (provisions, definitions, documents) as JSON",
    "references": "cross-reference report: found / resolved / unresolved per edition",
    "score": "Law 77 score of a contract, e.g. 4SX-2, 3NT=, 6HXX+1, 7NTN=",
    "imps": "Law 78B: point differences to IMPs",
    "matchpoints": "Law 78A: matchpoints of each score on one board",
    "bench": "measure search relevance or speed, or everything",
}
