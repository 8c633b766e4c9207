"""Git history as a source: one repository is one source unit.

What is kept is what the person wrote themselves: their commit messages (T2, in batches of
~100, oldest first) and a small sample of their smallest diffs (T3, corroborates only). Merge
commits, other people's commits, bots and agent-written commits are counted and dropped.

Choices:
- Working trees only (a dir holding a `.git` dir, or a `.git` file of `--separate-git-dir`);
  bare repos are not discovered. Linked worktrees and submodules are not separate units: units
  are deduped by the resolved common git dir, and submodules are counted as ignored.
- History is every commit reachable from HEAD (not first-parent): the person's commits on a
  merged feature branch are their work too. Order is git's history order, oldest first, so new
  commits only change the last batch and earlier batches stay byte-identical (cache hits).
- Change detection is `repo_fingerprint` (HEAD commit + author emails), not the unit's stat.
  On a change the whole history is re-read and the unit's rows replaced: rewritten history
  never duplicates.
- One `git log --numstat` call reads everything; one `git show` per sampled diff.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from persona_pipeline.core.models import ReadResult, ReadStats, SourceKind, Tier, Turn, TurnKind
from persona_pipeline.core.sources.discovery import _UNSAFE, SourceUnit, is_home_dir, unique_keys, walk_dirs
from persona_pipeline.core.sources.user_text import cut_head

if TYPE_CHECKING:
    import git

READER_VERSION = "git-3"  # 2: an oversized commit is cut at whitespace. 3: unreadable objects cost their commits only

BATCH_MAX_CHARS = 60_000
DIFF_LINE_OFFSET = 100_000  # diff turns' line_no, distinct from batch indexes
_MAX_SHOW_FACTOR = 3  # at most max_diffs * 3 `git show` calls per read

# --- who wrote it -------------------------------------------------------------------------
# A name, after "[bot]" is stripped, that is an agent product (full match: "Claude Monet" is not).
_AGENT_NAME = re.compile(
    r"(?:claude(?:[ -](?:code|opus|sonnet|haiku|ai|agent))*(?:[ -]?\d[\w. -]*)?|anthropic(?: .*)?"
    r"|(?:openai[ -])?codex(?:[ -](?:cli|agent|connector))?|chatgpt(?:[ -].*)?|openai(?:[ -].*)?|gpt-?\d[\w.-]*"
    r"|(?:github[ -])?copilot(?:[ -].*)?|cursor(?:[ -]?agent)?|aider(?:[ -].*)?|devin(?:[ -]ai(?:-integration)?)?"
    r"|gemini(?:[ -].*)?|(?:google[ -](?:labs[ -])?)?jules|amazon[ -]q(?:[ -]developer)?|q developer"
    r"|windsurf(?:[ -].*)?|codeium(?:[ -].*)?|cline|sweep(?:[ -]ai)?|opencode|amp|tabnine)",
    re.IGNORECASE,
)
_AGENT_EMAIL = re.compile(
    r"^(?:noreply|no-reply|claude|codex|cursoragent|agent|aider|devin|jules)@"
    r"(?:anthropic\.com|openai\.com|cursor\.(?:com|sh)|aider\.chat|cognition\.ai|devin\.ai|codeium\.com"
    r"|windsurf\.com|sweep\.dev|cline\.bot|ampcode\.com)$"
    r"|copilot|^(?:\d+\+)?(?:devin-ai-integration|claude|codex|cursor|google-labs-jules|gemini-code-assist"
    r"|sweep-ai)(?:\[bot\])?@users\.noreply\.github\.com$",
    re.IGNORECASE,
)
_BOT = re.compile(
    r"\[bot\]|^(?:\d+\+)?(?:dependabot|renovate|github-actions|greenkeeper|snyk-bot|pre-commit-ci|mergify"
    r"|semantic-release-bot|allcontributors|imgbot|pyup-bot|depfu)\b",
    re.IGNORECASE,
)
_CO_AUTHOR = re.compile(
    r"^\s*(?:co-authored-by|assisted-by|generated-by|ai-assisted-by)\s*:\s*"
    r"(?P<name>[^<\n]*?)\s*(?:<(?P<email>[^>\n]*)>)?\s*$",
    re.IGNORECASE | re.MULTILINE,
)
_AGENT_FOOTER = re.compile(
    r"^\W*generated (?:with|by|using) \[?(?:claude|codex|cursor|copilot|aider|gemini|devin|chatgpt|openai"
    r"|windsurf|codeium|cline|jules|amazon q|opencode|amp\b)|^\s*🤖 generated with",
    re.IGNORECASE | re.MULTILINE,
)

# --- trailers: they hold names and emails, so they never reach the batch text --------------
_TRAILER = re.compile(r"^[A-Za-z][A-Za-z0-9-]*\s?:\s*\S")
_IDENTITY_TRAILER = re.compile(
    r"^\s*(?:co-authored-by|signed-off-by|reviewed-by|acked-by|tested-by|reported-by|suggested-by|helped-by"
    r"|assisted-by|generated-by|ai-assisted-by|cc|reviewed-on|change-id)\s*:",
    re.IGNORECASE,
)
# Ticket trailers carry no identity and are evidence of a convention: kept.
_TICKET_TRAILER = re.compile(r"^\s*(?:fixes|closes|resolves|refs?|issue|ticket|jira|bug)\s*:\s*[^@<]*$", re.IGNORECASE)

_FIELDS = ("%H", "%P", "%ae", "%aE", "%an", "%aN", "%ce", "%cn", "%at")
_LOG_FORMAT = "%x1e" + "%x1f".join(_FIELDS) + "%x1f%B%x1f"
_DIFF_SPLIT = re.compile(r"^(?=diff --git )", re.MULTILINE)
_BINARY = re.compile(r"^(?:Binary files .* differ|GIT binary patch)$", re.MULTILINE)
# Options that pin output no matter the user's git config (signatures, colour, external diff).
_STABLE = ("--no-color", "--no-show-signature", "--no-ext-diff", "--no-textconv", "--find-renames", "--no-relative")


@dataclass(frozen=True, slots=True)
class _Commit:
    sha: str
    parents: int
    emails: frozenset[str]  # author email, raw and mailmapped, lowercased
    names: tuple[str, ...]  # author (raw, mailmapped) and committer names
    committer_email: str
    time: int
    message: str
    files: int
    added: int
    deleted: int

    @property
    def changed(self) -> int:
        return self.added + self.deleted

    @property
    def subject(self) -> str:
        return self.message.strip().split("\n", 1)[0].strip()


# --- discovery ------------------------------------------------------------------------------
def _repo_dirs(root: Path, ignored: dict[str, int]) -> Iterator[tuple[Path, os.DirEntry[str] | None]]:
    """(dir, its `.git` entry or None) under root, with discovery's pruning and symlink policy."""
    for d, entries in walk_dirs(root, ignored):
        yield d, next((e for e in entries if e.name == ".git"), None)


