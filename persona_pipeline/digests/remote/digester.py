"""The litellm digester: windows → cache → budget → call → strict parse → grounding."""

from __future__ import annotations

import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from persona_pipeline.digests.models import DigestInput, DigestReply, DigestResult, DraftObservation
from persona_pipeline.digests.remote import client
from persona_pipeline.digests.remote.cache import ResponseCache, cache_key
from persona_pipeline.digests.remote.ledger import BudgetExhausted, SpendLedger
from persona_pipeline.digests.remote.prompt import PROMPT_VERSION, messages, windows
from persona_pipeline.digests.validate import ground

log = logging.getLogger(__name__)
# Used when litellm does not know the model's prices: deliberately high, so the budget holds.
DEFAULT_USD_PER_INPUT_TOKEN = 5e-6
DEFAULT_USD_PER_OUTPUT_TOKEN = 2.5e-5


def _cost(reply: client.Reply, in_price: float, out_price: float) -> float:
    """litellm's price when it knows the model, else tokens at our (conservative) prices."""
    if reply.cost_usd >= 0:
        return reply.cost_usd
    return reply.prompt_tokens * in_price + reply.completion_tokens * out_price


def provider_schema() -> dict[str, Any]:
    """DigestReply's JSON schema in the subset strict structured-output modes accept: no titles or
    length keywords (pydantic still enforces them locally), and no `directives` facet (those come
    only from instruction files)."""

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            out = {
                k: clean(v)
                for k, v in node.items()
                if k not in ("title", "minLength", "maxLength", "maxItems", "description")
            }
            if "enum" in out:
                out["enum"] = [v for v in out["enum"] if v != "directives"]
            return out
        if isinstance(node, list):
            return [clean(v) for v in node]
        return node

    return clean(DigestReply.model_json_schema())


class LitellmDigester:
    prompt_version = PROMPT_VERSION

    def __init__(
        self,
        model: str,
        cache_dir: Path,
        max_usd: float,
        max_calls: int,
        concurrency: int = 8,
        timeout: float = 60.0,
        max_tokens: int = 2000,
        api_base: str | None = None,
        api_key: str | None = None,
        retry: client.RetryPolicy | None = None,
    ) -> None:
        self.name = model
        self.model = model
        self.cache = ResponseCache(cache_dir)
        self.ledger = SpendLedger(max_usd, max_calls)
        self.concurrency = concurrency
        self.timeout = timeout
        self.max_tokens = max_tokens
        self.api_base = api_base
        self.api_key = api_key
        self.retry = retry or client.RetryPolicy()
        self.schema = provider_schema()
        self._stop = threading.Event()  # set once the budget is exhausted: start nothing new

    def _prices(self) -> tuple[float, float]:
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

    def _window(self, inp: DigestInput, turns: list[str], res: DigestResult) -> list[DraftObservation] | None:
        """Drafts of one window; None when the unit must stop (failure or budget)."""
        msgs = messages(turns)
        key = cache_key(
            backend="litellm",
            model=self.model,
            messages=msgs,
            schema=self.schema,
            temperature=0,
            max_tokens=self.max_tokens,
            prompt_version=self.prompt_version,
        )
        hit = self.cache.get(key)
        if hit is not None:
            res.cache_hits += 1
            text = hit["text"]
        else:
            if self._stop.is_set():
                res.status = "budget"
                return None
            in_price, out_price = self._prices()
            # An upper bound: a token is at least one byte, and the schema is part of the prompt.
            prompt_bytes = len(json.dumps(msgs).encode()) + len(json.dumps(self.schema).encode())
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
                    schema=self.schema,
                    max_tokens=self.max_tokens,
                    timeout=self.timeout,
                    policy=self.retry,
                    api_base=self.api_base,
                    api_key=self.api_key,
                    attempt_hooks=(before, after),
                )
            except BudgetExhausted as exc:
                self._stop.set()
                res.status, res.error = "budget", str(exc)
                return None
            except client.ProviderError as exc:
                res.calls += exc.attempts
                res.status, res.error = "failed", str(exc)
                return None
            cost = _cost(reply, in_price, out_price)
            res.calls += reply.attempts
            res.prompt_tokens += reply.prompt_tokens
            res.completion_tokens += reply.completion_tokens
            res.cost_usd += cost
            text = reply.text
            usage = {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens}
        try:
            parsed = DigestReply.model_validate_json(text)
        except ValidationError:
            res.soft_skips += 1  # unparseable or off-schema: counted, not retried
            return []
        if hit is None:
            self.cache.put(key, {"text": text, **usage})  # only parseable replies are worth replaying
        return parsed.observations

    def _digest(self, inp: DigestInput) -> DigestResult:
        res = DigestResult(unit_key=inp.unit_key)
        try:
            drafts: list[DraftObservation] = []
            for turns in windows(inp):
                got = self._window(inp, turns, res)
                if got is None:
                    res.observations = []
                    return res
                drafts.extend(got)
            res.observations, res.dropped_quotes = ground(inp, drafts, self.model, self.prompt_version)
        except Exception as exc:  # anything unforeseen costs this unit (retried next run), never the batch
            log.warning("litellm digest of one unit failed (%s)", type(exc).__name__)
            res.observations = []
            res.status, res.error = "failed", f"unexpected error: {type(exc).__name__}"
        return res

    def digest_many(self, inputs: list[DigestInput]) -> list[DigestResult]:
        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            results = list(pool.map(self._digest, inputs))
        failed = sum(r.status == "failed" for r in results)
        budget = sum(r.status == "budget" for r in results)
        if failed or budget:
            log.warning("litellm digests: %d failed, %d stopped by budget (retried next run)", failed, budget)
        return results
