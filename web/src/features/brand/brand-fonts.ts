/**
 * The brand fonts of the theme's choice list (spec 000 section 3: Montserrat, Avenir, Roboto, Arial,
 * sans-serif), self-hosted from the app's own origin (issue 24 item 21): Montserrat and Roboto in
 * the weights the site uses. Avenir is a commercial font with no open files: the stack falls through
 * to the next family; Arial and sans-serif are the system's. Each face loads only when text uses it.
 */
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/600.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/700.css';

export const SELF_HOSTED_FONTS = ['Montserrat', 'Roboto'] as const;
