"""The one phrase table of the vocabulary (:data:`PHRASES`): every command by its key, its
spoken forms and its typed forms, with the phases it works in, and the words around it (card
positions, counts, the settings a typed line may change). :mod:`spoken_cribbage.vocabulary`
builds the voice grammars, the typed-line parser, the key list and help from it."""

from __future__ import annotations

from dataclasses import dataclass

from spoken_cribbage.vocabulary.command import CHANNEL_SETTINGS

#: Voice phases: what the game waits for. ``question`` is a yes/no question; ``show`` the end of
#: a deal (next deal); ``over`` the end of the game (new game or leave); ``counting`` the
#: player's own count of a hand in the show (manual counting: a number, "nineteen" for none);
#: ``other`` anything else (the computer's turn, a count of cards between turns).
PHASES = ("discard", "play", "other", "question", "show", "over", "counting")
_ANSWERING = ("discard", "play", "other", "show", "over", "counting")  # all but a question

NUMBER_WORDS = ("", "one", "two", "three", "four", "five", "six")
#: How to say the phrase table's words that a recognizer's dictionary may lack (CMU ARPAbet,
#: as pocketsphinx's cmudict writes them): a recognizer adds these before building a grammar.
PRONUNCIATIONS = {"muggins": "M AH G IH N Z"}
ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth")
#: Positions also offered by voice as ordinals ("third card"). "first" and "sixth" are left out
#: of the voice grammars: on the benchmark corpus (10 voices x 4 noise levels) "first card" was
#: exact in 35% of clips and another card in 24%, "sixth card" 61% and 13% (mostly "fifth").
#: They stay in the search as decoys; players say "card one" and "card six". Typed, they work.
OFFERED_ORDINALS = frozenset({2, 3, 4, 5})
#: The counts a hand can be said to have, 0 to 29, as spoken (normalised: no hyphen).
#: "nineteen", the traditional call for a hand with no points, means 0 (no hand counts 19).
COUNT_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    *(f"twenty {w}" for w in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")),
)
NINETEEN = 19


@dataclass(frozen=True)
class Phrase:
    """One command of the vocabulary."""

    verb: str  #: the command it stands for
    key: str | None  #: its single key, if any
    spoken: tuple[str, ...]  #: voice forms (also typed)
    typed: tuple[str, ...] = ()  #: typed-only forms
    phases: tuple[str, ...] = _ANSWERING  #: where voice offers it and where its key works
    listed: bool = True  #: in help: its key in the key list, or (a command with no
    #: key) its line (words.commands says what it does)
    also: tuple[str, ...] = ()  #: named keys that do the same ("f1", "up", "pageup": the
    #: console's names of keys that type no character)


