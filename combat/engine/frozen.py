"""A faster `__init__` for the engine's frozen dataclasses, with the same signature and the same result.

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`, one call per
field. A round builds a few hundred events, rolls, attacks and results, so `fast_init` replaces it with
one that fills the instance's `__dict__` in one step. Fields, defaults (including `default_factory`),
equality, hashing, `repr`, `replace()` and pickling are unchanged: they all go through the fields.
"""

from __future__ import annotations

from dataclasses import MISSING, fields, replace


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()  # the default shown for a `default_factory` field, as dataclasses shows it


def fast_init(cls):
    """Class decorator, applied on top of `@dataclass(frozen=True)` (no `__post_init__`, every field in
    `__init__`, positional or keyword as declared)."""
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: fast_init needs a plain frozen dataclass")
    namespace: dict = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    params: list[str] = []
    keyword_only: list[str] = []
    values: list[str] = []
    for field_ in fields(cls):
        name = field_.name
        if not field_.init:
            raise TypeError(f"{cls.__name__}.{name}: fast_init needs every field in __init__")
        if field_.default is not MISSING:
            namespace[f"_default_{name}"] = field_.default
            param = f"{name}=_default_{name}"
            value = name
        elif field_.default_factory is not MISSING:
            namespace[f"_factory_{name}"] = field_.default_factory
            param = f"{name}=_FACTORY"
            value = f"_factory_{name}() if {name} is _FACTORY else {name}"
        else:
            param = value = name
        (keyword_only if field_.kw_only else params).append(param)
        values.append(f"{name!r}: {value}")
    if keyword_only:
        params += ["*", *keyword_only]
    source = (
        f"def __init__(self, {', '.join(params)}):\n"
        f"    _set(self, '__dict__', {{{', '.join(values)}}})\n"
    )
    exec(source, namespace)  # noqa: S102 - built from the dataclass's own field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(getattr(cls.__init__, "__annotations__", {}))
    cls.__init__ = init
    if not keyword_only:
        cls._fast_init_fields = tuple(field_.name for field_ in fields(cls))
    return cls


def fast_replace(obj, /, **changes):
    """`dataclasses.replace` for a `fast_init` class: the same new object, without replace()'s walk over
    the fields' metadata (it costs several microseconds, and a round replaces a score of states)."""
    names = type(obj).__dict__.get("_fast_init_fields")
    if names is None:
        return replace(obj, **changes)
    values = obj.__dict__
    arguments = [changes.pop(name) if name in changes else values[name] for name in names]
    if changes:
        raise TypeError(f"{type(obj).__name__} has no field(s) {', '.join(changes)}")
    return type(obj)(*arguments)
