import { placeHash } from '@lab/core/carrier/label';

/**
 * Street addresses of the twin's simulated carrier locations: plausible, varied, deterministic per
 * place (the routing table itself is `@lab/core/carrier/label`'s routing.ts, shared with the labels).
 */

/** Street names and how a country writes a number with them. */
const STREETS: Record<string, { names: string[]; numberFirst: boolean }> = {
  en: {
    names: [
      'Main St',
      'Commerce Blvd',
      'Market St',
      'Airport Rd',
      'Oak Ave',
      'Park Ave',
      'Industrial Pkwy',
      'Center St',
      'Elm St',
      'Washington St',
      'Harbor Dr',
      'Union Ave',
    ],
    numberFirst: true,
  },
  fr: {
    names: ['Rue de la République', 'Avenue Jean Jaurès', 'Rue Victor Hugo', 'Boulevard Pasteur', 'Rue du Commerce'],
    numberFirst: true,
  },
  de: {
    names: ['Hauptstraße', 'Bahnhofstraße', 'Industriestraße', 'Gartenstraße', 'Schillerstraße'],
    numberFirst: false,
  },
  it: { names: ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Mazzini', 'Via Dante'], numberFirst: false },
  es: {
    names: ['Calle Mayor', 'Avenida de la Constitución', 'Calle Real', 'Paseo de la Estación', 'Calle del Sol'],
    numberFirst: false,
  },
  nl: { names: ['Stationsweg', 'Kerkstraat', 'Industrieweg', 'Dorpsstraat', 'Havenstraat'], numberFirst: false },
};

const LANGUAGE_OF: Record<string, string> = {
  FR: 'fr',
  BE: 'fr',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  IT: 'it',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  CL: 'es',
  PE: 'es',
  NL: 'nl',
};

/** A plausible street line for the `index`-th simulated location in a city: the same inputs, the same line. */
export function streetLine(countryCode: string, city: string, index: number): string {
  const streets = STREETS[LANGUAGE_OF[countryCode.toUpperCase()] ?? 'en']!;
  const h = placeHash(`${countryCode.toUpperCase()}|${city}|${index}`);
  const name = streets.names[h % streets.names.length]!;
  const number = 1 + (Math.floor(h / streets.names.length) % (streets.numberFirst ? 4999 : 199));
  return streets.numberFirst ? `${number} ${name}` : `${name} ${number}`;
}
