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

/**
 * A new, empty database (no migrations, no pg-boss schema: a fresh install's) on the tests' server, named
 * so that the run's clean-up drops it.
 */
export async function createEmptyDatabase(label = 'empty'): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `${inject('templateDatabase').replace('sp_template_', `sp_${label}_`)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
