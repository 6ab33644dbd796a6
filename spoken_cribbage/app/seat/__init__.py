"""The seat as a pipeline (issue 24): small typed stages a key press passes through.

keymap -> intent -> action -> turns -> events -> narration -> output. Each stage is a module
here, testable alone, and none imports ``app.session``, ``app.console``, ``app.play`` or
``app.cli`` (import-linter holds it): the session composes them. ``docs/dev/seat.md`` says
what each stage owns.
"""
