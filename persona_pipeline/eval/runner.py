"""`persona eval`: run the pipeline on a development corpus and print a scorecard.

Each developer is run twice, as subprocesses (`persona run --json`), in fresh data dirs that
share one redaction key (placeholders are keyed, so identical input gives identical packs), with
HOME pointed at an empty folder so a real ~/.claude is never read and every inherited
PERSONA_* / DAGSTER_* variable removed. The first run is scored; both are scanned for leaks;
the pair gives stability (offline: identical PERSONA.md; with a model: Jaccard of bullets).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from persona_pipeline.eval.corpus import generate
from persona_pipeline.eval.options import add_arguments
from persona_pipeline.eval.score import Scorecard, jaccard, score
from persona_pipeline.eval.truth import DeveloperTruth, Truth

# The gate (offline backend). The test suite applies it to the TEST pool (held out from tuning,
# eval/pool_test.py), where it is set just below what the offline backend measures on seeds 1
# and 2 — recall 0.87 / 0.85, 0 / 0 fabricated, 0 one-offs, contradictions 4/4, 5/5 — so a change
# that loses preferences, states one backwards or garbled, keeps a one-off or leaks anything fails
# the build. On the DEV pool (tuned on) it measures 1.00 / 0.97, 0 fabricated. Directive fidelity,
# pack tokens and offline stability are reported but not gated: they cannot fail here (the pack is
# checked with its own renderer and budget; the offline backend is deterministic) — unit tests
# and asset checks cover them. Stability is gated for model backends only.
THRESHOLDS_BY_POOL: dict[str, dict[str, float | int | bool]] = {
    "test": {
        "recall_min": 0.82,
        "fabricated_max": 0,
        "one_off_leaks_max": 0,
        "contradictions_handled_min": 0.8,
        "canary_leaks_max": 0,
        "secret_leaks_max": 0,
        "stability_jaccard_min": 0.5,  # model backends (not measured here: no model in CI)
    },
    "dev": {
        "recall_min": 0.95,
        "fabricated_max": 0,
        "one_off_leaks_max": 0,
        "contradictions_handled_min": 1.0,
        "canary_leaks_max": 0,
        "secret_leaks_max": 0,
        "stability_jaccard_min": 0.5,
    },
}
# The blind pool (eval/pool_blind.py: written without reading the digester or the other pools)
# is gated on seed 1 just under what the offline backend measures there — recall 0.85, 1
# inverted bullet, 0 one-offs, contradictions 5/6 — so the floor records today's known failure
# rather than hiding it (its details are not read: the pool holds the held-out half). Its halves
# are reported against the test pool's gate, and so are blind2 (eval/pool_blind2.py, tunable since
# blind3 exists), blind3 (eval/pool_blind3.py, tunable since blind4 exists), blind4
# (eval/pool_blind4.py, opened for tuning once blind5 was written), blind5 (eval/pool_blind5.py,
# opened for tuning once blind6 was written), blind6 (eval/pool_blind6.py, opened for tuning once
# blind7 was written), blind7 (eval/pool_blind7.py, opened for tuning once blind8 was written),
# blind8 (eval/pool_blind8.py, opened for tuning once blind9 was written), blind9
# (eval/pool_blind9.py, opened for tuning once blind10 was written), blind10 (eval/pool_blind10.py,
# opened for tuning once blind11 was written) and blind11 (the newest held-out pool,
# eval/pool_blind11.py, read in aggregate only); CI holds each of the last ten to floors of its own.
_BLIND_POOLS = ("blind_dev", "blind_hold", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8")
for _blind in (*_BLIND_POOLS, "blind9", "blind10", "blind11"):
    THRESHOLDS_BY_POOL[_blind] = dict(THRESHOLDS_BY_POOL["test"])
THRESHOLDS_BY_POOL["blind"] = THRESHOLDS_BY_POOL["test"] | {"recall_min": 0.82, "fabricated_max": 1}
THRESHOLDS = THRESHOLDS_BY_POOL["test"]  # the CI gate
RUN_TIMEOUT_S = 600
PASS_THROUGH = (
    "PERSONA_API_BASE",
    "PERSONA_API_KEY",
    "PERSONA_MAX_USD",
    "PERSONA_MAX_CALLS",
    "PERSONA_DIGEST_CONCURRENCY",
)


class RunResult(BaseModel):
    dev: str
    run: str
    returncode: int
    seconds: float
    stdout: str
    stderr: str
    data_dir: Path
    summary: dict[str, Any] = {}

    @property
    def pack_md(self) -> str:
        p = self.data_dir / "persona" / "PERSONA.md"
        return p.read_text(encoding="utf-8") if p.exists() else ""

    @property
    def pack_json(self) -> dict[str, Any]:
        p = self.data_dir / "persona" / "persona.json"
        return json.loads(p.read_text(encoding="utf-8")) if p.exists() else {"bullets": [], "tokens": 0}


def run_env(
    truth: DeveloperTruth, corpus: Path, data_dir: Path, home: Path, no_git: Path, model: str
) -> dict[str, str]:
    """The environment of one isolated `persona run`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    if model != "offline":  # endpoint and budget settings a model run needs
        env.update({k: os.environ[k] for k in PASS_THROUGH if k in os.environ})
    paths = truth.paths(corpus)
    env.update(
        HOME=str(home),
        PERSONA_DATA_DIR=str(data_dir),
        PERSONA_CLAUDE_DIRS=str(paths["claude"]),
        PERSONA_CODEX_DIRS=str(paths["codex"]),
        PERSONA_INSTRUCTION_ROOTS=str(paths["code"]),
        PERSONA_INSTRUCTION_FILES=str(paths["global_claude_md"]),
        PERSONA_GIT_ROOTS=str(no_git),
        PERSONA_AUTHOR_EMAILS=truth.email,
        PERSONA_MODEL=model,
    )
    return env


