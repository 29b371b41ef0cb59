#!/usr/bin/env python3
"""Writes cases.json: GraphQL documents and what graphql-core (the Python port of the
reference graphql-js, pip `graphql-core`) reads in them, for GraphQLParserTests.

The documents are graphql-js's kitchen sink (kitchen-sink.graphql, MIT, graphql-js-LICENSE,
commit a7db60b) and the token and document cases of graphql-js's lexer-test.ts and
parser-test.ts at that commit (each lexer token inside an argument, `{ f(a: TOKEN) }`), plus
cases of our own. Run it again after changing the list: python3 cases.py
"""
import json, os
from graphql import parse, GraphQLSyntaxError
from graphql.language import ast, print_ast

here = os.path.dirname(os.path.abspath(__file__))

lexer_tokens = [
    '"', '"""', '""""', '"no end quote', "'single quotes'", '"multi\nline"', '"multi\rline"',
    '"bad \\z esc"', '"bad \\x esc"', '"bad \\u1 esc"', '"bad \\u0XX1 esc"', '"bad \\uXXXX esc"',
    '"bad \\uFXXX esc"', '"bad \\uXXXF esc"', '"bad \\u{} esc"', '"bad \\u{FXXX} esc"',
    '"bad \\u{FFFF esc"', '"bad \\u{FFFF"', '"too high \\u{110000} esc"',
    '"way too high \\u{12345678} esc"', '"too long \\u{000000000} esc"', '"bad surrogate \\uDEAD esc"',
    '"bad surrogate \\u{DEAD} esc"', '"bad \\uD83D\\not an escape"', '"""no end quote',
    '00', '01', '01.23', '+1', '1.', '1e', '1E', '1.e1', '.123', '1.A', '-A', '1.0e', '1.0eA',
    '1.0e"', '1.2e3e', '1.2e3.4', '1.23.4', '0xF1', '0b10', '123abc', '1_234', '1\u00DF', '1.23f',
    '1.234_5', '..', '~', '\x00', '\b', '\u00AA', '\u0AAA', '\u203B', '\U0001f600',
    # valid ones
    '"simple"', '" white space "', '"quote \\""', '"escaped \\n\\r\\b\\t\\f"', '"slashes \\\\ \\/"',
    '"unicode \\u1234\\u5678\\u90AB\\uCDEF"', '"unicode \\u{1234}\\u{5678}\\u{90AB}\\u{CDEF}"',
    '"string with unicode escape outside BMP \\u{1F600}"', '"string with minimal unicode escape \\u{0}"',
    '"string with maximal unicode escape \\u{10FFFF}"', '"string with surrogate pair escape \\uD83D\\uDE00"',
    '"""simple"""', '""" white space """', '"""contains " quote"""', '"""contains \\""" triple quote"""',
    '"""multi\nline"""', '"""multi\rline\r\nnormalized"""', '"""unescaped \\n\\r\\b\\t\\f\\u1234"""',
    '"""slashes \\\\ \\/"""', '"""\n\n        spans\n          multiple\n            lines\n\n        """',
    '4', '4.123', '-4', '9', '0', '-4.123', '0.123', '123e4', '123E4', '123e-4', '123e+4',
    '-1.123e4', '-1.123E4', '-1.123e-4', '-1.123e+4', '-1.123e4567', 'true', 'null', 'ENUM',
    '[1, 2, "three"]', '{a: 1, b: [2]}', '[]', '{}', '$var',
]

documents = [
    '{ field: {} }', 'notAnOperation Foo { field }', '...', '{ ""', 'fragment on on on { on }',
    '{ ...on }', '{', '{ field }', 'query', 'query Foo', 'query Foo {}', '{ node(id: 4) { id, name } }',
    'query Foo($a: Int) { f(a: $a) }', 'query Foo($a: Int = 1, $b: [String!]! = ["x"]) { f }',
    'query Foo() { f }', 'query Foo($a: Int = $b) { f }', 'query Foo($a) { f }',
    'mutation { like(id: 1) { count } }', 'subscription S { onEvent { id } }',
    'query A { a } query B { b }', 'fragment F on T { a }', '{ a: b(c: 1) @include(if: true) }',
    '{ ... on T { a } ... @skip(if: false) { b } ...F }', 'query Q @dir($v: 1) { a }',
    '{ f(a: 1 b: 2) }', '{ f(a: 1,,,, b: 2) }', '# comment only', '',
    '\ufeff{ bom }', '{ f(a: """block""") }', 'type Query { a: Int }', 'schema { query: Q }',
    'query Q($v: Int @deprecated) { a }', 'query Q($v: Int = {a: [1, {b: null}]}) { a }',
    '{ f(a: [$x, 1]) }', '{ __typename }', 'query on { on }', 'query query { query }',
    'fragment on on T { a }', 'mutation { a } { b }', '{ f(a: -0) }', '{ f(a: -01) }',
    'query Q($v: [[Int!]]!) { a }', '{ f(a: 1.5e10) }', '{ a\r\n b\r c\n d }',
    '{ a(x: "unterminated\n") }', '{ a } }', '{ a(b: ) }', '{ a @ }', '{ a(b: c d) }',
    'query Q($v: Int!,) { a }', '{ f(o: {a: $v}) }',
]

def wrap(token):
    return '{ f(a: ' + token + ') }'

def summary(doc):
    operations, fragments = [], []
    for d in doc.definitions:
        if isinstance(d, ast.OperationDefinitionNode):
            operations.append({
                'kind': d.operation.value,
                'name': d.name.value if d.name else None,
                'variables': [
                    {'name': v.variable.name.value, 'type': print_ast(v.type),
                     'default': canonical(v.default_value) if v.default_value else None}
                    for v in d.variable_definitions],
                'selections': len(d.selection_set.selections),
            })
        elif isinstance(d, ast.FragmentDefinitionNode):
            fragments.append(d.name.value)
        else:
            return {'typeSystem': True}
    return {'operations': operations, 'fragments': fragments}

def canonical(node):
    # A value as tagged JSON, so numbers keep their literal and enums differ from strings.
    if isinstance(node, ast.VariableNode): return '$' + node.name.value
    if isinstance(node, ast.IntValueNode): return 'int:' + node.value
    if isinstance(node, ast.FloatValueNode): return 'float:' + node.value
    if isinstance(node, ast.StringValueNode): return 'string:' + node.value
    if isinstance(node, ast.BooleanValueNode): return 'bool:' + ('true' if node.value else 'false')
    if isinstance(node, ast.NullValueNode): return 'null'
    if isinstance(node, ast.EnumValueNode): return 'enum:' + node.value
    if isinstance(node, ast.ListValueNode): return [canonical(v) for v in node.values]
    return {f.name.value: canonical(f.value) for f in node.fields}

def value_summary(doc):
    return canonical(doc.definitions[0].selection_set.selections[0].arguments[0].value)

cases = []
def add(text, value):
    try:
        doc = parse(text, no_location=False)
        expect = summary(doc)
        if value and 'operations' in expect:
            expect['value'] = value_summary(doc)
    except GraphQLSyntaxError as e:
        expect = {'error': [e.locations[0].line, e.locations[0].column]}
    cases.append({'query': text, 'expect': expect})

with open(os.path.join(here, 'kitchen-sink.graphql')) as f:
    add(f.read(), False)
for token in lexer_tokens:
    add(wrap(token), True)
for document in documents:
    add(document, False)

with open(os.path.join(here, 'cases.json'), 'w') as f:
    json.dump(cases, f, indent=1, ensure_ascii=True)
    f.write('\n')
print(len(cases), 'cases')
