import * as yup from 'yup';
import type { EditableListing } from '../listing-wizard.operations';

export const WIZARD_STEPS = ['Category & Type', 'Basic Details', 'Additional Details', 'Media', 'Review'] as const;

export const basicSchema = yup.object({
  category: yup.string().required('Required'),
  type: yup.string().required('Required'),
  packageId: yup.string().required('Required'),
  title: yup.string().trim().required('Required'),
  description: yup.string().trim().required('Required'),
  poa: yup.boolean(),
  price: yup.string().when('poa', {
    is: true,
    then: (schema) => schema,
    otherwise: (schema) =>
      schema
        .required('Required')
        .test('price', 'Please enter a valid price', (value) => /^\d{1,10}(\.\d{1,2})?$/.test((value ?? '').replace(/[,$\s]/g, ''))),
  }),
  currency: yup.string().required('Required'),
  country: yup.string().required('Required'),
  state: yup.string(),
  city: yup.string(),
  sellerType: yup.string().required('Required'),
  showBTCExchangeRate: yup.boolean(),
});

export type Basic = yup.InferType<typeof basicSchema>;
export const STEP_FIELDS: Array<Array<keyof Basic>> = [
  ['category', 'type', 'packageId'],
  ['title', 'description', 'price', 'currency', 'country', 'sellerType'],
];

export const NEW_LISTING: Basic = {
  category: '',
  type: '',
  packageId: '',
  title: '',
  description: '',
  poa: false,
  price: '',
  currency: 'USD',
  country: 'United States',
  state: '',
  city: '',
  sellerType: 'PERSONAL',
  showBTCExchangeRate: false,
};

export function valuesOf(listing: EditableListing): Basic {
  return {
    category: listing.category,
    type: listing.type,
    packageId: listing.packageId,
    title: listing.title,
    description: listing.description,
    poa: listing.poa,
    price: listing.price === null ? '' : String(listing.price),
    currency: listing.currency,
    country: listing.address.country,
    state: listing.address.state ?? '',
    city: listing.address.city ?? '',
    sellerType: listing.sellerType,
    showBTCExchangeRate: listing.showBTCExchangeRate,
  };
}
