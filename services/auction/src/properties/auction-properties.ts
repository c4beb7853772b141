/**
 * The dataFields a seller fills in for a lot, per brand (spec 001 section 3: make and year are
 * search facets). Brands configure their own list in the catalogue later; these are the defaults.
 */
export interface AuctionPropertyDefinition {
  name: string;
  label: string;
  type: 'text' | 'number' | 'select';
  required: boolean;
  order: number;
  icon: string | null;
  options: string[] | null;
}

const VEHICLE: AuctionPropertyDefinition[] = [
  { name: 'make', label: 'Make', type: 'text', required: true, order: 1, icon: 'car', options: null },
  { name: 'model', label: 'Model', type: 'text', required: true, order: 2, icon: 'car', options: null },
  { name: 'year', label: 'Year', type: 'number', required: true, order: 3, icon: 'calendar', options: null },
  { name: 'mileage', label: 'Mileage', type: 'number', required: false, order: 4, icon: 'dashboard', options: null },
  { name: 'vin', label: 'VIN / Chassis', type: 'text', required: false, order: 5, icon: 'barcode', options: null },
  { name: 'engine', label: 'Engine', type: 'text', required: false, order: 6, icon: 'engine', options: null },
  {
    name: 'transmission',
    label: 'Transmission',
    type: 'select',
    required: false,
    order: 7,
    icon: 'gear',
    options: ['Manual', 'Automatic', 'Sequential', 'Other'],
  },
  {
    name: 'drivetrain',
    label: 'Drivetrain',
    type: 'select',
    required: false,
    order: 8,
    icon: 'gear',
    options: ['RWD', 'FWD', 'AWD', '4WD'],
  },
  { name: 'exteriorColor', label: 'Exterior Color', type: 'text', required: false, order: 9, icon: 'palette', options: null },
  { name: 'interiorColor', label: 'Interior Color', type: 'text', required: false, order: 10, icon: 'palette', options: null },
];

const JEWELRY: AuctionPropertyDefinition[] = [
  { name: 'make', label: 'Maker', type: 'text', required: true, order: 1, icon: 'crown', options: null },
  { name: 'year', label: 'Year', type: 'number', required: false, order: 2, icon: 'calendar', options: null },
  {
    name: 'metal',
    label: 'Metal',
    type: 'select',
    required: true,
    order: 3,
    icon: 'gold',
    options: ['Gold', 'White Gold', 'Rose Gold', 'Platinum', 'Silver', 'Other'],
  },
  { name: 'gemstone', label: 'Gemstone', type: 'text', required: false, order: 4, icon: 'gem', options: null },
  { name: 'caratWeight', label: 'Carat Weight', type: 'number', required: false, order: 5, icon: 'scale', options: null },
  { name: 'certification', label: 'Certification', type: 'text', required: false, order: 6, icon: 'certificate', options: null },
];

export function auctionPropertiesFor(brand: string): AuctionPropertyDefinition[] {
  return brand === 'jewelry' ? JEWELRY : VEHICLE;
}
