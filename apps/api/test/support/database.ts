import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import './provided.js';

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `${template.replace('sp_template_', 'sp_test_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
