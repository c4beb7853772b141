import * as yup from 'yup';
import { priceLabel, type PricedPackage } from '../../directory/directory-rules';

/** The wizard's wording (spec 001 sections 2, 5 and 8), kept exactly. */
export const WIZARD_MESSAGES = {
  title: 'Please enter in a title',
  sellerType: 'Please select a type',
  reserve: 'Please enter in a reserve',
  currency: 'Please select a currency',
  country: 'Please select a country',
  userDescription: 'Please tell us about your vehicle',
  name: 'Please enter in your name',
  email: 'Please enter in your email',
  emailValid: 'Please enter in a valid email',
  terms: 'You must agree to the terms to continue',
  noPackage: 'No package was selected. Please select the auction package before submitting.',
  imageRequired: 'You must have at least one image',
  imageTooLarge: 'An image was too large to upload. Image size cannot exceed 5 Mb.',
  imageInvalid: 'The image uploaded is invalid. Please only upload .jpg, .jpeg or .png',
  imageLimit: (limit: number) => `You can only upload a maximum of ${limit} images`,
  generic: 'Something went wrong. Please try again. If this issue presists, please contact support.',
  imagesFailed: 'An error has occured with the images...',
  saveFailed: 'An error has occured with saving the auction...',
  processing: 'Please do not close your browser while your auction is being processed.',
  processingFailed: 'An error occurred while processing your auction. Please contact support or try submitting again.',
  accessDenied: 'Access denied. You do not have the correct permissions to view this auction.',
} as const;

export const MAX_IMAGE_BYTES = 5_242_880;
export const IMAGE_LIMIT = 75;
export const SNAPPR_IMAGE_LIMIT = 20;
export const UPLOAD_BATCH = 15;
export const SUBMIT_LOCK_MS = 10_000;
export const IMAGE_GROUPS = ['exterior', 'interior', 'mechanical', 'documents'] as const;
export type ImageGroup = (typeof IMAGE_GROUPS)[number];

/** A file is accepted by extension and MIME type: jpg, jpeg or png, at most 5 Mb. */
export function imageProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!['jpg', 'jpeg', 'png'].includes(ext) || (file.type && !['image/jpeg', 'image/png'].includes(file.type)))
    return WIZARD_MESSAGES.imageInvalid;
  if (file.size > MAX_IMAGE_BYTES) return WIZARD_MESSAGES.imageTooLarge;
  return null;
}

/** Splits files into upload batches of 15 (spec 001 section 7). */
export function batches<T>(items: T[], size = UPLOAD_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Moves an item (drag reorder) and keeps the cover on the same image. */
export function moveImage<T>(items: T[], cover: number, from: number, to: number): { items: T[]; cover: number } {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return { items, cover };
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  let nextCover = cover;
  if (cover === from) nextCover = to;
  else if (from < cover && to >= cover) nextCover = cover - 1;
  else if (from > cover && to <= cover) nextCover = cover + 1;
  return { items: next, cover: nextCover };
}

/** Deleting an image shifts the cover index (the cover itself deleted: the first image becomes the cover). */
export function removeImage<T>(items: T[], cover: number, index: number): { items: T[]; cover: number } {
  const next = items.filter((_, i) => i !== index);
  if (index < cover) return { items: next, cover: cover - 1 };
  if (index === cover) return { items: next, cover: 0 };
  return { items: next, cover };
}

export const basicSchema = yup.object({
  title: yup.string().trim().required(WIZARD_MESSAGES.title),
  sellerType: yup.string().required(WIZARD_MESSAGES.sellerType),
  reserve: yup.number().typeError(WIZARD_MESSAGES.reserve).required(WIZARD_MESSAGES.reserve).min(0).max(999_999_999),
  currency: yup.string().required(WIZARD_MESSAGES.currency),
  country: yup.string().required(WIZARD_MESSAGES.country),
  userDescription: yup.string().trim().required(WIZARD_MESSAGES.userDescription),
});

export const submissionSchema = yup.object({
  packageId: yup.string().required(WIZARD_MESSAGES.noPackage),
  contactName: yup.string().trim().required(WIZARD_MESSAGES.name),
  contactEmail: yup.string().trim().email(WIZARD_MESSAGES.emailValid).required(WIZARD_MESSAGES.email),
  contactPhone: yup.string(),
  hasAgreedToTerms: yup.boolean().oneOf([true], WIZARD_MESSAGES.terms),
});

/**
 * What the package payment shows (spec 001): the package's one-time price, plus the Snappr price
 * when the seller opted in or the package forces it, and the total, in cents. Display only: the
 * identity service prices the payment itself from the package and the saved lot.
 */
export function packageCharge(
  pkg: {
    isFree: boolean;
    oneTimePayment: { enabled: boolean; price: number };
    snappr: { enabled: boolean; forceEnabled: boolean; price: number };
  },
  serviceSnappr: boolean,
): { packageCents: number; snapprCents: number; totalCents: number } {
  const packageCents = pkg.isFree || !pkg.oneTimePayment.enabled ? 0 : Math.round(pkg.oneTimePayment.price * 100);
  const snapprCents = pkg.snappr.enabled && (serviceSnappr || pkg.snappr.forceEnabled) ? Math.round(pkg.snappr.price * 100) : 0;
  return { packageCents, snapprCents, totalCents: packageCents + snapprCents };
}

/** A package as the Submission step offers it: 'Premium (100.00 USD)', money in the one format as the Paddock wizard shows it. */
export function packageOptionLabel(pkg: PricedPackage & { title: string }): string {
  return `${pkg.title} (${priceLabel(pkg)})`;
}
