"""The instruction-file source: discovery, keys, scopes, fingerprints and rule-granular chunks."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from persona_pipeline.core.evidence.records import project_of
from persona_pipeline.core.models import ReadResult, SourceKind, Tier, TurnKind
from persona_pipeline.core.sources import instructions as ins
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.instructions import (
    MAX_FILE_BYTES,
    content_fingerprint,
    discover_instructions,
    read_instructions,
    scope_of,
    split_directives,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake home directory named like a user: its name must never reach a key or scope."""
    h = tmp_path / "alice"
    h.mkdir()
    monkeypatch.setenv("HOME", str(h))
    return h


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", newline="")
    return path


def repo(path: Path) -> Path:
    (path / ".git").mkdir(parents=True)
    return path


def read_file(path: Path, key: str = "instructions/test/CLAUDE.md") -> ReadResult:
    st = path.stat() if path.exists() else None
    unit = SourceUnit(key, SourceKind.INSTRUCTIONS, path, st.st_size if st else 0, st.st_mtime_ns if st else 0)
    return read_instructions(unit)


def chunks(text: str) -> list[str]:
    return [c for _, c in split_directives(text)]


def keys(units: list[SourceUnit]) -> list[str]:
    return [u.key for u in units]


# --- splitting ------------------------------------------------------------------------------
def test_bullets_one_chunk_each_marker_stripped_text_verbatim() -> None:
    text = "- Use polars, not `pandas`\n* Prefer **uv** over pip\n+ Keep functions small\n"
    assert split_directives(text) == [
        (1, "Use polars, not `pandas`"),
        (2, "Prefer **uv** over pip"),
        (3, "Keep functions small"),
    ]


def test_nested_bullets_and_continuations_stay_with_parent() -> None:
    text = (
        "- Use polars\n"
        "  - never pandas\n"
        "    - not even for plotting\n"
        "  because it is faster\n"
        "- Prefer small functions and\n"
        "keep them pure\n"
        "- Tests first\n"
        "\n"
        "  Write the failing test before the fix.\n"
        "\n"
        "Closing paragraph here.\n"
    )
    assert split_directives(text) == [
        (1, "Use polars\n- never pandas\n  - not even for plotting\nbecause it is faster"),
        (5, "Prefer small functions and\nkeep them pure"),
        (7, "Tests first\n\nWrite the failing test before the fix."),
        (11, "Closing paragraph here."),
    ]


def test_numbered_lists() -> None:
    text = "1. First rule\n   more of the first\n2) Second rule\n10. Tenth rule\n   - nested under ten\n"
    assert split_directives(text) == [
        (1, "First rule\nmore of the first"),
        (3, "Second rule"),
        (4, "Tenth rule\n- nested under ten"),
    ]


def test_paragraphs_keep_their_line_breaks() -> None:
    text = "Answer in British English\nand keep replies short.\n\n\nNever push to main.\n"
    assert split_directives(text) == [
        (1, "Answer in British English\nand keep replies short."),
        (5, "Never push to main."),
    ]


def test_atx_and_setext_headings_dropped() -> None:
    text = (
        "# Project rules\n"
        "Intro text here\n"
        "\n"
        "Setext Title\n"
        "============\n"
        "\n"
        "Sub heading\n"
        "---\n"
        "Body text\n"
        "#hashtags are not headings\n"
        "### Another\n"
        "- A rule after it\n"
    )
    assert split_directives(text) == [
        (2, "Intro text here"),
        (9, "Body text\n#hashtags are not headings"),
        (12, "A rule after it"),
    ]


def test_fenced_code_dropped_also_inside_list_items_and_tilde_fences() -> None:
    text = (
        "- Run the tests with:\n"
        "  ```bash\n"
        "  pytest -q\n"
        "  - not a rule\n"
        "  ```\n"
        "  then check coverage\n"
        "- Next rule\n"
        "~~~python title='x'\n"
        "print('code here')\n"
        "~~~\n"
        "After the code.\n"
        "````\n"
        "```\n"
        "inner fence is still code\n"
        "````\n"
        "Last words here.\n"
    )
    assert split_directives(text) == [
        (1, "Run the tests with:\nthen check coverage"),
        (7, "Next rule"),
        (11, "After the code."),
        (16, "Last words here."),
    ]


