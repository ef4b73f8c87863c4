"""The 2007 edition's importer: corpus/sources/laws-2007-zh-Hans.txt; ``edition`` assembles the parts."""

from corpus.importers.wbf2007.edition import import_edition

__all__ = ["import_edition"]
