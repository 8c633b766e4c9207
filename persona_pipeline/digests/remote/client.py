"""One chat-completion call through litellm, with our own retry policy.

Retried: 408/409/429/5xx, timeouts, connection errors — exponential backoff with full jitter,
honouring Retry-After. Any other 4xx fails at once with its status. Errors carry status codes
and exception class names only, never prompt or reply text.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from typing import Any

RETRYABLE_STATUS = {408, 409, 429}


class ProviderError(Exception):
    """A hard failure: retries exhausted or a non-retryable status."""

    def __init__(self, message: str, attempts: int = 1) -> None:
        super().__init__(message)
        self.attempts = attempts


@dataclass
class RetryPolicy:
    max_attempts: int = 5
    base_delay: float = 1.0
    max_delay: float = 30.0
    max_retry_after: float = 60.0


@dataclass
class Reply:
    text: str
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float  # -1 when litellm does not know the model's prices
    attempts: int = 1


def _litellm() -> Any:
    # Never fetch the remote model-cost map at import: no network beyond the provider itself.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")
    import litellm

    litellm.suppress_debug_info = True
    return litellm


def _status(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None)
    return code if isinstance(code, int) else None


def _retry_after(exc: BaseException) -> float | None:
    for holder in (getattr(exc, "response", None), exc):
        headers = getattr(holder, "headers", None) or getattr(holder, "litellm_response_headers", None)
        if headers is None:
            continue
        try:
            value = headers.get("retry-after") or headers.get("Retry-After")
        except AttributeError:
            continue
        if value is not None:
            try:
                return float(value)
            except ValueError:
                return None
    return None


def _retryable(exc: BaseException) -> bool:
    lit = _litellm()
    status = _status(exc)
    if status is not None:
        return status in RETRYABLE_STATUS or status >= 500
    transient = tuple(
        t
        for t in (
            getattr(lit, "Timeout", None),
            getattr(lit, "APIConnectionError", None),
            getattr(lit, "ServiceUnavailableError", None),
            getattr(lit, "InternalServerError", None),
        )
        if isinstance(t, type)
    )
    return isinstance(exc, (*transient, TimeoutError, ConnectionError))


def completion(
    *,
    model: str,
    messages: list[dict[str, str]],
    schema: dict[str, Any],
    max_tokens: int,
    timeout: float,
    policy: RetryPolicy,
    api_base: str | None = None,
    api_key: str | None = None,
    sleep: Any = time.sleep,
    attempt_hooks: Any = None,
) -> Reply:
    """`attempt_hooks` = (before, after): `before()` runs ahead of every HTTP attempt (the spend
    ledger reserves there, and may refuse); `after(token, billed)` settles it, with `billed` the
    cost, or None for an attempt that may have been billed without an answer (a timeout)."""
    lit = _litellm()
    before, after = attempt_hooks or (lambda: None, lambda token, billed: None)
    kwargs: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "temperature": 0,
        "max_tokens": max_tokens,
        "timeout": timeout,
        "num_retries": 0,
        "response_format": {"type": "json_schema", "json_schema": {"name": "digest", "schema": schema, "strict": True}},
    }
    if api_base:
        kwargs["api_base"] = api_base
    if api_key:
        kwargs["api_key"] = api_key
    last = "unknown error"
    for attempt in range(1, policy.max_attempts + 1):
        token = before()
        try:
            resp = lit.completion(**kwargs)
        except Exception as exc:
            status = _status(exc)
            # a refused request (HTTP error) is not billed; one that timed out may have been
            after(token, 0.0 if status not in (None, 408, 504) else None)
            last = f"{type(exc).__name__}" + (f" (HTTP {status})" if status else "")
            if not _retryable(exc):
                raise ProviderError(f"provider refused the request: {last}") from None
            if attempt == policy.max_attempts:
                break
            delay = random.uniform(0, min(policy.max_delay, policy.base_delay * 2 ** (attempt - 1)))
            hinted = _retry_after(exc)
            if hinted is not None:
                delay = max(delay, min(hinted, policy.max_retry_after))
            sleep(delay)
            continue
        try:
            text = resp.choices[0].message.content or ""
        except (AttributeError, IndexError, KeyError, TypeError):
            # HTTP 200 whose body is no chat completion (no choices, no message): a provider
            # fault like a 5xx, retried; it may have been billed, so it settles at worst case
            after(token, None)
            last = "malformed reply"
            if attempt == policy.max_attempts:
                break
            sleep(random.uniform(0, min(policy.max_delay, policy.base_delay * 2 ** (attempt - 1))))
            continue
        if not isinstance(text, str):
            text = str(text)  # a list of content parts or similar: parsed (and soft-skipped) later
        usage = getattr(resp, "usage", None)
        pt = int(getattr(usage, "prompt_tokens", 0) or 0)
        ct = int(getattr(usage, "completion_tokens", 0) or 0)
        try:
            cost = float(lit.completion_cost(completion_response=resp))
        except Exception:  # unknown model prices: fall back to our own estimate upstream
            cost = -1.0
        reply = Reply(text, pt, ct, cost, attempts=attempt)
        after(token, reply)
        return reply
    raise ProviderError(f"provider failed after {policy.max_attempts} attempts: {last}", policy.max_attempts)
