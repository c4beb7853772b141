import { ServerError } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_BRAND, explicitBrand } from '../../lib/brand-choice';
import type { BrandConfig } from './brand-config';
import { defaultBrandConfig, mergeBrandConfig } from './brand-defaults';
import { CONFIGURATION_BY_BRAND } from './configuration-by-brand.query';
import { relabel } from './wording';

export interface BrandValue {
  config: BrandConfig;
  /** The brand's wording of a text (jewelry relabelling). */
  w: (text: string) => string;
  isModuleActive: (name: string) => boolean;
}

const BrandContext = createContext<BrandValue | null>(null);

/**
 * Loads configurationByBrand once. While the operation is missing from the schema or fails, the
 * built-in defaults of brand-defaults.ts apply, so the site still works (and says so in the console).
 */
export function BrandProvider({ children, fallback, maintenance }: { children: ReactNode; fallback: ReactNode; maintenance: ReactNode }) {
  const { data, error, loading } = useQuery(CONFIGURATION_BY_BRAND, {
    variables: explicitBrand ? { brand: explicitBrand } : {},
    errorPolicy: 'all',
    fetchPolicy: 'cache-first',
  });
  const value = useMemo<BrandValue>(() => {
    const server = data?.configurationByBrand ?? null;
    const brand = (typeof server?.brand === 'string' ? server.brand : null) ?? explicitBrand ?? DEFAULT_BRAND;
    if (error) console.warn(`configurationByBrand unavailable, using the built-in ${brand} configuration: ${error.message}`);
    const config = mergeBrandConfig(defaultBrandConfig(brand), server);
    return {
      config,
      w: (text: string) => relabel(text, config),
      isModuleActive: (name: string) => config.modules.some((module) => module.name === name && module.active),
    };
  }, [data, error]);
  if (loading && !data) return <>{fallback}</>;
  // The site is down for maintenance when the API answers 503 Service Unavailable.
  if (ServerError.is(error) && error.statusCode === 503) return <>{maintenance}</>;
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

export function useBrand(): BrandValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand outside BrandProvider');
  return value;
}
