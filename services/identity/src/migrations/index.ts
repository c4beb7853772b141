import { IdentityInitial1764000000000 } from './1764000000000-identity-initial';
import { Payments1764100000000 } from './1764100000000-payments';
import { SocialContact1764200000000 } from './1764200000000-social-contact';
import { PackageSnappr1764300000000 } from './1764300000000-package-snappr';
import { PromotionHolds1764420000000 } from './1764420000000-promotion-holds';
import { PaymentsCore1764430000000 } from './1764430000000-payments-core';
import { PayableItems1764440000000 } from './1764440000000-payable-items';
import { TokenVersion1764450500000 } from './1764450500000-token-version';
import { PaymentProviderSecrets1764460000000 } from './1764460000000-payment-provider-secrets';
import { HoldReauthorization1764470000000 } from './1764470000000-hold-reauthorization';
import { Notifications1764480000000 } from './1764480000000-notifications';
import { NotificationMaxima1764480100000 } from './1764480100000-notification-maxima';
import { OutbidEmailWindows1764480200000 } from './1764480200000-outbid-email-windows';

/** Every migration of the identity schema, oldest first. The identity migrations check fails when the entities need more. */
export const IDENTITY_MIGRATIONS: Array<new () => unknown> = [
  IdentityInitial1764000000000,
  Payments1764100000000,
  SocialContact1764200000000,
  PackageSnappr1764300000000,
  PromotionHolds1764420000000,
  PaymentsCore1764430000000,
  PayableItems1764440000000,
  TokenVersion1764450500000,
  PaymentProviderSecrets1764460000000,
  HoldReauthorization1764470000000,
  Notifications1764480000000,
  NotificationMaxima1764480100000,
  OutbidEmailWindows1764480200000,
];
