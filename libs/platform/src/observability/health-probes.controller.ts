import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { Public } from '../auth/access.decorators';
import { HealthContributors } from '../health/health-contributors';
import { PLATFORM_SETTINGS } from '../platform.tokens';
import type { PlatformSettings } from '../platform.module';
import { processorsBehind, READINESS_DEFAULTS } from './process-health';
import { ServiceObservability } from './service-observability';

export { READINESS_DEFAULTS } from './process-health';

/**
 * Kubernetes-style probes (issue 23): `/health/live` answers while the process can answer at all;
 * `/health/ready` answers 503 while the database is unreachable or a processor this instance runs
 * is further behind than the configured lag. Contributions of the service (each brand's payment
 * provider, the brand feed) are shown; one reported degraded makes the answer `degraded`, still
 * 200, so one brand's missing keys do not take every instance out of the load balancer.
 */
@Controller('health')
export class HealthProbesController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly observability: ServiceObservability,
    @Inject(PLATFORM_SETTINGS) private readonly settings: PlatformSettings,
    @Optional() private readonly contributors?: HealthContributors,
  ) {}

  @Get('live')
  @Public()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  ready() {
    return this.health.check([() => this.database(), () => this.processors(), () => this.contributions()]);
  }

  private async database(): Promise<HealthIndicatorResult> {
    const check = this.indicators.check('database');
    try {
      await this.observability.pingDatabase(READINESS_DEFAULTS.databaseTimeoutMs);
      return check.up();
    } catch (error) {
      return check.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }

  private async processors(): Promise<HealthIndicatorResult> {
    const check = this.indicators.check('processors');
    const maxLag = this.settings.readiness?.maxProcessorLagSeconds ?? READINESS_DEFAULTS.maxProcessorLagSeconds;
    const running = new Set(this.observability.runningProcessors());
    try {
      const behind = processorsBehind(await this.observability.processorStatuses(), running, maxLag);
      return behind.length === 0
        ? check.up({ running: running.size, maxLagSeconds: maxLag })
        : check.down({ behind, maxLagSeconds: maxLag });
    } catch (error) {
      return check.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }

  private async contributions(): Promise<HealthIndicatorResult> {
    const check = this.indicators.check('service');
    const checks = (await this.contributors?.collect()) ?? {};
    const degraded = Object.values(checks).some((contribution) => contribution.status !== 'ok');
    return degraded ? check.degraded({ checks }) : check.up({ checks });
  }
}
