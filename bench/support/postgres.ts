// PostgreSQL for the benchmarks that measure it beside SQLite: BENCH_DATABASE_URL, else
// TEST_DATABASE_URL; each run gets its own schema or database, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const freshName = () => `bench_${randomBytes(5).toString('hex')}`;

/** `fn` on a fresh schema of `url`'s database. */
export async function withSchema<T>(url: string, fn: (schema: string) => Promise<T>): Promise<T> {
  const schema = freshName();
  await admin(url, `CREATE SCHEMA ${schema}`);
  try {
    return await fn(schema);
  } finally {
    await admin(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
}

/** `fn` on a fresh database beside `url`'s (its URL), for a server that keeps its tables in the default schema. */
export async function withDatabase<T>(url: string, fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  const database = freshName();
  await admin(url, `CREATE DATABASE ${database}`);
  const own = new URL(url);
  own.pathname = `/${database}`;
  try {
    return await fn(own.href);
  } finally {
    await admin(url, `DROP DATABASE ${database} WITH (FORCE)`);
  }
}
