# Opening and closing the page's <dialog> elements, and the pieces every
# dialog has: its heading (whose id labels the dialog) and buttons.

from dom import by_id, h, placed
from pyscript import document


def open_dialog(name):
    dlg = by_id(name)
    if not dlg.open:
        dlg.showModal()
    return dlg


def raise_dialog(name):
    """Put a dialog that is open back on top of the others: the top layer keeps
    dialogs in the order they were shown, so it is shown again."""
    dlg = by_id(name)
    if dlg is not None and dlg.open:
        dlg.close()
        dlg.showModal()


def close_dialog(name):
    dlg = by_id(name)
    if dlg.open:
        dlg.close()


def made_dialog(name, cls):
    """A <dialog> of a screen's own, made the first time it is shown and labelled
    by its heading (`name`-title)."""
    attrs = {"class": "dialog " + cls, "aria-labelledby": name + "-title"}
    return placed(name, "dialog", attrs, document.body)


def is_dialog_open(name):
    node = by_id(name)
    return node is not None and bool(node.open)


def any_dialog_open():
    return document.querySelector("dialog[open]") is not None


def button(action, label, cls="btn", attrs=None):
    props = {"type": "button", "class": cls, "data-action": action}
    if attrs:
        props.update(attrs)
    return h("button", props, label)


def close_button(label):
    return h(
        "button",
        {"type": "button", "class": "close", "data-action": "close", "aria-label": label},
        "\u00d7",
    )


def dialog_head(name, title, close_label=None):
    """A dialog's heading (``<name>-title`` labels the dialog) and its close button."""
    return h(
        "div",
        {"class": "dialog-head"},
        h("h2", {"id": name + "-title"}, title),
        close_button(close_label) if close_label else None,
    )


def actions_row(*buttons):
    return h("div", {"class": "dialog-actions"}, buttons)
