"""The parts of the game table: panels, the estate camera, choosers, reasons for greyed actions."""
