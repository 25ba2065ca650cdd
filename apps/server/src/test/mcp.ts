/**
 * The MCP suites' shared part: an SDK client over either transport, and one walk that drives every
 * tool and resource and checks each answer against what the HTTP routes and the HTTP twin answer
 * for the same input (`app`: an app on the same database as the MCP server).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { webhookSignatureVectors } from '@lab/core/webhooks';
import { referenceDir } from '../paths.js';
import { LABELS_BASE } from './labels.js';
import { twinCall as httpTwinCall, twinToken } from './simulators.js';

/** Every tool the lab offers, by name (issue 42). */
export const MCP_TOOLS = [
  'carrier_docs_schema',
  'carrier_docs_search',
  'carrier_request_validate',
  'transaction_parse',
  'transaction_search',
  'twin_call',
  'twin_clock',
  'twin_shipments',
  'webhook_sign',
  'webhook_verify',
  'zpl_check',
  'zpl_lint',
  'zpl_render',
];

type CallResult = {
  isError?: boolean;
  content: {
    type: string;
    text?: string;
    data?: string;
    mimeType?: string;
    resource?: { mimeType?: string; blob?: string };
  }[];
  structuredContent?: Record<string, unknown>;
};

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallResult> {
  return (await client.callTool({ name, arguments: args })) as CallResult;
}

/** A tool's structured answer; fails the test with the tool's message when it answered an error. */
export async function structured<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const res = await call(client, name, args);
  expect(res.isError ?? false, res.content[0]?.text).toBe(false);
  return res.structuredContent as T;
}

/** The message of a tool error (fails when the tool did not refuse). */
export async function toolError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const res = await call(client, name, args);
  expect(res.isError).toBe(true);
  return res.content[0]!.text!;
}

