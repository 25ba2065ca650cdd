/**
 * The 50 US states plus the District of Columbia and Puerto Rico: USPS code, name, capital and the
 * time zones that cover the state (the first is where most people live). Public facts.
 */
export interface UsState {
  code: string;
  name: string;
  capital: string;
  timeZones: readonly UsTimeZone[];
}

export type UsTimeZone = 'Atlantic' | 'Eastern' | 'Central' | 'Mountain' | 'Pacific' | 'Alaska' | 'Hawaii-Aleutian';

export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama', capital: 'Montgomery', timeZones: ['Central'] },
  { code: 'AK', name: 'Alaska', capital: 'Juneau', timeZones: ['Alaska', 'Hawaii-Aleutian'] },
  { code: 'AZ', name: 'Arizona', capital: 'Phoenix', timeZones: ['Mountain'] },
  { code: 'AR', name: 'Arkansas', capital: 'Little Rock', timeZones: ['Central'] },
  { code: 'CA', name: 'California', capital: 'Sacramento', timeZones: ['Pacific'] },
  { code: 'CO', name: 'Colorado', capital: 'Denver', timeZones: ['Mountain'] },
  { code: 'CT', name: 'Connecticut', capital: 'Hartford', timeZones: ['Eastern'] },
  { code: 'DE', name: 'Delaware', capital: 'Dover', timeZones: ['Eastern'] },
  { code: 'DC', name: 'District of Columbia', capital: 'Washington', timeZones: ['Eastern'] },
  { code: 'FL', name: 'Florida', capital: 'Tallahassee', timeZones: ['Eastern', 'Central'] },
  { code: 'GA', name: 'Georgia', capital: 'Atlanta', timeZones: ['Eastern'] },
  { code: 'HI', name: 'Hawaii', capital: 'Honolulu', timeZones: ['Hawaii-Aleutian'] },
  { code: 'ID', name: 'Idaho', capital: 'Boise', timeZones: ['Mountain', 'Pacific'] },
  { code: 'IL', name: 'Illinois', capital: 'Springfield', timeZones: ['Central'] },
  { code: 'IN', name: 'Indiana', capital: 'Indianapolis', timeZones: ['Eastern', 'Central'] },
  { code: 'IA', name: 'Iowa', capital: 'Des Moines', timeZones: ['Central'] },
  { code: 'KS', name: 'Kansas', capital: 'Topeka', timeZones: ['Central', 'Mountain'] },
  { code: 'KY', name: 'Kentucky', capital: 'Frankfort', timeZones: ['Eastern', 'Central'] },
  { code: 'LA', name: 'Louisiana', capital: 'Baton Rouge', timeZones: ['Central'] },
  { code: 'ME', name: 'Maine', capital: 'Augusta', timeZones: ['Eastern'] },
  { code: 'MD', name: 'Maryland', capital: 'Annapolis', timeZones: ['Eastern'] },
  { code: 'MA', name: 'Massachusetts', capital: 'Boston', timeZones: ['Eastern'] },
  { code: 'MI', name: 'Michigan', capital: 'Lansing', timeZones: ['Eastern', 'Central'] },
  { code: 'MN', name: 'Minnesota', capital: 'Saint Paul', timeZones: ['Central'] },
  { code: 'MS', name: 'Mississippi', capital: 'Jackson', timeZones: ['Central'] },
  { code: 'MO', name: 'Missouri', capital: 'Jefferson City', timeZones: ['Central'] },
  { code: 'MT', name: 'Montana', capital: 'Helena', timeZones: ['Mountain'] },
  { code: 'NE', name: 'Nebraska', capital: 'Lincoln', timeZones: ['Central', 'Mountain'] },
  { code: 'NV', name: 'Nevada', capital: 'Carson City', timeZones: ['Pacific', 'Mountain'] },
  { code: 'NH', name: 'New Hampshire', capital: 'Concord', timeZones: ['Eastern'] },
  { code: 'NJ', name: 'New Jersey', capital: 'Trenton', timeZones: ['Eastern'] },
  { code: 'NM', name: 'New Mexico', capital: 'Santa Fe', timeZones: ['Mountain'] },
  { code: 'NY', name: 'New York', capital: 'Albany', timeZones: ['Eastern'] },
  { code: 'NC', name: 'North Carolina', capital: 'Raleigh', timeZones: ['Eastern'] },
  { code: 'ND', name: 'North Dakota', capital: 'Bismarck', timeZones: ['Central', 'Mountain'] },
  { code: 'OH', name: 'Ohio', capital: 'Columbus', timeZones: ['Eastern'] },
  { code: 'OK', name: 'Oklahoma', capital: 'Oklahoma City', timeZones: ['Central'] },
  { code: 'OR', name: 'Oregon', capital: 'Salem', timeZones: ['Pacific', 'Mountain'] },
  { code: 'PA', name: 'Pennsylvania', capital: 'Harrisburg', timeZones: ['Eastern'] },
  { code: 'PR', name: 'Puerto Rico', capital: 'San Juan', timeZones: ['Atlantic'] },
  { code: 'RI', name: 'Rhode Island', capital: 'Providence', timeZones: ['Eastern'] },
  { code: 'SC', name: 'South Carolina', capital: 'Columbia', timeZones: ['Eastern'] },
  { code: 'SD', name: 'South Dakota', capital: 'Pierre', timeZones: ['Central', 'Mountain'] },
  { code: 'TN', name: 'Tennessee', capital: 'Nashville', timeZones: ['Central', 'Eastern'] },
  { code: 'TX', name: 'Texas', capital: 'Austin', timeZones: ['Central', 'Mountain'] },
  { code: 'UT', name: 'Utah', capital: 'Salt Lake City', timeZones: ['Mountain'] },
  { code: 'VT', name: 'Vermont', capital: 'Montpelier', timeZones: ['Eastern'] },
  { code: 'VA', name: 'Virginia', capital: 'Richmond', timeZones: ['Eastern'] },
  { code: 'WA', name: 'Washington', capital: 'Olympia', timeZones: ['Pacific'] },
  { code: 'WV', name: 'West Virginia', capital: 'Charleston', timeZones: ['Eastern'] },
  { code: 'WI', name: 'Wisconsin', capital: 'Madison', timeZones: ['Central'] },
  { code: 'WY', name: 'Wyoming', capital: 'Cheyenne', timeZones: ['Mountain'] },
];

/** States whose code, name or capital contains the filter text (case-insensitive). */
export function filterUsStates(filter: string, states: readonly UsState[] = US_STATES): UsState[] {
  const f = filter.trim().toLowerCase();
  if (!f) return [...states];
  return states.filter((s) => [s.code, s.name, s.capital].some((v) => v.toLowerCase().includes(f)));
}
