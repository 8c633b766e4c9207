"""The one incremental pass: what changed under the roots since the warehouse (or a sensor's
cursor) last saw them, what must be registered, erased or kept. Plain Python, no Dagster import:
`persona run`, `persona status`, the sensor and the schedule all call `plan`."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from persona_pipeline.core.config import Settings


@dataclass
class Plan:
    """What an incremental pass must do, from a stat-only look at the roots."""

    found: Any  # sources.discovery.Discovery
    new: list[str]  # partitions to register
    removed: list[str]  # partitions to unregister (nothing of theirs is kept)
    changed: list[str]  # units to (re)ingest, in partition order
    current: dict[str, str]  # key -> fingerprint now
    erased: list[str]  # units whose warehouse rows were erased
    epoch_path: Path  # the partitions epoch (config.Settings.partitions_epoch_path)
    probes: dict[str, str] = field(default_factory=dict)  # key -> probe of the hashed kinds
    gone: list[str] = field(default_factory=list)  # stored units whose file vanished: kept
    identity: str = ""  # what stored fingerprints append (`owner_identity.identity_suffix`; warehouse passes)
    touched: list[str] = field(default_factory=list)  # units that lost aged-out rows: each stage rebuilds them

    def apply_partitions(self, instance: Any) -> None:
        """Register and unregister partitions on a Dagster instance (imported only here)."""
        from persona_pipeline.orchestration.defs.partitions import add_source_units, delete_source_units

        add_source_units(instance, self.new, self.epoch_path)
        delete_source_units(instance, self.removed, self.epoch_path)


@dataclass
class Scan:
    """A stat-only look at the roots: the units, their fingerprints, the probes of hashed kinds."""

    found: Any  # sources.discovery.Discovery
    current: dict[str, str]  # key -> fingerprint now
    probes: dict[str, str]  # key -> probe (instruction files, repositories)
    forgotten: Any  # core.sources.tombstones.Tombstones: what `persona forget` left out

    def watermark(self) -> str:
        """One short digest of every key and fingerprint: equal watermarks, nothing changed."""
        h = hashlib.blake2b(digest_size=16)
        keys, cur = sorted(self.current), self.current
        # hashed a few thousand entries per update (one update per entry was ~a third of the cost);
        # the digest is the same as entry by entry, so stored cursors stay valid
        for i in range(0, len(keys), 4096):
            h.update("".join([f"{k}\x1f{cur[k]}\x1e" for k in keys[i : i + 4096]]).encode())
        return h.hexdigest()


def is_instruction_key(key: str) -> bool:
    return key.startswith("instructions/")


def scan(settings: Settings, reuse: dict[str, tuple[str, str]] | None = None, prepare: bool = True) -> Scan:
    """Check the roots (`config.ConfigError` for a bad one), discover the units, leave out the
    tombstoned ones and fingerprint the rest; `reuse` (key -> (probe, fingerprint)) spares
    hashing an instruction file or repo whose probe has not moved."""
    from persona_pipeline.core.sources import tombstones

    settings.check_roots()
    sources = settings.sources()
    found = sources.discover(prepare=prepare)  # False: not even the sample's repositories are cloned
    forgotten = tombstones.load(settings.data_dir)
    if forgotten:
        found.units = [u for u in found.units if not forgotten.excludes(u.key)]
    current, probes = sources.fingerprints(found.units, reuse)
    return Scan(found, current, probes, forgotten)


def plan(
    registered: Callable[[], list[str]] | None,
    known: dict[str, str] | None = None,
    apply: bool = True,
    *,
    is_registered: bool = False,
    reuse: dict[str, tuple[str, str]] | None = None,
    purge: bool = True,
    settings: Settings | None = None,
    prepare: bool = True,
    scanned: Scan | None = None,
    wait_s: float | None = None,
) -> Plan:
    """Stat the roots (no reads) and compare with `known` (key -> fingerprint; the warehouse's
    when None). With `apply`, rows that must go are erased here and (with `purge`) the retention
    window is applied; without it (`persona status`), nothing is written.

    A stored unit whose file vanished is kept ("source gone") unless `on_source_removed = "erase"`:
    only `persona forget` (its tombstones), retention, or that setting erase. Raises
    `config.ConfigError` for a configured root that is missing, not a folder or unreadable, before
    anything is read or changed.

    `registered` reads the registered partitions (a Dagster instance's); None skips them, and with
    them what to register or unregister (`persona status`: no Dagster import at all).

    The sensor's shortcuts: `is_registered` says the registered partitions are exactly `known`'s
    keys, so when the roots match `known` the partitions are not read (and nothing is written);
    `reuse` (key -> (probe, fingerprint)) spares hashing unchanged instruction files and repos.
    `settings`: the caller's `config.Settings` (loaded here when None); `scanned`: a `scan` the
    caller already made; `wait_s`: how long to wait for the warehouse while another process
    writes (a sensor tick does not wait: it raises DuckDB's lock error and tries next tick)."""
    from persona_pipeline.core.config import load_settings
    from persona_pipeline.core.evidence import retention
    from persona_pipeline.core.warehouse import store

    settings = settings or load_settings()
    scanned = scanned or scan(settings, reuse, prepare)
    found, current, probes, forgotten = scanned.found, scanned.current, scanned.probes, scanned.forgotten
    oldest = retention.cutoff(settings.retention_days) if purge else None
    if is_registered and known is not None and known == current:
        aged = _erase(settings, [], oldest).touched if apply and oldest else []
        # partitions not read
        return Plan(found, [], [], [], current, [], settings.partitions_epoch_path, probes, touched=aged)
    # The sensor's cursor already holds every key it saw, so a tick reads no warehouse; the CLI
    # and the schedule compare with what is stored.
    from_warehouse = known is None
    stored = store.unit_fingerprints(settings.warehouse_path, wait_s) if from_warehouse else known
    if known is None:
        known = stored
    existing = registered() if registered is not None else []
    existing_set = set(existing)
    new = [k for k in current if k not in existing_set] if registered is not None else []
    vanished = sorted(set(stored) - set(current))
    if settings.on_source_removed == "erase":
        removed = [k for k in existing if k not in current]
        erased = sorted(set(removed) | set(vanished))
    else:
        doomed = {k for k in vanished if forgotten.excludes(k)}  # a forget interrupted before its erase
        # An instruction file is current state, not history (retention never ages it either): a
        # deleted CLAUDE.md takes its directives out of the pack. The roots were checked above,
        # so this is a file gone from a healthy root, never a typo.
        doomed |= {k for k in vanished if is_instruction_key(k)}
        erased = sorted(doomed)
        # Only the warehouse says a partition holds nothing worth keeping (never registered
        # content, a made-up key); the sensor's cursor cannot, so a tick unregisters only the forgotten.
        removed = [
            k
            for k in existing
            if k not in current
            and (forgotten.excludes(k) or (from_warehouse and (k not in stored or (apply and k in doomed))))
        ]
    gone = [k for k in vanished if k not in set(erased)]
    if from_warehouse:  # stored fingerprints carry the redaction identity (`owner_identity.identity_suffix`)
        from persona_pipeline.core.evidence.owner_identity import identity_suffix

        # `persona status` (prepare=False) reads no repository: the git people as last recorded
        suffix = identity_suffix(settings, create_key=apply, read_git=prepare)
        changed = [k for k in current if known.get(k) != current[k] + suffix]
        if not apply:  # a read-only pass erases nothing: the run it asks for erases these
            changed += [k for k in erased if is_instruction_key(k) and k in existing_set]
    else:
        suffix = ""
        changed = [k for k in current if known.get(k) != current[k]]
        # a tick erases nothing itself: its run's ingest does, for the deleted instruction files
        changed += [k for k in vanished if is_instruction_key(k) and k in existing_set]
    touched = _erase(settings, erased, oldest).touched if apply and (erased or oldest) else []
    # partition order (dynamic partitions are ordered by insertion); unregistered ones after
    order = {k: i for i, k in enumerate([*existing, *(k for k in current if k not in existing_set)])}
    return Plan(
        found,
        new,
        removed,
        sorted(changed, key=order.__getitem__),
        current,
        erased,
        settings.partitions_epoch_path,
        probes,
        gone,
        suffix,
        touched,
    )


def _erase(settings: Settings, units: list[str], oldest: Any) -> Any:
    """The one erasure (`orchestration.erasure.erase`): vanished or forgotten units whole, and the
    evidence the retention window ages out with everything derived from it."""
    from persona_pipeline.orchestration.erasure import erase

    return erase(settings, units, older_than=oldest)
