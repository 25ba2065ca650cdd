import { afterEach, describe, expect, it } from 'vitest';
import { runLab } from '../test/helpers.js';
import { rawRequest } from '../test/http.js';
import { runningSimulators } from './commands/sim.js';

describe('lab sim', () => {
  afterEach(async () => {
    await Promise.all([...runningSimulators].map((app) => app.close()));
    runningSimulators.clear();
  });

  it('runs the simulators alone and answers', async () => {
    const run = await runLab(['sim', '--port', '0']);
    expect(run.err).toEqual([]);
    expect(run.code).toBeUndefined(); // still running
    const line = run.out.find((l) => l.startsWith('simulators listening on '));
    expect(line).toMatch(
      /^simulators listening on http:\/\/127\.0\.0\.1:\d+\/lab\/sim\/ \(carrier-sim, stratus-sim\)$/,
    );
    const base = /http:\/\/127\.0\.0\.1:\d+/.exec(line!)![0];
    const token = await rawRequest(
      base,
      'POST',
      '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      {
        headers: { authorization: `Basic ${Buffer.from('k:s').toString('base64')}` },
      },
    );
    expect(token.status).toBe(200);
    expect(token.json().expires_in).toBe(3300);
    expect(line).toMatch(/carrier-sim/);
    const carrierToken = await rawRequest(base, 'POST', '/lab/sim/carrier/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=k&client_secret=s',
    });
    expect(carrierToken.status).toBe(200);
    expect(carrierToken.json().expires_in).toBe(3600);
    // The services the simulators need come with them: the lookups' places validate a postal code.
    const postal = await rawRequest(base, 'POST', '/lab/sim/carrier/country/v1/postal/validate', {
      headers: { authorization: `Bearer ${carrierToken.json().access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ carrierCode: 'FDXE', countryCode: 'US', postalCode: '10001' }),
    });
    expect(postal.status).toBe(200);
    expect(postal.json().output).toMatchObject({ stateOrProvinceCode: 'NY', cleanedPostalCode: '10001' });
    // /lab/sim is not a page of the app: an unknown simulator path is a JSON 404.
    const unknown = await rawRequest(base, 'GET', '/lab/sim/nothing/here', { headers: { accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Route GET:/lab/sim/nothing/here not found' });
    // Only the simulators: no gateway, no other API, no pages.
    expect((await rawRequest(base, 'GET', '/lab/api/stratus/stratus/v1/greet')).status).toBe(404);
    expect((await rawRequest(base, 'GET', '/lab/api/health')).status).toBe(404);
    expect((await rawRequest(base, 'GET', '/lab/', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});
