import { describe, expect, it } from 'vitest';
import { applyWording, doubledWord, jewelryReplacements } from './brand-wording';

const jewelry = jewelryReplacements('Trackside Jewelry');

describe('brand wording (issue 24 item 19)', () => {
  it('never doubles a brand name that is already written in full', () => {
    expect(applyWording('About Trackside Jewelry', jewelry)).toBe('About Trackside Jewelry');
    expect(applyWording('What is Trackside Jewelry?', jewelry)).toBe('What is Trackside Jewelry?');
    expect(applyWording('About Trackside', jewelry)).toBe('About Trackside Jewelry');
    expect(applyWording('Trackside Vehicle', jewelry)).toBe('Trackside Jewelry');
  });

  it('relabels phrases that read wrong word for word', () => {
    expect(applyWording('List a vehicle', jewelry)).toBe('List jewelry');
    expect(applyWording('Timed online auctions for racing and road vehicles.', jewelry)).toBe('Timed online auctions for fine jewelry.');
    expect(applyWording('Sell My Vehicle in the Paddock', jewelry)).toBe('Sell My Jewelry in the Shop');
  });

  it('finds a doubled word', () => {
    expect(doubledWord('About Trackside Jewelry Jewelry')).toBe('Jewelry Jewelry');
    expect(doubledWord('About Trackside Jewelry')).toBeNull();
  });
});
