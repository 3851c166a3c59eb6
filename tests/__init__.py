"""Fracas's tests (a package, so that pytest puts the project, not ``tests/``, on the path)."""
