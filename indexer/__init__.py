"""Search: text analysis, the Whoosh index, query interpretation. ``import whoosh`` and
``import jieba`` happen only inside this package, and only when a function needs them."""
