"""The page's DOM in CPython: enough of it for the page's own views to draw at build time.

The first paint of a first visit is the table the page's Python would draw
(tools/first_paint.py). Rather than write a second renderer that could drift
from the page's, the build runs the page's own view modules (web/app/views/,
MicroPython in the browser) under CPython against this small document: the
calls they make (createElement(NS), setAttribute, textContent, appendChild,
replaceChildren, dataset, classList, getElementById, querySelectorAll with
simple selectors) on plain Python objects. ``Element.tree()`` gives the result
in the form web/paint.js builds elements from.

``load_html`` reads index.html's markup into it (the page's skeleton the
views draw into). ``shim()`` is the ``pyscript`` module the views import
(``document``, ``window``), installed in ``sys.modules`` while they run.
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"
VOID = frozenset({"meta", "link", "br", "img", "input", "hr", "source", "wbr"})
# An HTML parser lowercases attribute names; on SVG elements a browser's puts these
# back in their case (the HTML standard's table; the ones a drawing may use)
SVG_ATTR_CASE = {
    name.lower(): name
    for name in (
        "viewBox",
        "preserveAspectRatio",
        "gradientUnits",
        "gradientTransform",
        "patternUnits",
        "clipPathUnits",
        "textLength",
        "lengthAdjust",
    )
}

Tree = list[Any]  # [tag, {attrs}, *children]; a child is a Tree or a str (text)


def camel_to_data(name: str) -> str:
    return "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)


class Dataset:
    """element.dataset: data-* attributes by their camelCase names."""

    _element: Element

    def __init__(self, element: Element) -> None:
        object.__setattr__(self, "_element", element)

    def __getattr__(self, name: str) -> str | None:
        return self._element.getAttribute(camel_to_data(name))

    def __setattr__(self, name: str, value: object) -> None:
        self._element.setAttribute(camel_to_data(name), str(value))


class ClassList:
    def __init__(self, element: Element) -> None:
        self._element = element

    def _names(self) -> list[str]:
        return (self._element.getAttribute("class") or "").split()

    def _set(self, names: list[str]) -> None:
        self._element.setAttribute("class", " ".join(names))

    def contains(self, name: str) -> bool:
        return name in self._names()

    def add(self, *names: str) -> None:
        have = self._names()
        self._set(have + [n for n in names if n not in have])

    def remove(self, *names: str) -> None:
        if self._element.getAttribute("class") is None:
            return
        self._set([n for n in self._names() if n not in names])

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = (not self.contains(name)) if force is None else bool(force)
        if on:
            self.add(name)
        else:
            self.remove(name)
        return on


class Text:
    def __init__(self, data: str) -> None:
        self.data = data
        self.parentNode: Element | None = None

    @property
    def textContent(self) -> str:
        return self.data


class NodeList:
    """What querySelectorAll answers: .length and .item(k)."""

    def __init__(self, items: list[Element]) -> None:
        self._items = items
        self.length = len(items)

    def item(self, k: int) -> Element:
        return self._items[k]


class Element:
    def __init__(self, document: Document, tag: str, namespace: str | None = None) -> None:
        self.ownerDocument = document
        self.tagName = tag
        self.namespace = namespace
        self.attrs: dict[str, str] = {}
        self.childNodes: list[Element | Text] = []
        self.parentNode: Element | None = None
        self.dataset = Dataset(self)
        self.classList = ClassList(self)

    # -- attributes ------------------------------------------------------------
    def setAttribute(self, name: str, value: object) -> None:
        self.attrs[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    @id.setter
    def id(self, value: str) -> None:
        self.setAttribute("id", value)

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attrs

    @hidden.setter
    def hidden(self, value: bool) -> None:
        if value:
            self.attrs["hidden"] = ""
        else:
            self.attrs.pop("hidden", None)

    @property
    def lang(self) -> str:
        return self.attrs.get("lang", "")

    @lang.setter
    def lang(self, value: str) -> None:
        self.setAttribute("lang", value)

    # -- children --------------------------------------------------------------
    def _adopt(self, child: Element | Text) -> None:
        if child.parentNode is not None:
            child.parentNode.childNodes.remove(child)
        child.parentNode = self

    def appendChild(self, child: Element | Text) -> Element | Text:
        self._adopt(child)
        self.childNodes.append(child)
        return child

    def insertBefore(self, child: Element | Text, before: Element | Text | None) -> Element | Text:
        if before is None:
            return self.appendChild(child)
        self._adopt(child)
        self.childNodes.insert(self.childNodes.index(before), child)
        return child

    def replaceChildren(self, *children: Element | Text) -> None:
        for old in self.childNodes:
            old.parentNode = None
        self.childNodes = []
        for child in children:
            self.appendChild(child)

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.childNodes.remove(self)
            self.parentNode = None

    @property
    def children(self) -> list[Element]:
        return [c for c in self.childNodes if isinstance(c, Element)]

    @property
    def firstElementChild(self) -> Element | None:
        kids = self.children
        return kids[0] if kids else None

    @property
    def firstChild(self) -> Element | Text | None:
        return self.childNodes[0] if self.childNodes else None

    @property
    def textContent(self) -> str:
        return "".join(c.textContent for c in self.childNodes)

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.replaceChildren(Text(str(value)))

    # -- finding ---------------------------------------------------------------
    def descendants(self) -> Iterator[Element]:
        for child in self.children:
            yield child
            yield from child.descendants()

    def querySelectorAll(self, selector: str) -> NodeList:
        return NodeList([e for e in self.descendants() if matches(e, selector, self)])

    def querySelector(self, selector: str) -> Element | None:
        found = self.querySelectorAll(selector)
        return found.item(0) if found.length else None

    # -- the result --------------------------------------------------------------
    def tree(self) -> Tree:
        """[tag, attrs, *children]: the form web/paint.js builds elements from. An SVG
        element's tag is prefixed "svg:" (made with createElementNS)."""
        tag = ("svg:" if self.namespace == SVG_NS else "") + self.tagName
        out: Tree = [tag, dict(self.attrs)]
        for child in self.childNodes:
            out.append(child.data if isinstance(child, Text) else child.tree())
        return out


