import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRIER_ENDPOINTS, defaultSample, SAMPLE_ENDPOINT_IDS, sampleDates, samplePickupDay } from './index.js';
import { checkAccountNumber } from '../shipping/index.js';
import { isObject, resolveRef, type JsonObject } from '../json/index.js';
import { documentAjv, inDocument } from '../test/carrierDocuments.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DOCS = path.resolve(here, '../../../../../shared/reference/carrier-openapi');

type Json = JsonObject;
const pointer = resolveRef;

/** Dangling `$ref`s (the carrier's documents have a few) become empty schemas. */
function patchDangling(doc: Json): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string' && pointer(doc, node.$ref) === undefined) return {};
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc) as Json;
}

/** The full-schema branch of an operation's request body `oneOf` (the branch that is not just an example). */
function fullSchemaValidator(document: string, method: string, opPath: string) {
  const doc = patchDangling(JSON.parse(fs.readFileSync(path.join(DOCS, `${document}.json`), 'utf8')) as Json);
  const op = (doc.paths as Json)[opPath] as Json;
  const operation = op[method.toLowerCase()] as Json;
  const content = (operation.requestBody as Json).content as Json;
  const schema = (Object.values(content)[0] as Json).schema as Json;
  const top = (typeof schema.$ref === 'string' ? pointer(doc, schema.$ref) : schema) as Json;
  const branches = Array.isArray(top.oneOf) ? (top.oneOf as Json[]) : [schema];
  const exampleOnly = (s: Json) => {
    const t = (typeof s.$ref === 'string' ? pointer(doc, s.$ref) : s) as Json;
    return t.example !== undefined && Object.keys(t).every((k) => ['example', 'description', 'title'].includes(k));
  };
  const full = branches.find((b) => !exampleOnly(b))!;
  return documentAjv(doc).compile(inDocument(full));
}

describe('default samples of the endpoint catalogue', () => {
  const enabled = CARRIER_ENDPOINTS.filter((e) => !e.disabled);

  it('has one for every enabled entry and none for disabled ones', () => {
    expect([...SAMPLE_ENDPOINT_IDS].sort()).toEqual(enabled.map((e) => e.id).sort());
  });

  for (const endpoint of enabled.filter((e) => e.operation)) {
    it(`${endpoint.id} validates against ${endpoint.operation!.document} ${endpoint.method} ${endpoint.operation!.path} (full schema)`, () => {
      const validate = fullSchemaValidator(endpoint.operation!.document, endpoint.method, endpoint.operation!.path);
      const ok = validate(defaultSample(endpoint.id));
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
    });
  }

  it('would catch a sample the schema rejects (the check is not vacuous)', () => {
    const validate = fullSchemaValidator('ship--Shipment-Resource', 'POST', '/ship/v1/shipments');
    const sample = defaultSample('ship-create') as { requestedShipment: Json };
    delete sample.requestedShipment.shipper;
    sample.requestedShipment.totalWeight = 'heavy';
    expect(validate(sample)).toBe(false);
    expect(validate.errors!.map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual([
      '/requestedShipment required',
      '/requestedShipment/totalWeight type',
    ]);
  });

  it('uses an account number that passes the account check rule', () => {
    const sample = defaultSample('account-validate') as { accountNumber: { value: string } };
    expect(checkAccountNumber(sample.accountNumber.value)).toMatchObject({ ok: true, valid: true });
  });

  it('hands out copies', () => {
    const a = defaultSample('ship-create') as Json;
    a.changed = true;
    expect((defaultSample('ship-create') as Json).changed).toBeUndefined();
  });
});

/** Every string of a JSON value that holds a date (YYYY-MM-DD, alone or starting a timestamp), with its path. */
function datesIn(value: unknown, at = ''): { at: string; date: string }[] {
  if (typeof value === 'string') {
    const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
    return m ? [{ at, date: m[1]! }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => datesIn(v, `${at}/${i}`));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => datesIn(v, `${at}/${k}`));
  return [];
}

const DAY_MS = 86_400_000;
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
/** Any day from 2000 to 2099. */
const anyDay = fc
  .integer({ min: Date.UTC(2000, 0, 1) / DAY_MS, max: Date.UTC(2099, 11, 31) / DAY_MS })
  .map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10));

describe('default samples dated for a day (issue 39 item 6)', () => {
  // The fields the carrier judges: ship dates must be that day, pickup dates its first business day.
  const SHIP_FIELDS = ['/shipDate', '/requestedShipment/shipDatestamp', '/requestedShipment/shipTimestamp'];
  const PICKUP_FIELDS = [
    '/originDetail/readyDateTimestamp',
    '/scheduledDate',
    '/requestedShipment/pickupDetail/readyPickupDateTime',
    '/requestedShipment/pickupDetail/latestPickupDateTime',
    '/completedTagDetail/dispatchDate',
  ];

  it('carries the day everywhere: no date before it, none past the 10-day window, pickups on a business day', () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        const pickup = samplePickupDay(day);
        expect(pickup >= day && pickup <= plusDays(day, 2)).toBe(true);
        expect([0, 6]).not.toContain(weekday(pickup));
        let seen = 0;
        for (const id of SAMPLE_ENDPOINT_IDS) {
          for (const { at, date } of datesIn(defaultSample(id, day))) {
            seen += 1;
            expect(date >= day, `${id} ${at} ${date} before ${day}`).toBe(true);
            expect(date <= plusDays(day, 10), `${id} ${at} ${date} past the window of ${day}`).toBe(true);
            if (SHIP_FIELDS.includes(at)) expect(date, `${id} ${at}`).toBe(day);
            if (PICKUP_FIELDS.includes(at)) expect(date, `${id} ${at}`).toBe(pickup);
            if (date !== day) expect([0, 6], `${id} ${at} ${date}`).not.toContain(weekday(date));
          }
        }
        // ship-create, postal-validate, track by reference ×2, pickup create and cancel, tag create ×3 and cancel.
        expect(seen).toBe(10);
      }),
    );
  });

  it('dates the create-shipment and pickup samples of a Saturday: ships that day, the driver comes on Monday', () => {
    const ship = defaultSample('ship-create', '2026-11-28') as { requestedShipment: Json };
    expect(ship.requestedShipment.shipDatestamp).toBe('2026-11-28');
    const pickup = defaultSample('pickup-create', '2026-11-28') as { originDetail: Json };
    expect(pickup.originDetail.readyDateTimestamp).toBe('2026-11-30T11:00:00Z');
    expect(sampleDates('2026-11-28')).toEqual({ ship: '2026-11-28', pickup: '2026-11-30', rangeEnd: '2026-12-02' });
  });

  it('keeps no pinned date: a sample built today carries no 2024-05-20', () => {
    for (const id of SAMPLE_ENDPOINT_IDS) expect(JSON.stringify(defaultSample(id))).not.toContain('2024-05-20');
  });

  it('refuses a day that is not one', () => {
    expect(() => defaultSample('ship-create', '2026-13-01')).toThrow(RangeError);
    expect(() => defaultSample('ship-create', 'today')).toThrow(RangeError);
    expect(() => defaultSample('ship-create', '2026-02-30')).toThrow(RangeError);
  });
});
