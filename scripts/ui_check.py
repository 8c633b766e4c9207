"""Check the Dagster UI in a real headless browser.

Starts `dagster-webserver` on a free 127.0.0.1 port against a data dir in which `persona run` has
materialised everything (a temporary one on the bundled sample corpus unless `--data-dir` is
given), then in headless Chromium (Debian's `chromium`, driven by the PyPI `playwright` package)
asserts that the global asset lineage shows every asset, that the partitions view of
`raw_sessions` lists the registered source units, and that materialisation metadata (of a
`raw_sessions` partition and of `persona_pack`) is shown with the values stored in the instance.
A full-page PNG of each page lands in `--out` (default `<data_dir>/ui/`).

    python scripts/ui_check.py [--data-dir DIR] [--out DIR] [--keep] [--chromium PATH]

Exits 1 with a message on the first failed assertion (saving `<page>-FAILED.png` and the server
log in the output dir). Every process it starts is stopped by process group, on success, failure,
SIGTERM or interpreter exit.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CHROMIUM = Path("/usr/bin/chromium")
INSTALL_HINT = "install it with `apt-get install -y chromium` (Debian/Ubuntu; .ci/run does this)"
# Without the background-networking flags Chromium stalls on refused connections (no network here).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ASSETS = ("raw_sessions", "redacted_evidence", "session_digests", "facet_trees", "persona_pack")
PARTITION_META = ("kept_bytes", "raw_bytes")
PACK_META = ("pack_tokens", "bullets")
# The "Join the Dagster community" modal (localhost only) would cover the pages.
DISMISS_NUX = "window.localStorage.setItem('communityNux', '1')"
SERVER_TIMEOUT_S = 120.0
UI_TIMEOUT_MS = 60_000
SETTLE_TIMEOUT_MS = 15_000
STOP_GRACE_S = 5.0

_STARTED: list[subprocess.Popen[bytes]] = []


class UICheckError(Exception):
    """A failed assertion or a failed step; the message says which."""


@dataclass(frozen=True)
class Expected:
    """What the pages must show, read from the Dagster instance the server uses."""

    partition_keys: list[str]
    meta_partition: str
    partition_meta: dict[str, Any]
    pack_meta: dict[str, Any]


@dataclass(frozen=True)
class PageResult:
    name: str
    url: str
    screenshot: Path
    seconds: float
    found: list[str]


@dataclass
class Report:
    data_dir: Path
    out: Path
    port: int
    pgid: int
    pages: list[PageResult] = field(default_factory=list)
    seconds: float = 0.0


# ---- processes ---------------------------------------------------------------------------------


def _descendants(pid: int) -> set[int]:
    """PIDs below `pid` (Linux /proc), so strays that left the process group are stopped too."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the process group, wait a little, then SIGKILL the group and any strays."""
    strays = _descendants(proc.pid)
    _signal_group(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_S
    while time.monotonic() < deadline and (proc.poll() is None or _group_alive(proc.pid)):
        time.sleep(0.1)
    _signal_group(proc.pid, signal.SIGKILL)
    for pid in strays:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    proc.wait(timeout=10)
    if proc in _STARTED:
        _STARTED.remove(proc)


def _stop_all() -> None:
    for proc in list(_STARTED):
        stop(proc)


atexit.register(_stop_all)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tail(path: Path, chars: int = 3000) -> str:
    return path.read_text(errors="replace")[-chars:] if path.exists() else ""


# ---- data and server ---------------------------------------------------------------------------


def base_env(home: Path | None) -> dict[str, str]:
    """The caller's environment without Dagster/persona overrides; with `home`, a private HOME and
    no PERSONA_* at all, so `persona run` reads the bundled sample corpus."""
    if home is None:
        return {k: v for k, v in os.environ.items() if k not in ("DAGSTER_HOME", "PERSONA_DATA_DIR")}
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env["HOME"] = str(home)
    return env


def instance_env(data_dir: Path, env: dict[str, str]) -> dict[str, str]:
    return {**env, "PERSONA_DATA_DIR": str(data_dir), "DAGSTER_HOME": str(data_dir / "dagster_home")}


def ensure_materialised(data_dir: Path, env: dict[str, str]) -> None:
    """`persona run` into `data_dir` unless it already holds an instance and a pack."""
    if (data_dir / "dagster_home" / "dagster.yaml").exists() and (data_dir / "persona" / "PERSONA.md").exists():
        return
    data_dir.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "persona_pipeline", "run", "--json"]
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise UICheckError(f"`persona run` failed (exit {done.returncode}):\n{done.stderr[-3000:]}")


