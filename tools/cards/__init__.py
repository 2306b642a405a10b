"""The card art of the Scopa web app, drawn as SVG sprites (run ``python -m tools.make_cards``).

Modules: ``svg`` (a tiny SVG writer and geometry), ``palette`` (colours, fonts),
``card`` (what every deck draws alike), one module per deck style, and ``sprite``
(a deck's file, the preview page).
"""
