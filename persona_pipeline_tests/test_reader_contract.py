"""The reader contract (`core/sources/readers.py`): a reader registered in one line is picked up by
settings, discovery, fingerprints, reads, the warehouse, erasure's project names, the session
stages and `persona status`, with no code of its own anywhere else.

This module is itself the plug-in: it declares a `READER` for a made-up agent ("toyagent": one
prompt per line of `*.toy` files under `<root>/<project>/`), and the `toy` fixture registers it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from persona_pipeline.core import models
from persona_pipeline.core.config import ConfigError, check_environment, load_settings
from persona_pipeline.core.models import ReadStats, Tier, Turn, TurnKind
from persona_pipeline.core.sources import readers, tombstones
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped
from persona_pipeline.core.sources.pasted import CLASSIFIER_VERSION


def _key(folder: list[str], name: str) -> str | None:
    if not name.endswith(".toy"):
        return None
    return f"{readers.clean(folder[-1])}/{readers.clean(name)}"  # the project folder above the file


def _turns(unit: SourceUnit, stats: ReadStats) -> Iterator[Turn]:
    data = unit.path.read_bytes()
    if b"\x00" in data:
        raise FileSkipped("binary")
    stats.raw_bytes = len(data)
    offset = 0
    for n, line in enumerate(data.decode("utf-8", "replace").splitlines(keepends=True), start=1):
        stats.lines_total += 1
        if line.startswith("#"):
            stats.skip("scaffolding")
        elif line.strip():
            yield Turn(line_no=n, byte_offset=offset, tier=Tier.T2, kind=TurnKind.PROMPT, text=line.strip())
        offset += len(line.encode())


READER = readers.Reader(
    kind="toyagent",
    agent="Toy Agent",
    version="toy-1",
    setting="toyagent_dirs",
    default_roots=lambda host: [host.agent_home(".toyagent", "TOYAGENT_HOME") / "chats"],
    discover=lambda roots, ignored: readers.discover_files("toyagent", roots, ignored, _key),
    read=readers.streamed(_turns),
    project_in_key=True,
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """The toy reader registered, a home without any agent's history, and a toy root."""
    monkeypatch.setattr(readers, "AGENT_MODULES", (*readers.AGENT_MODULES, __name__))
    readers.clear_cache()
    for name in list(os.environ):
        if name.startswith(("PERSONA_", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_", "TOYAGENT_")):
            monkeypatch.delenv(name)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "toys"
    (root / "api").mkdir(parents=True)
    (root / "api" / "s1.toy").write_text("# injected context\nprefer small commits\n\nuse uv, not pip\n")
    (root / "api" / "notes.txt").write_text("not a toy file\n")
    yield root
    readers.clear_cache()


def test_the_reader_setting_is_an_environment_variable_and_a_file_key(toy: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PERSONA_TOYAGENT_DIRS", str(toy))
    check_environment()  # known: no "unknown environment variable"
    settings = load_settings()
    assert settings.resolved_roots(readers.by_kind()["toyagent"]) == [toy]
    assert not settings.uses_sample()  # a configured reader root is a configured source

    monkeypatch.delenv("PERSONA_TOYAGENT_DIRS")
    (tmp_path / "persona.toml").write_text('toyagent_dirs = ["toys"]\n')  # relative to the file
    assert load_settings().resolved_roots(readers.by_kind()["toyagent"]) == [toy]
    monkeypatch.setenv("PERSONA_TOYAGENT_DIRS", "")  # the environment wins: none
    assert load_settings().resolved_roots(readers.by_kind()["toyagent"]) == []

    monkeypatch.setenv("PERSONA_TOYAGENT_DIRS", str(tmp_path / "missing"))
    with pytest.raises(ConfigError, match="PERSONA_TOYAGENT_DIRS"):
        load_settings().check_roots()  # a typo fails loudly, never looks like no history


def test_default_roots_decide_between_real_history_and_the_sample(toy: Path, tmp_path: Path) -> None:
    reader = readers.by_kind()["toyagent"]
    assert load_settings().uses_sample()  # nobody's history anywhere
    chats = tmp_path / "home" / ".toyagent" / "chats"
    (chats / "web").mkdir(parents=True)
    (chats / "web" / "a.toy").write_text("hello\n")
    settings = load_settings()
    assert not settings.uses_sample()  # this agent's history alone is enough
    assert settings.resolved_roots(reader) == [chats]
    assert settings.resolved_claude_dirs() == []  # the other agents' absent defaults: silently none


def test_catalog_discovers_fingerprints_and_reads_a_registered_reader(toy: Path, monkeypatch) -> None:
    monkeypatch.setenv("PERSONA_TOYAGENT_DIRS", str(toy))
    sources = load_settings().sources()
    found = sources.discover(prepare=False)
    units = [u for u in found.units if u.kind == "toyagent"]
    assert [u.key for u in units] == ["toyagent/api/s1.toy"]
    current, probed = sources.fingerprints(units)
    st = (toy / "api" / "s1.toy").stat()
    assert (
        current == {"toyagent/api/s1.toy": f"{st.st_size}:{st.st_mtime_ns}:toy-1+{CLASSIFIER_VERSION}"} and not probed
    )
    assert sources.fingerprint(units[0]) == current["toyagent/api/s1.toy"]
    result = sources.read(units[0])
    assert [t.text for t in result.turns] == ["prefer small commits", "use uv, not pip"]
    assert result.stats.skips == {"scaffolding": 1}

    (toy / "api" / "s1.toy").write_bytes(b"\x00\x01binary")
    bad = sources.read(sources.discover(prepare=False).units[0])
    assert bad.file_error == "binary" and not bad.turns


def test_a_registered_reader_flows_into_the_warehouse_erasure_sessions_and_status(toy: Path, monkeypatch) -> None:
    from persona_pipeline.core.ingest import ingest_units
    from persona_pipeline.orchestration import status

    monkeypatch.setenv("PERSONA_TOYAGENT_DIRS", str(toy))
    monkeypatch.setenv("PERSONA_CLAUDE_DIRS", "")
    monkeypatch.setenv("PERSONA_CODEX_DIRS", "")
    monkeypatch.setenv("PERSONA_INSTRUCTION_FILES", "")
    settings = load_settings()
    units = settings.sources().discover(prepare=False).units
    [outcome] = ingest_units(settings, units)
    assert outcome.status == "processed" and len(outcome.evidence) == 2
    con = duckdb.connect(str(settings.warehouse_path), read_only=True)
    try:
        assert con.execute("SELECT source_kind, project, reader_version FROM units").fetchall() == [
            ("toyagent", "api", f"toy-1+{CLASSIFIER_VERSION}")
        ]
        assert {r[0] for r in con.execute("SELECT DISTINCT source_kind FROM evidence").fetchall()} == {"toyagent"}
    finally:
        con.close()
    assert tombstones.project_of_key("toyagent/api/s1.toy") == "api"  # forget <project> finds it
    assert models.is_transcript_key("toyagent/api/s1.toy")  # lessons and notes read its sessions
    assert "toyagent" in readers.session_kinds() and "toyagent" not in readers.general_chat_kinds()

    s = status.collect(settings)
    assert s["sources_by_kind"] == {"toyagent": 1} and s["units"] == {"toyagent": {"processed": 1}}
    assert "Toy Agent (toyagent): 1 on disk; 1 processed" in status.render(s)


def test_host_defaults_per_operating_system() -> None:
    home = Path("/h")
    linux = readers.Host("Linux", home, {})
    assert linux.config_dir() == home / ".config" and linux.data_dir() == home / ".local" / "share"
    assert readers.Host("Linux", home, {"XDG_CONFIG_HOME": "/x"}).config_dir() == Path("/x")
    mac = readers.Host("Darwin", home, {})
    assert mac.config_dir() == home / "Library" / "Application Support"
    win = readers.Host("Windows", home, {"APPDATA": "/r", "LOCALAPPDATA": "/l"})
    assert (win.config_dir(), win.data_dir()) == (Path("/r"), Path("/l"))
    assert readers.Host("Windows", home, {}).config_dir() == home / "AppData" / "Roaming"
    assert linux.agent_home(".codex", "CODEX_HOME") == home / ".codex"
    assert readers.Host("Linux", home, {"CODEX_HOME": "/c"}).agent_home(".codex", "CODEX_HOME") == Path("/c")


def test_wal_fingerprint_sees_a_commit_that_leaves_the_main_file_alone(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")  # as a running app: the main file is not rewritten
    con.execute("CREATE TABLE t (v TEXT)")
    con.commit()

    def unit() -> SourceUnit:
        st = db.stat()
        return SourceUnit("x/state.db", "x", db, st.st_size, st.st_mtime_ns)

    before, main_before = readers.wal_fingerprint(unit()), db.stat().st_mtime_ns
    con.execute("INSERT INTO t VALUES ('a new chat')")
    con.commit()
    assert db.stat().st_mtime_ns == main_before  # the main file did not move …
    assert readers.wal_fingerprint(unit()) != before  # … the fingerprint did
    con.close()


def test_kinds_and_settings_must_be_identifiers() -> None:
    with pytest.raises(ValueError):
        readers.Reader("Bad Kind", "x", "1", "x_dirs", lambda h: [], lambda r, i: [], lambda u: None)  # type: ignore[arg-type,return-value]


def test_forget_a_project_erases_a_registered_readers_units_and_keeps_them_out(toy: Path, monkeypatch) -> None:
    from persona_pipeline.core.ingest import ingest_units
    from persona_pipeline.orchestration import erasure
    from persona_pipeline.orchestration.incremental import scan

    for name in ("PERSONA_CLAUDE_DIRS", "PERSONA_CODEX_DIRS", "PERSONA_INSTRUCTION_FILES"):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("PERSONA_TOYAGENT_DIRS", str(toy))
    settings = load_settings()
    ingest_units(settings, settings.sources().discover(prepare=False).units)
    gone = erasure.forget(settings, "api")  # the project the key names
    assert gone.keys == ["toyagent/api/s1.toy"]
    con = duckdb.connect(str(settings.warehouse_path), read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM evidence").fetchone() == (0,)
    finally:
        con.close()
    (toy / "api" / "s2.toy").write_text("a later session of the forgotten project\n")
    assert not scan(settings, prepare=False).current  # tombstoned: neither file comes back


def test_the_pasted_classifiers_version_is_in_every_prompt_reading_kinds_fingerprint() -> None:
    # every agent reader's prompts, and the prompt logs', pass through `pasted.split_pasted`: a
    # change to what counts as pasted must re-read them all
    from persona_pipeline.core.sources.catalog import READER_VERSIONS

    kinds = [r.kind for r in readers.registered()] + [models.SourceKind.PROMPT_LOG]
    assert len(kinds) >= 10
    missing = [k for k in kinds if not READER_VERSIONS[k].endswith(f"+{CLASSIFIER_VERSION}")]
    assert not missing, missing
