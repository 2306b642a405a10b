"""The Latin-suited court figures, full length: Fante (8), Cavallo (9) and Re (10).

Each is drawn once in the sprite's defs with its main garment in ``currentColor``,
so a card picks the colour of its suit; the hand that holds the suit's symbol is
drawn by the card. Where a pattern's Fante is a young woman (the Sicilian
"Donna"), ``donna`` stands in the page's place; a pattern may set its figures
on a coloured ground (``ItalianStyle.ground``) and add its own details
(``ItalianStyle.court_extras``).
"""

from __future__ import annotations

from tools.cards.card import beard, crown, ermine_spots, eyes, gilded_rod
from tools.cards.italian_style import Dress, ItalianStyle
from tools.cards.svg import Attr, circle, ellipse, fmt, group, line, outline, path, rect, tf, use

SW = 2.2  # the figures' outline


def figure_defs(st: ItalianStyle) -> list[str]:
    p = st.pid
    return [
        group(fante(st), id=f"{p}fante"),
        group([*horse(st), *rider(st)], id=f"{p}cav"),
        group(king(st, st.pal.red), id=f"{p}re-red"),
        group(king(st, st.pal.blue), id=f"{p}re-blue"),
        group(donna(st), id=f"{p}donna"),
    ]


def face(cx: float, cy: float, r: float, st: Dress) -> str:
    """A round face with eyes and a smile."""
    pal = st.pal
    mouth = f"M{fmt(cx - 3.5)},{fmt(cy + r * 0.5)}q3.5,2 7,0"
    return (
        circle(cx, cy, r, fill=pal.skin, **outline(pal.ink, SW))
        + eyes(cx, cy - 1, r * 0.36, pal, 1.6)
        + line(mouth, pal.ink, 1.4)
    )


def fante(st: Dress) -> list[str]:
    """A page in a belted tunic and a feathered cap, right arm raised."""
    pal = st.pal
    ink = pal.ink
    S = outline(ink, SW)
    return [
        # legs and shoes
        path("M86,204L98,204L97,264L88,264Z", fill=st.accents.hose, **S),
        path("M102,204L114,204L112,264L103,264Z", fill=st.accents.hose, **S),
        ellipse(88, 268, 11, 5, fill=ink),
        ellipse(112, 268, 11, 5, fill=ink),
        # hanging left arm (sleeve + hand)
        path("M76,122L64,188L75,190L86,130Z", fill="currentColor", **S),
        circle(69, 194, 6.5, fill=pal.skin, **S),
        # tunic
        path("M76,118Q100,110 124,118L140,208Q100,218 60,208Z", fill="currentColor", **S),
        line("M100,116L100,212", pal.gold, 4),
        path("M67,164Q100,172 133,164L134,174Q100,182 66,174Z", fill=pal.gold_dark, **S),
        line("M62,202Q100,212 138,202", pal.gold, 4),
        # raised right arm
        path("M118,120L146,104L152,114L126,134Z", fill="currentColor", **S),
        circle(150, 106, 6.5, fill=pal.skin, **S),
        # collar, neck, head, hair, cap and feather
        rect(94, 100, 12, 14, fill=pal.skin, **S),
        path("M84,116Q100,126 116,116L112,110Q100,116 88,110Z", fill=pal.white, **S),
        path("M82,90C80,108 86,110 90,110L110,110C114,110 120,108 118,90Z", fill=pal.hair, **S),
        face(100, 92, 16, st),
        path(
            "M84,88C84,76 92,74 100,74C108,74 116,76 116,88"
            "C110,82 104,80 100,82C96,80 90,82 84,88Z",
            fill=pal.hair,
        ),
        path("M76,78C74,64 92,56 106,58C120,60 128,68 124,78Z", fill=st.accents.fante_cap, **S),
        path("M118,66C124,50 136,42 148,40C142,52 134,62 122,70Z", fill=pal.white, **S),
    ]


