import { readFile } from 'node:fs/promises';
import ts from 'typescript';

// What schema.ts says a column selects as: the kinds of its non-null values and whether it may be null.
export type DeclaredColumn = { kinds: string[]; nullable: boolean };
export type DeclaredTables = Map<string, Map<string, DeclaredColumn>>;

type Described = { kinds: Set<string>; nullable: boolean };

// Reads the `Database` type of schema.ts with the TypeScript parser: each table's columns and the type a
// select returns (the first argument of ColumnType/Generated), following the file's own type aliases.
export const readDeclaredTables = async (schemaPath: string): Promise<DeclaredTables> => {
  const text = await readFile(schemaPath, 'utf8');
  const file = ts.createSourceFile(schemaPath, text, ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, ts.TypeAliasDeclaration>();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement);
  }
  const describe = (node: ts.TypeNode): Described => describeType(node, aliases);

  const tables: DeclaredTables = new Map();
  for (const [table, tableType] of members(typeLiteralOf(aliases, 'Database'))) {
    if (!ts.isTypeReferenceNode(tableType)) throw new Error(`Database.${table} is not a table type name`);
    const columns = new Map<string, DeclaredColumn>();
    for (const [column, columnType] of members(typeLiteralOf(aliases, tableType.typeName.getText()))) {
      const { kinds, nullable } = describe(columnType);
      columns.set(column, { kinds: [...kinds].sort(), nullable });
    }
    tables.set(table, columns);
  }
  return tables;
};

const typeLiteralOf = (aliases: Map<string, ts.TypeAliasDeclaration>, name: string): ts.TypeLiteralNode => {
  const type = aliases.get(name)?.type;
  if (!type || !ts.isTypeLiteralNode(type)) throw new Error(`schema.ts has no object type ${name}`);
  return type;
};

const members = (literal: ts.TypeLiteralNode): [string, ts.TypeNode][] =>
  literal.members.map((member) => {
    if (!ts.isPropertySignature(member) || !member.type)
      throw new Error(`unexpected member ${member.getText()}`);
    return [member.name.getText(), member.type];
  });

const one = (kind: string): Described => ({ kinds: new Set([kind]), nullable: false });

const describeType = (node: ts.TypeNode, aliases: Map<string, ts.TypeAliasDeclaration>): Described => {
  const describe = (inner: ts.TypeNode) => describeType(inner, aliases);
  if (ts.isParenthesizedTypeNode(node)) return describe(node.type);
  if (ts.isUnionTypeNode(node)) {
    const parts = node.types.map(describe);
    return { kinds: new Set(parts.flatMap((p) => [...p.kinds])), nullable: parts.some((p) => p.nullable) };
  }
  if (ts.isLiteralTypeNode(node)) {
    if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { kinds: new Set(), nullable: true };
    if (ts.isStringLiteral(node.literal)) return one('string');
    if (ts.isNumericLiteral(node.literal)) return one('number');
    if (node.literal.kind === ts.SyntaxKind.TrueKeyword || node.literal.kind === ts.SyntaxKind.FalseKeyword) {
      return one('boolean');
    }
  }
  if (ts.isTemplateLiteralTypeNode(node)) return one('string');
  if (ts.isArrayTypeNode(node)) {
    const element = describe(node.elementType);
    return one(`${[...element.kinds].join('|')}[]`);
  }
  if (ts.isTypeLiteralNode(node)) return one('object');
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return one('string');
    case ts.SyntaxKind.NumberKeyword:
      return one('number');
    case ts.SyntaxKind.BooleanKeyword:
      return one('boolean');
    case ts.SyntaxKind.UnknownKeyword:
      return one('unknown');
  }
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName.getText();
    const [selected] = node.typeArguments ?? [];
    // Kysely's wrappers: a select returns the first type argument.
    if ((name === 'ColumnType' || name === 'Generated') && selected) return describe(selected);
    // The file's Json<T> is a jsonb column read as T.
    if (name === 'Json') return one('json');
    if (name === 'Record') return one('object');
    if (name === 'Date' || name === 'Buffer') return one(name);
    const alias = aliases.get(name);
    if (alias && !alias.typeParameters) return describe(alias.type);
  }
  throw new Error(`schema.ts: no rule to read the type ${node.getText()}`);
};
