import path from 'node:path';
import pg from 'pg';
import ts from 'typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from './support/database.js';

/**
 * `src/db/schema.ts` (Kysely's types) is kept by hand beside the SQL migrations. This compares the two:
 * every table and column the migrations make must be typed, every typed one must exist, and a column
 * typed as nullable (in what a select reads) must be nullable in the database and the other way round.
 */

const SCHEMA_FILE = path.resolve(import.meta.dirname, '../src/db/schema.ts');
/** Tables the migrator and pg-boss keep for themselves: no query of ours names them. */
const NOT_TYPED = new Set(['schema_migrations']);

interface Column {
  nullable: boolean | 'any';
}
type Tables = Map<string, Map<string, Column>>;

/** The `Database` interface of schema.ts, read with the TypeScript checker (aliases and ColumnType resolved). */
function typedTables(): Tables {
  const program = ts.createProgram([SCHEMA_FILE], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  )!;
  const tables: Tables = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, Column>();
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    for (const column of tableType.getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, database);
      // ColumnType<Select, Insert, Update> (Generated<T> too): what a select reads is __select__.
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, database);
      const parts = type.isUnion() ? type.types : [type];
      // JSON columns read as `any`, which takes null in: nothing to compare there.
      const any = parts.some((p) => (p.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0);
      columns.set(column.name, {
        nullable: any ? 'any' : parts.some((p) => (p.flags & ts.TypeFlags.Null) !== 0),
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: await createTestDatabase() });
  await client.connect();
});
afterAll(() => client?.end());

async function migratedTables(): Promise<Tables> {
  const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
    `SELECT c.table_name, c.column_name, c.is_nullable
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables: Tables = new Map();
  for (const row of rows) {
    if (NOT_TYPED.has(row.table_name)) continue;
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map());
    tables.get(row.table_name)!.set(row.column_name, { nullable: row.is_nullable === 'YES' });
  }
  return tables;
}

test('db/schema.ts types every table and column the migrations make, with the same nullability', async () => {
  const typed = typedTables();
  const migrated = await migratedTables();
  expect(migrated.size).toBeGreaterThan(20);
  const differences: string[] = [];
  for (const [table, columns] of migrated) {
    const types = typed.get(table);
    if (!types) {
      differences.push(`${table}: a table the migrations make, missing from schema.ts`);
      continue;
    }
    for (const [name, column] of columns) {
      const type = types.get(name);
      if (!type) differences.push(`${table}.${name}: a column missing from schema.ts`);
      else if (type.nullable !== 'any' && type.nullable !== column.nullable)
        differences.push(
          `${table}.${name}: ${column.nullable ? 'nullable' : 'NOT NULL'} in the database, ${type.nullable ? 'nullable' : 'not nullable'} in schema.ts`,
        );
    }
    for (const name of types.keys()) {
      if (!columns.has(name)) differences.push(`${table}.${name}: typed in schema.ts, no such column`);
    }
  }
  for (const table of typed.keys()) {
    if (!migrated.has(table)) differences.push(`${table}: typed in schema.ts, no such table`);
  }
  expect(differences).toEqual([]);
});
