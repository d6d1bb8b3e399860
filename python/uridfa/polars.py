"""Polars: ``import uridfa.polars`` registers the expression namespace ``uri``.

    import polars as pl
    import uridfa.polars  # noqa: F401

    df.with_columns(pl.col("url").uri.split().alias("uri"))
    df.filter(pl.col("url").uri.valid())
    df.select(pl.col("url").uri.host(), pl.col("url").uri.component("query"))
    df.select(pl.col("text").uri.extract())   # the URIs in running text

Each method runs one uridfa kernel per batch through ``map_batches`` (with
``is_elementwise=True``, so lazy and streaming queries work); the Series is
passed and returned through the Arrow PyCapsule interface.
"""

from __future__ import annotations

from typing import Optional, Union

import polars as pl

from . import Grammar, extract, split, validate

GrammarArg = Union[str, Grammar, None]


def _grammar(grammar: GrammarArg) -> Grammar:
    if isinstance(grammar, Grammar):
        return grammar
    return Grammar.builtin(grammar or "rfc3986")


def _split_dtype(g: Grammar, rule: Optional[str]) -> pl.DataType:
    return pl.Series(g.split([], rule=rule)).dtype


@pl.api.register_expr_namespace("uri")
class UriNamespace:
    """``expr.uri``: uridfa over a string or binary column."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def split(self, grammar: GrammarArg = None, rule: Optional[str] = None, errors: str = "null") -> pl.Expr:
        """A struct of the components, ``valid``, ``error_offset`` and ``error``
        (``uridfa.split``)."""
        g = _grammar(grammar)
        return self._expr.map_batches(
            lambda s: pl.Series(s.name, g.split(s, rule=rule, errors=errors)),
            return_dtype=_split_dtype(g, rule),
            is_elementwise=True,
        )

    def valid(self, grammar: GrammarArg = None, rule: Optional[str] = None) -> pl.Expr:
        """Whether each value is valid (``uridfa.validate``)."""
        g = _grammar(grammar)
        return self._expr.map_batches(
            lambda s: pl.Series(s.name, g.validate(s, rule=rule)),
            return_dtype=pl.Boolean,
            is_elementwise=True,
        )

    def extract(
        self, grammar: GrammarArg = None, rule: Optional[str] = None, abbreviated: bool = False, any_scheme: bool = False
    ) -> pl.Expr:
        """The URIs in each text: a list of ``{uri, start, end}`` structs
        (``uridfa.extract``)."""
        g = _grammar(grammar)
        dtype = pl.Series(g.extract([], rule=rule)).dtype
        return self._expr.map_batches(
            lambda s: pl.Series(s.name, g.extract(s, rule=rule, abbreviated=abbreviated, any_scheme=any_scheme)),
            return_dtype=dtype,
            is_elementwise=True,
        )

    def component(self, name: str, grammar: GrammarArg = None, rule: Optional[str] = None) -> pl.Expr:
        """One component (null when absent or invalid)."""
        g = _grammar(grammar)
        if name not in g.fields(rule):
            raise ValueError(f"grammar {g.name!r} has no field {name!r} (fields: {', '.join(g.fields(rule))})")
        dtype = _split_dtype(g, rule)
        field_dtype = dict((f.name, f.dtype) for f in dtype.fields)[name]  # type: ignore[attr-defined]
        return self._expr.map_batches(
            lambda s: pl.Series(s.name, g.split(s, rule=rule)).struct.field(name).alias(s.name),
            return_dtype=field_dtype,
            is_elementwise=True,
        )

    def scheme(self, grammar: GrammarArg = None) -> pl.Expr:
        """The scheme."""
        return self.component("scheme", grammar)

    def authority(self, grammar: GrammarArg = None) -> pl.Expr:
        """The authority."""
        return self.component("authority", grammar)

    def userinfo(self, grammar: GrammarArg = None) -> pl.Expr:
        """The userinfo."""
        return self.component("userinfo", grammar)

    def host(self, grammar: GrammarArg = None) -> pl.Expr:
        """The host."""
        return self.component("host", grammar)

    def host_kind(self, grammar: GrammarArg = None) -> pl.Expr:
        """Which kind of host matched (``IPv4address``, ``reg-name``, ...)."""
        return self.component("host_kind", grammar)

    def port(self, grammar: GrammarArg = None) -> pl.Expr:
        """The port, as written."""
        return self.component("port", grammar)

    def path(self, grammar: GrammarArg = None) -> pl.Expr:
        """The path."""
        return self.component("path", grammar)

    def query(self, grammar: GrammarArg = None) -> pl.Expr:
        """The query, raw (not decoded)."""
        return self.component("query", grammar)

    def fragment(self, grammar: GrammarArg = None) -> pl.Expr:
        """The fragment."""
        return self.component("fragment", grammar)


__all__ = ["UriNamespace", "extract", "split", "validate"]
