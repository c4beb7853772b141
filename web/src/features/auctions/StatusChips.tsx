import { Tag, theme } from 'antd';
import { formatMoney } from '../../lib/money';
import type { AuctionStatus } from './auction.types';

interface ChipLot {
  status: AuctionStatus;
  reserve: number | null;
  topBidAmount: number | null;
  currency: string;
}

/** Chips of spec 001 section 2: No Reserve, "Bid to {price}" on RESERVE_NOT_MET, Sold; on the lot page also Live and Coming Soon. */
export function StatusChips({ lot, detail = false }: { lot: ChipLot; detail?: boolean }) {
  const { token } = theme.useToken();
  const chips: Array<{ key: string; text: string; color: string | undefined }> = [];
  if (!lot.reserve) chips.push({ key: 'no-reserve', text: 'No Reserve', color: undefined });
  if (lot.status === 'RESERVE_NOT_MET')
    chips.push({ key: 'bid-to', text: `Bid to ${formatMoney(lot.topBidAmount ?? 0, lot.currency)}`, color: token.colorError });
  if (lot.status === 'SOLD') chips.push({ key: 'sold', text: 'Sold', color: token.colorSuccess });
  // Staff canceled the lot (docs/decisions.md "Staff remedies"); its page still loads.
  if (lot.status === 'CANCELED') chips.push({ key: 'canceled', text: 'Canceled', color: token.colorTextSecondary });
  if (detail && lot.status === 'LIVE') chips.push({ key: 'live', text: 'Live', color: token.colorError });
  if (detail && lot.status === 'SCHEDULED') chips.push({ key: 'soon', text: 'Coming Soon', color: token.colorInfo });
  return (
    <span className="ts-chips">
      {chips.map((chip) => (
        // Neutral chips with a dot in the theme colour: readable whatever colours the brand picks.
        <Tag key={chip.key} data-testid={`chip-${chip.key}`} className="ts-chip">
          {chip.color ? <span className="ts-chip-dot" style={{ background: chip.color }} aria-hidden="true" /> : null}
          {chip.text}
        </Tag>
      ))}
    </span>
  );
}
