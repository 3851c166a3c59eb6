"""The catalogues compiled for the web pages: ``clients/web/i18n/sentences/<lang>.json``,
the same message ids and texts as the ``.po`` files (a plural message becomes its
forms by CLDR category, which ``Intl.PluralRules`` picks in the browser).

Regenerate after editing a ``.po`` file (tests/test_sentences.py checks it):

    python -m clients.python.sentences.web
"""

from __future__ import annotations

import json
from pathlib import Path

from clients.python.sentences import LANGUAGES, catalogue

WEB = Path(__file__).resolve().parents[2] / "web" / "i18n" / "sentences"


def compiled(lang: str) -> str:
    return json.dumps(dict(sorted(catalogue(lang).items())), ensure_ascii=False, indent=1) + "\n"


def main() -> None:
    WEB.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        (WEB / f"{lang}.json").write_text(compiled(lang), encoding="utf-8")


if __name__ == "__main__":
    main()
