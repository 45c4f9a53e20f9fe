#!/usr/bin/env python3
"""Writes a JSON document as block-style YAML, with no dependency, so the same document can be
imported as JSON and as YAML and the two results compared.

    scripts/json-to-yaml.py in.json out.yaml             one document
    scripts/json-to-yaml.py --repeat N in.json out.yaml  an OpenAPI document with its paths N times
                                                          (prefixed /r2, /r3, ...): a larger benchmark input

The YAML uses several styles on purpose: plain scalars where they read back as the same string,
single- and double-quoted ones where needed, literal blocks (`|`, `|-`, `|+`) for text with line
breaks, folded blocks (`>-`) for long one-line text, compact `- key: value` list entries and flow
`[]`/`{}` for empty collections. Numbers keep their JSON text exactly.
"""
import json
import re
import sys

CORE_NON_STRING = re.compile(
    r"^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE"
    r"|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+"
    r"|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")
# YAML 1.1 readers (PyYAML) resolve these too; quoting them keeps the file portable.
YAML11_WORDS = re.compile(r"^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|=|<<)$|^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$|^[-+]?[0-9_.]+$|^\d{4}-\d\d?-\d\d?")


class Number(str):
    """A JSON number, kept as written."""


def special(ch):
    o = ord(ch)
    return o < 0x20 or o == 0x7F or 0x80 <= o <= 0x9F or ch in "\u2028\u2029\ufeff" or 0xD800 <= o <= 0xDFFF


def plain_ok(s):
    if not s or s != s.strip(" ") or s != s.strip():
        return False
    if s[0] in "-?:,[]{}#&*!|>'\"%@`" or s.startswith("---") or s.startswith("..."):
        return False
    if ": " in s or " #" in s or s.endswith(":") or "\t" in s:
        return False
    if any(special(c) for c in s):
        return False
    return not CORE_NON_STRING.match(s) and not YAML11_WORDS.match(s)


def double_quoted(s):
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif special(ch):
            out.append("\\u%04X" % ord(ch) if ord(ch) <= 0xFFFF else "\\U%08X" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def key_text(k):
    return k if plain_ok(k) else double_quoted(k)


def block_ok(s):
    """Text that a literal block keeps exactly."""
    if "\n" not in s or any(special(c) for c in s.replace("\n", "")) or "\t" in s:
        return False
    lines = s.rstrip("\n").split("\n")
    if any(line != line.rstrip(" ") for line in lines):
        return False  # trailing spaces are kept by '|' but are easy to lose in editors; quote them
    # The first line sets the indentation; an empty one would not (a leading space needs '|2').
    return lines[0] != ""


def literal(s, indent):
    body = s.rstrip("\n")
    trailing = len(s) - len(body)
    chomp = "-" if trailing == 0 else ("" if trailing == 1 else "+")
    lines = body.split("\n")
    ind = " " * indent
    header = "|" + ("%d" % 2 if lines[0].startswith(" ") else "") + chomp
    if lines[0].startswith(" "):
        ind = " " * (indent if indent else 2)
    out = [header]
    for line in lines:
        out.append((ind + line) if line else "")
    out.extend([""] * (trailing - 1 if trailing > 1 else 0))
    return "\n".join(out)


def folded(s, indent):
    words = s.split(" ")
    lines, current = [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > 72:
            lines.append(current)
            current = word
        else:
            current = word if not current else current + " " + word
    lines.append(current)
    ind = " " * indent
    return ">-\n" + "\n".join(ind + line for line in lines)


def folded_ok(s):
    return (len(s) > 100 and "\n" not in s and "  " not in s and s == s.strip() and "\t" not in s
            and not any(special(c) for c in s))


def scalar(v, indent):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, Number):
        return str(v)
    if isinstance(v, str):
        if block_ok(v):
            return literal(v, indent)
        if folded_ok(v):
            return folded(v, indent)
        if plain_ok(v):
            return v
        if "\n" not in v and not any(special(c) for c in v) and v == v.strip():
            return "'" + v.replace("'", "''") + "'"
        return double_quoted(v)
    raise TypeError(type(v))


def emit(v, indent, out, prefix):
    """Writes `v` after `prefix` (a key or '- ' already on the line)."""
    pad = " " * indent
    if isinstance(v, dict):
        if not v:
            out.append(prefix + " {}" if prefix.endswith(":") else prefix + "{}")
            return
        first = True
        for k, item in v.items():
            line_prefix = (prefix if first and prefix.endswith("- ") else pad) + key_text(k) + ":"
            if first and prefix and not prefix.endswith("- "):
                out.append(prefix)
            first = False
            emit_value(item, indent, out, line_prefix)
        return
    if isinstance(v, list):
        if not v:
            out.append(prefix + " []" if prefix.endswith(":") else prefix + "[]")
            return
        first = True
        for item in v:
            line_prefix = (prefix if first and prefix.endswith("- ") else pad) + "- "
            if first and prefix and not prefix.endswith("- "):
                out.append(prefix)
            first = False
            emit(item, indent + 2, out, line_prefix)
        return
    text = scalar(v, indent)
    out.append(prefix + ("" if prefix.endswith("- ") else " ") + text if prefix else text)


def emit_value(v, indent, out, prefix):
    if isinstance(v, (dict, list)) and v:
        # A list under a key sits at the key's indentation (as most YAML in the wild); a mapping is indented.
        emit(v, indent if isinstance(v, list) else indent + 2, out, prefix)
    else:
        emit(v, indent + 2, out, prefix)


def to_yaml(doc):
    out = []
    emit(doc, 0, out, "")
    return "\n".join(out) + "\n"


def main(argv):
    repeat = 1
    if len(argv) > 1 and argv[1] == "--repeat":
        repeat = int(argv[2])
        argv = [argv[0]] + argv[3:]
    if len(argv) != 3:
        sys.exit(__doc__)
    with open(argv[1], encoding="utf-8") as f:
        doc = json.load(f, object_pairs_hook=dict, parse_int=Number, parse_float=Number)
    if repeat > 1:
        paths = doc.get("paths", {})
        bigger = dict(paths)
        for r in range(2, repeat + 1):
            for path, item in paths.items():
                copy = json.loads(json.dumps(item), parse_int=Number, parse_float=Number)
                for op in copy.values() if isinstance(copy, dict) else []:
                    if isinstance(op, dict) and "operationId" in op:
                        op["operationId"] = op["operationId"] + "R%d" % r
                bigger["/r%d%s" % (r, path)] = copy
        doc["paths"] = bigger
        with open(argv[2][:-5] + ".json" if argv[2].endswith(".yaml") else argv[2] + ".json", "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2, ensure_ascii=False)
    with open(argv[2], "w", encoding="utf-8") as f:
        f.write(to_yaml(doc))


if __name__ == "__main__":
    main(sys.argv)
