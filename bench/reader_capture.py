"""A pytest plugin recording every reader result the reader tests produce (their fixtures), to
compare two revisions' outputs on the same tests:

    PERSONA_READER_CAPTURE=/tmp/new.jsonl python -m pytest -q -p reader_capture --hypothesis-seed=0 <tests>
    (with `bench/` on PYTHONPATH; the same with a baseline tree's code, then
    `python bench/reader_capture.py /tmp/base.jsonl /tmp/new.jsonl` lists the tests that differ)

Each `ReadResult.finish` call is hashed (turns, activity, stats, skip counts, file error; pytest's
temporary folder replaced by `<tmp>`) under the test's node id, in call order.
"""

from __future__ import annotations

import hashlib
import json
import os
import re

import orjson
import pytest

_TMP = re.compile(rb"/tmp/pytest-of-[^/]+/pytest-\d+/[^/\"]+")
_current: list[str] = []
_results: dict[str, list[str]] = {}


def pytest_configure(config: pytest.Config) -> None:
    from persona_pipeline.core import models

    original = models.ReadResult.finish.__func__

    def finish(cls, *args, **kwargs):  # type: ignore[no-untyped-def]
        res = original(cls, *args, **kwargs)
        if _current:
            data = res.model_dump(mode="json")
            try:
                dump = orjson.dumps(data)  # unsorted: the order of skip reasons counts too
            except TypeError:  # a surrogate-escaped (non-UTF-8) path
                dump = json.dumps(data).encode()
            dump = _TMP.sub(b"<tmp>", dump)
            full = os.environ.get("PERSONA_READER_CAPTURE_FULL")  # the outputs themselves, to see a difference
            out = dump.decode() if full else hashlib.sha256(dump).hexdigest()[:16]
            _results.setdefault(_current[-1], []).append(out)
        return res

    models.ReadResult.finish = classmethod(finish)  # type: ignore[method-assign]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):  # type: ignore[no-untyped-def]
    _current.append(item.nodeid)
    yield
    _current.pop()


def pytest_unconfigure(config: pytest.Config) -> None:
    out = os.environ.get("PERSONA_READER_CAPTURE")
    if out:
        with open(out, "w", encoding="utf-8") as f:
            for node, hashes in sorted(_results.items()):
                f.write(json.dumps({"test": node, "results": hashes}) + "\n")


# Tests whose inputs differ run to run (hypothesis is derandomized with `--hypothesis-seed=0`)
_NONDETERMINISTIC = {
    "test_hostile_corpus_ingests_and_keeps_what_was_stored": "os.urandom bytes in its corpus",
    "test_non_utf8_paths_ingest_with_safe_keys": "git commits made at test time",
    # hypothesis draws other examples in another tree (its example database): the files read differ
    # (see their raw_bytes with PERSONA_READER_CAPTURE_FULL=1)
    "test_property_readers_never_raise_on_format_shaped_json": "hypothesis inputs differ between trees",
    "test_property_readers_never_raise_on_arbitrary_bytes": "hypothesis inputs differ between trees",
}


def compare(a: str, b: str) -> list[str]:
    """The tests whose recorded results differ between two capture files."""

    def load(path: str) -> dict[str, list[str]]:
        with open(path, encoding="utf-8") as f:
            return {r["test"]: r["results"] for r in map(json.loads, f)}

    x, y = load(a), load(b)
    return sorted(t for t in x.keys() | y.keys() if x.get(t) != y.get(t))


if __name__ == "__main__":
    import sys

    differ = compare(sys.argv[1], sys.argv[2])
    known = [t for t in differ if t.rsplit("::", 1)[-1] in _NONDETERMINISTIC]
    print(f"tests with differing reader results: {len(differ) - len(known)} (+ {len(known)} nondeterministic)")
    for t in differ:
        print("  ", t, f"({_NONDETERMINISTIC[t.rsplit('::', 1)[-1]]})" if t in known else "")
    sys.exit(1 if len(differ) > len(known) else 0)
