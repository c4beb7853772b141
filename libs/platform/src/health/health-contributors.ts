import { Injectable } from '@nestjs/common';

/** One part of a service's health answer (e.g. identity's payments): its status and whatever explains it. */
export interface HealthContribution {
  status: 'ok' | 'degraded';
  [detail: string]: unknown;
}

export type HealthContributor = () => HealthContribution | Promise<HealthContribution>;

/**
 * Optional parts of GET /health, registered by a service's own providers at start-up (e.g. identity
 * reports brands whose payment provider cannot run). They appear under `checks`; the top-level
 * status stays the database's, so one brand's missing keys do not take an instance out of a load
 * balancer (docs/payments.md).
 */
@Injectable()
export class HealthContributors {
  private readonly contributors = new Map<string, HealthContributor>();

  register(name: string, contributor: HealthContributor): void {
    this.contributors.set(name, contributor);
  }

  /** Every contribution by name; a contributor that throws reports degraded. null when none is registered. */
  async collect(): Promise<Record<string, HealthContribution> | null> {
    if (this.contributors.size === 0) return null;
    const checks: Record<string, HealthContribution> = {};
    for (const [name, contributor] of this.contributors) {
      try {
        checks[name] = await contributor();
      } catch (error) {
        checks[name] = { status: 'degraded', error: error instanceof Error ? error.message : String(error) };
      }
    }
    return checks;
  }
}
