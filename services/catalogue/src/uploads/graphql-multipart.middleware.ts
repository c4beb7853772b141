import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { MAX_FILES_PER_BATCH, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from './image-files';
import { UPLOAD_TOKEN_PREFIX } from './upload.scalar';
import type { IncomingFile } from './uploads.service';

export interface RequestWithUploads extends Request {
  graphqlUploads?: Map<string, IncomingFile>;
}

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_BATCH, fields: 10, fieldSize: 1_000_000 },
}).any();

/**
 * The GraphQL multipart request (`operations`, `map`, then the files) turned into an ordinary JSON
 * operation before GraphQL sees it: each mapped variable gets a token and the file waits on the
 * request. Oversized files and batches over 15 are refused here with the spec's messages.
 */
export function graphqlMultipart(req: RequestWithUploads, res: Response, next: NextFunction): void {
  if (req.method !== 'POST' || !req.is('multipart/form-data')) return next();
  parser(req, res, (error?: unknown) => {
    if (error) {
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return fail(res, 'upload.size.exceeded', UPLOAD_MESSAGES.tooLarge);
      if (code === 'LIMIT_FILE_COUNT') return fail(res, 'upload.count.exceeded', UPLOAD_MESSAGES.tooMany(MAX_FILES_PER_BATCH));
      return fail(res, 'upload.request.invalid', UPLOAD_MESSAGES.invalidMultipart);
    }
    try {
      const body = req.body as Record<string, string | undefined>;
      const operations = JSON.parse(body.operations ?? 'null') as { query?: string; variables?: Record<string, unknown> } | null;
      const map = JSON.parse(body.map ?? '{}') as Record<string, string[]>;
      if (!operations || typeof operations !== 'object' || Array.isArray(operations))
        return fail(res, 'upload.request.invalid', UPLOAD_MESSAGES.invalidOperations);
      const files = (req as unknown as { files?: Array<{ fieldname: string; originalname: string; buffer: Buffer }> }).files ?? [];
      const uploads = new Map<string, IncomingFile>();
      for (const [field, paths] of Object.entries(map)) {
        const file = files.find((candidate) => candidate.fieldname === field);
        if (!file || !Array.isArray(paths)) return fail(res, 'upload.request.invalid', UPLOAD_MESSAGES.invalidFilePart(field));
        const token = `${UPLOAD_TOKEN_PREFIX}${field}`;
        uploads.set(token, { name: file.originalname, buffer: file.buffer });
        for (const path of paths) setPath(operations as Record<string, unknown>, path, token);
      }
      req.graphqlUploads = uploads;
      req.body = operations;
      // The operation is now JSON; Apollo's CSRF check applies to it as to any JSON request.
      req.headers['content-type'] = 'application/json';
      next();
    } catch {
      fail(res, 'upload.request.invalid', UPLOAD_MESSAGES.invalidMultipart);
    }
  });
}

function setPath(target: Record<string, unknown>, path: string, value: string): void {
  const parts = path.split('.');
  if (parts[0] !== 'variables' || parts.length < 2) throw new Error('only variables can hold files');
  let current: Record<string, unknown> = target;
  for (const part of parts.slice(0, -1)) {
    const next = current[part];
    if (typeof next !== 'object' || next === null) throw new Error(`no such path ${path}`);
    current = next as Record<string, unknown>;
  }
  current[parts[parts.length - 1]!] = value;
}

function fail(res: Response, code: string, message: string): void {
  res.status(400).json({ errors: [{ message, extensions: { code } }] });
}
