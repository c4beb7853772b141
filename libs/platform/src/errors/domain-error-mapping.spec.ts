import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { DomainError, domainError, forbidden } from './domain-error';
import { DomainErrorFilter, HTTP_STATUS_OF_KIND, toApiError } from './domain-error-mapping';
import { createGraphQLErrorFormatter } from './graphql-error-formatter';

const CATALOGUE = { 'thing.notFound': 'This thing does not exist.', 'thing.taken': 'That name is taken.' } as const;

@Controller()
class ThingsController {
  @Get('missing')
  missing(): never {
    throw domainError(CATALOGUE, 'thing.notFound', 'not-found');
  }
  @Get('taken')
  taken(): never {
    throw domainError(CATALOGUE, 'thing.taken', 'conflict', { field: 'name' });
  }
  @Get('api')
  api(): never {
    throw new ApiError('thing.taken', CATALOGUE['thing.taken'], { field: 'name' }, 409);
  }
}

@Module({ controllers: [ThingsController], providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }] })
class ThingsModule {}

// Issue 19 part 6: business code throws domain errors (a code, its catalogue message, a kind);
// only the API layer maps them, once, to the HTTP status and body an ApiError always had.
describe('domain error mapping', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create(ThingsModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is not an HTTP exception and names no status', () => {
    const error = domainError(CATALOGUE, 'thing.notFound', 'not-found');
    expect(error).toBeInstanceOf(DomainError);
    expect(Object.keys(error)).not.toContain('status');
    expect(error.message).toBe('This thing does not exist.');
  });

  it('maps every kind to one HTTP status', () => {
    for (const [kind, status] of Object.entries(HTTP_STATUS_OF_KIND)) {
      const mapped = toApiError(new DomainError('x', 'y', kind as keyof typeof HTTP_STATUS_OF_KIND));
      expect(mapped.getStatus()).toBe(status);
      expect(mapped.code).toBe('x');
    }
    expect(HTTP_STATUS_OF_KIND['not-found']).toBe(404);
    expect(HTTP_STATUS_OF_KIND['rate-limited']).toBe(429);
  });

  it('answers an access refusal with the catalogue message and 403, as FORBIDDEN() does', () => {
    const mapped = toApiError(forbidden({ reason: 'brand mismatch' }));
    expect(mapped.getStatus()).toBe(403);
    expect(mapped.getResponse()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Forbidden',
      details: { reason: 'brand mismatch' },
    });
  });

  it('answers REST with the status and body an ApiError gives', async () => {
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, code: 'thing.notFound', message: 'This thing does not exist.' });
    const taken = await fetch(`${base}/taken`);
    const api = await fetch(`${base}/api`);
    expect(taken.status).toBe(api.status);
    expect(await taken.json()).toEqual(await api.json());
  });

  it('formats a GraphQL error the way an ApiError is formatted', () => {
    const format = createGraphQLErrorFormatter({ error: () => undefined });
    const wrap = (original: Error): GraphQLError => new GraphQLError(original.message, { originalError: original, path: ['thing'] });
    const fromDomain = format(
      { message: 'x', path: ['thing'] },
      wrap(domainError(CATALOGUE, 'thing.taken', 'conflict', { field: 'name' })),
    );
    const fromApi = format(
      { message: 'x', path: ['thing'] },
      wrap(new ApiError('thing.taken', CATALOGUE['thing.taken'], { field: 'name' }, 409)),
    );
    expect(fromDomain).toEqual(fromApi);
    expect(fromDomain.extensions).toEqual({ code: 'thing.taken', details: { field: 'name' } });
  });
});
