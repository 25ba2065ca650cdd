import { InvalidArgumentError } from 'commander';

/** `--port` of the commands that listen (serve, sim): a whole number from 0 to 65535. */
export function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return n;
}
