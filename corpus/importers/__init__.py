"""One module per source format; each turns raw lines into records (``corpus.model``)."""
