"""Extract, update and compile the game's message catalogues with Babel (docs/dev/languages.md).

    python scripts/catalogue.py            # extract the English messages, update every .po, compile
    python scripts/catalogue.py --check    # only say what is out of date or missing (exit 1)

Extract: every :class:`~spoken_cribbage.words.catalogue.Message` of the tables moved onto the
catalogue (the ``TEXTS`` of ``words.notices.DOMAINS``, and their ``PARTS``: forms and parts of
sentences) and the catalogue's own messages go into
``spoken_cribbage/words/locale/spoken_cribbage.pot``: the code as ``msgctxt``, the English text
as ``msgid``, where it is heard as the comment. Update: each language's ``.po`` (the one file a
translator edits) takes the new and changed messages (Babel marks a changed one fuzzy: it is
said in English until a translator looks at it again). Compile: the ``.mo`` beside it, which
ships in the wheel. tests/words/test_catalogue.py runs :func:`problems` and fails on any.

Traditional Chinese (``zh-Hant``) is not translated by hand: it is made from the simplified
Chinese ``.po`` each time, by OpenCC (a test dependency, like Babel) with Taiwan's phrasing
(``s2twp``: 设置 -> 設定, 文件 -> 檔案), then the glossary's traditional cribbage terms
(:data:`ZH_HANT_TERMS`, from ../shared/GLOSSARY.md). Its ``.po`` says so and is not to be
edited: translate zh-Hans and run this script again (after every rebase too: the zh-Hans
messages others add reach zh-Hant only then; the test fails while zh-Hant is stale).
"""

from __future__ import annotations

import datetime as dt
import functools
import importlib
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Babel is imported where it is used: messages() needs only the game
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "spoken_cribbage" / "words" / "locale"
POT = LOCALE / "spoken_cribbage.pot"
#: our language code -> Babel's locale (for its plural rule)
BABEL_LOCALES = {"fr": "fr", "zh-Hans": "zh_Hans"}
#: languages made from another by a converter: ours -> (Babel's locale, the source, OpenCC's config)
DERIVED = {"zh-Hant": ("zh_Hant", "zh-Hans", "s2twp")}
#: The cribbage terms the traditional-character rule document (a Taiwanese article, ACC rules)
#: writes otherwise than OpenCC's conversion of the simplified ones (../shared/GLOSSARY.md),
#: as (OpenCC's traditional, the glossary's), applied in order after the conversion.
ZH_HANT_TERMS = (
    ("閒家", "非莊家"),  # pone
    ("莊家的底牌", "莊家的Crib"),  # the crib: kept in English there
    ("底牌", "Crib"),
    ("翻牌", "起始牌"),  # the starter
    ("紅桃", "紅心"),  # hearts
    ("右傑克", "Nobs"),  # his nobs
    # Taiwan's quotation marks (OpenCC leaves punctuation alone)
    ("“", "「"),
    ("”", "」"),
    ("‘", "『"),
    ("’", "』"),
)
#: a fixed date in the template's header, so that extracting again changes nothing
DATE = dt.datetime(2026, 12, 4, tzinfo=dt.timezone.utc)

sys.path.insert(0, str(ROOT))


def messages() -> dict[str, object]:
    """code -> Message of every table on the catalogue, in a stable order."""
    from spoken_cribbage.words import catalogue, notices

    found: dict[str, object] = dict(catalogue.CATALOGUE_MESSAGES)
    # the sentence tables of words that are not notices (the announcer, card names, the seat
    # ...): a module's CODES, code -> Message
    for module in catalogue.CODE_TABLES:
        for code, t in importlib.import_module(module).CODES.items():
            if isinstance(t, catalogue.Message):
                found[code] = t
    for prefix, module in sorted(set(notices.DOMAINS.items())):
        table = importlib.import_module(module)
        # TEXTS: the codes a layer hands over; PARTS: the forms and parts of their sentences
        for code, t in {**table.TEXTS, **getattr(table, "PARTS", {})}.items():
            if code.startswith(prefix + ".") and isinstance(t, catalogue.Message):
                found[code] = t
    return found


def template() -> Catalog:
    from babel.messages.catalog import Catalog

    pot = Catalog(
        project="spoken-cribbage",
        version="",
        creation_date=DATE,
        revision_date=DATE,
        fuzzy=False,
        header_comment=(
            "# The messages of Spoken Cribbage, in English (the source language).\n"
            "# Made by scripts/catalogue.py: do not edit; translate the .po files."
        ),
    )
    for code, m in messages().items():
        ident = (m.english, m.plural) if m.plural is not None else m.english  # type: ignore[attr-defined]
        pot.add(ident, context=code, auto_comments=[f"Heard: {m.heard}"])  # type: ignore[attr-defined]
    return pot


