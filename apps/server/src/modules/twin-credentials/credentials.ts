import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CarrierEnvironment } from '@lab/core/carrier';
import type { TwinCredential, TwinCredentialIssued } from '@lab/core/contract';
import type { Db } from '../../db/index.js';
import type { TwinCredentialTable } from './tables.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `n` letters or digits from the system's random source (no modulo bias: 248 = 4 × 62). */
function randomToken(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of randomBytes(n)) {
      if (byte < 248 && out.length < n) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

const viewOf = (row: TwinCredentialTable): TwinCredential => ({
  clientId: row.client_id,
  environment: row.environment as CarrierEnvironment,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/**
 * The twin credentials in the database (shared by every instance on it): issued with a random
 * secret shown once, stored as the secret's SHA-256, checked in constant time, revoked by deleting
 * the row (a revoked credential's tokens stop working on their next call: the twin asks `active`).
 */
export class TwinCredentials {
  constructor(private readonly db: Db) {}

  async issue(environment: CarrierEnvironment, name: string): Promise<TwinCredentialIssued> {
    const clientSecret = randomToken(40);
    const row: TwinCredentialTable = {
      client_id: `twin_${randomToken(24)}`,
      environment,
      name,
      secret_hash: hashOf(clientSecret),
      created_at: new Date().toISOString(),
      last_used_at: null,
    };
    await this.db.kysely.insertInto('twin_credentials').values(row).execute();
    return { ...viewOf(row), clientSecret };
  }

  /** Every credential, newest first (never a secret). */
  async list(): Promise<TwinCredential[]> {
    const rows = await this.db.kysely
      .selectFrom('twin_credentials')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('client_id')
      .execute();
    return rows.map(viewOf);
  }

  /** Deletes a credential; false when there was none with that id. */
  async revoke(clientId: string): Promise<boolean> {
    const res = await this.db.kysely
      .deleteFrom('twin_credentials')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Whether `clientId`/`secret` is a credential of `environment` (and marks it used). */
  async verify(clientId: string, secret: string, environment: CarrierEnvironment): Promise<boolean> {
    const row = await this.row(clientId, environment);
    if (!row) return false;
    const given = Buffer.from(hashOf(secret));
    const stored = Buffer.from(row.secret_hash);
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) return false;
    await this.db.kysely
      .updateTable('twin_credentials')
      .set({ last_used_at: new Date().toISOString() })
      .where('client_id', '=', clientId)
      .execute();
    return true;
  }

  /** Whether the credential still exists for `environment` (its tokens are good while it does). */
  async active(clientId: string, environment: CarrierEnvironment): Promise<boolean> {
    return (await this.row(clientId, environment)) !== undefined;
  }

  private row(clientId: string, environment: CarrierEnvironment) {
    return this.db.kysely
      .selectFrom('twin_credentials')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('environment', '=', environment)
      .executeTakeFirst();
  }
}
