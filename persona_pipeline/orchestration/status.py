"""`persona status`: what is stored, what is stale, what was spent, and the last runs.

Read-only: it opens the warehouse read-only (waiting while a run writes) and plans without
applying, so it can run beside a materialisation.
"""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from persona_pipeline.core.config import Settings


def _warehouse_status(settings: Settings) -> dict[str, Any]:
    from persona_pipeline.core.warehouse import store

    if not settings.warehouse_path.exists():
        return {"units": {}, "evidence_rows": 0, "observations": 0, "rules": 0, "superseded_rules": 0, "spend": []}
    with store.connect(settings.warehouse_path, read_only=True) as con:
        units: dict[str, dict[str, int]] = {}
        for kind, status, n in con.execute(
            "SELECT source_kind, status, count(*) FROM units GROUP BY ALL ORDER BY ALL"
        ).fetchall():
            units.setdefault(kind, {})[status] = int(n)

        def one(sql: str) -> int:
            row = con.execute(sql).fetchone()
            return int(row[0]) if row and row[0] is not None else 0

        cur = con.execute("SELECT * FROM spend ORDER BY stage, model")
        cols = [d[0] for d in cur.description]
        spend = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
        return {
            "units": units,
            "evidence_rows": one("SELECT count(*) FROM evidence"),
            "redactions": one("SELECT sum(count) FROM redactions"),
            "observations": one("SELECT count(*) FROM observations"),
            "rules": one("SELECT count(*) FROM facet_rules WHERE superseded_by IS NULL"),
            "superseded_rules": one("SELECT count(*) FROM facet_rules WHERE superseded_by IS NOT NULL"),
            "digest_failed": one("SELECT count(*) FROM digest_state WHERE status <> 'ok'"),
            "lessons": one("SELECT count(*) FROM lessons"),
            "skills": one("SELECT count(*) FROM skills"),
            "session_notes": one("SELECT count(*) FROM session_notes"),
            # commits written with agents are left out of style evidence, but say how one works
            "git_commits": one("SELECT sum(count) FROM entry_types WHERE entry_type = 'commit'"),
            "git_agent_commits": one("SELECT sum(count) FROM skips WHERE reason = 'agent_commit'"),
            # fields dropped because their decoded views would cost more than their budget
            "fields_refused": one("SELECT sum(count) FROM skips WHERE reason = 'redaction_refused:views'"),
            "spend": spend,
        }


