import type { Command } from 'commander';
import { SIGNATURE_HEADER, signaturesMatch, webhookSignature } from '@lab/core/webhooks';
import { CliError, readInputFile, type CliContext } from '../../cli/command.js';

function requireToken(token: string | undefined): string {
  if (!token) throw new CliError('--token is required');
  return token;
}

function parseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // fall through to the message below
  }
  throw new CliError(`--url must be an http(s) URL, got ${value}`);
}

/** `lab webhook sign | send | verify`: the carrier's webhook signature from the shell. */
export function registerWebhook(program: Command, ctx: CliContext, setExit: (code: number) => void) {
  const webhook = program
    .command('webhook')
    .description('sign, send and verify shipment-visibility webhook payloads (HMAC-SHA256 hex of the raw body)');

  webhook
    .command('sign')
    .description('print the x-fedex-signature value of a payload')
    .requiredOption('--token <token>', 'the security token')
    .argument('<file>', 'the payload file, or - for stdin')
    .action(async (file: string, opts: { token: string }) => {
      ctx.out(await webhookSignature(await readInputFile(ctx, file), requireToken(opts.token)));
    });

  webhook
    .command('send')
    .description('POST a payload signed as the carrier would, and print the answer')
    .requiredOption('--url <url>', 'the webhook destination URL')
    .requiredOption('--token <token>', 'the security token')
    .option('--signature <hex>', 'send this signature instead of the computed one (to test rejection)')
    .option('--content-type <type>', 'Content-Type header', 'application/json')
    .argument('<file>', 'the payload file, or - for stdin')
    .action(async (file: string, opts: { url: string; token: string; signature?: string; contentType: string }) => {
      const url = parseUrl(opts.url);
      const body = await readInputFile(ctx, file);
      const signature = opts.signature ?? (await webhookSignature(body, requireToken(opts.token)));
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': opts.contentType, [SIGNATURE_HEADER]: signature },
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (err) {
        throw new CliError(
          `POST ${url} failed: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`,
          1,
        );
      }
      const text = await res.text();
      ctx.out(`${res.status} ${res.statusText}`);
      if (text) ctx.out(text);
      if (!res.ok) setExit(1);
    });

  webhook
    .command('verify')
    .description('exit 0 when the signature matches the payload and token, 1 when it does not')
    .requiredOption('--token <token>', 'the security token')
    .requiredOption('--signature <hex>', 'the received x-fedex-signature value')
    .argument('<file>', 'the payload file, or - for stdin')
    .action(async (file: string, opts: { token: string; signature: string }) => {
      const expected = await webhookSignature(await readInputFile(ctx, file), requireToken(opts.token));
      if (signaturesMatch(expected, opts.signature)) {
        ctx.out('signature matches');
      } else {
        ctx.err(`signature mismatch: expected ${expected}, received ${opts.signature}`);
        setExit(1);
      }
    });
}
