"""Spark: one ``mapInArrow`` pass over a DataFrame.

    import uridfa.spark
    df = uridfa.spark.split(df, "url")            # adds a struct column `uri`
    df = uridfa.spark.validate(df, "url")         # adds a boolean column `valid`

The grammar travels to the executors by its source (a ``uridfa.Grammar``
pickles as its name or ABNF text); every executor needs ``uridfa``
installed. Spark does not read Arrow string views, so components are copied
to plain strings in the batches returned to it.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional, Union

import pyarrow as pa

from . import Grammar

GrammarArg = Union[str, Grammar, None]


def _grammar(grammar: GrammarArg) -> Grammar:
    return grammar if isinstance(grammar, Grammar) else Grammar.builtin(grammar or "rfc3986")


def _plain(t: pa.DataType) -> pa.DataType:
    if t == pa.string_view():
        return pa.string()
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, _plain(f.type), f.nullable) for f in t])
    if pa.types.is_list(t):
        return pa.list_(_plain(t.value_type))
    return t


def _spark_type(t: pa.DataType) -> Any:
    from pyspark.sql import types as T

    if pa.types.is_struct(t):
        return T.StructType([T.StructField(f.name, _spark_type(f.type), True) for f in t])
    if pa.types.is_list(t):
        return T.ArrayType(_spark_type(t.value_type), False)
    return {pa.string(): T.StringType(), pa.bool_(): T.BooleanType(), pa.int64(): T.LongType()}[t]


def _with_column(df: Any, output: str, spark_type: Any, make: Any) -> Any:
    from pyspark.sql import types as T

    if output in df.columns:
        raise ValueError(f"the DataFrame already has a column {output!r}")
    schema = T.StructType(list(df.schema.fields) + [T.StructField(output, spark_type, True)])

    def run(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for b in batches:
            yield pa.RecordBatch.from_arrays(
                list(b.columns) + [make(b)], names=list(b.schema.names) + [output]
            )

    return df.mapInArrow(run, schema)


def split(df: Any, column: str, grammar: GrammarArg = None, rule: Optional[str] = None, output: str = "uri") -> Any:
    """``df`` with a struct column ``output``: ``uridfa.split`` of ``column``."""
    g = _grammar(grammar)
    arrow_type = _plain(pa.array(g.split([], rule=rule)).type)

    def make(b: pa.RecordBatch) -> pa.Array:
        return pa.array(g.split(b.column(column), rule=rule, threads=1)).cast(arrow_type)

    return _with_column(df, output, _spark_type(arrow_type), make)


def validate(df: Any, column: str, grammar: GrammarArg = None, rule: Optional[str] = None, output: str = "valid") -> Any:
    """``df`` with a boolean column ``output``: ``uridfa.validate`` of ``column``."""
    from pyspark.sql import types as T

    g = _grammar(grammar)

    def make(b: pa.RecordBatch) -> pa.Array:
        return pa.array(g.validate(b.column(column), rule=rule, threads=1))

    return _with_column(df, output, T.BooleanType(), make)


__all__ = ["split", "validate"]
