import { describe, expect, it } from 'vitest';
import { articleDate, isInternalUrl, paragraphsOf, servicePrice } from './content-rules';

describe('content rules', () => {
  it('tells in-app paths from external links', () => {
    expect(isInternalUrl('/dealer-services/dealership-solutions')).toBe(true);
    expect(isInternalUrl('https://partners.example.com')).toBe(false);
    expect(isInternalUrl('//evil.example.com/x')).toBe(false);
    expect(isInternalUrl('mailto:a@b.c')).toBe(false);
  });

  it('shows a service price as a dollar amount per period', () => {
    expect(servicePrice(199, 'month')).toBe('$199.00 / month');
    expect(servicePrice(1250.5, 'year')).toBe('$1,250.50 / year');
    expect(servicePrice(50, null)).toBe('$50.00');
    expect(servicePrice(0, ' ')).toBe('$0.00');
    expect(servicePrice(null, 'month')).toBeNull();
  });

  it('splits plain text into paragraphs on blank lines', () => {
    expect(paragraphsOf('One\nstill one\n\n  Two  \n\n\n')).toEqual(['One\nstill one', 'Two']);
  });

  it('formats an article date in UTC', () => {
    expect(articleDate('2026-11-21T23:30:00.000Z')).toBe('21 November 2026');
    expect(articleDate('nonsense')).toBe('');
  });
});
