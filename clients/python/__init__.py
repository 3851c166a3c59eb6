"""The async Python client of Fracas and the ``fracas`` command line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clients.python.client import Admin, Closed, Diverged, FracasError, HttpError, TableClient

__all__ = ["Admin", "Closed", "Diverged", "FracasError", "HttpError", "TableClient"]


def __getattr__(name: str) -> Any:
    """The client's classes, imported on first use: ``fracas --help`` needs none of them."""
    if name in __all__:
        from clients.python import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
