import { Field, ObjectType } from '@nestjs/graphql';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';

@ObjectType('BrandPartner', CATALOGUE_TYPES)
export class BrandPartnerObject {
  @Field({ description: "The partner's brand key (the owning brand of its network lots)." }) brand: string;
  @Field() name: string;
  @Field() siteUrl: string;
}

@ObjectType('BrandGroupDeployment', CATALOGUE_TYPES)
export class GroupDeploymentObject {
  @Field({ description: "A group deployment hands its partners' lots off to the partners' sites." }) enabled: boolean;
  @Field(() => [BrandPartnerObject]) partners: BrandPartnerObject[];
}

@ObjectType('PartnerHandoff', CATALOGUE_TYPES)
export class PartnerHandoffObject {
  @Field() brand: string;
  @Field() name: string;
  @Field() siteUrl: string;
  @Field({ description: "The lot's page on the partner's site." }) lotUrl: string;
}