def donna(st: Dress) -> list[str]:
    """A young woman in a long gown, a veil over her hair, right arm raised."""
    pal = st.pal
    ink = pal.ink
    S = outline(ink, SW)
    return [
        # long hair falling behind the shoulders
        path("M82,88C78,110 80,124 76,134L124,134C120,124 122,110 118,88Z", fill=pal.hair, **S),
        # the skirt, its underskirt showing in front, a hem of gold
        path("M74,160Q100,152 126,160L150,266Q100,278 50,266Z", fill="currentColor", **S),
        path("M92,160L108,160L122,270Q100,276 78,270Z", fill=st.accents.hose, **S),
        line("M52,262Q100,274 148,262", pal.gold, 4),
        # the bodice, its lacing, a sash at the waist
        path("M78,118Q100,110 122,118L126,166Q100,174 74,166Z", fill="currentColor", **S),
        line("M94,124L106,134M106,124L94,134M94,138L106,148M106,138L94,148", pal.gold, 1.6),
        path("M72,160Q100,168 128,160L128,170Q100,178 72,170Z", fill=pal.gold_dark, **S),
        # the left arm holding the skirt, the right one raised
        path("M80,122L66,176L76,178L88,130Z", fill="currentColor", **S),
        circle(70, 182, 6.5, fill=pal.skin, **S),
        path("M118,120L146,104L152,114L126,134Z", fill="currentColor", **S),
        circle(150, 106, 6.5, fill=pal.skin, **S),
        # neckline, neck, face, veil and a coral necklace
        path("M86,116Q100,130 114,116Z", fill=pal.skin, **S),
        line("M88,118Q100,128 112,118", pal.red, 2.4),
        rect(94, 100, 12, 14, fill=pal.skin, **S),
        face(100, 92, 15, st),
        path(
            "M85,90C84,76 92,72 100,72C108,72 116,76 115,90"
            "C110,82 104,80 100,82C96,80 90,82 85,90Z",
            fill=pal.hair,
        ),
        path(
            "M82,84C80,66 92,60 100,60C108,60 120,66 118,84"
            "C114,74 108,70 100,70C92,70 86,74 82,84Z",
            fill=pal.white,
            **S,
        ),
        path("M90,64L100,54L110,64Z", fill=pal.gold, **S),
    ]


def horse(st: Dress) -> list[str]:
    """The Cavallo's horse, facing left, bridled and with a saddle cloth."""
    pal = st.pal
    ink = pal.ink
    coat = pal.horse
    S = outline(ink, SW)
    far: dict[str, Attr] = {"fill": coat, "opacity": 0.8, **S}  # the far legs, darker
    return [
        # tail
        path("M160,172C178,178 182,206 174,236C170,214 164,196 156,186Z", fill=pal.hair, **S),
        path("M78,206L88,206L86,262L77,262Z", **far),
        path("M140,204L150,204L154,262L145,262Z", **far),
        # silhouette: head, neck, body
        path(
            "M62,96L60,78L51,93Q38,108 24,138Q18,152 30,155Q40,156 46,148"
            "Q54,142 58,152Q62,166 58,182Q56,204 70,214Q108,224 148,218"
            "Q162,212 166,196Q170,172 152,164Q126,156 100,160Q84,120 62,96Z",
            fill=coat,
            **S,
        ),
        # near legs with hooves
        path("M60,200L74,206L66,236L58,262L49,262L55,234Z", fill=coat, **S),
        path("M126,208L138,208L136,262L127,262Z", fill=coat, **S),
        path(
            "M49,262L58,262L58,268L48,268Z M77,262L86,262L86,268L76,268Z"
            "M127,262L136,262L136,268L126,268Z M145,262L154,262L155,268L145,268Z",
            fill=ink,
        ),
        # mane, eye, nostril
        path("M60,90Q86,114 102,158L92,160Q78,124 54,100Z", fill=pal.hair, **S),
        circle(45, 112, 2.8, fill=ink),
        line("M27,144q3,-3 6,0", ink, 1.6),
        # bridle and reins
        path(
            "M45,146L61,103M29,136Q36,146 45,146",
            stroke=pal.red,
            stroke_width=2.4,
            fill="none",
            stroke_linecap="round",
        ),
        line("M45,146Q68,150 86,138", pal.red, 1.8),
        # saddle cloth
        path("M84,164L138,164L142,214Q112,220 82,214Z", fill=st.accents.saddle, **S),
        line("M86,206Q112,212 140,206", pal.gold, 3.5),
        line("M86,172L136,172", pal.gold, 2.5),
    ]


