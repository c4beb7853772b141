import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators';
import { SERVICE_NAME } from '../platform.tokens';
import { HealthContributors, type HealthContribution } from './health-contributors';

/** Liveness and database reachability, for load balancers and the all-in-one start-up check. */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Optional() private readonly dataSource?: DataSource,
    @Optional() private readonly contributors?: HealthContributors,
  ) {}

  @Get()
  @Public()
  async check(): Promise<{
    status: 'ok' | 'degraded';
    service: string;
    database: 'up' | 'down' | 'none';
    time: string;
    checks?: Record<string, HealthContribution>;
  }> {
    let database: 'up' | 'down' | 'none' = 'none';
    if (this.dataSource) {
      try {
        await this.dataSource.query('select 1');
        database = 'up';
      } catch {
        database = 'down';
      }
    }
    const checks = (await this.contributors?.collect()) ?? null;
    return {
      status: database === 'down' ? 'degraded' : 'ok',
      service: this.service,
      database,
      time: new Date().toISOString(),
      ...(checks ? { checks } : {}),
    };
  }
}