def _one_run(truth: DeveloperTruth, run: str, corpus: Path, work: Path, model: str, seed: int) -> RunResult:
    data_dir = work / truth.dev / f"run-{run}" / "data"
    key = data_dir / "secrets" / "redaction.key"
    key.parent.mkdir(parents=True, exist_ok=True)
    # both runs of a developer share one key, derived from the seed: same input, same placeholders
    key.write_text(hashlib.sha256(f"persona-eval-key/{seed}/{truth.dev}".encode()).hexdigest())
    home = work / "homes" / truth.account  # named like a real home: its name is redacted, not a word
    home.mkdir(parents=True, exist_ok=True)
    no_git = work / "no-git"
    no_git.mkdir(exist_ok=True)
    env = run_env(truth, corpus, data_dir, home, no_git, model)
    cmd = [sys.executable, "-m", "persona_pipeline", "run", "--json"]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
        rc, out, err = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as exc:
        rc, out, err = -1, str(exc.stdout or ""), f"timeout after {RUN_TIMEOUT_S}s"
    summary: dict[str, Any] = {}
    lines = out.strip().splitlines()
    if lines:
        try:
            summary = json.loads(lines[-1])
        except json.JSONDecodeError:
            summary = {}
    return RunResult(
        dev=truth.dev,
        run=run,
        returncode=rc,
        seconds=round(time.monotonic() - t0, 2),
        stdout=out,
        stderr=err,
        data_dir=data_dir,
        summary=summary,
    )


