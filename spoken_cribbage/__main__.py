"""``python -m spoken_cribbage``: the same as the ``spoken-cribbage`` command."""

import sys

from spoken_cribbage.app.cli import main

sys.exit(main())