PHRASES: tuple[Phrase, ...] = (
    Phrase("count", "c", ("count", "what's the count"), ("the count", "whats the count")),
    Phrase("crib", "b", ("crib", "whose crib"), ("crib owner", "whose crib is it")),
    Phrase("starter", "f", ("starter", "what's the starter"), ("cut", "the starter", "whats the starter")),
    Phrase("table", "v", ("table", "what's on the table"), ("cards on the table", "whats on the table")),
    Phrase("scores", "s", ("scores", "what's the score"), ("score", "the scores", "whats the score")),
    Phrase("turn", "t", ("whose turn",), ("turn", "whose turn is it")),
    Phrase("hand", "h", ("my hand", "what's in my hand"), ("hand", "whats in my hand")),
    # how many cards each player still holds (p: the players)
    Phrase("held", "p", ("how many cards",), ("held", "cards held", "cards left")),
    Phrase("hint", "i", ("hint", "give me a hint")),
    # the coach on the last move made (voice, 12 clips each: "how did i do" 10 exact, "coach" 4, none wrong)
    Phrase("coach", "e", ("how did i do", "coach"), ("last move",)),
    Phrase("odds", "o", ("odds",), ("chance", "chances", "win chance", "my chances", "what are my chances")),
    Phrase("repeat", "r", ("repeat", "say that again"), ("again",)),
    # the last show again, a hand a press; other keys between lose nothing ("show again" 10, "recount" 8)
    Phrase("recount", "a", ("show again", "recount"), ("the show again",)),
    Phrase("previous", "[", (), ("previous", "back", "prev"), also=("up", "pageup")),
    Phrase("later", "]", (), ("later", "forward"), also=("down", "pagedown")),
    # the current or last deal, an event a press; review: the last deal, every event at once
    Phrase("walk", "w", ("next event",), ("walk", "step", "event")),
    Phrase("review", None, ("review the deal",), ("review", "replay", "review deal")),
    Phrase("undo", "u", (), ("undo", "take back"), phases=("play", "other")),
    Phrase("silence", "x", (), ("silence", "stop", "quiet", "hush")),
    Phrase("help", "?", ("help", "help me"), ("commands", "?"), also=("f1",)),
    Phrase("quit", "q", ("quit", "quit the game"), ("exit", "leave")),
    Phrase("go", None, ("go",), ("pass", "say go"), phases=("play",)),
    Phrase("next", None, ("next", "next deal", "continue"), ("deal", "go on"), phases=("show",)),
    Phrase("new", "n", ("new game",), ("new", "start a new game"), phases=("over",)),
    Phrase("yes", "y", ("yes",), ("y", "yeah", "yes please"), phases=("question",), listed=False),
    Phrase("no", "n", ("no",), ("n", "no thanks"), phases=("question",), listed=False),
    Phrase("cancel", None, ("cancel",), (), phases=("question", "discard")),
    # manual counting: take the points an opponent missed ("muggins" is not in pocketsphinx's
    # dictionary: PRONUNCIATIONS gives it); the time left to count
    Phrase("muggins", "m", ("muggins", "call muggins"), (), phases=("counting", "show")),
    Phrase("time", "k", ("time left",), ("time", "clock", "how much time"), phases=("counting",)),
    Phrase("settings", None, (), ("settings",), listed=False),
    Phrase("listen", "l", (), ("listen",)),
    Phrase("cues", None, (), ("cues", "sound cues", "sounds")),
    # the channels and their modes; the next profile; [ and ] on one channel, or saved
    Phrase("channels", None, (), ("channels", "channel")),  # "channel scores history"
    Phrase("profile", "j", (), ("profile", "profiles")),  # "profile quiet"
    Phrase("history", None, (), ("history",)),  # "history scores", "history save"
    # typed only: it needs the microphone that voice commands use, and is not a game command
    Phrase("check", None, (), ("mic check", "microphone check", "voice check", "check")),
)
BY_VERB = {p.verb: p for p in PHRASES}

#: Settings that can be changed with a typed line: name -> an example.
SETTINGS = {
    "rate": "rate 180",
    "volume": "volume 0.8",
    "verbosity": "verbosity terse",
    "speech": "speech on",
    "voice": "voice english",
    "difficulty": "difficulty expert",
    "target": "target 121",
    "cues": "cues off",
    "cue_volume": "cue volume 0.5",
    "count_tone": "count tone on",
    "counting": "counting manual",
    "muggins": "muggins on",
    "overcount_penalty": "overcount penalty on",
    "time_limit": "time limit 30",
    "players": "players 3",
    "teams": "teams 2",
    "names": "names Ann,Ben,Cleo",
    "pace": "pace 0.8",
    "brief": "brief on",
    "language": "language fr",
    **CHANNEL_SETTINGS,
}

#: Commands whose key works only in the phases of its phrase (y and n answer a question, n
#: starts a new game when the game is over); every other key works in every phase.
PHASED_KEYS = ("yes", "no", "new")
#: Keys and spoken forms by command (the key list and the voice tests read these).
SHORTCUT_KEYS = {p.key: p.verb for p in PHRASES if p.key and p.verb not in PHASED_KEYS}
QUERY_PHRASES: dict[str, tuple[str, ...]] = {
    p.verb: p.spoken for p in PHRASES if p.spoken and p.verb not in ("go", "next", "new", "undo", "muggins", "time")
}
CARD_VERBS = ("play", "discard")
