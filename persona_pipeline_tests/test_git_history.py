"""The git-history source (discovery, fingerprint, reader) and the commit-style analyser."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import git
import pytest
from git import Actor

from persona_pipeline.core.evidence.records import project_of
from persona_pipeline.core.models import ReadResult, SourceKind, Tier, TurnKind
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.git_history import discover_repos, read_git, repo_fingerprint
from persona_pipeline.persona.digest import commit_style as cs
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
from persona_pipeline.persona.digest.validate import ground
from persona_pipeline_tests.builders import ME, OTHER, T0, Builder

EMAILS = ["Pat@Example.com"]  # matched case-insensitively


@pytest.fixture(autouse=True)
def _isolated_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No system/global git config; an identity for the few CLI git calls."""
    (tmp_path / "gitconfig").write_text("")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "gitconfig"))
    monkeypatch.setenv("HOME", str(tmp_path / "fakehome"))
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", ME.name)
        monkeypatch.setenv(f"GIT_{role}_EMAIL", ME.email)


def unit_of(path: Path) -> SourceUnit:
    return SourceUnit(f"git/{path.name}", SourceKind.GIT, path, 0, 0)


def batch_text(res: ReadResult) -> str:
    return "\n".join(t.text for t in res.turns if t.kind is TurnKind.COMMIT_BATCH)


def diffs(res: ReadResult) -> list[str]:
    return [t.text for t in res.turns if t.kind is TurnKind.DIFF]