/** A shipment the twin accepts: China to the United States, one package, customs declared. */
export function cnToUsShipment(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'cn-us-shipment.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** A small label with a Code 128 bar code (renders and decodes quickly on a loaded machine). */
export const SMALL_LABEL = '^XA^FO50,50^A0N,40,40^FDShipping Lab^FS^FO50,120^BY3^BCN,120,Y,N,N^FD123456789012^FS^XZ';

const decodePng = (bytes: Buffer) => PNG.sync.read(bytes);

/** The documents' tools and resources. */
export async function checkDocTools(client: Client): Promise<void> {
  const search = await structured<{ total: number; hits: { document: string; field: string | null }[] }>(
    client,
    'carrier_docs_search',
    { words: 'masterTrackingNumber', limit: 5 },
  );
  expect(search.total).toBeGreaterThan(0);
  expect(search.hits.length).toBe(Math.min(5, search.total));
  expect(search.hits.every((h) => h.field?.includes('masterTrackingNumber'))).toBe(true);

  const schema = await structured<{ document: string; path: string; schema: { properties: Record<string, unknown> } }>(
    client,
    'carrier_docs_schema',
    { endpoint: 'ship-create', depth: 1 },
  );
  expect(schema.document).toBe('ship--Shipment-Resource');
  expect(schema.path).toBe('/ship/v1/shipments');
  const requested = schema.schema.properties.requestedShipment as { properties: unknown };
  expect(requested.properties).toEqual({ $cut: 'deeper than the depth asked (properties)' });
  expect(await toolError(client, 'carrier_docs_schema', { endpoint: 'no-such' })).toBe('no carrier endpoint no-such');

  const { resources } = await client.listResources();
  expect(resources).toHaveLength(24);
  const ship = resources.find((r) => r.name === 'ship--Shipment-Resource')!;
  expect(ship.uri).toBe('lab://carrier-docs/ship--Shipment-Resource');
  expect(ship.title).toMatch(/\(release .+\)$/);
  const read = await client.readResource({ uri: ship.uri });
  const text = (read.contents[0] as { text: string }).text;
  expect((JSON.parse(text) as { paths: Record<string, unknown> }).paths['/ship/v1/shipments']).toBeDefined();
}

/** zpl_render: the PNG's pixels equal the HTTP render's. */
export async function checkRender(client: Client, app: FastifyInstance): Promise<void> {
  const zpl = SMALL_LABEL;
  const png = await call(client, 'zpl_render', { zpl, dpmm: 8, size: '4x6' });
  expect(png.isError ?? false, png.content[0]?.text).toBe(false);
  expect(png.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  const http = await app.inject({
    method: 'POST',
    url: `${LABELS_BASE}/8dpmm/labels/4x6/0`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'image/png' },
    payload: Buffer.from(zpl, 'utf8'),
  });
  expect(http.statusCode).toBe(200);
  const mine = decodePng(Buffer.from(png.content[0]!.data!, 'base64'));
  const theirs = decodePng(http.rawPayload);
  expect([mine.width, mine.height]).toEqual([theirs.width, theirs.height]);
  expect(Buffer.compare(mine.data, theirs.data)).toBe(0);
}

/** zpl_render of every label as a PDF (an embedded resource), and a refusal with the route's message. */
export async function checkRenderPdf(client: Client, app: FastifyInstance): Promise<void> {
  const zpl = SMALL_LABEL;
  const pdf = await call(client, 'zpl_render', { zpl, format: 'pdf' });
  expect(pdf.content[0]).toMatchObject({ type: 'resource', resource: { mimeType: 'application/pdf' } });
  expect(Buffer.from(pdf.content[0]!.resource!.blob!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

  const badSize = await app.inject({
    method: 'POST',
    url: `${LABELS_BASE}/8dpmm/labels/99x6/0`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: zpl,
  });
  expect(badSize.statusCode).toBe(400);
  expect(await toolError(client, 'zpl_render', { zpl, size: '99x6' })).toBe(badSize.json().message);
}

/** zpl_lint's warning as the linter words it; zpl_check equal to the HTTP check of the same label. */
export async function checkLintAndCheck(client: Client, app: FastifyInstance): Promise<void> {
  const zpl = SMALL_LABEL;

  const lint = await structured<{ warnings: { command: string; message: string }[] }>(client, 'zpl_lint', {
    zpl: '^XA^FO900,10^A0N,30,30^FDfar^FS^XZ',
  });
  expect(lint.warnings).toEqual([
    {
      byteIndex: 6,
      byteSize: 3,
      command: '^FO',
      parameterNumber: 1,
      message: 'field origin x 900 is outside the label width of 813 dots',
    },
  ]);

  const check = await structured(client, 'zpl_check', { zpl });
  const httpCheck = await app.inject({
    method: 'POST',
    url: `${LABELS_BASE}/8dpmm/labels/4x6/check`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: zpl,
  });
  expect(check).toEqual(httpCheck.json());
}

/** carrier_request_validate: the CN → US body passes; an unknown country breaks the twin's rule. */
export async function checkValidate(client: Client): Promise<void> {
  const body = cnToUsShipment();
  const valid = await structured<{ valid: boolean; problems: unknown[]; rules: unknown[] }>(
    client,
    'carrier_request_validate',
    { endpoint: 'ship-create', body },
  );
  expect(valid).toMatchObject({ imported: true, valid: true, problems: [], rules: [] });
  const broken = structuredClone(body) as { requestedShipment: { shipper: { address: { countryCode: string } } } };
  broken.requestedShipment.shipper.address.countryCode = 'XX';
  const invalid = await structured<{ valid: boolean; rules: { code: string }[] }>(client, 'carrier_request_validate', {
    endpoint: 'ship-create',
    body: broken,
  });
  expect(invalid.valid).toBe(false);
  expect(invalid.rules.map((r) => r.code)).toContain('ORIGIN.COUNTRY.INVALID');
}

/** twin_call creates CN → US; the HTTP twin tracks it; twin_call tracks it too; twin_shipments lists it. */
export async function checkTwinCall(client: Client, app: FastifyInstance): Promise<void> {
  const body = cnToUsShipment();

  const created = await structured<{
    status: number;
    body: { output: { transactionShipments: { masterTrackingNumber: string }[] } };
  }>(client, 'twin_call', { endpoint: 'ship-create', environment: 'sandbox', body });
  expect(created.status).toBe(200);
  const trackingNumber = created.body.output.transactionShipments[0]!.masterTrackingNumber;
  expect(trackingNumber).toMatch(/^\d{12,}$/);

  const token = await twinToken(app);
  const tracked = await httpTwinCall(app, token, '/track/v1/trackingnumbers', {
    includeDetailedScans: true,
    trackingInfo: [{ trackingNumberInfo: { trackingNumber } }],
  });
  expect(tracked.statusCode).toBe(200);
  const result = tracked.json().output.completeTrackResults[0];
  expect(result.trackingNumber).toBe(trackingNumber);
  expect(result.trackResults[0].error).toBeUndefined();

  const viaTool = await structured<{ status: number; body: { output: { completeTrackResults: unknown[] } } }>(
    client,
    'twin_call',
    {
      endpoint: 'track-tracking-numbers',
      body: { includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber } }] },
    },
  );
  expect(viaTool.status).toBe(200);

  const list = await structured<{ shipments: { trackingNumber: string; origin: { countryCode: string } }[] }>(
    client,
    'twin_shipments',
    { environment: 'sandbox' },
  );
  expect(list.shipments.find((s) => s.trackingNumber === trackingNumber)?.origin.countryCode).toBe('CN');

  expect(await toolError(client, 'twin_call', { endpoint: 'no-such' })).toBe('no carrier endpoint no-such');
}

/** twin_clock: read, advance, reset, and the clock route's refusal as the tool's error. */
export async function checkClock(client: Client, app: FastifyInstance): Promise<void> {
  const before = await structured<{ now: string }>(client, 'twin_clock', { action: 'read' });
  const after = await structured<{ now: string }>(client, 'twin_clock', { action: 'advance', advance: 'PT1H' });
  expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(3_600_000);
  const refused = await app.inject({ method: 'POST', url: '/lab/api/simulator/clock', payload: { advance: 'P1Y' } });
  expect(refused.statusCode).toBe(400);
  expect(await toolError(client, 'twin_clock', { action: 'advance', advance: 'P1Y' })).toBe(refused.json().message);
  const reset = await structured<{ now: string }>(client, 'twin_clock', { action: 'reset' });
  // Back to real time: before the advanced clock, within a minute of the wall clock.
  expect(Date.parse(reset.now)).toBeLessThan(Date.parse(after.now));
  expect(Math.abs(Date.parse(reset.now) - Date.now())).toBeLessThan(60_000);
}