# --- selectors: descendant combinators of tag, #id, .class, [attr] and [attr="v"] ---

SIMPLE = re.compile(r"([a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=\"?([^\]\"]*)\"?)?\]")


def simple_matches(element: Element, part: str) -> bool:
    pos = 0
    while pos < len(part):
        found = SIMPLE.match(part, pos)
        if found is None:
            raise ValueError(f"selector not understood here: {part!r}")
        tag, ident, cls, attr, value = found.groups()
        if tag and element.tagName != tag.lower():
            return False
        if ident and element.id != ident:
            return False
        if cls and not element.classList.contains(cls):
            return False
        if attr and (
            attr not in element.attrs or (value is not None and element.attrs[attr] != value)
        ):
            return False
        pos = found.end()
    return True


def matches(element: Element, selector: str, scope: Element) -> bool:
    parts = selector.split()
    if not simple_matches(element, parts[-1]):
        return False
    node = element.parentNode
    for part in reversed(parts[:-1]):
        while node is not None and node is not scope and not simple_matches(node, part):
            node = node.parentNode
        if node is None or node is scope:
            return False
        node = node.parentNode
    return True


class Document:
    def __init__(self) -> None:
        self.documentElement = Element(self, "html")
        self.body = Element(self, "body")
        self.documentElement.appendChild(self.body)

    def createElement(self, tag: str) -> Element:
        return Element(self, tag.lower())

    def createElementNS(self, namespace: str, tag: str) -> Element:
        return Element(self, tag, namespace)

    def createTextNode(self, data: str) -> Text:
        return Text(str(data))

    def getElementById(self, name: str) -> Element | None:
        if self.documentElement.id == name:
            return self.documentElement
        return next((e for e in self.documentElement.descendants() if e.id == name), None)

    def querySelectorAll(self, selector: str) -> NodeList:
        return self.documentElement.querySelectorAll(selector)

    def querySelector(self, selector: str) -> Element | None:
        return self.documentElement.querySelector(selector)


class _Builder(HTMLParser):
    """index.html's <body> into a Document (the elements, attributes and text)."""

    def __init__(self, document: Document) -> None:
        super().__init__(convert_charrefs=True)
        self.document = document
        self.stack: list[Element] = []
        self.svg_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            element = self.document.body
        else:
            if not self.stack:
                return  # the head: not drawn into
            in_svg = tag == "svg" or self.svg_depth > 0
            element = (
                self.document.createElementNS(SVG_NS, tag)
                if in_svg
                else self.document.createElement(tag)
            )
            if in_svg:
                self.svg_depth += 1
            self.stack[-1].appendChild(element)
        for name, value in attrs:
            if element.namespace == SVG_NS:
                name = SVG_ATTR_CASE.get(name, name)
            element.setAttribute(name, value or "")
        if tag not in VOID:
            self.stack.append(element)
        elif element.namespace == SVG_NS:
            self.svg_depth -= 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or tag in VOID:
            return
        element = self.stack.pop()
        if element.namespace == SVG_NS:
            self.svg_depth -= 1

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1].tagName not in ("script", "style"):
            self.stack[-1].appendChild(Text(data))


def load_html(text: str) -> Document:
    document = Document()
    builder = _Builder(document)
    builder.feed(text)
    builder.close()
    return document


class _Window:
    """The few things of `window` the drawing code touches."""

    def __init__(self) -> None:
        self.console = types.SimpleNamespace(warn=lambda *a: None, log=lambda *a: None)


class DocumentProxy:
    """The ``document`` the page's modules import once: it stands for whichever
    Document is drawn into now, so one import serves several drawings."""

    def __init__(self, document: Document) -> None:
        object.__setattr__(self, "current", document)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.current, name)


@contextmanager
def shim(document: Document) -> Iterator[DocumentProxy]:
    """``pyscript`` (document, window) for the page's modules, while the block runs;
    yields the document proxy (set its ``current`` to draw into another Document)."""
    module = types.ModuleType("pyscript")
    proxy = DocumentProxy(document)
    module.document = proxy  # type: ignore[attr-defined]
    module.window = _Window()  # type: ignore[attr-defined]
    saved = sys.modules.get("pyscript")
    sys.modules["pyscript"] = module
    try:
        yield proxy
    finally:
        if saved is None:
            sys.modules.pop("pyscript", None)
        else:
            sys.modules["pyscript"] = saved