def rider(st: Dress) -> list[str]:
    """The Cavallo's rider: torso, leg, arms (right one raised), head and hat."""
    pal = st.pal
    ink = pal.ink
    S = outline(ink, SW)
    return [
        path("M96,112L124,112L126,164L94,164Z", fill="currentColor", **S),
        path("M97,160L118,160L104,190L108,210L96,212L90,188Z", fill=st.accents.hose, **S),
        path("M94,208L110,206L112,214L92,216Z", fill=ink),
        path("M98,118L84,136L90,142L106,126Z", fill="currentColor", **S),
        circle(88, 138, 5.5, fill=pal.skin, **S),
        path("M120,116L146,92L152,100L126,128Z", fill="currentColor", **S),
        circle(150, 96, 6, fill=pal.skin, **S),
        line("M94,138L126,138", pal.gold, 4),
        rect(104, 98, 12, 16, fill=pal.skin, **S),
        face(110, 90, 14, st),
        path("M94,84C92,70 102,64 112,66C124,68 128,76 126,84Z", fill=st.accents.rider_hat, **S),
        path("M120,72C124,58 132,52 142,50C138,60 130,68 122,76Z", fill=pal.red, **S),
    ]


def king(st: Dress, mantle: str) -> list[str]:
    """A bearded king in a robe and ermine cape over a ``mantle``, holding a sceptre."""
    pal = st.pal
    ink = pal.ink
    S = outline(ink, SW)
    return [
        # mantle behind, robe with its ermine front and gold belt
        path("M70,122L44,264Q100,274 156,264L130,122Z", fill=mantle, **S),
        path("M78,120Q100,112 122,120L142,266Q100,274 58,266Z", fill="currentColor", **S),
        path("M94,122L106,122L110,270L90,270Z", fill=pal.white, **S),
        ermine_spots(
            "M100,132l0,5M98,150l0,5M102,168l0,5M98,186l0,5M102,204l0,5"
            "M98,222l0,5M102,240l0,5M98,256l0,5",
            pal,
        ),
        path("M76,172Q100,180 124,172L125,181Q100,189 75,181Z", fill=pal.gold, **S),
        # ermine cape
        path("M70,124Q100,110 130,124L136,146Q100,156 64,146Z", fill=pal.white, **S),
        ermine_spots("M76,136l0,5M90,140l0,5M110,140l0,5M124,136l0,5", pal),
        # arms, the sceptre in the right hand
        path("M72,132L56,172L66,176L82,144Z", fill="currentColor", **S),
        circle(60, 176, 7, fill=pal.skin, **S),
        path("M128,132L142,172L134,176L118,144Z", fill="currentColor", **S),
        gilded_rod("M140,244L146,74", 5.5, 2.6, pal),
        path("M146,56L153,68L146,80L139,68Z", fill=pal.gold, **S),
        circle(138, 176, 7, fill=pal.skin, **S),
        # head, beard, crown
        rect(94, 100, 12, 16, fill=pal.skin, **S),
        face(100, 92, 16, st),
        beard(
            "M84,92C82,116 94,124 100,126C106,124 118,116 116,92"
            "C112,102 106,104 100,104C94,104 88,102 84,92Z",
            101,
            pal,
        ),
        crown(100, 80, 36, 22, pal),
    ]


def held_symbol(suit: str, x: float, y: float, st: ItalianStyle, s: float = 0.42) -> str:
    """The suit symbol held in a raised hand at (x, y)."""
    p = st.pid
    if suit == "D":
        return use(f"{p}coin", tf(x, y - 22, s))
    if suit == "H":
        return use(f"{p}cup", tf(x, y - 26, s))
    if suit == "S":
        return use(f"{p}sws", tf(x, y - 4, 0.86, 8))
    return use(f"{p}clubs", tf(x + 4, y - 36, 0.86, 8))


def figure_marks(rank: str, suit: str, st: ItalianStyle) -> list[str]:
    """The court figure of ``rank`` dressed for ``suit``, with the suit's symbol in hand."""
    p = st.pid
    colour = st.pal.colour(st.garment[suit])
    mantle = "blue" if st.garment[suit] == "red" else "red"
    fig = {"J": st.fante_figure, "Q": "cav", "K": f"re-{mantle}"}[rank]
    x, y = {"J": (150.0, 106.0), "Q": (150.0, 96.0), "K": (60.0, 176.0)}[rank]
    figure = use(f"{p}{fig}", color=colour)
    symbol = held_symbol(suit, x, y, st)
    # The king's hand is in front of his robe; the others hold the symbol behind the arm.
    marks = [figure, symbol] if rank == "K" else [symbol, figure]
    return [*st.ground(rank), *marks, *st.court_extras(rank, suit)]
