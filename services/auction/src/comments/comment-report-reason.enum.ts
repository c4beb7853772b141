import { registerEnumType } from '@nestjs/graphql';

/** Report reasons of spec 001 section 5, spelled as the spec and the plugin spell them. */
export enum CommentReportReasonGql {
  BAD_LANGAUGE = 'BAD_LANGAUGE',
  DISCRIMINATION = 'DISCRIMINATION',
  OTHER = 'OTHER',
}

registerEnumType(CommentReportReasonGql, { name: 'CommentReportReason' });
