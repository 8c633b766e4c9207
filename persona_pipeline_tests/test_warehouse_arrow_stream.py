"""insert_frame hands DuckDB a polars frame through the Arrow C stream interface: the same rows as
DuckDB's own polars path, and no pyarrow / numpy import (~70 MB of resident memory per process)."""

import datetime
import subprocess
import sys

import duckdb
import polars as pl

from persona_pipeline.core.warehouse import store

_DDL = """CREATE TABLE t (a VARCHAR, b BIGINT, c TIMESTAMP, d VARCHAR[], e DOUBLE, f BOOLEAN, g INTEGER,
          h BLOB, i JSON, j TIMESTAMPTZ, k STRUCT(x INTEGER, y VARCHAR)[])"""


def _frame() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "a": ["x", None, "é" * 100 + "\x00\u2028"],
            "b": [1, 2, None],
            "c": [datetime.datetime(2026, 1, 1, 1, 2, 3, 456789), None, datetime.datetime(1999, 12, 31)],
            "d": [["p", "q"], [], None],
            "e": [1.5, None, float("nan")],
            "f": [True, False, None],
            "g": pl.Series([1, 2, 3], dtype=pl.Int32),
            "h": [b"ab", None, b"\x00"],
            "i": ['{"a": 1}', None, "[]"],
            "j": [datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC), None, None],
            "k": [[{"x": 1, "y": "z"}], None, []],
        }
    )


def test_same_rows_as_duckdbs_polars_path() -> None:
    con = duckdb.connect()
    con.execute(_DDL)
    con.execute(_DDL.replace("TABLE t", "TABLE u"))
    df = _frame()
    store.insert_frame(con, "t", df)
    con.register("_frame", df)  # DuckDB's own path: DataFrame.to_arrow()
    con.execute(f"INSERT INTO u ({', '.join(df.columns)}) SELECT * FROM _frame")
    t = con.execute("SELECT * FROM t").fetchall()
    u = con.execute("SELECT * FROM u").fetchall()
    assert len(t) == 3
    assert repr(t) == repr(u)  # repr: NaN != NaN


def test_insert_frame_imports_no_pyarrow() -> None:
    code = (
        "import sys, duckdb, polars as pl\n"
        "from persona_pipeline.core.warehouse import store\n"
        "con = duckdb.connect()\n"
        "con.execute('CREATE TABLE t (a VARCHAR, b VARCHAR[])')\n"
        "store.insert_frame(con, 't', pl.DataFrame({'a': ['x'], 'b': [['y']]}))\n"
        "assert con.execute('SELECT * FROM t').fetchall() == [('x', ['y'])]\n"
        "print(sorted(m for m in ('pyarrow', 'numpy') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
