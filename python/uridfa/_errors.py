"""The exceptions of uridfa."""

from __future__ import annotations

from typing import Optional


class ParseError(ValueError):
    """A value its grammar rejects (``errors="raise"``, or ``uridfa.parse``).

    Attributes:
        row: the row index in the column (``None`` for ``uridfa.parse``).
        offset: the byte offset of the error in the value.
        component: the component being read, if the grammar names one.
        expected: what would have been accepted at ``offset``.
        error: the message, as the ``uridfa`` command prints it.
    """

    row: Optional[int] = None
    offset: int = 0
    component: Optional[str] = None
    expected: Optional[str] = None
    error: str = ""


class GrammarError(ValueError):
    """A grammar that does not compile: the generator's diagnostics, each
    located as ``file:line:col: error: ...`` with a caret excerpt."""
