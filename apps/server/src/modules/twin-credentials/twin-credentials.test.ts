import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWIN_CLIENT_ID_PATTERN } from '@lab/core/contract';
import { buildTestApp, dialectsFor, freshDatabaseConfig, runLab, type TestApp } from '../../test/helpers.js';
import { TwinCredentials } from './credentials.js';

describe.each(dialectsFor('dialect-sensitive'))('twin credentials (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/lab/api/simulator/credentials${url}`, ...(payload ? { payload } : {}) });

  it('issues a credential with its secret once, lists it without the secret, stores only a hash', async () => {
    const res = await api('POST', '', { environment: 'production', name: 'ERP nightly' });
    expect(res.statusCode, res.body).toBe(200);
    const issued = res.json();
    expect(issued.clientId).toMatch(TWIN_CLIENT_ID_PATTERN);
    expect(issued.clientSecret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(issued).toMatchObject({ environment: 'production', name: 'ERP nightly', lastUsedAt: null });
    const list = (await api('GET', '')).json().credentials;
    const listed = list.find((c: { clientId: string }) => c.clientId === issued.clientId);
    expect(listed).toEqual({
      clientId: issued.clientId,
      environment: 'production',
      name: 'ERP nightly',
      createdAt: issued.createdAt,
      lastUsedAt: null,
    });
    const rows = await t.app.db.kysely.selectFrom('twin_credentials').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).toContain(issued.clientId);
    expect(stored).not.toContain(issued.clientSecret);
  });

  it('verifies the secret for its environment only, and marks the credential used', async () => {
    const credentials = new TwinCredentials(t.app.db);
    const issued = await credentials.issue('sandbox', '');
    expect(await credentials.verify(issued.clientId, issued.clientSecret, 'production')).toBe(false);
    expect(await credentials.verify(issued.clientId, `${issued.clientSecret}!`, 'sandbox')).toBe(false);
    expect(await credentials.verify('twin_unknown', issued.clientSecret, 'sandbox')).toBe(false);
    expect(await credentials.verify(issued.clientId, issued.clientSecret, 'sandbox')).toBe(true);
    const listed = (await credentials.list()).find((c) => c.clientId === issued.clientId)!;
    expect(listed.lastUsedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(await credentials.active(issued.clientId, 'sandbox')).toBe(true);
    expect(await credentials.active(issued.clientId, 'production')).toBe(false);
  });

  it('revokes: gone from the list, a second revoke is a 404', async () => {
    const { clientId } = (await api('POST', '', {})).json();
    expect((await api('DELETE', `/${clientId}`)).json()).toEqual({ clientId });
    expect((await api('GET', '')).json().credentials.map((c: { clientId: string }) => c.clientId)).not.toContain(
      clientId,
    );
    const again = await api('DELETE', `/${clientId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: `no twin credential has the client id ${clientId}` });
  });

  it('answers bad input with a 400 and its reason', async () => {
    const env = await api('POST', '', { environment: 'staging' });
    expect(env.statusCode).toBe(400);
    expect(env.json().message).toContain('environment');
    const name = await api('POST', '', { name: 'a\u0007b' });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toContain('the name must not hold control characters');
    const id = await api('DELETE', '/not-a-twin-id');
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toContain('not a twin client id (twin_ and 24 letters or digits)');
  });
});

describe.each(dialectsFor('dialect-sensitive'))('lab sim credentials (%s)', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabaseConfig>>;
  beforeAll(async () => {
    database = await freshDatabaseConfig(dialect);
  });
  afterAll(() => database.drop());

  it('creates (JSON clientId + clientSecret), lists and revokes in the configured database', async () => {
    const created = await runLab(['sim', 'credentials', 'create', '--environment', 'production', '--name', 'CI'], {
      database: database.config,
    });
    expect(created.code, created.err.join('\n')).toBe(0);
    const issued = JSON.parse(created.out[0]!);
    expect(Object.keys(issued)).toEqual(['clientId', 'clientSecret']);
    expect(issued.clientId).toMatch(TWIN_CLIENT_ID_PATTERN);

    const list = await runLab(['sim', 'credentials', 'list'], { database: database.config });
    expect(list.code).toBe(0);
    const lines = list.out.map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({ clientId: issued.clientId, environment: 'production', name: 'CI' }),
    ]);
    expect(list.out.join('\n')).not.toContain(issued.clientSecret);

    const revoked = await runLab(['sim', 'credentials', 'revoke', issued.clientId], { database: database.config });
    expect(revoked).toMatchObject({ code: 0, out: [`revoked ${issued.clientId}`] });
    const again = await runLab(['sim', 'credentials', 'revoke', issued.clientId], { database: database.config });
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toContain(`no twin credential has the client id ${issued.clientId}`);
  });

  it('refuses a bad environment or client id with exit code 2', async () => {
    const env = await runLab(['sim', 'credentials', 'create', '--environment', 'staging'], {
      database: database.config,
    });
    expect(env.code).toBe(2);
    expect(env.err.join('\n')).toContain('--environment must be sandbox or production, got staging');
    const id = await runLab(['sim', 'credentials', 'revoke', 'nope'], { database: database.config });
    expect(id.code).toBe(2);
    expect(id.err.join('\n')).toContain('not a twin client id: nope');
  });
});