def test_unclosed_fence_drops_the_rest() -> None:
    assert chunks("Keep this rule.\n```\nnever closed\n- nor this\n") == ["Keep this rule."]


def test_front_matter_dropped_yaml_and_toml() -> None:
    mdc = "---\ndescription: Python rules\nglobs: '*.py'\nalwaysApply: false\n---\n- Use type hints\n"
    assert split_directives(mdc) == [(6, "Use type hints")]
    toml = "+++\ntitle = 'x'\n+++\nPlain rule text.\n"
    assert split_directives(toml) == [(4, "Plain rule text.")]
    # Not at the top, or unclosed: a horizontal rule, not front matter.
    assert chunks("---\nKeep this rule.\n") == ["Keep this rule."]


def test_html_comments_dropped_single_multi_and_inline() -> None:
    text = (
        "<!-- generated by a tool -->\n"
        "Use tabs <!-- really? --> everywhere\n"
        "<!--\n"
        "- a commented-out rule\n"
        "-->\n"
        "- Real rule here\n"
        "- Never write `<!--` into templates\n"
    )
    assert chunks(text) == ["Use tabs  everywhere", "Real rule here", "Never write `<!--` into templates"]


def test_claude_md_imports_dropped() -> None:
    text = "@docs/style.md\n@~/.claude/extra.md\nSee @README.md for the overview.\n- @docs/testing.md\n- Real rule\n"
    assert split_directives(text) == [(3, "See @README.md for the overview."), (5, "Real rule")]


def test_lead_ins_dropped_before_a_list_and_when_what_they_lead_into_is_gone() -> None:
    text = (
        "Rules for this repo:\n"
        "- Use polars\n"
        "- Keep functions small\n"
        "\n"
        "Also, before committing:\n"
        "\n"
        "<!-- comment -->\n"
        "1. Run the linter\n"
        "\n"
        "This colon paragraph leads into nothing kept:\n"
        "# Heading between\n"
        "- After a heading\n"
        "\n"
        "Run the build with:\n"
        "```\n"
        "make\n"
        "```\n"
    )
    assert chunks(text) == [
        "Use polars",
        "Keep functions small",
        "Run the linter",
        "After a heading",
    ]


def test_horizontal_rules_tables_and_short_chunks() -> None:
    text = "- First rule here\n---\n***\n| tool | use |\n|------|:---:|\n| uv   | yes |\n\n- ok\n- a b\n-\n?!\n"
    assert split_directives(text) == [(1, "First rule here"), (4, "| tool | use |\n| uv   | yes |")]


def test_empty_and_whitespace_text() -> None:
    assert split_directives("") == []
    assert split_directives("\n  \n\t\n") == []


