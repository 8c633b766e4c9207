"""Resources: the project's settings and its warehouse, shared by every asset and check.

The settings are persona.toml + PERSONA_* as the process running the code location resolves
them (the run workers `dagster dev`'s daemon starts), or `persona run`'s own, bound to the
resources of its in-process runs (`definitions.build_defs(settings)`). Never run config: Dagster's
run storage would keep the configured e-mails and names. Asset and check code reads no
environment of its own. Secrets (the API key) are never part of it:
they are read from the environment of the process that makes the model call.

(No `from __future__ import annotations`: Dagster inspects these classes at runtime.)
"""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import dagster as dg

if TYPE_CHECKING:
    import duckdb

    from persona_pipeline.core.config import Settings

SECRET_FIELDS = frozenset({"api_key"})


def settings_json(settings: "Settings") -> str:
    """The settings as a resource's config: every field but the secrets."""
    return json.dumps(settings.model_dump(mode="json", exclude=set(SECRET_FIELDS)), sort_keys=True)


class PersonaSettings(dg.ConfigurableResource):
    """The project's configuration for a run (`core.config.Settings`)."""

    # Settings as JSON (`settings_json`); empty: resolved in the run from persona.toml and its
    # environment (a configuration mistake then fails the step with the one-line message).
    values_json: str = ""

    def settings(self) -> "Settings":
        from persona_pipeline.core.config import load_settings

        return load_settings(**json.loads(self.values_json)) if self.values_json else load_settings()

    def for_run(self, context: Any) -> "Settings":
        """The settings, after checking the run's instance is the project's (`project_settings`)."""
        from persona_pipeline.orchestration.defs.project_settings import refuse_throwaway

        settings = self.settings()
        refuse_throwaway(context.instance, settings)
        return settings


class Warehouse(dg.ConfigurableResource):
    """The DuckDB warehouse of those settings (`core.warehouse.store`): short transactions that
    wait while another process writes."""

    persona: PersonaSettings

    @contextmanager
    def connect(self, read_only: bool = False) -> Iterator["duckdb.DuckDBPyConnection"]:
        from persona_pipeline.core.warehouse import store

        with store.connect(self.persona.settings().warehouse_path, read_only=read_only) as con:
            yield con


class SpendBudget(dg.ConfigurableResource):
    """The spend ledger of a run: the per-run budget (`max_usd`, `max_calls`) shared by every stage
    of the process, and the daily and monthly ones (`max_usd_per_day`, `max_usd_per_month`, and
    their call limits) shared by every process on the data dir through `<data_dir>/spend/ledger.json`
    (`core.llm.ledger.run_ledger`): CLI runs, sensor- and schedule-triggered runs and the step
    processes of `dagster dev` all reserve there before each call."""

    persona: PersonaSettings

    def ledger(self) -> Any:
        from persona_pipeline.core.llm.ledger import run_ledger

        return run_ledger(self.persona.settings())


class ModelClient(dg.ConfigurableResource):
    """The model behind every stage, from the settings: the offline backends, or one litellm
    client (`core.llm.structured.make_caller`) drawing on the run's spend ledger."""

    persona: PersonaSettings
    spend: SpendBudget

    def caller(self, max_tokens: int = 2000) -> Any:
        from persona_pipeline.core.llm.structured import make_caller

        return make_caller(self.persona.settings(), max_tokens=max_tokens, ledger=self.spend.ledger())

    def digester(self) -> Any:
        from persona_pipeline.persona.digest.backend import make_digester

        return make_digester(self.persona.settings(), self.caller)

    def lesson_builder(self) -> Any:
        from persona_pipeline.skills.lessons.backend import make_lesson_builder

        return make_lesson_builder(self.persona.settings(), self.caller)

    def note_taker(self) -> Any:
        from persona_pipeline.notes.stage import make_note_taker

        return make_note_taker(self.persona.settings(), self.caller)


def project_resources(settings: "Settings | None" = None) -> dict[str, Any]:
    """The resources of the code location: from `settings` (`persona run`'s own) or, when None,
    left to resolve in the run."""
    persona = PersonaSettings(values_json=settings_json(settings) if settings is not None else "")
    spend = SpendBudget(persona=persona)
    return {
        "persona": persona,
        "warehouse": Warehouse(persona=persona),
        "spend": spend,
        "model": ModelClient(persona=persona, spend=spend),
    }
