"""Camera side of the companion: synthetic rendering, detection, tracking.

May import from ``engine`` only, never from ``companion_api``.
"""
