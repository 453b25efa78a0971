"""Who is asking, as the limits count them: a client's address, an IPv6 address by its /64 network.

One IPv6 subscriber usually holds a whole /64 (18 billion billion addresses): counted one by one, a limit per
address would be no limit at all from IPv6.  The address is the one werkzeug's ``ProxyFix`` gives
(``PROXY_COUNT`` proxies believed)."""

from __future__ import annotations

import ipaddress

from flask import request

__all__ = ["client_address"]

#: the prefix an IPv6 client is counted by
IPV6_PREFIX = 64


def client_address() -> str:
    """This request's client, as limits count it: its IPv4 address, or its IPv6 /64 network."""
    address = request.remote_addr or "unknown"
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_PREFIX}", strict=False))
    return str(parsed)
