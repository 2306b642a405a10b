# Which STUN/TURN servers a pairing uses (issues 16 and 32; MicroPython in the
# page, CPython in the tests). None by default: on one network the devices find
# each other by their own addresses and no outside service is ever contacted.
# Two things add servers, each only when the player chose it:
#   - the new-match form's STUN/TURN field (`ice_servers(text)`), and
#   - "a friend far away" in the pairing dialog (prefs[FAR_AWAY] is True): the
#     public STUN servers PUBLIC_STUN, which tell each device its address on the
#     internet. They see the devices' network addresses, never a card or a move.
# A test may put a STUN address of this machine in place of PUBLIC_STUN (the
# page's global `scopaTestStun`, set by an init script): only a loopback
# address is taken, so no page, link or script can point the choice at another
# host; anything else there means no server at all.

ICE_SCHEMES = ("stun:", "turn:", "turns:")
PUBLIC_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
FAR_AWAY = "far_away"  # the key in storage's prefs (scopa.v1.prefs): true once chosen
TEST_STUN = "scopaTestStun"  # the page's global a test may set (see above)


def ice_servers(text):
    """The STUN/TURN setting, one server a line: `stun:host:port`, or
    `turn:host:port username password`; anything else is left out."""
    servers = []
    for line in str(text or "").splitlines():
        parts = line.split()
        if not parts or not parts[0].startswith(ICE_SCHEMES):
            continue
        server = {"urls": parts[0]}
        if len(parts) >= 3:
            server["username"], server["credential"] = parts[1], parts[2]
        servers.append(server)
    return servers


def far_away(prefs):
    """The player chose "a friend far away" (off unless exactly true)."""
    return isinstance(prefs, dict) and prefs.get(FAR_AWAY) is True


def number(text, low, high):
    """A decimal number from low to high written plainly (no sign, no spaces), or None."""
    if not text or len(text) > 5 or not all("0" <= c <= "9" for c in text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def loopback_host(host):
    """127.0.0.0/8 written as four numbers, or IPv6's [::1]."""
    if host == "[::1]":
        return True
    parts = host.split(".")
    return (
        len(parts) == 4
        and parts[0] == "127"
        and all(number(p, 0, 255) is not None and len(p) <= 3 for p in parts)
    )


def loopback_stun(text):
    """`stun:<loopback address>:<port>` written plainly, or None for anything else
    (another host, a name, a TURN server, credentials, a query)."""
    if not isinstance(text, str) or len(text) > 64 or not text.startswith("stun:"):
        return None
    rest = text[len("stun:") :]
    at = rest.rfind(":")
    if at <= 0 or number(rest[at + 1 :], 1, 65535) is None:
        return None
    return text if loopback_host(rest[:at]) else None


def far_servers(test_stun=None):
    """The servers "a friend far away" adds: PUBLIC_STUN, or the test's loopback
    STUN address in their place (nothing when a test gave anything else)."""
    if test_stun is None:
        return [{"urls": url} for url in PUBLIC_STUN]
    url = loopback_stun(test_stun)
    return [{"urls": url}] if url else []


def pairing_servers(prefs, test_stun=None):
    """Every server a pairing uses now: the form's field, then the far-away choice's."""
    prefs = prefs if isinstance(prefs, dict) else {}
    servers = ice_servers(prefs.get("ice_servers") or "")
    if far_away(prefs):
        servers += far_servers(test_stun)
    return servers
