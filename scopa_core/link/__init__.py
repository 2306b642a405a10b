"""Play with friends on other devices: the protocol, the host and its guests.

One device hosts the match (its :class:`~scopa_core.table.session.Session`
decides every move); each friend's device is a guest that holds only what its
seat may know and checks every hand it is shown. The devices talk over a data
channel the page keeps, in messages the page passes on as they are.
docs/remote-play.md has the design. Each module imports only the ones above it:

- ``problems``: :class:`LinkError` and the link's sentences with their codes
- ``fairdeal``: the fair deal: commitments, shares, each hand's deck, the check
  of a hand once it is revealed
- ``protocol``: the messages, checked at the edge (:func:`parse`), and the only
  two that carry cards (a seat's position, a finished hand)
- ``guest_table``: what a guest's page draws, from its seat's view (a
  stand-in deck for what it cannot know)
- ``guest_state``: what a guest knows, what its page draws, exports and saves
- ``host_state``: the hosted match, its remote seats and the fair deal of each hand
- ``rematch``: asking for and answering a rematch, the roles kept or swapped
- ``readmission``: the host's word that gives an away seat to a new device
- ``host_outbox``: what each guest is sent, from its seat's view only
- ``host``: :class:`Host`, the referee of the guests' messages
- ``guest``: :class:`Guest`, the host's messages taken or refused, the page's
  requests as messages
- ``saves``: what each device keeps after every reply, and its restore
- ``device``: :class:`Device`, this device's role (host or guest) and the page's
  replies: the worker's ``host_*``, ``guest_*`` and ``link_*`` functions

Nothing is imported here: the worker imports the link at its first link call.
"""
