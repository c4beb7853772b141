/**
 * Social sign-in, contact forms and newsletter (spec 000 sections 4, 5 and 8), shared by the
 * identity service (REST `code`) and the web app. Spec texts are kept exactly, spelling included;
 * ids the spec does not name are ours (docs/decisions.md, "Identity").
 */
export const SOCIAL_ERROR_MESSAGES = {
  /** The provider answered an error (error / error_code in the return URL). */
  'Auth.form.error.social.denied': 'We were unable to authenticate your account. Please try again.',
  /** Unknown, replayed, expired or foreign state, or the code exchange with the provider failed. */
  'Auth.form.error.social.failed': 'We were unable to authenticate your account. Please try again.',
  /** The provider gave no verified email address. */
  'Auth.form.error.social.email': 'We were unable to authenticate your account. Please try again.',
  'Auth.form.error.provider.disabled': 'This provider is disabled.',
  'social.provider.invalid': 'Please check the provider settings.',
} as const;

export type SocialErrorCode = keyof typeof SOCIAL_ERROR_MESSAGES;

export const SOCIAL_MESSAGES = {
  waiting: 'You have been successfully authenticated. Please wait while we redirect you.',
  failed: 'We were unable to authenticate your account. Please try again.',
} as const;

export const CONTACT_ERROR_MESSAGES = {
  'contact.name.provide': 'Please enter in your name',
  'contact.email.provide': 'Please enter in your email',
  'contact.email.format': 'Please enter in a valid email',
  'contact.phoneNumber.provide': 'Please enter in your phone number',
  'contact.businessName.provide': 'Please enter in your business name',
  'contact.reason.provide': 'Please select a reason',
  'contact.template.invalid': 'This form is not supported.',
  'contact.field.tooLong': 'One of the fields is too long.',
  'contact.rateLimit': 'Too many messages were sent from your address. Please try again later.',
  'newsletter.subscribe.error': 'An error occured when trying to subscribe. The provided email may be subscribed already or looks fake.',
} as const;

export type ContactErrorCode = keyof typeof CONTACT_ERROR_MESSAGES;

export const CONTACT_MESSAGES = {
  /** {company} is the brand's company name. */
  contactSuccess: 'Thank you for reaching out to {company}. We will try to get back to you as soon as possible.',
  partnerSuccess: 'We will look into your inquiry shortly.',
} as const;