def test_other_authors_bots_and_agents_excluded_and_counted(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    b.commit("Add the parser")
    b.commit("Add CLI flags\n\nCo-authored-by: Claude Monet <claude@monet.example>")  # a human named Claude
    b.commit("Tweak their module", author=OTHER)
    b.commit("Bump httpx from 0.27 to 0.28", author=Actor("dependabot[bot]", "49699333+dependabot[bot]@users.x"))
    b.commit("Refactor loader\n\nCo-Authored-By: Claude <noreply@anthropic.com>")
    b.commit("Fix retries\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)")
    b.commit("Add cache\n\nCo-authored-by: Copilot <175728472+Copilot@users.noreply.github.com>")
    b.commit("aider: fix the off-by-one")
    b.commit("Rename module", author=Actor("Pat Dev (aider)", ME.email))
    b.commit("Add docs", author=Actor("Claude", "noreply@anthropic.com"))
    b.commit("Remove dead code")
    res = read_git(unit_of(b.path), EMAILS)
    assert res.file_error is None
    text = batch_text(res)
    for kept in ("Add the parser", "Add CLI flags", "Remove dead code"):
        assert kept in text
    dropped = ("Tweak their", "Bump httpx", "Refactor loader", "Fix retries", "Add cache", "aider:", "Rename", "docs")
    for gone in dropped:
        assert gone not in text
        assert all(gone not in d for d in diffs(res))
    assert len(diffs(res)) == 3
    assert res.stats.skips == {"agent_commit": 6, "other_author": 1, "bot_commit": 1}
    assert res.stats.entries_by_type["commit"] == 3
    assert res.stats.lines_total == 11


def test_trailers_removed_body_and_stats_kept(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    msg = (
        "Cache the token lookup\n\nThe lookup ran once per request, which made login slow.\n\n"
        "Refs: ABC-12\nCo-authored-by: Robin Helper <robin@helper.example>\nSigned-off-by: Pat Dev <pat@example.com>"
    )
    b.commit(msg, {"a.py": "x = 1\ny = 2\n"})
    # Not a pure trailer block (a prose line follows), yet the identity line still goes.
    b.commit("Drop the retry\n\nReviewed-by: Robin Helper <robin@helper.example>\nsee the thread", {"a.py": "x = 1\n"})
    text = batch_text(read_git(unit_of(b.path), EMAILS))
    assert text == (
        "Cache the token lookup\n\nThe lookup ran once per request, which made login slow.\n\nRefs: ABC-12\n\n"
        "(1 file, +2 −0)\n\n---\n\nDrop the retry\n\nsee the thread\n\n(1 file, +0 −1)"
    )
    for leaked in ("Robin", "robin@", "Signed-off-by", "Reviewed-by", "pat@example.com", "Co-authored"):
        assert leaked not in text


def test_merge_skipped_and_both_branches_read(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    base = b.commit("Add base")
    left = b.commit("Add left side", parents=[base])
    right = b.commit("Add right side", parents=[base])
    b.commit("Merge branch 'feature'", parents=[left, right])
    res = read_git(unit_of(b.path), EMAILS)
    text = batch_text(res)
    assert "Merge branch" not in text
    assert "Add left side" in text and "Add right side" in text  # every commit reachable from HEAD
    assert res.stats.skips == {"merge": 1}
    assert all("Merge branch" not in d for d in diffs(res))


def test_diff_sample_smallest_first_binary_and_huge_left_out(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    b.commit("Add two lines", {"a.txt": "one\ntwo\n"})
    b.commit("Add logo and note", {"logo.png": b"\x89PNG\x00\x01\x02" * 50, "note.txt": "logo added\n"})
    b.commit("Add huge table", {"table.txt": "".join(f"row {i} of a large generated table\n" for i in range(1000))})
    b.commit("Add one line", {"b.txt": "solo\n"})
    res = read_git(unit_of(b.path), EMAILS)
    sample = [t for t in res.turns if t.kind is TurnKind.DIFF]
    assert [t.text.split("\n", 1)[0] for t in sample] == ["Add one line", "Add logo and note", "Add two lines"]
    assert [t.line_no for t in sample] == [100_000, 100_001, 100_002]
    assert {t.tier for t in sample} == {Tier.T3}
    assert sample[0].session_id == "git/api#d0"
    logo = sample[1].text  # ties on changed lines: newest first
    assert "note.txt" in logo and "+logo added" in logo
    assert "logo.png" not in logo and "Binary files" not in logo
    assert res.stats.skips["binary_diff"] == 1
    assert res.stats.skips["diff_too_large"] == 1
    assert all("huge table" not in d for d in diffs(res))
    assert "Add huge table" in batch_text(res)  # still a commit message


def test_diff_budget_caps_count(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    for i in range(5):
        b.commit(f"Add item {i}")
    assert len(diffs(read_git(unit_of(b.path), EMAILS, max_diffs=2))) == 2
    assert diffs(read_git(unit_of(b.path), EMAILS, max_total_diff_bytes=10)) == []


def test_empty_repo_and_no_matching_author(tmp_path: Path) -> None:
    empty = Builder(tmp_path / "empty")
    res = read_git(unit_of(empty.path), EMAILS)
    assert res.turns == [] and res.file_error is None and res.stats.skips == {"empty_repo": 1}
    assert repo_fingerprint(empty.path, EMAILS).startswith("empty:")

    theirs = Builder(tmp_path / "theirs")
    for i in range(3):
        theirs.commit(f"Add thing {i}", author=OTHER)
    res = read_git(unit_of(theirs.path), EMAILS)
    assert res.turns == [] and res.file_error is None and res.stats.skips == {"other_author": 3}
    res = read_git(unit_of(theirs.path), [])
    assert res.turns == [] and res.stats.skips == {"no_author_emails": 1}


def test_not_a_repo_and_corrupt_repo_never_raise(tmp_path: Path) -> None:
    plain = tmp_path / "secret-project"
    plain.mkdir()
    res = read_git(unit_of(plain), EMAILS)
    assert res.turns == [] and res.file_error == "git_error:InvalidGitRepositoryError"
    assert repo_fingerprint(plain, EMAILS).startswith("error:")

    b = Builder(tmp_path / "broken")
    b.commit("Add a")
    ref = b.path / ".git" / "refs" / "heads" / "main"
    ref.write_text("0123456789012345678901234567890123456789\n")  # HEAD names a missing object
    res = read_git(unit_of(b.path), EMAILS)
    assert res.turns == []
    assert res.file_error is not None and res.file_error.startswith("git_error:")
    assert "broken" not in res.file_error and "Add a" not in res.file_error


def _fast_import(path: Path, n: int) -> None:
    """n tiny commits by ME, oldest first, in one `git fast-import` (index.commit is ~15 ms each)."""
    repo = git.Repo.init(path, initial_branch="main")
    chunks: list[bytes] = []
    for i in range(n):
        msg, body = f"Change {i:03d}".encode(), f"{i}\n".encode()
        who = f"{ME.name} <{ME.email}> {T0 + i * 60} +0000".encode()
        chunks += [b"commit refs/heads/main\n", b"author " + who + b"\n", b"committer " + who + b"\n"]
        chunks += [b"data %d\n" % len(msg), msg, b"\n", b"M 100644 inline f.txt\n", b"data %d\n" % len(body), body]
        chunks.append(b"\n")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo.working_tree_dir, input=b"".join(chunks), check=True)


def test_batches_oldest_first(tmp_path: Path) -> None:
    path = tmp_path / "widget"
    _fast_import(path, 250)
    res = read_git(unit_of(path), EMAILS, max_diffs=0)
    batches = [t for t in res.turns if t.kind is TurnKind.COMMIT_BATCH]
    assert [t.session_id for t in batches] == ["git/widget#b0", "git/widget#b1", "git/widget#b2"]
    assert [t.line_no for t in batches] == [0, 1, 2]
    assert [t.text.count("\n---\n") + 1 for t in batches] == [100, 100, 50]
    assert batches[0].text.startswith("Change 000\n\n(1 file, +1 −")
    assert "Change 099" in batches[0].text and "Change 100" in batches[1].text
    assert batches[2].text.rstrip().endswith("Change 249\n\n(1 file, +1 −1)")
    assert batches[0].timestamp == "2023-11-14T23:52:20Z"  # the batch's newest commit (T0 + 99 min)
    assert {t.tier for t in batches} == {Tier.T2}
    assert {project_of(t.cwd, "x") for t in batches} == {"widget"}
    assert res.stats.lines_total == 250 and res.stats.kept_bytes > 0
    again = read_git(unit_of(path), EMAILS, max_diffs=0)
    assert [t.text for t in again.turns] == [t.text for t in batches]  # stable: a response cache hits


def test_discovery_dedupes_worktrees_submodules_and_prunes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "code"
    proj = Builder(root / "proj")
    proj.commit("Add a")
    lib = Builder(tmp_path / "elsewhere" / "lib")
    lib.commit("Add lib")
    proj.repo.git.worktree("add", str(root / "proj-wt"), "-b", "wt")
    proj.repo.git(c="protocol.file.allow=always").submodule("add", str(lib.path), "vendored-lib")
    Builder(root / "web" / "node_modules" / "left-pad")  # vendored: pruned
    Builder(root / "a" / "api")
    Builder(root / "b" / "api")
    (root / "link").symlink_to(tmp_path / "elsewhere")  # symlinked dirs are never followed
    (root / "fake" / ".git").mkdir(parents=True)  # no HEAD: not a repo
    home = tmp_path / "users" / "alice"
    Builder(home)
    monkeypatch.setenv("HOME", str(home))
    ignored: dict[str, int] = {}
    units = discover_repos([root, home, tmp_path / "missing"], ignored)
    assert [(u.key, u.path) for u in units] == [
        ("git/api", root / "a" / "api"),
        ("git/api~2", root / "b" / "api"),
        ("git/home", home),
        ("git/proj", root / "proj"),
    ]
    assert {u.kind for u in units} == {SourceKind.GIT}
    assert "alice" not in " ".join(u.key for u in units)
    assert ignored == {"worktree": 1, "submodule": 1, "not_a_repo": 1}


def test_rewritten_history_no_duplicates(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    first = b.commit("Add first")
    b.commit("Add doomed")
    before = repo_fingerprint(b.path, EMAILS)
    assert "Add doomed" in batch_text(read_git(unit_of(b.path), EMAILS))
    b.repo.head.reset(first, index=True, working_tree=True)
    b.commit("Add replacement")
    b.repo.git.commit("--amend", "-m", "Add replacement, amended")
    after = repo_fingerprint(b.path, EMAILS)
    assert after != before
    res = read_git(unit_of(b.path), EMAILS)
    text = batch_text(res)
    assert "Add doomed" not in text and "Add replacement\n" not in text
    assert text.count("Add first") == 1 and text.count("Add replacement, amended") == 1
    assert res.stats.lines_total == 2


def test_fingerprint_stable_and_sensitive(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    c = b.commit("Add a")
    fp = repo_fingerprint(b.path, ["pat@example.com", "me@work.example"])
    assert fp == repo_fingerprint(b.path, ["ME@work.example", "pat@example.com"])  # order and case
    assert fp != repo_fingerprint(b.path, ["pat@example.com"])
    assert repo_fingerprint(b.path, ["a@x"]).startswith("empty:") is False
    b.repo.git.checkout(c.hexsha)  # detached HEAD is fine
    assert fp == repo_fingerprint(b.path, ["pat@example.com", "me@work.example"])
    b.commit("Add b")
    assert fp != repo_fingerprint(b.path, ["pat@example.com", "me@work.example"])


def _batch_view(tmp_path: Path, subjects: list[str]) -> EvidenceView:
    b = Builder(tmp_path / "style")
    for s in subjects:
        b.commit(s)
    turn = next(t for t in read_git(unit_of(b.path), EMAILS).turns if t.kind is TurnKind.COMMIT_BATCH)
    return EvidenceView(evidence_id="e1", tier=turn.tier, kind=turn.kind.value, excerpt=turn.text)


def _grounded(ev: EvidenceView, drafts: list) -> set[str]:
    obs, dropped = ground(DigestInput(unit_key="git/x", session_id=None, project="x", evidence=[ev]), drafts, "t", "v")
    assert dropped == 0  # every quote is verbatim in the excerpt
    return {o.statement for o in obs}


def test_commit_style_conventional_batch(tmp_path: Path) -> None:
    ev = _batch_view(
        tmp_path,
        ["feat: add csv export", "fix(api): handle empty body", "feat: add paging", "chore: bump deps", "Update docs"],
    )
    drafts = cs.commit_style_drafts(ev)
    conventional = [d for d in drafts if d.statement == cs.CONVENTIONAL]
    assert len(conventional) == 1 and conventional[0].quote == "feat: add csv export"
    assert conventional[0].tier is Tier.T2
    statements = _grounded(ev, drafts)
    assert {cs.CONVENTIONAL, cs.IMPERATIVE, cs.LOWERCASE, cs.SMALL, "Keep commit subjects under 50 characters."} <= (
        statements
    )
    assert cs.BODY_WHY not in statements and cs.TICKET not in statements


def test_commit_style_mixed_batch_states_nothing_for_it(tmp_path: Path) -> None:
    ev = _batch_view(
        tmp_path,
        ["feat: add csv export", "Added paging", "Fixes the login bug", "fix: handle empty body", "Updated the docs"],
    )
    statements = {d.statement for d in cs.commit_style_drafts(ev)}
    assert cs.CONVENTIONAL not in statements and cs.IMPERATIVE not in statements
    assert cs.commit_style_drafts(_batch_view(tmp_path / "few", ["feat: a", "feat: b"])) == []  # too few


def test_commit_style_bodies_and_tickets(tmp_path: Path) -> None:
    ev = _batch_view(
        tmp_path,
        [f"ABC-{i} Add step {i}\n\nThe importer needs step {i} because rows arrive out of order." for i in range(5)],
    )
    statements = _grounded(ev, cs.commit_style_drafts(ev))
    assert {cs.BODY_WHY, cs.TICKET} <= statements
    assert cs.CONVENTIONAL not in statements


def test_diff_drafts_added_imports_and_type_hints(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    b.commit("Add pandas loader", {"old.py": "import pandas as pd\n"})
    os.remove(b.path / "old.py")
    b.repo.index.remove(["old.py"])
    code = (
        "import polars as pl\nfrom pydantic import BaseModel\nimport mypkg.core\n\n\n"
        "def load(path: str, limit: int = 10) -> pl.DataFrame:\n    return pl.read_csv(path).head(limit)\n\n\n"
        "def count(df: pl.DataFrame) -> int:\n    return df.height\n"
    )
    b.commit("Load with polars", {"src/load.py": code})
    views = [
        EvidenceView(evidence_id=f"d{t.line_no}", tier=t.tier, kind=t.kind.value, excerpt=t.text)
        for t in read_git(unit_of(b.path), EMAILS).turns
        if t.kind is TurnKind.DIFF
    ]
    by_subject = {v.excerpt.split("\n", 1)[0]: v for v in views}
    ev = by_subject["Load with polars"]
    drafts = cs.diff_drafts(ev)
    assert [(d.statement, d.quote) for d in drafts] == [
        ("Use polars.", "import polars as pl"),
        ("Use pydantic.", "from pydantic import BaseModel"),
        (cs.TYPE_HINTS, "def load(path: str, limit: int = 10) -> pl.DataFrame:"),
    ]
    assert {d.tier for d in drafts} == {Tier.T3}
    assert _grounded(ev, drafts) == {"Use polars.", "Use pydantic.", cs.TYPE_HINTS}
    assert [d.statement for d in cs.diff_drafts(by_subject["Add pandas loader"])] == ["Use pandas."]


def test_diff_drafts_untyped_and_removed_imports(tmp_path: Path) -> None:
    diff = (
        "Switch loaders\ndiff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,3 @@\n-import polars\n"
        "+def load(path):\n+    return path\n+def keep(x: int) -> int:\n"
    )
    assert cs.diff_drafts(EvidenceView(evidence_id="d", tier=Tier.T3, kind="diff", excerpt=diff)) == []


def test_an_oversized_commit_is_cut_at_whitespace_not_inside_a_secret(tmp_path: Path) -> None:
    """The batch is cut before redaction: a token straddling the limit is dropped whole."""
    from persona_pipeline.core.sources import git_history as gh

    key = "ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj"
    b = Builder(tmp_path / "big")
    body = "word " * (gh.BATCH_MAX_CHARS // 5)
    b.commit(f"Add the importer\n\n{body[: gh.BATCH_MAX_CHARS - 40]}{key} and more words after it")
    text = batch_text(read_git(unit_of(b.path), EMAILS))
    assert 0 < len(text) <= gh.BATCH_MAX_CHARS
    assert key in text or "ghp_" not in text


def _drop_object(repo_path: Path, sha: str) -> None:
    """Make one object unreadable, as a damaged clone or a failed disk leaves it."""
    obj = repo_path / ".git" / "objects" / sha[:2] / sha[2:]
    obj.chmod(0o644)
    obj.unlink()


def test_unreadable_object_costs_only_its_commits(tmp_path: Path) -> None:
    b = Builder(tmp_path / "api")
    b.commit("Add the parser", {"parser.py": "def parse():\n    return 1\n"})
    b.commit("Add the lexer", {"lexer.py": "def lex():\n    return 'tokens only here'\n"})
    b.commit("Add the cli", {"cli.py": "def main():\n    pass\n"})
    blob = b.repo.git.rev_parse("HEAD~1:lexer.py")
    _drop_object(b.path, blob)
    res = read_git(unit_of(b.path), EMAILS)
    assert res.file_error is None
    text = batch_text(res)
    # the commit whose blob is gone keeps its message, without its file stats
    assert "Add the parser" in text and "Add the cli" in text and "Add the lexer" in text
    assert res.stats.skips["unreadable_diff"] == 1 and "unreadable_object" not in res.stats.skips
    # the diff sample skips what it cannot show, never the repository
    assert all("lexer" not in d for d in diffs(res)) and diffs(res)


def test_missing_commit_object_keeps_the_commits_after_it(tmp_path: Path) -> None:
    b = Builder(tmp_path / "web")
    b.commit("First change")
    middle = b.commit("Second change")
    b.commit("Third change")
    _drop_object(b.path, middle.hexsha)
    res = read_git(unit_of(b.path), EMAILS)
    assert res.file_error is None and "Third change" in batch_text(res)
    assert "Second change" not in batch_text(res) and res.stats.skips["unreadable_object"] == 1
