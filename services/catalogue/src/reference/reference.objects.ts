import { Field, Float, ID, ObjectType } from '@nestjs/graphql';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';

@ObjectType('CountryStateEntry', CATALOGUE_TYPES)
export class CountryStateEntryObject {
  @Field() state_code: string;
  @Field() name: string;
}

@ObjectType('Country', CATALOGUE_TYPES)
export class CountryObject {
  @Field(() => ID) id: string;
  @Field() iso2: string;
  @Field() iso3: string;
  @Field() name: string;
  @Field(() => [CountryStateEntryObject]) states: CountryStateEntryObject[];
}

@ObjectType('CarMake', CATALOGUE_TYPES)
export class CarMakeObject {
  @Field(() => ID) id: string;
  @Field() name: string;
}

@ObjectType('ExchangeRate', CATALOGUE_TYPES)
export class ExchangeRateObject {
  @Field(() => ID) id: string;
  @Field({ description: 'Currency code (fiat or crypto: BTC, ETH, LTC, DODGE, ADA).' }) currency: string;
  @Field(() => Float, { description: 'Units of this currency for one US dollar.' }) rate: number;
  @Field() base: string;
  @Field({ description: 'built-in, or the configured provider.' }) source: string;
  @Field(() => Date) updatedAt: Date;
}
