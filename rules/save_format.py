"""What names a file as a save of the game, and which version of it this engine reads.

A module of its own, so that the title screen reads a save's summary without loading the engine.
"""

SAVE_FORMAT = "noblemen-save"  # a save of the game, holding a record (see rules.serialize.record_of)
SAVE_VERSION = 2
