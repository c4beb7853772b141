import { SandboxCryptoPayPage as Page } from '../../features/payments/SandboxCryptoPayPage';

export default function SandboxCryptoPayPage() {
  return <Page />;
}
