"""One strict-JSON model call with everything a stage needs around it: the content-addressed
cache, the spend ledger (worst case reserved before every HTTP attempt), retries and the
parse into a pydantic reply model. Shared by the persona digester, lessons and session notes.

Only prompts built from redacted evidence may be passed in: nothing here redacts.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from persona_pipeline.core.llm import client
from persona_pipeline.core.llm.cache import ResponseCache, cache_key
from persona_pipeline.core.llm.ledger import BudgetExhausted, SpendLedger

if TYPE_CHECKING:
    from persona_pipeline.core.config import Settings

# Used when litellm does not know the model's prices: deliberately high, so the budget holds.
DEFAULT_USD_PER_INPUT_TOKEN = 5e-6
DEFAULT_USD_PER_OUTPUT_TOKEN = 2.5e-5

R = TypeVar("R", bound=BaseModel)
T = TypeVar("T")
U = TypeVar("U", bound="Usage")
log = logging.getLogger(__name__)


class Usage(Protocol):
    """Where a call's outcome is counted (a stage's per-unit result record)."""

    status: str  # ok | failed | budget
    error: str | None
    calls: int
    cache_hits: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    soft_skips: int


def usage_units(usage: Usage) -> list[str]:
    """The units a call's prompt was built from: a per-unit stage's `unit_key`, or the several
    `unit_keys` of a call over many units (skills). Recorded with the cached reply for erasure."""
    one = getattr(usage, "unit_key", None)
    return [one] if isinstance(one, str) else list(getattr(usage, "unit_keys", None) or [])


def strict_schema(reply_model: type[BaseModel], drop_enum_values: tuple[str, ...] = ()) -> dict[str, Any]:
    """A reply model's JSON schema in the subset strict structured-output modes accept: no titles,
    descriptions or length keywords (pydantic still enforces them locally)."""

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            out = {
                k: clean(v)
                for k, v in node.items()
                if k not in ("title", "minLength", "maxLength", "maxItems", "description")
            }
            if "enum" in out and drop_enum_values:
                out["enum"] = [v for v in out["enum"] if v not in drop_enum_values]
            return out
        if isinstance(node, list):
            return [clean(v) for v in node]
        return node

    return clean(reply_model.model_json_schema())


def _cost(reply: client.Reply, in_price: float, out_price: float) -> float:
    """litellm's price when it knows the model, else tokens at our (conservative) prices."""
    if reply.cost_usd >= 0:
        return reply.cost_usd
    return reply.prompt_tokens * in_price + reply.completion_tokens * out_price


