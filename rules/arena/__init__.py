"""Headless tools around the rules: the command line, the simulator, tournaments, tuning and benchmarks.

The only part of ``rules`` that knows the computer players (``rules.bots``); the engine never imports it.
"""
