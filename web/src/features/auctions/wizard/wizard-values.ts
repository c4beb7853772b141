import { savedImages } from '../media';
import type { ImageGroupValue, WizardImage } from './ImageUploader';
import type { AuctionProperty, EditableAuction } from './wizard.operations';
import { IMAGE_GROUPS, WIZARD_MESSAGES, type ImageGroup } from './wizard-rules';

/** The wizard's form values, their starting point (a new lot or the one edited) and the per-step checks formik does not. */
export const STEPS = ['Basic Details', 'Additional Details', 'Media', 'Submission'] as const;
export const SELLER_TYPES = ['Private', 'Dealer'];
export const CURRENCIES = ['USD'];
/** Used while the catalogue's countryState list is unavailable. */
export const FALLBACK_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'DE', label: 'Germany' },
  { value: 'IT', label: 'Italy' },
  { value: 'FR', label: 'France' },
  { value: 'JP', label: 'Japan' },
  { value: 'AU', label: 'Australia' },
];
export const GROUP_LABELS: Record<ImageGroup, string> = {
  exterior: 'Exterior',
  interior: 'Interior',
  mechanical: 'Mechanical',
  documents: 'Documents',
};

export interface WizardValues {
  title: string;
  sellerType: string;
  reserve: number | null;
  currency: string;
  country: string;
  state: string;
  city: string;
  userDescription: string;
  dataFields: Record<string, string>;
  serviceSnappr: boolean;
  images: Record<ImageGroup, ImageGroupValue>;
  packageId: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  hasAgreedToTerms: boolean;
}

const emptyGroup = (): ImageGroupValue => ({ images: [], cover: 0 });

export function initialValues(
  lot: EditableAuction | null,
  user: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null } | null,
  fallback: string,
  requestedPackage: string | null = null,
): WizardValues {
  // Saved images show their stored thumbnail (resolved with the lot), or the default image when the file is missing.
  const saved = (ids: string[], files: EditableAuction['exteriorFiles'], cover: string | null): ImageGroupValue => ({
    images: savedImages(ids, files, fallback).map((image): WizardImage => ({ key: image.id, ...image })),
    cover: Math.max(0, cover ? ids.indexOf(cover) : 0),
  });
  return {
    title: lot?.title ?? '',
    sellerType: lot?.sellerType ?? '',
    reserve: lot?.reserve ?? null,
    currency: lot?.currency ?? 'USD',
    country: lot?.address.country ?? '',
    state: lot?.address.state ?? '',
    city: lot?.address.city ?? '',
    userDescription: lot?.userDescription ?? '',
    dataFields: Object.fromEntries(
      Object.entries(lot?.dataFields ?? {}).map(([name, field]) => [name, field?.value == null ? '' : String(field.value)]),
    ),
    serviceSnappr: lot?.serviceSnappr ?? false,
    images: {
      exterior: lot ? saved(lot.exterior, lot.exteriorFiles, lot.coverImage) : emptyGroup(),
      interior: lot ? saved(lot.interior, lot.interiorFiles, null) : emptyGroup(),
      mechanical: lot ? saved(lot.mechanical, lot.mechanicalFiles, null) : emptyGroup(),
      documents: lot ? saved(lot.documents, lot.documentsFiles, null) : emptyGroup(),
    },
    packageId: lot?.packageId ?? requestedPackage ?? '',
    contactName: lot?.contactInfo.name ?? ([user?.firstName, user?.lastName].filter(Boolean).join(' ') || ''),
    contactEmail: lot?.contactInfo.email ?? user?.email ?? '',
    contactPhone: lot?.contactInfo.phone ?? user?.phone ?? '',
    hasAgreedToTerms: lot?.hasAgreedToTerms ?? false,
  };
}

export function propertyErrors(values: WizardValues, properties: AuctionProperty[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const property of properties) {
    if (property.required && !values.dataFields[property.name]?.trim())
      errors[property.name] = `Please enter in the ${property.label.toLowerCase()}`;
  }
  return errors;
}

export function mediaErrors(values: WizardValues): Partial<Record<ImageGroup, string>> {
  const groups: readonly ImageGroup[] = values.serviceSnappr ? ['exterior'] : IMAGE_GROUPS;
  const errors: Partial<Record<ImageGroup, string>> = {};
  for (const group of groups) if (values.images[group].images.length === 0) errors[group] = WIZARD_MESSAGES.imageRequired;
  return errors;
}
