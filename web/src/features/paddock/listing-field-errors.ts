import { CombinedGraphQLErrors } from '@apollo/client';

/** One field's refusal as the server lists it in `extensions.details.fields` (every field at once, issue 24 item 17). */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The refusals the server listed field by field; empty for any other failure. */
export function serverFieldIssues(error: unknown): FieldIssue[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  const details = error.errors[0]?.extensions?.details as { fields?: unknown } | undefined;
  if (!Array.isArray(details?.fields)) return [];
  return details.fields.filter(
    (issue): issue is FieldIssue => typeof issue?.path === 'string' && typeof (issue as FieldIssue).message === 'string',
  );
}

/** The wizard's refusals by where it shows them: form fields, the category's property fields, Media, and the first step to open. */
export interface WizardIssues {
  /** By the wizard's field name (the server's `address.country` is the form's `country`). */
  basic: Record<string, string>;
  /** By property field name (the server's `extraDetails.year`). */
  extra: Record<string, string>;
  images: string | null;
  videos: string | null;
  /** The earliest step holding a refused field, or null when none is on a step. */
  step: number | null;
}

/**
 * Sorts the server's field refusals onto the wizard's steps. `stepFields` lists the form fields of the
 * first steps (Category & Type, Basic Details); property fields are step 2, images and videos step 3.
 * The first message per field wins (the server lists the package's first).
 */
export function wizardIssues(issues: FieldIssue[], stepFields: ReadonlyArray<ReadonlyArray<string>>): WizardIssues {
  const out: WizardIssues = { basic: {}, extra: {}, images: null, videos: null, step: null };
  const reach = (step: number) => (out.step = out.step === null ? step : Math.min(out.step, step));
  for (const { path, message } of issues) {
    if (path === 'images' || path === 'videos') {
      out[path] ??= message;
      reach(3);
    } else if (path.startsWith('extraDetails.')) {
      out.extra[path.slice('extraDetails.'.length)] ??= message;
      reach(2);
    } else {
      const name = path.startsWith('address.') ? path.slice('address.'.length) : path;
      const step = stepFields.findIndex((fields) => fields.includes(name));
      out.basic[name] ??= message;
      if (step >= 0) reach(step);
      else if (name === 'state' || name === 'city') reach(1);
    }
  }
  return out;
}

/** The server's messages that still stand: a field keeps its refusal until its value changes from the one refused. */
export function standingErrors(
  errors: Record<string, string>,
  refused: Record<string, unknown>,
  current: Record<string, unknown>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => JSON.stringify(refused[name]) === JSON.stringify(current[name])));
}

/** The form's own messages first, then the server's standing ones, each shown as if its field was touched. */
export function withServerErrors<F extends { errors: object; touched: object }>(formik: F, server: Record<string, string>): F {
  const errors: Record<string, unknown> = { ...server };
  for (const [name, message] of Object.entries(formik.errors)) if (message) errors[name] = message;
  const touched = { ...formik.touched, ...Object.fromEntries(Object.keys(server).map((name) => [name, true])) };
  return { ...formik, errors, touched };
}
