import { Args, Context, Field, InputType, Mutation, Resolver, ResolveReference } from '@nestjs/graphql';
import { ApiError, CurrentBrand, CurrentUser, Public, requestContext, SignedIn, type AuthUser } from '@trackside/platform';
import { MediaFileObject } from '../directory/directory.object';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import type { RequestWithUploads } from './graphql-multipart.middleware';
import { UPLOAD_MESSAGES } from './image-files';
import { Upload } from './upload.scalar';
import { UploadsService, type IncomingFile } from './uploads.service';

@InputType('FileInfoInput', CATALOGUE_TYPES)
export class FileInfoInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) alternativeText?: string | null;
  @Field(() => String, { nullable: true }) caption?: string | null;
}

@Resolver(() => MediaFileObject)
export class UploadsResolver {
  constructor(private readonly uploads: UploadsService) {}

  /**
   * Files referenced by other subgraphs (a lot's cover and image groups): the reference carries the
   * brand that owns the referencing row (the lot's brand, so a lot hosted from the network shows its
   * own brand's images); without one, the request's brand. Unknown or other-brand ids resolve to null.
   */
  @ResolveReference()
  @Public()
  async resolveReference(reference: { __typename: string; id: string; brand?: string | null }): Promise<MediaFileObject | null> {
    const brand = reference.brand ?? requestContext.current()?.brand ?? '';
    return typeof reference.id === 'string' ? this.uploads.file(brand, reference.id) : null;
  }

  @Mutation(() => MediaFileObject, { description: 'One image (GraphQL multipart request): jpg, jpeg or png, at most 5 Mb.' })
  @SignedIn()
  async upload(
    @Args('file', { type: () => Upload }) file: string,
    @Args('info', { type: () => FileInfoInput, nullable: true }) info: FileInfoInput | null,
    @Context('req') req: RequestWithUploads,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MediaFileObject> {
    const [stored] = await this.uploads.upload(brand, user, [fileOf(req, file)], [info ?? {}]);
    return stored!;
  }

  @Mutation(() => [MediaFileObject], { description: 'Up to 15 images at once; one bad file refuses the whole batch.' })
  @SignedIn()
  async multipleUpload(
    @Args('files', { type: () => [Upload], nullable: 'items' }) files: Array<string | null>,
    @Context('req') req: RequestWithUploads,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MediaFileObject[]> {
    return this.uploads.upload(
      brand,
      user,
      files.map((token) => fileOf(req, token ?? '')),
    );
  }
}

function fileOf(req: RequestWithUploads, token: string): IncomingFile {
  const file = req.graphqlUploads?.get(token);
  if (!file) throw new ApiError('upload.file.missing', UPLOAD_MESSAGES.noFile, undefined, 400);
  return file;
}
