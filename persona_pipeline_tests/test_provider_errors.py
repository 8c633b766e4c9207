"""Provider errors say what to do (issue 21): each is classified with the provider's own message
(token-like runs masked) and a hint; only transient ones are retried; a missing key, an unknown
model or an unreachable network stops the run's calls within seconds."""

from __future__ import annotations

import json
import socket

import pytest

from persona_pipeline.core.llm.client import ProviderError, RetryPolicy, completion
from persona_pipeline.core.llm.structured import StructuredCaller
from persona_pipeline_tests.fake_openai import Behaviour, FakeOpenAI

SCHEMA = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
    "additionalProperties": False,
}
MSGS = [{"role": "user", "content": "say ok"}]
DEFAULT = RetryPolicy()  # the real policy: what a user gets


def _call(model: str, **kw) -> ProviderError:
    """The error of one call under the default policy (its attempt count is what a user waits for)."""
    with pytest.raises(ProviderError) as info:
        completion(model=model, messages=MSGS, schema=SCHEMA, max_tokens=10, timeout=5, policy=DEFAULT, **kw)
    return info.value


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_missing_key_is_a_credentials_error_not_retried(monkeypatch) -> None:
    for var in ("OPENAI_API_KEY", "OPENAI_ADMIN_KEY"):
        monkeypatch.delenv(var, raising=False)
    err = _call("openai/gpt-4.1-mini", api_base=f"http://127.0.0.1:{_closed_port()}")
    assert err.kind == "credentials" and err.fatal and err.attempts == 1, str(err)
    assert "OPENAI_API_KEY" in str(err) and "API key" in str(err)


def test_unknown_model_fails_at_once() -> None:
    err = _call("nosuchprovider/some-model", api_key="sk-x")
    assert err.kind == "unknown_model" and err.fatal and err.attempts == 1, str(err)
    assert "PERSONA_MODEL" in str(err)


def test_unreachable_network_fails_within_seconds() -> None:
    err = _call("openai/gpt-4.1-mini", api_key="sk-x", api_base=f"http://127.0.0.1:{_closed_port()}")
    assert err.kind == "network" and err.fatal and err.attempts == 2, str(err)
    assert "refused" in str(err).lower()


@pytest.fixture
def server():
    s = FakeOpenAI().start()
    yield s
    s.stop()


def test_rejected_key_message_is_kept_but_masked(server) -> None:
    leaked = "sk-live-4f9c2a7b1e8d3f6a0b5c"
    body = {"error": {"message": f"Incorrect API key provided: {leaked}. Check your key.", "type": "invalid_request"}}
    server.default = Behaviour(status=401, body=json.dumps(body).encode())
    err = _call("openai/fake", api_key=leaked, api_base=server.base_url)
    assert err.kind == "credentials" and len(server.requests) == 1
    assert "Incorrect API key provided" in str(err) and leaked not in str(err) and "[masked]" in str(err)


@pytest.mark.parametrize(
    ("status", "kind", "attempts"), [(429, "rate_limit", 5), (503, "server", 5), (422, "bad_request", 1)]
)
def test_kinds_by_status(server, status, kind, attempts) -> None:
    server.default = Behaviour(status=status, headers={"retry-after": "0"})
    policy = RetryPolicy(max_attempts=5, base_delay=0.001, max_delay=0.002)
    with pytest.raises(ProviderError) as info:
        completion(
            model="openai/fake",
            messages=MSGS,
            schema=SCHEMA,
            max_tokens=10,
            timeout=5,
            policy=policy,
            api_key="sk-x",
            api_base=server.base_url,
        )
    assert info.value.kind == kind and info.value.attempts == attempts and not info.value.fatal


def test_fatal_error_stops_every_later_call(tmp_path, server) -> None:
    """After a credentials failure the run sends nothing more: 145 doomed attempts become one."""
    from pydantic import BaseModel

    class Ok(BaseModel):
        ok: bool

    class U:
        status, error, calls, cache_hits, prompt_tokens, completion_tokens, cost_usd, soft_skips = (
            "ok",
            None,
            0,
            0,
            0,
            0,
            0.0,
            0,
        )

    server.default = Behaviour(status=401)
    caller = StructuredCaller("openai/fake", tmp_path / "cache", 5.0, 100, api_base=server.base_url, api_key="sk-x")
    outcomes = []
    for i in range(5):
        u = U()
        assert caller.call([{"role": "user", "content": f"q{i}"}], Ok, SCHEMA, "v1", u) is None
        outcomes.append((u.status, u.calls))
    assert len(server.requests) == 1
    assert outcomes[0] == ("failed", 1) and all(o == ("failed", 0) for o in outcomes[1:])
