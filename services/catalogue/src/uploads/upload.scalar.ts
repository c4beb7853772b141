import { Scalar, type CustomScalar } from '@nestjs/graphql';
import { Kind, type ValueNode } from 'graphql';

/**
 * A file of a GraphQL multipart request (upload, multipleUpload). The multipart middleware keeps
 * the files on the request and puts a token in their variables; resolvers exchange the token for
 * the file. Files cannot be written inline in a query.
 */
export const UPLOAD_TOKEN_PREFIX = 'trackside-upload:';

/** Marker class the resolvers name as the argument type (`type: () => Upload`). */
export class Upload {}

@Scalar('Upload', () => Upload)
export class UploadScalar implements CustomScalar<never, string> {
  description = 'A file sent as a GraphQL multipart request part.';

  parseValue(value: unknown): string {
    if (typeof value === 'string' && value.startsWith(UPLOAD_TOKEN_PREFIX)) return value;
    throw new TypeError('Upload values come from a multipart request');
  }

  parseLiteral(ast: ValueNode): string {
    if (ast.kind === Kind.STRING && ast.value.startsWith(UPLOAD_TOKEN_PREFIX)) return ast.value;
    throw new TypeError('Upload values come from a multipart request');
  }

  serialize(): never {
    throw new TypeError('Upload is an input-only scalar');
  }
}
