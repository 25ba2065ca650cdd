import { describe, expect, it } from 'vitest';
import { loadConfig, openBindWarning } from './config.js';

// Issue 40 item 5: with AUTH=off the simulator's controls are open to whoever reaches the server.
describe('the listen address (HOST) and AUTH', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig(env, {}, []);

  it('listens on loopback only when AUTH=off and HOST is unset, with nothing to warn about', () => {
    const config = load({});
    expect(config.host).toBe('127.0.0.1');
    expect(openBindWarning(config)).toBeUndefined();
    expect(openBindWarning(load({ HOST: '::1' }))).toBeUndefined();
  });

  it('listens on every interface by default when access is controlled', () => {
    const config = load({ AUTH: 'proxy', AUTH_PROXY_ADDRESSES: '10.0.0.5' });
    expect(config.host).toBe('0.0.0.0');
    expect(openBindWarning(config)).toBeUndefined();
  });

  it('serves a network with AUTH=off only when HOST says so, and warns naming what is open', () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      const config = load({ HOST: host });
      expect(config.host).toBe(host);
      expect(openBindWarning(config)).toBe(
        `AUTH=off and HOST=${host}: anyone who reaches this address can use every tool and the simulator's ` +
          'controls — inject faults, move or reset the simulated clock, add webhook targets the server will POST to — ' +
          'and read the traffic log. Set AUTH=basic or AUTH=proxy, or HOST=127.0.0.1, to close it.',
      );
    }
  });
});
