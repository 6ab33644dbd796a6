"""Each language's own words for the main commands and the cards, on the command line (issue 27
item 4): "出红桃五", "jouer le cinq de cœur" work beside English when the game speaks that language.

The forms are the phrase table's commands (``PHRASES``, by verb) in other words: this module
turns a line in the player's language into the English line the one parser reads
(:func:`english_line`), so the parser, its refusals and its questions stay one. Typed only: voice
commands stay English (no recognizer for these languages can be checked here), the single keys
keep their letters, and yes and no stay ``y`` and ``n`` in every language (``o`` is a key).
English always works: :func:`parse_in` reads a line as English first.

>>> from spoken_cribbage.engine.cards import parse_cards
>>> ctx = VoiceContext.of("play", parse_cards("5H 10C JD KS"))
>>> str(parse_in("出红桃五", ctx, "zh-Hans")), str(parse_in("jouer le roi de pique", ctx, "fr"))
('play 5H', 'play KS')
"""

from __future__ import annotations

import re
import unicodedata

from spoken_cribbage.engine.cards import RANK_NAMES, SUIT_NAMES
from spoken_cribbage.vocabulary import ORDINALS, Command, CommandError, VoiceContext, parse_command

__all__ = ["COMMANDS", "CARD_VERBS", "english_line", "parse_in"]

_C, _D, _H, _S = (SUIT_NAMES.index(s) for s in ("clubs", "diamonds", "hearts", "spades"))

#: language -> a whole line in its words -> the command's verb (a verb of ``PHRASES``).
#: French is matched without accents or capitals ("regle" is "règle"); Chinese in both scripts.
COMMANDS: dict[str, dict[str, str]] = {
    "fr": {
        "total": "count",
        "le total": "count",
        "compte": "count",
        "le compte": "count",
        "quel est le compte": "count",
        "creche": "crib",
        "la creche": "crib",
        "a qui la creche": "crib",
        "crib": "crib",
        "le crib": "crib",
        "a qui est le crib": "crib",
        "coupe": "starter",
        "la coupe": "starter",
        "carte de depart": "starter",
        "la carte de depart": "starter",
        "les cartes sur la table": "table",
        "votre main": "hand",
        "un conseil": "hint",
        "vos chances": "odds",
        "l aide": "help",
        "table": "table",
        "la table": "table",
        "score": "scores",
        "scores": "scores",
        "les scores": "scores",
        "points": "scores",
        "a qui le tour": "turn",
        "tour": "turn",
        "main": "hand",
        "ma main": "hand",
        "combien de cartes": "held",
        "indice": "hint",
        "conseil": "hint",
        "chances": "odds",
        "mes chances": "odds",
        "repeter": "repeat",
        "repete": "repeat",
        "encore": "repeat",
        "annuler": "undo",
        "revoir la donne": "review",
        "aide": "help",
        "quitter": "quit",
        "passe": "go",
        "je passe": "go",
        "suivant": "next",
        "donne suivante": "next",
        "continuer": "next",
        "nouvelle partie": "new",
        "silence": "silence",
    },
    "zh": {
        "累计": "count",
        "累計": "count",
        "累计是多少": "count",
        "累計是多少": "count",
        "点数": "count",
        "點數": "count",
        "底牌": "crib",
        "谁的底牌": "crib",
        "誰的底牌": "crib",
        "翻牌": "starter",
        "起始牌": "starter",
        "桌面": "table",
        "桌上的牌": "table",
        "比分": "scores",
        "分数": "scores",
        "分數": "scores",
        "轮到谁": "turn",
        "輪到誰": "turn",
        "手牌": "hand",
        "我的手牌": "hand",
        "还剩几张": "held",
        "還剩幾張": "held",
        "提示": "hint",
        "胜率": "odds",
        "勝率": "odds",
        "重复": "repeat",
        "重複": "repeat",
        "再说一遍": "repeat",
        "再說一遍": "repeat",
        "撤销": "undo",
        "撤銷": "undo",
        "悔牌": "undo",
        "回顾": "review",
        "回顧": "review",
        "安静": "silence",
        "安靜": "silence",
        "帮助": "help",
        "幫助": "help",
        "退出": "quit",
        "过": "go",
        "過": "go",
        "不出": "go",
        "下一手": "next",
        "继续": "next",
        "繼續": "next",
        "新游戏": "new",
        "新遊戲": "new",
        "新的一局": "new",
        "再来一局": "new",
        "再來一局": "new",
    },
}
#: language -> the words that lead a card command -> its verb ("play" or "discard")
CARD_VERBS: dict[str, dict[str, str]] = {
    "fr": {
        "jouer": "play",
        "joue": "play",
        "je joue": "play",
        "ecarter": "discard",
        "ecarte": "discard",
        "jeter": "discard",
        "jette": "discard",
        "defausser": "discard",
        "mettre a la creche": "discard",
        "mettre au crib": "discard",
    },
    # longest first when matched: 出牌 before 出
    "zh": {
        "出牌": "play",
        "出": "play",
        "弃牌": "discard",
        "棄牌": "discard",
        "弃": "discard",
        "棄": "discard",
        "推": "discard",
    },
}

