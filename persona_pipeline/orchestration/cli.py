"""`persona` command line: run the pipeline against the persistent Dagster instance."""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from persona_pipeline.core.config import (
    REPO_ROOT,
    ConfigError,
    Settings,
    environment_only_model,
    find_config_file,
    load_settings,
)


def _prepare_instance(settings: Settings) -> Any:
    """The same DAGSTER_HOME `dagster dev` uses, so CLI runs show in the UI."""
    home = settings.dagster_home
    home.mkdir(parents=True, exist_ok=True)
    os.environ["DAGSTER_HOME"] = str(home)
    # one "planned" event per asset rather than per partition: at 1,000 units the per-partition
    # events were about a third of a first run's time (bench/RESULTS.md)
    os.environ.setdefault("DAGSTER_EMIT_PARTITION_SUBSET_IN_PLANNED_EVENTS", "1")
    import dagster as dg

    # Two processes creating a fresh instance at once race on its SQLite schema stamps (and
    # leave it unusable: "more than one head"), so creation is serialised by a file lock.
    from filelock import FileLock

    with FileLock(home / ".persona-init.lock"):
        if not (home / INSTANCE_READY).exists():
            _create_or_repair_instance(home)
        return dg.DagsterInstance.get()


INSTANCE_READY = ".persona-instance-ready"
_STORAGE_DIRS = ("history", "schedules", "storage")


def _instance_works(home: Path) -> bool:
    """Every storage the pipeline uses answers (a half-created SQLite file does not)."""
    import dagster as dg

    from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS

    try:
        with dg.DagsterInstance.from_config(str(home)) as inst:
            inst.get_dynamic_partitions(SOURCE_UNITS)
            inst.get_runs(limit=1)
            inst.all_instigator_state()
            inst.get_asset_keys()
        return True
    except Exception:  # any failure means "not usable as it is"
        return False


def _create_or_repair_instance(home: Path) -> None:
    """Make `home` a complete Dagster instance such that no kill at any moment leaves one that needs
    a manual `dagster instance migrate`: storage is created in a temporary folder and moved into
    place folder by folder (each move atomic), and a marker is written only once all of it answers.
    A storage that does not answer is moved aside (Dagster's run history only; never warehouse
    data) and created anew."""
    import tempfile

    import dagster as dg

    template = REPO_ROOT / "dagster.yaml"
    cfg = home / "dagster.yaml"
    if not cfg.exists() and template.exists():
        tmp_cfg = home / f".dagster.yaml.{os.getpid()}.tmp"
        shutil.copyfile(template, tmp_cfg)
        os.replace(tmp_cfg, cfg)
    present = [home / n for n in _STORAGE_DIRS if (home / n).exists()]
    if present and not _instance_works(home):
        aside = home / f"broken-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
        aside.mkdir()
        for name in _STORAGE_DIRS:  # the check itself may have created some
            if (home / name).exists():
                os.replace(home / name, aside / name)
        print(f"persona: the Dagster instance was incomplete (an interrupted run?); moved to {aside}", file=sys.stderr)
        present = []
    if not present:
        build = Path(tempfile.mkdtemp(prefix=".instance-", dir=home))
        try:
            if cfg.exists():
                shutil.copyfile(cfg, build / "dagster.yaml")
            with dg.DagsterInstance.from_config(str(build)) as inst:
                inst.get_dynamic_partitions("source_units")
                inst.get_runs(limit=1)
                inst.all_instigator_state()
            for name in _STORAGE_DIRS:
                if (build / name).exists():
                    os.replace(build / name, home / name)
        finally:
            shutil.rmtree(build, ignore_errors=True)
    if not _instance_works(home):
        raise RuntimeError(f"the Dagster instance at {home} could not be created")
    marker = home / f"{INSTANCE_READY}.{os.getpid()}.tmp"
    marker.write_text("ok\n", encoding="ascii")
    os.replace(marker, home / INSTANCE_READY)


