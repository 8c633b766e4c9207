"""The rules and the pack from what the warehouse holds: stored rules, the person's review decisions and the
settings. Deterministic and LLM-free; the `persona_pack` asset and `persona pack` both call it."""

from __future__ import annotations

from persona_pipeline.core.config import Settings
from persona_pipeline.core.warehouse import store
from persona_pipeline.persona import durable, repeats
from persona_pipeline.persona import store as digest_store
from persona_pipeline.persona.digest.models import Rule
from persona_pipeline.persona.fold import clear_caches, fold
from persona_pipeline.persona.habits import habit_rules
from persona_pipeline.persona.pack import Pack, PackOptions, compile_pack
from persona_pipeline.persona.review import store as review_store


def refold(settings: Settings) -> list[Rule]:
    """The facet rules rebuilt whole from every stored observation, and the review decisions
    trimmed to the evidence still stored (forgotten and aged-out rows are dropped)."""
    with store.connect(settings.warehouse_path) as con:
        # what recurs by machine (a copied session, a tool's prompt template) counts once
        observations = repeats.counted_once(con, digest_store.load_observations(con))
        rules = fold(observations)
        if settings.oneoff_screen == "strict":
            # a learned rule named by a request of one occasion needs its wording restated (persona/durable)
            rules = durable.screen(rules, observations)
        # the same kind of request made in many sessions is a habit no single sentence states
        rules += habit_rules(observations, rules)
        del observations
        clear_caches()
        digest_store.save_rules(con, rules)
        review_store.prune(con)
    return rules


def load_for_pack(settings: Settings, read_only: bool = False) -> tuple[list[Rule], PackOptions]:
    with store.connect(settings.warehouse_path, read_only=read_only) as con:
        rules = digest_store.load_rules(con)
        options = PackOptions(
            review_mode=settings.review,
            half_life_days=settings.half_life_days,
            decisions=review_store.load_decisions(con),
            histories=digest_store.rule_histories(con),
        )
    return rules, options


def build_pack(settings: Settings) -> Pack:
    rules, options = load_for_pack(settings)
    return compile_pack(rules, options=options)
