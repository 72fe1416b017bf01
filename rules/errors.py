"""Typed errors of the engine."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that is not legal now. The state is left unchanged.

    Quotes the action and the pending decision, like python-chess quotes the move and the position.
    """

    def __init__(self, action: object, decision: str, seat: int, reason: str = "") -> None:
        self.action = action
        self.decision = decision
        self.seat = seat
        self.reason = reason
        try:
            text = str(action)
        except Exception:  # an action object with fields of the wrong type has no text form
            text = repr(action)
        message = f"illegal action {text!r} while waiting for seat {seat} to {decision}"
        if reason:
            message += f": {reason}"
        super().__init__(message)


class SaveFormatError(ValueError):
    """A saved game that is malformed, of another version, or inconsistent with the rules."""
