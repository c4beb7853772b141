/**
 * A built-in country list, no longer used by the directory form (it reads the catalogue's
 * countryState like the auction wizard). Still imported by the Paddock listing wizard; delete this
 * file once that form reads countryState too.
 */
export interface Country {
  iso2: string;
  name: string;
  states: string[];
}

const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
];
const CA_PROVINCES = [
  'Alberta',
  'British Columbia',
  'Manitoba',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Northwest Territories',
  'Nova Scotia',
  'Nunavut',
  'Ontario',
  'Prince Edward Island',
  'Quebec',
  'Saskatchewan',
  'Yukon',
];
const AU_STATES = [
  'Australian Capital Territory',
  'New South Wales',
  'Northern Territory',
  'Queensland',
  'South Australia',
  'Tasmania',
  'Victoria',
  'Western Australia',
];

export const COUNTRIES: Country[] = [
  { iso2: 'US', name: 'United States', states: US_STATES },
  { iso2: 'CA', name: 'Canada', states: CA_PROVINCES },
  { iso2: 'AU', name: 'Australia', states: AU_STATES },
  { iso2: 'GB', name: 'United Kingdom', states: [] },
  { iso2: 'IE', name: 'Ireland', states: [] },
  { iso2: 'NZ', name: 'New Zealand', states: [] },
  { iso2: 'DE', name: 'Germany', states: [] },
  { iso2: 'FR', name: 'France', states: [] },
  { iso2: 'IT', name: 'Italy', states: [] },
  { iso2: 'ES', name: 'Spain', states: [] },
  { iso2: 'NL', name: 'Netherlands', states: [] },
  { iso2: 'BE', name: 'Belgium', states: [] },
  { iso2: 'CH', name: 'Switzerland', states: [] },
  { iso2: 'AT', name: 'Austria', states: [] },
  { iso2: 'SE', name: 'Sweden', states: [] },
  { iso2: 'JP', name: 'Japan', states: [] },
  { iso2: 'AE', name: 'United Arab Emirates', states: [] },
  { iso2: 'ZA', name: 'South Africa', states: [] },
  { iso2: 'MX', name: 'Mexico', states: [] },
  { iso2: 'BR', name: 'Brazil', states: [] },
];

export function statesOf(countryName: string): string[] {
  return COUNTRIES.find((country) => country.name === countryName)?.states ?? [];
}
