"""The program: the window and main loop (app), the command line, --autoplay, --self-test and the bench.

The top room: it may use every room below (scenes, table, ui, persist, session); nothing imports it.
"""
