"""The commands beside the game in the player's language (issue 27, part b): every --help, the
calculators (score, peg, discard, odds, simulate), review, practice, stats, and the game's help
and key list, run as the real program with --language or LANG."""

from __future__ import annotations

import subprocess

from testkit import BIN, game_env


def _run(home, *args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN), *args], input=stdin, capture_output=True, text=True, timeout=60, env=game_env(home, **env)
    )


def test_help_of_the_program_and_a_command_in_french_and_chinese(tmp_path):
    run = _run(tmp_path, "score", "--help", "--language", "fr")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.startswith("usage : spoken-cribbage score [-h] --starter STARTER")
    assert "\narguments:\n" in out and "\noptions:\n" in out
    assert "  -h, --help            affiche cette aide et quitte\n" in out
    assert "  --starter STARTER     la carte de départ, comme 5D\n" in out
    assert "  --language {en,fr,zh-Hans,zh-Hant}\n                        la langue de ce que dit cette commande" in out
    run = _run(tmp_path, "--help", LANG="zh_CN.UTF-8")  # the program's: its commands
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("用法：spoken-cribbage [-h]")
    assert "会说话的克里比奇（Cribbage）：用键盘、读屏软件或语音来玩。" in run.stdout
    assert "像玩家那样报数，计算一手牌的分" in run.stdout and "显示本帮助并退出" in run.stdout
    # a text with a fact in it: the levels, names typed in English, listed the Chinese way
    run = _run(tmp_path, "simulate", "--help", "--language", "zh-Hans")
    assert "让电脑玩家（级别：easy，standard，expert，greedy" in run.stdout.replace("\n", "").replace(" ", "")


def test_help_stays_english_by_default(tmp_path):
    out = _run(tmp_path, "score", "--help").stdout
    assert out.startswith("usage: spoken-cribbage score [-h]")
    assert "\npositional arguments:\n" in out and "show this help message and exit" in out
    assert "  --starter STARTER     the starter card, like 5D\n" in out


def test_the_games_help_and_key_list_in_french_and_chinese(tmp_path):
    """? and /help in a seeded piped game: the same keys, named and explained in the language."""
    run = _run(tmp_path, "--seed", "3", "--speech", "off", "--cues", "off", "--language", "fr", stdin="?\nquit\ny\n")
    out = run.stdout
    assert "> ?\nÉcartez 2 cartes : appuyez sur leurs numéros, ou les flèches et Espace ; puis Entrée.\n" in out
    assert "\nTouches : c le total, b à qui est le crib, f la carte de départ.\n" in out
    assert "\nAutres touches : point d'interrogation l'aide, q quitter.\n" in out
    assert "\nHaut et Page précédente font comme crochet gauche.\n" in out
    assert "\n/cues joue chaque son et dit ce qu'il signifie.\n" in out
    run = _run(
        tmp_path, "--seed", "3", "--speech", "off", "--cues", "off", stdin="/help\nquit\ny\n", LANG="zh_CN.UTF-8"
    )
    out = run.stdout
    assert (
        "> /help\n推 2 张牌进底牌：按它们的编号，或用方向键和空格选择；然后按回车。\n"
        "按键：c 累计值，b 谁的底牌，f 翻牌，"
    ) in out
    assert "\n上箭头和上翻页：作用同左方括号。下箭头和下翻页：作用同右方括号。F1：作用同问号。\n" in out
    assert "\nEsc 键也可取消选择或让语音停下。\n" in out


