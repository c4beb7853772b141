import { describe, expect, it } from 'vitest';
import { batches, imageProblem, moveImage, packageCharge, packageOptionLabel, removeImage, WIZARD_MESSAGES } from './wizard-rules';

describe('wizard image rules', () => {
  it('accepts jpg, jpeg and png up to 5 Mb only', () => {
    expect(imageProblem({ name: 'a.JPG', type: 'image/jpeg', size: 5_242_880 })).toBeNull();
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(imageProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(WIZARD_MESSAGES.imageInvalid);
    expect(imageProblem({ name: 'a.png', type: 'application/pdf', size: 10 })).toBe(WIZARD_MESSAGES.imageInvalid);
    expect(imageProblem({ name: 'a.jpeg', type: 'image/jpeg', size: 5_242_881 })).toBe(WIZARD_MESSAGES.imageTooLarge);
  });

  it('uploads in batches of 15', () => {
    expect(batches(Array.from({ length: 31 }, (_, i) => i)).map((b) => b.length)).toEqual([15, 15, 1]);
  });

  it('keeps the cover on its image when reordering and shifts it on delete', () => {
    expect(moveImage(['a', 'b', 'c'], 0, 0, 2)).toEqual({ items: ['b', 'c', 'a'], cover: 2 });
    expect(moveImage(['a', 'b', 'c'], 1, 2, 0)).toEqual({ items: ['c', 'a', 'b'], cover: 2 });
    expect(moveImage(['a', 'b', 'c'], 2, 0, 1)).toEqual({ items: ['b', 'a', 'c'], cover: 2 });
    expect(removeImage(['a', 'b', 'c'], 2, 0)).toEqual({ items: ['b', 'c'], cover: 1 });
    expect(removeImage(['a', 'b', 'c'], 1, 1)).toEqual({ items: ['a', 'c'], cover: 0 });
    expect(removeImage(['a', 'b', 'c'], 0, 2)).toEqual({ items: ['a', 'b'], cover: 0 });
  });
});

describe('package payment breakdown', () => {
  const pkg = {
    isFree: false,
    oneTimePayment: { enabled: true, price: 99 },
    snappr: { enabled: true, forceEnabled: false, price: 149.5 },
  };

  it('adds the Snappr price only when the seller opted in or the package forces it', () => {
    expect(packageCharge(pkg, false)).toEqual({ packageCents: 9900, snapprCents: 0, totalCents: 9900 });
    expect(packageCharge(pkg, true)).toEqual({ packageCents: 9900, snapprCents: 14950, totalCents: 24850 });
    expect(packageCharge({ ...pkg, snappr: { ...pkg.snappr, forceEnabled: true } }, false).totalCents).toBe(24850);
    expect(packageCharge({ ...pkg, snappr: { ...pkg.snappr, enabled: false } }, true).snapprCents).toBe(0);
  });

  it('charges a free package nothing but its Snappr option', () => {
    expect(packageCharge({ ...pkg, isFree: true }, false).totalCents).toBe(0);
    expect(packageCharge({ ...pkg, isFree: true }, true)).toEqual({ packageCents: 0, snapprCents: 14950, totalCents: 14950 });
  });
});

describe('package options on the Submission step', () => {
  const off = { enabled: false, price: 0 };
  it("reads money as the rest of the site does ('100.00 USD'), not the server's 'USD 100.00'", () => {
    const premium = {
      title: 'Premium',
      currency: 'USD',
      isFree: false,
      oneTimePayment: { enabled: true, price: 100 },
      monthlyPayment: off,
      yearlyPayment: off,
    };
    expect(packageOptionLabel(premium)).toBe('Premium (100.00 USD)');
    expect(packageOptionLabel({ ...premium, title: 'Basic', isFree: true })).toBe('Basic (Free)');
  });
});
