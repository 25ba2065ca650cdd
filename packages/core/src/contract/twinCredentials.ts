import { z } from 'zod';
import { simEnvironment } from './simulator.js';

/**
 * Twin credentials: the client id and secret an administrator issues so a client program that
 * cannot sign in to the site (AUTH=basic or proxy) gets the carrier twin's OAuth tokens
 * (`POST /lab/sim/carrier/oauth/token`). The secret is shown once, when issued; the server keeps
 * its hash only.
 */

/** A client id the twin issued: `twin_` and 24 letters or digits. */
export const TWIN_CLIENT_ID_PATTERN = /^twin_[A-Za-z0-9]{24}$/;

export const twinCredential = z.object({
  clientId: z.string(),
  environment: simEnvironment,
  /** What the administrator called it ('' when unnamed). */
  name: z.string(),
  /** Real time, ISO-8601 UTC. */
  createdAt: z.string(),
  /** The last time a token was issued for it, ISO-8601 UTC; null = never used. */
  lastUsedAt: z.string().nullable(),
});
export type TwinCredential = z.output<typeof twinCredential>;

export const twinCredentialsReply = z.object({ credentials: z.array(twinCredential) });

/** POST /simulator/credentials */
export const twinCredentialBody = z.object({
  environment: simEnvironment.default('sandbox'),
  name: z
    .string()
    .trim()
    .max(100, 'the name is at most 100 characters')
    .refine((s) => [...s].every((c) => c >= ' ' && c !== '\x7f'), 'the name must not hold control characters')
    .default(''),
});
export type TwinCredentialBody = z.input<typeof twinCredentialBody>;

/** The new credential with its secret: the only answer that carries the secret. */
export const twinCredentialIssued = twinCredential.extend({ clientSecret: z.string() });
export type TwinCredentialIssued = z.output<typeof twinCredentialIssued>;

export const twinCredentialParams = z.object({
  clientId: z.string().regex(TWIN_CLIENT_ID_PATTERN, 'not a twin client id (twin_ and 24 letters or digits)'),
});
export const twinCredentialRevokedReply = z.object({ clientId: z.string() });