# --- reader ---------------------------------------------------------------------------------
def test_reader_turn_fields_and_accounting(tmp_path: Path) -> None:
    root = repo(tmp_path / "ledgerly")
    text = (
        "---\nglobs: '*.py'\n---\n# Rules\n<!-- note -->\n@docs/x.md\nRules:\n- Use polars\n"
        "  ```\n  x\n  ```\n- Keep `ruff` clean\n"
    )
    path = write(root / "CLAUDE.md", text)
    os.utime(path, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    unit = discover_instructions([tmp_path], [], {})[0]
    result = read_instructions(unit)
    assert result.file_error is None
    assert [(t.line_no, t.text) for t in result.turns] == [(8, "Use polars"), (12, "Keep `ruff` clean")]
    t = result.turns[0]
    assert (t.tier, t.kind, t.session_id, t.cwd) == (Tier.T0, TurnKind.DIRECTIVE, unit.key, str(root))
    assert t.timestamp == "2023-11-14T22:13:20.000001Z"  # the mtime, the rule's ordinal as microseconds
    assert (t.correction_signal, t.context, t.truncated, t.entry_uuid) == (None, "", False, None)
    assert project_of(t.cwd, unit.key.split("/")[1]) == "ledgerly"
    s = result.stats
    assert s.raw_bytes == len(text.encode()) and s.lines_total == 12
    assert s.entries_by_type == {"directive": 2}
    assert s.skips == {"front_matter": 1, "heading": 1, "html_comment": 1, "import": 1, "lead_in": 1, "code_block": 1}
    assert s.kept_bytes == len("Use polars") + len("Keep `ruff` clean")


def test_line_numbers_and_byte_offsets(tmp_path: Path) -> None:
    raw = "# Título\n\nPrefer `é` names.\n\n- Ünïcode rule one\n- Second rule\n".encode()
    path = write(tmp_path / "AGENTS.md", raw)
    turns = read_file(path).turns
    assert [(t.line_no, t.byte_offset) for t in turns] == [
        (3, raw.index(b"Prefer")),
        (5, raw.index("- Ü".encode())),
        (6, raw.index(b"- Second")),
    ]


def test_crlf_and_bom(tmp_path: Path) -> None:
    raw = b"\xef\xbb\xbf# Title\r\n- Use polars\r\n  - nested\r\n- Keep `x` small\r\n\r\nPara line one\r\ntwo\r\n"
    turns = read_file(write(tmp_path / "CLAUDE.md", raw)).turns
    assert [(t.line_no, t.byte_offset, t.text) for t in turns] == [
        (2, 3 + len(b"# Title\r\n"), "Use polars\n- nested"),
        (4, raw.index(b"- Keep"), "Keep `x` small"),
        (6, raw.index(b"Para"), "Para line one\ntwo"),
    ]
    assert split_directives(raw.decode("utf-8")) == [(t.line_no, t.text) for t in turns]


def test_empty_file_is_no_turns_and_no_error(tmp_path: Path) -> None:
    r = read_file(write(tmp_path / "CLAUDE.md", b""))
    assert (r.turns, r.file_error, r.stats.lines_total, r.stats.raw_bytes) == ([], None, 0, 0)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"- rule one\n\x00\x01\x02binary", "binary"),
        (b"- caf\xe9 is latin-1\n", "not_utf8"),
        (b"- " + b"a" * MAX_FILE_BYTES + b"\n", "too_large"),
    ],
)
def test_bad_files_are_skipped_with_a_reason(tmp_path: Path, content: bytes, reason: str) -> None:
    r = read_file(write(tmp_path / "AGENTS.md", content))
    assert (r.turns, r.file_error) == ([], reason)
    assert r.stats.raw_bytes == len(content)


def test_unreadable_file_is_skipped(tmp_path: Path) -> None:
    assert read_file(tmp_path / "missing" / "CLAUDE.md").file_error == "unreadable"
    a_dir = tmp_path / "CLAUDE.md"
    a_dir.mkdir()
    assert read_file(a_dir).file_error == "unreadable"
    if os.geteuid() != 0:  # root reads through chmod 000
        locked = write(tmp_path / "locked" / "AGENTS.md", "- a rule here\n")
        locked.chmod(0)
        try:
            assert read_file(locked).file_error == "unreadable"
        finally:
            locked.chmod(0o644)


def test_long_chunk_truncated(tmp_path: Path) -> None:
    long = "word " * 1000
    turns = read_file(write(tmp_path / "CLAUDE.md", f"- {long}\n- short rule\n")).turns
    assert len(turns[0].text) <= ins.MAX_CHUNK_CHARS and turns[0].truncated
    assert long.strip().startswith(turns[0].text) and turns[0].text.endswith("word")  # whole words
    assert (turns[1].text, turns[1].truncated) == ("short rule", False)


def test_long_chunk_is_never_cut_inside_a_secret(tmp_path: Path) -> None:
    """The cut comes before redaction: a key straddling the limit is dropped whole, not halved
    into a fragment no detector recognises."""
    key = "AKIAZ7QK3M2PLR6VWX4T"
    for offset in range(-12, 4, 3):
        pad = "x" * (ins.MAX_CHUNK_CHARS - 2 + offset)
        text = read_file(write(tmp_path / f"o{offset}" / "CLAUDE.md", f"- {pad} {key} tail words\n")).turns[0].text
        assert key in text or "AKIA" not in text, offset


