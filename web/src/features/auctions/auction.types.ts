import type { MediaFile } from './media';

/** The lot as the web app reads it (spec 001 section 3; the API's Auction type). */
export type AuctionStatus = 'PENDING' | 'APPROVED' | 'SCHEDULED' | 'LIVE' | 'RESERVE_NOT_MET' | 'SOLD' | 'CANCELED';

export interface DataField {
  label?: string;
  value?: string | number | null;
  hidden?: boolean;
  order?: number;
}

export interface PublicUser {
  id: string;
  username: string;
  website?: string | null;
}

export interface BidItem {
  id: string;
  amount: number;
  isFirstBid?: boolean;
  created_at: string;
  bidder: { id: string; username?: string | null } | null;
}

export interface AuctionSummary {
  id: string;
  title: string;
  slug: string;
  status: AuctionStatus;
  brand: string;
  currency: string;
  startPrice: number;
  finalPrice: number | null;
  reserve: number | null;
  topBidAmount: number | null;
  bidCount: number;
  scheduledStartDate: string | null;
  finalEndDate: string | null;
  coverImage: string | null;
  exterior: string[];
  /** The cover (else the first exterior image) as a file with its URL and formats; null when missing. */
  coverImageFile: MediaFile | null;
  dataFields: Record<string, DataField>;
  address: { country: string | null; state: string | null; city: string | null };
  sellerType: string | null;
}

export interface AuctionDetail extends AuctionSummary {
  description: string | null;
  userDescription: string | null;
  excerpt: string | null;
  scheduledEndDate: string | null;
  minIncrementAmount: number;
  interior: string[];
  mechanical: string[];
  documents: string[];
  exteriorFiles: Array<MediaFile | null>;
  interiorFiles: Array<MediaFile | null>;
  mechanicalFiles: Array<MediaFile | null>;
  reserveMeterEnabled: boolean;
  reserveMet: boolean;
  reservePercentage: number;
  /** Whether the signed-in user watches the lot; null for visitors. */
  watching?: boolean | null;
  user: PublicUser;
  topBid: BidItem | null;
  /** The package's payment (UNPAID, PAID, FREE) and the package; the seller's panel uses them. */
  paymentStatus?: string | null;
  packageId?: string | null;
  serverTime: string;
}
