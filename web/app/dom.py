# Building the page's elements (MicroPython, main thread): safe by construction.
#
# Every view makes its markup with h() (HTML) and s() (SVG): text is always a
# text node and attribute values always go through setAttribute, so a player's
# name, a file's content or a message from another device can never become
# markup. Nothing in web/ assigns innerHTML (tests/test_page_code.py checks);
# the two static documents the page shows whole (the card sprite and the
# help) are parsed with DOMParser by parse_fragment(), which never runs
# scripts.
#
#   h("button", {"class": "btn", "data-action": "take"}, "Take")
#   h("p", None, "Hand ", h("strong", None, "3"))
#
# Attribute values: None or False leave the attribute out, True sets it empty,
# anything else is its str(). Children: strings (text), elements, None
# (skipped) and lists or tuples of them (flattened).

from pyscript import document, window

SVG_NS = "http://www.w3.org/2000/svg"


def by_id(name):
    return document.getElementById(name)


def h(tag, attrs=None, *children):
    """An HTML element with its attributes and children."""
    node = document.createElement(tag)
    set_attrs(node, attrs)
    append(node, children)
    return node


def s(tag, attrs=None, *children):
    """An SVG element (the card pictures' <svg> and <use>)."""
    node = document.createElementNS(SVG_NS, tag)
    set_attrs(node, attrs)
    append(node, children)
    return node


def set_attrs(node, attrs):
    if not attrs:
        return
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(name, "" if value is True else str(value))


def append(node, children):
    """Append children (text, elements, None, nested lists) in order."""
    if len(children) == 1 and isinstance(children[0], str):
        node.textContent = children[0]  # the common case: one call, not two
        return
    for child in children:
        if child is None:
            continue
        if isinstance(child, (list, tuple)):
            append(node, child)
        elif isinstance(child, str):
            node.appendChild(document.createTextNode(child))
        else:
            node.appendChild(child)


def placed(name, tag, attrs, parent, before=None):
    """The element whose id is `name`, made the first time it is asked for and put
    into `parent` before `before` (else at its end): the parts of the page that
    are made on first use."""
    node = by_id(name)
    if node is None:
        node = h(tag, attrs)
        node.id = name
        parent.insertBefore(node, before)
    return node


def fill(parent, *children):
    """Replace everything inside `parent` with `children`; returns parent."""
    parent.replaceChildren()
    append(parent, children)
    return parent


def parse_fragment(text, mime="text/html"):
    """The nodes of a static document of this site (help page, card sprite),
    parsed without running anything; returns the parsed document's root or body."""
    parsed = window.DOMParser.new().parseFromString(text, mime)
    if mime == "text/html":
        return parsed.body
    return parsed.documentElement


def adopt_children(parent, source):
    """Move every child of `source` (a parsed document's node) into `parent`."""
    parent.replaceChildren()
    while source.firstChild is not None:
        parent.appendChild(document.adoptNode(source.firstChild))
    return parent
