"""Digest throughput of the litellm backend against a local fake provider with fixed latency, at
concurrency 1 (the reference) and 8 (the default).

    python bench/llm_bench.py [--sessions 48] [--latency 0.05] [--json OUT]

The provider is persona_pipeline_tests/fake_openai.py: a real HTTP server on 127.0.0.1 speaking
the OpenAI chat-completions API, answering every call after `--latency` seconds with a valid
digest. The digester is pointed at it exactly as the tests do (`openai/…` model, api_base), with
a fresh response cache per run so every session costs one real call. Also reports the CPU time
the client spends per call (litellm's own overhead), which bounds what concurrency can buy on
2 cores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from persona_pipeline.core.llm.client import RetryPolicy  # noqa: E402
from persona_pipeline.core.llm.structured import StructuredCaller  # noqa: E402
from persona_pipeline.core.models import Tier  # noqa: E402
from persona_pipeline.persona.digest.llm_digester import LitellmDigester  # noqa: E402
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView  # noqa: E402
from persona_pipeline_tests.fake_openai import Behaviour, FakeOpenAI  # noqa: E402

REPLY = json.dumps(
    {
        "observations": [
            {"facet": "stack", "statement": "Use polars instead of pandas.", "quote": "use polars", "tier": "T2"}
        ]
    }
)


def inputs(n: int, tag: str) -> list[DigestInput]:
    out = []
    for i in range(n):
        texts = [
            f"refactor the importer in session {tag}-{i}; use polars, not pandas",
            "always run the test suite before you say it's done",
            "the deploy key is [REDACTED:aws_access_key:1a2b3c4d], rotate it after",
        ]
        ev = [
            EvidenceView(
                evidence_id=f"{tag}-{i}-{j}", tier=Tier.T2, kind="prompt", excerpt=t, project="p", session_id=f"s{i}"
            )
            for j, t in enumerate(texts)
        ]
        out.append(DigestInput(unit_key=f"claude/p/{tag}-{i}.jsonl", session_id=f"s{i}", project="p", evidence=ev))
    return out


def run(server: FakeOpenAI, sessions: int, concurrency: int, tag: str) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, calls) for digesting `sessions` fresh sessions."""
    with tempfile.TemporaryDirectory() as cache:
        caller = StructuredCaller(
            "openai/fake-model",
            Path(cache),
            100.0,
            10_000,
            timeout=10.0,
            api_base=server.base_url,
            api_key="sk-test-not-real",
            retry=RetryPolicy(max_attempts=2, base_delay=0.01, max_delay=0.05, max_retry_after=1.0),
        )
        d = LitellmDigester(caller, concurrency=concurrency)
        batch = inputs(sessions, tag)
        w0, c0 = time.perf_counter(), time.process_time()
        results = d.digest_many(batch)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    assert all(r.status == "ok" for r in results), [r.error for r in results if r.status != "ok"][:3]
    return wall, cpu, sum(r.calls for r in results)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=48)
    ap.add_argument("--latency", type=float, default=0.05)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", help="append a result row (JSON line) to this file")
    args = ap.parse_args()
    server = FakeOpenAI().start()
    server.default = Behaviour(content=REPLY, delay=args.latency)
    try:
        run(server, 4, 4, "warmup")  # import litellm, open connections
        res: dict[int, list[tuple[float, float, int]]] = {1: [], 8: []}
        for r in range(args.repeat):
            for c in (1, 8):
                res[c].append(run(server, args.sessions, c, f"r{r}c{c}"))
    finally:
        server.stop()
    rate = {c: args.sessions / statistics.median(w for w, _, _ in v) for c, v in res.items()}
    cpu_per_call = {c: 1000 * statistics.median(cpu / calls for _, cpu, calls in v) for c, v in res.items()}
    ideal = 1 / args.latency
    print(
        f"{args.sessions} sessions, 1 call each, provider latency {args.latency * 1000:.0f} ms; median of {args.repeat}"
    )
    for c in (1, 8):
        print(
            f"concurrency {c}: {rate[c]:6.1f} sessions/s (latency-bound ideal {ideal * c:.0f}/s), "
            f"client CPU {cpu_per_call[c]:.1f} ms per call"
        )
    speedup = rate[8] / rate[1]
    print(f"speed-up 8 vs 1: {speedup:.1f}x")
    if args.json:
        row = {
            "benchmark": f"LLM digests, fake provider at {args.latency * 1000:.0f} ms ({args.sessions} sessions)",
            "figure": f"concurrency 8: {rate[8]:.1f} sessions/s",
            "reference": f"concurrency 1: {rate[1]:.1f} sessions/s (client CPU {cpu_per_call[1]:.0f} ms/call)",
            "ratio": f"{speedup:.1f}x",
            "target": "close to 8x (latency-bound)",
            "met": "yes" if speedup >= 6 else "no",
        }
        with open(args.json, "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
