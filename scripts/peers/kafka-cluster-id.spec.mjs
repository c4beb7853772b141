import { describe, expect, it } from 'vitest';
import { newClusterId } from './kafka.mjs';

describe('newClusterId (the KRaft cluster id the Kafka peer formats its storage with)', () => {
  it("draws again when the id would begin with '-', which StorageTool's parser reads as an option", () => {
    // 0xF8 as the first byte puts 62 ('-' in base64url) in the first sextet.
    const draws = [Buffer.alloc(16, 0xf8), Buffer.alloc(16, 0x41)];
    const taken = [];
    const id = newClusterId((size) => {
      taken.push(size);
      return draws.shift();
    });
    expect(Buffer.alloc(16, 0xf8).toString('base64url').startsWith('-')).toBe(true);
    expect(id).toBe(Buffer.alloc(16, 0x41).toString('base64url'));
    expect(taken).toEqual([16, 16]);
  });

  it('never begins with a dash over many random draws and is 22 base64url characters', () => {
    for (let i = 0; i < 5000; i += 1) expect(newClusterId()).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  });
});
