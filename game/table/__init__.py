"""The table's parts; :mod:`game.scenes.table` conducts them.

- ``part``          what a part is (its state, where it was laid out, ``process_event``), the events routed to it,
                    and the one door to the table it may use (:class:`~game.table.part.TableHost`)
- ``parts``         the parts together, in drawing order; what the table is laid out from (their state, the game)
- ``track``, ``board``, ``estate_panel``, ``miniatures``, ``chronicle``, ``screen``, ``action_bar``
                    the panels, each laid out (``layout_*``), drawn (``draw_*``) and a part (``*Part``)
- ``chooser``       the decision cards (model, layout, drawing); ``choosers`` builds one per decision and button;
                    ``chooser_part`` is the part holding the open one
- ``dragdrop``      the hand: what is armed, what is dragged, where it may drop
- ``pointer``, ``routing``   where the pointer is and what it hovers; how pointer and keys reach the parts
- ``overlay``       the hook for what is drawn over the table and may steer it (the tutorial's guide, the coach)
- ``coach``         the hint: asked for by the table, drawn over it as an overlay
- ``targets``       what the pointer can point at: typed targets, their regions, the pieces carried to a cell
- ``layout``        the layout pass: every panel's regions from (view, window size, UI state)
- ``panel``         what a panel is laid out and drawn from (:class:`~game.table.panel.PanelContext`)
- ``draw``          drawing a laid-out frame: the panels' picture caches, the chooser, the overlays
- ``effects``       pictures flying over the table when events arrive
- ``reasons``       which buttons are usable, and why not (from the engine)
- ``estate_draw``, ``estate_view``   drawing an estate, and the camera over the big one
- ``seating``, ``replay``, ``all_screens``, ``review_data``   who sits in front; the read-only table of a replay
"""
