"""The 2017 edition's importer: corpus/sources/laws-2017-en-zh-Hant.txt (structure, English and
Chinese) and laws-2017-en.txt (later wording of Laws 73 and 89, Law groupings); ``edition``
assembles the parts."""

from corpus.importers.wbf2017.edition import import_edition

__all__ = ["import_edition"]