def _score_dev(truth: DeveloperTruth, a: RunResult, b: RunResult) -> Scorecard:
    card = score(
        a.pack_json,
        a.pack_md,
        a.data_dir / "warehouse.duckdb",
        truth,
        run_output=a.stdout + a.stderr,
        summary=a.summary,
        data_dir=a.data_dir,
    )
    other = score(b.pack_json, b.pack_md, b.data_dir / "warehouse.duckdb", truth, run_output=b.stdout + b.stderr)
    seen = {(x.value, x.where) for x in card.canary_leaks + card.secret_leaks}
    card.canary_leaks += [x for x in other.canary_leaks if (x.value, x.where) not in seen]
    card.secret_leaks += [x for x in other.secret_leaks if (x.value, x.where) not in seen]
    card.stable = bool(a.pack_md) and a.pack_md == b.pack_md
    card.stability_jaccard = jaccard(
        (x["text"] for x in a.pack_json.get("bullets", [])), (x["text"] for x in b.pack_json.get("bullets", []))
    )
    return card


def totals(cards: Sequence[Scorecard]) -> dict[str, Any]:
    expected = sum(c.preferences_expected for c in cards)
    recalled = sum(c.preferences_recalled for c in cards)
    n_contra = sum(len(c.contradictions) for c in cards)
    n_dir = sum(c.directives_expected for c in cards)
    missing = sum(len(c.missing_directives) for c in cards)
    return {
        "recall": round(recalled / expected, 4) if expected else 1.0,
        "preferences_recalled": recalled,
        "preferences_expected": expected,
        "bullets": sum(c.bullets for c in cards),
        "fabricated": sum(c.fabricated for c in cards),
        "garbled": sum(c.garbled for c in cards),
        "inverted": sum(c.inverted for c in cards),
        "one_off_leaks": sum(c.one_off_leaks for c in cards),
        "contradictions_handled": sum(c.contradictions_handled for c in cards),
        "contradictions": n_contra,
        "contradiction_handling": round(sum(c.contradictions_handled for c in cards) / n_contra, 4)
        if n_contra
        else 1.0,
        "directive_fidelity": round(1 - missing / n_dir, 4) if n_dir else 1.0,
        "canary_leaks": sum(len(c.canary_leaks) for c in cards),
        "secret_leaks": sum(len(c.secret_leaks) for c in cards),
        "pack_tokens_max": max((c.pack_tokens for c in cards), default=0),
        "pack_tokens_total": sum(c.pack_tokens for c in cards),
        "llm_calls": sum(c.llm_calls for c in cards),
        "cost_usd": round(sum(c.cost_usd for c in cards), 6),
        "stable": all(c.stable for c in cards),
        "stability_jaccard_min": min((c.stability_jaccard or 0.0 for c in cards), default=0.0),
    }


def check(report: dict[str, Any], thresholds: dict[str, Any] | None = None) -> list[str]:
    """Threshold failures, as readable lines (empty: pass); by default the report's pool's gate."""
    th = thresholds or THRESHOLDS_BY_POOL[report.get("pool", "test")]
    t, fail = report["totals"], []
    rules = [
        ("recall", t["recall"] >= th["recall_min"], f">= {th['recall_min']}"),
        ("fabricated", t["fabricated"] <= th["fabricated_max"], f"<= {th['fabricated_max']}"),
        ("one_off_leaks", t["one_off_leaks"] <= th["one_off_leaks_max"], f"<= {th['one_off_leaks_max']}"),
        (
            "contradiction_handling",
            t["contradiction_handling"] >= th["contradictions_handled_min"],
            f">= {th['contradictions_handled_min']}",
        ),
        ("canary_leaks", t["canary_leaks"] <= th["canary_leaks_max"], f"<= {th['canary_leaks_max']}"),
        ("secret_leaks", t["secret_leaks"] <= th["secret_leaks_max"], f"<= {th['secret_leaks_max']}"),
    ]
    if report["model"] != "offline":
        rules.append(
            (
                "stability_jaccard_min",
                t["stability_jaccard_min"] >= th["stability_jaccard_min"],
                f">= {th['stability_jaccard_min']}",
            )
        )
    fail = [f"{name} = {t[name]} (want {want})" for name, ok, want in rules if not ok]
    fail += [f"{r['dev']} run {r['run']} exited {r['returncode']}: {r['stderr_tail']}" for r in report["failed_runs"]]
    return fail


