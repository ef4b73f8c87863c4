from corpus.citations import Citation
from corpus.glossary import build_glossary, join_key
from corpus.model import Definition, EditionRecords, Provision


def edition(name, definitions=(), provisions=()):
    return EditionRecords(edition=name, provisions=tuple(provisions), definitions=tuple(definitions))


def test_definitions_align_by_english_key_across_editions():
    records = [
        edition("2017", [Definition("2017", "dummy", {"en": "Dummy", "zh-Hant": "夢家"}, {})]),
        edition("2007", [Definition("2007", "dummy", {"en": "Dummy", "zh-Hans": "明手"}, {})]),
    ]
    groups = [eq for eq in build_glossary(records) if eq.source == "definitions"]
    assert [set(eq.texts) for eq in groups] == [{"Dummy", "夢家", "明手"}]


def test_printed_key_variants_meet():
    # laws-1987-zh-Hant.txt L164 "FOLLOW  SULT", L180 "INTERNATIONAL  MATCH  POINT（IMP）"
    assert join_key("follow  sult") == join_key("follow suit")
    assert join_key("international  match  point（imp）") == join_key("International Matchpoint")


def test_law_titles_align_across_editions_except_changed_topics():
    def law(ed, number, title):
        return Provision(ed, Citation(number), title=title)

    records = [
        edition("2017", provisions=[law("2017", 43, {"en": "DUMMY’S LIMITATIONS", "zh-Hant": "夢家之禁制"}),
                                    law("2017", 23, {"en": "COMPARABLE CALL", "zh-Hant": "比擬叫品"})]),
        edition("2007", provisions=[law("2007", 43, {"zh-Hans": "明手的限制"}),
                                    law("2007", 23, {"zh-Hans": "意识到可能造成损害"})]),
    ]
    groups = {frozenset(eq.texts) for eq in build_glossary(records)}
    assert frozenset({"DUMMY’S LIMITATIONS", "夢家之禁制", "明手的限制"}) in groups
    assert not any("比擬叫品" in g and "意识到可能造成损害" in g for g in groups)
