import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startErrorReportCollector, type ErrorReportCollector } from '@trackside/testing';
import { ApiError } from '../errors/api-error';
import { createGraphQLErrorFormatter } from '../errors/graphql-error-formatter';
import {
  flushServerErrorReports,
  initServerErrorReporting,
  reportServerError,
  serverErrorReportingEnabled,
} from './server-error-reporting';

@Controller('boom')
class BoomController {
  @Get('unexpected')
  unexpected(): never {
    throw new Error('rest failure 7f3a');
  }

  @Get('refused')
  refused(): never {
    throw new ApiError('user.validation', 'refused 9c1d');
  }
}

@Module({ controllers: [BoomController] })
class BoomModule {}

const silent = { error: () => undefined };

/**
 * Server error reporting (issue 24 item 27; docs/decisions.md "Error reporting"): nothing is sent
 * without a DSN; with one pointing at a local listener, an unexpected REST error and an unexpected
 * GraphQL error reach it, and an expected refusal (ApiError) does not. The SDK is process-global, so
 * the steps run in order in one file.
 */
describe('server error reporting', () => {
  let collector: ErrorReportCollector;
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    collector = await startErrorReportCollector();
    app = await NestFactory.create(BoomModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
    await collector?.close();
  });

  it('sends nothing without a DSN', async () => {
    expect(await initServerErrorReporting({ dsn: undefined, environment: 'test', service: 'spec' })).toBe(false);
    expect(await initServerErrorReporting({ dsn: '  ', environment: 'test', service: 'spec' })).toBe(false);
    expect(serverErrorReportingEnabled()).toBe(false);
    reportServerError(new Error('not sent 1b2c'));
    createGraphQLErrorFormatter(silent)({ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, new Error('not sent 3d4e'));
    expect((await fetch(`${url}/boom/unexpected`)).status).toBe(500);
    expect(await flushServerErrorReports()).toBe(true);
    expect(collector.envelopes).toEqual([]);
  });

  it('with a DSN, reports an unexpected REST error and an unexpected GraphQL error, not a refusal', async () => {
    expect(await initServerErrorReporting({ dsn: collector.dsn, environment: 'production', service: 'spec' })).toBe(true);

    expect((await fetch(`${url}/boom/refused`)).status).toBe(400);
    const rest = await fetch(`${url}/boom/unexpected`);
    expect(rest.status).toBe(500);
    expect(await rest.json()).toEqual({ statusCode: 500, message: 'Internal server error' });
    const answer = createGraphQLErrorFormatter(silent)(
      { message: 'boom', path: ['lots'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      new Error('graphql failure 5e6f'),
    );
    expect(answer.message).toBe('Internal server error');
    await flushServerErrorReports();

    await eventually(() => {
      const all = collector.envelopes.join('\n');
      expect(all).toContain('rest failure 7f3a');
      expect(all).toContain('graphql failure 5e6f');
      expect(all).toContain('"environment":"production"');
      expect(all).toContain('"service":"spec"');
    });
    const all = collector.envelopes.join('\n');
    expect(all).not.toContain('refused 9c1d');
    expect(all).not.toContain('not sent');
  });
});
