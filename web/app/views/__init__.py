# One module per screen of the page (MicroPython, main thread); docs/page.md
# says which module draws what. Views only draw what they are given and read
# their own forms: the flow (game_manager.py) decides when, the engine what.
