"""The engine adapters against the real engines: each gives what the
direct call gives on the same data."""

from __future__ import annotations

import os
import sys

import pytest

import uridfa

from conftest import require

URLS = [
    "http://user@example.com:8080/a/b?q=1#f",
    None,
    "",
    "http://[::1]/x",
    "bad url",
    "https://a.example/?next=http://b.example/",
]


def direct():
    pa = require("pyarrow")
    return pa.array(uridfa.split(URLS)).to_pylist()


def test_polars_namespace_eager_lazy_streaming():
    pl = require("polars")
    import uridfa.polars  # noqa: F401

    df = pl.DataFrame({"url": URLS})
    want = direct()
    got = df.select(pl.col("url").uri.split().alias("u"))["u"].to_list()
    assert got == want
    assert df.select(pl.col("url").uri.valid())["url"].to_list() == [True, None, True, True, False, True]
    assert df.select(pl.col("url").uri.host())["url"].to_list() == [r and r["host"] for r in want]
    assert df.select(pl.col("url").uri.query())["url"].to_list() == [r and r["query"] for r in want]
    lazy = df.lazy().with_columns(pl.col("url").uri.host().alias("h")).filter(pl.col("url").uri.valid())
    assert lazy.collect(engine="streaming")["h"].to_list() == ["example.com", None, "[::1]", "a.example"]
    assert lazy.collect()["h"].to_list() == ["example.com", None, "[::1]", "a.example"]
    with pytest.raises(ValueError, match="no field"):
        pl.col("url").uri.component("nope")
    g = uridfa.Grammar.from_abnf(";@ entry d\n;@ capture y\nd = y \"-\" 2DIGIT\ny = 4DIGIT\n")
    assert df.with_columns(pl.Series("url", ["2000-01"] * 6)).select(pl.col("url").uri.component("y", g))["url"].to_list() == ["2000"] * 6


def test_duckdb_functions():
    duckdb = require("duckdb")
    pa = require("pyarrow")
    import uridfa.duckdb

    con = duckdb.connect()
    uridfa.duckdb.register(con)
    con.register("logs", pa.table({"url": pa.array(URLS, type=pa.string())}))
    want = direct()
    rows = con.sql("SELECT uri_split(url) AS u FROM logs").fetchall()
    assert [r[0] for r in rows] == want
    assert [r[0] for r in con.sql("SELECT uri_valid(url) FROM logs").fetchall()] == [True, None, True, True, False, True]
    assert [r[0] for r in con.sql("SELECT uri_host(url) FROM logs").fetchall()] == [r and r["host"] for r in want]
    assert [r[0] for r in con.sql("SELECT uri_host_kind(url) FROM logs").fetchall()] == [r and r["host_kind"] for r in want]
    assert con.sql("SELECT uri_resolve('http://a/b/c/d;p?q', '../g')").fetchall()[0][0] == "http://a/b/g"
    assert con.sql("SELECT uri_normalize('HTTP://A/%7e')").fetchall()[0][0] == "http://a/~"
    assert con.sql("SELECT uri_resolve(NULL, 'g')").fetchall()[0][0] is None


@pytest.fixture(scope="module")
def spark():
    require("pyspark")
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    try:
        s = (
            SparkSession.builder.master("local[2]")
            .appName("uridfa-tests")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate()
        )
    except Exception as e:  # no JVM
        from conftest import unavailable

        unavailable(f"Spark cannot start: {e}")
    yield s
    s.stop()


def test_spark_split_and_validate(spark):
    import uridfa.spark

    df = spark.createDataFrame([(u,) for u in URLS], "url string")
    out = uridfa.spark.split(df, "url").collect()
    want = direct()
    assert [r["url"] for r in out] == URLS
    assert [r["uri"] and r["uri"].asDict() for r in out] == want
    v = uridfa.spark.validate(df, "url").collect()
    assert [r["valid"] for r in v] == [True, None, True, True, False, True]
    # A run-time grammar travels to the executors by its source.
    g = uridfa.Grammar.from_abnf(";@ entry d\n;@ capture y\nd = y \"-\" 2DIGIT\ny = 4DIGIT\n")
    d2 = spark.createDataFrame([("2000-01",), ("20-01",)], "s string")
    assert [r["uri"]["y"] for r in uridfa.spark.split(d2, "s", grammar=g).collect()] == ["2000", None]


def test_spark_parse_url_differs_from_rfc3986(spark):
    """What the README says of Spark's own `parse_url` (java.net.URI, RFC
    2396 with Java's rules): an underscore in a host, which RFC 3986's
    reg-name allows, gives no host; a `[` in a query, which RFC 3986
    forbids there, is accepted."""
    df = spark.createDataFrame([("http://a_b.example/x",), ("http://a/?q=[1]",)], "u string")
    df.createOrReplaceTempView("parse_url_cases")
    spark.sql("SET spark.sql.ansi.enabled=false")
    try:
        got = spark.sql("SELECT parse_url(u, 'HOST') AS h, parse_url(u, 'QUERY') AS q FROM parse_url_cases").collect()
    finally:
        spark.sql("RESET spark.sql.ansi.enabled")
    assert [(r["h"], r["q"]) for r in got] == [(None, None), ("a", "q=[1]")]
    assert uridfa.parse("http://a_b.example/x").host == "a_b.example"
    assert not uridfa.is_valid("http://a/?q=[1]")


def test_dask_example_of_the_docs(tmp_path):
    """docs/python.md's Dask example, as written there, on a small Parquet
    file."""
    dd = require("dask.dataframe")
    pa = require("pyarrow")
    import pyarrow.parquet as pq

    urls = [u for u in URLS if u is not None] * 3
    pq.write_table(pa.table({"url": pa.array(urls, type=pa.string())}), tmp_path / "part-0.parquet")
    ddf = dd.read_parquet(str(tmp_path), dtype_backend="pyarrow")
    ddf["valid"] = ddf["url"].map_partitions(
        lambda s: pa.array(uridfa.validate(pa.array(s.array))).to_pandas(), meta=("valid", "bool"))
    got = ddf.compute()
    assert got["valid"].tolist() == pa.array(uridfa.validate(urls)).to_pylist()
