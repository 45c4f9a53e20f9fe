#!/usr/bin/env python3
"""Writes an OpenAPI document N times its size: its paths, and the components they name, copied
N - 1 more times under new names (paths under /r2, /r3, ...; operationIds and component names with
the suffix R2, R3, ...; every $ref of a copy pointing into its own copy). The copies are as hard to
import as the original, so import time per operation should stay flat as N grows.

    Benchmarks/scale-openapi.py N in.json out.json
"""
import json
import sys

SECTIONS = ("schemas", "parameters", "responses", "requestBodies", "headers", "examples", "securitySchemes", "links", "callbacks")


def renamed(value, suffix):
    """A deep copy of `value` whose local component $refs point at the suffixed copies."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str) and item.startswith("#/components/"):
                parts = item.split("/")
                if len(parts) == 4 and parts[2] in SECTIONS and parts[2] != "securitySchemes":
                    item = "/".join(parts[:3] + [parts[3] + suffix])
            elif key == "operationId" and isinstance(item, str):
                item = item + suffix
            out[key] = renamed(item, suffix)
        return out
    if isinstance(value, list):
        return [renamed(item, suffix) for item in value]
    return value


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    times = int(argv[1])
    with open(argv[2], encoding="utf-8") as f:
        doc = json.load(f)
    paths = doc.get("paths", {})
    components = doc.get("components", {})
    bigger_paths = dict(paths)
    bigger_components = {section: dict(entries) for section, entries in components.items()}
    for r in range(2, times + 1):
        suffix = "R%d" % r
        for path, item in paths.items():
            bigger_paths["/r%d%s" % (r, path)] = renamed(item, suffix)
        for section, entries in components.items():
            if section == "securitySchemes" or not isinstance(entries, dict):
                continue
            for name, item in entries.items():
                bigger_components[section][name + suffix] = renamed(item, suffix)
    doc["paths"] = bigger_paths
    doc["components"] = bigger_components
    with open(argv[3], "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv)
