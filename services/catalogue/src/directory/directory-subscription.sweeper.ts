import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG } from '../config/catalogue-config.token';
import { DirectorySubscriptionsService } from './directory-subscriptions.service';

/**
 * Ends directory plans whose paid period is over, every DIRECTORY_SWEEP_INTERVAL_MS (the time
 * comes from the injected clock, so tests move it instead of waiting a month).
 */
@Injectable()
export class DirectorySubscriptionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly log: AppLogger;

  constructor(
    private readonly subscriptions: DirectorySubscriptionsService,
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(DirectorySubscriptionSweeper.name);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    }, this.config.DIRECTORY_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async sweep(): Promise<void> {
    try {
      const ended = await this.subscriptions.sweep();
      if (ended > 0) this.log.info('Directory plans ended at their period end', { ended });
    } catch (error) {
      this.log.error('Directory subscription sweep failed; retrying on the next tick', { error: String(error) });
    }
  }
}