def read_expected(data_dir: Path) -> Expected:
    """Partition keys and metadata values straight from the instance (not via the UI)."""
    import dagster as dg

    from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS

    with dg.DagsterInstance.from_config(str(data_dir / "dagster_home")) as instance:
        keys = list(instance.get_dynamic_partitions(SOURCE_UNITS))
        if not keys:
            raise UICheckError(f"no {SOURCE_UNITS} partitions registered in {data_dir}: did `persona run` work?")
        part_meta = _latest_metadata(instance, "raw_sessions", keys[0])
        pack_meta = _latest_metadata(instance, "persona_pack", None)
    missing = [k for k in PARTITION_META if k not in part_meta] + [k for k in PACK_META if k not in pack_meta]
    if missing:
        raise UICheckError(f"stored materialisations lack metadata {missing}")
    return Expected(
        partition_keys=keys,
        meta_partition=keys[0],
        partition_meta={k: part_meta[k] for k in PARTITION_META},
        pack_meta={k: pack_meta[k] for k in PACK_META},
    )


def _latest_metadata(instance: Any, asset: str, partition: str | None) -> dict[str, Any]:
    import dagster as dg

    flt = dg.AssetRecordsFilter(
        asset_key=dg.AssetKey(asset), asset_partitions=[partition] if partition is not None else None
    )
    records = instance.fetch_materializations(flt, limit=1).records
    if not records or records[0].asset_materialization is None:
        raise UICheckError(f"no materialisation of {asset} {partition or ''} in the instance")
    return {k: v.value for k, v in records[0].asset_materialization.metadata.items()}


