import { messageReply as message } from '@lab/core/contract';
import { notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';

/**
 * GET/POST/DELETE /lab/api/simulator/credentials… — the twin credentials, behind the site's AUTH
 * like the other simulator controls. The secret is in the POST's answer only.
 */
export const twinCredentialRoutes: ModulePlugin<'twinCredentials'> = async (app) => {
  const credentials = app.services.twinCredentials;
  const tags = ['simulator'];

  registerRoute(
    app,
    'simulator.credentials',
    { schema: { summary: 'The twin credentials issued (never their secrets)', tags } },
    async () => ({ credentials: await credentials.list() }),
  );

  registerRoute(
    app,
    'simulator.issueCredential',
    {
      schema: {
        summary: 'Issue a twin credential for an environment: its secret is in this answer only',
        tags,
        response: { 400: message },
      },
    },
    async (request) => credentials.issue(request.body.environment, request.body.name),
  );

  registerRoute(
    app,
    'simulator.revokeCredential',
    {
      schema: {
        summary: 'Revoke a twin credential: its tokens stop working',
        tags,
        response: { 400: message, 404: message },
      },
    },
    async (request) => {
      const { clientId } = request.params;
      if (!(await credentials.revoke(clientId))) throw notFound(`no twin credential has the client id ${clientId}`);
      return { clientId };
    },
  );
};
