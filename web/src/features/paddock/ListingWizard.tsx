/** The listing wizard and its edit page live in ./wizard (one file per step); this path stays for the routes. */
export { ListingEditPage } from './wizard/ListingEditPage';
export { ListingWizard } from './wizard/ListingWizard';
export { WIZARD_STEPS } from './wizard/listing-wizard-values';
