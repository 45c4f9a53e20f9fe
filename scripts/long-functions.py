#!/usr/bin/env python3
"""Lists the Swift functions (func, init, subscript, accessors' bodies are part of their function)
longer than a limit, longest first: `scripts/long-functions.py [--limit 80] [folder ...]`
(default: Sources). A function's length counts the lines from its declaration to its closing brace.

It reads braces, skipping string literals (one-line, multi-line and raw) and comments, so it is a
measure, not a parser: a declaration it cannot match is passed over.
"""
import os
import re
import sys

DECLARATION = re.compile(r'^\s*(?:@[\w().,: ]+\s+)*(?:(?:public|package|internal|fileprivate|private|open|static|class|final|'
                         r'override|mutating|nonmutating|nonisolated|required|convenience|@inlinable|@discardableResult)\s+)*'
                         r'(func\s+[^\s(<]+|init[?!]?|subscript)\s*[(<]')


def code_only(text):
    """The text with string literals and comments blanked (newlines kept), so braces can be counted."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif text.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == '#' and re.match(r'#+"', text[i:]) or c == '"':
            hashes = len(re.match(r'#*', text[i:]).group(0))
            start = i
            i += hashes
            quote = '"""' if text.startswith('"""', i) else '"'
            i += len(quote)
            close = quote + '#' * hashes
            depth = 0
            while i < n:
                if hashes == 0 and text[i] == '\\':
                    if text.startswith('\\(', i):
                        depth += 1
                        i += 2
                        continue
                    i += 2
                    continue
                if depth:
                    if text[i] == '(':
                        depth += 1
                    elif text[i] == ')':
                        depth -= 1
                    i += 1
                    continue
                if text.startswith(close, i):
                    i += len(close)
                    break
                i += 1
            out.append(re.sub(r'[^\n]', ' ', text[start:i]))
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def functions(path):
    with open(path, encoding='utf-8') as handle:
        text = handle.read()
    lines = code_only(text).split('\n')
    for number, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for end in range(number, len(lines)):
            for char in lines[end]:
                if char == '{':
                    depth += 1
                    opened = True
                elif char == '}':
                    depth -= 1
            if opened and depth <= 0:
                name = match.group(1).replace('func ', '')
                yield name, number + 1, end - number + 1
                break
            if not opened and end > number and lines[end].strip() == '':
                break  # a requirement without a body


def main():
    arguments = sys.argv[1:]
    limit = 80
    if arguments[:1] == ['--limit']:
        limit = int(arguments[1])
        arguments = arguments[2:]
    found = []
    for folder in arguments or ['Sources']:
        for root, _, names in os.walk(folder):
            for name in names:
                if name.endswith('.swift'):
                    path = os.path.join(root, name)
                    found += [(length, path, line, function) for function, line, length in functions(path) if length > limit]
    for length, path, line, function in sorted(found, key=lambda item: (-item[0], item[1], item[2])):
        print(f'{length:4d}  {path}:{line}  {function}')
    print(f'{len(found)} function(s) over {limit} lines')


if __name__ == '__main__':
    main()
