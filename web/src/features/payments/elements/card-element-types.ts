import type { NextAction } from '../payment-api';

/** What a card element answers when asked for the card: a provider token, or a message to show beside the fields. */
export type TokenizeResult = { ok: true; token: string } | { ok: false; message: string };

/** The outcome of a provider's next action (Stripe handleNextAction, Square verifyBuyer). */
export type NextActionResult = { ok: true; verificationToken?: string } | { ok: false; message: string };

/** What every card element (sandbox, Stripe, Square) offers its dialog through a ref. */
export interface CardElementHandle {
  tokenize(): Promise<TokenizeResult>;
  handleNextAction?(action: Exclude<NextAction, null>): Promise<NextActionResult>;
}

export interface CardElementOptions {
  /** 'payment' for a charge or hold, 'setup' to save a card (the Manage dialog's Save Card). */
  mode: 'payment' | 'setup';
  /** The total to pay (2 decimals) and its currency, for the provider's element. */
  amount?: number;
  currency?: string;
  /** A hold is authorised now and captured later. */
  capture?: 'manual' | 'automatic';
  /** A card error of the server (spec wording) shown beside the fields. */
  error?: string | null;
}

/** Shown when the element has not finished loading (the provider's script) and the user presses Pay. */
export const CARD_NOT_READY_MESSAGE = 'The card form is still loading. Please try again in a moment.';
