"""Generate the SVG card sprites used by the Scopa web app.

Run as ``python -m tools.make_cards`` (optionally ``--out DIR``).  Writes one
sprite per deck into ``web/cards/``: ``french.svg`` (the international French
deck) and one for each Italian regional pattern (``neapolitan.svg``,
``piacentine.svg``, ``trevigiane.svg``, ``siciliane.svg``, ... as
``tools/cards/sprite.py`` DECKS lists them); for each deck printed longer than
2:3, the same cards drawn 2:3 as ``short/<deck>.svg`` (a window under 1,000 px
tall draws those: cards twice as long as wide leave its table and hand no room);
the deck chooser's picture of three of each deck's cards as
``previews/<deck>.svg``; and ``preview.html``, a static page showing every card
of every deck.

Each sprite holds one ``<symbol id="XY" viewBox="0 0 200 H">`` per card (H the
pattern's length, 300 for 2:3: tools/cards/shape.py),
where ``XY`` is the card code (rank ``A,2..7,J,Q,K`` then suit ``D,H,S,C``),
and a ``<symbol id="back">``.  In the Latin-suited decks D=denari (coins),
H=coppe (cups), S=spade (swords), C=bastoni (batons), J=Fante, Q=Cavallo, K=Re.

Everything is drawn from scratch by the ``tools.cards`` package (one module per
deck style over shared drawing helpers; see its docstring) with flat colours only
(no gradients, patterns, masks, filters or clip paths, so the symbols render
reliably through an external ``<use href="cards/french.svg#7D">``).  Shared shapes
live in ``<defs>`` and are referenced with ``<use>``; every reference stays inside
the same file.  Output is deterministic: tests/test_cards_svg.py regenerates the
files and compares them with the committed ones byte for byte.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from tools.cards.sprite import write_all


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    root = Path(__file__).resolve().parent.parent
    parser.add_argument(
        "--out",
        type=Path,
        default=root / "web" / "cards",
        help="output directory (default: web/cards)",
    )
    args = parser.parse_args(argv)
    for path in write_all(args.out):
        print(f"{path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
