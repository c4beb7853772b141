import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiError, CurrentBrand, CurrentUser, Public, SignedIn, type AuthUser } from '@trackside/platform';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { MediaFileObject } from '../directory/directory.object';
import { MAX_FILES_PER_BATCH, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from './image-files';
import { UploadsService } from './uploads.service';

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_BATCH, fields: 10 },
}).any();

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** REST uploads (multipart field `files`, like Strapi's POST /upload) and the stored files (GET /uploads/...). */
@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('upload')
  @SignedIn()
  async upload(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MediaFileObject[]> {
    await new Promise<void>((resolve, reject) =>
      parser(req, res, (error?: unknown) => {
        const code = (error as { code?: string } | undefined)?.code;
        if (code === 'LIMIT_FILE_SIZE') reject(new ApiError('upload.size.exceeded', UPLOAD_MESSAGES.tooLarge, undefined, 400));
        else if (code === 'LIMIT_FILE_COUNT')
          reject(new ApiError('upload.count.exceeded', UPLOAD_MESSAGES.tooMany(MAX_FILES_PER_BATCH), undefined, 400));
        else if (error) reject(new ApiError('upload.request.invalid', UPLOAD_MESSAGES.invalidMultipart, undefined, 400));
        else resolve();
      }),
    );
    const files = ((req as unknown as { files?: Array<{ originalname: string; buffer: Buffer }> }).files ?? []).map((file) => ({
      name: file.originalname,
      buffer: file.buffer,
    }));
    res.status(200);
    return this.uploads.upload(brand, user, files);
  }

  @Get('uploads/:brand/:id/:file')
  @Public()
  async file(@Param('brand') brand: string, @Param('id') id: string, @Param('file') file: string, @Res() res: Response): Promise<void> {
    const ext = /\.([a-z]+)$/.exec(file)?.[1] ?? '';
    const valid = /^[a-z0-9_-]{1,60}$/i.test(brand) && /^[0-9a-f-]{36}$/.test(id) && /^[a-z]+\.(jpg|jpeg|png)$/.test(file);
    const body = valid ? await this.uploads.read(`${brand}/${id}/${file}`) : null;
    if (!body) {
      res.status(404).json({ statusCode: 404, error: 'Not Found', message: UPLOAD_MESSAGES.fileNotFound });
      return;
    }
    res.setHeader('content-type', TYPES[ext] ?? 'application/octet-stream');
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('x-content-type-options', 'nosniff');
    res.end(body);
  }
}
