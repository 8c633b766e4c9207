"""A login the unit's own turns show as a home folder is redacted wherever else the unit names it
(issue 17): found on a real person's history (session 52), where the path rule redacted the login in
`/Users/<login>/…` but a code host's URL with the same login kept it. Values here are our own."""

from __future__ import annotations

from pathlib import Path

from persona_pipeline.core.config import Settings
from persona_pipeline.core.ingest import make_redactor, process_unit
from persona_pipeline.core.sources.catalog import Sources
from persona_pipeline_tests.builders import claude_user, write_jsonl


def _excerpts(tmp_path: Path, *texts: str, cwd: str = "/srv/checkout/widget") -> str:
    claude = tmp_path / "claude"
    write_jsonl(claude / "-srv-widget" / "s.jsonl", [claude_user(t, cwd=cwd) for t in texts])
    sources = Sources(claude_dirs=[claude], codex_dirs=[])
    [unit] = sources.discover().units
    out = process_unit(unit, sources, make_redactor(Settings(data_dir=tmp_path / "data")), b"k" * 32)
    return "\n".join(e.excerpt for e in out.evidence)


def test_a_login_seen_in_a_home_folder_is_redacted_in_urls_of_the_same_unit(tmp_path: Path) -> None:
    kept = _excerpts(
        tmp_path,
        "the build fails in /Users/okorafor92/dev/widget/src, can you look",
        "always push to https://github.com/okorafor92/widget before you tag a release",
    )
    assert "okorafor92" not in kept, kept
    assert "always push to https://github.com/" in kept


def test_home_like_url_paths_and_placeholders_name_no_one(tmp_path: Path) -> None:
    kept = _excerpts(
        tmp_path,
        "the landing page is at https://shop.example/home/index/ now, keep the index small",
        "set it to /home/<you>/.config/widget and keep the config in one file",
    )
    assert "keep the index small" in kept and "keep the config in one file" in kept, kept


def test_many_home_folders_in_one_unit_are_a_listing_not_the_person(tmp_path: Path) -> None:
    listing = " ".join(f"/home/crew{n}x/notes" for n in range(6))
    kept = _excerpts(tmp_path, f"clean up {listing}", "ask crew3x before you delete anything")
    assert "ask crew3x before" in kept, kept
