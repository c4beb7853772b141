import { CATALOGUE_ERROR_CODES, DIRECTORY_MESSAGES } from '@trackside/contracts';
import type { DirectorySocialLinksData } from '../persistence';
import type { DirectoryInput } from './directory.object';
import { DIRECTORY_CATEGORIES, normaliseHours, normaliseKeywords, toEmbedVideoUrl } from './directory.rules';

export interface DirectoryIssue {
  path: string;
  message: string;
  code: string;
}

/** The entry's fields after validation (only the ones the input set, for an update). */
export interface DirectoryChanges {
  name?: string;
  category?: string;
  addressCountry?: string;
  addressState?: string;
  addressCity?: string;
  addressPostal?: string | null;
  addressStreet1?: string | null;
  addressStreet2?: string | null;
  hoursOfOperation?: Record<string, string | null> | null;
  website?: string | null;
  phone?: string | null;
  email?: string | null;
  keywords?: string[];
  socialLinks?: DirectorySocialLinksData;
  videoURL?: string | null;
}

const SOCIAL_KEYS = ['facebook', 'instagram', 'youtube', 'linkedin', 'twitter'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+()\d][\d\s().-]{2,39}$/;

/**
 * Validates a directory form (spec 002 section 5) against the entry it would produce: `featured`
 * is the entry's featured flag after the change (it sets the keyword limit). On create every
 * required field must be present; on update only the fields sent are checked and changed.
 */
export function validateDirectoryInput(
  input: DirectoryInput,
  options: DirectoryInputOptions,
): { changes: DirectoryChanges; issues: DirectoryIssue[] } {
  const form: Form = { input, options, changes: {}, issues: [] };
  requiredFields(form);
  optionalFields(form);
  contactFields(form);
  keywordFields(form);
  mediaFields(form);
  socialLinkFields(form);
  return { changes: form.changes, issues: form.issues };
}

export interface DirectoryInputOptions {
  creating: boolean;
  featured: boolean;
  currentKeywords?: string[];
}

/** One validation: the input, its options, and the changes and issues it collects (in the form's order). */
interface Form {
  input: DirectoryInput;
  options: DirectoryInputOptions;
  changes: DirectoryChanges;
  issues: DirectoryIssue[];
}

function requiredFields({ input, options, changes, issues }: Form): void {
  const required = (path: 'name' | 'category' | 'addressCountry' | 'addressState' | 'addressCity', max: number): void => {
    const value = input[path];
    if (value === undefined || (value === null && !options.creating)) {
      if (options.creating) issues.push({ path, message: DIRECTORY_MESSAGES.required, code: CATALOGUE_ERROR_CODES.directoryRequired });
      return;
    }
    const text = (value ?? '').trim();
    if (!text) issues.push({ path, message: DIRECTORY_MESSAGES.required, code: CATALOGUE_ERROR_CODES.directoryRequired });
    else if (text.length > max) issues.push({ path, message: DIRECTORY_MESSAGES.tooLong(max), code: CATALOGUE_ERROR_CODES.validation });
    else changes[path] = text;
  };
  required('name', 200);
  required('category', 40);
  required('addressCountry', 100);
  required('addressState', 100);
  required('addressCity', 100);
  if (options.creating && input.tos !== true)
    issues.push({ path: 'tos', message: DIRECTORY_MESSAGES.required, code: CATALOGUE_ERROR_CODES.directoryRequired });
  if (changes.category !== undefined) {
    const category = changes.category.toUpperCase();
    if (!(DIRECTORY_CATEGORIES as readonly string[]).includes(category)) {
      issues.push({
        path: 'category',
        message: DIRECTORY_MESSAGES.unknownCategory(changes.category),
        code: CATALOGUE_ERROR_CODES.directoryCategory,
      });
    } else {
      changes.category = category;
    }
  }
}