# --- discovery ------------------------------------------------------------------------------
def test_discovers_every_kind_of_instruction_file_and_nothing_else(tmp_path: Path) -> None:
    root = repo(tmp_path / "code" / "ledgerly")
    for rel in (
        "CLAUDE.md",
        "AGENTS.md",
        "GEMINI.md",
        ".cursorrules",
        ".github/copilot-instructions.md",
        ".cursor/rules/python.mdc",
        ".cursor/rules/style.mdc",
        "services/api/CLAUDE.md",
        # not instruction files:
        "CLAUDE.local.md",
        "claude.md",
        "docs/copilot-instructions.md",
        "rules/x.mdc",
        ".cursor/other/x.mdc",
        "README.md",
        "node_modules/pkg/CLAUDE.md",
        ".venv/lib/AGENTS.md",
    ):
        write(root / rel, "- a rule here\n")
    write(root / ".git" / "CLAUDE.md", "- inside .git\n")
    ignored: dict[str, int] = {}
    units = discover_instructions([tmp_path / "code"], [], ignored)
    assert keys(units) == [
        "instructions/ledgerly/.cursor/rules/python.mdc",
        "instructions/ledgerly/.cursor/rules/style.mdc",
        "instructions/ledgerly/.cursorrules",
        "instructions/ledgerly/.github/copilot-instructions.md",
        "instructions/ledgerly/AGENTS.md",
        "instructions/ledgerly/CLAUDE.md",
        "instructions/ledgerly/GEMINI.md",
        "instructions/ledgerly/services/api/CLAUDE.md",
    ]
    u = units[0]
    st = u.path.stat()
    assert (u.kind, u.path, u.size, u.mtime_ns) == (
        SourceKind.INSTRUCTIONS,
        root / ".cursor/rules/python.mdc",
        14,
        st.st_mtime_ns,
    )
    assert ignored == {}


def test_scope_is_the_nearest_git_ancestor(tmp_path: Path) -> None:
    outer = repo(tmp_path / "outer")
    inner = repo(outer / "vendored" / "inner")
    write(outer / "pkg" / "AGENTS.md", "- outer rule\n")
    write(inner / "docs" / "CLAUDE.md", "- inner rule\n")
    assert keys(discover_instructions([tmp_path], [], {})) == [
        "instructions/inner/docs/CLAUDE.md",
        "instructions/outer/pkg/AGENTS.md",
    ]
    assert scope_of(inner / "docs" / "CLAUDE.md", explicit=False) == ("inner", inner)
    assert scope_of(inner / "docs" / "CLAUDE.md", explicit=True) == ("global", None)


def test_git_file_of_a_worktree_counts_as_repo_root(tmp_path: Path) -> None:
    wt = tmp_path / "ledgerly-feature"
    write(wt / ".git", "gitdir: /elsewhere/.git/worktrees/feature\n")
    path = write(wt / "src" / "AGENTS.md", "- worktree rule\n")
    assert scope_of(path, explicit=False) == ("ledgerly-feature", wt)
    assert keys(discover_instructions([tmp_path], [], {})) == ["instructions/ledgerly-feature/src/AGENTS.md"]
    assert read_instructions(discover_instructions([tmp_path], [], {})[0]).turns[0].cwd == str(wt)


def test_file_outside_any_repo_is_scoped_by_its_folder(tmp_path: Path) -> None:
    path = write(tmp_path / "scratch" / "CLAUDE.md", "- scratch rule\n")
    assert scope_of(path, explicit=False) == ("scratch", None)
    units = discover_instructions([tmp_path / "scratch"], [], {})
    assert keys(units) == ["instructions/scratch/CLAUDE.md"]
    assert read_instructions(units[0]).turns[0].cwd is None