_FR_RANKS = ("", "as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame", "roi")
_FR_SUITS = {"coeur": _H, "coeurs": _H, "carreau": _D, "carreaux": _D, "trefle": _C, "trefles": _C}
_FR_SUITS |= {"pique": _S, "piques": _S}
_FR_ORDINALS = ("", "premiere", "deuxieme", "troisieme", "quatrieme", "cinquieme", "sixieme")
_FR_AND = re.compile(r"\s*(?:,|\bet\b)\s*")

_ZH_SUITS = {"黑桃": _S, "红桃": _H, "紅桃": _H, "红心": _H, "紅心": _H, "方块": _D, "方塊": _D, "方片": _D}
_ZH_SUITS |= {"梅花": _C, "草花": _C}
_ZH_RANKS = {"a": 1, "j": 11, "q": 12, "k": 13, "十": 10, "两": 2, "兩": 2}
_ZH_RANKS |= {w: n for n, w in enumerate("一二三四五六七八九", start=1)}
_ZH_RANK = r"(10|[2-9]|[ajqk]|十|两|兩|[一二三四五六七八九])"
_ZH_CARD = re.compile(r"(" + "|".join(_ZH_SUITS) + r")\s*" + _ZH_RANK)
_ZH_PLACE = re.compile(r"第\s*([1-6一二三四五六])\s*[张張]")
_ZH_AND = re.compile(r"\s*(?:和|跟|与|與|、|，|,)\s*")


def _family(language: str) -> str:
    return "zh" if language.startswith("zh") else language


def _folded(text: str) -> str:
    """French as matched: lower case, œ as oe, no accents, the apostrophe of an elision a space."""
    text = text.lower().replace("œ", "oe").replace("’", "'").replace("'", " ")
    text = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    return " ".join(text.strip(" .!?").split())


def _french_card(part: str) -> str:
    """One French card name in English words ('le cinq de coeur' -> 'five of hearts', 'la
    deuxieme carte' -> 'second card'); the part as it is when it is none."""
    words = [w for w in part.split() if w not in ("le", "la", "les", "l", "de", "d", "du", "des")]
    if len(words) == 2 and words[0] == "carte":
        return "card " + words[1]
    if len(words) == 2 and words[1] == "carte" and words[0] in _FR_ORDINALS[1:]:
        return ORDINALS[_FR_ORDINALS.index(words[0])] + " card"
    rank = _FR_RANKS.index(words[0]) if words and words[0] in _FR_RANKS[1:] else None
    if rank is None and words and words[0].isdecimal() and 1 <= int(words[0]) <= 10 and len(words) == 2:
        rank = int(words[0])  # "le 5 de coeur"
    suit = _FR_SUITS.get(words[-1]) if words else None
    if rank is not None and len(words) == 2 and suit is not None:
        return f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"
    if rank is not None and len(words) == 1:
        return RANK_NAMES[rank]
    if suit is not None and len(words) == 1:
        return SUIT_NAMES[suit]
    return part


