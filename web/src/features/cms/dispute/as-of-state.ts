import { formatMoney } from '../../../lib/money';
import type { AsOfState } from './lot-history.types';
import { formatInstant, personLabel } from './timeline';

/**
 * The lot's state as of a point, field by field as the desk shows it, and the diff between two
 * points (which fields changed, from -> to), both on the same formatted values so a diff never
 * reports a change the two panels would show as equal.
 */
export interface StateField {
  key: string;
  label: string;
  value: string;
}

function yesNo(value: boolean | null): string {
  return value === null ? '—' : value ? 'Yes' : 'No';
}

export function stateFields(state: AsOfState, currency: string): StateField[] {
  return [
    { key: 'version', label: 'Version', value: String(state.version) },
    { key: 'status', label: 'Status', value: state.status ?? '—' },
    { key: 'topBidAmount', label: 'Top bid', value: state.topBidAmount === null ? '—' : formatMoney(state.topBidAmount, currency) },
    { key: 'topBidder', label: 'Top bidder', value: state.topBidder ? personLabel(state.topBidder) : '—' },
    { key: 'topBidId', label: 'Top bid id', value: state.topBidId ?? '—' },
    { key: 'bidCount', label: 'Bids', value: String(state.bidCount) },
    { key: 'minimumBid', label: 'Minimum next bid', value: state.minimumBid === null ? '—' : formatMoney(state.minimumBid, currency) },
    { key: 'reserveMet', label: 'Reserve met', value: yesNo(state.reserveMet) },
    { key: 'scheduledStartDate', label: 'Start', value: formatInstant(state.scheduledStartDate) },
    { key: 'finalEndDate', label: 'End', value: formatInstant(state.finalEndDate) },
  ];
}

export interface FieldChange {
  key: string;
  label: string;
  from: string;
  to: string;
}

/** The fields that differ between A and B (the version itself is left out: it always differs). */
export function diffStates(a: AsOfState, b: AsOfState, currency: string): FieldChange[] {
  const before = stateFields(a, currency);
  const after = new Map(stateFields(b, currency).map((field) => [field.key, field]));
  return before
    .filter((field) => field.key !== 'version' && after.get(field.key)?.value !== field.value)
    .map((field) => ({ key: field.key, label: field.label, from: field.value, to: after.get(field.key)?.value ?? '—' }));
}