/** Transactions and webhooks. */
export async function checkRuleTools(client: Client): Promise<void> {
  const sample = fs
    .readFileSync(path.join(referenceDir, 'fsms/samples.txt'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('0,"020"'))!;
  const parsed = await structured<{ format: string; fields: { id: string; name: string }[] }>(
    client,
    'transaction_parse',
    { transaction: sample },
  );
  expect(parsed.format).toBe('correct');
  expect(parsed.fields[0]).toMatchObject({ id: '0', value: '020' });
  expect(parsed.fields.slice(0, 2)).toEqual([
    { id: '0', suffix: null, name: 'transaction_code', value: '020', length: 3, maxLength: null, status: 'ok' },
    {
      id: '1',
      suffix: null,
      name: 'customer_transaction_identifier',
      value: 'GlobalIntl#1',
      length: 12,
      maxLength: null,
      status: 'ok',
    },
  ]);
  const broken = await structured<{ format: string; error: { position: number } }>(client, 'transaction_parse', {
    transaction: '0,"020" 99,""',
    strict: true,
  });
  expect(broken).toMatchObject({ format: 'incorrect', error: { position: 7 } });

  const search = await structured<{ definations: { id: number }[]; refused: boolean }>(client, 'transaction_search', {
    keyword: '1',
    isId: true,
  });
  expect(search.refused).toBe(false);
  expect(search.definations.map((d) => d.id)).toContain(1);

  for (const v of webhookSignatureVectors.filter((x) => typeof x.body === 'string')) {
    const signed = await structured<{ signature: string }>(client, 'webhook_sign', { body: v.body, token: v.token });
    expect(signed).toEqual({ header: 'x-fedex-signature', signature: v.hex });
    const ok = await structured(client, 'webhook_verify', { body: v.body, token: v.token, signature: v.hex });
    expect(ok).toMatchObject({ status: 'match' });
    const bad = await structured(client, 'webhook_verify', {
      body: `${v.body as string} `,
      token: v.token,
      signature: v.hex,
    });
    expect(bad).toMatchObject({ status: 'mismatch' });
  }
}

/** Every tool driven, in cases small enough for one test each: [name, check]. */
export const MCP_CASES: [string, (client: Client, app: FastifyInstance) => Promise<void>][] = [
  ['carrier_docs_search, carrier_docs_schema and the document resources', (client) => checkDocTools(client)],
  ["zpl_render: PNG pixels as the HTTP render's", checkRender],
  ["zpl_render: PDF as a resource, the route's message", checkRenderPdf],
  ['zpl_lint, and zpl_check as the HTTP check', checkLintAndCheck],
  ["carrier_request_validate: the schema and the twin's rules", (client) => checkValidate(client)],
  ['twin_call: a shipment created is trackable through the HTTP twin; twin_shipments lists it', checkTwinCall],
  ["twin_clock: read, advance, the route's refusal", checkClock],
  ['transaction_parse, transaction_search, webhook_sign, webhook_verify', (client) => checkRuleTools(client)],
];

/**
 * The README's worked example, CN → US: a rule the validator names, the shipment created through
 * the twin, its label rendered and checked against the ship reply.
 */
export async function checkWorkedExample(client: Client): Promise<void> {
  const body = cnToUsShipment() as { requestedShipment: { customsClearanceDetail: { commodities: object[] } } };
  const undeclared = structuredClone(body);
  undeclared.requestedShipment.customsClearanceDetail.commodities = [];
  const refused = await structured<{ valid: boolean; rules: { code: string }[] }>(client, 'carrier_request_validate', {
    endpoint: 'ship-create',
    body: undeclared,
  });
  expect(refused.valid).toBe(false);
  expect(refused.rules.map((r) => r.code)).toEqual(['CUSTOMS.COMMODITIES.REQUIRED']);

  type Piece = { trackingNumber: string; packageDocuments: { encodedLabel: string }[] };
  const created = await structured<{ body: { output: { transactionShipments: { pieceResponses: Piece[] }[] } } }>(
    client,
    'twin_call',
    { endpoint: 'ship-create', body },
  );
  const piece = created.body.output.transactionShipments[0]!.pieceResponses[0]!;
  const zpl = Buffer.from(piece.packageDocuments[0]!.encodedLabel, 'base64').toString('utf8');
  const image = await call(client, 'zpl_render', { zpl, dpmm: 8, size: '4x6' });
  expect(image.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  const checked = await structured<{
    verdict: string;
    labels: { shipment?: { item: string; ok: boolean }[] }[];
  }>(client, 'zpl_check', {
    zpl,
    reply: JSON.stringify(created.body),
    trackingNumber: piece.trackingNumber,
  });
  expect(checked.verdict).toBe('pass');
  expect(checked.labels[0]!.shipment![0]).toMatchObject({ item: 'trackingNumber', ok: true });
}
