import * as yup from 'yup';
import type { Directory, DirectoryHours, DirectoryInput } from './directory.operations';
import { HOURS_DAYS, keywordLimit, splitKeywords, toEmbedVideoUrl } from './directory-rules';

/** Messages of the directory form (spec 002 section 5; the catalogue service answers the same words). */
export const DIRECTORY_FORM_MESSAGES = {
  required: 'Required',
  website: 'Website must start with http or https',
  email: 'Please enter in a valid email',
  phone: 'Please enter in a valid phone number',
  video: 'The video URL must be a YouTube or Vimeo link',
  social: 'Social links must start with http or https',
} as const;

export const SOCIAL_KEYS = ['facebook', 'instagram', 'youtube', 'linkedin', 'twitter'] as const;

export interface DirectoryFormValues {
  name: string;
  category: string;
  website: string;
  phone: string;
  email: string;
  keywords: string;
  addressCountry: string;
  addressState: string;
  addressCity: string;
  addressPostal: string;
  addressStreet1: string;
  addressStreet2: string;
  hours: Record<string, string | null>;
  facebook: string;
  instagram: string;
  youtube: string;
  linkedin: string;
  twitter: string;
  videoURL: string;
  tos: boolean;
}

export function initialFormValues(entry?: Directory | null): DirectoryFormValues {
  const hours: Record<string, string | null> = {};
  for (const day of HOURS_DAYS) hours[day] = entry?.hoursOfOperation?.[day] ?? null;
  return {
    name: entry?.name ?? '',
    category: entry?.category ?? '',
    website: entry?.website ?? '',
    phone: entry?.phone ?? '',
    email: entry?.email ?? '',
    keywords: (entry?.keywords ?? []).join(', '),
    addressCountry: entry?.addressCountry ?? '',
    addressState: entry?.addressState ?? '',
    addressCity: entry?.addressCity ?? '',
    addressPostal: entry?.addressPostal ?? '',
    addressStreet1: entry?.addressStreet1 ?? '',
    addressStreet2: entry?.addressStreet2 ?? '',
    hours,
    facebook: entry?.socialLinks?.facebook ?? '',
    instagram: entry?.socialLinks?.instagram ?? '',
    youtube: entry?.socialLinks?.youtube ?? '',
    linkedin: entry?.socialLinks?.linkedin ?? '',
    twitter: entry?.socialLinks?.twitter ?? '',
    videoURL: entry?.videoURL ?? '',
    // An existing entry already agreed to the terms when it was created.
    tos: Boolean(entry),
  };
}

const optionalUrl = (message: string) =>
  yup
    .string()
    .trim()
    .test('url', message, (value) => !value || /^https?:\/\/[^\s]+$/i.test(value));

/** The form's rules: required fields, keyword limit by plan, links, and the featured-only video link. */
export function directorySchema(featured: boolean) {
  const max = keywordLimit(featured);
  return yup.object({
    name: yup.string().trim().required(DIRECTORY_FORM_MESSAGES.required),
    category: yup.string().required(DIRECTORY_FORM_MESSAGES.required),
    addressCountry: yup.string().required(DIRECTORY_FORM_MESSAGES.required),
    addressState: yup.string().trim().required(DIRECTORY_FORM_MESSAGES.required),
    addressCity: yup.string().trim().required(DIRECTORY_FORM_MESSAGES.required),
    website: yup
      .string()
      .trim()
      .test('website', DIRECTORY_FORM_MESSAGES.website, (value) => !value || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value)),
    email: yup
      .string()
      .trim()
      .test('email', DIRECTORY_FORM_MESSAGES.email, (value) => !value || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)),
    phone: yup
      .string()
      .trim()
      .test('phone', DIRECTORY_FORM_MESSAGES.phone, (value) => !value || /^[+()\d][\d\s().-]{2,39}$/.test(value)),
    keywords: yup.string().test('keywords', `Too many keywords, maximum: ${max}`, (value) => splitKeywords(value ?? '').length <= max),
    videoURL: featured
      ? yup
          .string()
          .trim()
          .test('video', DIRECTORY_FORM_MESSAGES.video, (value) => !value || toEmbedVideoUrl(value) !== null)
      : yup.string(),
    facebook: featured ? optionalUrl(DIRECTORY_FORM_MESSAGES.social) : yup.string(),
    instagram: featured ? optionalUrl(DIRECTORY_FORM_MESSAGES.social) : yup.string(),
    youtube: featured ? optionalUrl(DIRECTORY_FORM_MESSAGES.social) : yup.string(),
    linkedin: featured ? optionalUrl(DIRECTORY_FORM_MESSAGES.social) : yup.string(),
    twitter: featured ? optionalUrl(DIRECTORY_FORM_MESSAGES.social) : yup.string(),
    tos: yup.boolean().oneOf([true], DIRECTORY_FORM_MESSAGES.required),
  });
}

/** The createDirectory / updateDirectory payload: keywords trimmed and empty ones dropped, watch links as embed links, featured-only fields only when featured. */
export function toDirectoryInput(values: DirectoryFormValues, featured: boolean): DirectoryInput {
  const text = (value: string) => value.trim() || null;
  const hours: DirectoryHours = {};
  let open = false;
  for (const day of HOURS_DAYS) {
    const value = values.hours[day];
    hours[day] = value === null || value === undefined ? null : value.trim() || null;
    if (hours[day]) open = true;
  }
  const input: DirectoryInput = {
    name: values.name.trim(),
    category: values.category,
    addressCountry: values.addressCountry,
    addressState: values.addressState.trim(),
    addressCity: values.addressCity.trim(),
    addressPostal: text(values.addressPostal),
    addressStreet1: text(values.addressStreet1),
    addressStreet2: text(values.addressStreet2),
    hoursOfOperation: open ? hours : null,
    website: text(values.website),
    phone: text(values.phone),
    email: text(values.email),
    keywords: splitKeywords(values.keywords),
    featured,
  };
  if (featured) {
    const video = values.videoURL.trim();
    input.videoURL = video ? toEmbedVideoUrl(video) : null;
    input.socialLinks = Object.fromEntries(SOCIAL_KEYS.map((key) => [key, values[key].trim() || null]));
  }
  return input;
}