function optionalFields({ input, changes, issues }: Form): void {
  const optional = (path: 'addressPostal' | 'addressStreet1' | 'addressStreet2', max: number): void => {
    if (input[path] === undefined) return;
    const text = input[path]?.trim() ?? '';
    if (text.length > max) issues.push({ path, message: DIRECTORY_MESSAGES.tooLong(max), code: CATALOGUE_ERROR_CODES.validation });
    else changes[path] = text || null;
  };
  optional('addressPostal', 20);
  optional('addressStreet1', 200);
  optional('addressStreet2', 200);
}

function contactFields({ input, changes, issues }: Form): void {
  if (input.website !== undefined) {
    const website = input.website?.trim() ?? '';
    if (website && !/^https?:\/\/[^\s]+\.[^\s]+$/i.test(website)) {
      issues.push({ path: 'website', message: DIRECTORY_MESSAGES.websiteScheme, code: CATALOGUE_ERROR_CODES.validation });
    } else if (website.length > 500) {
      issues.push({ path: 'website', message: DIRECTORY_MESSAGES.tooLong(500), code: CATALOGUE_ERROR_CODES.validation });
    } else changes.website = website || null;
  }
  if (input.email !== undefined) {
    const email = input.email?.trim().toLowerCase() ?? '';
    if (email && (!EMAIL.test(email) || email.length > 254)) {
      issues.push({ path: 'email', message: DIRECTORY_MESSAGES.invalidEmail, code: CATALOGUE_ERROR_CODES.validation });
    } else changes.email = email || null;
  }
  if (input.phone !== undefined) {
    const phone = input.phone?.trim() ?? '';
    if (phone && !PHONE.test(phone))
      issues.push({ path: 'phone', message: DIRECTORY_MESSAGES.invalidPhone, code: CATALOGUE_ERROR_CODES.validation });
    else changes.phone = phone || null;
  }
}

function keywordFields({ input, options, changes, issues }: Form): void {
  if (input.keywords !== undefined) {
    const keywords = normaliseKeywords(input.keywords, options.featured);
    if ('error' in keywords) issues.push({ path: 'keywords', message: keywords.error, code: CATALOGUE_ERROR_CODES.directoryKeywords });
    else if (keywords.keywords.some((keyword) => keyword.length > 60))
      issues.push({ path: 'keywords', message: DIRECTORY_MESSAGES.keywordTooLong, code: CATALOGUE_ERROR_CODES.validation });
    else changes.keywords = keywords.keywords;
  } else if (options.currentKeywords && !options.featured) {
    // A downgrade keeps the entry's keywords only if they fit the regular limit.
    const keywords = normaliseKeywords(options.currentKeywords, false);
    if ('error' in keywords) issues.push({ path: 'keywords', message: keywords.error, code: CATALOGUE_ERROR_CODES.directoryKeywords });
  }
}

/** Opening hours and the video link. */
function mediaFields({ input, changes, issues }: Form): void {
  if (input.hoursOfOperation !== undefined) {
    const hours = normaliseHours(input.hoursOfOperation);
    if ('error' in hours) issues.push({ path: 'hoursOfOperation', message: hours.error, code: CATALOGUE_ERROR_CODES.directoryHours });
    else changes.hoursOfOperation = hours.hours;
  }
  if (input.videoURL !== undefined) {
    const raw = input.videoURL?.trim() ?? '';
    if (!raw) changes.videoURL = null;
    else {
      const embed = toEmbedVideoUrl(raw);
      if (!embed) issues.push({ path: 'videoURL', message: DIRECTORY_MESSAGES.videoUrl, code: CATALOGUE_ERROR_CODES.directoryVideo });
      else changes.videoURL = embed;
    }
  }
}

function socialLinkFields({ input, changes, issues }: Form): void {
  if (input.socialLinks === undefined) return;
  const links: DirectorySocialLinksData = {};
  for (const key of SOCIAL_KEYS) {
    const value = input.socialLinks?.[key]?.trim() ?? '';
    if (!value) continue;
    if (!/^https?:\/\/[^\s]+$/i.test(value) || value.length > 500)
      issues.push({
        path: `socialLinks.${key}`,
        message: DIRECTORY_MESSAGES.socialLinkScheme,
        code: CATALOGUE_ERROR_CODES.validation,
      });
    else links[key] = value;
  }
  changes.socialLinks = links;
}
