"""Spark in local[2]: one uridfa.spark.split pass for every component
against Spark's try_parse_url (java.net.URI; parse_url raises on an invalid URL under ANSI mode) for seven parts, over kasztp
repeated to ROWS rows, written to Spark's `noop` sink; best of 3, seconds.

    python python/benches/spark.py [--rows 480100] [KASZTP]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[2]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=480_100)
    ap.add_argument("kasztp", nargs="?", default=str(REPO.parent / "shared/corpora/urls/kasztp.txt"))
    a = ap.parse_args()
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession, functions as F

    import uridfa.spark

    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "10000")
        .getOrCreate()
    )
    urls = [u for u in pathlib.Path(a.kasztp).read_text(encoding="utf-8").splitlines() if u]
    urls = (urls * (a.rows // len(urls) + 1))[: a.rows]
    df = spark.createDataFrame([(u,) for u in urls], "url string").repartition(2).cache()
    df.count()
    parts = ["PROTOCOL", "AUTHORITY", "USERINFO", "HOST", "PATH", "QUERY", "REF"]
    ways = {
        "try_parse_url, seven parts": lambda: df.select(*[F.try_parse_url(F.col("url"), F.lit(p)).alias(p) for p in parts]),
        "uridfa.spark.split, every component": lambda: uridfa.spark.split(df, "url"),
    }
    for name, make in ways.items():
        times = []
        for _ in range(3):
            t = time.perf_counter()
            make().write.format("noop").mode("overwrite").save()
            times.append(time.perf_counter() - t)
        print(f"{name:40} {min(times):6.2f} s  ({min(times) / a.rows * 1e9:,.0f} ns/URL)")
    spark.stop()


if __name__ == "__main__":
    main()
