import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Public } from '../auth/access.decorators';
import { PLATFORM_SETTINGS } from '../platform.tokens';
import type { PlatformSettings } from '../platform.module';
import { answerMetrics, metricsAccessOf } from './metrics-endpoint';

/** GET /metrics on the service's own port, as the configured access allows (metrics-endpoint.ts). */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(PLATFORM_SETTINGS) private readonly settings: PlatformSettings) {}

  @Get()
  @Public()
  async metrics(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
    await answerMetrics(this.settings.metrics ?? metricsAccessOf({ NODE_ENV: 'development' }), req, res);
  }
}
