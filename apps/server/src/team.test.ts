import { expect, it } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { describePostgres, type TestApp } from './test/helpers.js';
import { basicAuth, twinCall, twinToken } from './test/simulators.js';
import { twoInstancesOnPostgres } from './test/suiteFixtures.js';

type Json = Record<string, any>;

const trafficOf = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/lab/api/simulator/traffic?limit=50' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Json[]; total: number };
};

// What a user can observe is the same through either instance of a team's deployment (no SIM_SEED:
// the keys are the ones stored in the database).
describePostgres('two instances on one PostgreSQL database, without SIM_SEED', () => {
  const apps = twoInstancesOnPostgres({ openApiRecheckMs: 0, simSeed: undefined });

  it('a carrier token issued by A works on B (the token key is shared through the database)', async () => {
    const { a, b } = apps;
    const token = await twinToken(a.app);
    const res = await twinCall(b.app, token, '/country/v1/postal/validate', defaultSample('postal-validate'));
    expect(res.statusCode, res.body).toBe(200);
    // And a token nobody issued is still refused by both.
    const forged = `${token.slice(0, -4)}AAAA` === token ? `${token.slice(0, -4)}BBBB` : `${token.slice(0, -4)}AAAA`;
    const refused = await twinCall(b.app, forged, '/country/v1/postal/validate', defaultSample('postal-validate'));
    expect(refused.statusCode).toBe(401);
  });

  it('a Stratus token issued by A works on B', async () => {
    const { a, b } = apps;
    const issued = await a.app.inject({
      method: 'POST',
      url: '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      headers: { authorization: basicAuth('team-key', 'team-secret') },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const greet = await b.app.inject({
      method: 'GET',
      url: '/lab/sim/stratus/stratus/v1/greet',
      headers: { authorization: `Bearer ${issued.json().access_token}`, 'x-api-key': 'team-api-key' },
    });
    expect(greet.statusCode, greet.body).toBe(200);
  });

  it('a call made through A is in the traffic log read through B; clearing through B empties it for A', async () => {
    const { a, b } = apps;
    const token = await twinToken(a.app);
    await twinCall(a.app, token, '/country/v1/postal/validate', defaultSample('postal-validate'), {
      headers: { 'x-customer-transaction-id': 'made-through-a' },
    });
    // A's read waits for A's own stores; then B reads the same table.
    const throughA = await trafficOf(a);
    const throughB = await trafficOf(b);
    expect(throughB).toEqual(throughA);
    const entry = throughB.entries.find((e) => e.request.headers['x-customer-transaction-id'] === 'made-through-a');
    expect(entry).toMatchObject({ source: 'carrier-sim', endpointId: 'postal-validate', status: 200 });
    const cleared = await b.app.inject({ method: 'DELETE', url: '/lab/api/simulator/traffic' });
    expect(cleared.json()).toEqual({ deleted: throughA.total });
    expect((await trafficOf(a)).total).toBe(0);
  });
});
