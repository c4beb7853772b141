export interface DemoLot {
  title: string;
  sellerType: string;
  description: string;
  reserve: number | null;
  country: string;
  state?: string;
  city?: string;
  fields: Record<string, string>;
  /** Bid amounts in order (live and ended lots). */
  bids?: number[];
}

export interface DemoBrand {
  brand: string;
  lots: DemoLot[];
}

const car = (title: string, make: string, year: string, reserve: number | null, bids: number[] = [], country = 'US'): DemoLot => ({
  title,
  sellerType: 'Private',
  description: `${title}: documented history, recent service, ready for the track or the road.`,
  reserve,
  country,
  fields: { make, year, model: title.split(' ').slice(2).join(' ') || title },
  bids,
});

const jewel = (title: string, make: string, year: string, reserve: number | null, bids: number[] = []): DemoLot => ({
  title,
  sellerType: 'Dealer',
  description: `${title}: certified, with original box and papers.`,
  reserve,
  country: 'US',
  fields: { make, year, metal: 'Platinum' },
  bids,
});

/** Lots 0-1 pending, 2-3 approved, 4-5 scheduled, 6-10 live, 11 sold, 12 reserve not met. */
export const DEMO_BRANDS: DemoBrand[] = [
  {
    brand: 'trackside',
    lots: [
      car('1991 Honda NSX', 'Honda', '1991', 60000),
      car('1972 Datsun 240Z', 'Datsun', '1972', 35000),
      car('1988 BMW M3', 'BMW', '1988', 70000),
      car('1995 Porsche 993 Carrera', 'Porsche', '1995', null),
      car('2004 Ferrari 360 Challenge Stradale', 'Ferrari', '2004', 250000),
      car('1967 Ford Mustang Fastback', 'Ford', '1967', 80000),
      car('1999 Nissan Skyline GT-R V-Spec', 'Nissan', '1999', 120000, [90000, 95000, 101000, 108000], 'JP'),
      car('1985 Lancia Delta S4 Stradale', 'Lancia', '1985', null, [400000, 425000], 'IT'),
      car('2008 Radical SR3 Race Car', 'Radical', '2008', 45000, [20000, 23000]),
      car('1973 Porsche 911 Carrera RS', 'Porsche', '1973', 500000, [350000, 380000, 410000, 455000, 520000], 'DE'),
      car('2015 Mazda MX-5 Cup Car', 'Mazda', '2015', 0, [15000]),
      car('1970 Plymouth Superbird', 'Plymouth', '1970', 150000, [140000, 155000, 162500]),
      car('1994 Toyota Supra Turbo', 'Toyota', '1994', 90000, [60000, 70000]),
    ],
  },
  {
    brand: 'jewelry',
    lots: [
      jewel('Art Deco Sapphire Ring', 'Cartier', '1925', 20000),
      jewel('Diamond Tennis Bracelet', 'Tiffany', '1990', 15000),
      jewel('Emerald Drop Earrings', 'Van Cleef', '1965', 30000),
      jewel('Pearl Strand Necklace', 'Mikimoto', '1980', null),
      jewel('Ruby Cocktail Ring', 'Bulgari', '1970', 40000),
      jewel('Patek Philippe Calatrava', 'Patek Philippe', '1960', 25000),
      jewel('Canary Diamond Pendant', 'Graff', '2010', 50000, [30000, 36000, 41000]),
      jewel('Rolex Daytona 6263', 'Rolex', '1975', null, [150000, 162000]),
      jewel('Opal Brooch', 'Unknown', '1900', 2000, [800, 950]),
      jewel('Sapphire Tiara', 'Chaumet', '1910', 120000, [90000, 99000, 125000]),
      jewel('Gold Cuff Bracelet', 'Hermes', '2000', 0, [3000]),
      jewel('Jadeite Bangle', 'Unknown', '1950', 60000, [55000, 61000, 64000]),
      jewel('Diamond Solitaire 3ct', 'De Beers', '2015', 70000, [50000, 55000]),
    ],
  },
];
