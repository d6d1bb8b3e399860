"""uridfa: strict URI parsing over Arrow columns.

The work happens in Rust, over Arrow memory taken through the Arrow
PyCapsule interface (``__arrow_c_array__`` / ``__arrow_c_stream__``): pyarrow
arrays and chunked arrays, Polars Series, DuckDB results, nanoarrow, or a
plain sequence of ``str``/``bytes``/``None``. Results are Arrow arrays that
``pyarrow.array(r)`` or ``polars.Series(r)`` read without a copy.

Columnar: :func:`split`, :func:`validate`, :func:`extract` (URIs in text). Scalar: :func:`parse`,
:func:`is_valid`, :func:`resolve`, :func:`normalize`, :func:`equivalent`,
:func:`make_relative`. Grammars: :class:`Grammar`. Adapters:
``uridfa.polars``, ``uridfa.duckdb``, ``uridfa.spark``.
"""

from __future__ import annotations

from ._errors import GrammarError, ParseError
from ._uridfa import (
    GRAMMARS,
    Grammar,
    Parsed,
    equivalent,
    extract,
    is_valid,
    make_relative,
    normalize,
    parse,
    resolve,
    split,
    validate,
)

__all__ = [
    "GRAMMARS",
    "Grammar",
    "GrammarError",
    "ParseError",
    "Parsed",
    "equivalent",
    "extract",
    "is_valid",
    "make_relative",
    "normalize",
    "parse",
    "resolve",
    "split",
    "validate",
]
