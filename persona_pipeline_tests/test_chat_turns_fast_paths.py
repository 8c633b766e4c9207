"""`chat_turns`' shortcuts for VS Code-family workspaces give what the plain definitions give."""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import unquote, urlparse

from persona_pipeline.core.sources import chat_turns as ct


def _reference_folder(uri: object) -> str | None:
    """`folder_of_uri` as it was: every URI through `urlparse`."""
    if not isinstance(uri, str) or not uri.startswith("file://"):
        return None
    path = unquote(urlparse(uri).path)
    if len(path) > 2 and path[0] == "/" and path[2] == ":":
        path = path[1:].replace("/", "\\")
    return path or None


_PIECES = [
    "/",
    "work",
    "c:",
    "C%3A",
    "%20",
    "%2F",
    "%",
    " ",
    "\t",
    "\n",
    "?q=1",
    "#frag",
    ";p",
    "é",
    "[",
    "]",
    "@",
    "x",
]


def _outcome(fn: object, uri: str) -> object:
    try:
        return fn(uri)  # type: ignore[operator]
    except ValueError as exc:  # `urlparse` refuses a host like `[` (as before: the reader's caller decides)
        return ("ValueError", str(exc))


def test_folder_of_uri_is_urlparse() -> None:
    rng = random.Random(4)
    fast = 0
    for _ in range(20_000):
        rest = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 8)))
        uri = rng.choice(["file:///", "file://", "file://host/", "FILE:///", "file:/", " file:///"]) + rest
        assert _outcome(ct.folder_of_uri, uri) == _outcome(_reference_folder, uri), repr(uri)
        fast += bool(ct._PLAIN_FILE_URI.fullmatch(uri))
    assert fast > 1000  # the shortcut is taken (and so tested)
    assert ct.folder_of_uri(None) is None and ct.folder_of_uri("file:///c:/Users/x") == "c:\\Users\\x"


def test_head_is_read_bytes_cut(tmp_path: Path) -> None:
    for size in (0, 1, 100, 65535, 65536, 65537, 200_000):
        f = tmp_path / f"f{size}"
        f.write_bytes(bytes(random.Random(size).randrange(256) for _ in range(size)))
        for limit in (1, 100, 65536):
            assert ct._head(str(f), limit) == f.read_bytes()[:limit]
