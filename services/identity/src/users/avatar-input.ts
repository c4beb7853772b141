import { isSafeLink, USER_VALIDATION_MESSAGES } from '@trackside/contracts';
import type { UserAvatarData } from '../persistence';

/**
 * The avatar a user stores: the upload service's answer for one image, and nothing else (issue 18,
 * L10: the probe stored a `javascript:` url and arbitrary JSON). Known keys only, text fields bounded,
 * every url http(s) or a path of the site. Answers the clean copy, or the reason it is refused.
 */
const TEXT_KEYS = ['id', 'brand', 'name', 'mime', 'alternativeText', 'caption'] as const;
const FORMAT_NAMES = new Set(['thumbnail', 'small', 'medium', 'large']);
const FORMAT_TEXT_KEYS = new Set(['name', 'mime', 'ext', 'hash', 'path']);
const FORMAT_NUMBER_KEYS = new Set(['width', 'height', 'size']);
const MAX_TEXT = 500;

type AvatarCheck = { ok: true; avatar: UserAvatarData } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const shortText = (value: unknown): boolean => value === null || (typeof value === 'string' && value.length <= MAX_TEXT);

export function checkAvatar(value: unknown): AvatarCheck {
  if (!isRecord(value)) return { ok: false, message: USER_VALIDATION_MESSAGES.avatarNotMedia };
  const { url, formats, ...rest } = value;
  if (typeof url !== 'string' || url.trim() === '') return { ok: false, message: USER_VALIDATION_MESSAGES.avatarUrlMissing };
  if (!isSafeLink(url, 'resource')) return { ok: false, message: USER_VALIDATION_MESSAGES.avatarUrlUnsafe };
  const avatar: UserAvatarData = { url: url.trim() };
  for (const [key, field] of Object.entries(rest)) {
    if (!(TEXT_KEYS as readonly string[]).includes(key)) return { ok: false, message: `avatar has an unknown field: ${key.slice(0, 40)}.` };
    if (!shortText(field)) return { ok: false, message: `avatar ${key} must be text of at most ${MAX_TEXT} characters.` };
    (avatar as unknown as Record<string, unknown>)[key] = field;
  }
  if (formats !== undefined && formats !== null) {
    const checked = checkFormats(formats);
    if (typeof checked === 'string') return { ok: false, message: checked };
    avatar.formats = checked;
  }
  return { ok: true, avatar };
}

function checkFormats(formats: unknown): NonNullable<UserAvatarData['formats']> | string {
  if (!isRecord(formats)) return 'avatar formats must be an object.';
  const out: NonNullable<UserAvatarData['formats']> = {};
  for (const [name, format] of Object.entries(formats)) {
    if (!FORMAT_NAMES.has(name) || !isRecord(format)) return 'avatar formats are thumbnail, small, medium and large.';
    if (typeof format.url !== 'string' || !isSafeLink(format.url, 'resource'))
      return 'avatar format urls must start with http://, https:// or /.';
    for (const [key, field] of Object.entries(format)) {
      if (key === 'url') continue;
      const known =
        (FORMAT_TEXT_KEYS.has(key) && shortText(field)) || (FORMAT_NUMBER_KEYS.has(key) && (field === null || Number.isFinite(field)));
      if (!known) return `avatar format field ${key.slice(0, 40)} is not allowed.`;
    }
    out[name] = { ...(format as { url: string }) };
  }
  return out;
}