def _git_file_target(dot_git: Path) -> Path | None:
    """The gitdir a `.git` file points at (worktrees, submodules, --separate-git-dir)."""
    try:
        head = dot_git.read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        return None
    for line in head.splitlines():
        if line.startswith("gitdir:"):
            target = Path(line[len("gitdir:") :].strip())
            return (target if target.is_absolute() else dot_git.parent / target).resolve()
    return None


def _is_submodule_gitdir(gitdir: Path) -> bool:
    parts = gitdir.parts
    return any(p == ".git" and "modules" in parts[i + 1 :] for i, p in enumerate(parts))


def _classify_repo(d: Path, dot_git: os.DirEntry[str]) -> tuple[str, Path | None]:
    """("main" | "worktree" | "submodule" | "not_a_repo", resolved common git dir)."""
    try:
        if dot_git.is_dir(follow_symlinks=False):
            gd = Path(dot_git.path)
            return ("main", gd.resolve()) if (gd / "HEAD").is_file() else ("not_a_repo", None)
        if not dot_git.is_file(follow_symlinks=False):
            return "not_a_repo", None
    except OSError:
        return "not_a_repo", None
    gitdir = _git_file_target(Path(dot_git.path))
    if gitdir is None or not (gitdir / "HEAD").is_file():
        return "not_a_repo", None
    try:
        common = (gitdir / "commondir").read_text(encoding="utf-8").strip()
    except OSError:
        common = ""
    if common:
        return "worktree", (gitdir / common).resolve()
    if _is_submodule_gitdir(gitdir):
        return "submodule", None
    return "main", gitdir  # `git init --separate-git-dir`


