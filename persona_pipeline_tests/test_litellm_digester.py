"""The litellm backend against a real local OpenAI-style HTTP server: faults, budget, cache."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from persona_pipeline.core.llm.client import RetryPolicy
from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.llm_digester import LitellmDigester
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Facet
from persona_pipeline_tests.fake_openai import Behaviour, FakeOpenAI

FAST = RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05, max_retry_after=1.0)
GOOD = json.dumps(
    {
        "observations": [
            {
                "facet": "stack",
                "statement": "Use polars instead of pandas.",
                "quote": "use polars, not pandas",
                "tier": "T2",
            },
        ]
    }
)


@pytest.fixture
def server():
    s = FakeOpenAI().start()
    yield s
    s.stop()


def _inp(
    unit: str = "u1",
    texts: tuple[str, ...] = ("Stop, use polars, not pandas. [REDACTED:github_pat:1a2b3c4d]",),
    tier: Tier = Tier.T1,
) -> DigestInput:
    ev = [
        EvidenceView(evidence_id=f"{unit}-{i}", tier=tier, kind="prompt", excerpt=t, project="p", session_id=unit)
        for i, t in enumerate(texts)
    ]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _digester(server: FakeOpenAI, tmp_path: Path, **kw) -> LitellmDigester:
    args = {
        "model": "openai/fake-model",
        "cache_dir": tmp_path / "cache",
        "max_usd": 5.0,
        "max_calls": 100,
        "api_base": server.base_url,
        "api_key": "sk-test-not-real",
        "retry": FAST,
        "timeout": 2.0,
    }
    args.update(kw)
    from persona_pipeline.core.llm.structured import StructuredCaller
    from persona_pipeline_tests.fake_openai import split_caller_args

    caller_args, own = split_caller_args(args)
    return LitellmDigester(StructuredCaller(**caller_args), **own)


def test_happy_path_grounds_quotes_and_takes_tier_from_evidence(server, tmp_path) -> None:
    server.default = Behaviour(content=GOOD)
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "ok" and res.calls == 1 and res.prompt_tokens == 120 and res.completion_tokens == 30
    [o] = res.observations
    assert o.facet is Facet.STACK and o.tier is Tier.T1  # the model said T2; the evidence says T1
    assert o.evidence_ids == ["u1-0"] and res.cost_usd > 0
    req = server.requests[0]
    assert req["temperature"] == 0 and req["response_format"]["type"] == "json_schema"
    assert "[REDACTED:github_pat:1a2b3c4d]" in json.dumps(req)  # only redacted text is sent


def test_429_with_retry_after_then_success(server, tmp_path) -> None:
    server.queue = [Behaviour(status=429, headers={"Retry-After": "0.3"})]
    server.default = Behaviour(content=GOOD)
    t0 = time.monotonic()
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "ok" and len(server.requests) == 2 and time.monotonic() - t0 >= 0.3


def test_5xx_exhaustion_fails_the_unit_for_retry(server, tmp_path) -> None:
    server.default = Behaviour(status=503)
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "failed" and res.observations == [] and "503" in (res.error or "")
    assert len(server.requests) == FAST.max_attempts


@pytest.mark.parametrize("status", [400, 401, 402, 403])
def test_other_4xx_fail_fast(server, tmp_path, status) -> None:
    server.default = Behaviour(status=status)
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "failed" and str(status) in (res.error or "") and len(server.requests) == 1
    assert "polars" not in (res.error or "")  # errors never carry user text


def test_timeouts_and_connection_resets_are_retried_then_fail(server, tmp_path) -> None:
    server.default = Behaviour(content=GOOD, delay=1.5)
    [res] = _digester(server, tmp_path, timeout=0.3).digest_many([_inp()])
    assert res.status == "failed" and len(server.requests) == FAST.max_attempts
    server.requests.clear()
    server.queue = [Behaviour(reset=True), Behaviour(truncate=True, content=GOOD)]
    server.default = Behaviour(content=GOOD)
    [res] = _digester(server, tmp_path / "b").digest_many([_inp()])
    assert res.status == "ok" and res.observations and len(server.requests) == 3


@pytest.mark.parametrize("content", ["not json at all", '{"observations": [{"facet": "vibes"}]}', '{"obs": 1}'])
def test_garbage_or_off_schema_reply_is_a_soft_skip(server, tmp_path, content) -> None:
    server.default = Behaviour(content=content)
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "ok" and res.soft_skips == 1 and res.observations == []


def test_quote_not_in_evidence_is_dropped(server, tmp_path) -> None:
    server.default = Behaviour(
        content=json.dumps(
            {"observations": [{"facet": "stack", "statement": "Use Rust.", "quote": "I love rust", "tier": "T2"}]}
        )
    )
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.observations == [] and res.dropped_quotes == 1


def test_budget_cutoff_mid_run(server, tmp_path) -> None:
    server.default = Behaviour(content=GOOD)
    d = _digester(server, tmp_path, max_calls=2, concurrency=1)
    results = d.digest_many([_inp(f"u{i}", (f"use polars, not pandas (session {i})",)) for i in range(4)])
    assert [r.status for r in results] == ["ok", "ok", "budget", "budget"]
    assert len(server.requests) == 2 and d.ledger.calls == 2
    tight = _digester(server, tmp_path / "usd", max_usd=0.0001)
    [res] = tight.digest_many([_inp()])
    assert res.status == "budget" and tight.ledger.spent_usd <= 0.0001 and len(server.requests) == 2


def test_cache_hit_on_rerun_makes_no_request(server, tmp_path) -> None:
    server.default = Behaviour(content=GOOD)
    first = _digester(server, tmp_path).digest_many([_inp()])
    assert len(server.requests) == 1
    [again] = _digester(server, tmp_path).digest_many([_inp()])
    assert len(server.requests) == 1 and again.cache_hits == 1 and again.calls == 0 and again.cost_usd == 0
    assert [o.observation_id for o in again.observations] == [o.observation_id for o in first[0].observations]


def test_concurrency_is_bounded_and_long_sessions_are_windowed(server, tmp_path) -> None:
    server.default = Behaviour(content='{"observations": []}', delay=0.2)
    d = _digester(server, tmp_path, concurrency=3)
    d.digest_many([_inp(f"c{i}", (f"prompt number {i}",)) for i in range(8)])
    assert server.max_in_flight <= 3 and len(server.requests) == 8
    server.requests.clear()
    server.default = Behaviour(content='{"observations": []}')
    long_session = _inp("long", tuple(f"turn {i} " + "x" * 3000 for i in range(10)), Tier.T2)
    [res] = _digester(server, tmp_path / "w").digest_many([long_session])
    assert res.calls == len(server.requests) >= 3


def test_persona_run_with_a_model_sends_only_redacted_text_and_reruns_free(
    server, tmp_path, cli_env, ground_truth
) -> None:
    import subprocess
    import sys

    from persona_pipeline_tests.conftest import planted_values

    digest = json.dumps(
        {
            "observations": [
                {"facet": "stack", "statement": "Use polars instead of pandas.", "quote": "use polars", "tier": "T2"}
            ]
        }
    )

    def reply(payload: dict) -> str:
        """Each stage gets a parseable reply of its own schema (only parseable replies are cached)."""
        schema = json.dumps(payload.get("response_format", ""))
        for key in ("lessons", "notes", "skills"):
            if f'"{key}"' in schema:
                return json.dumps({key: []})
        return digest

    server.responder = reply
    env = dict(
        cli_env, PERSONA_MODEL="openai/fake-model", PERSONA_API_BASE=server.base_url, PERSONA_API_KEY="sk-test-not-real"
    )

    def run() -> dict:
        proc = subprocess.run(
            [sys.executable, "-m", "persona_pipeline", "run", "--json"],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        return json.loads(proc.stdout.strip().splitlines()[-1])

    first = run()
    assert first["llm_calls"] == len(server.requests) >= 10 and first["units_failed"] == 0
    assert first["observations"] >= 1 and first["model"] == "openai/fake-model"
    sent = json.dumps(server.requests)
    assert not [v for v in planted_values(ground_truth) if v in sent]
    assert "[REDACTED:" in sent
    n = len(server.requests)
    second = run()  # nothing changed: no digest work at all
    assert len(server.requests) == n and second["llm_calls"] == 0 and second["units_processed"] == 0
    (tmp_path / "data" / "warehouse.duckdb").unlink()  # rebuild everything: every reply comes from the cache
    third = run()
    assert len(server.requests) == n and third["llm_calls"] == 0 and third["cache_hits"] == first["llm_calls"]
    assert third["cost_usd"] == 0 and third["observations"] == first["observations"]


def test_one_budget_for_every_stage_of_a_run(server, cli_env) -> None:
    """Digests, lessons, notes and skills all draw on the run's PERSONA_MAX_CALLS: a limit of 3
    means 3 requests in all, not 3 per stage."""
    server.default = Behaviour(content=json.dumps({"observations": []}))
    env = dict(
        cli_env,
        PERSONA_MODEL="openai/fake-model",
        PERSONA_API_BASE=server.base_url,
        PERSONA_API_KEY="sk-test-not-real",
        PERSONA_MAX_CALLS="3",
    )
    proc = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", "run", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(server.requests) == 3 == summary["llm_calls"]
    # a clean stop: the rest is left stale for the next run, nothing failed
    assert proc.returncode == 0 and summary["units_failed"] == 0 and summary["units_deferred"] > 0
    assert "spend cap reached" in proc.stderr and "call limit 3" in proc.stderr


def test_forget_removes_the_forgotten_words_from_the_reply_cache(server, tmp_path, cli_env) -> None:
    """`persona forget` must not leave quotes of what it erased in `llm_cache/` (issue 18); replies
    quoting nothing forgotten stay cached."""
    import subprocess
    import sys

    quote = "use polars"  # said in one sample session only (ledgerly d99c46b5)

    def reply(payload: dict) -> str:
        schema = json.dumps(payload.get("response_format", ""))
        for key in ("lessons", "notes", "skills"):
            if f'"{key}"' in schema:
                return json.dumps({key: []})
        said = quote in json.dumps(payload.get("messages", []))
        obs = [{"facet": "stack", "statement": "Use polars.", "quote": quote, "tier": "T2"}] if said else []
        return json.dumps({"observations": obs})

    server.responder = reply
    env = dict(
        cli_env, PERSONA_MODEL="openai/fake-model", PERSONA_API_BASE=server.base_url, PERSONA_API_KEY="sk-test-not-real"
    )

    def persona(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "persona_pipeline", *args], env=env, capture_output=True, text=True, timeout=300
        )

    assert persona("run", "--json").returncode == 0
    cache = Path(env["PERSONA_DATA_DIR"]) / "llm_cache"
    entries = lambda: {p: p.read_text() for p in cache.glob("*/*.json")}  # noqa: E731
    before = entries()
    assert any(quote in t for t in before.values())
    key = "claude/code-ledgerly/d99c46b5-6a67-4a41-a4ee-29f3b2679f0e.jsonl"
    proc = persona("forget", key)
    assert proc.returncode == 0, proc.stderr[-2000:]
    after = entries()
    assert not any(quote in t for t in after.values())
    # every reply to a prompt built from the unit goes (found by its key), the rest stays cached
    of_unit = {p for p, t in before.items() if key in json.loads(t)["units"] or quote in t}
    assert of_unit and set(after) == set(before) - of_unit
