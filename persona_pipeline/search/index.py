"""The persisted BM25 index: built from the warehouse's searchable documents, keyed by their
fingerprint, rebuilt only when that changes.

Layout: `<data_dir>/search/<fingerprint>/` holds the bm25s score arrays, the vocabulary as sorted
64-bit token hashes (bm25s' own JSON vocabulary is not kept: parsing it costs ~0.3 ms per 1,000
tokens on every query, and it would be the one place holding words), our per-document arrays
(kind, weight, projects) and the documents' ids. No text is stored: results are read back from
the warehouse. A build writes into a temporary
directory and renames it into place, so a concurrent search sees a whole index or none; indexes
for other fingerprints are removed after a build (an erased row leaves no tokens behind).

numpy and bm25s are imported inside the functions: the CLI and the Dagster code location import
this module without paying for them.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from persona_pipeline.search import documents
from persona_pipeline.search.tokens import CorpusTokenizer

if TYPE_CHECKING:
    import numpy as np

    from persona_pipeline.core.config import Settings

MANIFEST = "manifest.json"  # written last: a directory without it is not an index
_TMP_PREFIX = ".tmp-"
_STALE_TMP_S = 3600.0  # a temporary build directory this old belongs to a dead process
LOCK_WAIT_S = 30.0  # how long a search waits for a writer (`persona run`) to release the warehouse


class WarehouseMissing(FileNotFoundError):
    """There is no warehouse to search yet."""


@dataclass
class IndexInfo:
    """What `build_index` did."""

    path: Path | None  # None when there is nothing to index
    fingerprint: str
    documents: int
    built: bool
    seconds: float


@dataclass
class LoadedIndex:
    path: Path
    fingerprint: str
    retriever: Any  # bm25s.BM25, loaded without its vocabulary
    token_hashes: np.ndarray  # uint64, sorted
    token_id_of: np.ndarray  # the bm25s token id of each hash
    kinds: np.ndarray  # int8 position in documents.KINDS, per document
    weights: np.ndarray  # float32, per document
    keys: np.ndarray  # utf-8 bytes per document
    project_names: list[str]
    pair_docs: np.ndarray  # (document, project) pairs: a document may belong to several projects
    pair_projects: np.ndarray
    hash_key: bytes = b""  # what token hashes are keyed with (`index_key`)

    def __len__(self) -> int:
        return len(self.keys)

    def key(self, pos: int) -> str:
        return bytes(self.keys[pos]).decode("utf-8")

    def token_ids(self, terms: list[str]) -> dict[str, int]:
        """bm25s token ids of the terms that occur in the index (others are left out)."""
        import numpy as np

        if not terms or not len(self.token_hashes):
            return {}
        wanted = np.asarray([token_hash(t, self.hash_key) for t in terms], dtype=np.uint64)
        pos = np.minimum(np.searchsorted(self.token_hashes, wanted), len(self.token_hashes) - 1)
        found = self.token_hashes[pos] == wanted
        return {t: int(self.token_id_of[p]) for t, p, ok in zip(terms, pos, found, strict=True) if ok}


def token_hash(token: str, key: bytes) -> int:
    """64 bits of keyed BLAKE2b: collisions are negligible at millions of distinct tokens, and
    without the local key a dictionary cannot tell which words the stored hashes stand for."""
    data = token.encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8, key=key).digest(), "little")


def index_key(settings: Settings) -> bytes:
    """The token-hash key, derived from the local redaction key (created if there is none yet)."""
    try:
        raw = bytes.fromhex(settings.redaction_key_path.read_text().strip())
    except (OSError, ValueError):
        from persona_pipeline.core.evidence.redaction.redactor import load_or_create_key

        raw = load_or_create_key(settings.redaction_key_path)
    return hashlib.blake2b(b"persona-search-tokens", key=raw[:64], digest_size=32).digest()


def _bm25s() -> Any:
    os.environ.setdefault("DISABLE_TQDM", "1")  # bm25s reads it at import: no progress bars on stderr
    import bm25s

    logging.getLogger("bm25s").setLevel(logging.WARNING)  # it sets DEBUG on itself
    return bm25s


def preload() -> None:
    """Import what a search uses now (a CLI process does it once, before timing its search)."""
    import numpy  # noqa: F401

    import persona_pipeline.core.warehouse.store  # noqa: F401  (polars comes with it)

    _bm25s()


def search_root(settings: Settings) -> Path:
    return settings.data_dir / "search"


def build_index(settings: Settings) -> IndexInfo:
    """Make the search index current (a no-op when the warehouse is unchanged). Callable after a
    `persona run` so the first search after it does not pay for the build."""
    if not settings.warehouse_path.exists():
        raise WarehouseMissing(str(settings.warehouse_path))
    from persona_pipeline.core.warehouse import store

    started = time.perf_counter()
    with store.connect(settings.warehouse_path, read_only=True, wait_s=LOCK_WAIT_S) as con:
        fp = documents.fingerprint(con)
        path = search_root(settings) / fp
        if (path / MANIFEST).exists():
            n = int(orjson.loads((path / MANIFEST).read_bytes())["documents"])
            return IndexInfo(path, fp, n, False, time.perf_counter() - started)
        docs = documents.load_documents(con)
    written = write_index(search_root(settings), fp, docs, index_key(settings))
    return IndexInfo(written, fp, len(docs), True, time.perf_counter() - started)


def discard_index(settings: Settings) -> None:
    """Remove every persisted index (after an erasure: the next search rebuilds from what is left)."""
    root = search_root(settings)
    if root.exists():
        _remove_others(root, keep=None, keep_live_tmp=False)


def write_index(root: Path, fp: str, docs: documents.Documents, hash_key: bytes) -> Path | None:
    """Build and persist the index for `docs` atomically; returns its directory (None when there
    are no documents). Indexes of other fingerprints are removed."""
    root.mkdir(parents=True, exist_ok=True)
    final = root / fp
    if not len(docs):
        _remove_others(root, keep=None)
        return None
    import numpy as np

    bm25s = _bm25s()
    tokenizer = CorpusTokenizer()
    corpus_ids = [tokenizer.ids(t) for t in docs.texts]
    retriever = bm25s.BM25(method="lucene")
    # token ids and vocabulary given, so bm25s does not re-walk millions of token strings
    with np.errstate(invalid="ignore", divide="ignore"):  # documents with no tokens at all: 0/0
        retriever.index((corpus_ids, tokenizer.vocab), create_empty_token=False, show_progress=False)
    names = sorted({p for ps in docs.projects for p in ps})
    code = {p: i for i, p in enumerate(names)}
    pair_docs = [i for i, ps in enumerate(docs.projects) for _ in ps]
    pair_projects = [code[p] for ps in docs.projects for p in ps]

    vocab = retriever.vocab_dict
    hashes = np.fromiter((token_hash(t, hash_key) for t in vocab), dtype=np.uint64, count=len(vocab))
    ids = np.fromiter(vocab.values(), dtype=np.int32, count=len(vocab))
    order = np.argsort(hashes, kind="stable")
    keys = [k.encode("utf-8", "surrogatepass") for k in docs.keys]

    tmp = root / f"{_TMP_PREFIX}{fp}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        retriever.save(str(tmp), show_progress=False)
        (tmp / "vocab.index.json").unlink()  # replaced by the hashes below
        np.save(tmp / "token_hashes.npy", hashes[order])
        np.save(tmp / "token_ids.npy", ids[order])
        np.save(tmp / "keys.npy", np.asarray(keys, dtype=f"S{max(1, *(len(k) for k in keys))}"))
        np.save(tmp / "kinds.npy", np.asarray(docs.kinds, dtype=np.int8))
        np.save(tmp / "weights.npy", np.asarray(docs.weights, dtype=np.float32))
        np.save(tmp / "pair_docs.npy", np.asarray(pair_docs, dtype=np.int32))
        np.save(tmp / "pair_projects.npy", np.asarray(pair_projects, dtype=np.int32))
        (tmp / "projects.json").write_bytes(orjson.dumps(names))
        manifest = {"fingerprint": fp, "documents": len(docs), "format": documents.INDEX_FORMAT}
        (tmp / MANIFEST).write_bytes(orjson.dumps(manifest))
        try:
            os.rename(tmp, final)
        except OSError:
            if not (final / MANIFEST).exists():  # not a concurrent build of the same content
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # gone after a rename; a loser's copy otherwise
    _remove_others(root, keep=fp)
    return final


def _remove_others(root: Path, keep: str | None, keep_live_tmp: bool = True) -> None:
    now = time.time()
    for entry in root.iterdir():
        if entry.name == keep or not entry.is_dir():
            continue
        if keep_live_tmp and entry.name.startswith(_TMP_PREFIX):
            try:
                if now - entry.stat().st_mtime < _STALE_TMP_S:
                    continue  # another process is building into it
            except FileNotFoundError:
                continue
        shutil.rmtree(entry, ignore_errors=True)


def load_index(path: Path, hash_key: bytes) -> LoadedIndex:
    """Load a persisted index (arrays memory-mapped). Raises FileNotFoundError when it is not
    complete or was removed meanwhile."""
    import numpy as np

    manifest = orjson.loads((path / MANIFEST).read_bytes())
    retriever = _bm25s().BM25.load(str(path), mmap=True, load_vocab=False, show_progress=False)
    return LoadedIndex(
        path=path,
        fingerprint=manifest["fingerprint"],
        retriever=retriever,
        token_hashes=np.load(path / "token_hashes.npy", mmap_mode="r"),
        token_id_of=np.load(path / "token_ids.npy", mmap_mode="r"),
        kinds=np.load(path / "kinds.npy"),
        weights=np.load(path / "weights.npy"),
        keys=np.load(path / "keys.npy", mmap_mode="r"),
        project_names=orjson.loads((path / "projects.json").read_bytes()),
        pair_docs=np.load(path / "pair_docs.npy"),
        pair_projects=np.load(path / "pair_projects.npy"),
        hash_key=hash_key,
    )