def _french(line: str) -> str | None:
    said = _folded(line)
    if said in COMMANDS["fr"]:
        return COMMANDS["fr"][said]
    leads = [lead for lead in CARD_VERBS["fr"] if said == lead or said.startswith(lead + " ")]
    lead = max(leads, key=len) if leads else ""
    verb = CARD_VERBS["fr"][lead] if lead else None
    rest = said[len(lead) :]
    cards = [_french_card(p) for p in _FR_AND.split(rest.strip()) if p]
    english = " and ".join(cards)
    if verb is None and english == rest.strip():
        return None  # no French word in it
    return f"{verb} {english}".strip() if verb else english


def _chinese_part(part: str) -> str:
    """One Chinese card name in English words ('红桃五' -> 'five of hearts', '第二张' ->
    'card 2', '五' -> 'five'); the part as it is when it is none."""
    part = part.strip().lower()
    m = _ZH_CARD.fullmatch(part)
    if m:
        rank = int(m.group(2)) if m.group(2).isdecimal() else _ZH_RANKS[m.group(2)]
        return f"{RANK_NAMES[rank]} of {SUIT_NAMES[_ZH_SUITS[m.group(1)]]}"
    m = _ZH_PLACE.fullmatch(part)
    if m:
        n = m.group(1)
        return f"card {n if n.isdecimal() else _ZH_RANKS[n]}"
    if part in _ZH_RANKS and not part.isascii():
        return RANK_NAMES[_ZH_RANKS[part]]
    if part in _ZH_SUITS:
        return SUIT_NAMES[_ZH_SUITS[part]]
    return part


def _chinese(line: str) -> str | None:
    said = "".join(line.split()).strip("。！？.!?")
    if said in COMMANDS["zh"]:
        return COMMANDS["zh"][said]
    verb = None
    rest = line.strip().strip("。！？.!?")
    for lead, v in CARD_VERBS["zh"].items():  # longest first
        if rest.startswith(lead):
            verb, rest = v, rest[len(lead) :]
            break
    parts = [p for p in _ZH_AND.split(rest.strip()) if p]
    # cards written one after another without a separator: "红桃五黑桃J"
    parts = [q for p in parts for q in _split_cards(p)]
    english = " and ".join(_chinese_part(p) for p in parts)
    if verb is None and english == rest.strip():
        return None
    return f"{verb} {english}".strip() if verb else english


def _split_cards(text: str) -> list[str]:
    """'红桃五黑桃J' -> ['红桃五', '黑桃J'] (a text that is only cards; else as it is)."""
    found = [m.group(0) for m in _ZH_CARD.finditer(text.lower())]
    return found if "".join(found) == "".join(text.lower().split()) else [text]


def english_line(text: str, language: str) -> str | None:
    """The English line that ``text``, typed in ``language``'s words, stands for; None when it
    holds none of them (or the language is English)."""
    family = _family(language)
    if family == "fr":
        return _french(text)
    if family == "zh":
        return _chinese(text)
    return None


def parse_in(text: str, ctx: VoiceContext | None, language: str) -> Command:
    """:func:`parse_command` of a typed line, English first, then ``language``'s own words:
    what the English parser refuses is read again as that language's line, and its refusal
    (or the English one, when the line holds none of its words) is what the player hears."""
    try:
        return parse_command(text, ctx)
    except CommandError as e:
        english = english_line(text, language) if isinstance(text, str) else None
        if english is None or not english.strip():
            raise
        first = e
    try:
        return parse_command(english, ctx)
    except CommandError as e:
        if e.code in ("command.unknown", "command.not_a_card"):
            raise first from None  # not a line of that language either: what English said
        raise
