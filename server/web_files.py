"""The pages' static files (``clients/web/``), read once when the server starts and
answered from memory: no file system call, no thread hop per request, the same
bytes and ETag on every replica (the ETag is the content's hash, not a file's
date). A file changed on disk is served once the server restarts.

``If-None-Match`` with the file's ETag answers 304, so a phone reloading a page
revalidates each file without downloading it again.
"""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}


@dataclass(frozen=True)
class WebFile:
    body: bytes
    etag: str
    media_type: str

    def response(self, request: Request) -> Response:
        if request.headers.get("if-none-match") == self.etag:
            return Response(status_code=304, headers={"etag": self.etag})
        return Response(self.body, media_type=self.media_type, headers={"etag": self.etag})


class WebFiles:
    """Every file under ``root`` by its path there (``js/table-page.js``)."""

    def __init__(self, root: Path) -> None:
        self.files: dict[str, WebFile] = {}
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.name.startswith("."):
                continue
            body = path.read_bytes()
            kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            self.files[path.relative_to(root).as_posix()] = WebFile(body, etag, kind)

    def answer(self, name: str, request: Request) -> Response:
        found = self.files.get(name)
        if found is None:
            return Response("Not Found", status_code=404, media_type="text/plain")
        return found.response(request)
