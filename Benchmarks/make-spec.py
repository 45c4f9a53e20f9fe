#!/usr/bin/env python3
"""Writes a synthetic endpoint spec of a given size, for the benchmarks.

    python3 Benchmarks/make-spec.py 1000 out/Synth1000.endpoints.json [--seed 1]

The spec looks like a real API, scaled up: mixed methods; path, query and header
parameters (optional ones, defaults, comma arrays, dates, enum models); JSON and
form bodies; object and enum models; error bodies; nested groups; and one group
holding 40% of the endpoints in flat subgroups of 250 (the most one level may hold
is 300: every level's requests are one exhaustive `switch`).
The same size and seed always give the same bytes.
"""

import json
import random
import sys

NOUNS = [
    "activity", "athlete", "club", "segment", "route", "gear", "upload", "stream",
    "comment", "kudo", "photo", "lap", "zone", "effort", "challenge", "event",
    "invoice", "order", "product", "customer", "payment", "refund", "coupon", "shipment",
]
METHODS = ["GET"] * 10 + ["POST"] * 4 + ["PUT"] * 2 + ["PATCH"] * 2 + ["DELETE"] * 2 + ["HEAD", "OPTIONS"]
SCALARS = ["String", "Int", "Int64", "Double", "Bool", "Date", "UUID", "URL"]
QUERY_TYPES = ["Int?", "String?", "Bool?", "Date?", "Double?", "Int64?"]


def make_models(rng, count):
    """Object models and enum models; object models refer to earlier models (no cycles needed)."""
    models = {}
    enum_names = []
    object_names = []
    for i in range(count):
        if i % 6 == 5:
            name = f"Kind{i}"
            models[name] = {"enum": [f"value_{j}" for j in range(rng.randint(2, 6))]}
            enum_names.append(name)
            continue
        name = f"{rng.choice(NOUNS).capitalize()}Model{i}"
        props = {"id": "Int64"}
        for j in range(rng.randint(4, 10)):
            roll = rng.random()
            if roll < 0.55:
                t = rng.choice(SCALARS)
            elif roll < 0.7:
                t = f"[{rng.choice(SCALARS)}]"
            elif roll < 0.8 and enum_names:
                t = rng.choice(enum_names)
            elif roll < 0.9 and object_names:
                t = rng.choice(object_names)
            elif roll < 0.95 and object_names:
                t = f"[{rng.choice(object_names)}]"
            else:
                t = "JSON"
            if rng.random() < 0.4:
                t += "?"
            key = f"field_{j}_{rng.choice(NOUNS)}"
            if rng.random() < 0.15:
                props[key] = {"type": t, "description": f"The {key.replace('_', ' ')}."}
            else:
                props[key] = t
        models[name] = {"description": f"A synthetic model number {i}.", "properties": props}
        object_names.append(name)
    return models, object_names, enum_names


