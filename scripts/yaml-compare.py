#!/usr/bin/env python3
r"""Compares endpoint-gen's YAML reader with PyYAML, document by document.

    scripts/yaml-compare.py [--bin PATH] [FILE_OR_DIRECTORY ...]

For each YAML file, `endpoint-gen yaml-to-json FILE` prints the tree the reader built, and PyYAML
loads the same file with the YAML 1.2 core schema (null, bool, int incl. 0o/0x, float; PyYAML's own
YAML 1.1 rules like `yes`, `012` octal and sexagesimals are switched off). Keys are compared as text. Known
differences, on purpose: the non-specific tag `! 4` is the string "4" here (YAML 1.2) and 4 in
PyYAML; `.inf`/`.nan` and duplicate keys are errors here; "\uD83D\uDE00" is one character here
(PyYAML keeps two surrogates, libyaml refuses it). PyYAML's libyaml loader is used when it has one.
They must agree, or both must refuse the file. With no files it reads
Tests/EndpointGenCoreTests/Fixtures/YAML/compare/ and openapi/ and, in a temporary directory, the JSON documents
of Tests/EndpointGenCoreTests/Fixtures/OpenAPI as PyYAML's own emitter writes them in several styles.

Prints one line per file and a summary; exits 1 on any difference. Without PyYAML it prints a
skip note and exits 0 (pip install PyYAML).
"""
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

try:
    import yaml
except ImportError:
    print("yaml-compare: skipped: PyYAML is not installed (pip install PyYAML)")
    sys.exit(0)


class CoreLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """PyYAML's safe loader (libyaml's parser when PyYAML has it) with the YAML 1.2 core schema
    instead of YAML 1.1's."""


CoreLoader.yaml_implicit_resolvers = {}
CoreLoader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
CoreLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
CoreLoader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789"))
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))
CoreLoader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"])


def construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def construct_float(loader, node):
    text = loader.construct_scalar(node).lower()
    if text.endswith(".inf"):
        return -math.inf if text.startswith("-") else math.inf
    if text == ".nan":
        return math.nan
    return float(text)


def construct_unknown(loader, suffix, node):
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_scalar(node)


CoreLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
CoreLoader.add_constructor("tag:yaml.org,2002:float", construct_float)
CoreLoader.add_multi_constructor("", construct_unknown)  # any other tag: read as untagged


def key_text(key):
    if key is None:
        return ""
    if key is True or key is False:
        return "true" if key else "false"
    return str(key)


def normalize(value):
    """PyYAML's value with keys as text, as endpoint-gen's reader gives them."""
    if isinstance(value, dict):
        return {key_text(k): normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    if isinstance(value, str):
        # PyYAML keeps "\uD83D\uDE00" as two surrogates; endpoint-gen, like JSON, joins them.
        return value.encode("utf-16", "surrogatepass").decode("utf-16")
    return value


def same(a, b):
    """Equal, with types: True is not 1, 1 is not 1.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def first_difference(a, b, path="#"):
    if type(a) is not type(b):
        return f"{path}: {a!r} vs {b!r}"
    if isinstance(a, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}/{k}: only in {'endpoint-gen' if k in a else 'PyYAML'}"
            d = first_difference(a[k], b[k], f"{path}/{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}/{i}")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {a!r} vs {b!r}"


def compare(binary, path):
    run = subprocess.run([binary, "yaml-to-json", path], capture_output=True, text=True)
    ours = json.loads(run.stdout) if run.returncode == 0 else None
    try:
        with open(path, encoding="utf-8") as f:
            theirs = normalize(yaml.load(f, Loader=CoreLoader))
        their_error = None
    except Exception as error:  # noqa: BLE001 - any refusal counts
        theirs, their_error = None, str(error).splitlines()[0] if str(error) else type(error).__name__
    if run.returncode != 0 and their_error is not None:
        return True, "both refuse"
    if run.returncode != 0:
        return False, "endpoint-gen refuses, PyYAML reads it: " + run.stderr.strip().splitlines()[0]
    if their_error is not None:
        return False, "PyYAML refuses (" + their_error + "), endpoint-gen reads it"
    if same(ours, theirs):
        return True, "same"
    return False, "different: " + (first_difference(ours, theirs) or "?")


def pyyaml_dumps(directory):
    """The OpenAPI fixtures as PyYAML writes them, in several styles."""
    styles = {
        "block": dict(default_flow_style=False, sort_keys=False, allow_unicode=True),
        "narrow": dict(default_flow_style=False, sort_keys=False, allow_unicode=True, width=30, indent=4),
        "flow": dict(default_flow_style=True, sort_keys=False, allow_unicode=False, width=60),
        "double-quoted": dict(default_flow_style=False, sort_keys=False, default_style='"'),
        "single-quoted": dict(default_flow_style=False, sort_keys=False, default_style="'", allow_unicode=True),
        "literal": dict(default_flow_style=False, sort_keys=False, default_style="|", allow_unicode=True),
        "folded": dict(default_flow_style=False, sort_keys=False, default_style=">", allow_unicode=True),
    }
    paths = []
    for source in sorted(glob.glob(os.path.join(ROOT, "Tests/EndpointGenCoreTests/Fixtures/OpenAPI/*.json"))):
        with open(source, encoding="utf-8") as f:
            document = json.load(f)
        name = os.path.basename(source)[:-5]
        for style, options in styles.items():
            path = os.path.join(directory, f"{name}.{style}.yaml")
            with open(path, "w", encoding="utf-8") as f:
                yaml.dump(document, f, Dumper=yaml.SafeDumper, explicit_start=(style == "flow"), **options)
            paths.append(path)
    return paths


def main(argv):
    binary = os.path.join(ROOT, ".build/debug/endpoint-gen")
    args = argv[1:]
    if len(args) >= 2 and args[0] == "--bin":
        binary, args = args[1], args[2:]
    if not os.access(binary, os.X_OK):
        print(f"yaml-compare: error: {binary} not found; run swift build first (or pass --bin)")
        return 2
    files = []
    with tempfile.TemporaryDirectory() as temporary:
        if not args:
            args = [os.path.join(ROOT, "Tests/EndpointGenCoreTests/Fixtures/YAML/compare"),
                    os.path.join(ROOT, "Tests/EndpointGenCoreTests/Fixtures/YAML/openapi")]
            files.extend(pyyaml_dumps(temporary))
        for arg in args:
            if os.path.isdir(arg):
                files.extend(sorted(glob.glob(os.path.join(arg, "*.yaml")) + glob.glob(os.path.join(arg, "*.yml"))))
            else:
                files.append(arg)
        failures = 0
        for path in files:
            ok, note = compare(binary, path)
            failures += 0 if ok else 1
            print(f"{'ok  ' if ok else 'FAIL'} {os.path.relpath(path, ROOT) if path.startswith(ROOT) else os.path.basename(path)}: {note}")
    print(f"yaml-compare: {len(files) - failures} of {len(files)} files agree with PyYAML {yaml.__version__}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