def test_explicit_and_home_files_are_global_and_never_the_user_name(tmp_path: Path, home: Path) -> None:
    claude = write(home / ".claude" / "CLAUDE.md", "- global claude rule\n")
    codex = write(home / ".codex" / "AGENTS.md", "- global codex rule\n")
    write(home / "CLAUDE.md", "- home rule\n")
    (home / ".git").mkdir()  # a dotfiles repo at ~ is no project
    write(home / "notes" / "AGENTS.md", "- notes rule\n")
    ignored: dict[str, int] = {}
    units = discover_instructions([home], [claude, codex, home / ".gemini" / "GEMINI.md"], ignored)
    assert keys(units) == [
        "instructions/global/CLAUDE.md",
        "instructions/global/claude/CLAUDE.md",
        "instructions/global/codex/AGENTS.md",
        "instructions/notes/AGENTS.md",
    ]
    assert ignored == {"explicit_missing": 1, "duplicate_file": 2}
    assert not any("alice" in k for k in keys(units))
    assert scope_of(home / "CLAUDE.md", explicit=False) == ("global", None)
    assert scope_of(claude, explicit=False) == ("global", None)
    turn = read_instructions(units[1]).turns[0]
    assert (turn.text, turn.cwd) == ("global claude rule", None)
    assert project_of(turn.cwd, units[1].key.split("/")[1]) == "global"


def test_explicit_file_inside_a_repo_stays_global(tmp_path: Path) -> None:
    root = repo(tmp_path / "ledgerly")
    path = write(root / "AGENTS.md", "- shared rule\n")
    units = discover_instructions([tmp_path], [path], {})
    assert keys(units) == ["instructions/global/ledgerly/AGENTS.md"]
    assert read_instructions(units[0]).turns[0].cwd is None  # the key says global


def test_same_file_reached_twice_is_listed_once(tmp_path: Path) -> None:
    root = repo(tmp_path / "code" / "ledgerly")
    agents = write(root / "AGENTS.md", "- shared rule\n")
    (root / "CLAUDE.md").symlink_to("AGENTS.md")  # a common setup: one file, two names
    ignored: dict[str, int] = {}
    units = discover_instructions([tmp_path / "code", root, tmp_path], [], ignored)
    assert [(u.key, u.path) for u in units] == [("instructions/ledgerly/AGENTS.md", agents)]
    assert ignored == {"duplicate_file": 5}


def test_keys_are_stable_and_unique(tmp_path: Path) -> None:
    for parent in ("a", "b", "c"):
        write(repo(tmp_path / parent / "api") / "AGENTS.md", f"- rule of {parent}\n")
    write(tmp_path / "b" / "api" / "sub dir" / "CLAUDE.md", "- spaced rule\n")
    first = discover_instructions([tmp_path / "c", tmp_path / "a", tmp_path / "b"], [], {})
    second = discover_instructions([tmp_path / "b", tmp_path / "a", tmp_path / "c"], [], {})
    assert [(u.key, u.path) for u in first] == [(u.key, u.path) for u in second]
    assert [(u.key, u.path.parent.parent.name) for u in first] == [
        ("instructions/api/AGENTS.md", "a"),
        ("instructions/api/AGENTS.md~2", "b"),
        ("instructions/api/AGENTS.md~3", "c"),
        ("instructions/api/sub_dir/CLAUDE.md", "api"),
    ]


def test_missing_roots_are_ignored(tmp_path: Path) -> None:
    ignored: dict[str, int] = {}
    assert discover_instructions([tmp_path / "nope"], [tmp_path / "gone.md"], ignored) == []
    assert ignored == {"explicit_missing": 1}


# --- fingerprint ----------------------------------------------------------------------------
def test_content_fingerprint_sees_same_size_edit_with_restored_mtime(tmp_path: Path) -> None:
    path = write(tmp_path / "CLAUDE.md", "- Use polars\n")
    st = path.stat()
    before = content_fingerprint(path)
    assert re.fullmatch(r"[0-9a-f]{32}", before)
    write(path, "- Use pandas\n")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns
    after = content_fingerprint(path)
    assert after != before
    write(path, "- Use polars\n")
    assert content_fingerprint(path) == before


