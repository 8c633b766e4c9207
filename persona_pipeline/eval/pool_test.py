"""The TEST pool: held out from tuning. Written separately from the development pool (`pool.py`):
other topics, other people and projects, other sentence shapes — mostly everyday speech ("I'm a
tabs person", "bare except clauses drive me nuts") with few of the cue words a rule reader
would look for, one-off requests with deictic and time-bound detail, bug reports that describe
behaviour with "always"/"never", questions, and contradictions in both orders (an older
correction reversed by a newer plain statement, and the reverse). The data is `pools/test.toml`
(read at first use, see `pool_data.py`), served as written.

Do not tune the digester on these sentences: no cue, lexicon entry or code comment may be
written from them. The CI gate runs on this pool (`persona eval --pool test`).
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("test")))
