/** The payment wording lives in the one payments catalogue of libs/contracts (issue 19 part 6). */
export { PAYMENT_MESSAGES } from '@trackside/contracts/errors/payment-error-codes';
