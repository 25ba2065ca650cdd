import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildShipPayload,
  defaultShipPayloadState,
  emptyParty,
  fillFromTransaction,
  NOT_A_SHIP_TRANSACTION,
  TRANSACTION_TAG_MAPPINGS,
} from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FSMS = path.resolve(here, '../../../../../../shared/reference/fsms');
const sample = fs
  .readFileSync(path.join(FSMS, 'samples.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('0,"020"'))!;
const tagNames = new Map(
  (
    JSON.parse(fs.readFileSync(path.join(FSMS, 'tags.json'), 'utf8')) as { fields: { id: number; name: string }[] }
  ).fields.map((f) => [f.id, f.name]),
);
const base = defaultShipPayloadState(new Date(2026, 10, 23));

describe('from a 020 transaction (fsms/samples.txt)', () => {
  const result = fillFromTransaction(base, sample);
  if (!result.ok) throw new Error(result.error.reason);
  const rows = new Map(result.rows.map((r) => [r.tag, r]));

  it('fills the sender and recipient blocks, countries and phones', () => {
    expect(result.state.shipper).toMatchObject({
      companyName: 'Shipper Name',
      streetLines: ['Shipper Address #1', 'Shipper Address #2', ''],
      city: 'Paris',
      stateOrProvinceCode: 'PA',
      postalCode: '19406',
      countryCode: 'US',
      phoneNumber: '6107680246',
    });
    expect(result.state.recipient).toMatchObject({
      companyName: 'Recipient Company Name',
      personName: 'Recipient Contact Name',
      streetLines: ['660 American Ave', '3rd Floor', ''],
      city: 'North York',
      postalCode: '20122',
      countryCode: 'IT',
      phoneNumber: '6107680246',
    });
  });

  it('starts a party the transaction maps from empty: none of the sample’s values stay (issue 31)', () => {
    // The sample's shipper is Li Lei in Shenzhen, its recipient in Memphis, TN: the transaction has
    // neither a shipper person nor a recipient state.
    expect(result.state.shipper.personName).toBe('');
    expect(result.state.recipient.stateOrProvinceCode).toBe('');
    expect(result.state.recipient.streetLines[2]).toBe('');
    const only = fillFromTransaction(base, '0,"020"50,"IT"99,""');
    if (!only.ok) throw new Error(only.error.reason);
    expect(only.state.recipient).toEqual(emptyParty('IT'));
    expect(only.state.shipper).toEqual(base.shipper); // not in the transaction: kept
  });

  it('fills weight, the commodity (description, country, harmonized code, quantity, units, customs value) and the reference', () => {
    expect(result.state.packages).toEqual([{ weight: '15', length: null, width: null, height: null }]);
    expect(result.state.commodities).toEqual([
      {
        description: 'commodity description',
        harmonizedCode: 'harmonized code',
        countryOfManufacture: 'US',
        quantity: 1,
        quantityUnits: 'EA',
        unitPrice: '',
        customsValue: '19.95',
        weight: '',
      },
    ]);
    expect(result.state.references).toEqual([{ type: 'CUSTOMER_REFERENCE', value: 'Reference Notes' }]);
  });

  it('lists every tag, mapped to its JSON path or not mapped', () => {
    expect(result.rows.map((r) => r.tag)).toEqual([...sample.matchAll(/(\d+(?:-\d+)?),"/g)].map((m) => m[1]));
    expect(rows.get('4')).toEqual({
      tag: '4',
      value: 'Shipper Name',
      name: 'sender_company',
      path: 'requestedShipment.shipper.contact.companyName',
    });
    expect(rows.get('50')?.path).toBe('requestedShipment.recipients[0].address.countryCode');
    expect(rows.get('79')?.path).toBe('requestedShipment.customsClearanceDetail.commodities[0].description');
    expect(rows.get('1030')?.path).toBe('requestedShipment.customsClearanceDetail.commodities[0].customsValue.amount');
    expect(rows.get('25')?.path).toBe('requestedShipment.requestedPackageLineItems[0].customerReferences[].value');
    for (const tag of [
      '0',
      '1',
      '23',
      '72',
      '74',
      '77',
      '78',
      '113',
      '187',
      '498',
      '1090',
      '1273',
      '1274',
      '1282',
      '1349',
      '1958',
      '99',
    ]) {
      expect(rows.get(tag)?.path, tag).toBeNull();
    }
    expect(rows.get('1958')?.name).toBeNull();
  });

  it('the filled state builds a payload (the commodity customs value in the payload)', () => {
    const rs = (buildShipPayload(result.state).payload as { requestedShipment: Record<string, any> }).requestedShipment;
    expect(rs.customsClearanceDetail.commodities[0].customsValue).toEqual({ amount: 19.95, currency: 'USD' });
    expect(rs.totalWeight).toBe(15);
  });
});

describe('the mapping table', () => {
  it('names each tag as the reference tag list does, except the tags it notes', () => {
    for (const m of TRANSACTION_TAG_MAPPINGS) {
      if (m.note) expect(tagNames.has(m.tag), `${m.tag}`).toBe(false);
      else expect(tagNames.get(m.tag), `${m.tag}`).toBe(m.name);
    }
  });

  it('occurrences go to commodities by suffix; package count and dimensions rebuild the packages', () => {
    const r = fillFromTransaction(
      base,
      '0,"020"79-1,"Shoes"79-2,"Hats"80-2,"cn"116,"3"21,"2.5"59,"30"58,"20"57,"10"75,"LBS"68,"eur"99,""',
    );
    if (!r.ok) throw new Error(r.error.reason);
    expect(r.state.commodities.map((c) => [c.description, c.countryOfManufacture])).toEqual([
      ['Shoes', ''],
      ['Hats', 'CN'],
    ]);
    expect(r.state.packages).toEqual(
      Array.from({ length: 3 }, () => ({ weight: '2.5', length: 30, width: 20, height: 10 })),
    );
    expect(r.state.weightUnits).toBe('LB');
    expect(r.state.currency).toBe('EUR');
    expect(r.rows.find((x) => x.tag === '80-2')?.path).toBe(
      'requestedShipment.customsClearanceDetail.commodities[1].countryOfManufacture',
    );
  });

  it('keeps the state when nothing maps; a value it cannot read is not mapped', () => {
    const r = fillFromTransaction(base, '0,"020"116,"many"99,""');
    if (!r.ok) throw new Error(r.error.reason);
    expect(r.rows.find((x) => x.tag === '116')).toEqual({
      tag: '116',
      value: 'many',
      name: 'package_total',
      path: null,
    });
    expect(r.state.commodities).toEqual(base.commodities);
    expect(r.state.packages).toEqual(base.packages);
  });

  it('refuses text that is not a 020 transaction', () => {
    expect(fillFromTransaction(base, '0,"021"99,""')).toEqual({
      ok: false,
      error: { position: 0, reason: NOT_A_SHIP_TRANSACTION },
    });
    const bad = fillFromTransaction(base, '0,"020"4,"open');
    expect(bad.ok).toBe(false);
  });
});
