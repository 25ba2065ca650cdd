/**
 * "From a transaction": which fields of a 020 tagged transaction fill the generator, and where they
 * land in the ship request. Tag names are the reference list's (`fsms/tags.json`) except where
 * `note` says otherwise.
 */
import type { PartyInput } from './state.js';

export interface TagMapping {
  tag: number;
  name: string;
  /** The JSON path in the create-shipment request (`[n]` is the occurrence: `79-2` → commodities[1]). */
  path: string;
  note?: string;
}

type Side = 'shipper' | 'recipient';
type PartyPlace = { field: Exclude<keyof PartyInput, 'streetLines'> } | { line: 0 | 1 };
type CommodityField =
  | 'description'
  | 'countryOfManufacture'
  | 'harmonizedCode'
  | 'quantity'
  | 'quantityUnits'
  | 'customsValue'
  | 'unitPrice'
  | 'weight';

/** Where a tag's value goes in the generator's state. */
export type TagTarget =
  | { kind: 'party'; party: Side; field: Exclude<keyof PartyInput, 'streetLines'> }
  | { kind: 'street'; party: Side; line: 0 | 1 | 2 }
  | { kind: 'commodity'; field: CommodityField }
  | { kind: 'package'; field: 'weight' | 'length' | 'width' | 'height' | 'count' }
  | { kind: 'weightUnits' }
  | { kind: 'currency' }
  | { kind: 'reference' }
  | { kind: 'account' };

export interface TagRule extends TagMapping {
  target: TagTarget;
}

const RS = 'requestedShipment';
const PACKAGES = `${RS}.requestedPackageLineItems`;
const COMMODITY = `${RS}.customsClearanceDetail.commodities[n]`;
const PARTY_PATHS: Record<Side, string> = { shipper: `${RS}.shipper`, recipient: `${RS}.recipients[0]` };

/**
 * The party tags: the same nine fields for the sender (the shipper) and the recipient. Each row: the
 * field (or street line), its path below the party, the sender's tag and name, the recipient's.
 */
const PARTY_TAGS: ReadonlyArray<readonly [PartyPlace, string, readonly [number, string], readonly [number, string]]> = [
  [{ field: 'companyName' }, 'contact.companyName', [4, 'sender_company'], [11, 'recipient_company']],
  [{ field: 'personName' }, 'contact.personName', [32, 'sender_contact_name'], [12, 'recipient_contact_name']],
  [{ line: 0 }, 'address.streetLines[0]', [5, 'sender_address_line_1'], [13, 'recipient_address_line_1']],
  [{ line: 1 }, 'address.streetLines[1]', [6, 'sender_address_line_2'], [14, 'recipient_address_line_2']],
  [{ field: 'city' }, 'address.city', [7, 'sender_city'], [15, 'recipient_city']],
  [{ field: 'stateOrProvinceCode' }, 'address.stateOrProvinceCode', [8, 'sender_state'], [16, 'recipient_state']],
  [{ field: 'postalCode' }, 'address.postalCode', [9, 'sender_postal_code'], [17, 'recipient_postal_code']],
  [{ field: 'countryCode' }, 'address.countryCode', [117, 'sender_country_code'], [50, 'recipient_country']],
  [{ field: 'phoneNumber' }, 'contact.phoneNumber', [183, 'sender_phone_number'], [18, 'recipient_phone_number']],
];

function partyRules(party: Side): TagRule[] {
  return PARTY_TAGS.map(([place, below, sender, recipient]) => {
    const [tag, name] = party === 'shipper' ? sender : recipient;
    const target: TagTarget =
      'line' in place ? { kind: 'street', party, line: place.line } : { kind: 'party', party, field: place.field };
    return { tag, name, path: `${PARTY_PATHS[party]}.${below}`, target };
  });
}

const rule = (tag: number, name: string, path: string, target: TagTarget, note?: string): TagRule =>
  note === undefined ? { tag, name, path, target } : { tag, name, path, note, target };
const pkg = (field: Extract<TagTarget, { kind: 'package' }>['field']): TagTarget => ({ kind: 'package', field });
const commodity = (field: CommodityField): TagTarget => ({ kind: 'commodity', field });

const RULES: readonly TagRule[] = [
  rule(10, 'sender_fedex_express_account_number', 'accountNumber.value', { kind: 'account' }),
  ...partyRules('shipper'),
  ...partyRules('recipient'),
  rule(
    21,
    'package_weight',
    `${PACKAGES}[].weight.value`,
    pkg('weight'),
    'not in the reference tag list; package weight as public integration code uses it, taken as written',
  ),
  rule(75, 'weight_units', `${PACKAGES}[].weight.units`, { kind: 'weightUnits' }),
  rule(116, 'package_total', `${PACKAGES} (count)`, pkg('count')),
  rule(59, 'dim_length', `${PACKAGES}[].dimensions.length`, pkg('length')),
  rule(58, 'dim_width', `${PACKAGES}[].dimensions.width`, pkg('width')),
  rule(57, 'dim_height', `${PACKAGES}[].dimensions.height`, pkg('height')),
  rule(79, 'description_of_contents', `${COMMODITY}.description`, commodity('description')),
  rule(80, 'country_of_manufacturer', `${COMMODITY}.countryOfManufacture`, commodity('countryOfManufacture')),
  rule(81, 'harmonized_code', `${COMMODITY}.harmonizedCode`, commodity('harmonizedCode')),
  rule(82, 'unit_quantity', `${COMMODITY}.quantity`, commodity('quantity')),
  rule(414, 'commodity_unit_of_measure', `${COMMODITY}.quantityUnits`, commodity('quantityUnits')),
  rule(1410, 'commodity_customs_value', `${COMMODITY}.customsValue.amount`, commodity('customsValue')),
  rule(
    1030,
    'commodity_customs_value',
    `${COMMODITY}.customsValue.amount`,
    commodity('customsValue'),
    'not in the reference tag list; the commodity customs value (6 decimals) as public integration code uses it',
  ),
  rule(1408, 'commodity_unit_value', `${COMMODITY}.unitPrice.amount`, commodity('unitPrice')),
  rule(1407, 'commodity_weight', `${COMMODITY}.weight.value`, commodity('weight')),
  rule(68, 'customs_declared_value_currency_type', `${RS}.customsClearanceDetail.commodities[].customsValue.currency`, {
    kind: 'currency',
  }),
  rule(25, 'reference_information', `${PACKAGES}[0].customerReferences[].value`, { kind: 'reference' }),
];

/** The mapping table the screen shows and the tests check: tag → JSON path. */
export const TRANSACTION_TAG_MAPPINGS: readonly TagMapping[] = RULES.map(({ target: _t, ...m }) => m);

const BY_TAG = new Map(RULES.map((r) => [r.tag, r]));

/** The rule of a tag number, if the mapping knows it. */
export const tagRule = (tag: number): TagRule | undefined => BY_TAG.get(tag);
