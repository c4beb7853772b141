import { UPLOAD_MESSAGES } from '@trackside/contracts';
import type { NextFunction, Response } from 'express';
import { Kind, parse, type DocumentNode } from 'graphql';
import type { RequestWithUploads } from './graphql-multipart.middleware';

/** The only root fields a GraphQL multipart request may select: the spec's uploads. */
const UPLOAD_FIELDS = new Set(['upload', 'multipleUpload']);

/**
 * Runs after graphqlMultipart: an operation that came as multipart may only be the upload and
 * multipleUpload mutations (issue 18, M2). The gateway checks this too, against its API schema and
 * limits; this keeps `_service`, `_entities` and every other operation off the multipart path even
 * for a caller that reaches the catalogue without the gateway.
 */
export function multipartUploadsOnly(req: RequestWithUploads, res: Response, next: NextFunction): void {
  if (!req.graphqlUploads) return next();
  const { query, operationName } = (req.body ?? {}) as { query?: unknown; operationName?: unknown };
  let document: DocumentNode;
  try {
    document = parse(typeof query === 'string' ? query : '', { maxTokens: 5000 });
  } catch {
    return refuse(res);
  }
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const chosen = operations.length === 1 ? operations[0] : operations.find((operation) => operation.name?.value === operationName);
  const uploadsOnly =
    chosen?.operation === 'mutation' &&
    chosen.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && UPLOAD_FIELDS.has(selection.name.value));
  return uploadsOnly ? next() : refuse(res);
}

function refuse(res: Response): void {
  res.status(400).json({
    errors: [
      {
        message: UPLOAD_MESSAGES.multipartOnlyUploads,
        extensions: { code: 'upload.request.invalid' },
      },
    ],
  });
}
