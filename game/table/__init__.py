"""The table's parts; :mod:`game.scenes.table` conducts them.

- ``targets``       what the pointer can point at: typed targets, their regions, the pieces carried to a cell
- ``layout``        the layout pass: every panel's regions from (view, window size, UI state)
- ``panel``         what a panel is laid out and drawn from (:class:`~game.table.panel.PanelContext`)
- ``track``, ``board``, ``estate_panel``, ``miniatures``, ``chronicle``, ``screen``, ``action_bar``
                    the panels, each laid out (``layout_*``) and drawn (``draw_*``)
- ``chooser``       the decision cards (model, layout, drawing); ``choosers`` builds one per decision and button
- ``input``         pointer and keys; what a click on each kind of target does
- ``draw``          drawing a laid-out frame: the panels' picture caches, the chooser, the overlays
- ``effects``       pictures flying over the table when events arrive
- ``reasons``       which buttons are usable, and why not (from the engine)
- ``estate_draw``, ``estate_view``   drawing an estate, and the camera over the big one
"""
