/**
 * Texts of the payment flow the spec does not word (issue 17: next actions, Crypto.com Pay); the
 * spec's own texts stay in features/auctions/bidding/payment-messages.ts and the contracts catalogue.
 */
export const PAYMENT_FLOW_MESSAGES = {
  challengeTitle: 'Sandbox 3-D Secure check',
  challengeText:
    'Your bank asks you to confirm this payment. This is the sandbox: choose Approve to pass the check or Fail to see a failed one.',
  challengeFailed: 'The card was not verified, so nothing was charged. Please try another card.',
  stillProcessing: 'Your payment is still being processed. Its final status will show on your transactions page.',
  canceled: 'This payment was canceled. Please try again.',
  cryptoFailed: 'The Crypto.com payment did not go through. Please try again or pay by card.',
  cryptoWaiting: 'Waiting for your Crypto.com payment…',
  cryptoPaid: 'Crypto.com payment received. You can close this page.',
  cryptoPageFailed: 'The payment was marked as failed. You can close this page.',
} as const;
