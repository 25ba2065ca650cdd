import type { Generated } from 'kysely';

/** Tables of the Useful Tools lookups (migration 0004_lookups). Booleans are 0/1 integers. */
export interface RegionsServedTable {
  alpha_2: string;
  is_served: number | null;
  is_postal_routed: number | null;
  postal_digits: number | null;
  postal_pattern: string | null;
  updated_at: string;
}

export interface HsCodeTable {
  id: Generated<number>;
  location: string;
  hs_code: string;
  commodity_name: string;
  legal_unit_1: string;
  legal_unit_2: string;
  regulatory_condition: string;
  export_tax_rate: string;
}

export interface EtdEciTable {
  alpha_2: string;
  etd_export: number;
  etd_import: number;
  eci_export: number;
  eci_import: number;
  signature_export: string;
  signature_import: string;
  letterhead_export: string;
  letterhead_import: string;
}

export interface PostalCodeTable {
  id: Generated<number>;
  country_code: string;
  postal_code: string;
  place_name: string;
  admin_name1: string;
  admin_code1: string;
  admin_name2: string;
  latitude: number | null;
  longitude: number | null;
}

declare module '../../db/schema.js' {
  interface Database {
    regions_served: RegionsServedTable;
    hs_codes: HsCodeTable;
    etd_eci: EtdEciTable;
    postal_codes: PostalCodeTable;
  }
}
