#!/usr/bin/env python3
"""Writes a large endpoint spec for measuring generation and compile times.

    scripts/make-scale-spec.py <endpoints> <share-in-one-group> <output.endpoints.json>

e.g. `10000 0.4 /tmp/Scale.endpoints.json`: 40% of the endpoints in the groups `big`, `big2`, ...
of at most 250 each (a level holds at most 300), 10% (at most 200) at the top level, the rest in groups of 100. Every third endpoint is a POST with a JSON body, every 50th is
deprecated; the others have a path, a query and a defaulted parameter and an error body. The API
is named after the file (`Scale.endpoints.json` -> `Scale`).
"""
import json
import sys


def endpoints(count, prefix):
    result = {}
    for i in range(count):
        name = f"{prefix}_op{i}"
        endpoint = {
            "method": "POST" if i % 3 == 2 else "GET",
            "path": f"/{prefix}/items{i}/{{id}}",
            "parameters": {"id": "Int64"},
        }
        if i % 3 == 2:
            endpoint["body"] = "Item"
            endpoint["response"] = {"type": "Item", "status": 201}
        else:
            endpoint["parameters"].update({"q": "String?", "limit": {"type": "Int", "default": 10}})
            endpoint["response"] = "[Item]"
            endpoint["errors"] = {"404": "Item"}
        if i % 50 == 0:
            endpoint["deprecated"] = True
        result[name] = endpoint
    return result


def main():
    total, share, path = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    big = int(total * share)
    # At most 200 at the top level: a level holds at most 300 endpoints and groups.
    top = min(total - big, total // 10, 200)
    rest = total - big - top
    groups = {}
    all_big = endpoints(big, "big")
    names = list(all_big)
    for index, start in enumerate(range(0, big, 250)):
        key = "big" if index == 0 else f"big{index + 1}"
        groups[key] = {"path": "/big", "endpoints": {name: all_big[name] for name in names[start:start + 250]}}
    index = 0
    while rest > 0:
        size = min(100, rest)
        groups[f"g{index}"] = {"endpoints": endpoints(size, f"g{index}")}
        rest -= size
        index += 1
    spec = {
        "baseURL": "https://api.example.com/v1",
        "headers": {"Accept": "application/json"},
        "auth": "bearer",
        "endpoints": endpoints(top, "top"),
        "groups": groups,
        "models": {"Item": {"properties": {"id": "Int64", "name": "String?"}}},
    }
    with open(path, "w") as file:
        json.dump(spec, file, indent=1)


if __name__ == "__main__":
    main()
