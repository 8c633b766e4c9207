"""Provider faults against a real local OpenAI-style HTTP server, beyond the cases of
test_litellm_digester.py: 429 storms, 5xx bursts, more 4xx, garbage and schema-violating bodies
on HTTP 200, quotes that are not the person's words, budgets under faults and concurrency, and
through `persona run`: a failed session is never lost (retried next run), the final report says
so, and the warehouse ends equal to a clean run's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import duckdb
import pytest

from persona_pipeline.core.llm.client import RetryPolicy
from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.llm_digester import LitellmDigester
from persona_pipeline_tests.builders import claude_assistant, claude_user, text, write_jsonl
from persona_pipeline_tests.conftest import REPO
from persona_pipeline_tests.fake_openai import Behaviour, FakeOpenAI
from persona_pipeline_tests.test_litellm_digester import FAST, GOOD, _digester, _inp


@pytest.fixture
def server():
    s = FakeOpenAI()
    # a short poll interval: stopping the server costs 50 ms per test, not 500
    s.thread = threading.Thread(target=s.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    s.start()
    yield s
    s.stop()


def _reply(quote: str, statement: str = "Use polars instead of pandas.") -> str:
    return json.dumps({"observations": [{"facet": "stack", "statement": statement, "quote": quote, "tier": "T2"}]})


# --- rate limits and server errors --------------------------------------------------------------
def test_429_storm_with_retry_after_is_waited_out(server, tmp_path) -> None:
    server.queue = [Behaviour(status=429, headers={"Retry-After": "0.15"}) for _ in range(4)]
    server.default = Behaviour(content=GOOD)
    policy = RetryPolicy(max_attempts=6, base_delay=0.001, max_delay=0.002, max_retry_after=1.0)
    t0 = time.monotonic()
    [res] = _digester(server, tmp_path, retry=policy).digest_many([_inp()])
    assert res.status == "ok" and res.observations and len(server.requests) == 5
    assert time.monotonic() - t0 >= 4 * 0.15  # every Retry-After honoured
    assert res.calls == 5  # every attempt is a budgeted call


def test_429_storm_past_the_attempts_fails_the_unit_and_caps_retry_after(server, tmp_path, monkeypatch) -> None:
    from persona_pipeline.core.llm import client

    server.default = Behaviour(status=429, headers={"Retry-After": "3600"})
    policy = RetryPolicy(max_attempts=4, base_delay=0.001, max_delay=0.002, max_retry_after=0.1)
    slept: list[float] = []
    # (records each wait; sleeps at most 1 s of it, so an uncapped wait fails here instead of hanging)
    monkeypatch.setitem(client.completion.__kwdefaults__, "sleep", lambda s: slept.append(s) or time.sleep(min(s, 1.0)))
    results = _digester(server, tmp_path, retry=policy, concurrency=4).digest_many(
        [_inp(f"u{i}", (f"use polars, not pandas ({i})",)) for i in range(4)]
    )
    # an hour-long Retry-After is capped, not obeyed: every wait asked for is the cap (read from the
    # waits themselves, not a wall clock)
    assert len(slept) == 12 and all(0.1 - 1e-9 <= s <= 0.1 for s in slept), slept
    assert {r.status for r in results} == {"failed"} and len(server.requests) == 16
    assert all("429" in (r.error or "") and r.observations == [] for r in results)


def test_retry_after_as_an_http_date_or_garbage_is_ignored(server, tmp_path) -> None:
    server.queue = [
        Behaviour(status=429, headers={"Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"}),
        Behaviour(status=429, headers={"Retry-After": "soon"}),
        Behaviour(status=429, headers={"Retry-After": "-5"}),
    ]
    server.default = Behaviour(content=GOOD)
    [res] = _digester(server, tmp_path, retry=RetryPolicy(4, 0.001, 0.002, 1.0)).digest_many([_inp()])
    assert res.status == "ok" and len(server.requests) == 4


def test_5xx_burst_then_success(server, tmp_path) -> None:
    server.queue = [Behaviour(status=s) for s in (500, 502, 503, 504)]
    server.default = Behaviour(content=GOOD)
    [res] = _digester(server, tmp_path, retry=RetryPolicy(5, 0.001, 0.002, 1.0)).digest_many([_inp()])
    assert res.status == "ok" and res.observations and len(server.requests) == 5


@pytest.mark.parametrize("status", [404, 413, 422])
def test_more_4xx_fail_fast(server, tmp_path, status) -> None:
    server.default = Behaviour(status=status)
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "failed" and str(status) in (res.error or "") and len(server.requests) == 1


@pytest.mark.parametrize("status", [408, 409])
def test_408_and_409_are_retried(server, tmp_path, status) -> None:
    server.queue = [Behaviour(status=status)]
    server.default = Behaviour(content=GOOD)
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "ok" and len(server.requests) == 2


# --- HTTP 200 with a body that is not a chat completion -------------------------------------------
_CHOICE = '{"index":0,"message":%s,"finish_reason":"stop"}'
GARBAGE_BODIES = {
    "html": b"<html><body>502 Bad Gateway</body></html>",
    "empty": b"",
    "not_chat": b'{"foo": 1}',
    "json_array": b"[1, 2, 3]",
    "no_choices": b'{"id":"x","object":"chat.completion","choices":[],"usage":{"prompt_tokens":1}}',
    "null_message": ('{"id":"x","object":"chat.completion","choices":[%s]}' % (_CHOICE % "null")).encode(),
    "cut_json": b'{"id":"x","object":"chat.completion","choices":[{"index":0,"mess',
}


@pytest.mark.parametrize("name", sorted(GARBAGE_BODIES))
def test_garbage_body_on_http_200_is_a_retried_hard_failure(server, tmp_path, name) -> None:
    server.default = Behaviour(body=GARBAGE_BODIES[name])
    results = _digester(server, tmp_path, concurrency=2).digest_many([_inp("u1"), _inp("u2", ("prefer tabs",))])
    # never raises out of the batch; the session is left undigested (retried next run)
    assert [r.status for r in results] == ["failed", "failed"], [r.error for r in results]
    assert len(server.requests) == 2 * FAST.max_attempts
    server.requests.clear()
    server.queue = [Behaviour(body=GARBAGE_BODIES[name])]
    server.default = Behaviour(content=GOOD)
    [res] = _digester(server, tmp_path / "again").digest_many([_inp()])
    assert res.status == "ok" and res.observations and len(server.requests) == 2


@pytest.mark.parametrize(
    "content",
    [
        "",
        "null",
        '{"observations": null}',
        '{"observations": [{"facet": "stack", "statement": "x", "quote": "use polars", "tier": "T9"}]}',
        '{"observations": [{"facet": "stack", "statement": "Use polars.", "quote": "use polars", "tier": "T2", '
        '"extra": 1}]}',
        '{"observations": "' + "A" * 100_000 + '"}',
        '```json\n{"observations": []}\n```',
    ],
    ids=["empty", "null", "null_list", "bad_tier", "extra_field", "huge_string", "fenced"],
)
def test_schema_violating_content_is_a_soft_skip(server, tmp_path, content) -> None:
    server.default = Behaviour(content=content)
    [res] = _digester(server, tmp_path).digest_many([_inp()])
    assert res.status == "ok" and res.soft_skips == 1 and res.observations == [] and len(server.requests) == 1
    assert not any((tmp_path / "cache").rglob("*.json"))  # an unparseable reply is never cached


def test_one_unit_crashing_never_costs_the_batch(server, tmp_path, monkeypatch) -> None:
    from persona_pipeline.persona.digest import llm_digester as mod

    real = mod.ground

    def ground(inp, drafts, model, prompt_version):  # type: ignore[no-untyped-def]
        if inp.unit_key == "u2":
            raise RuntimeError("unforeseen")
        return real(inp, drafts, model, prompt_version)

    monkeypatch.setattr(mod, "ground", ground)
    server.default = Behaviour(content=GOOD)
    results = _digester(server, tmp_path).digest_many([_inp("u1"), _inp("u2"), _inp("u3")])
    assert [r.status for r in results] == ["ok", "failed", "ok"]
    assert results[1].error == "unexpected error: RuntimeError" and results[0].observations


# --- quotes that are not the person's words -------------------------------------------------------
def test_quotes_from_the_assistant_context_or_another_session_are_dropped(server, tmp_path) -> None:
    from persona_pipeline.persona.digest.models import DigestInput, EvidenceView

    ev = EvidenceView(
        evidence_id="e1",
        tier=Tier.T1,
        kind="correction",
        excerpt="no, use polars",
        context="I will now rewrite everything with pandas dataframes",
        project="p",
        session_id="s1",
    )
    mine = DigestInput(unit_key="u1", session_id="s1", project="p", evidence=[ev])
    other = _inp("u2", ("prefer tabs over spaces",), Tier.T2)
    server.default = Behaviour(
        content=json.dumps(
            {
                "observations": [
                    {
                        "facet": "stack",
                        "statement": "Use pandas.",
                        "quote": "rewrite everything with pandas",
                        "tier": "T1",
                    },
                    {
                        "facet": "coding_style",
                        "statement": "Use tabs.",
                        "quote": "prefer tabs over spaces",
                        "tier": "T2",
                    },
                    {"facet": "stack", "statement": "Use polars.", "quote": "[T1] (after assistant:", "tier": "T1"},
                    {"facet": "directives", "statement": "Use polars.", "quote": "use polars", "tier": "T0"},
                    {"facet": "stack", "statement": "Use polars.", "quote": "  USE   Polars ", "tier": "T0"},
                ]
            }
        )
    )
    r1, r2 = _digester(server, tmp_path).digest_many([mine, other])
    # only the person's own words in this session's evidence ground an observation; the tier
    # comes from the evidence (T1), never from the model (T0)
    assert [(o.statement, o.tier) for o in r1.observations] == [("Use polars.", Tier.T1)]
    assert r1.dropped_quotes == 4
    assert [o.statement for o in r2.observations] == ["Use tabs."]


# --- the budget under faults ---------------------------------------------------------------------
def _worst_case(d: LitellmDigester, inp) -> float:
    from persona_pipeline.persona.digest.llm_prompt import messages, windows

    in_price, out_price = d._prices()
    msgs = messages(windows(inp)[0])
    return (
        len(json.dumps(msgs).encode()) + len(json.dumps(d.schema).encode())
    ) * in_price + d.caller.max_tokens * out_price


def test_timeouts_are_charged_at_worst_case_and_the_budget_holds(server, tmp_path) -> None:
    server.default = Behaviour(content=GOOD, delay=1.0)
    inputs = [_inp(f"u{i}", (f"use polars, not pandas ({i})",)) for i in range(6)]
    probe = _digester(server, tmp_path)
    worst = max(_worst_case(probe, i) for i in inputs)
    d = _digester(server, tmp_path, timeout=0.2, concurrency=4, max_usd=2.5 * worst)
    results = d.digest_many(inputs)
    # a timed-out call may have been billed: each is settled at its worst case, so after two
    # of them no third fits in the budget, and nothing is ever sent beyond it
    assert len(server.requests) == 2 and d.ledger.calls == 2
    assert d.ledger.spent_usd <= d.ledger.max_usd and d.ledger.reserved_usd == pytest.approx(0, abs=1e-12)
    assert {r.status for r in results} <= {"failed", "budget"} and "budget" in {r.status for r in results}


def test_call_limit_holds_under_retries_and_concurrency(server, tmp_path) -> None:
    server.default = Behaviour(status=503, delay=0.05)
    d = _digester(server, tmp_path, max_calls=5, concurrency=4)
    results = d.digest_many([_inp(f"u{i}", (f"use polars ({i})",)) for i in range(6)])
    assert len(server.requests) == 5 and d.ledger.calls == 5
    assert {r.status for r in results} <= {"failed", "budget"}
    assert sum(r.calls for r in results if r.status == "failed") <= 5


def test_mixed_fault_storm_with_concurrency_loses_no_unit(server, tmp_path) -> None:
    """Faults of every kind interleaved with successes, 8 workers: every unit ends ok or failed
    (never missing, never raised), and every failed one is digested by a second pass."""
    faults = [
        Behaviour(status=429, headers={"Retry-After": "0.05"}),
        Behaviour(status=500),
        Behaviour(reset=True),
        Behaviour(truncate=True, content=GOOD),
        Behaviour(body=b"<html>oops</html>"),
        Behaviour(body=GARBAGE_BODIES["no_choices"]),
        Behaviour(status=502),
        Behaviour(content=GOOD, delay=0.5),  # past the timeout
    ]
    server.queue = faults * 4
    server.default = Behaviour(content=GOOD)
    inputs = [_inp(f"u{i}", (f"use polars, not pandas ({i})",)) for i in range(12)]
    d = _digester(server, tmp_path, timeout=0.3, concurrency=8, retry=RetryPolicy(3, 0.001, 0.01, 0.1))
    first = d.digest_many(inputs)
    assert [r.unit_key for r in first] == [i.unit_key for i in inputs]
    assert {r.status for r in first} <= {"ok", "failed"}
    assert d.ledger.spent_usd <= d.ledger.max_usd
    retry = [i for i, r in zip(inputs, first, strict=True) if r.status != "ok"]
    server.queue = []
    second = _digester(server, tmp_path).digest_many(retry)
    assert {r.status for r in second} <= {"ok"}
    done = {r.unit_key for r in first if r.status == "ok"} | {r.unit_key for r in second}
    assert done == {i.unit_key for i in inputs}


# --- through `persona run` ------------------------------------------------------------------------
class _Routed(list):
    """A FakeOpenAI queue that answers by the request being served (appended just before it is
    popped, under the server's lock): requests whose prompt holds `marker` get `fault`."""

    def __init__(self, fake: FakeOpenAI, marker: str, fault: Behaviour) -> None:
        super().__init__()
        self.fake, self.marker, self.fault, self.enabled = fake, marker, fault, True

    def __bool__(self) -> bool:
        return self.enabled

    def pop(self, index: int = -1) -> Behaviour:  # type: ignore[override]
        sent = json.dumps(self.fake.requests[-1])
        return self.fault if self.marker in sent else self.fake.default


def _corpus(root: Path) -> tuple[Path, Path]:
    claude, codex = root / "claude", root / "codex"
    codex.mkdir(parents=True)
    for i in range(4):
        flaky = " (flaky)" if i % 2 else ""
        write_jsonl(
            claude / "-home-pat-code-api" / f"s{i}.jsonl",
            [
                claude_user(
                    f"always use polars, not pandas{flaky}", sessionId=f"0000000{i}-0000-4000-8000-000000000000"
                ),
                claude_assistant([text("I used pandas for the join.")]),
                claude_user("no, use polars", sessionId=f"0000000{i}-0000-4000-8000-000000000000"),
            ],
        )
    return claude, codex


def _env(root: Path, data: Path, server: FakeOpenAI) -> dict[str, str]:
    claude, codex = root / "claude", root / "codex"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(
        PERSONA_DATA_DIR=str(data),
        PERSONA_CLAUDE_DIRS=str(claude),
        PERSONA_CODEX_DIRS=str(codex),
        PERSONA_INSTRUCTION_FILES="",
        PERSONA_MODEL="openai/fake-model",
        PERSONA_API_BASE=server.base_url,
        PERSONA_API_KEY="sk-test-not-real-0123456789",
    )
    return env


def _run(env: dict[str, str]) -> tuple[int, dict, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", "run", "--json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return proc.returncode, json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


def _state(data: Path) -> dict[str, Any]:
    with duckdb.connect(str(data / "warehouse.duckdb"), read_only=True) as con:
        return {
            "digest": dict(con.execute("SELECT unit_key, status FROM digest_state").fetchall()),
            "observations": sorted(r[0] for r in con.execute("SELECT observation_id FROM observations").fetchall()),
            "rules": sorted(con.execute("SELECT rule_id, support_observations FROM facet_rules").fetchall()),
            "evidence": sorted(r[0] for r in con.execute("SELECT evidence_id FROM evidence").fetchall()),
        }


@pytest.mark.slow
def test_persona_run_provider_faults_retry_next_run_and_match_a_clean_run(server, tmp_path) -> None:
    _corpus(tmp_path)
    reply = _reply("use polars")
    server.default = Behaviour(content=reply)
    routed = _Routed(server, "(flaky)", Behaviour(status=500))
    server.queue = routed
    env = _env(tmp_path, tmp_path / "data", server)

    code, first, err = _run(env)
    flaky = {"claude/code-api/s1.jsonl", "claude/code-api/s3.jsonl"}
    assert code == 1 and first["units_failed"] == 2, err[-2000:]
    assert "2 unit(s) failed; they will be retried next run" in err and "Traceback" not in err
    state = _state(tmp_path / "data")
    assert {k for k, v in state["digest"].items() if v == "failed"} == flaky
    assert state["observations"] and (tmp_path / "data" / "persona" / "PERSONA.md").exists()  # compiled anyway
    sent_before = len(server.requests)

    routed.enabled = False  # the provider recovers
    code, second, err = _run(env)
    assert code == 0 and second["units_failed"] == 0, err[-2000:]
    assert second["units_processed"] == 2  # only the two failed sessions, nothing else
    assert second["llm_calls"] == len(server.requests) - sent_before == 2
    after = _state(tmp_path / "data")
    assert set(after["digest"].values()) == {"ok"}

    code, third, _ = _run(env)  # nothing left to do
    assert code == 0 and third["units_processed"] == 0 and third["llm_calls"] == 0

    # the same corpus in one clean run (same redaction key): the same warehouse
    clean = tmp_path / "clean"
    (clean / "secrets").mkdir(parents=True)
    shutil.copyfile(tmp_path / "data" / "secrets" / "redaction.key", clean / "secrets" / "redaction.key")
    code, _, err = _run(_env(tmp_path, clean, server))
    assert code == 0, err[-2000:]
    assert _state(clean) == after
    assert len(after["observations"]) == len(set(after["observations"]))


@pytest.mark.slow
def test_persona_run_with_a_rejected_key_reports_clearly_and_leaks_nothing(server, tmp_path) -> None:
    _corpus(tmp_path)
    server.default = Behaviour(status=401)
    env = _env(tmp_path, tmp_path / "data", server)
    t0 = time.monotonic()
    code, summary, err = _run(env)
    assert code == 1 and summary["units_failed"] == 4 and summary["llm_calls"] == 4  # one call each: no retries
    assert time.monotonic() - t0 < 120
    assert "4 unit(s) failed; they will be retried next run" in err and "Traceback" not in err
    key = env["PERSONA_API_KEY"]
    assert key not in err
    for f in (tmp_path / "data").rglob("*"):
        if f.is_file():
            assert key.encode() not in f.read_bytes(), f
