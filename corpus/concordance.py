"""Edition concordance: which provision of one edition corresponds to which of another.

By default a provision corresponds to the one with the same citation. The overrides below record
where the texts show a move, a swap, a re-labelling (35A ↔ 35.1) or a new topic; each cites its
evidence (the printed titles and texts, with line numbers of corpus/sources/laws-1987-zh-Hant.txt,
laws-2007-zh-Hans.txt and laws-2017-en-zh-Hant.txt). Overrides are given between neighbouring
editions (1987→2007, 2007→2017); 1987→2017 is their composition, except where ``DIRECT`` says
otherwise. A moved provision's descendants move with it (16C1 → 16D1) when the counterpart exists, unless an
override names the descendant itself (items are often renumbered: 1987 16A1 → 2007 16B2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from corpus import requests
from corpus.citations import Citation, from_canonical
from corpus.lookup import ProvisionNotFound, no_such_law
from corpus.model import EDITIONS
from corpus.store import Corpus

Status = Literal["aligned", "moved", "added", "removed", "new-topic"]

# (older, newer) → {older citation: newer citation, or None when the older provision has no
# counterpart}. Line numbers are those of laws-1987-zh-Hant.txt (1987), laws-2007-zh-Hans.txt (2007)
# and laws-2017-en-zh-Hant.txt (2017, bilingual).
# Every mapped pair was read side by side; a child is listed explicitly wherever its number
# changed, because items are renumbered independently of their parent (1987 16A1 is 2007 16B2,
# not 16B1).
MOVES: dict[tuple[str, str], dict[str, str | None]] = {
    ("1987", "2007"): {
        # Law 7B: 1987 B's own text (each player takes his hand from the board, laws-1987-zh-Hant.txt l.446)
        # is 2007 B1 (laws-2007-zh-Hans.txt l.459); B1 count the cards face down (laws-1987-zh-Hant.txt l.450)
        # = B2 (laws-2007-zh-Hans.txt l.462); B2 keep control of one's cards (laws-1987-zh-Hant.txt l.454) =
        # B3 (laws-2007-zh-Hans.txt l.467).
        "7B": "7B1", "7B1": "7B2", "7B2": "7B3",
        # Law 9A2: 1987 A2 "in the play" splits into (a) declarer or either defender (laws-1987-zh-Hant.txt
        # l.498) = 2007 A2 庄家或者任何防家均可以指出… (laws-2007-zh-Hans.txt l.528) and (b) dummy (laws-1987-zh-Hant.txt
        # l.502): (b)(1) not during the play but after it (laws-1987-zh-Hant.txt l.504) and (b)(2) may try to
        # prevent declarer's irregularity (laws-1987-zh-Hant.txt l.506) are both 2007 A3
        # (laws-2007-zh-Hans.txt l.533). 2007 A4 (no duty to draw attention to one's own infraction,
        # laws-2007-zh-Hans.txt l.540) is new.
        "9A2(a)": "9A2", "9A2(b)": "9A3", "9A2(b)(1)": "9A3", "9A2(b)(2)": "9A3",
        # Law 11: 1987 B (the right to penalise is lost when LHO calls or plays first, laws-1987-zh-Hant.txt l.562)
        # and C (irregularity first drawn attention to by a spectator, laws-1987-zh-Hant.txt l.566–572) have no 2007
        # counterpart; D (a procedural penalty even though the right is lost, laws-1987-zh-Hant.txt l.576) = 2007 B
        # (laws-2007-zh-Hans.txt l.608).
        "11B": None, "11C": None, "11D": "11B",
        # Law 12: 1987 B (no adjustment for a severe penalty) is 2007 B2; 1987 C1 (40/50/60 %
        # artificial scores, laws-1987-zh-Hant.txt l.605–610) is 2007 C2(a); 1987 C2 (most favourable / most
        # unfavourable result) is 2007 C1(e).
        "12B": "12B2", "12C1": "12C2(a)", "12C2": "12C1(e)",
        # Law 13: 1987 A (no player has seen another's cards: the board is played normally,
        # laws-1987-zh-Hant.txt l.624) is 2007 D1 (laws-2007-zh-Hans.txt l.758), whose D "no call made"
        # (laws-2007-zh-Hans.txt l.753) is 1987 Law 13's own "如尚無人叫牌時"; 1987 A1–A3 (correct from the records /
        # ask the players / redeal, laws-1987-zh-Hant.txt l.627–635) have no 2007 counterpart. 1987 B (a
        # player has seen another's cards, laws-1987-zh-Hant.txt l.639) = 2007 D2 (laws-2007-zh-Hans.txt
        # l.763): B1 無關緊要 → D2(a) 不太可能影响 (laws-2007-zh-Hans.txt l.768), B2 至關重要 → D2(b) (laws-2007-zh-Hans.txt
        # l.774). 2007 A, B (a call was made), E, F are new; 2007 13A is not 1987 13A.
        "13A": "13D1", "13A1": None, "13A2": None, "13A3": None,
        "13B": "13D2", "13B1": "13D2(a)", "13B2": "13D2(b)",
        # Law 14B: 1987 B1 "found" (laws-1987-zh-Hant.txt l.675) is a heading whose cases are (a) among the
        # played cards, Law 67 (laws-1987-zh-Hant.txt l.677) = 2007 B1 (laws-2007-zh-Hans.txt l.821) and (b)
        # elsewhere (laws-1987-zh-Hant.txt l.679) = B2 (laws-2007-zh-Hans.txt l.824); B2 not found
        # (laws-1987-zh-Hant.txt l.681) = B3 (laws-2007-zh-Hans.txt l.829); B3 deemed to have been in the hand
        # (laws-1987-zh-Hant.txt l.685) = B4 (laws-2007-zh-Hans.txt l.832). 2007 A3 and C are new.
        "14B1": None, "14B1(a)": "14B1", "14B1(b)": "14B2", "14B2": "14B3", "14B3": "14B4",
        # Law 16: 1987 A from partner / B other sources / C withdrawn became 2007 B / C / D after the new A
        # "use of information" (laws-1987-zh-Hant.txt l.719–767, laws-2007-zh-Hans.txt l.887–1003). Items by
        # their text: 1987 A1 保留稍後召請裁判之權 (laws-1987-zh-Hant.txt l.735) = 2007 B2 保留稍后召请裁判的权利
        # (laws-2007-zh-Hans.txt l.943); A2 敵家採行…受該項消息所建議 (laws-1987-zh-Hant.txt l.739) = B3 对方…选择了…额外信息所建议的行动
        # (laws-2007-zh-Hans.txt l.950); 1987 A's own text (partner's hesitation…) is 2007 B1(a), whose B1 has
        # no 1987 item.
        "16A": "16B", "16A1": "16B2", "16A2": "16B3",
        # 1987 B1 調整座位 (laws-1987-zh-Hant.txt l.745) = 2007 C2(a) 调整该牌手在该牌桌的座位; B2 指定代打 (a substitute
        # player, laws-1987-zh-Hant.txt l.749) has no 2007 counterpart (C2(b) is a redeal); B3 裁定調整得分 (laws-1987-zh-Hant.txt
        # l.753) = C2(d) 判给人为调整分 (laws-2007-zh-Hans.txt l.983).
        "16B": "16C", "16B1": "16C2(a)", "16B2": None, "16B3": "16C2(d)",
        # 1987 C1 未違規方 / C2 違規方 (laws-1987-zh-Hant.txt l.761–767) = 2007 D1 / D2 (laws-2007-zh-Hans.txt l.996, 999).
        "16C": "16D", "16C1": "16D1", "16C2": "16D2",
        # Law 25A: 1987 A (an inadvertent call may be replaced at once, laws-1987-zh-Hant.txt l.965) is the text of 2007
        # A1 (laws-2007-zh-Hans.txt l.1379); 2007 A is a bare heading and A2–A4 are new.
        "25A": "25A1",
        # Law 27: 1987 B1(b) (adjusted score when the insufficient bid conveyed damaging
        # information, laws-1987-zh-Hant.txt l.1047) is 2007 D "非违规方受到损害" (laws-2007-zh-Hans.txt l.1521), not 2007 B1(b)
        # (a correction with the same meaning). 1987 C (insufficient bid out of rotation → Law 31)
        # is 2007 A2 ("如果牌手的不足叫牌是越序叫牌，适用第 31 条").
        "27B1(b)": "27D", "27C": "27A2",
        # Law 35: the same four inadmissible calls, lettered A–D in 1987 (laws-1987-zh-Hant.txt l.1183–1197) and
        # numbered 1–4 in 2007 (laws-2007-zh-Hans.txt l.1714–1719): Law 19 doubles, a player required to pass,
        # a bid above seven, a call after the final pass.
        "35A": "35.1", "35B": "35.2", "35C": "35.3", "35D": "35.4",
        # Law 39: 1987 Law 39's own text (calls after the final pass are cancelled, laws-1987-zh-Hant.txt
        # l.1216) is 2007 A (laws-2007-zh-Hans.txt l.1797); 1987 A (a defender's pass or any call by
        # declarer's side: no penalty, laws-1987-zh-Hant.txt l.1220) = 2007 B (laws-2007-zh-Hans.txt l.1801);
        # 1987 B (other calls by a defender → Law 26, laws-1987-zh-Hant.txt l.1224) = 2007 C
        # (laws-2007-zh-Hans.txt l.1809).
        "39A": "39B", "39B": "39C",
        # Law 40, reorganised A–E → A–C. 1987 A 只要不是基於同伴間 的默契，賽員可以不經事先聲明…
        # (laws-1987-zh-Hant.txt l.1234) is word for word 2007 A3 (laws-2007-zh-Hans.txt l.1833); B special
        # understandings → B; C adjusted score for failure to explain (laws-1987-zh-Hant.txt l.1242) → B4 (laws-2007-zh-Hans.txt
        # l.1890); D regulation of conventions (laws-1987-zh-Hant.txt l.1246) → B2(a) 主管单位有权允许、不允许…; E
        # convention cards → B2; E1 the sponsor prescribes the card and its use (laws-1987-zh-Hant.txt l.1254)
        # → B2(a) 规定约定卡…及其使用 (laws-2007-zh-Hans.txt l.1857); E2 consulting the opponents' card
        # (laws-1987-zh-Hant.txt l.1258) → B2(c) (laws-2007-zh-Hans.txt l.1873).
        "40A": "40A3", "40C": "40B4", "40D": "40B2(a)", "40E": "40B2", "40E1": "40B2(a)",
        "40E2": "40B2(c)",
        # Law 43B2: 1987 (a) dummy first draws attention to a defender's irregularity (laws-1987-zh-Hant.txt
        # l.1358) is 2007 B3 (laws-2007-zh-Hans.txt l.2051); (b) warns declarer against leading from the wrong
        # hand (laws-1987-zh-Hant.txt l.1362) = B2(a) (laws-2007-zh-Hans.txt l.2043); (c) asks declarer about
        # a possible revoke (laws-1987-zh-Hant.txt l.1366) = B2(b) (laws-2007-zh-Hans.txt l.2046).
        "43B2(a)": "43B3", "43B2(b)": "43B2(a)", "43B2(c)": "43B2(b)",
        # Law 47: 1987 F (adjusted score when a card withdrawn under C–E informed the offenders,
        # laws-1987-zh-Hant.txt l.1533) has no 2007 counterpart (2007 F is "other withdrawals",
        # laws-2007-zh-Hans.txt l.2299); 1987 G (no other card may be withdrawn, laws-1987-zh-Hant.txt l.1537)
        # = 2007 F2 (laws-2007-zh-Hans.txt l.2302). 2007 F1 is new.
        "47F": None, "47G": "47F2",
        # Law 50: 1987 A (definition of a penalty card, laws-1987-zh-Hant.txt l.1565) is 2007 Law 50's own
        # text (laws-2007-zh-Hans.txt l.2338), and the letters shift back one: B kept face up → A, C minor or
        # major → B, D minor → C, E major → D (laws-1987-zh-Hant.txt l.1569–1580, laws-2007-zh-Hans.txt
        # l.2346–2374); E1 when the offender is to play (laws-1987-zh-Hant.txt l.1584) = D1
        # (laws-2007-zh-Hans.txt l.2379), E2 when partner is to lead (laws-1987-zh-Hant.txt l.1588) = D2
        # (laws-2007-zh-Hans.txt l.2388), E2(a) require or forbid the suit = D2(a), E2(b) no requirement =
        # D2(b). 2007 E (information from penalty cards) is new.
        "50A": "50", "50B": "50A", "50C": "50B", "50D": "50C", "50E": "50D", "50E1": "50D1",
        "50E2": "50D2", "50E2(a)": "50D2(a)", "50E2(b)": "50D2(b)",
        # Law 56: the 1987 rule (defender's lead out of turn becomes a major penalty card) is
        # 2007's 54D; 2007 Law 56 is the stub "参照第 54 条 D 款" (laws-2007-zh-Hans.txt l.2623).
        "56": "54D",
        # Law 70: 1987 B2 (the Director has all players face their cards, laws-1987-zh-Hant.txt l.2075) and B3
        # (he hears the opponents' objections, laws-1987-zh-Hant.txt l.2079) are 2007 B3
        # (laws-2007-zh-Hans.txt l.3111) and B2 (laws-2007-zh-Hans.txt l.3108), swapped. 1987 D (a new
        # successful line not in the original statement, laws-1987-zh-Hant.txt l.2099) is the text of 2007 D1
        # (laws-2007-zh-Hans.txt l.3130); 1987 E (an unstated line that depends on finding a particular card,
        # laws-1987-zh-Hant.txt l.2105) is the text of 2007 E1 (laws-2007-zh-Hans.txt l.3148).
        "70B2": "70B3", "70B3": "70B2", "70D": "70D1", "70E": "70E1",
        # Law 71: 1987 A1 (a trick in fact won, laws-1987-zh-Hant.txt l.2117–2119) = 2007 71.1
        # (laws-2007-zh-Hans.txt l.3172); 1987 B (a trick that could not be lost by any normal play,
        # laws-1987-zh-Hant.txt l.2125–2127) = 2007 71.2 (laws-2007-zh-Hans.txt l.3175). 1987 A (the heading "erroneous
        # concession") and A2 (contract made or defeated, laws-1987-zh-Hant.txt l.2121) have no 2007
        # counterpart.
        "71A": None, "71A1": "71.1", "71A2": None, "71B": "71.2",
        # Law 75: 1987 "special partnership agreements" went to Law 40 (disclosure A → 40A1(b),
        # violation B → 40C1, answering questions C → 40B6(a)) and its D (correcting a mistaken
        # explanation) to 20F: D1 the explainer finds his own mistake → 20F4, D2 partner's
        # mistaken explanation → 20F5.
        "75A": "40A1(b)", "75B": "40C1", "75C": "40B6(a)", "75D": "20F", "75D1": "20F4", "75D2": "20F5",
        # Law 76: 1987 A (a spectator's conduct at the table, laws-1987-zh-Hant.txt l.2306) is 2007 B 在牌桌旁
        # (laws-2007-zh-Hans.txt l.3415), items in order: one hand only, no reaction, no mannerisms or
        # remarks, no disturbing the players (laws-1987-zh-Hant.txt l.2308–2320 = laws-2007-zh-Hans.txt
        # l.3417–3426); 1987 B 觀眾之參予 (laws-1987-zh-Hant.txt l.2324) = 2007 C 参与 (laws-2007-zh-Hans.txt
        # l.3434). 2007 A (control), B5, C1, C2 and D are new.
        "76A": "76B", "76A1": "76B1", "76A2": "76B2", "76A3": "76B3", "76A4": "76B4", "76B": "76C",
        # Law 80: the 1987 sponsoring organisation's duties A–F (laws-1987-zh-Hant.txt l.2567–) are the 2007
        # Tournament Organizer's 80B2(a)–(f) (指派裁判 → 指派裁判长, … 公佈補充規定 → 公布…补充规定).
        "80A": "80B2(a)", "80B": "80B2(b)", "80C": "80B2(c)", "80D": "80B2(d)", "80E": "80B2(e)",
        "80F": "80B2(f)",
        # Law 81C: 1987 lists eleven duties of the Director (laws-1987-zh-Hant.txt l.2613–2653); 2007 keeps
        # eight (laws-2007-zh-Hans.txt l.3691–3705) and gives the administrative ones to the Tournament
        # Organizer (Law 80B2): C1 指派助理 → 80B2(g)(1) 安排任命裁判长所需的助手 (laws-2007-zh-Hans.txt l.3655); C2 接受報名 →
        # 80B2(h) 安排接受报名 (laws-2007-zh-Hans.txt l.3661); C3 選定比賽方式並向賽員宣布 → 80B2(i) 拟定…比赛规程并且向参赛者公布
        # (laws-2007-zh-Hans.txt l.3662); C4 維持紀律 → 81C1; C5 運用與解釋橋規 → C2; C6 更正錯誤 → C3; C7 執行處罰 → C4; C8 撤銷處罰
        # → C5; C9 調處爭執 → C6 调解争议 (laws-2007-zh-Hans.txt l.3703); C10 登記成績 → 80B2(j) 安排收集比赛 分数
        # (laws-2007-zh-Hans.txt l.3663); C11 提出報告 (laws-1987-zh-Hant.txt l.2653) → 81C8 应主办单位的要求报告比赛结果
        # (laws-2007-zh-Hans.txt l.3705).
        "81C1": "80B2(g)(1)", "81C2": "80B2(h)", "81C3": "80B2(i)", "81C4": "81C1", "81C5": "81C2",
        "81C6": "81C3", "81C7": "81C4", "81C8": "81C5", "81C9": "81C6", "81C10": "80B2(j)",
        "81C11": "81C8",
        # Laws 88 and 89: the 1987 60 % indemnity rule and individual events became 2007 12C2(c)
        # and 12C3; 2007 Laws 88/89 are the stubs "参照第 12 条 C 款 2/3" (laws-2007-zh-Hans.txt l.3865, 3869).
        "88": "12C2(c)", "89": "12C3",
    },
    ("2007", "2017"): {
        # Law 12: 2007 C1(b) (non-offenders' own serious error, "如果非违规方随后犯了严重错误")
        # is 2017 C1(e) ("the non-offending side has contributed to its own damage by a serious
        # error"); 2007 C1(e) (most favourable / unfavourable) gave way to 2017 C1(b) (the probable
        # outcome had the infraction not occurred). 2017 C1(b) has no items, so 2007 C1(e)(1)
        # (most favourable for the non-offenders) and (2) (most unfavourable for the offenders,
        # laws-2007-zh-Hans.txt l.683–687) have none; 2017 C1(e)(i)/(ii) split 2007 C1(b)'s text and are new items.
        "12C1(b)": "12C1(e)", "12C1(e)": "12C1(b)", "12C1(e)(1)": None, "12C1(e)(2)": None,
        # Law 13, re-ordered: 2007 A (a call made, the deal can be corrected, laws-2007-zh-Hans.txt l.728) =
        # 2017 B1 (laws-2017-en-zh-Hant.txt l.1412); B (adjusted score and penalty, laws-2007-zh-Hans.txt
        # l.738) = B2 (laws-2017-en-zh-Hant.txt l.1420); C play completed (laws-2007-zh-Hans.txt l.744) = D
        # (laws-2017-en-zh-Hant.txt l.1448); D no call made (laws-2007-zh-Hans.txt l.753) = A
        # (laws-2017-en-zh-Hant.txt l.1372), D1 = A1, D2 and D2(a) (information unlikely to interfere: play
        # and score, adjust if it did, laws-2007-zh-Hans.txt l.763–768) = A2 (laws-2017-en-zh-Hant.txt
        # l.1386); D2(b) (artificial adjusted score when the information is vital, laws-2007-zh-Hans.txt
        # l.774) and E (information from the Director's placing of cards, laws-2007-zh-Hans.txt l.780) have no
        # 2017 counterpart; F surplus cards (laws-2007-zh-Hans.txt l.788) = C (laws-2017-en-zh-Hant.txt
        # l.1428).
        "13A": "13B1", "13B": "13B2", "13C": "13D", "13D": "13A", "13D1": "13A1", "13D2": "13A2",
        "13D2(a)": "13A2", "13D2(b)": None, "13E": None, "13F": "13C",
        # Law 15: 2007 A (no player has played the board before, laws-2007-zh-Hans.txt l.848) with A1 the
        # score stands (laws-2007-zh-Hans.txt l.852) and A2 play the correct board later
        # (laws-2007-zh-Hans.txt l.855) = 2017 B2 (laws-2017-en-zh-Hant.txt l.1603); 2007 B (board previously
        # played: cancelled, laws-2007-zh-Hans.txt l.859) = B1 (laws-2017-en-zh-Hant.txt l.1595); C
        # (discovered during the auction, laws-2007-zh-Hans.txt l.869) = B "Wrong Board Discovered During
        # Auction or Play Period" (laws-2017-en-zh-Hant.txt l.1587). 2017 A (cards from a wrong board) is 2007
        # 17D: D1 the call is cancelled (laws-2007-zh-Hans.txt l.1026) = A1 (laws-2017-en-zh-Hant.txt l.1545);
        # D2 the offender calls again, adjusted score if partner has called (laws-2007-zh-Hans.txt l.1029) =
        # A2 (laws-2017-en-zh-Hant.txt l.1551); D3 repeated call (laws-2007-zh-Hans.txt l.1046) = A3
        # (laws-2017-en-zh-Hant.txt l.1567); D4 procedural penalty (laws-2007-zh-Hans.txt l.1053) = A4
        # (laws-2017-en-zh-Hant.txt l.1577). 2007 17E end of the auction period (laws-2007-zh-Hans.txt l.1057)
        # is 2017 17D (laws-2017-en-zh-Hant.txt l.1857): E1 = D1, E2 (a pass out of rotation deprived a player
        # of his call, laws-2007-zh-Hans.txt l.1060) = D3 (laws-2017-en-zh-Hant.txt l.1877).
        "15A": "15B2", "15A1": "15B2", "15A2": "15B2", "15B": "15B1", "15C": "15B",
        "17D": "15A", "17D1": "15A1", "17D2": "15A2", "17D3": "15A3", "17D4": "15A4",
        "17E": "17D", "17E1": "17D1", "17E2": "17D3",
        # Law 16: C and D swap (2007 C other sources / D withdrawn; 2017
        # C "Information from Withdrawn Calls and Plays" / D "Extraneous Information Not from
        # Partner"); the items keep their numbers (2007 C2(a)–(d) = 2017 D2(a)–(d), C3 = D3,
        # D1/D2 = C1/C2).
        "16C": "16D", "16D": "16C",
        # Law 20G: 2007 G2 (no consulting one's own system card, laws-2007-zh-Hans.txt l.1259) is 2017 G3 (laws-2017-en-zh-Hant.txt
        # l.2201); 2017 G2 (a question asked to elicit an incorrect response, laws-2017-en-zh-Hant.txt l.2195) is new.
        "20G2": "20G3",
        # Law 20F5(b): 2007 numbers the sub-items (1) 防家 / (2) 庄家或者明手 (laws-2007-zh-Hans.txt l.1246–1248),
        # 2017 letters them (i) for a defender / (ii) for declarer or dummy (laws-2017-en-zh-Hant.txt l.2173–2177).
        "20F5(b)(1)": "20F5(b)(i)", "20F5(b)(2)": "20F5(b)(ii)",
        # Law 25A: 2007 A2 (partner has called) / A3 (auction ended) / A4 (LHO may withdraw) are
        # 2017 A4 / A5 / A6 (2017 A2, A3 are new: intent and how the error was discovered).
        "25A2": "25A4", "25A3": "25A5", "25A4": "25A6",
        # Law 30: 2007 A (a pass out of rotation before any bid, laws-2007-zh-Hans.txt l.1588) has no 2017
        # counterpart (2017 A is by position: at RHO's turn). 2007 B1 (after a bid, at RHO's turn,
        # laws-2007-zh-Hans.txt l.1597) = 2017 A (laws-2017-en-zh-Hant.txt l.2692); B2 at partner's turn
        # (laws-2007-zh-Hans.txt l.1600) = B1 partner's or LHO's turn (laws-2017-en-zh-Hant.txt l.2704): (a)
        # the offender must pass throughout (laws-2007-zh-Hans.txt l.1600) gave way to (b) the offender may
        # make any legal call (laws-2017-en-zh-Hant.txt l.2716); (b) partner may not double or redouble
        # (laws-2007-zh-Hans.txt l.1605) gave way to (a) partner may make any legal call
        # (laws-2017-en-zh-Hant.txt l.2712); B3 at LHO's turn → change of call, Law 25 (laws-2007-zh-Hans.txt
        # l.1609) = B2 (laws-2017-en-zh-Hant.txt l.2736). The headings B differ too: 2007 "after a bid"
        # (laws-2007-zh-Hans.txt l.1595), 2017 "partner's or LHO's turn" (laws-2017-en-zh-Hant.txt l.2702).
        "30A": None, "30B": None, "30B1": "30A", "30B2": "30B1", "30B2(a)": "30B1(b)",
        "30B2(b)": "30B1(a)", "30B3": "30B2",
        # Law 32: A and B swap: 2007 A at partner's turn (laws-2007-zh-Hans.txt l.1676) = 2017 B "Offender's
        # Partner's Turn to Call" (laws-2017-en-zh-Hant.txt l.2879); 2007 B at RHO's turn
        # (laws-2007-zh-Hans.txt l.1684) = 2017 A (laws-2017-en-zh-Hant.txt l.2843), B1 RHO passes = A1
        # (laws-2017-en-zh-Hant.txt l.2849), B2 RHO bids = A2 (laws-2017-en-zh-Hant.txt l.2859).
        "32A": "32B", "32B": "32A", "32B1": "32A1", "32B2": "32A2",
        # Law 35: 2007 35.1–35.4 (laws-2007-zh-Hans.txt l.1714–1719) are 2017 35A–D (laws-2017-en-zh-Hant.txt
        # l.2937–2949), item for item: "第 19 条不允许的加倍或者再加倍。适用第 36 条" = "A double or redouble not permitted by
        # Law 19. Law 36 applies", and so on to Law 39.
        "35.1": "35A", "35.2": "35B", "35.3": "35C", "35.4": "35D",
        # Law 40B1: (a) and (b) swap: 2007 (a) the RA may designate special understandings (laws-2007-zh-Hans.txt
        # l.1839) = 2017 (b) "In its discretion the Regulating Authority may designate" (laws-2017-en-zh-Hant.txt
        # l.3179); 2007 (b) an agreement between partners is a partnership understanding (laws-2007-zh-Hans.txt
        # l.1846) = 2017 (a) (laws-2017-en-zh-Hant.txt l.3173); 2017 (c) (artificial calls) splits off 2007 (b).
        "40B1(a)": "40B1(b)", "40B1(b)": "40B1(a)",
        # Law 40B: 2007 B2(c)(1)–(3) (laws-2007-zh-Hans.txt l.1876–) = 2017 B2(c)(i)–(iii)
        # (laws-2017-en-zh-Hant.txt l.3248–3256); B2(d) psychic artificial calls (laws-2007-zh-Hans.txt
        # l.1884) → 2017 B2(a)(v); B3 varying agreements after an irregularity (laws-2007-zh-Hans.txt l.1885)
        # → B2(a)(iv); B4 damage from missing disclosure → B3(a); B5 non-complying special understanding → B4;
        # B6 explanations → B5 (items (a), (b) kept).
        "40B2(c)(1)": "40B2(c)(i)", "40B2(c)(2)": "40B2(c)(ii)", "40B2(c)(3)": "40B2(c)(iii)",
        "40B2(d)": "40B2(a)(v)", "40B3": "40B2(a)(iv)", "40B4": "40B3(a)", "40B5": "40B4", "40B6": "40B5",
        # Law 40C3: 2007 C3(a) no aids to memory (laws-2007-zh-Hans.txt l.1926) = 2017 B2(d)
        # (laws-2017-en-zh-Hant.txt l.3268); C3(b) repeated violations may be penalised (laws-2007-zh-Hans.txt
        # l.1927) = 2017 B3(b) (laws-2017-en-zh-Hant.txt l.3285); the bare item C3 has no 2017 counterpart.
        "40C3": None, "40C3(a)": "40B2(d)", "40C3(b)": "40B3(b)",
        # Law 50E: 2007 E3 (adjusted score when the exposed card conveyed damaging information, laws-2007-zh-Hans.txt
        # l.2424) is 2017 E4 (laws-2017-en-zh-Hant.txt l.4190); 2017 E3 (information from the circumstances of a played
        # penalty card, laws-2017-en-zh-Hant.txt l.4180) is new.
        "50E3": "50E4",
        # Law 53: B and C swap: 2007 B wrong defender plays to declarer's irregular lead
        # (laws-2007-zh-Hans.txt l.2530) = 2017 C (laws-2017-en-zh-Hant.txt l.4381); 2007 C proper lead after
        # an irregular lead (laws-2007-zh-Hans.txt l.2538) = 2017 B (laws-2017-en-zh-Hant.txt l.4365).
        "53B": "53C", "53C": "53B",
        # Law 57C: 2007 C2 (declarer's premature play is a played card, laws-2007-zh-Hans.txt l.2662) is 2017
        # C3 (laws-2017-en-zh-Hant.txt l.4589); 2017 C2 (dummy prematurely selected a card,
        # laws-2017-en-zh-Hant.txt l.4579) splits off 2007 C1.
        "57C2": "57C3",
        # Law 62C3: 2007 C3 (a claim of a revoke does not allow inspecting quitted tricks, laws-2007-zh-Hans.txt
        # l.2785) is 2017 61C "Right to Inspect Tricks" (laws-2017-en-zh-Hant.txt l.4769); 2017 62C3 (both sides revoke
        # on the same trick, laws-2017-en-zh-Hant.txt l.4824) is new.
        "62C3": "61C",
        # Law 71: 2007 71.1 / 71.2 (laws-2007-zh-Hans.txt l.3172–3175) are 2017 71A / 71B
        # (laws-2017-en-zh-Hant.txt l.5522–5526): a trick in fact won; a trick that could not be lost by any
        # normal play.
        "71.1": "71A", "71.2": "71B",
        # Law 73: 2007 C (unauthorized information from partner, laws-2007-zh-Hans.txt l.3229) is the text of
        # 2017 C1 (laws-2017-en-zh-Hant.txt l.5647); E deception (laws-2007-zh-Hans.txt l.3260) = E1
        # (laws-2017-en-zh-Hant.txt l.5702); F false inference from an opponent's manner or tempo
        # (laws-2007-zh-Hans.txt l.3266) = E2 (laws-2017-en-zh-Hant.txt l.5712). 2017 C2 (penalty for
        # violating C1, laws-2017-en-zh-Hant.txt l.5661) is new.
        "73C": "73C1", "73E": "73E1", "73F": "73E2",
        # Law 80B2(g): 2007 (1) assistants / (2) other staff (laws-2007-zh-Hans.txt l.3659) = 2017 (i) / (ii) (laws-2017-en-zh-Hant.txt
        # l.6452–6456).
        "80B2(g)(1)": "80B2(g)(i)", "80B2(g)(2)": "80B2(g)(ii)",
        # Law 86: 2007 A (±3 IMP) and B (knockout split score) live in 2017 12C2(b) and 12C4 (both already in
        # 2007 Law 12 too); 2007 C substitute board → 2017 A "Substitute Board" (laws-2017-en-zh-Hant.txt
        # l.6708); 2007 D result at other tables (laws-2007-zh-Hans.txt l.3825), whose text is the
        # single-result rule, → 2017 B1 "Single Result Obtained" (laws-2017-en-zh-Hant.txt l.6722); 2017 B
        # (now a heading), B2, B3 are new.
        "86A": "12C2(b)", "86B": "12C4", "86C": "86A", "86D": "86B1",
    },
}

# Overrides of the 1987→2017 composition.
DIRECT: dict[str, str] = {
    # 2017 Law 56 is again "Defender's Lead Out of Turn" (1987 56 防家違序引牌), not a stub.
    "56": "56",
}

# Laws whose topic changed under the same number, by their printed texts: 23 damaging pass (1987) →
# awareness of potential damage (2007) → comparable call (2017); 75 special partnership
# agreements (1987) → mistaken explanation or mistaken call (2007, 2017).
NEW_TOPIC: dict[tuple[str, str], frozenset[int]] = {
    ("1987", "2007"): frozenset({23, 75}),
    ("2007", "2017"): frozenset({23}),
    ("1987", "2017"): frozenset({23, 75}),
}


@dataclass(frozen=True)
class Pair:
    source: Citation | None  # in the "from" edition
    target: Citation | None  # in the "to" edition
    status: Status


@dataclass(frozen=True)
class Comparison:
    law: int
    from_edition: str
    to_edition: str
    topic_changed: bool
    pairs: tuple[Pair, ...]

    def to_json(self) -> dict:
        return {
            "law": self.law,
            "from": self.from_edition,
            "to": self.to_edition,
            "topic_changed": self.topic_changed,
            "pairs": [
                {"from": str(p.source) if p.source else None, "to": str(p.target) if p.target else None,
                 "status": p.status}
                for p in self.pairs
            ],
        }


def _moved(citation: Citation, moves: dict[str, str | None]) -> tuple[bool, Citation | None]:
    """(True, counterpart) when an explicit move covers the citation or its nearest moved
    ancestor: descendants follow their ancestor (16C1 → 16D1 under 16C → 16D) when the shape
    allows it; (True, None) when it does not; (False, None) when no move applies."""
    for ancestor in reversed(citation.ancestors()):
        if str(ancestor) not in moves:
            continue
        if moves[str(ancestor)] is None:  # no counterpart, nor for its descendants
            return True, None
        base = from_canonical(moves[str(ancestor)])
        if ancestor == citation:
            return True, base
        if base.kind != ancestor.kind:  # 40E → 40B2: 40E1 has no shape-preserving counterpart
            return True, None
        parts = list(base.parts[: base.depth]) + list(citation.parts[ancestor.depth: citation.depth])
        try:
            return True, Citation(*parts)
        except ValueError:
            return True, None
    return False, None


def counterpart(corpus: Corpus, citation: Citation, older: str, newer: str) -> Citation | None:
    """The provision of ``newer`` corresponding to ``citation`` of ``older`` (None if none)."""
    if older == newer:
        return citation
    if (older, newer) == ("1987", "2017"):
        if str(citation) in DIRECT:
            target = from_canonical(DIRECT[str(citation)])
            return target if corpus.provision(newer, target) else None
        middle = counterpart(corpus, citation, "1987", "2007")
        if middle is None:
            if _moved(citation, MOVES[("1987", "2007")])[0]:  # an override says: no counterpart
                return None
            # not in 2007 by number: fall back to the same citation in 2017
            return citation if corpus.provision(newer, citation) else None
        return counterpart(corpus, middle, "2007", "2017")
    covered, target = _moved(citation, MOVES.get((older, newer), {}))
    if not covered:
        target = citation
    return target if target is not None and corpus.provision(newer, target) else None


def compare(corpus: Corpus, law: int, from_edition: str, to_edition: str) -> Comparison:
    """Law ``law`` of ``from_edition`` aligned with its counterparts in ``to_edition``.

    Pairs cover every provision of the law in both editions, plus provisions of other laws that
    moved into it (1987 Law 88 → 2007 12C2(c) shows under Law 12). Computed once per corpus."""
    return corpus.memo(("compare", law, from_edition, to_edition),
                       lambda: _compare(corpus, law, from_edition, to_edition))


def _compare(corpus: Corpus, law: int, from_edition: str, to_edition: str) -> Comparison:
    for edition in (from_edition, to_edition):
        requests.edition(corpus, edition)
        if corpus.provision(edition, Citation(law)) is None:
            raise ProvisionNotFound(no_such_law(corpus, edition, law))
    forward = EDITIONS.index(from_edition) <= EDITIONS.index(to_edition)
    older, newer = (from_edition, to_edition) if forward else (to_edition, from_edition)
    topic_changed = law in NEW_TOPIC.get((older, newer), frozenset())

    mapped: list[tuple[Citation, Citation | None]] = []
    for provision in corpus.provisions(older):
        target = counterpart(corpus, provision.citation, older, newer)
        if provision.law == law or (target is not None and target.law == law):
            mapped.append((provision.citation, target))
    hit = {t for _, t in mapped if t is not None}

    pairs: list[Pair] = []
    for source, target in mapped:
        if target is None:
            status: Status = "new-topic" if topic_changed and source.law == law else "removed"
        elif target != source:
            status = "moved"
        else:
            status = "new-topic" if topic_changed else "aligned"
        pairs.append(Pair(source, target, status))
    for provision in corpus.subtree(newer, Citation(law)):
        if provision.citation not in hit:
            pairs.append(Pair(None, provision.citation, "new-topic" if topic_changed else "added"))

    if not forward:
        flip = {"added": "removed", "removed": "added"}
        pairs = [Pair(p.target, p.source, flip.get(p.status, p.status)) for p in pairs]

    def order(p: Pair) -> tuple:
        # this law's provisions first, in citation order on the "to" side (else the "from" side)
        anchor = p.target if p.target is not None and p.target.law == law else p.source
        anchor = anchor if anchor is not None else p.target
        return (anchor.law != law, anchor.sort_key(), p.source.sort_key() if p.source else ())

    return Comparison(law, from_edition, to_edition, topic_changed, tuple(sorted(pairs, key=order)))


# -- evidence and counterparts ("where did it go") ---------------------------------------------
def _read_evidence() -> dict[tuple[str, str], dict[str, str]]:
    """The comment above each override in MOVES and DIRECT, keyed by edition pair and citation.

    The comments in this file are the concordance's reasons; reading them from here keeps one
    copy of each reason (a test checks that every override has one)."""
    lines = Path(__file__).read_text(encoding="utf-8").splitlines()
    evidence: dict[tuple[str, str], dict[str, str]] = {}
    pair: tuple[str, str] | None = None
    block: list[str] = []
    after_entry = False
    for line in lines:
        stripped = line.strip()
        if line.startswith("DIRECT"):
            pair, block = ("1987", "2017"), []
        elif line.startswith(("NEW_TOPIC", "@dataclass")):
            break
        m = re.match(r'\("(\d{4})", "(\d{4})"\): \{$', stripped)
        if m:
            pair, block, after_entry = (m.group(1), m.group(2)), [], False
            continue
        if pair is None:
            continue
        if stripped.startswith("#"):
            if after_entry:
                block, after_entry = [], False
            block.append(stripped.lstrip("# ").strip())
            continue
        keys = re.findall(r'"([^"]+)": (?:"[^"]+"|None)', stripped)
        if keys:
            after_entry = True
            for key in keys:
                evidence.setdefault(pair, {})[key] = " ".join(block)
    return evidence


_EVIDENCE: dict[tuple[str, str], dict[str, str]] | None = None
SAME_NUMBER = "Same number in both editions; no override in corpus/concordance.py."


def evidence(older: str, newer: str, citation: Citation) -> str:
    """Why ``citation`` of ``older`` has the counterpart it has in ``newer``."""
    global _EVIDENCE
    if _EVIDENCE is None:
        _EVIDENCE = _read_evidence()
    if (older, newer) == ("1987", "2017") and str(citation) not in DIRECT:
        first = evidence("1987", "2007", citation)
        middle = counterpart_by_moves(citation, MOVES[("1987", "2007")])
        second = evidence("2007", "2017", middle) if middle is not None else ""
        if first == second == SAME_NUMBER:
            return SAME_NUMBER
        return f"1987→2007: {first}" + (f" 2007→2017: {second}" if second else "")
    reasons = _EVIDENCE.get((older, newer), {})
    for ancestor in reversed(citation.ancestors()):
        if str(ancestor) in reasons:
            reason = reasons[str(ancestor)]
            return reason if ancestor == citation else f"With {ancestor}: {reason}"
    return SAME_NUMBER


def counterpart_by_moves(citation: Citation, moves: dict[str, str | None]) -> Citation | None:
    covered, target = _moved(citation, moves)
    return target if covered else citation


def _sources_of(corpus: Corpus, older: str, newer: str) -> dict[Citation, tuple[Citation, ...]]:
    """newer citation → the older provisions whose counterpart it is (memoised per corpus;
    bound: three edition pairs)."""
    def build() -> dict[Citation, tuple[Citation, ...]]:
        out: dict[Citation, list[Citation]] = {}
        for provision in corpus.provisions(older):
            target = counterpart(corpus, provision.citation, older, newer)
            if target is not None:
                out.setdefault(target, []).append(provision.citation)
        return {k: tuple(v) for k, v in out.items()}

    return corpus.memo(("concordance", "sources", older, newer), build)


def counterparts(corpus: Corpus, edition: str, citation: Citation) -> list[dict]:
    """The provision's counterparts in every other edition, each with its relation and evidence:
    [{"edition", "citation" (None when there is none), "status", "evidence"}]."""
    out: list[dict] = []
    for other in corpus.editions:
        if other == edition:
            continue
        forward = EDITIONS.index(edition) < EDITIONS.index(other)
        older, newer = (edition, other) if forward else (other, edition)
        topic = citation.law in NEW_TOPIC.get((older, newer), frozenset())
        if forward:
            found = [t for t in [counterpart(corpus, citation, edition, other)] if t is not None]
            reasons = {t: evidence(older, newer, citation) for t in found}
            missing = "removed"
        else:
            found = list(_sources_of(corpus, older, newer).get(citation, ()))
            reasons = {s: evidence(older, newer, s) for s in found}
            missing = "added"
        if not found:
            out.append({"edition": other, "citation": None,
                        "status": "new-topic" if topic else missing,
                        "evidence": (evidence(older, newer, citation) if forward
                                     else f"No {older} provision corresponds to it in corpus/concordance.py.")})
        for match in found:
            status = "new-topic" if topic else ("aligned" if match == citation else "moved")
            out.append({"edition": other, "citation": str(match), "status": status, "evidence": reasons[match]})
        if topic:
            for item in out:
                if item["edition"] == other:
                    item["evidence"] = (f"Law {citation.law} changed topic under the same number between {older} and "
                                        f"{newer} (NEW_TOPIC in corpus/concordance.py): the provisions share a number, not a rule. "
                                        + item["evidence"])
    return out
