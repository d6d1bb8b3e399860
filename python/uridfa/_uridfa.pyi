import os
from typing import Any, Iterable, Literal, Optional, Protocol, Sequence, Union, overload

class _ArrowArray(Protocol):
    def __arrow_c_array__(self, requested_schema: Any = ...) -> Any: ...

class _ArrowStream(Protocol):
    def __arrow_c_stream__(self, requested_schema: Any = ...) -> Any: ...

Values = Union[_ArrowArray, _ArrowStream, Sequence[Union[str, bytes, None]]]
"""A column: an Arrow array or stream, or a sequence of str/bytes/None."""

GRAMMARS: list[str]
"""The built-in grammars' names."""

class Array(Protocol):
    """What the kernels return for an array: an Arrow array (an
    ``arro3.core.Array``) that ``pyarrow.array`` and ``polars.Series`` read
    through the Arrow PyCapsule interface."""

    def __arrow_c_array__(self, requested_schema: Any = ...) -> tuple[Any, Any]: ...
    def __arrow_c_schema__(self) -> Any: ...
    def __len__(self) -> int: ...

class ChunkedArray(Protocol):
    """What the kernels return for a chunked array or stream (an
    ``arro3.core.ChunkedArray``): ``pyarrow.chunked_array`` reads it."""

    def __arrow_c_stream__(self, requested_schema: Any = ...) -> Any: ...
    def __len__(self) -> int: ...

class Parsed:
    """The components of one value: attributes, None when absent, "" when
    empty, a list for a repeated capture."""

    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, name: str) -> Any: ...
    def to_dict(self) -> dict[str, Any]: ...

class Grammar:
    """A grammar, built in or compiled from ABNF at run time. Pickles by
    its source."""

    @staticmethod
    def builtin(name: str) -> Grammar: ...
    @staticmethod
    def from_abnf(text: str, rule: Optional[str] = None, *, name: str = "<abnf>.abnf") -> Grammar: ...
    @staticmethod
    def from_file(path: Union[str, "os.PathLike[str]"], rule: Optional[str] = None) -> Grammar: ...
    @property
    def name(self) -> str: ...
    @property
    def entries(self) -> list[str]: ...
    def fields(self, rule: Optional[str] = None) -> list[str]: ...
    def split(
        self,
        values: Values,
        rule: Optional[str] = None,
        errors: Literal["null", "raise", "empty"] = "null",
        threads: Optional[int] = None,
    ) -> Union[Array, ChunkedArray]: ...
    def validate(
        self, values: Values, rule: Optional[str] = None, threads: Optional[int] = None
    ) -> Union[Array, ChunkedArray]: ...
    def extract(
        self,
        texts: Values,
        rule: Optional[str] = None,
        *,
        abbreviated: bool = False,
        any_scheme: bool = False,
        threads: Optional[int] = None,
    ) -> Union[Array, ChunkedArray]: ...
    def parse(self, value: Union[str, bytes], rule: Optional[str] = None) -> Parsed: ...
    def is_valid(self, value: Union[str, bytes], rule: Optional[str] = None) -> bool: ...
    def lint(self, rule: Optional[str] = None) -> list[dict[str, Any]]: ...

GrammarArg = Union[str, Grammar, None]

def split(
    values: Values,
    grammar: GrammarArg = None,
    rule: Optional[str] = None,
    errors: Literal["null", "raise", "empty"] = "null",
    threads: Optional[int] = None,
) -> Union[Array, ChunkedArray]: ...
def validate(
    values: Values,
    grammar: GrammarArg = None,
    rule: Optional[str] = None,
    threads: Optional[int] = None,
) -> Union[Array, ChunkedArray]: ...
def extract(
    texts: Values,
    grammar: GrammarArg = None,
    rule: Optional[str] = None,
    *,
    abbreviated: bool = False,
    any_scheme: bool = False,
    threads: Optional[int] = None,
) -> Union[Array, ChunkedArray]:
    """The URIs in each text (RFC 3986 Appendix C, as ``uridfa extract``
    finds them): per row a list of ``{uri, start, end}`` structs (``uri``
    without its wrapper and inner whitespace, ``start``/``end`` its byte
    span in the row), null for a null row. ``rule`` defaults to the
    grammar's ``URI``, ``IRI`` or ``url`` rule."""
    ...
def parse(value: Union[str, bytes], grammar: GrammarArg = None, rule: Optional[str] = None) -> Parsed: ...
def is_valid(value: Union[str, bytes], grammar: GrammarArg = None, rule: Optional[str] = None) -> bool: ...
@overload
def resolve(base: str, reference: str, algorithm: str = "rfc3986", errors: Literal["null", "raise", "empty"] = "null") -> str: ...
@overload
def resolve(
    base: str, reference: Values, algorithm: str = "rfc3986", errors: Literal["null", "raise", "empty"] = "null"
) -> Union[Array, ChunkedArray]: ...
@overload
def normalize(value: str, steps: str = "all", errors: Literal["null", "raise", "empty"] = "null") -> str: ...
@overload
def normalize(value: Values, steps: str = "all", errors: Literal["null", "raise", "empty"] = "null") -> Union[Array, ChunkedArray]: ...
def equivalent(a: str, b: str, steps: str = "all") -> bool: ...
def make_relative(base: str, target: str) -> str: ...
def _grammar_from_source(kind: str, name: str, text: str, rule: Optional[str]) -> Grammar: ...