def test_the_calculators_in_french_and_chinese(tmp_path):
    """score, peg, odds and discard run with --language: their lines, card names and counts in it."""
    score = ("score", "5H", "5C", "5S", "JD", "--starter", "5D")
    run = _run(tmp_path, *score, "--language", "zh-Hans")
    assert run.returncode == 0, run.stderr
    assert run.stdout.endswith("四条 28 分、右杰克 29 分。\n合计：29 分。\n")
    run = _run(tmp_path, "peg", "8S", "7H", "6D", "5C", "9S", "--language", "fr")
    assert run.stdout.splitlines() == [
        "Le premier joueur joue le huit de pique. Total 8.",
        "Le second joueur joue le sept de cœur. Total 15. Quinze deux.",
        "Le premier joueur joue le six de carreau. Total 21. Une suite de trois pour trois.",
        "Le second joueur joue le cinq de trèfle. Total 26. Une suite de quatre pour quatre.",
        "Go : le neuf de pique ferait 35. Le second joueur marque un point pour le go.",
        "Le premier joueur joue le neuf de pique. Total 9.",
    ]
    assert _run(tmp_path, "odds", "100", "96", "--dealer", "me", LANG="zh_CN.UTF-8").stdout == "你的胜率是 84%。\n"
    run = _run(tmp_path, "discard", "5H", "5S", "JD", "6C", "7C", "KS", "--dealer", "--language", "fr")
    assert run.stdout.splitlines()[:2] == [
        "Les 15 écarts, du meilleur au moins bon ; le crib est à vous.",
        "Gardez cinq, cinq, valet, roi ; écartez six, sept : main 12,4, crib 5,6, net 18,0.",
    ]
    # a refusal, in the sentence of the language with its plural
    run = _run(tmp_path, "score", "5H", "5C", "--starter", "5D", "--language", "fr")
    assert run.returncode == 2
    assert run.stderr.endswith("et la carte de départ après --starter ; 2 cartes ont été données.\n")


def test_the_calculators_stay_english_by_default(tmp_path):
    assert _run(tmp_path, "odds", "100", "96", "--dealer", "me").stdout == "Your chance to win is 84 percent.\n"
    out = _run(tmp_path, "peg", "8S", "7H", "--language", "en").stdout
    assert out.splitlines() == [
        "First player plays the eight of spades. Count 8.",
        "Second player plays the seven of hearts. Count 15. Fifteen two.",
    ]


def test_practice_in_french_and_chinese(tmp_path):
    """practice count and discard, seeded: the count explained item by item in the language."""
    run = _run(tmp_path, "practice", "count", "--rounds", "2", "--seed", "5", "--language", "fr", stdin="8\n3\n")
    lines = run.stdout.splitlines()
    assert lines[:9] == [
        "Entraînement au comptage : 2 mains, chacune avec sa carte de départ. Tapez le total et appuyez "
        "sur Entrée ; Échap, ou q puis Entrée, arrête.",
        "Main 1 sur 2 : cinq de trèfle, six de cœur, dix de pique et dame de pique.",
        "La carte de départ est le roi de cœur.",
        "Votre total ?",
        "Pas tout à fait : c'est 6, pas 8.",
        "Quinze deux avec le cinq et le dix.",
        "Quinze quatre avec le cinq et la dame.",
        "Quinze six avec le cinq et le roi.",
        "Total : 6.",
    ]
    assert "Une paire de dames fait deux." in lines and "Nobs, le valet de carreau, fait trois." in lines
    run = _run(tmp_path, "practice", "discard", "--rounds", "1", "--seed", "5", stdin="1 2\n", LANG="zh_CN.UTF-8")
    lines = run.stdout.splitlines()
    assert lines[1] == "第 1 手，共 1 手。对手的底牌。" and lines[4] == "你推哪 2 张牌进底牌？"
    assert lines[6] == "你的选择净值 3.4，在 15 种中排第 5：平均损失 4.2 分。"


def test_stats_in_french_and_chinese(tmp_path):
    """stats after a practice session and a game left unfinished, read in each language."""
    _run(tmp_path, "practice", "count", "--rounds", "2", "--seed", "5", stdin="8\n3\n")
    _run(tmp_path, "--seed", "3", "--speech", "off", "--cues", "off", stdin="quit\ny\n")
    assert (
        _run(tmp_path, "stats", "--language", "fr")
        .stdout.splitlines()[-1]
        .startswith("Entraînement au comptage : 1 sur 2 mains comptées justes, 50 pour cent, ")
    )
    out = _run(tmp_path, "stats", LANG="zh_CN.UTF-8").stdout
    assert out.startswith("还没有记录任何牌局。\n数牌练习：2 手中数对 1 手，正确率 50%，平均每手 ")
    assert _run(tmp_path, "stats").stdout.startswith("No games recorded yet.\nCounting practice: 1 of 2 hands right")


