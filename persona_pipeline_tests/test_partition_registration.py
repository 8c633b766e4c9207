"""Registering source-unit partitions when someone else registers the same keys at the same time
(a second `persona run`, the daemon's sensor): the insert never fails on a duplicate."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import dagster as dg
from filelock import FileLock
from sqlalchemy.exc import IntegrityError

from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS, add_source_units


class _Racing:
    """An instance where another writer registers `theirs` just before our first insert lands,
    and the insert then fails as SQLite's unique constraint makes it fail."""

    def __init__(self, inner: dg.DagsterInstance, theirs: list[str]) -> None:
        self.inner, self.theirs, self.inserts = inner, theirs, 0

    def get_dynamic_partitions(self, name: str) -> list[str]:
        return self.inner.get_dynamic_partitions(name)

    def add_dynamic_partitions(self, name: str, keys: list[str]) -> None:
        self.inserts += 1
        if self.inserts == 1:
            self.inner.add_dynamic_partitions(name, self.theirs)
            raise IntegrityError("INSERT", {}, Exception("UNIQUE constraint failed"))
        self.inner.add_dynamic_partitions(name, keys)


def test_a_duplicate_from_a_concurrent_writer_is_absorbed(tmp_path: Path) -> None:
    with dg.instance_for_test(temp_dir=str(tmp_path)) as inner:
        racing = _Racing(inner, ["a", "b"])
        add_source_units(racing, ["a", "b", "c"], tmp_path / "source_units.epoch")  # type: ignore[arg-type]
        assert sorted(inner.get_dynamic_partitions(SOURCE_UNITS)) == ["a", "b", "c"]
        assert racing.inserts == 2


def test_keys_already_registered_are_not_inserted_again(tmp_path: Path) -> None:
    with dg.instance_for_test(temp_dir=str(tmp_path)) as inner:
        inner.add_dynamic_partitions(SOURCE_UNITS, ["a", "b", "c"])
        racing = _Racing(inner, ["x"])
        add_source_units(racing, ["a", "c"], tmp_path / "source_units.epoch")  # type: ignore[arg-type]
        assert racing.inserts == 0
        assert sorted(inner.get_dynamic_partitions(SOURCE_UNITS)) == ["a", "b", "c"]


def test_registering_waits_for_the_other_registrar(tmp_path: Path) -> None:
    epoch = tmp_path / "source_units.epoch"
    with dg.instance_for_test(temp_dir=str(tmp_path)) as inner:
        done = threading.Event()
        with FileLock(epoch.with_name(f"{epoch.name}.lock")):
            t = threading.Thread(target=lambda: (add_source_units(inner, ["k"], epoch), done.set()))
            t.start()
            time.sleep(0.5)
            assert not done.is_set()  # held back while the other registrar holds the lock
            assert inner.get_dynamic_partitions(SOURCE_UNITS) == []
        t.join(timeout=30)
        assert done.is_set()
        assert inner.get_dynamic_partitions(SOURCE_UNITS) == ["k"]