def _po_bytes(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, omit_header=False, no_location=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def build() -> dict[Path, bytes]:
    """Every file the catalogue is made of, as it should be now."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    pot = template()
    files = {POT: _po_bytes(pot)}
    built: dict[str, Catalog] = {}
    for language, babel_locale in BABEL_LOCALES.items():
        folder = LOCALE / language / "LC_MESSAGES"
        po_path = folder / "spoken_cribbage.po"
        if po_path.exists():
            with po_path.open("rb") as f:
                po = read_po(f, locale=babel_locale)
        else:
            po = Catalog(
                locale=babel_locale,
                project="spoken-cribbage",
                version="",
                creation_date=DATE,
                revision_date=DATE,
                fuzzy=False,
            )
        po.update(pot, update_header_comment=False, update_creation_date=False)
        po.obsolete.clear()  # a message no longer in the game leaves the file
        files[po_path] = _po_bytes(po)
        files[folder / "spoken_cribbage.mo"] = _mo_bytes(po)
        built[language] = po
    for language, (babel_locale, source, config) in DERIVED.items():
        folder = LOCALE / language / "LC_MESSAGES"
        po = derived(built[source], babel_locale, config)
        files[folder / "spoken_cribbage.po"] = _po_bytes(po)
        files[folder / "spoken_cribbage.mo"] = _mo_bytes(po)
    return files


@functools.cache
def _converter(config: str) -> Any:
    try:
        import opencc  # loading its dictionaries takes a while: once per config
    except ImportError:
        raise SystemExit(
            "scripts/catalogue.py makes zh-Hant with OpenCC: install the [test] extra "
            "(bash scripts/setup-venv.sh test) or pip install opencc"
        ) from None

    return opencc.OpenCC(config)


#: Whole messages the traditional rule document words otherwise (../shared/GLOSSARY.md: 'fifteen
#: (2)' is 湊15 得2分), by code: used in place of the
#: converted zh-Hans message while that one is translated (and not fuzzy).
ZH_HANT_MESSAGES = {
    "play.fifteen_two": "湊15 得 2 分",
    "play.fifteen": "湊15",
}


def to_traditional(text: str, config: str = "s2twp") -> str:
    """Simplified Chinese ``text`` in traditional characters, Taiwan's phrasing and the
    glossary's terms; placeholders (``{name}``) and Latin words pass unchanged."""
    if not text:
        return ""  # not translated yet (Babel gives a new message None)
    out = _converter(config).convert(text)
    for found, term in ZH_HANT_TERMS:
        out = out.replace(found, term)
    return out


def derived(source: Catalog, babel_locale: str, config: str) -> Catalog:
    """The catalogue of a language made from ``source`` by OpenCC: every message, its
    translation converted (an empty or fuzzy one stays so: English until zh-Hans has it)."""
    from babel.messages.catalog import Catalog

    out = Catalog(
        locale=babel_locale,
        project="spoken-cribbage",
        version="",
        creation_date=DATE,
        revision_date=DATE,
        fuzzy=False,
        header_comment=(
            "# The messages of Spoken Cribbage in traditional Chinese (Taiwan).\n"
            "# Made by scripts/catalogue.py from zh-Hans with OpenCC (s2twp) and the glossary's\n"
            "# traditional terms: do not edit; translate zh-Hans/LC_MESSAGES/spoken_cribbage.po."
        ),
    )
    for m in source:
        if not m.id:
            continue  # the header
        if m.context in ZH_HANT_MESSAGES and m.string and not m.fuzzy:
            out.add(
                m.id,
                string=ZH_HANT_MESSAGES[m.context],
                context=m.context,
                auto_comments=m.auto_comments,
                flags=m.flags,
            )
            continue
        string = (
            tuple(to_traditional(s or "", config) for s in m.string)
            if isinstance(m.string, (list, tuple))
            else (to_traditional(m.string or "", config))  # None: a message new to the .po
        )
        out.add(m.id, string=string, context=m.context, auto_comments=m.auto_comments, flags=m.flags)
    return out


def problems() -> list[str]:
    """What is out of date: a file that the build would change."""
    return [
        f"{path.relative_to(ROOT)} is out of date: run python scripts/catalogue.py"
        for path, data in build().items()
        if not path.exists() or path.read_bytes() != data
    ]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        found = problems()
        print("\n".join(found) or "The catalogues are up to date.")
        return 1 if found else 0
    for path, data in build().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
