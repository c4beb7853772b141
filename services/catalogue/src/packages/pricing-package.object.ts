import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';

@ObjectType('PricingPackageSellingPoint', CATALOGUE_TYPES)
export class SellingPointObject {
  @Field() text: string;
  @Field(() => String, { nullable: true }) subtext: string | null;
}

@ObjectType('PricingPackagePaymentOption', CATALOGUE_TYPES)
export class PaymentOptionObject {
  @Field() enabled: boolean;
  @Field(() => Float, { description: 'Two decimals (cents inside).' }) price: number;
}

@ObjectType('PricingPackageSnappr', CATALOGUE_TYPES)
export class SnapprObject {
  @Field() enabled: boolean;
  @Field() forceEnabled: boolean;
  @Field(() => Float) price: number;
}

@ObjectType('PricingPackage', CATALOGUE_TYPES)
export class PricingPackageObject {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field({ description: 'DIRECTORY (directory plans), LISTING (Paddock packages) or AUCTION.' }) type: string;
  @Field() brand: string;
  @Field() enabled: boolean;
  @Field() currency: string;
  @Field() featured: boolean;
  @Field({ description: 'True when flagged free or when no payment option is enabled.' }) isFree: boolean;
  @Field(() => Int) imageLimit: number;
  @Field(() => Int) videoLimit: number;
  @Field(() => Int) listingLimit: number;
  @Field(() => Int) listingLimitMax: number;
  @Field(() => Int) weighting: number;
  @Field(() => [String]) permittedCategories: string[];
  @Field(() => [String]) restrictedCategories: string[];
  @Field(() => [SellingPointObject]) sellingPoints: SellingPointObject[];
  @Field(() => PaymentOptionObject) oneTimePayment: PaymentOptionObject;
  @Field(() => PaymentOptionObject) monthlyPayment: PaymentOptionObject;
  @Field(() => PaymentOptionObject) yearlyPayment: PaymentOptionObject;
  @Field(() => PaymentOptionObject) pricePerListing: PaymentOptionObject;
  @Field(() => Int, { nullable: true, description: 'Days a listing stays active under this package.' }) activePeriod: number | null;
  @Field(() => SnapprObject) snappr: SnapprObject;
  @Field({ description: "The spec's price label: 'USD 100.00', 'USD 10.00/month', 'USD 99.00/year' or 'Free'." }) priceLabel: string;
  @Field(() => Date) createdAt: Date;
  @Field(() => Date) updatedAt: Date;
}

@InputType('PricingPackageWhere', CATALOGUE_TYPES)
export class PricingPackageWhereInput {
  @Field(() => ID, { nullable: true }) id?: string | null;
  @Field(() => [ID], { nullable: true }) id_in?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Visitors always get enabled packages only.' }) enabled?: boolean | null;
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => [String], { nullable: true }) type_in?: string[] | null;
  @Field(() => String, { nullable: true, description: "Must be the request's brand." }) brand?: string | null;
  @Field(() => Boolean, { nullable: true }) featured?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isFree?: boolean | null;
}

@InputType('PricingPackageSellingPointInput', CATALOGUE_TYPES)
export class SellingPointInput {
  @Field() text: string;
  @Field(() => String, { nullable: true }) subtext?: string | null;
}

@InputType('PricingPackagePaymentOptionInput', CATALOGUE_TYPES)
export class PaymentOptionInput {
  @Field() enabled: boolean;
  @Field(() => Float) price: number;
}

@InputType('PricingPackageSnapprInput', CATALOGUE_TYPES)
export class SnapprInput {
  @Field() enabled: boolean;
  @Field(() => Boolean, { nullable: true }) forceEnabled?: boolean | null;
  @Field(() => Float) price: number;
}

@InputType('PricingPackageInput', CATALOGUE_TYPES)
export class PricingPackageInput {
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
  @Field(() => String, { nullable: true }) currency?: string | null;
  @Field(() => Boolean, { nullable: true }) featured?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isFree?: boolean | null;
  @Field(() => Int, { nullable: true }) imageLimit?: number | null;
  @Field(() => Int, { nullable: true }) videoLimit?: number | null;
  @Field(() => Int, { nullable: true }) listingLimit?: number | null;
  @Field(() => Int, { nullable: true }) listingLimitMax?: number | null;
  @Field(() => Int, { nullable: true }) weighting?: number | null;
  @Field(() => [String], { nullable: true }) permittedCategories?: string[] | null;
  @Field(() => [String], { nullable: true }) restrictedCategories?: string[] | null;
  @Field(() => [SellingPointInput], { nullable: true }) sellingPoints?: SellingPointInput[] | null;
  @Field(() => PaymentOptionInput, { nullable: true }) oneTimePayment?: PaymentOptionInput | null;
  @Field(() => PaymentOptionInput, { nullable: true }) monthlyPayment?: PaymentOptionInput | null;
  @Field(() => PaymentOptionInput, { nullable: true }) yearlyPayment?: PaymentOptionInput | null;
  @Field(() => PaymentOptionInput, { nullable: true }) pricePerListing?: PaymentOptionInput | null;
  @Field(() => Int, { nullable: true }) activePeriod?: number | null;
  @Field(() => SnapprInput, { nullable: true }) snappr?: SnapprInput | null;
}

@InputType('createPricingPackageInput', CATALOGUE_TYPES)
export class CreatePricingPackageInput {
  @Field(() => PricingPackageInput) data: PricingPackageInput;
}

@InputType('PricingPackageIdWhere', CATALOGUE_TYPES)
export class PricingPackageIdWhere {
  @Field(() => ID) id: string;
}

@InputType('updatePricingPackageInput', CATALOGUE_TYPES)
export class UpdatePricingPackageInput {
  @Field(() => PricingPackageIdWhere) where: PricingPackageIdWhere;
  @Field(() => PricingPackageInput) data: PricingPackageInput;
}

@ObjectType('createPricingPackagePayload', CATALOGUE_TYPES)
export class CreatePricingPackagePayload {
  @Field(() => PricingPackageObject, { nullable: true }) pricingPackage: PricingPackageObject | null;
}

@ObjectType('updatePricingPackagePayload', CATALOGUE_TYPES)
export class UpdatePricingPackagePayload {
  @Field(() => PricingPackageObject, { nullable: true }) pricingPackage: PricingPackageObject | null;
}