def _by_kind(keys: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for key in keys:
        kind = key.split("/", 1)[0]
        out[kind] = out.get(kind, 0) + 1
    return dict(sorted(out.items()))


def _month_spend(settings: Settings, period: str = "month") -> dict[str, Any] | None:
    from persona_pipeline.core.llm.ledger import month_spend

    spend = month_spend(settings.data_dir / "spend", period)
    if spend is not None:
        spend["max_usd"] = settings.max_usd_per_month if period == "month" else settings.max_usd_per_day
    return spend


def _identifier_kinds(settings: Settings) -> dict[str, int]:
    from persona_pipeline.core.evidence.owner_identity import base_identifiers, kinds, settings_git_people

    out = kinds(base_identifiers(settings))
    _, _, people = settings_git_people(settings, read_git=False)  # as last recorded: no repository read
    if people:
        out["git_person_name"] = people
    return out


def _run_row(
    run_id: str, job: str, status: str, tags: dict[str, str], started: float | None, ended: float | None
) -> dict[str, Any]:
    return {
        "run_id": run_id,
        "job": job,
        "status": status,
        "trigger": tags.get("persona/trigger") or ("backfill" if tags.get("dagster/backfill") else ""),
        "started": datetime.fromtimestamp(started, UTC).isoformat(timespec="seconds") if started else None,
        "seconds": round(ended - started, 1) if ended and started else None,
    }


def last_runs(dagster_home: Path, limit: int = 5) -> list[dict[str, Any]]:
    """The last runs, read from the instance's SQLite run storage without importing Dagster (a
    status in well under a second); an instance on other storage (Postgres) goes through Dagster."""
    cfg = dagster_home / "dagster.yaml"
    db = dagster_home / "history" / "runs.db"
    # only a storage or run storage of its own moves runs.db (an event log of its own does not)
    custom = (
        cfg.exists()
        and re.search(r"^(storage|run_storage):", cfg.read_text(encoding="utf-8", errors="replace"), re.MULTILINE)
        is not None
    )
    if not custom:
        if not db.exists():
            return []
        try:
            con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
            try:
                rows = con.execute(
                    "SELECT run_id, pipeline_name, status, run_body, start_time, end_time FROM runs"
                    " ORDER BY create_timestamp DESC LIMIT ?",
                    [limit],
                ).fetchall()
            finally:
                con.close()
            return [
                _run_row(rid, job, status, (json.loads(body) or {}).get("tags") or {}, start, end)
                for rid, job, status, body, start, end in rows
            ]
        except (sqlite3.Error, ValueError, TypeError, AttributeError):
            pass  # an older or newer layout: ask Dagster
    import dagster as dg

    with dg.DagsterInstance.from_config(str(dagster_home)) as instance:
        return [
            _run_row(
                rec.dagster_run.run_id,
                rec.dagster_run.job_name,
                rec.dagster_run.status.value,
                dict(rec.dagster_run.tags),
                rec.start_time or rec.create_timestamp.timestamp(),
                rec.end_time,
            )
            for rec in instance.get_run_records(limit=limit, order_by="create_timestamp", ascending=False)
        ]


def _pack_report(pack_json: Path) -> dict[str, Any]:
    """Review counts, stale and superseded rules as the last compile wrote them (persona.json)."""
    try:
        data = json.loads(pack_json.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    keep = ("text", "section", "last_seen", "rule_id")
    return {
        "projects": data.get("projects", []),
        "as_of": data.get("as_of"),
        "half_life_days": data.get("half_life_days"),
        "review_mode": data.get("review_mode"),
        "review": data.get("review", {}),
        "pending_review": len(data.get("pending_review", [])),
        "stale": [{k: s.get(k) for k in keep} for s in data.get("stale", [])],
        "superseded": [
            {"text": s.get("text"), "by": (s.get("superseded_by") or {}).get("text"), "rule_id": s.get("rule_id")}
            for s in data.get("superseded", [])
        ],
    }


def _render_pack(p: dict[str, Any]) -> list[str]:
    lines = [f"pack: {p['path']} ({p['tokens']} tokens, written {p['written']})"]
    if p.get("projects"):
        lines.append(f"  parts: global + {len(p['projects'])} project(s): {', '.join(p['projects'])}")
    if "review" in p:
        r = p["review"]
        lines.append(
            f"  review ({p.get('review_mode')}): {p['pending_review']} to review (`persona review`), "
            f"{r.get('accepted', 0)} accepted, {r.get('rejected', 0)} rejected, {r.get('pinned', 0)} pinned"
        )
    if p.get("stale"):
        lines.append(
            f"  stale: {len(p['stale'])} rule(s) without new evidence for too long (half-life "
            f"{p.get('half_life_days')} days, counted back from the newest evidence, {p.get('as_of')}):"
        )
        lines += [f"    - {s['text']} (last seen {s['last_seen']})" for s in p["stale"][:10]]
    for s in p.get("superseded", [])[:10]:
        lines.append(f"  superseded: {s['text']} -> {s['by'] or '?'}")
    return lines


def collect(settings: Settings) -> dict[str, Any]:
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.orchestration.compile_owed import markers_dir, orphan_count
    from persona_pipeline.orchestration.incremental import plan
    from persona_pipeline.persona import store as digest_store
    from persona_pipeline.persona.digest.backend import make_digester
    from persona_pipeline.persona.pack import estimate_tokens

    todo = plan(None, apply=False, prepare=False)  # no partitions read: nothing is registered here
    from persona_pipeline.core.warehouse import memory_store
    from persona_pipeline.notes.stage import make_note_taker
    from persona_pipeline.skills.lessons.backend import make_lesson_builder

    undigested: list[str] = []
    unlearned: list[str] = []
    unnoted: list[str] = []
    if settings.warehouse_path.exists():
        digester = make_digester(settings)
        lessons, notes = make_lesson_builder(settings), make_note_taker(settings)
        with store.connect(settings.warehouse_path, read_only=True) as con:
            undigested = digest_store.stale_units(con, digester.name, digester.prompt_version)
            unlearned = memory_store.stale_units(con, memory_store.LESSONS, lessons.name, lessons.prompt_version)
            unnoted = memory_store.stale_units(con, memory_store.NOTES, notes.name, notes.prompt_version)
    pack_md = settings.data_dir / "persona" / "PERSONA.md"
    pack: dict[str, Any] = {"path": str(pack_md), "exists": pack_md.exists()}
    if pack_md.exists():
        pack["tokens"] = estimate_tokens(pack_md.read_text(encoding="utf-8"))
        pack["written"] = datetime.fromtimestamp(pack_md.stat().st_mtime, UTC).isoformat(timespec="seconds")
        pack.update(_pack_report(pack_md.with_name("persona.json")))
    return {
        "model": settings.model,
        # what is redacted without being configured, as kinds and counts (never the values)
        "redacted_identifiers": _identifier_kinds(settings),
        "month_spend": _month_spend(settings),
        "day_spend": _month_spend(settings, "day"),
        "sample_corpus": settings.uses_sample(),
        "sources_on_disk": len(todo.current),
        # per source kind (an agent, instruction files, git, prompt logs): units found now
        "sources_by_kind": _by_kind(todo.current),
        # stored units whose file vanished: their evidence is kept (`persona forget` erases)
        "source_gone": len(todo.gone),
        "stale": {
            "new_or_changed": len(todo.changed),
            "to_erase": len(todo.erased),
            "undigested": len(undigested),
            "without_lessons": len(unlearned),
            "without_notes": len(unnoted),
            # a run died between storing rows and compiling them: the pack is behind the warehouse
            "compile_owed": orphan_count(markers_dir(settings.data_dir)),
            "keys": todo.changed[:20],
        },
        **_warehouse_status(settings),
        "pack": pack,
        "last_runs": last_runs(settings.dagster_home),
        "warehouse": str(settings.warehouse_path),
        "data_dir": str(settings.data_dir),
        "dagster_home": str(settings.dagster_home),
    }


_STALE = ("new_or_changed", "to_erase", "undigested", "without_lessons", "without_notes", "compile_owed")


def render(s: dict[str, Any]) -> str:
    lines = [f"data: {s['data_dir']} (warehouse {s['warehouse']})"]
    sample = " (bundled sample corpus)" if s["sample_corpus"] else ""
    lines.append(f"sources on disk: {s['sources_on_disk']}{sample}")
    if s.get("redacted_identifiers"):
        ids = ", ".join(f"{n} {k}" for k, n in sorted(s["redacted_identifiers"].items()))
        lines.append(f"your identifiers redacted everywhere: {ids}")
    if s.get("source_gone"):
        lines.append(f"source gone: {s['source_gone']} stored unit(s) whose file vanished (evidence kept)")
    from persona_pipeline.core.sources.readers import label

    # units by agent (and instruction files, git, prompt logs): found on disk, then as stored
    on_disk = s.get("sources_by_kind", {})
    for kind in sorted(set(on_disk) | set(s["units"])):
        stored = ", ".join(f"{n} {st}" for st, n in sorted(s["units"].get(kind, {}).items())) or "none stored"
        lines.append(f"  {label(kind)} ({kind}): {on_disk.get(kind, 0)} on disk; {stored}")
    st = s["stale"]
    lines.append(
        f"stale: {st['new_or_changed']} new/changed, {st['to_erase']} to erase, {st['undigested']} to digest, "
        f"{st['without_lessons']} without lessons, {st['without_notes']} without notes"
        + (", a compile owed by an interrupted run" if st.get("compile_owed") else "")
        + (" — run `persona run`" if any(st[k] for k in _STALE) else " — up to date")
    )
    lines.append(
        f"warehouse: {s['evidence_rows']} evidence rows, {s.get('redactions', 0)} redactions, "
        f"{s['observations']} observations, {s['rules']} rules ({s['superseded_rules']} superseded)"
    )
    lines.append(
        f"memory: {s.get('lessons', 0)} lessons, {s.get('skills', 0)} skills, {s.get('session_notes', 0)} session notes"
    )
    if s.get("git_commits") or s.get("git_agent_commits"):
        lines.append(
            f"git: {s['git_commits']} of your commits read, {s['git_agent_commits']} written with agents (left out)"
        )
    if s.get("fields_refused"):
        lines.append(f"redaction: {s['fields_refused']} field(s) refused (decoded views over budget) and dropped")
    for sp in s["spend"]:
        lines.append(
            f"spend, {sp.get('stage') or 'digests'} ({sp['model']}): {sp['llm_calls']} calls, "
            f"{sp['cache_hits']} cache hits, "
            f"{sp['prompt_tokens']}+{sp['completion_tokens']} tokens, ${float(sp['cost_usd'] or 0):.4f}"
        )
    for key, when in (("day_spend", "today"), ("month_spend", "this month")):
        if s.get(key):
            m = s[key]
            lines.append(
                f"spend {when} ({m['period']}, all processes): ${m['spent_usd']:.4f} of ${m['max_usd']:.2f}, "
                f"{m['calls']} calls"
            )
    p = s["pack"]
    if p["exists"]:
        lines += _render_pack(p)
    else:
        lines.append("pack: none yet")
    for r in s["last_runs"]:
        secs = f", {r['seconds']} s" if r["seconds"] is not None else ""
        lines.append(f"  run {r['run_id'][:8]} {r['job']} {r['status']} {r['started']}{secs} {r['trigger']}".rstrip())
    return "\n".join(lines)
