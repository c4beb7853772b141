import type { Provider } from '@nestjs/common';
import { FeedObservability } from './feed-observability';
import { FeedService } from './feed.service';
import { FeedResolver } from './graphql/feed.resolver';
import { FeedRelayManager } from './relay/feed-relay.manager';

/** The brand event feed's providers, registered in AuctionModule (the relay idles without KAFKA_BROKERS). */
export const FEED_PROVIDERS: Provider[] = [FeedRelayManager, FeedService, FeedResolver, FeedObservability];
