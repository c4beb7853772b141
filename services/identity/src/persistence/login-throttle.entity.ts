import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed-login counters per brand and key: scope 'account' (the email) or 'address' (client IP). */
@Entity({ schema: 'identity', name: 'login_throttle' })
export class LoginThrottleEntity {
  @PrimaryColumn('text')
  brand: string;

  @PrimaryColumn('text')
  scope: string;

  @PrimaryColumn('text')
  key: string;

  @Column('integer')
  failures: number;

  @Column('timestamptz', { name: 'window_started_at' })
  windowStartedAt: Date;

  @Column('timestamptz', { name: 'locked_until', nullable: true })
  lockedUntil: Date | null;
}
