import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { moderatedHistory, sampleHistory } from './dispute-fixtures';
import { buildEvidence, canonicalJson, csvField, evidenceCsv, evidenceJson, sha256Hex, verifyEvidence } from './evidence-export';
import { buildTimeline, filterTimeline } from './timeline';

const context = {
  lotId: '44444444-4444-4444-8444-444444444444',
  title: 'Porsche 911 RSR',
  brand: 'trackside',
  currency: 'USD',
  streamVersion: 5,
  filter: { personId: null, types: [] },
  exportedAt: new Date('2026-03-02T09:00:00.000Z'),
};

describe('evidence export', () => {
  it('writes canonical JSON: keys sorted at every depth, no spaces, undefined left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson([undefined, 'é'])).toBe('[null,"é"]');
  });

  it('hashes with SHA-256 over UTF-8 (same as any other SHA-256 tool)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('Zürich')).toBe(createHash('sha256').update('Zürich', 'utf8').digest('hex'));
  });

  it('carries the version range, the count and the hash of the canonical records', async () => {
    const rows = buildTimeline(sampleHistory());
    const evidence = await buildEvidence(rows, context);
    expect(evidence.versionRange).toEqual({ from: 1, to: 5, streamVersion: 5 });
    expect(evidence.recordCount).toBe(7);
    expect(evidence.sha256).toBe(createHash('sha256').update(canonicalJson(evidence.records)).digest('hex'));
    expect(evidence.people['11111111-1111-4111-8111-111111111111']).toBe('Ada Lovelace (ada)');
    expect(evidence.messages['bid.invalid.amount.tooLow']).toBe('Bid does not exceed the highest current bid.');
    // A filtered export states its filter and its own range.
    const bob = filterTimeline(rows, { personId: '22222222-2222-4222-8222-222222222222' });
    const filtered = await buildEvidence(bob, { ...context, filter: { personId: '22222222-2222-4222-8222-222222222222', types: [] } });
    expect(filtered.versionRange).toEqual({ from: 4, to: 4, streamVersion: 5 });
    expect(filtered.sha256).not.toBe(evidence.sha256);
  });

  it('hashes facts only: a renamed user or reworded message keeps the hash', async () => {
    const rows = buildTimeline(sampleHistory());
    const renamed = rows.map((row) => ({
      ...row,
      actor: row.actor && { ...row.actor, username: 'renamed' },
      message: row.message && 'reworded',
    }));
    expect((await buildEvidence(renamed, context)).sha256).toBe((await buildEvidence(rows, context)).sha256);
  });

  it('escapes CSV fields and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' edge')).toBe('" edge"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField({ b: 1, a: 2 })).toBe('"{""a"":2,""b"":1}"');
  });

  it('writes a CSV with the range and hash first, then one line a row', async () => {
    const rows = buildTimeline(sampleHistory());
    const evidence = await buildEvidence(rows, context);
    const lines = evidenceCsv(evidence, rows).split('\r\n');
    expect(lines[0]).toBe('# lot,44444444-4444-4444-8444-444444444444');
    expect(lines[2]).toBe('# versions,1..5 of 5');
    expect(lines[4]).toBe(`# sha256,${evidence.sha256}`);
    expect(lines[7]).toMatch(/^kind,version,globalPosition,eventId,type,occurredAt/);
    expect(lines[10]).toMatch(
      /^event,3,1030,e3,BidPlaced,2026-03-01T12:00:02.000Z,.*,Ada Lovelace \(ada\),Ada Lovelace \(ada\),100,USD,b1,/,
    );
    expect(lines[11]).toContain('refused,,1035,,Refused,');
    expect(lines[11]).toContain('Bid does not exceed the highest current bid.');
    expect(lines).toHaveLength(8 + rows.length + 1);
  });

  it('verifies an export: untouched and matching the log, edited, or no longer in the log', async () => {
    const rows = buildTimeline(sampleHistory());
    const text = evidenceJson(await buildEvidence(rows, context));
    expect(await verifyEvidence(text, rows)).toMatchObject({ intact: true, same: 7, changed: [], missing: [] });

    const edited = JSON.parse(text) as { records: Array<{ amount: number | null }> };
    edited.records[2]!.amount = 10;
    const tampered = await verifyEvidence(JSON.stringify(edited), rows);
    expect(tampered).toMatchObject({ intact: false, same: 6, changed: ['e3'] });

    expect(await verifyEvidence(text, rows.slice(0, 6))).toMatchObject({ intact: true, same: 6, missing: ['e5'] });
    await expect(verifyEvidence('{"records": 1}', rows)).rejects.toThrow('not a lot evidence export');
  });

  it('exports moderation with its own stream and version; the lot-only hash of earlier exports is unchanged', async () => {
    // The hash of the sample lot's records as exports made before moderation was in the desk stated it.
    const before = '470ee6c954d738314c30d468960aaab66ae0dc5fef31120ec05d66580c20f7d2';
    expect((await buildEvidence(buildTimeline(sampleHistory()), context)).sha256).toBe(before);
    const rows = buildTimeline(moderatedHistory());
    const lotOnly = rows.filter((row) => row.kind !== 'moderation');
    expect((await buildEvidence(lotOnly, context)).sha256).toBe(before);

    const evidence = await buildEvidence(rows, context);
    expect(evidence.recordCount).toBe(10);
    // The version range is the lot's: moderation versions are of other streams.
    expect(evidence.versionRange).toEqual({ from: 1, to: 5, streamVersion: 5 });
    const report = evidence.records.find((record) => record.kind === 'moderation')!;
    expect(report).toMatchObject({
      type: 'LotReported',
      version: null,
      eventId: 'm1025',
      actorId: '55555555-5555-4555-8555-555555555555',
      sourceStream: 'lot-reports-44444444-4444-4444-8444-444444444444',
      sourceVersion: 1,
    });
    expect(evidence.people['55555555-5555-4555-8555-555555555555']).toBe('Carol Reed (carol)');
    const text = evidenceJson(evidence);
    expect(await verifyEvidence(text, rows)).toMatchObject({ intact: true, same: 10, changed: [], missing: [] });
    expect(await verifyEvidence(text, lotOnly)).toMatchObject({ intact: true, same: 7, missing: ['m1025', 'm1045', 'm1065'] });
    const csv = evidenceCsv(evidence, rows).split('\r\n');
    expect(csv[7]).toMatch(/,data,subject,sourceStream,sourceVersion$/);
    expect(csv.find((line) => line.startsWith('moderation,,1045,'))).toMatch(/,bob,lot-comments-44444444-4444-4444-8444-444444444444,2$/);
  });
});