def _workers(jobs: int) -> int:
    return max(1, min(jobs, (os.cpu_count() or 2) + 1, 6))


def _say(line: str) -> None:
    """Progress on stderr (a model eval takes minutes; stdout stays the report)."""
    print(line, file=sys.stderr, flush=True)


def run_eval(
    corpus: Path | None,
    model: str = "offline",
    seed: int = 1,
    json_out: bool = False,
    *,
    developers: int = 3,
    work_dir: Path | None = None,
    pool: str = "dev",
) -> tuple[dict[str, Any], str]:
    """Generate (when `corpus` is None) or load a corpus, run, score. Returns (report, printable text:
    the JSON report when `json_out`, else a table)."""
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="persona-eval-") as tmp:
        work = (work_dir or Path(tmp)).resolve()
        work.mkdir(parents=True, exist_ok=True)
        if corpus is None:
            corpus = work / "corpus"
            truth = generate(corpus, seed, developers, pool)
        else:
            corpus = corpus.resolve()
            truth = Truth.load(corpus)
        jobs = [(d, r) for d in truth.developers for r in ("a", "b")]
        _say(f"persona eval: {len(jobs)} isolated runs ({len(truth.developers)} developers × 2, model {model})…")
        done: list[RunResult] = []

        def one(job: tuple[DeveloperTruth, str]) -> RunResult:
            result = _one_run(job[0], job[1], corpus, work, model, truth.seed)
            done.append(result)  # list.append is atomic: a plain progress count
            ok = "ok" if result.returncode == 0 else f"exit {result.returncode}"
            _say(f"  {len(done)}/{len(jobs)} {result.dev}/{result.run}: {ok} in {result.seconds:.0f} s")
            return result

        with ThreadPoolExecutor(max_workers=_workers(len(jobs))) as ex:
            runs = list(ex.map(one, jobs))
        by = {(r.dev, r.run): r for r in runs}
        cards = [_score_dev(d, by[(d.dev, "a")], by[(d.dev, "b")]) for d in truth.developers]
    report: dict[str, Any] = {
        "model": model,
        "seed": truth.seed,
        "pool": truth.pool,
        "corpus": "generated" if work_dir is None and corpus.is_relative_to(work) else str(corpus),
        "developers": len(cards),
        "seconds": round(time.monotonic() - t0, 1),
        "run_seconds": {f"{r.dev}/{r.run}": r.seconds for r in runs},
        "totals": totals(cards),
        "thresholds": THRESHOLDS_BY_POOL[truth.pool],
        "failed_runs": [
            {"dev": r.dev, "run": r.run, "returncode": r.returncode, "stderr_tail": r.stderr[-400:]}
            for r in runs
            if r.returncode != 0
        ],
        "scorecards": [c.model_dump(mode="json") for c in cards],
    }
    report["failures"] = check(report)
    report["passed"] = not report["failures"]
    return report, json.dumps(report, indent=2) if json_out else render_table(report)


