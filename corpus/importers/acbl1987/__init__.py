"""The 1987 edition's importer: corpus/sources/laws-1987-zh-Hant.txt (text) and
laws-1987-zh-Hans-titles.txt (Simplified titles); ``edition`` assembles the parts."""

from corpus.importers.acbl1987.edition import FILENAME, import_edition

__all__ = ["FILENAME", "import_edition"]
