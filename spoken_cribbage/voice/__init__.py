"""Voice commands: recognizers, the microphone, models and the listen command."""
