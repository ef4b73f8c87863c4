"""The Laws of Duplicate Bridge as records: sources, importers, citations, the corpus."""
