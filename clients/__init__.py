"""Fracas clients: the Python client library and CLI, and the browser pages."""
