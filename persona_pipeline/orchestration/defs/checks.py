"""Asset checks: nothing detectable as a secret or PII in evidence or pack, pack within budget,
every pack bullet traced to stored evidence, every current directive in the pack verbatim.

(No `from __future__ import annotations`: Dagster inspects these signatures at runtime.)
"""

import dagster as dg

from persona_pipeline.orchestration.defs.distill_assets import facet_trees, persona_pack
from persona_pipeline.orchestration.defs.resources import PersonaSettings, Warehouse


def _leaks(persona: PersonaSettings, texts: list[str]) -> int:
    """Texts the redactor would still change: a secret or PII pattern survived. Counts only."""
    from persona_pipeline.core.ingest import make_redactor

    redactor = make_redactor(persona.settings())
    return redactor.count_changed(texts)


@dg.asset_check(asset=facet_trees, blocking=True, description="No secret or PII pattern in stored evidence.")
def evidence_has_no_secrets(persona: PersonaSettings, warehouse: Warehouse) -> dg.AssetCheckResult:
    with warehouse.connect(read_only=True) as con:
        texts = [t for row in con.execute("SELECT excerpt, context FROM evidence").fetchall() for t in row if t]
    leaks = _leaks(persona, texts)
    return dg.AssetCheckResult(passed=leaks == 0, metadata={"fields_scanned": len(texts), "fields_flagged": leaks})


@dg.asset_check(asset=persona_pack, description="PERSONA.md holds no secret or PII pattern and fits the budget.")
def pack_is_clean_and_within_budget(persona: PersonaSettings) -> dg.AssetCheckResult:
    from persona_pipeline.persona.pack import TOTAL_BUDGET_TOKENS, estimate_tokens

    md = (persona.settings().data_dir / "persona" / "PERSONA.md").read_text(encoding="utf-8")
    tokens = estimate_tokens(md)
    leaks = _leaks(persona, md.splitlines())
    return dg.AssetCheckResult(
        passed=leaks == 0 and tokens <= TOTAL_BUDGET_TOKENS,
        metadata={"pack_tokens": tokens, "budget": TOTAL_BUDGET_TOKENS, "lines_flagged": leaks},
    )


@dg.asset_check(asset=persona_pack, description="Every pack bullet cites evidence rows that are still stored.")
def pack_bullets_traced_to_evidence(persona: PersonaSettings, warehouse: Warehouse) -> dg.AssetCheckResult:
    import json

    settings = persona.settings()
    bullets = json.loads((settings.data_dir / "persona" / "persona.json").read_text(encoding="utf-8"))["bullets"]
    wanted = sorted({e for b in bullets for e in b["evidence_ids"]})
    with warehouse.connect(read_only=True) as con:
        found = {
            r[0]
            for r in con.execute(
                "SELECT evidence_id FROM evidence WHERE evidence_id IN (SELECT unnest(?))", [wanted]
            ).fetchall()
        }
    untraced = [b["n"] for b in bullets if not b["evidence_ids"] or not set(b["evidence_ids"]) <= found]
    return dg.AssetCheckResult(passed=not untraced, metadata={"bullets": len(bullets), "untraced": len(untraced)})


@dg.asset_check(asset=persona_pack, description="Every current instruction-file directive is in PERSONA.md, verbatim.")
def pack_has_every_directive(persona: PersonaSettings, warehouse: Warehouse) -> dg.AssetCheckResult:
    from persona_pipeline.persona.pack import missing_directives

    settings = persona.settings()
    md = (settings.data_dir / "persona" / "PERSONA.md").read_text(encoding="utf-8")
    with warehouse.connect(read_only=True) as con:
        # with the project: the pack may name a repository's overflow by reference (persona/pack.py)
        rows = con.execute("SELECT excerpt, project FROM evidence WHERE kind = 'directive'").fetchall()
    directives = [(text, project) for text, project in rows]
    missing = missing_directives(md, directives)
    return dg.AssetCheckResult(
        passed=not missing, metadata={"directives": len({t for t, _ in directives}), "missing": len(missing)}
    )


@dg.asset_check(asset="skills", description="Every skill cites lessons and evidence rows that are still stored.")
def skills_cite_stored_evidence(warehouse: Warehouse) -> dg.AssetCheckResult:
    with warehouse.connect(read_only=True) as con:
        total, untraced = con.execute(
            """SELECT count(*), count(*) FILTER (WHERE len(evidence_ids) = 0 OR EXISTS (
                   SELECT 1 FROM (SELECT unnest(s.evidence_ids) AS id) x
                   WHERE x.id NOT IN (SELECT evidence_id FROM evidence)) OR EXISTS (
                   SELECT 1 FROM (SELECT unnest(s.lesson_ids) AS id) y
                   WHERE y.id NOT IN (SELECT lesson_id FROM lessons)))
               FROM skills s"""
        ).fetchone() or (0, 0)
    return dg.AssetCheckResult(passed=untraced == 0, metadata={"skills": total, "untraced": untraced})


CHECKS = [
    evidence_has_no_secrets,
    pack_is_clean_and_within_budget,
    pack_bullets_traced_to_evidence,
    pack_has_every_directive,
    skills_cite_stored_evidence,
]