def test_review_in_french_and_chinese(tmp_path):
    """The game's review command and walk key, and spoken-cribbage review with no game yet."""
    game = ("--seed", "3", "--speech", "off", "--cues", "off")
    run = _run(tmp_path, *game, "--language", "fr", stdin="1\n2\n\n/review\nw\nquit\ny\n")
    out = run.stdout
    assert (
        "> /review\nLa donne 1, telle qu'elle a été jouée :\nDonne 1. Votre crib.\n"
        "Votre main : as de trèfle, deux de trèfle, trois de trèfle, cinq de trèfle, dix de cœur et valet de trèfle.\n"
        "L'ordinateur écarte 2 cartes.\nVous écartez l'as de trèfle et le deux de trèfle.\n"
    ) in out
    assert (
        "\nVoilà la donne 1 jusqu'ici.\n> w\nDonne 1, depuis le début ; appuyez sur w pour chaque événement.\n" in out
    )
    run = _run(tmp_path, *game, stdin="1\n2\n\n/review\nquit\ny\n", LANG="zh_CN.UTF-8")
    assert "> /review\n第 1 手的经过：\n" in run.stdout and "\n这是第 1 手到目前为止的经过。\n" in run.stdout
    run = _run(tmp_path, "review", "--language", "zh-Hans")
    assert run.stdout + run.stderr == "还没有已结束的牌局：打完一局后就可以在这里回顾。\n"


def test_a_refused_command_line_in_french_and_chinese(tmp_path):
    """argparse's refusals, said in the language (option names and values as typed)."""
    run = _run(tmp_path, "score", "5H", "--language", "fr")
    assert run.returncode == 2
    assert run.stderr == "spoken-cribbage : ces arguments sont obligatoires : --starter. Essayez --help.\n"
    run = _run(tmp_path, "odds", "1", "2", "--dealer", "x", "--language", "zh-Hans")
    assert run.stderr == "spoken-cribbage：参数 --dealer：无效的选项 'x'（可选：'me', 'opponent'）。请试试 --help。\n"
    run = _run(tmp_path, "odds", "1", "2", "--dealer", "x")
    assert run.stderr == (
        "spoken-cribbage: argument --dealer: invalid choice: 'x' (choose from 'me', 'opponent'). Try --help.\n"
    )


def test_the_simulation_report_in_french_and_chinese(tmp_path):
    """simulate's report in the language: of its English words only the levels (as typed), the
    glossary's kept terms and, in French, the words French shares with it are left."""
    import re

    def words(language: str) -> set[str]:
        run = _run(tmp_path, "simulate", "--games", "4", "--seed", "1", "--workers", "1", "--language", language)
        assert run.returncode == 0, run.stderr
        assert len(run.stdout.splitlines()) == 12, run.stdout  # the whole report: 4 lines, 8 of points a deal
        return set(re.findall(r"[A-Za-z]+", run.stdout))

    # the English report's words (tests/ai/test_simulate.py reads the English report)
    english = {"games", "seed", "versus", "seat", "wins", "CI", "to", "skunks", "double", "first", "dealer", "won"}
    english |= {"points", "per", "completed", "deal", "deals", "pegging", "play", "go", "and", "last", "heels"}
    english |= {"apart", "as", "pone", "total", "hand", "crib", "any", "seconds", "per", "second"}
    levels = {"expert", "standard"}
    assert words("zh-Hans") - levels <= {"skunk", "double", "Go", "J"}  # the glossary's (Go, skunk, 翻出 J)
    assert words("fr") & english - levels <= {"total", "crib", "go", "skunks", "points", "double"}  # dont 1 double
