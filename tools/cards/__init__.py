"""The card art of the Scopa web app, drawn as SVG sprites (run ``python -m tools.make_cards``).

Every deck is drawn here, by the project's own generator, from public
descriptions of the pattern it stands for (each style module's docstring says
which, and what it took from them); none is a scan or a copy of a printed pack
or of another program's images.

Shared by every deck:

* ``svg``: a tiny SVG writer (``el``, ``path``, ``rect``, ``use``, ``text``, ...)
  and the geometry the art needs (``Curve``, ``polar``, ``lattice_d``, ``wheel``, ...).
* ``palette``: the ``Palette`` of a deck and the first three decks' colours side
  by side (a regional deck varies one of them in its own module, the
  Latin-suited ones through ``regional``).
* ``card``: the card's size, blank face, back frame and border, and the parts of the
  court figures both deck families draw (crown, eyes, beard, sceptre).
* ``ornaments``: small pictures several patterns carry (a motto's ribbon, an
  eagle, a putto, Cupid, birds, a dog, a hand, the Trinacria, a shield).

The French deck: ``french`` (pips, number and court cards, back) and
``french_figures`` (King, Queen, Jack). The Italian French-suited patterns:
``french_regional`` (a style's cards over the French pips) and ``french_busts``
(double-ended halves cut level or slanting); ``piemontesi``, ``lombarde``,
``genovesi`` and ``toscane`` (full-length figures) hold each pattern's own.

The Latin-suited decks (Italian and Spanish suits) share everything but a
pattern's choices: ``italian_style`` (what a style chooses: ``ItalianStyle``,
its layout and hooks, the accents table), ``italian_suits`` (coin, cup,
swords, batons), ``italian_pips`` (the number cards, northern or Spanish),
``italian_aces``, ``italian_figures`` (Fante, Cavallo, Re, the Donna, full
length), ``italian_halves`` (double-ended halves), ``italian_north`` (what the
Trentine family shares) and ``italian`` (a deck's defs and cards). Each
pattern's own drawing is in its module: ``neapolitan``, ``piacentine``,
``siciliane``, ``sarde``, ``romagnole`` (Spanish suits); ``trevigiane``,
``triestine``, ``bresciane``, ``bergamasche``, ``trentine`` (Italian suits).

The regional patterns were drawn in the order of how many people play with
them, judged by the population of the area where each is the usual pack (the
order of ``DECKS`` in web/app/i18n.py and of ``sprite.DECKS``): Trevigiane
(Veneto and Friuli, some six million people), Siciliane (Sicily, five
million), Piemontesi (Piedmont and the Aosta Valley, four and a half),
Lombarde (Milan and western Lombardy), Toscane (Florence and Tuscany, where
the Piacentine and Napoletane are played too), Sarde (Sardinia), Genovesi
(Liguria), Bresciane (Brescia and its province, parts of Mantua and Cremona),
Bergamasche (Bergamo), Romagnole (Romagna), Trentine (Trentino) and Triestine
(Trieste, Gorizia, Istria): the largest audiences first, so that had the work
stopped part way, the most players would already find their own deck.

``sprite`` assembles a deck's file, its picture for the deck chooser and the
preview page, and writes them.
"""
