"""Fracas server: the Starlette app, the WebSocket hub, the Redis Streams event
store and the embedded Redis. All I/O of the server side lives here."""