class Writer:
    def __init__(self, rng, object_names, enum_names):
        self.rng = rng
        self.objects = object_names
        self.enums = enum_names
        self.serial = 0

    def endpoint(self):
        rng = self.rng
        self.serial += 1
        n = self.serial
        noun = rng.choice(NOUNS)
        method = rng.choice(METHODS)
        verb = {"GET": "get", "POST": "create", "PUT": "replace", "PATCH": "update",
                "DELETE": "delete", "HEAD": "check", "OPTIONS": "options"}[method]
        key = f"{verb}_{noun}_{n}"
        ep = {"method": method}
        params = {}
        segments = [f"{noun}s{n}"]
        for p in range(rng.choice([0, 1, 1, 1, 2])):
            pname = f"{noun}_id" if p == 0 else f"sub_id_{p}"
            segments.append("{" + pname + "}")
            if p == 0:
                segments.append(rng.choice(["details", "items", "history", "stats"]))
            params[pname] = rng.choice(["Int64", "String", "UUID", "Int"])
        if rng.random() < 0.05:
            segments[-1] = segments[-1] + ".json"
        ep["path"] = "/" + "/".join(segments)
        if method == "GET":
            for q in range(rng.randint(0, 4)):
                roll = rng.random()
                qname = f"filter_{q}"
                if roll < 0.6:
                    params[qname] = rng.choice(QUERY_TYPES)
                elif roll < 0.75:
                    params["per_page"] = {"type": "Int", "default": 30}
                elif roll < 0.85:
                    params[f"ids_{q}"] = {"type": "[Int64]?", "style": "comma"}
                elif roll < 0.95 and self.enums:
                    params[qname] = rng.choice(self.enums) + "?"
                else:
                    params[qname] = {"type": "String?", "name": f"filter[{q}]", "description": "A filter."}
        if rng.random() < 0.15:
            params["If-None-Match"] = {"type": "String?", "in": "header"}
        if rng.random() < 0.05:
            params["X-Request-Id"] = {"type": "UUID", "in": "header"}
        if params:
            ep["parameters"] = params
        if method in ("POST", "PUT", "PATCH"):
            if rng.random() < 0.1:
                ep["body"] = {"type": rng.choice(self.objects), "encoding": "form"}
            else:
                ep["body"] = rng.choice(self.objects)
        if method in ("DELETE", "HEAD", "OPTIONS"):
            pass  # no response body
        elif rng.random() < 0.3:
            ep["response"] = f"[{rng.choice(self.objects)}]"
        elif method == "POST" and rng.random() < 0.3:
            ep["response"] = {"type": rng.choice(self.objects), "status": 201}
        else:
            ep["response"] = rng.choice(self.objects)
        if rng.random() < 0.2:
            ep["errors"] = {"404": self.objects[0], "4XX": self.objects[0]}
        if rng.random() < 0.3:
            ep["description"] = f"Synthetic endpoint {n}: {verb}s a {noun}."
        if rng.random() < 0.02:
            ep["deprecated"] = f"Use {verb}_{noun}_{n + 1}."
        if rng.random() < 0.03:
            ep["timeout"] = 30
        if rng.random() < 0.03:
            ep["headers"] = {"X-Feature": "beta"}
        if rng.random() < 0.03:
            ep["auth"] = "none"
        return key, ep

    def endpoints(self, count):
        return dict(self.endpoint() for _ in range(count))

    def group(self, name, count, depth):
        """A group with `count` endpoints spread over itself and nested subgroups."""
        rng = self.rng
        group = {"path": f"/{name}", "description": f"The {name} group."}
        if depth >= 3 or count <= 40:
            group["endpoints"] = self.endpoints(count)
            return group
        own = count // 4
        group["endpoints"] = self.endpoints(own)
        rest = count - own
        children = {}
        index = 0
        while rest > 0:
            size = min(rest, rng.randint(10, 60) * (3 - depth))
            index += 1
            children[f"{name}_sub_{index}"] = self.group(f"{name}_sub_{index}", size, depth + 1)
            rest -= size
        group["groups"] = children
        if rng.random() < 0.3:
            group["headers"] = {"X-Group": name}
        return group


def make_spec(size, seed):
    rng = random.Random(seed)
    models, objects, enums = make_models(rng, max(12, size // 10))
    writer = Writer(rng, objects, enums)
    flat = size * 40 // 100
    top = max(1, min(200, size * 5 // 100))   # a level holds at most 300 endpoints and groups
    nested = size - flat - top
    bulk = {}
    for index, start in enumerate(range(0, flat, 250)):
        bulk[f"part_{index + 1}"] = {"endpoints": writer.endpoints(min(250, flat - start))}
    groups = {"bulk": {"path": "/bulk", "description": "A group holding 40% of the endpoints in flat subgroups.",
                       "groups": bulk}}
    area = 0
    while nested > 0:
        size_of_area = min(nested, rng.randint(50, 400))
        area += 1
        groups[f"area_{area}"] = writer.group(f"area_{area}", size_of_area, 0)
        nested -= size_of_area
    return {
        "description": f"A synthetic API with {size} endpoints, for benchmarks.",
        "baseURL": "https://api.example.com/v1",
        "headers": {"Accept": "application/json"},
        "auth": "bearer",
        "endpoints": writer.endpoints(top),
        "groups": groups,
        "models": models,
    }


def count_endpoints(node):
    return len(node.get("endpoints", {})) + sum(count_endpoints(g) for g in node.get("groups", {}).values())


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    seed = 1
    if "--seed" in argv:
        seed = int(argv[argv.index("--seed") + 1])
        args.remove(str(seed))
    if len(args) != 2:
        sys.stderr.write("usage: make-spec.py SIZE OUTPUT.endpoints.json [--seed N]\n")
        return 2
    size, output = int(args[0]), args[1]
    spec = make_spec(size, seed)
    assert count_endpoints(spec) == size, (count_endpoints(spec), size)
    with open(output, "w") as f:
        json.dump(spec, f, indent=2)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
