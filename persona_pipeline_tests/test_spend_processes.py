"""Spend that holds across processes (issue 18): two processes digesting one data dir against the
local fake provider share the daily cap (never exceeded by more than one call's reservation) and
never digest a unit twice (warehouse claims); units a cap stopped stay stale, nothing is lost, and
the next period digests exactly those. Plus the ledger's day/month buckets and the claims alone."""

from __future__ import annotations

import json
import multiprocessing
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import pytest

from persona_pipeline.core.config import Settings
from persona_pipeline.core.llm.ledger import BudgetExhausted, PeriodLedger
from persona_pipeline.core.warehouse import claims, store
from persona_pipeline_tests import fake_openai
from persona_pipeline_tests.builders import claude_assistant, claude_user, text, write_jsonl

UNITS = 14
PAD = " ".join(f"word{i}" for i in range(500))  # ~4 KB of prompt per unit: its calls cost something


def _corpus(root: Path) -> None:
    when = datetime.now(UTC) - timedelta(days=1)
    for n in range(UNITS):
        sid = f"sess-{n:02d}"
        ts = (when + timedelta(minutes=n)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        write_jsonl(
            root / "-home-alice-code-widget" / f"{sid}.jsonl",
            [
                claude_user(f"always use marker{n:02d}x for the importer, {PAD}", sessionId=sid, timestamp=ts),
                claude_assistant([text("ok")], sessionId=sid, timestamp=ts),
            ],
        )


def _usage_by_size(b: fake_openai.Behaviour, payload: dict[str, Any]) -> dict[str, Any]:
    """Replies billed like a real provider's: prompt tokens never more than the prompt's bytes."""
    out = _plain_completion(b, payload)
    out["usage"] = {"prompt_tokens": len(json.dumps(payload["messages"])) // 2, "completion_tokens": 30}
    return out


_plain_completion = fake_openai._completion


@pytest.fixture
def server(monkeypatch):
    monkeypatch.setattr(fake_openai, "_completion", _usage_by_size)
    s = fake_openai.FakeOpenAI()
    s.default = fake_openai.Behaviour(content='{"observations": []}', delay=0.15)
    s.start()
    yield s
    s.stop()


def _settings(tmp_path: Path, server: fake_openai.FakeOpenAI, per_day: float) -> Settings:
    return Settings(
        data_dir=tmp_path / "data",
        claude_dirs=[tmp_path / "claude"],
        codex_dirs=[],
        prompt_logs=[],
        model="openai/fake-model",
        api_base=server.base_url,
        api_key="sk-test-not-real",
        max_usd_per_day=per_day,
        digest_concurrency=2,
    )


def _worker(values: str, keys: list[str], out: Any) -> None:
    from persona_pipeline.persona.stage import digest_units

    results, _ = digest_units(Settings.model_validate_json(values), keys)
    out.put({r.unit_key: r.status for r in results})


def _two_processes(settings: Settings, keys: list[str]) -> list[dict[str, str]]:
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    values = settings.model_dump_json()
    procs = [ctx.Process(target=_worker, args=(values, keys if i == 0 else keys[::-1], out)) for i in range(2)]
    for p in procs:
        p.start()
    got = [out.get(timeout=240) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    return got


def _sent_per_unit(server: fake_openai.FakeOpenAI) -> Counter[str]:
    return Counter(m for r in server.requests for m in re.findall(r"marker(\d\d)x", json.dumps(r["messages"])))


def test_two_processes_share_the_daily_cap_and_never_digest_a_unit_twice(tmp_path: Path, server) -> None:
    from persona_pipeline.core.ingest import ingest_units
    from persona_pipeline.core.llm.ledger import month_spend

    _corpus(tmp_path / "claude")
    cap = 0.12
    settings = _settings(tmp_path, server, cap)
    units = settings.sources().discover().units
    ingest_units(settings, units)
    keys = sorted(u.key for u in units)
    assert len(keys) == UNITS

    first = _two_processes(settings, keys)
    day = month_spend(settings.data_dir / "spend", "day")
    assert day is not None and day["reserved_usd"] == 0
    sent = _sent_per_unit(server)
    # the cap held across both processes: spent at most the cap plus one call's reservation
    worst = max(len(json.dumps(r["messages"])) for r in server.requests) * 5e-6 + 2000 * 2.5e-5 + 0.01
    assert day["spent_usd"] <= cap + worst
    assert 0 < len(sent) < UNITS  # the cap stopped the digests part way
    assert max(sent.values()) == 1  # no unit was sent twice, by either process
    digested = {k for r in first for k, st in r.items() if st == "ok"}
    stopped = {k for r in first for k, st in r.items() if st == "budget"}
    assert len(digested) == len(sent) and stopped  # a unit stopped by the cap is recorded as such
    with duckdb.connect(str(settings.warehouse_path), read_only=True) as con:
        ok = {r[0] for r in con.execute("SELECT unit_key FROM digest_state WHERE status = 'ok'").fetchall()}
        claimed = con.execute("SELECT count(*) FROM unit_claims").fetchone()[0]
    assert ok == digested and claimed == 0  # every claim released

    # the next period (a larger allowance): exactly the units left over are digested, once
    _two_processes(_settings(tmp_path, server, 5.0), keys)
    sent = _sent_per_unit(server)
    assert len(sent) == UNITS and set(sent.values()) == {1}
    with duckdb.connect(str(settings.warehouse_path), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM digest_state WHERE status = 'ok'").fetchone()[0] == UNITS


class Clock:
    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_the_daily_cap_resets_each_day_within_the_monthly_one(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 9, 14, 23, 0, tzinfo=UTC).timestamp())
    ledger = PeriodLedger(tmp_path, max_usd=0.8, max_calls=100, max_usd_per_day=0.5, _clock=clock)
    ledger.settle(ledger.reserve(0.3), 0.3)
    with pytest.raises(BudgetExhausted, match=r"daily budget .*PERSONA_MAX_USD_PER_DAY.*tomorrow"):
        ledger.reserve(0.3)
    clock.t += 2 * 3600  # the next day (UTC): a fresh daily allowance, the month carries on
    ledger.settle(ledger.reserve(0.3), 0.3)
    assert ledger.spent("day") == {"period": "2026-09-15", "spent_usd": pytest.approx(0.3), "calls": 1}
    clock.t += 86400
    with pytest.raises(BudgetExhausted, match=r"monthly budget .*next month"):
        ledger.reserve(0.3)
    assert ledger.spent("month")["spent_usd"] == pytest.approx(0.6)


def test_a_month_only_ledger_file_of_earlier_versions_is_read(tmp_path: Path) -> None:
    now = datetime(2026, 9, 14, tzinfo=UTC)
    (tmp_path / "ledger.json").write_text(
        json.dumps({"period": "2026-09", "spent_usd": 0.8, "calls": 3, "reserved": {"x": [0.1, now.timestamp()]}})
    )
    ledger = PeriodLedger(tmp_path, max_usd=1.0, max_calls=100, _clock=Clock(now.timestamp()))
    with pytest.raises(BudgetExhausted, match="monthly"):
        ledger.reserve(0.15)  # 0.8 spent + 0.1 still reserved
    assert ledger.spent()["calls"] == 3


def test_a_claimed_unit_is_skipped_by_another_owner_until_released_or_expired(tmp_path: Path) -> None:
    path = tmp_path / "w.duckdb"
    with store.connect(path) as con:
        a = claims.take(con, "digests:m", ["u1", "u2"], "a")
        b = claims.take(con, "digests:m", ["u1", "u2", "u3"], "b")
        assert a == ["u1", "u2"] and b == ["u3"]
        # a unit another process finished meanwhile is no longer stale: nobody takes it
        assert claims.take(con, "digests:m", ["u4", "u5"], "c", still_stale=lambda con: ["u5"]) == ["u5"]
        claims.release(con, "digests:m", ["u1"], "a")
        assert claims.take(con, "digests:m", ["u1", "u2"], "b") == ["u1"]
        # a claim of a killed process expires; another stage's claims are its own
        assert claims.take(con, "notes:m", ["u2"], "b") == ["u2"]
        claims.take(con, "digests:m", ["u9"], "dead", ttl_s=-1)
        assert claims.take(con, "digests:m", ["u9"], "b") == ["u9"]
