import { defineModule } from '../../module.js';
import { registerTwinCredentials } from './cli.js';
import { TwinCredentials } from './credentials.js';
import * as m0130 from './migrations/0130_twin_credentials.js';
import { twinCredentialRoutes } from './routes.js';
import './tables.js';

declare module '../../module.js' {
  interface LabServices {
    /** The twin credentials (issued, listed, revoked, verified): client programs' way to the twin under AUTH. */
    twinCredentials: TwinCredentials;
  }
}

/**
 * Twin credentials: client ids and secrets an administrator issues (`lab sim credentials`, the
 * Simulator screen, /lab/api/simulator/credentials) so client programs that cannot sign in to the
 * site get the carrier twin's tokens under AUTH=basic/proxy; stored hashed, migration 0130.
 */
export const twinCredentialsModule = defineModule({
  name: 'twin-credentials',
  api: twinCredentialRoutes,
  commands: [registerTwinCredentials],
  migrations: { '0130_twin_credentials': m0130 },
  provides: { twinCredentials: ({ db }) => new TwinCredentials(db) },
});
