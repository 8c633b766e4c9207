"""Search over persona rules, skills, lessons, session notes and evidence (`persona search`).

Light to import: numpy and bm25s load only when an index is built or queried.
"""

from persona_pipeline.search.index import IndexInfo, WarehouseMissing, build_index, discard_index

__all__ = ["IndexInfo", "WarehouseMissing", "build_index", "discard_index"]
