"""The person's own identifiers, found locally, so they are redacted without being configured.

Sources: the OS account (login name, the full name in its passwd entry), the home folder's name,
the machine's host name, git's global identity (`user.name`, `user.email` in ~/.gitconfig and
$XDG_CONFIG_HOME/git/config), the account Claude Code is signed in with (`oauthAccount` in
~/.claude.json: e-mail and display name), and `PERSONA_AUTHOR_EMAILS` / `PERSONA_REDACT_NAMES`.
Repositories' own `user.name` / `user.email` are added when a repository is read.

Values stay in memory; `tag()` (a keyed digest) goes into fingerprints, so a changed identity
re-reads what was redacted without it, and `kinds()` (counts per kind) is all `persona status`
shows.
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


# --- the settings' view (ingest, the incremental pass and `persona status` share it) ---------
def base_identifiers(settings: Settings) -> list[tuple[str, str]]:
    """The person's own identifiers, known before any file is read (`evidence.owner_identity`)."""
    from persona_pipeline.core.config import claude_home

    return owner_identifiers(claude_home(), settings.resolved_author_emails(), settings.redact_names)


def identity_suffix(settings: Settings, create_key: bool = True) -> str:
    """What stored fingerprints carry of the redaction identity: when the identifiers change (a new
    git identity, a name added), every unit is read again and redacted with them. Keyed, so the
    stored tag reveals no name. Empty when there is no key yet and `create_key` is False."""
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
    return f"|id:{tag(ids, key)}"
