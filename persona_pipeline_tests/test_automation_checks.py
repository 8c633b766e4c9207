"""Automation honours blocking checks (issue 19): while `evidence_has_no_secrets` (blocking, on
`facet_trees`) fails, the automation never requests `persona_pack` over it; once it passes, it does."""

from __future__ import annotations

import dagster as dg

from persona_pipeline.definitions import defs

TREES, PACK = dg.AssetKey("facet_trees"), dg.AssetKey("persona_pack")


def _check(instance: dg.DagsterInstance, passed: bool) -> None:
    instance.report_runless_asset_event(
        dg.AssetCheckEvaluation(asset_key=TREES, check_name="evidence_has_no_secrets", passed=passed)
    )


def test_pack_waits_for_the_blocking_check() -> None:
    selection = dg.AssetSelection.assets(PACK)
    with dg.instance_for_test() as instance:
        first = dg.evaluate_automation_conditions(defs=defs, instance=instance, asset_selection=selection)
        instance.report_runless_asset_event(dg.AssetMaterialization(TREES))
        _check(instance, passed=False)
        blocked = dg.evaluate_automation_conditions(
            defs=defs, instance=instance, asset_selection=selection, cursor=first.cursor
        )
        assert blocked.get_num_requested(PACK) == 0
        _check(instance, passed=True)
        freed = dg.evaluate_automation_conditions(
            defs=defs, instance=instance, asset_selection=selection, cursor=blocked.cursor
        )
        assert freed.get_num_requested(PACK) == 1
