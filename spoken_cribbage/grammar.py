"""Phase grammars for voice commands: now part of :mod:`spoken_cribbage.vocabulary`, the one
table that feeds typed commands, voice grammars, help and the key list."""

from .vocabulary import (NUMBER_WORDS, OFFERED_ORDINALS, ORDINALS, PHASES, QUERY_PHRASES,  # noqa: F401
                         SIMPLE_COMMANDS, VoiceContext, command_for, decoys_for, describe,
                         fragments, normalize, phrases_for, vocabulary)
