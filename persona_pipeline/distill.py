"""The digest stage over stored evidence: instruction files verbatim, everything else through the
configured digester. Plain Python: the `session_digests` asset and the tests call it."""

from __future__ import annotations

from collections.abc import Sequence

from persona_pipeline.config import Settings
from persona_pipeline.digests.backend import make_digester
from persona_pipeline.digests.directives import (
    DIRECTIVES_VERSION,
    VERBATIM_MODEL,
    directive_result,
    is_instruction_unit,
)
from persona_pipeline.digests.models import DigestResult
from persona_pipeline.warehouse import digest_store, store


def digest_units(settings: Settings, keys: Sequence[str], force: bool = False) -> tuple[list[DigestResult], str]:
    """Digest `keys` (only the stale ones unless `force`) and store the results. Returns the
    results and the digester's name. A failed unit keeps its previous observations."""
    digester = make_digester(settings)
    with store.connect(settings.warehouse_path) as con:
        if not force:
            stale = set(digest_store.stale_units(con, digester.name, digester.prompt_version))
            keys = [k for k in keys if k in stale]
        hashes = digest_store.evidence_hashes(con)
        inputs = digest_store.load_inputs(con, keys)
    verbatim = [directive_result(i) for i in inputs if is_instruction_unit(i.unit_key)]
    rest = [i for i in inputs if not is_instruction_unit(i.unit_key)]
    digested = digester.digest_many(rest) if rest else []  # the slow part: no connection held
    with store.connect(settings.warehouse_path) as con:
        digest_store.save_digests(con, verbatim, hashes, VERBATIM_MODEL, DIRECTIVES_VERSION)
        digest_store.save_digests(con, digested, hashes, digester.name, digester.prompt_version)
    return verbatim + digested, digester.name
