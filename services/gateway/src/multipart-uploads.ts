import busboy from 'busboy';
import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, Kind, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import { GATEWAY_MESSAGES, UPLOAD_MESSAGES } from '@trackside/contracts';
import { withoutSuggestions } from '@trackside/platform';
import { graphqlRuntime } from './graphql-runtime';
import { proxyHttp } from './http-proxy';
import type { LimitSubject, OperationLimits } from './operation-limits';

/** The only operations a GraphQL multipart request may run: the spec's uploads. */
export const UPLOAD_FIELDS: ReadonlySet<string> = new Set(['upload', 'multipleUpload']);
/** `operations` is a query and its variables, never a file: 1 MB, as the JSON body limit. */
const MAX_OPERATIONS_BYTES = 1_000_000;
/** Headers a cross-site HTML form cannot send: one must be present, as Apollo's CSRF prevention asks. */
const PREFLIGHT_HEADERS = ['authorization', 'apollo-require-preflight', 'x-apollo-operation-name'];

export interface UploadGate {
  /** The gateway's API schema (no `_service`, no `_entities`), null until composed. */
  schema(): GraphQLSchema | null;
  limits: OperationLimits;
  maxTokens: number;
}

/**
 * Checks the `operations` part of a GraphQL multipart request as the JSON path checks a body
 * (issue 18, M2): parsed with the token limit, only `upload` and `multipleUpload` at the root,
 * validated against the gateway's API schema with graphql-armor's rules (so `_service` and
 * `_entities` do not exist), then the same cost, depth and rate limits. Rejects with a GraphQLError.
 */
export async function checkUploadOperation(gate: UploadGate, operations: unknown, who: LimitSubject): Promise<void> {
  if (!operations || typeof operations !== 'object' || Array.isArray(operations)) throw invalid(UPLOAD_MESSAGES.invalidOperations);
  const { query, variables, operationName } = operations as { query?: unknown; variables?: unknown; operationName?: unknown };
  if (typeof query !== 'string') throw invalid(UPLOAD_MESSAGES.invalidOperations);
  const schema = gate.schema();
  if (!schema) throw new GraphQLError(GATEWAY_MESSAGES.starting, { extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });
  const { getOperationAST, parse, specifiedRules, validate } = graphqlRuntime;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: gate.maxTokens });
  } catch (error) {
    throw new GraphQLError((error as Error).message, { extensions: { code: 'GRAPHQL_PARSE_FAILED', http: { status: 400 } } });
  }
  const operation = getOperationAST(document, typeof operationName === 'string' ? operationName : undefined);
  const uploadsOnly =
    operation?.operation === 'mutation' &&
    operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && UPLOAD_FIELDS.has(selection.name.value));
  if (!operation || !uploadsOnly) throw invalid(UPLOAD_MESSAGES.multipartOnlyUploads);
  const rules: ValidationRule[] = [...specifiedRules, ...gate.limits.armor.validationRules];
  const [error] = validate(schema, document, rules);
  if (error)
    throw new GraphQLError(withoutSuggestions(error.message), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
  const bound =
    variables && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Record<string, unknown>) : undefined;
  await gate.limits.check(document, operation, bound, who);
}

/**
 * POST /graphql with multipart/form-data: reads the request up to its first part (`operations`,
 * which the multipart spec puts first), lets `inspect` check it and name the headers to forward,
 * then streams the whole request, the bytes already read included, to the catalogue (which owns
 * uploads). A refused request gets the GraphQL error and never reaches the catalogue.
 */
export function multipartUploads(target: string, inspect: (operations: unknown, req: Request) => Promise<Record<string, string>>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is('multipart/form-data')) return next();
    if (!PREFLIGHT_HEADERS.some((name) => req.headers[name])) return refuse(req, res, csrfError());
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fieldSize: MAX_OPERATIONS_BYTES, fields: 10, files: 15 } });
    } catch {
      return refuse(req, res, invalid(UPLOAD_MESSAGES.invalidMultipart));
    }
    const read: Buffer[] = [];
    let readBytes = 0;
    let settled = false;
    const finish = (error: unknown, forwarded?: Record<string, string>): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.pause();
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      if (error !== null) return refuse(req, res, error instanceof GraphQLError ? error : invalid(UPLOAD_MESSAGES.invalidMultipart));
      proxyHttp(req, res, target, forwarded ?? {}, Buffer.concat(read));
    };
    const onData = (chunk: Buffer): void => {
      read.push(chunk);
      readBytes += chunk.length;
      if (readBytes > MAX_OPERATIONS_BYTES + 65_536) return finish(invalid(UPLOAD_MESSAGES.operationsFirst));
      parser.write(chunk);
    };
    parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
      if (name !== 'operations' || info.valueTruncated) return finish(invalid(UPLOAD_MESSAGES.operationsFirst));
      // Nothing more is read or parsed while the limits are checked (the rate limits may ask PostgreSQL).
      req.off('data', onData);
      req.pause();
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        return finish(invalid(UPLOAD_MESSAGES.invalidOperations));
      }
      inspect(parsed, req).then(
        (forwarded) => finish(null, forwarded),
        (error: unknown) => finish(error instanceof GraphQLError ? error : invalid(UPLOAD_MESSAGES.invalidOperations)),
      );
    });
    parser.on('file', (_name: string, stream: NodeJS.ReadableStream) => {
      stream.resume();
      finish(invalid(UPLOAD_MESSAGES.operationsFirst));
    });
    parser.on('error', () => finish(invalid(UPLOAD_MESSAGES.invalidMultipart)));
    parser.on('close', () => finish(invalid(UPLOAD_MESSAGES.invalidOperations)));
    req.on('data', onData);
    req.on('end', () => parser.end());
  };
}

function invalid(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'upload.request.invalid', http: { status: 400 } } });
}

function csrfError(): GraphQLError {
  return new GraphQLError(GATEWAY_MESSAGES.csrfBlocked, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
}

/** Answers the error as GraphQL does, and drops the rest of the request body unread. */
function refuse(req: Request, res: Response, error: GraphQLError): void {
  const status = typeof error.extensions.http === 'object' ? ((error.extensions.http as { status?: number }).status ?? 400) : 400;
  res.status(status).setHeader('connection', 'close');
  res.json({ errors: [{ message: error.message, extensions: { code: error.extensions.code } }] });
  req.resume();
}
