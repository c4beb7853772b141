/**
 * The lot decider's `auction.validation` texts for a lot's details (create and update: the wizard's
 * own words, spec 001 section 5), kept exactly as sellers and the web app have seen them
 * (issue 19 part 6: no inline user-facing literals in services).
 */
export const LOT_DETAIL_MESSAGES = {
  titleRequired: 'Please enter in a title',
  sellerTypeRequired: 'Please select a type',
  reserveRequired: 'Please enter in a reserve',
  reserveTooLarge: 'The reserve cannot exceed 999,999,999.00.',
  reserveMalformed: 'The reserve must be a non-negative amount with at most two decimals.',
  currencyRequired: 'Please select a currency',
  countryRequired: 'Please select a country',
  userDescriptionRequired: 'Please tell us about your vehicle',
  contactNameRequired: 'Please enter in your name',
  contactEmailRequired: 'Please enter in your email',
  contactEmailInvalid: 'Please enter in a valid email',
  termsRequired: 'You must agree to the terms to continue',
  dataFieldsNotObject: 'dataFields must be an object',
  packageRequired: 'No package was selected. Please select the auction package before submitting.',
} as const;
