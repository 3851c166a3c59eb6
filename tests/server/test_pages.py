"""The browser pages as the server serves them: shells, static files, headers,
the published schema and the QR codes (the pages themselves are tested in a
real browser in ``tests/browser``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Route

from server.access_log import AccessLog
from server.pages import PAGES, WEB, PageHeaders, _file, routes
from server.web_files import WebFiles
from tests.server.conftest import StartServer

pytestmark = [pytest.mark.redis, pytest.mark.timeout(60)]

ROOT = Path(__file__).resolve().parents[2]
BUDGET = 150 * 1024


def assert_page_headers(response: httpx.Response, host: str) -> None:
    policy = response.headers["content-security-policy"]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert f"connect-src 'self' ws://{host} wss://{host};" in policy
    assert "default-src 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["etag"]


async def test_every_page_route_answers_its_shell_with_strict_headers(
    start_embedded_server: StartServer,
) -> None:
    server = await start_embedded_server()
    host = server.removeprefix("http://")
    async with httpx.AsyncClient(base_url=server) as http:
        for path, name in PAGES.items():
            response = await http.get(path.replace("{table_id}", "t1234"))
            assert response.status_code == 200, path
            assert response.headers["content-type"].startswith("text/html")
            assert response.text == (WEB / name).read_text()
            assert_page_headers(response, host)
            again = await http.get(
                path.replace("{table_id}", "other"), headers={"if-none-match": response.headers["etag"]}
            )
            assert again.status_code == 304, "a phone's reload revalidates and gets 304"
        script = await http.get("/web/js/table-page.js")
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]
        assert_page_headers(script, host)
        assert (await http.get("/web/js/nothing-here.js")).status_code == 404


async def test_the_token_in_a_page_url_is_never_logged(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO", logger="fracas.access")
    app = AccessLog(Starlette(routes=routes()))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://fracas") as http:
        assert (await http.get("/overlay/t1?token=very-secret-token")).status_code == 200
    assert "/overlay/t1" in caplog.text
    assert "very-secret-token" not in caplog.text


async def test_the_schema_the_pages_read_is_the_published_one(start_embedded_server: StartServer) -> None:
    server = await start_embedded_server()
    async with httpx.AsyncClient(base_url=server) as http:
        body = (await http.get("/api/schema")).json()
    assert body["schema"] == json.loads((ROOT / "docs" / "schema.json").read_text())
    vda = body["systems"]["vda"]
    assert vda["sheet"] == "vda" and vda["roll_spec"] == "pool"
    assert "vda.StartRound" in vda["gm_commands"] and "vda.RollInitiative" not in vda["gm_commands"]
    assert vda["actors"]["vda.ReleaseGrapple"] == "grappler"
    assert body["systems"]["7s"]["roll_spec"] == "keep"


async def test_a_qr_code_of_a_link_is_made_on_the_server(start_embedded_server: StartServer) -> None:
    server = await start_embedded_server()
    async with httpx.AsyncClient(base_url=server) as http:
        answer = await http.post("/api/qr", json={"text": "http://127.0.0.1/t/abc#token=xyz"})
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("image/svg+xml")
        assert answer.headers["cache-control"] == "no-store", "a link with a token is not kept"
        assert "<svg" in answer.text and 'xmlns="http://www.w3.org/2000/svg"' in answer.text
        assert (await http.post("/api/qr", json={"text": ""})).status_code == 422
        assert (await http.post("/api/qr", content=b"not json")).status_code == 422
        assert (await http.get("/api/qr")).status_code == 405


def test_the_pages_have_no_inline_script_or_style() -> None:
    for page in WEB.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), page.name
        assert "<style" not in html and " style=" not in html, page.name
        assert not re.search(r"\son\w+=", html), page.name
        for url in re.findall(r'(?:src|href)="([^"]+)"', html):
            assert url.startswith("/web/"), f"{page.name} loads {url}: only this server's files"


def test_the_pages_own_javascript_and_css_stay_under_150_kib() -> None:
    weight = sum(f.stat().st_size for pattern in ("js/*.js", "css/*.css") for f in WEB.glob(pattern))
    assert weight < BUDGET, f"{weight} bytes"


def test_the_french_and_english_catalogues_have_the_same_keys() -> None:
    # The pages' own texts and the sentences they share with the CLI, loaded together.
    french = json.loads((WEB / "i18n" / "fr.json").read_text())
    english = json.loads((WEB / "i18n" / "en.json").read_text())
    assert not set(french) & set(json.loads((WEB / "i18n" / "sentences" / "fr.json").read_text()))
    french |= json.loads((WEB / "i18n" / "sentences" / "fr.json").read_text())
    english |= json.loads((WEB / "i18n" / "sentences" / "en.json").read_text())
    assert set(french) == set(english)
    keys = set(french)
    for script in WEB.glob("js/*.js"):
        for key in re.findall(r'\bt\("([a-z_]+(?:\.[a-z_]+)*)"', script.read_text()):
            assert key in keys, f"{script.name} uses {key!r}, missing from the catalogues"


async def test_combatants_are_read_from_json_or_yaml_with_errors_that_name_the_field() -> None:
    app = Starlette(routes=routes())
    yaml_text = (
        "- id: rorsh\n  name: Rorsh\n  side: pj\n  sheet:\n    type: vda\n    kind: vampire\n"
        "    attributes: {strength: 3, dexterity: 3}\n    abilities: {brawl: 3}\n"
    )
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as http:
        answer = await http.post("/api/combatants", content=yaml_text.encode())
        assert answer.status_code == 200, answer.text
        (rorsh,) = answer.json()["combatants"]
        assert (rorsh["id"], rorsh["sheet"]["type"]) == ("rorsh", "vda")
        assert rorsh["sheet"]["attributes"]["strength"] == 3
        one = {"id": "anna", "name": "Anna", "sheet": {"type": "vda", "attributes": {"wits": 2}}}
        answer = await http.post("/api/combatants", content=json.dumps(one).encode())
        assert [c["id"] for c in answer.json()["combatants"]] == ["anna"]
        assert answer.headers["x-content-type-options"] == "nosniff"

        bad = yaml_text.replace("strength: 3", "strength: trois")
        answer = await http.post("/api/combatants", content=bad.encode())
        assert answer.status_code == 422
        assert "$[0].sheet.attributes.strength" in answer.json()["message"]
        refused = (
            (b"- id: [unclosed", "not JSON or YAML"),
            (b"[]", "no combatant"),
            (b"x: 1", "unknown field `x`"),
            (b"- 3", "$[0]"),
        )
        for text, said in refused:
            answer = await http.post("/api/combatants", content=text)
            assert answer.status_code == 422 and said in answer.json()["message"], answer.text


def test_each_page_preloads_its_whole_module_graph() -> None:
    """A page lists every module its script imports (``modulepreload``), statically or
    later (``import("./…")``): the browser fetches them at once instead of one level
    of imports after another."""
    imports = re.compile(r'^import .* from "\./([\w-]+\.js)";|import\("\./([\w-]+\.js)"\)', re.M)
    preloads = re.compile(r'<link rel="modulepreload" href="/web/js/([\w-]+\.js)">')
    entries = {"overlay.html": "overlay-page.js", "table.html": "table-page.js"}
    entries |= {"replay.html": "replay-page.js", "index.html": "landing-page.js"}
    for page, entry in entries.items():
        seen, todo = set(), [entry]
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += [a or b for a, b in imports.findall((WEB / "js" / name).read_text())]
        assert set(preloads.findall((WEB / page).read_text())) == seen - {entry}, page


async def test_the_static_files_are_answered_from_memory_with_their_contents_etag(tmp_path: Path) -> None:
    """Read once at start: a file changed on disk afterwards is not read again (no file
    system call per request), and its ETag is its content's, the same on every replica."""
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;\n")
    files = WebFiles(tmp_path)
    assert WebFiles(tmp_path).files == files.files
    (tmp_path / "js" / "a.js").write_text("export const a = 2;\n")
    app = Starlette(routes=[Route("/web/{path:path}", PageHeaders(_file(files)))])
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as http:
        answer = await http.get("/web/js/a.js")
        assert answer.text == "export const a = 1;\n"
        assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
        etag = answer.headers["etag"]
        assert (await http.get("/web/js/a.js", headers={"if-none-match": etag})).status_code == 304
        assert (await http.get("/web/js/b.js")).status_code == 404
        assert (await http.get("/web/js/../../etc/passwd")).status_code == 404