def repo_key_name(d: Path) -> str:
    """The unit key's folder part: never a home directory's user name."""
    return "home" if is_home_dir(d) else (_UNSAFE.sub("_", d.name) or "repo")


def _bump(ignored: dict[str, int], reason: str, n: int = 1) -> None:
    if n:
        ignored[reason] = ignored.get(reason, 0) + n


def discover_repos(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """One unit per repository (working trees only) under roots, keyed `git/<folder>`.

    Repos nested inside a repo's working tree are found too (a dotfiles repo at the home dir
    must not hide the projects under it); submodules and extra linked worktrees are counted in
    `ignored` instead of becoming units."""
    by_common: dict[Path, list[tuple[int, Path]]] = {}
    for root in roots:
        if not root.is_dir():
            continue
        for d, dot_git in _repo_dirs(root, ignored):
            if dot_git is None:
                continue
            kind, common = _classify_repo(d, dot_git)
            if common is None:
                _bump(ignored, kind)
                continue
            by_common.setdefault(common, []).append((0 if kind == "main" else 1, d))
    units: list[SourceUnit] = []
    for found in by_common.values():
        trees = sorted(set(found))
        d = trees[0][1]  # the main working tree if found, else the first worktree
        _bump(ignored, "worktree", sum(1 for r, _ in trees[1:] if r == 1))
        _bump(ignored, "duplicate_repo", sum(1 for r, _ in trees[1:] if r == 0))
        try:
            st = (d / ".git").stat()
        except OSError:
            _bump(ignored, "unreadable_entry")
            continue
        units.append(SourceUnit(f"git/{repo_key_name(d)}", SourceKind.GIT, d, st.st_size, st.st_mtime_ns))
    return unique_keys(units)  # two repos can share a folder name


# --- fingerprint ----------------------------------------------------------------------------
def _emails_norm(author_emails: list[str]) -> list[str]:
    return sorted({e.strip().lower() for e in author_emails if e.strip()})


def repo_fingerprint(path: Path, author_emails: list[str]) -> str:
    """The repo's watermark: HEAD commit and the person's emails. No log walk. Never raises."""
    import git  # GitPython is slow to import: only sources that use git pay for it

    emails = "\x1f".join(_emails_norm(author_emails))
    emails_hash = hashlib.sha256(emails.encode()).hexdigest()[:16]
    try:
        with git.Repo(path) as repo:
            head = _head_sha(repo)
    except Exception as exc:  # a broken repo must not stop discovery
        return f"error:{type(exc).__name__}:{emails_hash}"
    if head is None:
        return f"empty:{emails_hash}"
    return hashlib.sha256(f"{head}\x1e{emails}".encode()).hexdigest()


def _head_sha(repo: git.Repo) -> str | None:
    """HEAD's commit sha (detached or not); None for an unborn branch (no commits yet).

    `rev-parse --verify` exits 1 only when HEAD names nothing; a ref naming a missing object
    still resolves here and fails later, as corruption (not as an empty repo)."""
    import git

    try:
        return repo.git.rev_parse("--verify", "--quiet", "HEAD").strip() or None
    except git.GitCommandError as exc:
        if exc.status == 1:
            return None
        raise


# --- reading --------------------------------------------------------------------------------
def _decode(raw: bytes | str) -> str:
    return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw


def _numstat(tail: str) -> tuple[int, int, int, int]:
    """(files, added, deleted, binary files) from a commit's --numstat lines."""
    files = added = deleted = binary = 0
    for line in tail.splitlines():
        cols = line.split("\t", 2)
        if len(cols) != 3:
            continue
        files += 1
        if cols[0] == "-" or cols[1] == "-":
            binary += 1
        elif cols[0].isdigit() and cols[1].isdigit():
            added += int(cols[0])
            deleted += int(cols[1])
    return files, added, deleted, binary


def _parse_log(out: str) -> list[_Commit]:
    commits: list[_Commit] = []
    for record in out.split("\x1e"):
        head = record.split("\x1f", len(_FIELDS))
        if len(head) <= len(_FIELDS):
            continue
        sha, parents, ae, ae_map, an, an_map, ce, cn, at = head[: len(_FIELDS)]
        message, _, tail = head[len(_FIELDS)].rpartition("\x1f")
        files, added, deleted, _ = _numstat(tail)
        commits.append(
            _Commit(
                sha=sha,
                parents=len(parents.split()),
                emails=frozenset({ae.lower(), ae_map.lower()}),
                names=(an, an_map, cn),
                committer_email=ce.lower(),
                time=int(at) if at.isdigit() else 0,
                message=message,
                files=files,
                added=added,
                deleted=deleted,
            )
        )
    return commits


def _agent_identity(name: str, email: str) -> bool:
    bare = re.sub(r"\s*\[bot\]$", "", name.strip(), flags=re.IGNORECASE)
    return bool(_AGENT_NAME.fullmatch(bare) or (email and _AGENT_EMAIL.search(email)))


def _agent_message(c: _Commit) -> bool:
    if c.subject.lower().startswith("aider:") or _AGENT_FOOTER.search(c.message):
        return True
    if any(n.rstrip().lower().endswith("(aider)") for n in c.names):
        return True  # aider appends "(aider)" to the author/committer name
    return any(_agent_identity(m.group("name"), m.group("email") or "") for m in _CO_AUTHOR.finditer(c.message))


def _classify(c: _Commit, people: set[str]) -> str:
    """merge | agent_commit | bot_commit | other_author | commit."""
    if c.parents > 1:
        return "merge"
    own = bool(c.emails & people)
    # An agent's own identity; the person's own address never counts as an agent's.
    if not own and any(_agent_identity(n, e) for n in c.names[:2] for e in c.emails):
        return "agent_commit"
    if any(_BOT.search(x) for x in (*c.names[:2], *c.emails)):
        return "bot_commit"
    if not own:
        return "other_author"
    return "agent_commit" if _agent_message(c) else "commit"


def _strip_trailers(message: str) -> tuple[str, str]:
    """(subject, body): the trailing trailer paragraph and every identity trailer removed."""
    lines = message.strip().splitlines()
    if not lines:
        return "", ""
    subject, body = lines[0].strip(), lines[1:]
    # The last paragraph is a trailer block when every line is `Token: value` (or a continuation).
    start = max((i + 1 for i, ln in enumerate(body) if not ln.strip()), default=0)
    block = body[start:]
    if block and _TRAILER.match(block[0]) and all(_TRAILER.match(ln) or ln[:1].isspace() for ln in block):
        body = body[:start] + [ln for ln in block if _TICKET_TRAILER.match(ln)]
    body = [ln for ln in body if not _IDENTITY_TRAILER.match(ln)]
    return subject, "\n".join(body).strip("\n")


def _stats_line(c: _Commit) -> str:
    return f"({c.files} file{'' if c.files == 1 else 's'}, +{c.added} −{c.deleted})"


def _commit_text(c: _Commit) -> str:
    subject, body = _strip_trailers(c.message)
    return "\n\n".join(p for p in (subject, body, _stats_line(c)) if p)


def _iso(ts: int) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _batch_turns(unit: SourceUnit, kept: list[_Commit], batch_size: int, stats: ReadStats) -> list[Turn]:
    turns: list[Turn] = []
    size = max(1, batch_size)
    for index, start in enumerate(range(0, len(kept), size)):
        chunk = kept[start : start + size]
        texts = [_commit_text(c) for c in chunk]
        # Whole commits while they fit; a single oversized commit is cut.
        parts: list[str] = []
        used = 0
        for t in texts:
            if used + len(t) > BATCH_MAX_CHARS:
                break
            parts.append(t)
            used += len(t) + 6
        truncated = len(parts) < len(texts)
        if truncated:
            stats.skip("batch_truncated", len(texts) - max(len(parts), 1))
        # cut before redaction: at whitespace, so no secret is left as an unrecognisable half
        text = "\n\n---\n\n".join(parts) if parts else cut_head(texts[0], BATCH_MAX_CHARS)
        turns.append(
            Turn(
                line_no=index,
                byte_offset=0,
                session_id=f"{unit.key}#b{index}",
                timestamp=_iso(max(c.time for c in chunk)),
                cwd=str(unit.path),
                tier=Tier.T2,
                kind=TurnKind.COMMIT_BATCH,
                text=text,
                truncated=truncated,
            )
        )
    return turns


def _patch(repo: git.Repo, sha: str, stats: ReadStats) -> str:
    """A commit's unified diff, binary files left out (counted)."""
    raw = repo.git.show(sha, "--format=", "--patch", *_STABLE, stdout_as_string=False)
    kept: list[str] = []
    for chunk in _DIFF_SPLIT.split(_decode(raw)):
        if not chunk.strip():
            continue
        if _BINARY.search(chunk):
            stats.skip("binary_diff")
            continue
        kept.append(chunk)
    return "".join(kept).rstrip("\n")


def _diff_turns(
    unit: SourceUnit,
    repo: git.Repo,
    kept: list[_Commit],
    stats: ReadStats,
    max_diffs: int,
    max_diff_bytes: int,
    max_total_diff_bytes: int,
) -> list[Turn]:
    import git

    # Smallest first (they show habits, not features); ties: newest first.
    candidates = sorted((c for c in kept if c.changed > 0), key=lambda c: (c.changed, -c.time))
    turns: list[Turn] = []
    total = shows = 0
    for c in candidates:
        if len(turns) >= max_diffs or shows >= max_diffs * _MAX_SHOW_FACTOR:
            break
        if c.changed * 2 > max_diff_bytes:  # every diff line is at least "+\n": surely too large
            stats.skip("diff_too_large")
            continue
        shows += 1
        try:
            patch = _patch(repo, c.sha, stats)
        except git.GitCommandError:
            stats.skip("unreadable_object")
            continue
        if not patch:
            continue
        text = f"{c.subject}\n{patch}"
        size = len(text.encode("utf-8"))
        stats.raw_bytes += size
        if size > max_diff_bytes:
            stats.skip("diff_too_large")
            continue
        if total + size > max_total_diff_bytes:
            stats.skip("diff_budget")
            break
        total += size
        n = len(turns)
        turns.append(
            Turn(
                line_no=DIFF_LINE_OFFSET + n,
                byte_offset=0,
                entry_uuid=c.sha,
                session_id=f"{unit.key}#d{n}",
                timestamp=_iso(c.time),
                cwd=str(unit.path),
                tier=Tier.T3,
                kind=TurnKind.DIFF,
                text=text,
            )
        )
    return turns


_CHUNK = 256  # commits per `git log --no-walk` call when reading around damage


def _git_out(repo: git.Repo, *args: str) -> tuple[int, str]:
    """(exit status, stdout) of a git call that may fail part-way: what it printed is kept."""
    status, out, _ = repo.git.execute(
        ["git", *args], with_extended_output=True, with_exceptions=False, stdout_as_string=False
    )
    return int(status or 0), _decode(out)


def _walk_readable(repo: git.Repo, stats: ReadStats) -> list[str]:
    """The commits reachable from HEAD through readable commit objects (one `cat-file --batch`
    process), newest first by commit time; an unreadable one is counted and not walked past."""
    seen: set[str] = set()
    found: list[tuple[int, str]] = []
    todo = [repo.git.rev_parse("HEAD").strip()]
    while todo:
        sha = todo.pop()
        if sha in seen:
            continue
        seen.add(sha)
        try:
            c = repo.commit(sha)
            parents = [p.hexsha for p in c.parents]
            found.append((c.committed_date, sha))
        except Exception:  # missing or corrupt object: only this commit (and what only it reaches) is lost
            stats.skip("unreadable_object")
            continue
        todo += parents
    return [sha for _, sha in sorted(found, reverse=True)]


def _read_damaged(repo: git.Repo, fmt: str, stats: ReadStats) -> list[_Commit]:
    """History read around unreadable objects: the commits reachable through readable commit
    objects, then their messages and numstat in chunks, a failing chunk split in halves down to
    single commits, kept without file stats when only a tree or blob is missing
    (`unreadable_diff`), dropped when the commit itself is (`unreadable_object`). Oldest first."""
    status, listed = _git_out(repo, "rev-list", "HEAD")
    shas = [line.strip() for line in listed.splitlines() if len(line.strip()) == 40]
    if status != 0:
        shas = _walk_readable(repo, stats)  # a commit object itself is missing: walk around it
    if not shas:
        raise ValueError("no readable commit")  # HEAD itself is unreadable: the repository is skipped
    commits: list[_Commit] = []
    todo = [shas[i : i + _CHUNK] for i in range(0, len(shas), _CHUNK)]
    while todo:
        chunk = todo.pop(0)
        status, out = _git_out(repo, "log", "--no-walk=unsorted", "--numstat", fmt, *_STABLE, *chunk)
        if status == 0:
            commits += _parse_log(out)
        elif len(chunk) == 1:
            # its message without the file stats (a tree or blob it changed is unreadable), or nothing
            status, out = _git_out(repo, "log", "--no-walk", fmt, *_STABLE, *chunk)
            readable = _parse_log(out) if status == 0 else []
            commits += readable
            stats.skip("unreadable_diff" if readable else "unreadable_object")
        else:
            half = len(chunk) // 2
            todo[:0] = [chunk[:half], chunk[half:]]
    commits.reverse()  # rev-list lists newest first
    return commits


def read_git(
    unit: SourceUnit,
    author_emails: list[str],
    *,
    batch_size: int = 100,
    max_diffs: int = 20,
    max_diff_bytes: int = 8_000,
    max_total_diff_bytes: int = 120_000,
) -> ReadResult:
    """The person's commit-message batches (T2) and small diffs (T3) of one repository.

    Never raises; error strings name only the exception type (never commit text or paths)."""
    import git

    stats = ReadStats(cwd=str(unit.path))
    people = set(_emails_norm(author_emails))
    if not people:
        stats.skip("no_author_emails")
        return ReadResult.finish([], stats)
    try:
        with git.Repo(unit.path) as repo:
            if _head_sha(repo) is None:
                stats.skip("empty_repo")
                return ReadResult.finish([], stats)
            fmt = f"--format={_LOG_FORMAT}"
            try:
                out = repo.git.log("HEAD", "--reverse", "--numstat", fmt, *_STABLE, stdout_as_string=False)
                commits = _parse_log(_decode(out))
            except git.GitCommandError:
                commits = _read_damaged(repo, fmt, stats)  # one missing object must not cost the repository
            kept: list[_Commit] = []
            for c in commits:
                label = _classify(c, people)
                stats.saw(label)
                stats.lines_total += 1
                if label == "commit":
                    kept.append(c)
                    stats.raw_bytes += len(c.message.encode("utf-8"))
                else:
                    stats.skip(label)
            turns = _batch_turns(unit, kept, batch_size, stats)
            turns += _diff_turns(unit, repo, kept, stats, max_diffs, max_diff_bytes, max_total_diff_bytes)
    except Exception as exc:  # GitPython / git failures: the whole repo is skipped, by type only
        return ReadResult.finish([], stats, f"git_error:{type(exc).__name__}")
    return ReadResult.finish(turns, stats)
