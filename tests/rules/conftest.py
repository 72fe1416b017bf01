"""Shared settings for the engine's tests; the scenario builder lives in scenario.py."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "rules", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("ci", parent=settings.get_profile("rules"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "rules"))
