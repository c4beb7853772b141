import { describe, expect, it } from 'vitest';
import { groupDeploymentPatch, hasErrors, partnerErrors } from './group-deployment-form';

const partner = { brand: 'trackside', name: 'Trackside', siteUrl: 'https://trackside.example' };

describe('group deployment form (issue 24 item 26)', () => {
  it('accepts partners with a brand key, a name and an http(s) site', () => {
    const errors = partnerErrors([partner, { brand: 'jewelry', name: 'Jewels', siteUrl: 'http://jewels.example/' }]);
    expect(hasErrors(errors)).toBe(false);
  });

  it('refuses a bad brand key, an empty name, a site that is not http(s), and a brand listed twice', () => {
    expect(partnerErrors([{ brand: 'Track Side', name: ' ', siteUrl: 'javascript:alert(1)' }])[0]).toEqual({
      brand: 'A brand key: lower-case letters, digits and dashes.',
      name: 'Enter the name shown to bidders.',
      siteUrl: 'Enter the site address, starting with https:// or http://.',
    });
    expect(partnerErrors([{ ...partner, siteUrl: 'trackside.example' }])[0]!.siteUrl).toBeDefined();
    const twice = partnerErrors([partner, { ...partner, name: 'Again' }]);
    expect(twice[0]).toEqual({});
    expect(twice[1]).toEqual({ brand: 'Each partner brand may be listed once.' });
  });

  it('sends the switch and the trimmed partner list whole', () => {
    expect(
      groupDeploymentPatch({
        enabled: true,
        partners: [{ brand: ' trackside ', name: ' Trackside ', siteUrl: ' https://trackside.example ' }],
      }),
    ).toEqual({
      groupDeployment: { enabled: true, partners: [partner] },
    });
  });
});
