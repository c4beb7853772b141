import { describe, expect, it } from 'vitest';
import { isKnownCurrency, lotInputProblem } from './lot-input-checks';

const IMAGE = '4b0f8a52-1c7e-4f43-9f6e-1d2a3b4c5d6e';

describe('createAuction input checks (issue 18, L9)', () => {
  it('knows real currencies and refuses XXX, test and metal codes', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'XOF']) expect(isKnownCurrency(code)).toBe(true);
    for (const code of ['XXX', 'XTS', 'XAU', 'ABC', 'usd']) expect(isKnownCurrency(code)).toBe(false);
    expect(lotInputProblem({ currency: 'XXX' })).toBe('Please select a currency');
    expect(lotInputProblem({ currency: 'EUR' })).toBeNull();
  });

  it('probe: refuses an image reference that is not an upload id (not-a-uuid-<script>)', () => {
    expect(lotInputProblem({ exterior: ['not-a-uuid-<script>'] })).toBe('Unknown image: upload it first');
    expect(lotInputProblem({ documents: [IMAGE, 'x'] })).toBe('Unknown image: upload it first');
    expect(lotInputProblem({ coverImage: '<img src=x onerror=alert(1)>' })).toBe('Unknown image: upload it first');
    expect(lotInputProblem({ exterior: [IMAGE], coverImage: IMAGE })).toBeNull();
    expect(lotInputProblem({ interior: Array.from({ length: 101 }, () => IMAGE) })).toMatch(/maximum of 100 images/);
  });
});
