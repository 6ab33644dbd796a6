"""--help in Chinese fits the terminal: argparse wraps by characters, and a Chinese character
takes two cells, so its help lines were twice as wide as the screen (issue 27)."""

from __future__ import annotations

import argparse

import pytest

from spoken_cribbage.app import cli
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.lines import cells


def _helps(language: str, columns: int, monkeypatch) -> dict[str, str]:
    """Every command's --help (and the program's) in ``language`` on a terminal ``columns`` wide."""
    monkeypatch.setenv("COLUMNS", str(columns))
    catalogue.use(language)
    try:
        parser = cli.build_parser()
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        helps = {"spoken-cribbage": parser.format_help()}
        helps.update({name: p.format_help() for name, p in sub.choices.items()})
    finally:
        catalogue.use("en")
    return helps


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("columns", [60, 80])
def test_chinese_help_lines_fit_the_terminal(language, columns, monkeypatch):
    wide = []
    for name, text in _helps(language, columns, monkeypatch).items():
        for line in text.splitlines():
            # an option, or the list of commands, longer than the screen stays whole, as in English
            if cells(line) > columns and line.lstrip()[:1] not in "[{":
                wide.append(f"{name}: {line} ({cells(line)} cells)")
    assert not wide, "\n".join(wide)


def test_chinese_help_fills_its_lines_and_keeps_words_and_options_whole(monkeypatch):
    text = _helps("zh-Hans", 80, monkeypatch)["play"]
    lines = text.splitlines()
    seed = next(i for i, line in enumerate(lines) if line.startswith("  --seed N"))
    # the help column starts at 24: a line of Chinese fills up to 78 cells, not 54 characters
    assert 70 <= cells(lines[seed]) <= 80, lines[seed]
    # no line starts with a closing mark, and '--new' is not cut
    assert not any(line.strip()[:1] in "，。、；：）" for line in lines if line.strip())
    assert "--new" in text
    # the usage lines up under the options after '用法：' (6 cells, 3 characters)
    assert lines[0].startswith("用法：spoken-cribbage play [-h]")
    assert lines[1].index("[") == cells("用法：spoken-cribbage play ")


def test_wrap_cells_breaks_between_chinese_characters_and_at_spaces_only():
    assert cli.wrap_cells("一二三四五六", 6) == ["一二三", "四五六"]
    assert cli.wrap_cells("用 --target 设分数，好", 12) == ["用 --target", "设分数，好"]
    # a closing mark stays with the character before it
    assert cli.wrap_cells("一二三，四", 6) == ["一二", "三，四"]
    # a word wider than the line is cut, as textwrap cuts it
    assert cli.wrap_cells("abcdefgh", 4) == ["abcd", "efgh"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_help_without_wide_characters_is_wrapped_by_argparse_as_before(language, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    catalogue.use(language)
    try:
        parser = cli.build_parser()

        class Plain(cli._Formatter):  # 'usage:' in the language, the rest argparse's own
            _format_usage = argparse.HelpFormatter._format_usage
            _split_lines = argparse.HelpFormatter._split_lines
            _fill_text = argparse.HelpFormatter._fill_text

        mine = parser.format_help()
        parser.formatter_class = Plain
        plain = parser.format_help()
    finally:
        catalogue.use("en")
    assert mine == plain
