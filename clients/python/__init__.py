"""The async Python client of Fracas and the ``fracas`` command line."""

from clients.python.client import Admin, Closed, Diverged, FracasError, HttpError, TableClient

__all__ = ["Admin", "Closed", "Diverged", "FracasError", "HttpError", "TableClient"]
