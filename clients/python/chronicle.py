"""``fracas chronicle``: an exported fight told as a narrative, in Markdown or in
one self-contained, printable HTML file.

One sentence per record (:mod:`clients.python.sentences`), under a heading for
each round and each sequence (whatever the rule system's catalogue names as
``chronicle.h2.<event>`` and ``chronicle.h3.<event>``). A rewind's abandoned
branch stays in the story, set apart: the records between the position it went
back to and the rewind itself, except the table's own administration (never
rewound).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import msgspec

from clients.python.sentences import People, Sentences
from domain.events import ADMIN_EVENTS, Recorded, Rewound, TableClosed, TableCreated, event_tag

ADMIN = tuple(ADMIN_EVENTS)


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Line:
    position: int
    who: str
    text: str
    secret: bool = False


@dataclass(frozen=True)
class Branch:
    """The start of an abandoned branch (``None`` ends it)."""

    text: str | None


Block = Heading | Line | Branch


def abandoned(records: list[Recorded]) -> dict[int, int]:
    """The positions a rewind abandoned, each with the position of that rewind."""
    out: dict[int, int] = {}
    for record in records:
        if isinstance(record.event, Rewound):
            for position in range(record.event.to + 1, record.position):
                out.setdefault(position, record.position)
    return out


def blocks(
    records: list[Recorded],
    sentences: Sentences,
    progress: Callable[[Iterable[Recorded]], Iterable[Recorded]],
) -> Iterator[Block]:
    """The chronicle, block by block."""
    people = People().learn_all(records)
    gone = abandoned(records)
    branch_of: int | None = None
    for record in progress(records):
        event = msgspec.to_builtins(record.event)
        rewind = gone.get(record.position) if not isinstance(record.event, ADMIN) else None
        if rewind != branch_of:
            if branch_of is not None:
                yield Branch(None)
            if rewind is not None:
                last = max(p for p, r in gone.items() if r == rewind)
                key = "chronicle.branch.one" if last == record.position else "chronicle.branch"
                yield Branch(sentences.t(key, first=record.position, last=last, rewind=rewind))
            branch_of = rewind
        kind = event_tag(record.event)
        for level in (2, 3):
            key = f"chronicle.h{level}.{kind}"
            if sentences.has(key):
                yield Heading(level, sentences.t(key, **sentences.values(event, people)))
        who = sentences.principal(people, record.sender) if record.sender else ""
        secret = kind == "Hidden" or bool(event.get("secret"))
        yield Line(record.position, who, sentences.event(event, people), secret)
    if branch_of is not None:
        yield Branch(None)


@dataclass(frozen=True)
class Chronicle:
    title: str
    meta: str
    legend: str
    blocks: list[Block]
    lang: str


def chronicle(
    records: list[Recorded],
    lang: str,
    progress: Callable[[Iterable[Recorded]], Iterable[Recorded]] = lambda r: r,
) -> Chronicle:
    sentences = Sentences(lang)
    created = next((r.event for r in records if isinstance(r.event, TableCreated)), None)
    closed = any(isinstance(r.event, TableClosed) for r in records)
    title = sentences.t("chronicle.title", title=created.title if created else "")
    meta = sentences.t(
        "chronicle.meta.closed" if closed else "chronicle.meta",
        system=created.system if created else "",
        table=created.table_id if created else "",
        events=sentences.t("count.events", n=len(records)),
    )
    return Chronicle(
        title, meta, sentences.t("chronicle.legend"), list(blocks(records, sentences, progress)), lang
    )


# --- Markdown ---------------------------------------------------------------------

MARKDOWN_SPECIAL = re.compile(r"([\\`*_<>#|])")


def md_escape(text: str) -> str:
    return MARKDOWN_SPECIAL.sub(r"\\\1", text)


def markdown(story: Chronicle) -> str:
    out = [f"# {md_escape(story.title)}", "", md_escape(story.meta), "", f"*{md_escape(story.legend)}*", ""]
    quoted = False
    for block in story.blocks:
        prefix = "> " if quoted else ""
        match block:
            case Branch(text=None):
                quoted = False
                out.append("")
            case Branch(text=text):
                quoted = True
                out += ["", f"> **{md_escape(text or '')}**", ">"]
            case Heading(level=level, text=text):
                out += (
                    [">", f"> **{md_escape(text)}**", ">"]
                    if quoted
                    else ["", f"{'#' * level} {md_escape(text)}", ""]
                )
            case Line(position=position, who=who, text=text):
                by = f" ({md_escape(who)})" if who else ""
                out.append(f"{prefix}- `{position}`{by} {md_escape(text)}")
    return "\n".join(_squeeze(out)).strip() + "\n"


def _squeeze(lines: list[str]) -> Iterator[str]:
    """No two blank lines in a row."""
    blank = False
    for line in lines:
        if line == "" and blank:
            continue
        blank = line == ""
        yield line


# --- HTML -------------------------------------------------------------------------

STYLE = """
body { font: 16px/1.5 Georgia, "Times New Roman", serif; max-width: 46rem; margin: 2rem auto;
       padding: 0 1rem; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.8rem; margin-bottom: .2rem; }