INGEST_JOB, UNITS_JOB, COMPILE_JOB = "incremental_ingest", "persona_units", "persona_compile"
_QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def _launch_partitioned(
    instance: Any, settings: Settings, ordered: list[str], work: list[tuple[Any, list[str]]]
) -> bool:
    """One in-process run of partitioned assets over the range spanning all their keys (dynamic
    partitions are ordered by insertion); each asset's `only_units` config restricts its work to
    exactly its own keys. (Ingest and the per-unit digests go in separate runs: a skippable
    upstream that emits per-partition materialisations instead of outputs would make Dagster skip
    the downstream step.)"""

    from persona_pipeline.orchestration.defs.partitions import range_tags

    pos = {k: i for i, k in enumerate(ordered)}
    work = [(asset, keys) for asset, keys in work if keys]
    span = sorted({k for _, keys in work for k in keys}, key=pos.__getitem__)
    if not span:
        return True
    tags = range_tags(span, "cli")
    ops = {asset.op.name: {"config": {"only_units": sorted(keys, key=pos.__getitem__)}} for asset, keys in work}
    from persona_pipeline.orchestration.definitions import build_defs

    defs = build_defs(settings)
    # a named job (not `__ephemeral_asset_job__`), so CLI runs read like the sensor's in the UI
    job = defs.resolve_job_def(INGEST_JOB if any(a.op.name == "ingest" for a, _ in work) else UNITS_JOB)
    result = job.execute_in_process(
        instance=instance,
        tags=tags,
        raise_on_error=False,
        run_config={"ops": ops, **_QUIET},
        asset_selection=[k for asset, _ in work for k in asset.keys],
    )
    return bool(result.success)


def _launch_compile(instance: Any, settings: Settings, spend: dict[str, float] | None = None) -> list[str]:
    """facet_trees → persona_pack and skills: the unpartitioned tail, from stored rows only.
    Returns what went wrong (failed checks and steps, by name: never data), empty on success."""
    import dagster as dg

    from persona_pipeline.orchestration.definitions import build_defs

    result = (
        build_defs(settings)
        .resolve_job_def(COMPILE_JOB)
        .execute_in_process(
            instance=instance,
            raise_on_error=False,
            tags={"persona/trigger": "cli"},
            run_config=_QUIET,
        )
    )
    if spend is not None:  # the skill writer's model calls (a litellm backend refines skills)
        for event in result.get_asset_materialization_events():
            if event.asset_key == dg.AssetKey("skills"):
                meta = event.materialization.metadata
                for out_key, meta_key in (
                    ("llm_calls", "calls"),
                    ("cache_hits", "cache_hits"),
                    ("cost_usd", "cost_usd"),
                ):
                    if meta_key in meta:
                        spend[out_key] = spend.get(out_key, 0) + meta[meta_key].value
    problems = [f"check {e.check_name} failed" for e in result.get_asset_check_evaluations() if not e.passed]
    problems += [f"step {key} failed" for key in result.get_failed_step_keys()]
    if not result.success and not problems:
        problems.append("the compile run failed")
    return problems


def _compile_child(settings: Settings, want_spend: bool) -> tuple[list[str], dict[str, float]]:
    spend: dict[str, float] = {}
    return _launch_compile(_prepare_instance(settings), settings, spend if want_spend else None), spend


