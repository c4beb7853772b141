import { Injectable, type PipeTransform } from '@nestjs/common';
import { parseBid, parseLotRef, type ParsedBid } from './socket-payloads';

/**
 * Pipes of the realtime gateway's message bodies. They never throw: a payload that does not parse
 * becomes null and the handler answers with the spec's failure ack (a throwing pipe would emit an
 * `exception` event instead, which the contract does not know). One zod parse per event.
 */
@Injectable()
export class LotRefPipe implements PipeTransform<unknown, string | null> {
  transform(value: unknown): string | null {
    return parseLotRef(value);
  }
}

export interface BidBody {
  /** As received, for the audit of a refused bid. */
  raw: unknown;
  bid: ParsedBid | null;
}

@Injectable()
export class BidBodyPipe implements PipeTransform<unknown, BidBody> {
  transform(value: unknown): BidBody {
    return { raw: value, bid: parseBid(value) };
  }
}
