"""The table: one match as the page plays it, on this device.

What the engine worker holds for the page (docs/web-api.md), browser-free and
tested in CPython. Each module imports only the ones above it:

- ``problems``: :class:`SessionError` and the session's sentences with their codes
- ``settings``: the page's SETTINGS, checked and completed (presets, variants,
  seats, levels, the move deadline)
- ``story``: :class:`HandStory`, the hand so far move by move (the table in the
  order its cards arrived, each seat's last move, the scope, the leftovers)
- ``state``: :class:`TableState`, the match, its seats, who is to move, the
  computer players
- ``view``: the table view the page draws, for the seat shown only
- ``saving``: the match as a spec record with the table in ``meta``, and back
- ``session``: :class:`Session`, a table state with the page's actions (a
  person's move, a computer's step, the next hand, hot-seat, resigning, the clock)
- ``answers``: the replies that are not a table view (a refusal, why a move is
  not legal, a record file checked)
- ``coaching``: the hint, the sweep warning and the review, over scopa_core.coach
- ``guided``: the guided first hand, a match of its own played from a script
- ``watch``: watch mode, computers only, each move with its options ranked

The package imports nothing here: the worker imports what it needs when it
needs it (the coach, the guided hand and watch mode at their first call).
"""
