declare module '../../db/schema.js' {
  interface Database {
    twin_credentials: TwinCredentialTable;
  }
}

/** A twin credential: a client program's way to the carrier twin's tokens under AUTH=basic/proxy. */
export interface TwinCredentialTable {
  /** `twin_` + 24 letters or digits. */
  client_id: string;
  /** sandbox | production: the one environment whose token endpoint accepts it. */
  environment: string;
  name: string;
  /** SHA-256 hex of the secret (the secret is 256 random bits: a slow hash would add nothing). */
  secret_hash: string;
  /** ISO-8601 UTC */
  created_at: string;
  /** ISO-8601 UTC: the last token issued for it. */
  last_used_at: string | null;
}