h2 { font-size: 1.35rem; margin: 1.6rem 0 .4rem; border-bottom: 1px solid #999; }
h3 { font-size: 1.1rem; margin: 1rem 0 .3rem; }
.meta, .legend { color: #444; margin: .2rem 0; }
.legend { font-style: italic; font-size: .9rem; }
ol { list-style: none; padding: 0; margin: 0; }
li { margin: .15rem 0; padding-left: 4.2rem; text-indent: -4.2rem; }
.pos { display: inline-block; width: 3.6rem; text-align: right; margin-right: .6rem;
       font: .8rem/1 ui-monospace, monospace; color: #555; }
.who { color: #555; font-size: .9rem; }
.secret { font-style: italic; }
.branch { border-left: 4px dashed #888; margin: .8rem 0; padding: .2rem 0 .2rem .6rem; color: #444;
          background: #f3f3f3; }
.branch > p { font-weight: bold; margin: .2rem 0 .4rem; }
.branch .h { font-weight: bold; }
@media print { body { margin: 0; max-width: none; font-size: 11pt; } .branch { background: none; }
               h2, h3 { break-after: avoid; } li { break-inside: avoid; } }
"""


def html_page(story: Chronicle) -> str:
    e = html.escape
    out = [
        "<!doctype html>",
        f'<html lang="{e(story.lang)}">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(story.title)}</title>",
        f"<style>{STYLE}</style></head>",
        "<body>",
        f"<h1>{e(story.title)}</h1>",
        f'<p class="meta">{e(story.meta)}</p>',
        f'<p class="legend">{e(story.legend)}</p>',
    ]
    in_list = in_branch = False

    def close_list() -> None:
        nonlocal in_list
        if in_list:
            out.append("</ol>")
            in_list = False

    for block in story.blocks:
        match block:
            case Branch(text=None):
                close_list()
                out.append("</section>")
                in_branch = False
            case Branch(text=text):
                close_list()
                out.append(f'<section class="branch"><p>{e(text or "")}</p>')
                in_branch = True
            case Heading(level=level, text=text):
                close_list()
                if in_branch:
                    out.append(f'<p class="h">{e(text)}</p>')
                else:
                    out.append(f"<h{level}>{e(text)}</h{level}>")
            case Line(position=position, who=who, text=text, secret=secret):
                if not in_list:
                    out.append("<ol>")
                    in_list = True
                by = f' <span class="who">({e(who)})</span>' if who else ""
                css = ' class="secret"' if secret else ""
                out.append(
                    f'<li value="{position}"{css}><span class="pos">{position}</span>{e(text)}{by}</li>'
                )
    close_list()
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def render(story: Chronicle, form: str) -> str:
    return html_page(story) if form == "html" else markdown(story)