def start_webserver(port: int, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """`dagster-webserver` (the daemon is not needed to view assets) in its own process group."""
    cmd = [sys.executable, "-m", "dagster_webserver", "-w", str(REPO / "workspace.yaml")]
    cmd += ["-h", "127.0.0.1", "-p", str(port)]
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "wb") as fh:
        proc = subprocess.Popen(
            cmd,
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=fh,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    _STARTED.append(proc)
    return proc


def wait_for_server(base: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = SERVER_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise UICheckError(f"dagster-webserver exited with {proc.returncode}:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(f"{base}/server_info", timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    raise UICheckError(f"{base}/server_info did not answer within {timeout:.0f}s:\n{_tail(log)}")


# ---- pages -------------------------------------------------------------------------------------


def _visible(locator: Any, what: str) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        locator.wait_for(state="visible", timeout=UI_TIMEOUT_MS)
    except PlaywrightTimeout:
        raise UICheckError(f"{what} not visible within {UI_TIMEOUT_MS // 1000}s") from None


def _settle(page: Any) -> None:
    """Let the remaining queries (statuses, history charts) land before the screenshot; cosmetic, never fails."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_load_state("networkidle", timeout=SETTLE_TIMEOUT_MS)


def _metadata_rows(page: Any, values: dict[str, Any]) -> list[str]:
    """Each metadata label visible in a table row that also shows its stored value."""
    found = []
    for label, value in values.items():
        row = page.locator("tr", has=page.get_by_text(label, exact=True)).first
        _visible(row, f"metadata row {label!r}")
        text = row.inner_text()
        shown = {str(value), f"{value:,}"} if isinstance(value, int) else {str(value)}
        if not any(s in text for s in shown):
            raise UICheckError(f"metadata row {label!r} shows {text!r}, expected the stored value {value!r}")
        found.append(f"{label}={value}")
    return found


def check_graph(page: Any, exp: Expected) -> list[str]:
    """Global asset lineage: groups start collapsed; ⌥E (Alt+E) expands them all."""
    graph = page.locator("svg foreignObject")
    _visible(graph.first, "asset graph")
    if graph.get_by_text(ASSETS[0], exact=True).count() == 0:
        page.keyboard.press("Alt+e")
    for name in ASSETS:
        _visible(graph.get_by_text(name, exact=True).first, f"asset {name!r} in the lineage graph")
    return list(ASSETS)


def check_partitions(page: Any, exp: Expected) -> list[str]:
    """Every registered source unit listed (long keys are middle-truncated: the title holds the key)."""
    n = len(exp.partition_keys)
    _visible(page.get_by_text(f"Materialized ({n})", exact=True), f"'Materialized ({n})' partition count")
    for key in exp.partition_keys:
        _visible(page.get_by_title(key, exact=True).first, f"partition {key!r}")
        if not key.startswith(("claude/", "codex/", "instructions/", "git/")):
            raise UICheckError(f"unexpected partition key {key!r} (not a source-unit key)")
    return [f"Materialized ({n})", *exp.partition_keys]


def check_partition_metadata(page: Any, exp: Expected) -> list[str]:
    _visible(page.get_by_text("Latest materialization", exact=True).first, "'Latest materialization' panel")
    return _metadata_rows(page, exp.partition_meta)


def check_pack_metadata(page: Any, exp: Expected) -> list[str]:
    _visible(page.get_by_text("Latest materialization", exact=True).first, "'Latest materialization' panel")
    return _metadata_rows(page, exp.pack_meta)


PageCheck = Callable[[Any, Expected], list[str]]


def pages(exp: Expected) -> list[tuple[str, str, PageCheck]]:
    """(name, route, check) for each page, in order."""
    part = urllib.parse.quote(exp.meta_partition, safe="")
    return [
        ("1-asset-graph", "/asset-groups", check_graph),
        ("2-raw_sessions-partitions", "/assets/raw_sessions?view=partitions", check_partitions),
        ("3-raw_sessions-partition-metadata", f"/assets/raw_sessions?view=partitions&partition={part}",
         check_partition_metadata),
        ("4-persona_pack-metadata", "/assets/persona_pack", check_pack_metadata),
    ]  # fmt: skip


def run_page(page: Any, base: str, out: Path, exp: Expected, spec: tuple[str, str, PageCheck]) -> PageResult:
    name, route, check = spec
    url = base + route
    t0 = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")
    try:
        found = check(page, exp)
    except UICheckError as exc:
        page.screenshot(path=str(out / f"{name}-FAILED.png"), full_page=True)
        raise UICheckError(f"{name} ({url}): {exc}") from None
    _settle(page)
    shot = out / f"{name}.png"
    page.screenshot(path=str(shot), full_page=True)
    return PageResult(name, url, shot, round(time.monotonic() - t0, 2), found)


def browse(base: str, out: Path, exp: Expected, chromium: Path) -> list[PageResult]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise UICheckError('playwright is not installed: pip install -e ".[dev]"') from None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 1600, "height": 1000})
            context.add_init_script(DISMISS_NUX)
            page = context.new_page()
            page.set_default_timeout(UI_TIMEOUT_MS)
            return [run_page(page, base, out, exp, spec) for spec in pages(exp)]
        finally:
            browser.close()


# ---- entry points ------------------------------------------------------------------------------


def check(data_dir: Path, out: Path, env: dict[str, str], chromium: Path = DEFAULT_CHROMIUM) -> Report:
    """The whole check: materialise if needed, serve, browse, stop the server (always)."""
    if not chromium.exists():
        raise UICheckError(f"chromium not found at {chromium}: {INSTALL_HINT}")
    t0 = time.monotonic()
    data_dir, out = data_dir.resolve(), out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    env = instance_env(data_dir, env)
    ensure_materialised(data_dir, env)
    exp = read_expected(data_dir)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = out / "webserver.log"
    proc = start_webserver(port, env, log)
    report = Report(data_dir=data_dir, out=out, port=port, pgid=proc.pid)
    try:
        wait_for_server(base, proc, log)
        report.pages = browse(base, out, exp, chromium)
    finally:
        stop(proc)
    report.seconds = round(time.monotonic() - t0, 2)
    return report


def _prune(root: Path, keep: Path) -> None:
    """Delete `root` except `keep` (and the folders leading to it)."""
    if not keep.is_relative_to(root):
        shutil.rmtree(root, ignore_errors=True)
        return
    for child in root.iterdir():
        if child == keep:
            continue
        if keep.is_relative_to(child) and child.is_dir():
            _prune(child, keep)
        elif child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data-dir", type=Path, help="a data dir to serve (`persona run` first if it has no pack yet)")
    p.add_argument("--out", type=Path, help="where the screenshots go (default <data_dir>/ui)")
    p.add_argument("--keep", action="store_true", help="keep the temporary data dir (default: keep only --out)")
    p.add_argument("--chromium", type=Path, default=DEFAULT_CHROMIUM, help=f"the browser (default {DEFAULT_CHROMIUM})")
    return p.parse_args(argv)


def print_report(report: Report) -> None:
    for r in report.pages:
        print(f"ok  {r.name:36} {r.seconds:6.2f}s  {r.screenshot}")
        print(f"    {r.url}  found: {', '.join(r.found[:6])}{' …' if len(r.found) > 6 else ''}")
    print(f"ui_check: all {len(report.pages)} pages passed in {report.seconds:.1f}s (data dir {report.data_dir})")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not args.chromium.exists():
        print(f"ui_check: FAILED: chromium not found at {args.chromium}: {INSTALL_HINT}", file=sys.stderr)
        return 1
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the finally blocks and atexit
    tmp_root = None if args.data_dir else Path(tempfile.mkdtemp(prefix="persona-ui-"))
    data_dir = args.data_dir or tmp_root / "data"  # type: ignore[operator]
    env = base_env(None if tmp_root is None else tmp_root / "home")
    out = (args.out or data_dir / "ui").resolve()
    try:
        report = check(data_dir, out, env, args.chromium)
    except UICheckError as exc:
        where = f"\n(failure screenshot and webserver.log in {out})" if any(out.glob("*")) else ""
        print(f"ui_check: FAILED: {exc}{where}", file=sys.stderr)
        return 1
    finally:
        if tmp_root is not None and not args.keep:
            _prune(tmp_root.resolve(), out)
    print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
