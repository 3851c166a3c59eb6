"""Fracas domain: pure rules, events, commands and projections.

Nothing here does I/O, reads a clock or draws randomness except through an
injected :class:`domain.dice.Roller`.
"""
