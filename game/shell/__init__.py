"""The program: the window and main loop (app), the command line, --autoplay, --self-test, the bench, and
quitting pygame (shutdown: the mixer first, never hanging for good).

The top room: it may use every room below (scenes, table, ui, persist, session); nothing imports it.
"""