def test_content_fingerprint_of_large_and_missing_files(tmp_path: Path) -> None:
    big = write(tmp_path / "AGENTS.md", b"a" * (MAX_FILE_BYTES + 1))
    st = big.stat()
    assert content_fingerprint(big) == f"{st.st_size}:{st.st_mtime_ns}"
    assert content_fingerprint(tmp_path / "gone.md") == "missing"


def test_copilot_path_scoped_instruction_files(tmp_path: Path) -> None:
    """`.github/instructions/*.instructions.md`: discovered, rules verbatim, the `applyTo` front
    matter kept as each rule's scope (context), never as a rule."""
    root = repo(tmp_path / "api")
    scoped = root / ".github" / "instructions" / "python.instructions.md"
    scoped.parent.mkdir(parents=True)
    scoped.write_text('---\napplyTo: "**/*.py"\ndescription: py rules\n---\n- Use type hints on every function.\n')
    (root / ".github" / "instructions" / "notes.md").write_text("- not an instructions file\n")
    found = discover_instructions([tmp_path], [], {})
    assert keys(found) == ["instructions/api/.github/instructions/python.instructions.md"]
    result = read_file(scoped, found[0].key)
    assert [(t.text, t.context) for t in result.turns] == [("Use type hints on every function.", "applies to: **/*.py")]
    assert ins.front_matter_scope(["---", "applyTo: '**'", "---"]) is None  # everywhere: no scope
    assert ins.front_matter_scope(["- no front matter"]) is None


def test_copilot_global_instructions_are_a_default_global_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from persona_pipeline.core.config import load_settings

    for name in list(os.environ):
        if name.startswith("PERSONA_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("PERSONA_CLAUDE_DIRS", "")  # a configured source: not the sample
    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "data"))
    rules = tmp_path / ".copilot" / "copilot-instructions.md"
    rules.parent.mkdir()
    rules.write_text("- Answer in British English.\n")
    files = load_settings().resolved_instruction_files()
    assert rules in files and tmp_path / ".claude" / "CLAUDE.md" in files
    [unit] = discover_instructions([], files, {})
    assert unit.key == "instructions/global/copilot/copilot-instructions.md"


def test_aider_and_cline_family_rule_files_are_instruction_files(tmp_path: Path) -> None:
    repo = tmp_path / "invoicer"
    (repo / ".git").mkdir(parents=True)
    rules = {
        "CONVENTIONS.md": "- Prefer dataclasses over dicts for records.\n",  # Aider, loaded with --read
        ".clinerules": "- Keep functions under forty lines.\n",
        ".clinerules/naming.md": "- Name tests after the behaviour they check.\n",
        ".roo/rules/style.md": "- Use f-strings, never percent formatting.\n",
        ".roo/rules-architect/plans.md": "- Write the plan as a numbered list.\n",
        ".roorules-code": "- Run the linter after every edit.\n",
        ".kilocode/rules/deps.md": "- Pin every dependency exactly.\n",
    }
    for rel, text in rules.items():
        path = repo / rel
        if rel == ".clinerules":
            path = repo / "legacy" / ".clinerules"  # the single-file form (a folder at the root here)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (repo / ".clinerules" / "workflows").mkdir()
    (repo / ".clinerules" / "workflows" / "release.md").write_text("1. tag\n")  # a workflow: a prompt, not a rule
    (repo / "docs").mkdir()
    (repo / "docs" / "rules.md").write_text("- not an agent's file\n")
    keys = sorted(u.key for u in discover_instructions([tmp_path], [], {}))
    assert keys == sorted(
        [
            "instructions/invoicer/CONVENTIONS.md",
            "instructions/invoicer/legacy/.clinerules",
            "instructions/invoicer/.clinerules/naming.md",
            "instructions/invoicer/.roo/rules/style.md",
            "instructions/invoicer/.roo/rules-architect/plans.md",
            "instructions/invoicer/.roorules-code",
            "instructions/invoicer/.kilocode/rules/deps.md",
        ]
    )