class StructuredCaller:
    """Calls one model for strict-JSON replies. Thread-safe; one instance per run (its ledger is
    the run's budget). Once the budget is exhausted, no new call starts (cache hits still do)."""

    def __init__(
        self,
        model: str,
        cache_dir: Path,
        max_usd: float,
        max_calls: int,
        timeout: float = 60.0,
        max_tokens: int = 2000,
        api_base: str | None = None,
        api_key: str | None = None,
        retry: client.RetryPolicy | None = None,
        ledger: SpendLedger | None = None,
    ) -> None:
        self.model = model
        self.cache = ResponseCache(cache_dir)
        self.ledger = ledger or SpendLedger(max_usd, max_calls)
        self.timeout = timeout
        self.max_tokens = max_tokens
        self.api_base = api_base
        self.api_key = api_key
        self.retry = retry or client.RetryPolicy()
        self._stop = threading.Event()
        self.fatal: client.ProviderError | None = None  # credentials, model, network: stop calling

    def prices(self) -> tuple[float, float]:
        """(USD per input token, per output token); a known price of 0 (local models) stays 0."""
        lit = client._litellm()
        try:
            info: dict[str, Any] = dict(lit.get_model_info(self.model))
        except Exception:
            info = {}
        inp, out = info.get("input_cost_per_token"), info.get("output_cost_per_token")
        return (
            DEFAULT_USD_PER_INPUT_TOKEN if inp is None else float(inp),
            DEFAULT_USD_PER_OUTPUT_TOKEN if out is None else float(out),
        )

    def call(
        self,
        msgs: list[dict[str, str]],
        reply_model: type[R],
        schema: dict[str, Any],
        prompt_version: str,
        usage: Usage,
    ) -> R | None:
        """The parsed reply, or None. None with `usage.status` still "ok" is a soft skip (an
        unparseable or off-schema reply, counted in `usage.soft_skips`); otherwise the status is
        "failed" (a hard provider failure) or "budget", and the caller must stop the unit."""
        key = cache_key(
            backend="litellm",
            model=self.model,
            messages=msgs,
            schema=schema,
            temperature=0,
            max_tokens=self.max_tokens,
            prompt_version=prompt_version,
        )
        hit = self.cache.get(key)
        usage_row: dict[str, int] = {}
        units = usage_units(usage)
        if hit is not None:
            usage.cache_hits += 1
            text = str(hit.get("text", ""))
            self.cache.note_units(key, units)
        else:
            if self.fatal is not None:  # the same failure for every later call: do not send them
                usage.status, usage.error = "failed", str(self.fatal)
                return None
            if self._stop.is_set():
                usage.status = "budget"
                return None
            in_price, out_price = self.prices()
            # An upper bound: a token is at least one byte, and the schema is part of the prompt.
            prompt_bytes = len(json.dumps(msgs).encode()) + len(json.dumps(schema).encode())
            worst = prompt_bytes * in_price + self.max_tokens * out_price

            def before() -> Any:
                return self.ledger.reserve(worst)  # every HTTP attempt is a budgeted call

            def after(reservation: Any, billed: Any) -> None:
                if isinstance(billed, client.Reply):
                    billed = _cost(billed, in_price, out_price)
                self.ledger.settle(reservation, worst if billed is None else billed)

            try:
                reply = client.completion(
                    model=self.model,
                    messages=msgs,
                    schema=schema,
                    max_tokens=self.max_tokens,
                    timeout=self.timeout,
                    policy=self.retry,
                    api_base=self.api_base,
                    api_key=self.api_key,
                    attempt_hooks=(before, after),
                )
            except BudgetExhausted as exc:
                self._stop.set()
                usage.status, usage.error = "budget", str(exc)
                return None
            except client.ProviderError as exc:
                usage.calls += exc.attempts
                usage.status, usage.error = "failed", str(exc)
                if exc.fatal and self.fatal is None:
                    self.fatal = exc
                    log.error("litellm: %s; no further calls this run", exc)
                return None
            usage.calls += reply.attempts
            usage.prompt_tokens += reply.prompt_tokens
            usage.completion_tokens += reply.completion_tokens
            usage.cost_usd += _cost(reply, in_price, out_price)
            text = reply.text
            usage_row = {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens}
        try:
            parsed = reply_model.model_validate_json(text)
        except ValidationError:
            usage.soft_skips += 1  # counted, not retried
            return None
        if hit is None:
            self.cache.put(key, {"text": text, **usage_row}, units)  # only parseable replies are worth replaying
        return parsed


def map_units(build: Callable[[T], U], items: Sequence[T], concurrency: int, what: str) -> list[U]:
    """`build` over `items` with at most `concurrency` calls in flight, results in input order;
    logs how many units failed or were stopped by the budget (counts only)."""
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        results = list(pool.map(build, items))
    failed = sum(r.status == "failed" for r in results)
    budget = sum(r.status == "budget" for r in results)
    if failed or budget:
        log.warning("litellm %s: %d failed, %d stopped by budget (retried next run)", what, failed, budget)
    return results


def make_caller(settings: Settings, max_tokens: int = 2000, ledger: SpendLedger | None = None) -> StructuredCaller:
    """The one model client of every stage (digests, lessons, notes, skills), from the settings:
    the model, the response cache under the data dir, the per-run and per-period budgets (one
    `run_ledger` for the whole run), the endpoint and key."""
    from persona_pipeline.core.llm.ledger import run_ledger

    return StructuredCaller(
        settings.model,
        settings.data_dir / "llm_cache",
        settings.max_usd,
        settings.max_calls,
        max_tokens=max_tokens,
        api_base=settings.api_base,
        api_key=settings.api_key,
        ledger=ledger or run_ledger(settings),
    )