def _launch_compile_apart(settings: Settings, spend: dict[str, float] | None = None) -> list[str]:
    """`_launch_compile` in a fresh process. The compile folds every stored observation; in the
    process that has just read and digested the history, that peak came on top of what the
    earlier runs left in its heap (freed, but not returned to the system): 582 MB on a 2 GB
    history against ~410 MB apart (bench/RESULTS.md). Costs the child's start, ~1-2 s."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # an executor's shutdown waits for its worker (a Pool's `with` terminates it mid-exit)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        problems, child_spend = pool.submit(_compile_child, settings, spend is not None).result()
    if spend is not None:
        for key, value in child_spend.items():
            spend[key] = spend.get(key, 0) + value
    return problems


class WarehouseUnusable(RuntimeError):
    """The data dir cannot be written or the warehouse cannot be opened: one line, what to do."""


def _preflight(settings: Settings) -> None:
    """A read-only data dir or a damaged warehouse found before any run starts (inside Dagster
    they became ~190 lines of step errors ending "will be retried next run")."""
    import duckdb

    data = settings.data_dir
    try:
        data.mkdir(parents=True, exist_ok=True)
        probe = data / f".persona-write-check.{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise WarehouseUnusable(
            f"cannot write to the data dir {data} ({exc.strerror or type(exc).__name__}); "
            "set PERSONA_DATA_DIR to a folder you can write"
        ) from None
    if settings.warehouse_path.exists():
        from persona_pipeline.core.warehouse import store

        try:
            with store.connect(settings.warehouse_path, read_only=True, wait_s=0) as con:
                # a file whose schema was never committed (a kill during its first transaction)
                # is empty, not damaged: the run's first write creates the schema
                row = con.execute(
                    "SELECT count(*) FROM information_schema.tables WHERE table_name = 'units'"
                ).fetchone()
                if row and row[0]:
                    con.execute("SELECT count(*) FROM units").fetchone()
        except duckdb.IOException as exc:
            if "lock" in str(exc).lower():
                return  # another run is writing: the run waits for it
            _damaged(settings, exc)
        except duckdb.Error as exc:
            _damaged(settings, exc)


def _damaged(settings: Settings, exc: BaseException) -> None:
    first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
    raise WarehouseUnusable(
        f"the warehouse {settings.warehouse_path} cannot be read ({first}); `persona rebuild` moves it aside "
        "and re-reads every source (evidence of sources that are gone stays only in the moved file)"
    ) from None


def cmd_rebuild(args: argparse.Namespace) -> int:
    """Move a damaged warehouse aside and read every source again into a new one."""
    settings = load_settings()
    settings.check_roots()
    wh = settings.warehouse_path
    if wh.exists():
        aside = wh.with_name(f"{wh.name}.broken-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}")
        os.replace(wh, aside)
        wal = wh.with_name(wh.name + ".wal")
        if wal.exists():
            os.replace(wal, aside.with_name(aside.name + ".wal"))
        print(f"moved {wh} to {aside}", file=sys.stderr)
        _carry_review_decisions(aside, settings)
    return cmd_run(args)


def _carry_review_decisions(old: Path, settings: Settings) -> None:
    """The person's review decisions are not re-read from any source: copy them over."""
    import duckdb

    from persona_pipeline.core.warehouse import store
    from persona_pipeline.persona.review.store import carry_over

    try:
        with store.connect(settings.warehouse_path) as con:
            n = carry_over(old, con)
    except duckdb.Error:
        print(f"persona: the review decisions in {old} could not be read; review again", file=sys.stderr)
        return
    if n:
        print(f"kept {n} review decision(s) from {old}", file=sys.stderr)


