import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CARRIER_SIM_PRODUCTION } from '@lab/core/carrier';
import type { LabServices } from '../../module.js';
import { carrierError, MESSAGES } from './errors.js';
import type { SimEnvironment, SimState, TokenGrant } from './state.js';

const GRANT_TYPES = ['client_credentials', 'csp_credentials', 'client_pc_credentials'];

/**
 * Who gets the twin's tokens, and which tokens open a call. Under AUTH=off any client id and
 * secret get a token and any valid token opens every call (`open`). Under AUTH=basic/proxy the
 * twin's routes are not behind the site's login (client programs cannot sign in to it), so the
 * twin checks its callers itself: a twin credential gets a `credential` token, good while the
 * credential exists; a caller the site let in (a signed-in user, the gateway's calls) gets a
 * `site` token for any client id, good only on calls the site lets in too; anyone else is refused
 * in the carrier's shape (401 NOT.AUTHORIZED.ERROR).
 */
export class TwinAuth {
  constructor(
    private readonly state: SimState,
    private readonly credentials: LabServices['twinCredentials'],
    private readonly authOff: boolean,
  ) {}

  /** The grant a token request earns, or undefined when its credentials are refused. */
  async grantFor(request: FastifyRequest, environment: SimEnvironment): Promise<TokenGrant | undefined> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const grant = String(body.grant_type ?? '');
    const id = String(body.client_id ?? '');
    const secret = String(body.client_secret ?? '');
    if (!GRANT_TYPES.includes(grant) || !id || !secret || secret === 'invalid') return undefined;
    if (this.authOff) return 'open';
    if (await this.credentials.verify(id, secret, environment)) return 'credential';
    return request.siteAccess ? 'site' : undefined;
  }

  /** Throws the carrier's 401 unless the call's bearer token opens `environment` for this caller. */
  async authorize(request: FastifyRequest, environment: SimEnvironment): Promise<void> {
    const authorization = request.headers.authorization;
    const check = this.state.checkToken(authorization, environment);
    if (check === 'expired') throw carrierError(401, 'NOT.AUTHORIZED.ERROR', MESSAGES.tokenExpired);
    if (check === 'other-environment') {
      const other = environment === 'sandbox' ? 'production' : 'sandbox';
      throw carrierError(401, 'NOT.AUTHORIZED.ERROR', MESSAGES.tokenOtherEnvironment(other, environment));
    }
    if (check !== 'ok') throw carrierError(401, 'NOT.AUTHORIZED.ERROR', MESSAGES.tokenMissing);
    if (this.authOff) return;
    const token = this.state.readToken(authorization);
    if (typeof token === 'string') throw carrierError(401, 'NOT.AUTHORIZED.ERROR', MESSAGES.tokenMissing);
    const good =
      token.grant === 'site'
        ? request.siteAccess
        : token.grant === 'credential' && (await this.credentials.active(token.client, environment));
    if (!good) throw carrierError(401, 'NOT.AUTHORIZED.ERROR', MESSAGES.tokenMissing);
  }

  /** `POST …/oauth/token` of the sandbox and of production (form body, client credentials). */
  registerTokenRoutes(rest: FastifyInstance, jsonError: (message: string) => Record<string, unknown>): void {
    for (const [prefix, environment] of [
      ['/carrier', 'sandbox'],
      [`/carrier${CARRIER_SIM_PRODUCTION}`, 'production'],
    ] as const) {
      rest.post(
        `${prefix}/oauth/token`,
        { schema: { hide: true }, config: { errorReply: jsonError, ownAuth: true } },
        async (request, reply) => {
          const grant = await this.grantFor(request, environment);
          if (!grant) {
            return reply.code(401).send({
              transactionId: this.state.uuid(),
              errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: MESSAGES.badCredentials }],
            });
          }
          const id = String((request.body as Record<string, unknown>).client_id);
          return {
            access_token: this.state.issueToken(id, environment, grant),
            token_type: 'bearer',
            expires_in: this.state.tokenTtlSeconds(),
            scope: 'CXS',
          };
        },
      );
    }
  }
}
