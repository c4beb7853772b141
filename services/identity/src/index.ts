export { startIdentityService, type RunningIdentityService } from './identity.service-app';
export { identityConfigSchema, loadIdentityConfig, type IdentityConfig } from './config/identity-config';
export { seedDemoUsers, demoUserId, demoEmail, DEMO_BRANDS, DEMO_PASSWORD, type DemoRole } from './demo/demo-users';
export { AdjustableClock, systemClock, type Clock } from '@trackside/platform';
