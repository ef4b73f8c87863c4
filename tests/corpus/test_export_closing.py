"""The export's ``text`` is a provision's lead-in; a paragraph printed after its sub-items is in
``closing`` only (corpus/sources/laws-2017-en-zh-Hant.txt L5381 / L5397, Law 69B)."""

from __future__ import annotations

from corpus.citations import from_canonical
from corpus.load import load_corpus
from corpus.serialize import provision_to_json


def test_closing_paragraph_is_not_repeated_in_text():
    corpus = load_corpus()
    law69b = corpus.provision("2017", from_canonical("69B"))
    obj = provision_to_json(corpus, law69b)
    assert obj["closing"]["en"] == "The board is rescored with such trick awarded to his side."  # L5397
    assert obj["text"]["en"].endswith("established under Law 79C:")  # L5381
    for edition in ("1987", "2007", "2017"):
        for provision in corpus.provisions(edition):
            obj = provision_to_json(corpus, provision)
            for lang, closing in obj["closing"].items():
                assert closing not in obj["text"].get(lang, ""), (edition, str(provision.citation))
