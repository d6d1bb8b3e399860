"""DuckDB: ``uridfa.duckdb.register(con)`` creates SQL functions over Arrow UDFs.

    import duckdb, uridfa.duckdb
    con = duckdb.connect()
    uridfa.duckdb.register(con)
    con.sql("SELECT uri_host(url), uri_valid(url) FROM logs")

Functions: ``uri_split(url)`` (a STRUCT of the components, ``valid``,
``error_offset``, ``error``), ``uri_valid(url)``, one ``uri_<component>(url)``
per component of the grammar (``uri_scheme``, ``uri_host``, ``uri_host_kind``,
``uri_query``, ...), ``uri_extract(text)`` (a LIST of STRUCT(uri, start, end):
the URIs in running text), ``uri_resolve(base, ref)`` and ``uri_normalize(url)``.
The string views of the struct are cast to plain strings on the way back
to DuckDB (a copy).
"""

from __future__ import annotations

from typing import Any, Optional, Union

import pyarrow as pa
import pyarrow.compute as pc

from . import Grammar
from . import normalize as _normalize
from . import resolve as _resolve

GrammarArg = Union[str, Grammar, None]


def _plain(t: pa.DataType) -> pa.DataType:
    """``t`` with every string view as a string."""
    if t == pa.string_view():
        return pa.string()
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, _plain(f.type), f.nullable) for f in t])
    if pa.types.is_list(t):
        return pa.list_(_plain(t.value_type))
    return t


def _duck_type(con: Any, t: pa.DataType) -> Any:
    import duckdb

    if pa.types.is_struct(t):
        return duckdb.struct_type({f.name: _duck_type(con, f.type) for f in t})
    if pa.types.is_list(t):
        return duckdb.list_type(_duck_type(con, t.value_type))
    return {
        pa.string(): duckdb.sqltype("VARCHAR"),
        pa.bool_(): duckdb.sqltype("BOOLEAN"),
        pa.int64(): duckdb.sqltype("BIGINT"),
    }[t]


def _one_array(values: Any) -> Any:
    """DuckDB's argument as one array (it passes chunked arrays)."""
    if isinstance(values, pa.ChunkedArray):
        return values.combine_chunks()
    return values


def register(con: Any, grammar: GrammarArg = None, rule: Optional[str] = None, prefix: str = "uri_") -> None:
    """Creates the ``uri_*`` functions on the connection ``con`` for
    ``grammar`` (default ``rfc3986``) and its entry ``rule``."""
    import duckdb

    g = grammar if isinstance(grammar, Grammar) else Grammar.builtin(grammar or "rfc3986")
    split_type = _plain(pa.array(g.split([], rule=rule)).type)
    varchar = duckdb.sqltype("VARCHAR")

    def split(urls: Any) -> pa.Array:
        return pa.array(g.split(_one_array(urls), rule=rule)).cast(split_type)

    def valid(urls: Any) -> pa.Array:
        return pa.array(g.validate(_one_array(urls), rule=rule))

    con.create_function(f"{prefix}split", split, [varchar], _duck_type(con, split_type), type="arrow", null_handling="special")
    con.create_function(f"{prefix}valid", valid, [varchar], duckdb.sqltype("BOOLEAN"), type="arrow", null_handling="special")
    def component(name: str, t: pa.DataType) -> Any:
        def one(urls: Any) -> pa.Array:
            return pc.struct_field(pa.array(g.split(_one_array(urls), rule=rule)), name).cast(t)

        return one

    for f in split_type:
        if f.name == "valid":
            continue
        con.create_function(
            f"{prefix}{f.name.replace('-', '_')}",
            component(f.name, f.type),
            [varchar],
            _duck_type(con, f.type),
            type="arrow",
            null_handling="special",
        )

    extract_type = _plain(pa.array(g.extract([], rule=rule)).type)

    def extract(texts: Any) -> pa.Array:
        return pa.array(g.extract(_one_array(texts), rule=rule))

    con.create_function(f"{prefix}extract", extract, [varchar], _duck_type(con, extract_type), type="arrow", null_handling="special")

    def resolve(bases: pa.Array, refs: pa.Array) -> pa.Array:
        out = []
        for b, r in zip(bases.to_pylist(), refs.to_pylist()):
            try:
                out.append(None if b is None or r is None else _resolve(b, r))
            except ValueError:
                out.append(None)
        return pa.array(out, type=pa.string())

    def normalize(urls: pa.Array) -> pa.Array:
        out = []
        for u in urls.to_pylist():
            try:
                out.append(None if u is None else _normalize(u))
            except ValueError:
                out.append(None)
        return pa.array(out, type=pa.string())

    con.create_function(f"{prefix}resolve", resolve, [varchar, varchar], varchar, type="arrow", null_handling="special")
    con.create_function(f"{prefix}normalize", normalize, [varchar], varchar, type="arrow", null_handling="special")


__all__ = ["register"]
