"""Hash what a `persona run` produced, to check that a change leaves outputs identical.

    python bench/output_digest.py run CORPUS DATA [--key HEX]   # fresh run on a generated corpus (or `sample`)
    python bench/output_digest.py hash DATA                     # print one digest per table and file

`run` deletes DATA, writes a fixed redaction key into it (placeholders are HMACs of that key, so
two runs are comparable only with the same key), runs `persona run --json` in a child process
(`sample`: the bundled sample corpus) and then hashes. `hash` prints, per warehouse table, the
row count and a SHA-256 of its rows sorted (columns that hold the time of the run are left out),
and the same with every ISO timestamp in the rows masked, and a SHA-256 of every file under
persona/, skills/ and notes/ (with timestamps masked).

The bundled sample's repositories are cloned into the data dir on each run, so their instruction
files are dated by the clone (to the second): compare sample runs with times masked, and when a
clone happened to cross a second boundary (the instruction rows' seconds differ between its
files) the fold orders those rows differently — run it again. Generated corpora are fixed on disk:
compare them unmasked.

    python bench/output_digest.py run /tmp/c20 /tmp/out-new > new.txt   # and the same from a
    diff old.txt new.txt                                                   # `git archive` of the old code

Compare two outputs with `diff`.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

KEY = "11" * 32
# columns that record when something ran, not what it produced
_TIME_COLUMNS = re.compile(r"(_at|_time|_ts|^ts|^started|^finished|^updated|^created)$")
_STAMP = re.compile(rb"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?")


def hash_dir(data: Path) -> list[str]:
    import duckdb

    out = []
    con = duckdb.connect(str(data / "warehouse.duckdb"), read_only=True)
    tables = [
        r[0]
        for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' ORDER BY 1"
        ).fetchall()
    ]
    for t in tables:
        cols = [
            r[0]
            for r in con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
                [t],
            ).fetchall()
        ]
        kept = [c for c in cols if not _TIME_COLUMNS.search(c)]
        rows = sorted(repr(r) for r in con.execute(f"SELECT {', '.join(kept)} FROM {t}").fetchall())
        body = "\n".join(rows).encode()
        h = hashlib.sha256(body).hexdigest()[:16]
        masked = hashlib.sha256(_STAMP.sub(b"<time>", body)).hexdigest()[:16]
        left_out = sorted(set(cols) - set(kept))
        out.append(f"table {t}: {len(rows)} rows {h}, times masked {masked} (time columns left out: {left_out})")
    con.close()
    for sub in ("persona", "skills", "notes"):
        for f in sorted((data / sub).rglob("*")) if (data / sub).exists() else []:
            if f.is_file():
                body = _STAMP.sub(b"<time>", f.read_bytes())
                out.append(f"file {f.relative_to(data)}: {hashlib.sha256(body).hexdigest()[:16]}")
    return out


def run(corpus: str, data: Path) -> None:
    from make_corpus import corpus_env

    shutil.rmtree(data, ignore_errors=True)
    (data / "secrets").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    if corpus != "sample":
        env.update(corpus_env(Path(corpus)))
    env.update(PERSONA_DATA_DIR=str(data), DAGSTER_HOME=str(data / "dagster_home"))
    code = "import persona_pipeline, sys; print(persona_pipeline.__file__, file=sys.stderr)"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    # the key path: the settings' own (so a renamed file is followed)
    probe = "from persona_pipeline.core.config import load_settings; print(load_settings().redaction_key_path)"
    key_path = Path(
        subprocess.run(
            [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        ).stdout.strip()
    )
    key_path.parent.mkdir(parents=True, exist_ok=True)
    key_path.write_text(KEY)
    p = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", "run", "--json"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if p.returncode != 0:
        sys.exit(f"persona run failed:\n{p.stderr[-3000:]}")


def main() -> None:
    if sys.argv[1] == "run":
        run(sys.argv[2], Path(sys.argv[3]))
        data = Path(sys.argv[3])
    else:
        data = Path(sys.argv[2])
    print("\n".join(hash_dir(data)))


if __name__ == "__main__":
    main()
