"""``fracas chronicle``: each example fight of every rule system (``examples/``),
exported, told in Markdown and in HTML, in French and in English, compared with
the files committed in ``tests/chronicle/``. After a deliberate change to the
sentences or to a fight, regenerate them and read the diff:

    python -m tests.test_chronicle
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from clients.python import cli
from clients.python.chronicle import Branch, Chronicle, Heading, Line, markdown
from clients.python.scenario import load_scenario
from domain.base import PUBLIC, admits
from domain.events import ENCODER
from domain.play import play
from domain.proof import hide

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = ROOT / "tests" / "chronicle"
SEED = b"fracas-chronicle"
FIGHTS = sorted(p for p in (ROOT / "examples").glob("**/*.yaml") if "sheets" not in p.parts)
CASES = [(fight, lang, form) for fight in FIGHTS for lang in ("fr", "en") for form in ("md", "html")]


def name_of(fight: Path) -> str:
    """``examples/vda/ruelle.yaml`` → ``vda_ruelle``; ``examples/duel.yaml`` → ``duel``."""
    parts = fight.relative_to(ROOT / "examples").with_suffix("").parts
    return "_".join(parts)


def exported(fight: Path, tmp: Path, viewer: str = "gm") -> Path:
    """The fight played in memory, written as its export (the GM's, or a spectator's)."""
    log, _ = play(load_scenario(fight), seed=SEED, table_id=name_of(fight))
    if viewer != "gm":
        log = [r if admits(r.audience, PUBLIC) else hide(r) for r in log]
    path = tmp / f"{name_of(fight)}.{viewer}.ndjson"
    path.write_bytes(b"".join(ENCODER.encode(r) + b"\n" for r in log))
    return path


def told(export: Path, lang: str, form: str, tmp: Path) -> str:
    out = tmp / f"chronicle.{lang}.{form}"
    cli.main(["chronicle", str(export), "--lang", lang, "--format", form, "-o", str(out)])
    return out.read_text(encoding="utf-8")


def expected_file(fight: Path, lang: str, form: str) -> Path:
    return EXPECTED / f"{name_of(fight)}.{lang}.{form}"


def test_every_rule_system_has_an_example_fight() -> None:
    systems = {fight.parent.name for fight in FIGHTS}
    assert {"vda", "vtm", "7s", "vaesen"} <= systems


@pytest.mark.parametrize(("fight", "lang", "form"), CASES, ids=lambda v: getattr(v, "stem", v))
def test_a_fight_is_told_as_its_committed_chronicle(
    fight: Path, lang: str, form: str, tmp_path: Path
) -> None:
    expected = expected_file(fight, lang, form)
    assert expected.exists(), f"{expected} is missing: run python -m tests.test_chronicle"
    assert told(exported(fight, tmp_path), lang, form, tmp_path) == expected.read_text(encoding="utf-8")


def test_a_rewind_sets_its_abandoned_branch_apart(tmp_path: Path) -> None:
    story = told(exported(ROOT / "examples" / "duel.yaml", tmp_path), "fr", "md", tmp_path)
    branch = story.split("> **Branche abandonnée")[1].split("\n\n")[0]
    assert "la position 6, annulée par le retour en arrière de la position 7" in branch
    assert "> - `6` (le MJ) Le MJ a lancé les dés « Garde: Perception » derrière l'écran." in branch
    after = story.split(branch)[1]
    assert "- `7` (le MJ) Le MJ revient à la position 5 : on rejoue le jet d'initiative." in after
    html = told(exported(ROOT / "examples" / "duel.yaml", tmp_path), "en", "html", tmp_path)
    assert (
        '<section class="branch"><p>Abandoned branch: position 6, undone by the rewind at position 7.' in html
    )


def test_a_secret_roll_stays_behind_the_screen_until_revealed(tmp_path: Path) -> None:
    fight = ROOT / "examples" / "7s" / "abordage.yaml"
    for viewer, behind in (
        ("gm", "- `6` (le MJ) Le MJ a lancé les dés « Brute : parade » derrière l'écran."),
        ("spectator", "- `6` (le MJ) Le MJ a lancé les dés derrière l'écran."),
    ):
        story = told(exported(fight, tmp_path, viewer), "fr", "md", tmp_path)
        assert behind in story
        assert "[6✓ 4✓ (2) (1)]" not in story.split("`7`")[0]  # no die shown before the reveal
        assert "révèle son jet secret « Brute : parade » (position 6) : [6✓ 4✓ (2) (1)] → total 10" in story


def test_a_spectator_reads_what_was_hidden_from_them_as_such(tmp_path: Path) -> None:
    fight = ROOT / "examples" / "vda" / "ruelle.yaml"
    gm = told(exported(fight, tmp_path), "fr", "md", tmp_path)
    public = told(exported(fight, tmp_path, "spectator"), "fr", "md", tmp_path)
    assert "- `44` (le MJ) Agnès scelle sa déclaration : défense." in gm
    assert "- `44` (le MJ) Agnès scelle sa déclaration." in public  # not what she declared
    assert "Les déclarations scellées sont révélées : Agnès : défense, Rorsh : attaque." in public


def test_the_dice_are_marked_kept_dropped_cancelled_and_exploded(tmp_path: Path) -> None:
    seventh = told(exported(ROOT / "examples" / "7s" / "abordage.yaml", tmp_path), "en", "md", tmp_path)
    assert "[10+7✓ (3) 9✓ (2) 8✓ (5)] → total 34, target 20 met" in seventh  # exploded, kept, dropped
    vtm = told(exported(ROOT / "examples" / "vtm" / "parking.yaml", tmp_path), "fr", "md", tmp_path)
    assert "[10✓↻ 8✓ 7✓ 3 1✗ 5 9✓ 4] → 3 succès (difficulté 6)" in vtm  # a 10 again, a 1 cancelling
    vaesen = told(exported(ROOT / "examples" / "vaesen" / "moulin.yaml", tmp_path), "fr", "md", tmp_path)
    assert "[6✓ 2 6✓ 1 4 3] → 2 succès." in vaesen


def test_a_heading_inside_an_abandoned_branch_stays_in_its_quote() -> None:
    story = Chronicle(
        "T",
        "m",
        "l",
        [Line(1, "", "a"), Branch("gone"), Line(2, "", "b"), Heading(3, "Séquence 2"), Line(3, "", "c")]
        + [Branch(None), Line(4, "", "d")],
        "fr",
    )
    assert markdown(story).split("\n")[6:17] == [
        "- `1` a",
        "",
        "> **gone**",
        ">",
        "> - `2` b",
        ">",
        "> **Séquence 2**",
        ">",
        "> - `3` c",
        "",
        "- `4` d",
    ]


def test_the_html_chronicle_is_one_self_contained_printable_file(tmp_path: Path) -> None:
    page = told(exported(ROOT / "examples" / "vda" / "ruelle.yaml", tmp_path), "fr", "html", tmp_path)
    assert page.startswith("<!doctype html>") and '<html lang="fr">' in page
    assert "@media print" in page
    for outside in ("<script", "<link", "src=", "http://", "https://", "@import"):
        assert outside not in page
    assert "<h2>Round 1</h2>" in page and "<h3>Séquence 1</h3>" in page


def test_chronicle_errors_are_one_line_with_their_exit_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args, code, words in (
        (["chronicle", "README.md"], 4, "is not a Fracas export"),
        (["chronicle", str(tmp_path / "absent.ndjson")], 4, "cannot read"),
        (["chronicle", str(tmp_path / "x.ndjson"), "--lang", "de"], 2, "--lang"),
        (["chronicle", str(tmp_path / "x.ndjson"), "--format", "pdf"], 2, "--format"),
    ):
        (tmp_path / "x.ndjson").write_text("", encoding="utf-8")
        with pytest.raises(SystemExit) as stopped:
            cli.main(args)
        assert stopped.value.code == code
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("fracas") and words in err[0], err
    empty = tmp_path / "empty.ndjson"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["chronicle", str(empty)])
    assert stopped.value.code == 4 and "holds no record" in capsys.readouterr().err


def regenerate() -> None:
    import tempfile

    EXPECTED.mkdir(exist_ok=True)
    for old in EXPECTED.glob("*.*"):
        old.unlink()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for fight, lang, form in CASES:
            expected_file(fight, lang, form).write_text(told(exported(fight, tmp), lang, form, tmp), "utf-8")
    print(f"wrote {len(CASES)} chronicles in {EXPECTED}", file=sys.stderr)


if __name__ == "__main__":
    regenerate()


@pytest.mark.parametrize("verb", ["chronicle", "verify"])
def test_a_progress_bar_is_drawn_on_a_terminal_only(verb: str, tmp_path: Path) -> None:
    export = exported(ROOT / "examples" / "vda" / "etreinte.yaml", tmp_path)
    command = [sys.executable, "-m", "fracas_cli", verb, str(export)]
    command += ["-o", str(tmp_path / "c.md")] if verb == "chronicle" else []
    env = {k: v for k, v in os.environ.items() if k not in ("FRACAS_NO_PROGRESS", "NO_COLOR", "TERM")}
    piped = subprocess.run(command, capture_output=True, timeout=60, cwd=ROOT, env=env)
    assert piped.returncode == 0 and piped.stderr == b""
    main, terminal = pty.openpty()
    try:
        shown = subprocess.run(
            command,
            stdout=subprocess.PIPE,
            stderr=terminal,
            timeout=60,
            cwd=ROOT,
            env={**env, "TERM": "xterm"},
        )
        os.close(terminal)
        drawn = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(main)
    assert shown.returncode == 0
    assert b"\x1b[?25l" in drawn  # rich's live display took the terminal (and gave it back)
    assert verb.encode() in drawn  # the bar of the long part, after the one of reading the file
    if verb == "chronicle":
        assert (tmp_path / "c.md").read_text(encoding="utf-8").startswith("# Chronique : L'étreinte")
    else:
        assert b"records linked by the public chain" in shown.stdout
