"""The kit every screen uses: the scene stack, widgets, theme, layout maths, drawing helpers, assets,
sound and animation. It knows nothing of the table or of any one screen."""