def cmd_run(args: argparse.Namespace) -> int:
    settings = load_settings()
    settings.check_roots()  # before anything is read, registered or erased
    _preflight(settings)
    other = environment_only_model(settings)
    if other is not None:
        print(
            f"persona: PERSONA_MODEL={settings.model} overrides the configured model {other}; runs the UI's "
            f"daemon starts without it digest with {other} again. Set `model` in persona.toml to use one everywhere.",
            file=sys.stderr,
        )
    from persona_pipeline.core.llm.ledger import start_run
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.orchestration.defs.automation import plan
    from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS

    start_run()  # PERSONA_MAX_USD / PERSONA_MAX_CALLS hold for this invocation, across all stages
    instance = _prepare_instance(settings)
    from persona_pipeline.orchestration.compile_owed import CompileOwed, markers_dir

    # before anything is erased or written: a run killed before its compile completes leaves the
    # compile owed to the next run, which may find nothing else changed (compile_owed.py)
    owed = CompileOwed(markers_dir(settings.data_dir))
    todo = plan(instance)  # the same pass the sensor and the schedule make
    todo.apply_partitions(instance)
    found, stale, gone, keys = todo.found, todo.changed, todo.erased, list(todo.current)
    if todo.erased:
        why = "on_source_removed = erase" if settings.on_source_removed == "erase" else "forgotten"
        print(f"persona: erased {len(todo.erased)} unit(s) whose files are gone ({why})", file=sys.stderr)
    if settings.uses_sample():
        from persona_pipeline.core.sources import sample_units

        sample_units.record(settings.data_dir, todo.current)
    if todo.gone:
        _warn_gone(settings, todo.gone)
    from persona_pipeline.core.warehouse import memory_store
    from persona_pipeline.notes.stage import make_note_taker, notes_dir
    from persona_pipeline.persona import store as digest_store
    from persona_pipeline.persona.digest.backend import make_digester
    from persona_pipeline.persona.pack import estimate_tokens
    from persona_pipeline.skills.lessons.backend import make_lesson_builder
    from persona_pipeline.skills.stage import SKILLS_DIR

    digester = make_digester(settings)
    lesson_builder, note_taker = make_lesson_builder(settings), make_note_taker(settings)
    with store.connect(settings.warehouse_path) as con:
        undigested = digest_store.stale_units(con, digester.name, digester.prompt_version)
        unlearned = memory_store.stale_units(
            con, memory_store.LESSONS, lesson_builder.name, lesson_builder.prompt_version
        )
        unnoted = memory_store.stale_units(con, memory_store.NOTES, note_taker.name, note_taker.prompt_version)
    # every changed unit, of any kind: a stage that does not apply to a kind still marks its
    # partition done ("not_applicable"), so none shows missing in the UI
    digest_keys = sorted((set(stale) | set(undigested)) & set(keys))
    lesson_keys = sorted((set(stale) | set(unlearned)) & set(keys))
    note_keys = sorted((set(stale) | set(unnoted)) & set(keys))
    started = datetime.now(UTC).replace(tzinfo=None)
    ok = True
    if not args.json:
        from persona_pipeline.core.progress import attach_terminal

        attach_terminal()
    from persona_pipeline.orchestration.defs.distill_assets import session_digests
    from persona_pipeline.orchestration.defs.ingest_assets import ingest
    from persona_pipeline.orchestration.defs.note_assets import session_notes
    from persona_pipeline.orchestration.defs.skill_assets import session_lessons

    ordered = instance.get_dynamic_partitions(SOURCE_UNITS)
    if stale:
        ok = _launch_partitioned(instance, settings, ordered, [(ingest, stale)])
    per_unit = [(session_digests, digest_keys), (session_lessons, lesson_keys), (session_notes, note_keys)]
    if digest_keys or lesson_keys or note_keys:
        ok = _launch_partitioned(instance, settings, ordered, per_unit) and ok
    pack_md = settings.data_dir / "persona" / "PERSONA.md"
    compile_problems: list[str] = []
    skill_spend: dict[str, float] = {}
    pack_before = _mtime(pack_md)
    if owed.owed or stale or digest_keys or lesson_keys or note_keys or gone or not pack_md.exists():
        # one failed partition never blocks the compile: it uses whatever is stored
        compile_problems = _launch_compile_apart(settings, skill_spend)
    # a failed check reports on a pack that was written; any other problem left the compile unfinished
    if all(p.startswith("check ") for p in compile_problems):
        owed.settle()
    else:
        owed.leave()
    after = store.unit_fingerprints(settings.warehouse_path)
    failed = [k for k in stale if after.get(k) != todo.current[k] + todo.identity]
    with store.connect(settings.warehouse_path, read_only=True) as con:
        tot = store.totals(con)
        bad = con.execute("SELECT count(*) FROM units WHERE status = 'skipped_bad'").fetchone()
        machine = con.execute("SELECT count(*) FROM units WHERE status = 'machine_generated'").fetchone()
        built = con.execute(
            """SELECT unit_key, status, error FROM digest_state WHERE status <> 'ok' AND digested_at >= ?
               UNION ALL SELECT unit_key, status, error FROM memory_state WHERE status <> 'ok' AND built_at >= ?""",
            [started, started],
        ).fetchall()
        digest_failed = [k for k, st, _ in built if st != "budget"]
        # stopped by a spend cap: left stale for the next period, not failed (nothing is lost)
        deferred = sorted({k for k, st, _ in built if st == "budget"})
        caps = sorted({e for _, st, e in built if st == "budget" and e})
        reasons = [
            r[0]
            for r in con.execute(
                """SELECT DISTINCT error FROM (
                       SELECT error FROM digest_state WHERE status = 'failed' AND digested_at >= ?
                       UNION ALL SELECT error FROM memory_state WHERE status = 'failed' AND built_at >= ?)
                   WHERE error IS NOT NULL ORDER BY 1 LIMIT 3""",
                [started, started],
            ).fetchall()
        ]
        this_run = [
            r[0] for r in con.execute("SELECT unit_key FROM digest_state WHERE digested_at >= ?", [started]).fetchall()
        ]
        memory_run = [
            r[0] for r in con.execute("SELECT unit_key FROM memory_state WHERE built_at >= ?", [started]).fetchall()
        ]
        spend = digest_store.run_totals(con, this_run)
        for part in (memory_store.run_totals(con, started), skill_spend):
            for k, v in part.items():
                spend[k] = spend.get(k, 0) + v
        spend["cost_usd"] = round(spend["cost_usd"], 6)
        n_obs = con.execute("SELECT count(*) FROM observations").fetchone()
        n_rules = con.execute("SELECT count(*) FROM facet_rules WHERE superseded_by IS NULL").fetchone()
        memory = memory_store.counts(con)
    failed = sorted(set(failed) | set(digest_failed))
    this_run = sorted((set(this_run) | set(memory_run)) - set(deferred))
    summary = {
        "units_seen": len(keys),
        "units_processed": len(set(stale) | set(this_run)) - len(failed),
        "units_unchanged": len(keys) - len(set(stale) | set(this_run) | set(deferred)),
        "units_failed": len(failed),
        "units_deferred": len(set(deferred) - set(failed)),
        "units_skipped_bad": int(bad[0]) if bad else 0,
        "units_machine_generated": int(machine[0]) if machine else 0,
        "units_source_gone": len(todo.gone),
        "units_erased": len(gone),
        "raw_bytes": tot["raw_bytes"],
        "kept_bytes": tot["kept_bytes"],
        "evidence_rows": tot["evidence_rows"],
        "redactions": tot["redactions"],
        "observations": int(n_obs[0]) if n_obs else 0,
        "rules": int(n_rules[0]) if n_rules else 0,
        **memory,
        **spend,
        "model": digester.name,
        "pack_path": str(pack_md),
        "pack_tokens": estimate_tokens(pack_md.read_text(encoding="utf-8")) if pack_md.exists() else 0,
        "pack_bullets": _pack_bullets(pack_md.with_name("persona.json")),
        "skills_path": str(settings.data_dir / SKILLS_DIR),
        "notes_path": str(notes_dir(settings.data_dir)),
        "sample_corpus": settings.uses_sample(),
        "warehouse": str(settings.warehouse_path),
        "data_dir": str(settings.data_dir),
        "config_file": str(cfg) if (cfg := find_config_file()) else None,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        _print_summary(summary, found.ignored)
    if compile_problems:
        outcome = "was not updated" if _mtime(pack_md) == pack_before else "was written: review it"
        print(
            f"persona: compile: {'; '.join(compile_problems)}; {pack_md} {outcome} "
            "(see the run's checks in the Dagster UI)",
            file=sys.stderr,
        )
    if deferred:
        print(
            f"persona: spend cap reached ({caps[0] if caps else 'budget'}): {len(deferred)} unit(s) left "
            "undigested; nothing is lost, the next run digests them once the cap allows",
            file=sys.stderr,
        )
    if not ok or failed:
        # a step that raised names no unit of its own: "0 unit(s) failed" would read as success
        what = (
            f"{len(failed)} unit(s) failed; they will be retried next run"
            if failed
            else "a step of the run failed; its units will be retried next run"
        )
        print(
            f"persona: {what} (see the run in the Dagster UI)",
            file=sys.stderr,
        )
        for reason in reasons:  # classified provider errors: kind, the provider's words (masked), a hint
            print(f"persona: {reason}", file=sys.stderr)
    return 1 if compile_problems or not ok or failed else 0


def _warn_gone(settings: Settings, gone: list[str]) -> None:
    """Vanished sources are kept; say so, and name the bundled sample's leftovers apart."""
    from persona_pipeline.core.sources import sample_units

    sample = set(gone) & sample_units.recorded(settings.data_dir) if not settings.uses_sample() else set()
    mine = len(gone) - len(sample)
    if mine:
        print(
            f"persona: {mine} stored unit(s) no longer found under the configured roots; their evidence is kept "
            "(`persona status` lists them; `persona forget <key>` erases)",
            file=sys.stderr,
        )
    if sample:
        print(
            f"persona: {len(sample)} unit(s) of the bundled sample corpus are still stored and feed the pack; "
            "`persona forget --sample` erases them",
            file=sys.stderr,
        )


def _pack_bullets(pack_json: Path) -> int:
    """The pack's own count (the header's), so the summary and the pack never disagree."""
    try:
        return len(json.loads(pack_json.read_text(encoding="utf-8"))["bullets"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def _mtime(path: Path) -> int | None:
    return path.stat().st_mtime_ns if path.exists() else None


def _print_summary(s: dict[str, Any], ignored: dict[str, int]) -> None:
    raw, kept = s["raw_bytes"], s["kept_bytes"]
    reduction = 100.0 * (1 - kept / raw) if raw else 0.0
    src = " (bundled sample corpus)" if s["sample_corpus"] else ""
    print(
        f"units: {s['units_seen']} seen{src}, {s['units_processed']} processed, "
        f"{s['units_unchanged']} unchanged, {s['units_failed']} failed, "
        f"{s['units_skipped_bad']} skipped (bad)"
        + (f", {s['units_source_gone']} kept with source gone" if s["units_source_gone"] else "")
        + (f", {s['units_erased']} erased" if s["units_erased"] else "")
        + (f", {s['units_deferred']} deferred by a spend cap" if s.get("units_deferred") else "")
    )
    print(f"bytes: {raw:,} raw -> {kept:,} kept ({reduction:.2f}% reduction)")
    print(f"evidence: {s['evidence_rows']} rows, {s['redactions']} redactions")
    print(
        f"digests ({s['model']}): {s['observations']} observations -> {s['rules']} rules "
        f"({s['pack_bullets']} in the pack); "
        f"{s['llm_calls']} LLM calls, {s['cache_hits']} cache hits, "
        f"{s['prompt_tokens']}+{s['completion_tokens']} tokens, ${s['cost_usd']:.4f}"
    )
    print(f"pack: {s['pack_path']} ({s['pack_tokens']} tokens)")
    print(
        f"memory: {s['lessons']} lessons -> {s['skills']} skills ({s['skills_path']}), "
        f"{s['session_notes']} notes from {s['note_sessions']} sessions ({s['notes_path']})"
    )
    if ignored:
        print("ignored files: " + ", ".join(f"{k}={v}" for k, v in sorted(ignored.items())))
    print(f"warehouse: {s['warehouse']}")
    print(f"data: {s['data_dir']} (config file: {s['config_file'] or 'none'}; `persona config` shows every setting)")


def cmd_explain(args: argparse.Namespace) -> int:
    """The evidence behind a pack bullet, by number or by (part of) its text."""
    settings = load_settings()
    pack_json = settings.data_dir / "persona" / "persona.json"
    if not pack_json.exists():
        print("persona: no pack yet; run `persona run` first", file=sys.stderr)
        return 2
    pack = json.loads(pack_json.read_text(encoding="utf-8"))
    bullets = pack["bullets"]
    query = " ".join(args.bullet).strip()
    if all(part.isdigit() for part in args.bullet):  # `explain 30 31`: several bullets by number
        wanted = {int(part) for part in args.bullet}
        matches = [b for b in bullets if b["n"] in wanted]
    else:
        matches = [b for b in bullets if query.casefold() in b["text"].casefold()]
    if not matches:
        print(f"persona: no bullet matches {query!r}", file=sys.stderr)
        return 1
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.orchestration.evidence_view import evidence_lines

    # winner rule id -> the rules it superseded (a newer reversal): both are cited
    replaced: dict[str, list[dict[str, Any]]] = {}
    for s in pack.get("superseded") or []:
        if s.get("superseded_by"):
            replaced.setdefault(s["superseded_by"]["rule_id"], []).append(s)
    with store.connect(settings.warehouse_path, read_only=True) as con:
        for b in matches:
            print(
                f"[{b['n']}] {b['text']}  ({b['section']}; {b['support_sessions']} sessions, "
                f"{b['support_projects']} projects; {b.get('scope', 'global')})"
            )
            print("\n".join(evidence_lines(con, b["evidence_ids"])))
            for old in replaced.get(b["rule_id"], []):
                print(f"  supersedes: {old['text']}  (last said {old['last_seen'] or '?'})")
                print("\n".join("  " + line for line in evidence_lines(con, old["evidence_ids"])))
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    """Erase a transcript (by path or unit key) or a whole project (by name): its partitions, every
    row derived from it, and the pack is recompiled without it. A tombstone keeps it forgotten: later
    runs do not read it again while the file exists (`--undo` lifts it; the next run re-reads)."""
    from persona_pipeline.orchestration import erasure

    settings = load_settings()
    target = args.target or ("sample" if args.sample else None)
    if not target:
        print("persona: give what to forget (a transcript path, unit key or project name) or --sample", file=sys.stderr)
        return 2
    if args.undo:
        lifted = erasure.undo(settings, target)
        if not lifted:
            print(f"persona: nothing forgotten matches {target!r}", file=sys.stderr)
            return 1
        print(f"restored {len(lifted)} forgotten item(s); the next `persona run` reads them again")
        return 0
    done = erasure.forget(settings, target, sample=args.sample)
    if not done:
        print(
            f"persona: nothing stored matches {target!r} (a transcript path, unit key or project name)", file=sys.stderr
        )
        return 1
    from persona_pipeline.orchestration.defs.partitions import delete_source_units

    instance = _prepare_instance(settings)
    delete_source_units(instance, done.keys, settings.partitions_epoch_path)
    problems = _launch_compile(instance, settings)
    stays = "" if args.sample else f"; they stay forgotten (`persona forget --undo {target}` restores)"
    logged = f" and {done.log_rows} prompt-log row(s)" if done.log_rows else ""
    print(
        f"forgot {len(done.keys)} unit(s){logged}{stays}; "
        + (f"compile: {'; '.join(problems)}" if problems else "pack recompiled")
    )
    return 1 if problems else 0


def cmd_status(args: argparse.Namespace) -> int:
    """Counts, staleness, spend, pack and last runs; writes nothing."""
    settings = load_settings()
    from persona_pipeline.orchestration import status

    report = status.collect(settings)  # reads the instance's run storage; creates nothing
    print(json.dumps(report) if args.json else status.render(report))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    """Generated corpus → isolated `persona run`s → scorecard; exit 1 when a threshold fails."""
    from persona_pipeline.eval.runner import cmd_eval as run_eval_command

    return run_eval_command(args)


def cmd_search(args: argparse.Namespace) -> int:
    """Ranked rules, skills, notes and evidence for a query, with their citations."""
    from persona_pipeline.search.cli import run_search

    return run_search(args)


def cmd_config(args: argparse.Namespace) -> int:
    """The effective configuration and where each value came from; writes nothing."""
    from persona_pipeline.core.config import describe_settings

    report = describe_settings(load_settings())
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"config file: {report['config_file'] or 'none (defaults and PERSONA_* variables only)'}")
    width = max(len(k) for k in report["settings"])
    for key, item in report["settings"].items():
        print(f"{key:<{width}}  {item['value']}  [{item['source']}]")
    return 0


def cmd_sql(args: argparse.Namespace) -> int:
    """One read-only query against the warehouse (the README's examples need no DuckDB CLI)."""
    import duckdb

    settings = load_settings()
    if not settings.warehouse_path.exists():
        print(f"persona: no warehouse at {settings.warehouse_path}; run `persona run` first", file=sys.stderr)
        return 2
    from persona_pipeline.core.warehouse import store

    try:
        with store.connect(settings.warehouse_path, read_only=True) as con:
            cur = con.execute(args.query)
            cols = [d[0] for d in cur.description] if cur.description else []
            rows = cur.fetchall()
    except duckdb.Error as exc:
        print(f"persona: query failed: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([dict(zip(cols, r, strict=True)) for r in rows], default=str))
        return 0
    print("\t".join(cols))
    for r in rows:
        print("\t".join("" if v is None else str(v) for v in r))
    return 0


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("persona_pipeline")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="persona", description=__doc__)
    p.add_argument("--version", action="version", version=f"persona {_version()}")
    sub = p.add_subparsers(dest="command", required=True)
    rb = sub.add_parser("rebuild", help="move a damaged warehouse aside and read every source again")
    rb.add_argument("--json", action="store_true", help="print one JSON summary object as the last line of stdout")
    rb.set_defaults(func=cmd_rebuild)
    cf = sub.add_parser("config", help="print the effective configuration and where each value came from")
    cf.add_argument("--json", action="store_true", help="print one JSON object")
    cf.set_defaults(func=cmd_config)
    sq = sub.add_parser("sql", help="run one read-only SQL query against the warehouse")
    sq.add_argument("query", help='e.g. "SELECT tier, kind, project, excerpt FROM evidence LIMIT 10"')
    sq.add_argument("--json", action="store_true", help="print the rows as one JSON array")
    sq.set_defaults(func=cmd_sql)
    run = sub.add_parser("run", help="discover, register partitions, materialise what is stale")
    run.add_argument("--json", action="store_true", help="print one JSON summary object as the last line of stdout")
    run.set_defaults(func=cmd_run)
    explain = sub.add_parser("explain", help="show the evidence behind a PERSONA.md bullet")
    explain.add_argument("bullet", nargs="+", help="bullet number or part of its text")
    explain.set_defaults(func=cmd_explain)
    st = sub.add_parser("status", help="counts, stale units, spend, pack path and the last runs")
    st.add_argument("--json", action="store_true", help="print one JSON object")
    st.set_defaults(func=cmd_status)
    forget = sub.add_parser("forget", help="erase a transcript or a project from the warehouse and the pack")
    forget.add_argument("target", nargs="?", help="transcript path, unit key, or project name")
    forget.add_argument("--sample", action="store_true", help="erase what the bundled sample corpus stored")
    forget.add_argument(
        "--undo", action="store_true", help="lift an earlier forget of TARGET (the next run re-reads it)"
    )
    forget.set_defaults(func=cmd_forget)
    se = sub.add_parser("search", help="search rules, skills, session notes and evidence (BM25, with citations)")
    se.add_argument("query", nargs="+", help="words to search for")
    se.add_argument("--kind", choices=["persona", "skill", "note", "evidence"], help="only this kind of result")
    se.add_argument("--project", help="only results from this project")
    se.add_argument("--limit", type=int, default=10, help="at most this many results (default 10)")
    se.add_argument("--json", action="store_true", help="print one JSON object")
    se.set_defaults(func=cmd_search)
    from persona_pipeline.orchestration import install, pack_cli, review_cli

    for module in (review_cli, pack_cli, install):  # each subcommand in its own module
        module.add_parser(sub)
    ev = sub.add_parser(
        "eval", help="score the pipeline on a generated corpus with known truths (exit 1 on a regression)"
    )
    from persona_pipeline.eval.options import add_arguments

    add_arguments(ev)
    ev.set_defaults(func=cmd_eval)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    import duckdb

    try:
        return int(args.func(args))
    except ConfigError as exc:  # every subcommand reports configuration mistakes the same way
        print(f"persona: {exc}", file=sys.stderr)
        return 2
    except WarehouseUnusable as exc:
        print(f"persona: {exc}", file=sys.stderr)
        return 3
    except duckdb.Error as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(
            f"persona: the warehouse failed ({type(exc).__name__}: {first[:200]}); if it is damaged, "
            "`persona rebuild` moves it aside and re-reads every source",
            file=sys.stderr,
        )
        return 3
    except PermissionError as exc:
        print(
            f"persona: cannot write {exc.filename or 'the data dir'} ({exc.strerror}); "
            "PERSONA_DATA_DIR must be a folder you can write",
            file=sys.stderr,
        )
        return 3
    except BrokenPipeError:  # `persona … | head`: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
