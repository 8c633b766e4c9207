"""One chat-completion call through litellm, with our own retry policy.

Every failure is classified (credentials, unknown model, network unreachable, rate limit, server,
timeout, bad request). Retried: rate limits, server errors, timeouts and 408/409 — exponential
backoff with full jitter, honouring Retry-After; an unreachable network only briefly, so no
network fails within seconds. Credentials, an unknown model and other 4xx fail at once, and the
first two are fatal for the whole run (no later call can succeed). Errors carry the kind, the
status, the exception class and the provider's own message with anything token-like masked —
never prompt or reply text.
"""

from __future__ import annotations

import errno
import os
import random
import re
import socket
import time
from dataclasses import dataclass
from typing import Any

RETRYABLE_STATUS = {408, 409, 429}
# Kinds after which no later call of this run can succeed: stop calling, say what to fix.
FATAL_KINDS = {"credentials", "unknown_model", "network"}
NETWORK_ATTEMPTS = 2  # an unreachable host is retried once, quickly, then the run stops calling
_HINTS = {
    "credentials": "set the provider's API key (e.g. OPENAI_API_KEY, OPENROUTER_API_KEY) or PERSONA_API_KEY",
    "unknown_model": "check PERSONA_MODEL: a litellm model string such as openai/gpt-4.1-mini",
    "network": "the provider is unreachable: check the network or PERSONA_API_BASE",
    "rate_limit": "the provider is rate-limiting: lower PERSONA_DIGEST_CONCURRENCY or retry later",
    "server": "the provider failed: retry later",
    "timeout": "the provider did not answer in time: retry later",
    "bad_request": "the provider refused this request",
    "malformed": "the provider's reply was not a chat completion",
}
# Anything shaped like a key or token in a provider's message (some echo part of a rejected key).
_TOKENISH = re.compile(r"[A-Za-z0-9_\-]*\d[A-Za-z0-9_\-*.]{11,}|[A-Za-z0-9_\-]{24,}")
_CREDENTIAL_WORDS = re.compile(r"api[_ ]?key|credential|unauthori[sz]ed|authenticat|permission denied", re.I)
_MODEL_WORDS = re.compile(
    r"provider not provided|model[^.]{0,60}(?:not (?:found|exist|supported)|does not exist)|unknown model", re.I
)


class ProviderError(Exception):
    """A hard failure: retries exhausted or a non-retryable status. `kind` says which (see
    `_HINTS`); `fatal` means no later call of this run can succeed either."""

    def __init__(self, message: str, attempts: int = 1, kind: str = "server") -> None:
        super().__init__(message)
        self.attempts = attempts
        self.kind = kind

    @property
    def fatal(self) -> bool:
        return self.kind in FATAL_KINDS


def provider_message(exc: BaseException, limit: int = 240) -> str:
    """The provider's own words, first line, token-like runs masked, bounded."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    text = re.sub(r"^(?:litellm\.)?\w+Error:\s*(?:\w+Error:\s*)?", "", text)
    root = _causes(exc)[-1]
    said = str(root).strip().splitlines()[0] if str(root).strip() else ""
    if root is not exc and said and said not in text:  # "Connection error." says less than "Connection refused"
        text += f" ({said})"
    text = _TOKENISH.sub("[masked]", text)
    return text[:limit]


def _causes(exc: BaseException) -> list[BaseException]:
    out: list[BaseException] = []
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen and len(out) < 12:
        seen.add(id(cur))
        out.append(cur)
        cur = cur.__cause__ or cur.__context__
    return out


def _unreachable(exc: BaseException) -> bool:
    """The host could not be reached at all (refused, no such name, no route): not a reset or a
    cut reply from a provider that answered, which are retried like server errors."""
    for cause in _causes(exc):
        if type(cause).__name__ == "ConnectError" or isinstance(cause, (ConnectionRefusedError, socket.gaierror)):
            return True
        if isinstance(cause, OSError) and cause.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH):
            return True
    return False


def classify(exc: BaseException) -> str:
    """What kind of failure an exception from litellm is. litellm reports a missing key and an
    unreachable host as HTTP 500, so its message is read too."""
    lit = _litellm()
    status = _status(exc)
    message = str(exc)
    names = {t.__name__ for t in type(exc).__mro__}
    if (
        status in (401, 403)
        or names & {"AuthenticationError", "PermissionDeniedError"}
        or (_CREDENTIAL_WORDS.search(message) and "missing" in message.lower())
    ):
        return "credentials"
    if _MODEL_WORDS.search(message) or (status == 404 and "model" in message.lower()):
        return "unknown_model"
    timeout_t = getattr(lit, "Timeout", None)
    if (isinstance(timeout_t, type) and isinstance(exc, timeout_t)) or isinstance(exc, TimeoutError) or status == 408:
        return "timeout"
    if _unreachable(exc):
        return "network"
    if status == 429:
        return "rate_limit"
    if status is not None and (status >= 500 or status in RETRYABLE_STATUS):
        return "server"
    if status is not None:
        return "bad_request"
    return "server" if _retryable(exc) else "bad_request"


def describe(kind: str, exc: BaseException) -> str:
    status = _status(exc)
    said = provider_message(exc)
    return (
        f"{kind}: {type(exc).__name__}"
        + (f" (HTTP {status})" if status else "")
        + (f": {said}" if said else "")
        + f" — {_HINTS[kind]}"
    )


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
    last, last_kind = "unknown error", "server"
    for attempt in range(1, policy.max_attempts + 1):
        token = before()
        try:
            resp = lit.completion(**kwargs)
        except Exception as exc:
            status = _status(exc)
            kind = classify(exc)
            # a refused request (HTTP error) is not billed; one that timed out may have been
            after(token, 0.0 if kind != "timeout" and status not in (None, 504) else None)
            last, last_kind = describe(kind, exc), kind
            if kind in ("credentials", "unknown_model", "bad_request"):
                raise ProviderError(last, attempt, kind) from None
            if attempt == policy.max_attempts or (kind == "network" and attempt >= NETWORK_ATTEMPTS):
                raise ProviderError(f"{last} (after {attempt} attempts)", attempt, kind) from None
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
            last, last_kind = f"malformed: {_HINTS['malformed']}", "malformed"
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
    raise ProviderError(f"{last} (after {policy.max_attempts} attempts)", policy.max_attempts, last_kind)