def render_table(report: dict[str, Any]) -> str:
    cards, t = report["scorecards"], report["totals"]
    devs = [c["dev"] for c in cards]
    th = report["thresholds"]
    rows: list[tuple[str, str, list[str], str]] = [
        (
            "preference recall",
            f"{t['recall']:.2f} ({t['preferences_recalled']}/{t['preferences_expected']})",
            [f"{c['preferences_recalled']}/{c['preferences_expected']}" for c in cards],
            f">= {th['recall_min']}",
        ),
        (
            "fabricated bullets",
            str(t["fabricated"]),
            [str(c["fabricated"]) for c in cards],
            f"<= {th['fabricated_max']}",
        ),
        (
            "  of which garbled",
            str(t["garbled"]),
            [str(c["garbled"]) for c in cards],
            "",
        ),
        (
            "  of which inverted",
            str(t["inverted"]),
            [str(c["inverted"]) for c in cards],
            "",
        ),
        (
            "one-off leakage",
            str(t["one_off_leaks"]),
            [str(c["one_off_leaks"]) for c in cards],
            f"<= {th['one_off_leaks_max']}",
        ),
        (
            "contradictions handled",
            f"{t['contradictions_handled']}/{t['contradictions']}",
            [f"{c['contradictions_handled']}/{len(c['contradictions'])}" for c in cards],
            f">= {th['contradictions_handled_min']}",
        ),
        (
            "directive fidelity",
            f"{t['directive_fidelity']:.2f}",
            [f"{c['directive_fidelity']:.2f}" for c in cards],
            "(reported)",
        ),
        (
            "canary leaks",
            str(t["canary_leaks"]),
            [str(len(c["canary_leaks"])) for c in cards],
            f"<= {th['canary_leaks_max']}",
        ),
        (
            "secret leaks",
            str(t["secret_leaks"]),
            [str(len(c["secret_leaks"])) for c in cards],
            f"<= {th['secret_leaks_max']}",
        ),
        (
            "pack tokens",
            str(t["pack_tokens_max"]),
            [str(c["pack_tokens"]) for c in cards],
            "(reported)",
        ),
        ("bullets (non-directive)", str(t["bullets"]), [str(c["bullets"]) for c in cards], ""),
        ("LLM calls / USD", f"{t['llm_calls']} / {t['cost_usd']:.4f}", [str(c["llm_calls"]) for c in cards], ""),
        (
            "stable (identical packs)" if report["model"] == "offline" else "stability (Jaccard)",
            ("yes" if t["stable"] else "no") if report["model"] == "offline" else f"{t['stability_jaccard_min']:.2f}",
            [
                ("yes" if c["stable"] else "no") if report["model"] == "offline" else f"{c['stability_jaccard']:.2f}"
                for c in cards
            ],
            "(reported)" if report["model"] == "offline" else f">= {th['stability_jaccard_min']}",
        ),
    ]
    head = (
        f"persona eval: model {report['model']}, {report['pool']} pool, seed {report['seed']}, "
        f"{report['developers']} developers, "
        f"{report['seconds']} s"
    )
    widths = [26, 14, *(9 for _ in devs), 12]
    lines = [head, "", _row(["metric", "total", *devs, "threshold"], widths)]
    lines += [_row([name, total, *per, want], widths) for name, total, per, want in rows]
    lines.append("")
    for c in cards:
        if c["missed"]:
            lines.append(f"missed ({c['dev']}): {', '.join(c['missed'])}")
        for v in c["verdicts"]:
            if v["verdict"] in ("fabricated", "one_off"):
                lines.append(f"{v['verdict']} ({c['dev']}, {v['reason']}): {v['text']}")
        for leak in c["canary_leaks"] + c["secret_leaks"]:
            lines.append(f"leak ({c['dev']}): {leak['kind']} in {leak['where']}")
        for d in c["missing_directives"]:
            lines.append(f"directive not verbatim ({c['dev']}): {d.splitlines()[0]}")
    lines.append("PASS" if report["passed"] else "FAIL: " + "; ".join(report["failures"]))
    return "\n".join(lines)


def _row(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()


def cmd_eval(args: argparse.Namespace) -> int:
    report, text = run_eval(
        args.corpus,
        args.model,
        args.seed,
        args.json,
        developers=args.developers,
        work_dir=args.work_dir,
        pool=args.pool,
    )
    print(text)
    return 0 if report["passed"] else 1


def main(argv: Sequence[str] | None = None) -> int:
    """`persona eval [--model M] [--corpus DIR] [--seed N] [--json]`; exit 1 when a threshold fails."""
    p = argparse.ArgumentParser(prog="persona eval", description=__doc__)
    add_arguments(p)
    return cmd_eval(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
