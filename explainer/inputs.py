"""Checks on untrusted text that come before parsing it, shared by the command
line (``solve --jsonl``) and the web app (request bodies)."""

from __future__ import annotations

__all__ = ["json_depth"]


def json_depth(text: bytes | str, limit: int | None = None) -> int:
    """How deep the arrays and objects of a JSON text nest (strings skipped),
    linear in the text and without parsing it.  With ``limit`` the scan stops
    as soon as the depth passes it (and returns that depth, ``limit + 1``)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
                if limit is not None and deepest > limit:
                    return deepest
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest
