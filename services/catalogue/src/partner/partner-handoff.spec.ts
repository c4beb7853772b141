import { describe, expect, it } from 'vitest';
import { DUPLICATE_PARTNER_MESSAGE, groupDeploymentPatchSchema, partnerHandoff, type GroupDeployment } from './partner-handoff';

const GROUP: GroupDeployment = {
  enabled: true,
  partners: [{ brand: 'trackside', name: 'Trackside Motors', siteUrl: 'https://trackside.example/' }],
};

describe('partnerHandoff', () => {
  it("sends a partner's lot to the partner's lot page", () => {
    expect(partnerHandoff(GROUP, 'jewelry', 'trackside', '1967 gt/2')).toEqual({
      brand: 'trackside',
      name: 'Trackside Motors',
      siteUrl: 'https://trackside.example/',
      lotUrl: 'https://trackside.example/auction/lot/1967%20gt%2F2',
    });
  });

  it('keeps the bid here off a group deployment, for its own lots and for brands it does not list', () => {
    expect(partnerHandoff({ ...GROUP, enabled: false }, 'jewelry', 'trackside', 'lot')).toBeNull();
    expect(partnerHandoff(GROUP, 'trackside', 'trackside', 'lot')).toBeNull();
    expect(partnerHandoff(GROUP, 'jewelry', 'other', 'lot')).toBeNull();
  });
});

describe('groupDeploymentPatchSchema', () => {
  it('accepts partners with http(s) sites and refuses other addresses, bad keys and repeats', () => {
    expect(groupDeploymentPatchSchema.safeParse(GROUP).success).toBe(true);
    const partner = GROUP.partners[0]!;
    expect(groupDeploymentPatchSchema.safeParse({ partners: [{ ...partner, siteUrl: 'javascript:alert(1)' }] }).success).toBe(false);
    expect(groupDeploymentPatchSchema.safeParse({ partners: [{ ...partner, siteUrl: '/local' }] }).success).toBe(false);
    expect(groupDeploymentPatchSchema.safeParse({ partners: [{ ...partner, brand: 'Not A Key' }] }).success).toBe(false);
    const repeated = groupDeploymentPatchSchema.safeParse({ partners: [partner, partner] });
    expect(repeated.error?.issues.map((issue) => issue.message)).toEqual([DUPLICATE_PARTNER_MESSAGE]);
  });
});
