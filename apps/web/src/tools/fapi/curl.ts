/** `Copy as curl`: the current request as a shell command (single-quoted), the token masked unless asked. */
export const MASKED_TOKEN = '<access token>';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface CurlRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export function toCurl(req: CurlRequest, showToken: boolean): string {
  const lines = [`curl -X ${req.method} ${quote(req.url)}`];
  for (const [name, value] of Object.entries(req.headers)) {
    const shown = /^(x-upstream-)?authorization$/i.test(name) && !showToken ? `Bearer ${MASKED_TOKEN}` : value;
    lines.push(`  -H ${quote(`${name}: ${shown}`)}`);
  }
  lines.push(`  --data-raw ${quote(req.body)}`);
  return lines.join(' \\\n');
}

/** `x-customer-transaction-id`: environment, endpoint name and time (UTC, to the millisecond). */
export function transactionId(env: string, endpointId: string, now: Date): string {
  const t = now.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '').replace('Z', '');
  return `lab-${env}-${endpointId}-${t}`;
}
