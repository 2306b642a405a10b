"""The card art of the Scopa web app, drawn as SVG sprites (run ``python -m tools.make_cards``).

Shared by every deck:

* ``svg``: a tiny SVG writer (``el``, ``path``, ``rect``, ``use``, ``text``, ...)
  and the geometry the art needs (``Curve``, ``polar``, ``lattice_d``, ...).
* ``palette``: the ``Palette`` of a deck and the three decks' colours side by side.
* ``card``: the card's size, blank face and back frame, and the parts of the
  court figures both deck families draw (crown, eyes, beard, sceptre).

The French deck: ``french`` (pips, number and court cards, back) and
``french_figures`` (King, Queen, Jack).

The Italian decks share everything but a few choices: ``italian_style`` (what a
style chooses: ``ItalianStyle``, the accents table), ``italian_suits`` (coin,
cup, swords, batons), ``italian_pips`` (the number cards), ``italian_aces``,
``italian_figures`` (Fante, Cavallo, Re) and ``italian`` (a deck's defs and
cards); ``neapolitan`` and ``piacentine`` hold each style's own drawing.

``sprite`` assembles a deck's file and the preview page and writes them.
"""
