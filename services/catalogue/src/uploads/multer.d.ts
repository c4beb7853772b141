// Minimal types for multer 2 (installed with @nestjs/platform-express, which uses it for uploads).
declare module 'multer' {
  import type { RequestHandler } from 'express';

  namespace multer {
    interface File {
      fieldname: string;
      originalname: string;
      encoding: string;
      mimetype: string;
      size: number;
      buffer: Buffer;
    }
    interface Options {
      storage?: unknown;
      limits?: { fileSize?: number; files?: number; fields?: number; fieldSize?: number; parts?: number };
    }
    interface Instance {
      any(): RequestHandler;
      array(field: string, maxCount?: number): RequestHandler;
    }
    class MulterError extends Error {
      code: string;
      field?: string;
    }
    function memoryStorage(): unknown;
  }
  function multer(options?: multer.Options): multer.Instance;
  export default multer;
}
